"""How a Clan's past reports are written in a save: each zlib-packed against the one before.

The engine keeps each past report as the text the Clan read (`core/state.PastReport`); the save
holds it packed: compressed with zlib against the report before it (a report repeats most of the
last one, so that packs 3–4 times smaller), every `KEYFRAME`th on its own, in base64 under
`packed` (the layout saves have had since past reports were kept). A report that cannot be
unpacked loads as `engine/reports/past_reports.UNREADABLE`, not as a refused save: it is a
record of what was shown, and the game goes on without it.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import attrs
import cattrs

from conquest_tui.engine.core.state import PastReport
from conquest_tui.engine.reports.past_reports import UNREADABLE

KEYFRAME = 8
"""Every 8th report is packed on its own; the others against the report before them."""


@attrs.define
class PackedReport:
    """One past report as a save writes it (the columns of `Clan.past_reports`)."""

    game_turn: int
    summary: str = ""
    packed: str = ""
    """The report's text, zlib-compressed against the report before it, in base64."""


def _against_previous(position: int) -> bool:
    return position % KEYFRAME != 0


@lru_cache(maxsize=4096)
def pack(text: str, previous: str = "") -> str:
    """The text zlib-compressed (against `previous` when given), in base64 (fast in C). Kept
    for the next save: a game's past reports do not change once written."""
    packer = zlib.compressobj(9, zdict=previous.encode()) if previous else zlib.compressobj(9)
    data = packer.compress(text.encode()) + packer.flush()
    return base64.b64encode(data).decode("ascii")


def unpack(packed: str, previous: str = "") -> str:
    """The text `pack` packed; ValueError (or zlib.error) when it was damaged."""
    data = base64.b64decode(packed.encode("ascii"), validate=True)
    unpacker = zlib.decompressobj(zdict=previous.encode()) if previous else zlib.decompressobj()
    return (unpacker.decompress(data) + unpacker.flush()).decode()


def packed(reports: list[PastReport]) -> list[PackedReport]:
    """The reports as the save writes them."""
    out: list[PackedReport] = []
    previous = ""
    for position, report in enumerate(reports):
        base = previous if _against_previous(position) else ""
        out.append(PackedReport(report.game_turn, report.summary, pack(report.text, base)))
        previous = report.text
    return out


def unpacked(rows: list[PackedReport]) -> list[PastReport]:
    """The reports as the Clan read them; a damaged one (and the one packed against it, until
    the next keyframe) reads as UNREADABLE."""
    out: list[PastReport] = []
    previous = ""
    for position, row in enumerate(rows):
        base = previous if _against_previous(position) else ""
        try:
            text = unpack(row.packed, base)
        except (ValueError, zlib.error, UnicodeDecodeError):
            text = UNREADABLE
        previous = "" if text == UNREADABLE else text
        out.append(PastReport(row.game_turn, row.summary, text))
    return out


def _is_past_reports(t: Any) -> bool:
    return bool(t == list[PastReport])


def _structure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    table = converter.get_structure_hook(list[PackedReport])
    return lambda value, _: unpacked(table(value, list[PackedReport]))


def _unstructure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    table = converter.get_unstructure_hook(list[PackedReport])
    return lambda reports: table(packed(reports))


def register(converter: cattrs.Converter) -> None:
    """Past reports are packed as they are written and unpacked as they are read (registered
    after the table hooks: the packed rows are a table)."""
    converter.register_structure_hook_factory(_is_past_reports, _structure_factory)
    converter.register_unstructure_hook_factory(_is_past_reports, _unstructure_factory)
