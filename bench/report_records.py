"""What a game turn's past reports would add to a save if kept as the data they were built from.

`bench_save_growth --records` plays its game with `Recorder` watching every report a Clan keeps
(`session.bot_turns.archive_report`) and prints, game turn by game turn, the bytes the save
grows by for the reports of that turn three ways, each packed as a save packs (zlib, level 9,
against the same Clan's report before; base64):
* text: the report as the Clan read it (what saves keep now);
* records: the `Report` record (engine/reports/report.py) as plain data, JSON;
* records, lean: the same, but the Clan's cities, hexes and convoys only where they changed
  since its report before, what every Clan's report of a game turn shares (prices, top lists,
  the game's limits) once a game turn, and events one list per field.
Prints, never asserts (docs/save-growth.md: the decision it informs).
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Callable
from typing import Any

import attrs
import cattrs
import orjson

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.reports.report import Report

KEYED = {"hexes": "hex", "cities": "hex", "convoys": "number"}
"""The report's lists of records and the field that names each record."""
SHARED = frozenset({"top_lists", "top_clans", "prices", "goods_prices", "expert_names",
                    "map_title", "victory_threshold", "turn_limit"})
"""What every Clan's report of one game turn has alike."""
EVENTS = ("events", "since_last_turn")


def packed_size(data: bytes, previous: bytes) -> int:
    """Bytes of `data` as a save writes a past report: zlib against `previous`, base64."""
    packer = zlib.compressobj(9, zdict=previous[-32_768:]) if previous else zlib.compressobj(9)
    return len(base64.b64encode(packer.compress(data) + packer.flush()))


def _columns(rows: list[dict[str, Any]]) -> dict[str, list[Any]]:
    names = sorted({name for row in rows for name in row})
    return {name: [row.get(name) for row in rows] for name in names}


def _events(rows: list[dict[str, Any]]) -> dict[str, Any]:
    table: dict[str, Any] = _columns([{k: v for k, v in row.items() if k != "facts"}
                                      for row in rows])
    facts = sorted({name for row in rows for name in row["facts"]})
    table["facts"] = {name: [row["facts"].get(name) for row in rows] for name in facts}
    return table


@attrs.define
class Recorder:
    """Every kept report, as its three layouts, by game turn: bytes added to the save."""

    plain: cattrs.Converter = attrs.field(factory=cattrs.Converter)
    before: dict[int, tuple[dict[str, Any], bytes, bytes, bytes]] = attrs.field(factory=dict)
    """Clan → (its last report as data, and its last text, records and lean records)."""
    shared: dict[tuple[int, str], bytes] = attrs.field(factory=dict)
    by_turn: dict[int, list[int]] = attrs.field(factory=dict)
    """Game turn → bytes added: [text, records, lean records]."""

    def watch(self, archive: Callable[[Game, Report], None]) -> Callable[[Game, Report], None]:
        """`archive_report`, and this recorder told of each report it keeps."""
        def archived(game: Game, report: Report) -> None:
            archive(game, report)
            self.record(report, game.clan(report.clan).past_reports[-1].text)
        return archived

    def record(self, report: Report, text: str) -> None:
        data: dict[str, Any] = self.plain.unstructure(report)
        old, old_text, old_records, old_lean = self.before.get(report.clan, ({}, b"", b"", b""))
        records = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        lean = orjson.dumps(self._lean(report.game_turn, data, old),
                            option=orjson.OPT_SORT_KEYS)
        written = text.encode()
        sizes = self.by_turn.setdefault(report.game_turn, [0, 0, 0])
        for index, (now, then) in enumerate(((written, old_text), (records, old_records),
                                             (lean, old_lean))):
            sizes[index] += packed_size(now, then)
        self.before[report.clan] = (data, written, records, lean)

    def _lean(self, game_turn: int, data: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in data.items():
            if name in SHARED:
                text = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
                if self.shared.get((game_turn, name)) == text:
                    continue
                self.shared[(game_turn, name)] = text
            if name in KEYED and old:
                key = KEYED[name]
                was = {row[key]: row for row in old[name]}
                out[name] = {"order": [row[key] for row in value],
                             "changed": _columns([row for row in value
                                                  if was.get(row[key]) != row])}
            elif name in EVENTS:
                out[name] = _events(value)
            elif not old or old.get(name) != value:
                out[name] = value
        return out

    def lines(self) -> list[str]:
        """A line a game turn, then the mean of the last five."""
        out = [f"game turn {turn:3d}: text {sizes[0] / 1024:5.1f} KB, records "
               f"{sizes[1] / 1024:5.1f} KB, lean records {sizes[2] / 1024:5.1f} KB"
               for turn, sizes in sorted(self.by_turn.items())]
        last = [sizes for _, sizes in sorted(self.by_turn.items())[-5:]]
        if last:
            means = [sum(sizes[i] for sizes in last) / len(last) / 1024 for i in range(3)]
            out.append(f"past reports a game turn, the last {len(last)} game turns: text "
                       f"{means[0]:.1f} KB, records {means[1]:.1f} KB, lean records "
                       f"{means[2]:.1f} KB (as packed in a save: zlib against the report "
                       "before, base64)")
        return out
