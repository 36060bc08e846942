"""The end of the game: who won and why, the standings, everyone's graphs, the final reports."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from conquest_tui.engine.face import FinalRow, History
from conquest_tui.ui.screens.history import has_figures, plot_grid, plot_key, report_text
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter


def standings_table(rows: tuple[FinalRow, ...]) -> Table:
    """The final standings: rank, Clan, popularity, hexes, cities, troops, money."""
    table = Table(expand=False, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("Clan", no_wrap=True)
    for title in ("Popularity", "Hexes", "Cities", "Troops", "Money"):
        table.add_column(title, justify="right", no_wrap=True)
    for row in rows:
        name = Text(f"{row.clan} {row.name}", style="bold" if row.winner else "")
        if row.winner:
            name.append("  winner", style="bold reverse")
        elif row.resigned:
            name.append("  resigned", style="dim")
        table.add_row(str(row.rank), name, str(row.popularity), str(row.hexes), str(row.cities),
                      f"{row.troops:,}", f"${row.money:,}")
    return table


class GameOverScreen(Screen[None]):
    """The end of the game; Escape goes back to the title."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("game_over")
    HELP_TITLE: ClassVar[str] = "End of the game"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back to the title", id="game_over.close",
                tooltip="Leave the finished game"),
        Binding("s", "tab('standings')", "Standings", id="game_over.standings", priority=True,
                tooltip="Who won, and every Clan's popularity, hexes and cities"),
        Binding("g", "tab('graphs')", "Graphs", id="game_over.graphs", priority=True,
                tooltip="Every Clan's popularity, income, hexes and cities per game turn"),
        Binding("f", "tab('finals')", "Final reports", id="game_over.finals", priority=True,
                tooltip="Each Clan's final report"),
    ]

    def __init__(self, sentence: str, rows: tuple[FinalRow, ...], history: History,
                 reports: dict[int, str]) -> None:
        """Create the screen.

        Args:
            sentence: Who won and why ("The game is over: …").
            rows: The final standings.
            history: A history of the finished game (everyone's figures).
            reports: Clan number → its final report as text.
        """
        super().__init__(classes="game-over-screen")
        self.sentence = sentence
        self.rows = rows
        self.history = history
        self.reports = reports

    def compose(self) -> ComposeResult:
        yield Static(Text("THE GAME IS OVER", style="bold"), id="game-over-title")
        with TabbedContent(id="game-over-tabs", initial="standings"):
            with TabPane("Standings", id="standings"), VerticalScroll(id="standings-scroll"):
                yield Static(Text(self.sentence), id="game-over-sentence")
                yield Static(standings_table(self.rows), id="standings-table")
            with TabPane("Graphs", id="graphs"):
                if has_figures(self.history):
                    clans = [row.clan for row in self.rows]
                    yield plot_key(self.history, clans)
                    yield plot_grid(self.history, clans)
                else:
                    yield Static("No game turn ended: there is nothing to plot.",
                                 id="graphs-empty")
            with TabPane("Final reports", id="finals"):
                yield OptionList(*(Option(Text(f"{row.rank}. Clan {row.clan} ({row.name})"),
                                          id=f"clan-{row.clan}") for row in self.rows),
                                 id="final-clans")
                with VerticalScroll(id="final-report"):
                    first = self.rows[0].clan if self.rows else 0
                    yield Static(report_text(self.reports.get(first, "")), id="final-text")
        yield KeyFooter()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """On the final reports, the list of Clans takes the keys."""
        if event.pane.id == "finals":
            self.query_one("#final-clans", OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the final report of the Clan highlighted."""
        option_id = event.option.id or ""
        if option_id.startswith("clan-"):
            text = self.reports.get(int(option_id.removeprefix("clan-")), "")
            self.query_one("#final-text", Static).update(report_text(text))
            self.query_one("#final-report", VerticalScroll).scroll_home(animate=False)

    def action_tab(self, tab: str) -> None:
        """Switch between the standings, the graphs and the final reports."""
        self.set_focus(None)  # a focused list would pull its own tab back to the front
        self.query_one(TabbedContent).active = tab

    def action_close(self) -> None:
        """Leave the finished game."""
        self.dismiss(None)
