"""Bot games on every real map and number of Clans, to choose each one's victory threshold (AMB-57).

Run: `python -m tools.calibrate_victory --clans 2-8 --games 12 --jobs 2` (the ruleset's own
thresholds, as a new game sets them; `--executor dask --scheduler ADDRESS` instead of `--jobs`
plays the games on a Dask cluster, with the same results), `--base 100 --factor 1.2` (the AMB-57
formula with other numbers), or `--none` (no victory: how popularity grows). Prints, per map and
number of Clans, the threshold used, the game lengths (median and spread, how many ended by
victory), the median over games of the best Clan's popularity at the end of each game turn, and the
threshold that median reaches on game turn `--aim`. With `--none` it also fits the threshold
(`fit`): the highest at which at least `--share` of the games would end by victory (reached at the
end of a game turn and held at the end of the next, CC-POP-07) by game turn `--limit`, in a median
of at most `--median` game turns, and prints the table for `victory_threshold_by_map` in
data/rules/start.toml. Without `--none` each cell ends with its verdict on issue 28's aim: a
median of 20–25 game turns and at least 85% of the games ended by victory (with the 95%
intervals of both, as the balance report gives them).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from conquest_tui.simulation import executor_options
from conquest_tui.simulation.executors import ExecutorError
from conquest_tui.simulation.jobs import game_specs, run_games
from conquest_tui.simulation.runner import NO_VICTORY, GameSummary
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset

REAL_MAPS = ("british_isles", "europe", "north_america", "oceania")
AIM_LENGTH = (20, 25)
"""Issue 28: the median game length of normal bots, in game turns, lies within these."""
AIM_VICTORIES = 0.85
"""Issue 28: at least this share of normal bots' games ends by victory."""


def map_size(name: str, clans: int) -> float:
    """(controllable hexes + city population / divisor) / Clans: the formula's measure."""
    rules, world = load_ruleset(), load_map(name)
    people = sum(site.population for site in world.cities) / rules.popularity.population_divisor
    return (world.land_hex_count() + people) / clans


def threshold(name: str, clans: int, base: int | None, factor: float | None) -> int | None:
    """The threshold of the formula given (None: the ruleset's own, as a new game sets it)."""
    if base is None and factor is None:
        return None
    popularity = load_ruleset().popularity
    base = popularity.victory_base if base is None else base
    factor = popularity.victory_factor if factor is None else factor
    return base + round(factor * map_size(name, clans))


def clan_counts(text: str) -> list[int]:
    """"6" → [6]; "2-8" → [2, …, 8]; "2,4,6" → [2, 4, 6]."""
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",")]


def house_names(text: str) -> list[str]:
    """The house rules of a comma-separated option ("" for none)."""
    return [name for name in text.split(",") if name]


def victory_turn(best: Sequence[int], level: int) -> int | None:
    """The game turn a game whose best popularity went so would end by victory at this
    threshold (reached at the end of one game turn, still there at the end of the next)."""
    for turn in range(1, len(best)):
        if best[turn - 1] >= level and best[turn] >= level:
            return turn + 1
    return None


def fit(games: Sequence[GameSummary], share: float, limit: int,
        median: float) -> tuple[int, float, float]:
    """The highest threshold at which at least `share` of these no-victory games would end by
    victory by game turn `limit`, their median length at most `median` game turns; with the
    share that would, and the median length."""
    top = max(max(game.best_popularity, default=0) for game in games)
    for level in range(top, 100, -1):
        turns = [victory_turn(game.best_popularity[:limit], level) for game in games]
        won = sum(1 for turn in turns if turn is not None)
        lengths = [limit if turn is None else turn for turn in turns]
        if won >= share * len(games) and statistics.median(lengths) <= median:
            return level, won / len(games), statistics.median(lengths)
    return 100, 1.0, 0.0


