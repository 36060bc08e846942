"""The world map's hand-made layout (data/conquest/layout.json): where each territory sits."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from attrs import frozen

from conquest_tui.storage.paths import data_dir


@frozen
class Spot:
    """One territory on the layout grid: its column and row, its short name and its label."""

    column: int
    row: int
    short: str
    label: str


@frozen
class Layout:
    """The grid's size, every territory's spot, where continents are named, the wrapped borders."""

    columns: int
    rows: int
    spots: dict[str, Spot]
    continent_labels: dict[str, tuple[int, int]]
    wrap: tuple[tuple[str, str], ...]
    """Borders that go round the back of the world (drawn as stubs at the map's edges), each
    (the territory on the west edge, the one on the east edge)."""


@functools.cache
def load_layout(file: Path | None = None) -> Layout:
    """The layout file as a Layout (ValueError naming the file when it cannot be read)."""
    file = file or data_dir() / "conquest" / "layout.json"
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        spots = {
            name: Spot(int(v["at"][0]), int(v["at"][1]), str(v["short"]), str(v["label"]))
            for name, v in data["territories"].items()
        }
        return Layout(
            columns=int(data["columns"]),
            rows=int(data["rows"]),
            spots=spots,
            continent_labels={
                k: (int(v[0]), int(v[1])) for k, v in data["continent_labels"].items()
            },
            wrap=tuple((str(a), str(b)) for a, b in data["wrap"]),
        )
    except (OSError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"{file}: {exc}") from None
