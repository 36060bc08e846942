"""Prints the seconds of an 8-clan, 25-game-turn Europe game of bots, planning included (≤ 15 s)."""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from bench.figures import Figure, machine_reference_ms, record
from conquest_tui.simulation.runner import GameSpec, run_game

TARGET_S = 15.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", default="bench", help="the game's seed (bench)")
    parser.add_argument("--level", default="normal", help="every bot's level (normal)")
    parser.add_argument("--profile", action="store_true", help="print the 25 costliest calls")
    args = parser.parse_args()
    spec = GameSpec("europe", 8, 25, args.seed, (args.level,) * 8, threshold=10**9)
    # no victory: the game lasts its 25 game turns, the worst case
    profiler = cProfile.Profile() if args.profile else None
    start = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    summary = run_game(spec)
    if profiler is not None:
        profiler.disable()
    seconds = time.perf_counter() - start
    print(f"europe, 8 clans at {args.level}, {summary.game_turns} game turns, seed {args.seed}: "
          f"{seconds:.1f} s (target ≤ {TARGET_S:.0f} s, ratio {seconds / TARGET_S:.2f}); "
          f"{seconds / max(summary.game_turns, 1) / 8 * 1000:.0f} ms per clan turn")
    record(Figure("bots", f"a 25-game-turn Europe game of 8 {args.level} bots", "s", [seconds],
                  TARGET_S, reference_ms=machine_reference_ms()))
    print("counts: " + ", ".join(f"{name} {count}" for name, count in summary.counts.items())
          + f"; sheet problems {summary.sheet_problems}")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
