"""Try a variant of the hard bot against three normal ones, in this process (issue 28's ladder).

Run: `python -m tools.level_trial --maps north_america,british_isles --games 40 musters=0`
(`--base normal` starts the variant from the normal level's values, its extras too; `--name
normal` also gives it the normal level's dice, which follow the level's name). Each `field=value`
changes one `Level` field of the variant. The games are the ladder's (`balance_report --ladder`,
the same seeds and seats), played one after another here: a variant lives only in this process,
so worker processes would play the stored hard level instead. Prints, per map, the variant's
wins, its mean place by popularity, what it and the normal bots end with, and a digest of the
results, so two variants that play alike can be told from a harness that did not apply one.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import statistics
from collections.abc import Sequence

import attrs

from conquest_tui.bots import levels
from conquest_tui.bots.levels import Level
from conquest_tui.simulation.jobs import run_games
from conquest_tui.simulation.runner import GameSummary
from tools.balance_report import ladder_specs, share_text

STRONG, WEAK = "hard", "normal"
"""The ladder rung a variant is tried on: one bot of the first level against three of the
second."""


def overrides(items: Sequence[str]) -> dict[str, object]:
    """`field=value` items as Level field changes; ValueError naming an unknown field or a
    value that is not a Python literal."""
    fields = {field.name for field in attrs.fields(Level)} - {"name"}
    changes: dict[str, object] = {}
    for item in items:
        key, _, text = item.partition("=")
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise ValueError(f"{key!r} is not a level field: choose from {known}")
        try:
            changes[key] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise ValueError(f"{key}: {text!r} is not a number, flag or text") from None
    return changes


def variant(base: str, name: str, changes: dict[str, object]) -> Level:
    """The base level with `changes`, under `name` (the extras follow the name)."""
    return attrs.evolve(levels.level_named(base), name=name, **changes)  # type: ignore[arg-type]


def ladder_games(map_name: str, games: int, turns: int, seed: str) -> list[GameSummary]:
    """The ladder's games on one map, played here with whatever the hard level now is."""
    return run_games(ladder_specs(map_name, games, turns, seed, STRONG, WEAK), 1)


def summary_line(map_name: str, played: Sequence[GameSummary]) -> str:
    """One map's line: wins, mean place, end figures of the variant and the others, digest."""
    won = sum(1 for game in played for clan in game.clans
              if clan.number == game.winner and clan.level == STRONG)
    places = []
    for game in played:
        order = sorted(game.clans, key=lambda clan: -clan.popularity)
        places += [order.index(clan) + 1 for clan in game.clans if clan.level == STRONG]
    strong = [clan for game in played for clan in game.clans if clan.level == STRONG]
    weak = [clan for game in played for clan in game.clans if clan.level != STRONG]
    digest = hashlib.sha1(repr([(game.winner, game.game_turns,
                                 [(clan.popularity, clan.hexes, clan.money)
                                  for clan in game.clans]) for game in played])
                          .encode()).hexdigest()[:8]

    def ends(clans: Sequence[object]) -> str:
        def mean(field: str) -> float:
            return statistics.fmean(getattr(clan, field) for clan in clans) if clans else 0.0
        return (f"popularity {mean('popularity'):.0f}, hexes {mean('hexes'):.0f}, "
                f"cities {mean('cities'):.1f}, money ${mean('money') / 1000:.0f}k")

    place = statistics.fmean(places) if places else 0.0
    return (f"{map_name}: won {share_text(won, len(played))} of {len(played)}, mean place "
            f"{place:.2f} | variant {ends(strong)} | normal {ends(weak)} | digest {digest}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="north_america,british_isles",
                        help="comma-separated maps")
    parser.add_argument("--games", type=int, default=20, help="games per map (20)")
    parser.add_argument("--turns", type=int, default=25, help="last game turn (25)")
    parser.add_argument("--seed", default="32", help="the run's seed (the ladder's: 32)")
    parser.add_argument("--base", default=STRONG, help="the level the variant starts from")
    parser.add_argument("--name", default=STRONG, help="the name it plays under (dice follow it)")
    parser.add_argument("changes", nargs="*", help="field=value changes to the level")
    args = parser.parse_args(argv)
    try:
        trial = variant(args.base, args.name, overrides(args.changes))
    except ValueError as error:
        raise SystemExit(f"level_trial: {error}") from None
    stored = levels.LEVEL_BY_NAME[STRONG]
    levels.LEVEL_BY_NAME[STRONG] = trial
    try:
        print(f"variant: {trial}", flush=True)
        for map_name in args.maps.split(","):
            played = ladder_games(map_name, args.games, args.turns, args.seed)
            print(summary_line(map_name, played), flush=True)
    finally:
        levels.LEVEL_BY_NAME[STRONG] = stored


if __name__ == "__main__":
    main()
