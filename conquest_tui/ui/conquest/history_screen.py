"""Conquest's history during a game: every player's figures per round, plotted, and the log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from conquest_tui.session.conquest_boards import RoundRow
from conquest_tui.ui.conquest.game_over_screen import plot_key, plots
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter


class ConquestHistoryScreen(Screen[None]):
    """Plots of territories, armies, cards and continents per round; what happened lately.
    Everything here is open to every player (Conquest hides only the cards in a hand)."""

    CSS_PATH: ClassVar[CSSPaths] = [stylesheet("game_over"), stylesheet("conquest")]
    HELP_TITLE: ClassVar[str] = "History"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,h", "close", "Back", id="cq_history.close"),
        Binding("g", "tab('graphs')", "Graphs", id="cq_history.graphs"),
        Binding("l", "tab('log')", "Log", id="cq_history.log"),
    ]

    def __init__(self, history: Sequence[RoundRow], log: Sequence[str]) -> None:
        super().__init__()
        self.history = tuple(history)
        self.lines = tuple(log)

    def compose(self) -> ComposeResult:
        with TabbedContent(id="game-over-tabs", initial="graphs"):
            with TabPane("Graphs", id="graphs"):
                if len({row.round for row in self.history}) > 1:
                    yield plot_key(self.history)
                    yield plots(self.history)
                else:
                    yield Static("The plots start once the first round is over.",
                                 id="graphs-empty")
            with TabPane("Log", id="log"), VerticalScroll(id="cq-history-log"):
                yield Static("\n".join(self.lines) or "Nothing has happened yet.", markup=False)
        yield KeyFooter()

    def action_tab(self, tab: str) -> None:
        """Switch between the plots and the log."""
        self.query_one(TabbedContent).active = tab
        if tab == "log":
            self.query_one("#cq-history-log", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        """Back to the turn."""
        self.dismiss(None)
