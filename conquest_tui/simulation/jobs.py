"""Many bot games, in this process or in parallel ones; results in game order whatever runs."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

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


def run_games(specs: Sequence[GameSpec], jobs: int = 1,
              progress: Callable[[int], object] | None = None) -> list[GameSummary]:
    """Run every game; `progress(n)` as n more game turns are played. In spec order.

    With jobs > 1 the games run in that many spawned processes (each game alone in one), so
    the results are the same as with one.
    """
    def advance(_: int) -> None:
        if progress is not None:
            progress(1)

    if jobs <= 1 or len(specs) <= 1:
        return [run_game(spec, advance) for spec in specs]
    context = multiprocessing.get_context("spawn")
    results: list[GameSummary | None] = [None] * len(specs)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = {pool.submit(run_game, spec): index for index, spec in enumerate(specs)}
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            summary = future.result()
            results[futures[future]] = summary
            if progress is not None:
                progress(summary.game_turns)
    return [summary for summary in results if summary is not None]