def report(name: str, clans: int, games: list[GameSummary], aim: int, base: int) -> None:
    """One map's lengths, best popularity per game turn, and the factor that fits the aim."""
    lengths = sorted(game.game_turns for game in games)
    quartiles = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else [lengths[0]] * 3
    wins = sum(1 for game in games if game.ended_by == "victory")
    shown = games[0].victory_threshold
    if shown < NO_VICTORY:
        from tools.balance_report import median_text, share_text

        held = AIM_LENGTH[0] <= statistics.median(lengths) <= AIM_LENGTH[1] and (
            wins >= AIM_VICTORIES * len(games))
        print(f"  aim (median {AIM_LENGTH[0]}–{AIM_LENGTH[1]} game turns, "
              f"{AIM_VICTORIES:.0%} by victory): {'held' if held else 'NOT held'} — median "
              f"{median_text(lengths)}, by victory {share_text(wins, len(games))}")
    print(f"\n{name}: {clans} clans, {len(games)} games, threshold "
          f"{'none' if shown >= NO_VICTORY else shown}")
    print(f"  length: median {statistics.median(lengths):g}, quartiles {quartiles[0]:g}–"
          f"{quartiles[2]:g}, range {lengths[0]}–{lengths[-1]}; {wins} ended by victory")
    longest = max(len(game.best_popularity) for game in games)
    medians = []
    for turn in range(longest):
        reached = [game.best_popularity[turn] for game in games
                   if turn < len(game.best_popularity)]
        medians.append(round(statistics.median(reached)))
    print("  best popularity, median by game turn: "
          + " ".join(f"{turn + 1}:{value}" for turn, value in enumerate(medians)))
    for index, game in enumerate(games, start=1):
        print(f"    game {index:>2} ({game.seed}, {game.game_turns} turns, {game.ended_by}): "
              + " ".join(str(value) for value in game.best_popularity))
    if len(medians) >= aim:
        factor = (medians[aim - 1] - base) / map_size(name, clans)
        print(f"  to be reached on game turn {aim} (median): threshold {medians[aim - 1]} "
              f"(the formula's factor would be {factor:.2f} with base {base})")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default=",".join(REAL_MAPS), help="comma-separated maps")
    parser.add_argument("--games", type=int, default=20, help="games per map (20)")
    parser.add_argument("--clans", default="6", help="Clans per game: 6, 2-8 or 2,4,6 (6)")
    parser.add_argument("--turns", type=int, default=30, help="last game turn (30)")
    parser.add_argument("--level", default="normal", help="every bot's level (normal)")
    parser.add_argument("--seed", default="calibrate", help="the run's seed")
    executor_options.add_options(parser)
    parser.add_argument("--base", type=int, help="victory_base of the formula to try")
    parser.add_argument("--factor", type=float, help="victory_factor of the formula to try")
    parser.add_argument("--none", action="store_true", help="no victory: every game runs on")
    parser.add_argument("--aim", type=int, default=21,
                        help="the game turn the threshold should be reached on (21)")
    parser.add_argument("--share", type=float, default=0.9,
                        help="with --none: the share of games a fitted threshold ends (0.9)")
    parser.add_argument("--limit", type=int, default=25,
                        help="with --none: the last game turn a fitted threshold ends by (25)")
    parser.add_argument("--median", type=float, default=22.5,
                        help="with --none: the longest median length a fitted threshold gives "
                        "(22.5)")
    parser.add_argument("--house", default="", help="house rules in play, comma-separated")
    args = parser.parse_args(argv)
    executor = executor_options.parsed(parser, args)
    base = load_ruleset().popularity.victory_base if args.base is None else args.base
    fitted: dict[str, dict[int, tuple[int, float, float]]] = {}
    for name in args.maps.split(","):
        for wanted in clan_counts(args.clans):
            clans = min(wanted, load_map(name).max_players)
            if clans != wanted:
                continue
            limit = NO_VICTORY if args.none else threshold(name, clans, args.base, args.factor)
            specs = game_specs(map_name=name, clans=clans, turns=args.turns, seed=args.seed,
                               games=args.games, levels=[args.level] * clans, threshold=limit,
                               house_rules=house_names(args.house))
            start = time.perf_counter()
            try:
                games = run_games(specs, executor)
            except ExecutorError as error:
                raise SystemExit(f"calibrate_victory: {error}") from None
            report(name, clans, games, args.aim, base)
            if args.none:
                fitted.setdefault(name, {})[clans] = fit(games, args.share, args.limit,
                                                         args.median)
                level, share, median = fitted[name][clans]
                print(f"  fitted: threshold {level} ends {share:.0%} by game turn "
                      f"{args.limit}, median length {median:g}")
            print(f"  ({time.perf_counter() - start:.0f} s)", flush=True)
    if fitted:
        print("\nvictory_threshold_by_map:")
        for name, cells in fitted.items():
            print(f"{name} = {{ " + ", ".join(f"{clans} = {level}" for clans, (level, _, _)
                                              in cells.items()) + " }")


if __name__ == "__main__":
    main()
