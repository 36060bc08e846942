"""Digests of every sheet bots write over a few seeded games: the fixture bot changes must keep."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import attrs

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "bot_sheets.json"
"""The digests as the bots wrote them when the fixture was made (`--write`)."""


@attrs.frozen
class SheetGame:
    """One seeded bot game whose sheets are recorded: its map, seats' levels and length."""

    name: str
    map_name: str
    levels: tuple[str, ...]
    game_turns: int
    seed: str


GAMES = (
    SheetGame("small-mixed", "test_small", ("easy", "normal", "hard", "normal"), 14,
              "sheets-1"),
    SheetGame("small-hard", "test_small", ("hard", "hard", "hard"), 10, "sheets-2"),
    SheetGame("isles-mixed", "british_isles", ("normal", "hard", "easy", "hard", "normal"), 15,
              "sheets-3"),
)


def sheet_digests(spec: SheetGame) -> list[str]:
    """A digest (16 hex digits) of each sheet the game's bots wrote, in the order written: the
    sheet as the brain wrote it, then as judged (what the turn played), so a change in either
    shows."""
    from conquest_tui import session
    from conquest_tui.bots import write_sheet
    from conquest_tui.bots.mending import judged
    from conquest_tui.bots.still_view import StillView
    from conquest_tui.engine.orders.sheet import OrderSheet
    from conquest_tui.engine.play.judgement import judge_sheet
    from conquest_tui.engine.play.turn import run_clan_turn
    from conquest_tui.engine.reports.forecast_records import Judgement

    game = session.new_game(map_name=spec.map_name, clans=len(spec.levels),
                            bots=len(spec.levels), seed=spec.seed, turn_limit=0,
                            victory_threshold=10**9, level=list(spec.levels))
    digests: list[str] = []
    while game.state.game_turn <= spec.game_turns and not game.state.finished:
        clan = game.clan(game.state.active_clan)
        number = clan.number
        written = write_sheet(StillView(game, number), clan.bot_level)

        def judge(sheet: OrderSheet, number: int = number) -> Judgement:
            return judge_sheet(game, number, sheet, notices=False)

        played = judged(written, game.rules, judge, house=game.house)
        digests.append(_digest(written) + _digest(played))
        run_clan_turn(game, number, played)
    return digests


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def all_digests() -> dict[str, list[str]]:
    """Every game's digests, by the game's name."""
    return {spec.name: sheet_digests(spec) for spec in GAMES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the fixture afresh")
    args = parser.parse_args()
    found = all_digests()
    if args.write:
        FIXTURE.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {FIXTURE}")
        return
    kept = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for name, digests in found.items():
        first = next((i for i, (a, b) in enumerate(zip(digests, kept.get(name, []), strict=False))
                      if a != b), None)
        same = first is None and len(digests) == len(kept.get(name, []))
        print(f"{name}: {len(digests)} sheets, " + ("same" if same else f"differ at {first}"))


if __name__ == "__main__":
    main()
