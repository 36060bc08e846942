"""Prints how often one bot level beats three of another over seeded 4-clan games (issue 17: ≥ 60%).

Run: `python -m bench.bench_bot_levels [--map british_isles|all|M1,M2] [--games 40] [--hero hard]
[--rest normal] [--jobs 2] [--seed levels]` from the repository root. Seeded (levels-0, …); the
hero's seat rotates over the four seats. A game won at the turn limit goes to the most popular
Clan (ties count as a loss). `--map all` plays the four real maps, one line each. Prints, never
asserts.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from multiprocessing.pool import Pool

from bench.figures import Figure, record
from conquest_tui.simulation.runner import GameSpec, run_game

TARGET_SHARE = 0.6
CLANS = 4
REAL_MAPS = ("british_isles", "europe", "north_america", "oceania")


def play(args: tuple[str, int, str, str, int, str]) -> tuple[bool, str, int, int, int]:
    """(hero won, how the game ended, game turns, hero's popularity, best rival's popularity)."""
    map_name, index, hero, rest, turns, seed = args
    levels = tuple(hero if seat == index % CLANS else rest for seat in range(CLANS))
    summary = run_game(GameSpec(map_name, CLANS, turns, f"{seed}-{index}", levels))
    mine = next(c for c in summary.clans if c.level == hero)
    rivals = max(c.popularity for c in summary.clans if c.number != mine.number)
    won = summary.winners == (mine.number,) if summary.winners else mine.popularity > rivals
    return won, summary.ended_by, summary.game_turns, mine.popularity, rivals


def report(map_name: str, args: argparse.Namespace, pool: Pool) -> None:
    """Play the map's games and print its line."""
    start = time.perf_counter()
    work = [(map_name, i, args.hero, args.rest, args.turns, args.seed)
            for i in range(args.games)]
    results = pool.map(play, work)
    wins = sum(r[0] for r in results)
    share = wins / max(1, len(results))
    margin = sum(r[3] - r[4] for r in results) / max(1, len(results))
    victories = sum(r[1] == "victory" for r in results)
    turns = sorted(r[2] for r in results)
    record(Figure("bot-levels", f"{args.hero} vs 3 {args.rest} on {map_name}, games won", "%",
                  [share], TARGET_SHARE, higher_is_better=True, note=f"{args.games} games"))
    print(f"{args.hero} vs 3× {args.rest} on {map_name}, {args.games} games: {wins} won = "
          f"{share:.0%} (target ≥ {TARGET_SHARE:.0%}, ratio {share / TARGET_SHARE:.2f}); "
          f"mean popularity lead {margin:+.1f}; {victories} ended by victory, median "
          f"{turns[len(turns) // 2]} game turns; {time.perf_counter() - start:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--map", default="british_isles",
                        help="a map, several joined by commas, or all (the real maps)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--hero", default="hard", help="the one bot's level (hard)")
    parser.add_argument("--rest", default="normal", help="the three others' level (normal)")
    parser.add_argument("--seed", default="levels", help="seed prefix (levels: levels-0, …)")
    parser.add_argument("--turns", type=int, default=25, help="turn limit (25)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.hero == args.rest:
        parser.error("--hero and --rest must be different levels")
    maps = REAL_MAPS if args.map == "all" else tuple(args.map.split(","))
    with multiprocessing.Pool(args.jobs) as pool:
        for map_name in maps:
            report(map_name, args, pool)


if __name__ == "__main__":
    main()
