"""`conquest simulate` on a terminal: a Rich progress bar while games run, then a summary table."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

from rich.console import Console, JustifyMethod
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from conquest_tui.simulation.runner import GameSpec, GameSummary

PIPED_WIDTH = 160
"""Columns of the summary table when the output is not a terminal."""

Runner = Callable[[Sequence[GameSpec], int, Callable[[int], object]], list[GameSummary]]


def run_with_progress(specs: Sequence[GameSpec], jobs: int, run: Runner) -> list[GameSummary]:
    """Run the games; a progress bar of game turns when standard error is a terminal."""
    total = sum(spec.turns for spec in specs)
    console = Console(stderr=True)
    if not console.is_terminal:
        return run(specs, jobs, lambda _: None)
    columns = (TextColumn("Game turns"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("games", total=total)
        summaries = run(specs, jobs, lambda turns: progress.advance(task, turns))
        progress.update(task, completed=total)
    return summaries


def print_table(summaries: Sequence[GameSummary]) -> None:
    """One row per game (winner, how it ended, what happened), then the lengths' median."""
    console = Console()
    if not console.is_terminal:  # piped: one row a game, never folded into 80 columns
        console = Console(width=PIPED_WIDTH)
    table = Table(title="Bot games", title_justify="left", padding=(0, 1))
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Game", "right"), ("Seed", "left"), ("Turns", "right"), ("Ended by", "left"),
        ("Winner", "left"), ("Popularity", "right"), ("Battles", "right"), ("Cities", "right"),
        ("Hexes", "right"), ("Cured", "right"), ("Espionage", "right"), ("Messages", "right"),
        ("Refused lines", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    for index, summary in enumerate(summaries, start=1):
        table.add_row(str(index), summary.seed, str(summary.game_turns),
                      "victory" if summary.ended_by == "victory" else "turn limit",
                      winner_text(summary), str(max(c.popularity for c in summary.clans)),
                      *(str(summary.counts[name]) for name in (
                          "battles", "cities_captured", "hexes_captured", "plague_cured",
                          "espionage", "messages")),
                      str(summary.sheet_problems))
    console.print(table)
    lengths = [summary.game_turns for summary in summaries]
    wins = sum(1 for summary in summaries if summary.ended_by == "victory")
    console.print(f"{len(summaries)} games on {summaries[0].map if summaries else '?'}: "
                  f"median length {statistics.median(lengths or [0]):g} game turns "
                  f"(shortest {min(lengths, default=0)}, longest {max(lengths, default=0)}); "
                  f"{wins} ended by victory.", markup=False)
    levels = level_wins(summaries)
    if len(levels) > 1:
        console.print("Wins by level: " + ", ".join(f"{level} {won}"
                                                    for level, won in levels.items()),
                      markup=False)


def winner_text(summary: GameSummary) -> str:
    """"Clan N (name, level)" or "shared"/"none"."""
    if len(summary.winners) > 1:
        return "shared by " + ", ".join(f"Clan {number}" for number in summary.winners)
    if summary.winner is None:
        return "nobody"
    clan = next(c for c in summary.clans if c.number == summary.winner)
    return f"Clan {clan.number} ({clan.name}, {clan.level})"


def level_wins(summaries: Sequence[GameSummary]) -> dict[str, int]:
    """Games won by each level that played (a shared victory counts for nobody)."""
    wins = {clan.level: 0 for summary in summaries for clan in summary.clans}
    for summary in summaries:
        for clan in summary.clans:
            if clan.number == summary.winner:
                wins[clan.level] += 1
    return wins


