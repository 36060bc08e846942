"""Whole games of Conquest's bots for `conquest simulate --game conquest`: one JSON object each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from conquest_tui.simulation.executors import Executor, run_in_order
from conquest_tui.simulation.runner import game_seed


@attrs.frozen
class ConquestSpec:
    """One game to play: each seat's level and the game's seed (a text, as `conquest new
    --game conquest --seed` takes it: the same seed deals the same game)."""

    levels: tuple[str, ...]
    seed: str


def conquest_specs(
    *, players: int, seed: str, games: int, levels: Sequence[str]
) -> list[ConquestSpec]:
    """Game i's seed from the run's seed and i only."""
    if len(levels) != players:
        raise ValueError(f"{len(levels)} levels for {players} players")
    return [ConquestSpec(tuple(levels), game_seed(seed, index)) for index in range(games)]


def play_conquest(spec: ConquestSpec) -> dict[str, Any]:
    """Play the game to its end: the game's summary (winner, turns, eliminations, sets of cards
    cashed, continents held), its seed as given."""
    from conquest_tui.games.conquest.runner import play_game
    from conquest_tui.session.conquest_table import seed_number
    from conquest_tui.storage.conquest_data import load_board, load_rules

    summary = play_game(load_rules(), load_board(), spec.levels, seed_number(spec.seed))
    summary["seed"] = spec.seed
    summary["levels"] = list(spec.levels)
    return summary


def play_conquests(
    specs: Sequence[ConquestSpec], jobs: int | Executor = 1
) -> list[dict[str, Any]]:
    """Every game, in spec order (`jobs`: a number of spawned processes, or an Executor; each
    game is played alone where it runs: the same results as in one process)."""
    executor = jobs if isinstance(jobs, Executor) else Executor(jobs=jobs)
    return run_in_order(play_conquest, specs, executor)


def print_conquests(summaries: Sequence[dict[str, Any]]) -> None:
    """A table of the games, then who won how often."""
    from collections import Counter

    from rich.console import Console
    from rich.table import Table

    from conquest_tui.simulation.cli_output import PIPED_WIDTH

    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=PIPED_WIDTH)
    table = Table(title="Games of Conquest", title_justify="left")
    for name in ("Game", "Seed", "Rounds", "Ended by", "Winner", "Sets cashed", "Players out"):
        table.add_column(
            name, justify="left" if name in ("Seed", "Ended by", "Winner") else "right"
        )
    for number, game in enumerate(summaries, start=1):
        table.add_row(
            str(number),
            game["seed"],
            str(game["turns"]),
            game["ended_by"],
            game["winner"] or "nobody",
            str(game["sets_cashed"]),
            str(len(game["eliminations"])),
        )
    console.print(table)
    wins = Counter(game["winner"] for game in summaries if game["winner"])
    for name, count in wins.most_common():
        console.print(f"{name}: {count} {'win' if count == 1 else 'wins'}")
