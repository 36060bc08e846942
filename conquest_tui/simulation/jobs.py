"""Many bot games, in this process, in parallel ones or on a cluster; results in game order."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from conquest_tui.simulation.executors import Executor, run_in_order
from conquest_tui.simulation.runner import GameSpec, GameSummary, game_seed, run_game


def game_specs(*, map_name: str, clans: int, turns: int, seed: str, games: int,
               levels: Sequence[str], threshold: int | None = None,
               save_dir: str = "", house_rules: Sequence[str] = ()) -> list[GameSpec]:
    """The specs of a run: game i's seed from the run's seed and i only."""
    specs = []
    for index in range(games):
        save = f"{save_dir.rstrip('/')}/game-{index + 1:03d}.json" if save_dir else ""
        specs.append(GameSpec(map_name, clans, turns, game_seed(seed, index), tuple(levels),
                              threshold, save, tuple(house_rules)))
    return specs


def run_games(specs: Sequence[GameSpec], jobs: int | Executor = 1,
              progress: Callable[[int], object] | None = None) -> list[GameSummary]:
    """Run every game; `progress(n)` as n more game turns are played. In spec order.

    `jobs`: a number of processes, or an Executor. With more than one process, or a Dask
    cluster, each game is played alone where it runs, so the results are the same as in one.
    """
    executor = jobs if isinstance(jobs, Executor) else Executor(jobs=jobs)
    if executor.runs_here(len(specs)):
        def advance(_: int) -> None:
            if progress is not None:
                progress(1)

        return [run_game(spec, advance) for spec in specs]

    def finished(summary: GameSummary) -> None:
        if progress is not None:
            progress(summary.game_turns)

    return run_in_order(run_game, specs, executor, finished)
