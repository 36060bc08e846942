"""`conquest simulate` on a terminal: a Rich progress bar while games run, then a summary table."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

from rich.console import Console, JustifyMethod
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from conquest_tui.simulation.executors import Executor
from conquest_tui.simulation.runner import GameSpec, GameSummary

PIPED_WIDTH = 160
"""Columns of the summary table when the output is not a terminal."""

Runner = Callable[[Sequence[GameSpec], int | Executor, Callable[[int], object]],
                  list[GameSummary]]


def run_with_progress(specs: Sequence[GameSpec], jobs: int | Executor,
                      run: Runner) -> list[GameSummary]:
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


GAME_COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
    ("Game", "right"), ("Seed", "left"), ("Turns", "right"), ("Ended by", "left"),
    ("Winner", "left"), ("Popularity", "right"))
"""How each game went."""
COUNT_COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
    ("Battles", "right"), ("Cities", "right"), ("Hexes", "right"), ("Cured", "right"),
    ("Espionage", "right"), ("Messages", "right"), ("Refused lines", "right"))
"""What happened in each game."""


def _game_cells(index: int, summary: GameSummary) -> list[str]:
    return [str(index), summary.seed, str(summary.game_turns),
            "victory" if summary.ended_by == "victory" else "turn limit",
            winner_text(summary), str(max(c.popularity for c in summary.clans))]


def _count_cells(summary: GameSummary) -> list[str]:
    return [*(str(summary.counts[name]) for name in (
        "battles", "cities_captured", "hexes_captured", "plague_cured", "espionage",
        "messages")), str(summary.sheet_problems)]


def _table(title: str, columns: Sequence[tuple[str, JustifyMethod]],
           rows: list[list[str]], *, wrap: bool = False) -> Table:
    """A table; with `wrap`, headings and the winner's words may take two lines."""
    table = Table(title=title, title_justify="left", padding=(0, 1))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=not wrap or name == "Seed",
                         overflow="fold" if wrap else "ellipsis")
    for row in rows:
        table.add_row(*row)
    return table


def summary_tables(summaries: Sequence[GameSummary], width: int) -> list[Table]:
    """One row per game in one table when it fits in `width` columns; else two tables, how
    each game went and what happened in it, each row led by the game's number (at 80 columns
    nothing is cut short)."""
    games = [_game_cells(i, s) for i, s in enumerate(summaries, start=1)]
    counts = [_count_cells(s) for s in summaries]
    whole = _table("Bot games", GAME_COLUMNS + COUNT_COLUMNS,
                   [a + b for a, b in zip(games, counts, strict=True)])
    if Console(width=PIPED_WIDTH).measure(whole).maximum <= width:
        return [whole]
    return [_table("Bot games", GAME_COLUMNS, games, wrap=True),
            _table("What happened in them", GAME_COLUMNS[:1] + COUNT_COLUMNS,
                   [[str(i), *row] for i, row in enumerate(counts, start=1)], wrap=True)]


def print_table(summaries: Sequence[GameSummary], console: Console | None = None) -> None:
    """One row per game (winner, how it ended, what happened), then the lengths' median."""
    if console is None:
        console = Console()
        if not console.is_terminal:  # piped: one row a game, never folded into 80 columns
            console = Console(width=PIPED_WIDTH)
    for table in summary_tables(summaries, console.width):
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


