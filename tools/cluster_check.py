"""Seeded bot games through a Dask cluster against `--jobs 2`: the same JSON, byte for byte.

Run: `python -m tools.cluster_check` (200 games of Continental Conquest on the British Isles,
2, 3 and 4 Clans in turn, 10 game turns, and 50 games of Conquest). Each batch is played twice
by `conquest simulate --json`, once with `--jobs 2` and once with `--executor dask`, on a local
cluster this tool starts (`--workers` processes of `--threads` threads) or on an existing one
(`--scheduler ADDRESS`); it prints each batch's times and whether the two outputs are the same,
and exits non-zero at the first difference, showing the first line that differs. Needs the
cluster extra (`pip install '.[cluster]'`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import time
from collections.abc import Iterator, Sequence

from conquest_tui.cli import main as conquest
from conquest_tui.simulation.executors import CLUSTER_MISSING
from tools.calibrate_victory import clan_counts


def shares(total: int, parts: int) -> list[int]:
    """`total` split into `parts` whole numbers, the larger first (200 in 3: 67, 67, 66)."""
    return [total // parts + (1 if index < total % parts else 0) for index in range(parts)]


def plural(count: int, word: str) -> str:
    """"1 game", "2 games"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def printed(words: Sequence[str]) -> tuple[str, float]:
    """What `conquest WORDS` prints on standard output, and the seconds it took."""
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        code = conquest(list(words))
    if code != 0:
        raise SystemExit(f"cluster_check: conquest {' '.join(words)} failed (exit {code})")
    return out.getvalue(), time.perf_counter() - start


def first_difference(one: str, other: str) -> str:
    """The first line where two outputs differ, both ways, in words."""
    for number, (left, right) in enumerate(zip(one.splitlines(), other.splitlines(),
                                               strict=False), start=1):
        if left != right:
            return f"line {number}:\n  --jobs 2: {left[:300]}\n  cluster:  {right[:300]}"
    return (f"one output has {len(one.splitlines())} lines, the other "
            f"{len(other.splitlines())}")


def batches(args: argparse.Namespace) -> Iterator[tuple[str, list[str]]]:
    """Each batch's name and its `simulate` words (without --jobs or --executor)."""
    counts = clan_counts(args.clans)
    for clans, games in zip(counts, shares(args.games, len(counts)), strict=True):
        if games:
            yield (f"{args.map}, {clans} Clans, {plural(games, 'game')}",
                   ["simulate", "--map", args.map, "--clans", str(clans), "--turns",
                    str(args.turns), "--games", str(games), "--seed", f"{args.seed}{clans}",
                    "--json"])
    if args.conquest_games:
        yield (f"Conquest, 3 players, {plural(args.conquest_games, 'game')}",
               ["simulate", "--game", "conquest", "--clans", "3", "--games",
                str(args.conquest_games), "--seed", args.seed, "--json"])


def compare(args: argparse.Namespace, scheduler: str) -> bool:
    """Play every batch both ways; True when every output is the same."""
    games = {"Continental Conquest": 0, "Conquest": 0}
    seconds = [0.0, 0.0]
    for name, words in batches(args):
        jobs, jobs_time = printed([*words, "--jobs", "2"])
        cluster, cluster_time = printed([*words, "--executor", "dask", "--scheduler",
                                         scheduler])
        same = jobs.encode() == cluster.encode()
        print(f"{name}: --jobs 2 {jobs_time:.1f} s, cluster {cluster_time:.1f} s, "
              f"{len(jobs.encode()):,} bytes: {'the same' if same else 'DIFFERENT'}",
              flush=True)
        if not same:
            print(first_difference(jobs, cluster))
            return False
        games["Conquest" if name.startswith("Conquest") else "Continental Conquest"] += len(
            jobs.splitlines())
        seconds[0] += jobs_time
        seconds[1] += cluster_time
    played = " and ".join(f"{plural(count, 'game')} of {game}"
                          for game, count in games.items() if count)
    print(f"{played}: the same JSON byte for byte (--jobs 2 {seconds[0]:.0f} s, cluster "
          f"{seconds[1]:.0f} s).")
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200,
                        help="games of Continental Conquest (200)")
    parser.add_argument("--map", default="british_isles", help="their map (british_isles)")
    parser.add_argument("--clans", default="2-4", help="Clans, shared out: 3, 2-4 or 2,4 (2-4)")
    parser.add_argument("--turns", type=int, default=10, help="last game turn (10)")
    parser.add_argument("--conquest-games", type=int, default=50,
                        help="games of Conquest, 3 players (50; 0 for none)")
    parser.add_argument("--seed", default="cluster-check", help="the run's seed")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="an existing cluster's scheduler (default: start a local one)")
    parser.add_argument("--workers", type=int, default=2,
                        help="the local cluster's worker processes (2)")
    parser.add_argument("--threads", type=int, default=1, help="threads of each worker (1)")
    args = parser.parse_args(argv)
    if args.scheduler:
        return 0 if compare(args, args.scheduler) else 1
    try:
        from distributed import LocalCluster
    except ImportError:
        raise SystemExit(f"cluster_check: {CLUSTER_MISSING}") from None
    start = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=args.threads,
                      processes=True, dashboard_address="127.0.0.1:0") as cluster:  # free port
        print(f"A local cluster of {args.workers} worker processes of {args.threads} "
              f"{'thread' if args.threads == 1 else 'threads'} started in "
              f"{time.perf_counter() - start:.1f} s.", flush=True)
        return 0 if compare(args, cluster.scheduler_address) else 1


if __name__ == "__main__":
    sys.exit(main())
