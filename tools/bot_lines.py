"""How many lines of the bots' handed-in sheets fail when the turn runs, and whether the judgement
a player sees (`conquest check --forecast`) had condemned them (issue 28, point 3).

Run: `python -m tools.bot_lines --maps europe,north_america --clans 4 --games 4 --turns 25`
(`--level easy|normal|hard`, `--seed` the run's seed). Plays seeded all-bot games; each sheet a
bot hands in (written and mended as in play, `session.bot_turns.bot_sheet`) is judged as
`check --forecast` judges it (a sheet handed in as written already was), then played. A line
fails when the turn refuses it or cannot carry it out (a problem that is not a notice). Prints,
per map, the sheets, the failed lines per 100 sheets, how many of those the judgement had
condemned, the sheets mended, and the orders that failed most.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence

import attrs

FAIL_TARGET = 2.0
"""Failed lines per 100 sheets at most (issue 28)."""


@attrs.define
class Tally:
    """What the handed-in sheets did on one map."""

    sheets: int = 0
    mended: int = 0
    """Sheets the judgement condemned lines of (handed in without them)."""
    condemned_again: int = 0
    """Mended sheets whose judgement once handed in condemns lines still."""
    failed: int = 0
    predicted: int = 0
    """Failed lines the judgement of the handed-in sheet condemned."""
    kinds: Counter[str] = attrs.field(factory=Counter)
    """Failed lines by their order word and the turn's reason."""

    def per_hundred(self) -> float:
        return 100 * self.failed / self.sheets if self.sheets else 0.0


def play(map_name: str, clans: int, turns: int, level: str, seed: str, tally: Tally) -> None:
    """One seeded game of `clans` bots of `level` to game turn `turns`, tallied."""
    from conquest_tui import session
    from conquest_tui.bots import write_sheet
    from conquest_tui.bots.mending import condemned, judged_read
    from conquest_tui.bots.still_view import StillView
    from conquest_tui.engine.orders.sheet import OrderSheet, sheet_lines
    from conquest_tui.engine.play.judgement import judge_sheet
    from conquest_tui.engine.play.turn import run_clan_turn
    from conquest_tui.engine.reports.forecast_records import Judgement
    from conquest_tui.storage.sheet_log import attach

    game = session.new_game(map_name=map_name, clans=clans, bots=clans, seed=seed,
                            turn_limit=turns, level=[level] * clans)
    attach(game.state, None)
    while not game.state.finished:
        number = game.state.active_clan

        def judge(sheet: OrderSheet | str, number: int = number) -> Judgement:
            return judge_sheet(game, number, sheet, notices=False)

        # what `session.bot_turns.bot_sheet` hands in, with the sheet as written beside it
        written = write_sheet(StillView(game, number), game.clan(number).bot_level)
        sheet, read = judged_read(written, game.rules, judge, house=game.house)
        mended = sheet != written
        # a sheet handed in as written was judged so, and nothing condemned: judged again
        # only when mended
        predicted = condemned(judge(sheet)) if mended else set()
        result = run_clan_turn(game, number, read or sheet)
        failed = {problem.line: str(problem.code) for problem in result.problems
                  if not problem.is_warning and problem.line}
        words = sheet_lines(sheet)
        tally.sheets += 1
        tally.mended += mended
        tally.condemned_again += bool(predicted)
        tally.failed += len(failed)
        tally.predicted += len(set(failed) & predicted)
        for line, code in failed.items():
            said = words[line - 1].split() if line <= len(words) else []
            tally.kinds[f"{said[0] if said else '?'} ({code})"] += 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="europe,north_america", help="comma-separated maps")
    parser.add_argument("--clans", type=int, default=4, help="Clans a game (4)")
    parser.add_argument("--games", type=int, default=4, help="games a map (4)")
    parser.add_argument("--turns", type=int, default=25, help="last game turn (25)")
    parser.add_argument("--level", default="normal", help="every bot's level (normal)")
    parser.add_argument("--seed", default="lines", help="the run's seed")
    args = parser.parse_args(argv)
    worst = 0.0
    for map_name in args.maps.split(","):
        tally = Tally()
        began = time.perf_counter()
        for index in range(args.games):
            play(map_name, args.clans, args.turns, args.level, f"{args.seed}-{index + 1}", tally)
        worst = max(worst, tally.per_hundred())
        print(f"{map_name} ×{args.clans} {args.level}: {tally.sheets} sheets, "
              f"{tally.failed} failed lines ({tally.per_hundred():.1f} per 100 sheets, "
              f"target ≤ {FAIL_TARGET:g}), {tally.predicted} of them condemned by the "
              f"judgement; {tally.mended} sheets mended, {tally.condemned_again} of them "
              f"condemned again  [{time.perf_counter() - began:.0f} s]")
        for kind, count in tally.kinds.most_common(6):
            print(f"    {count:5d}  {kind}")
    return 0 if worst <= FAIL_TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
