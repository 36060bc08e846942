"""The end of a Conquest game: who won and how, the standings, and each round in plots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from conquest_tui.session.conquest_boards import ConquestFinal, RoundRow
from conquest_tui.ui.conquest.palette import PLOT_COLOURS
from conquest_tui.ui.screens.history import FiguresPlot
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

MEASURES: tuple[tuple[str, str], ...] = (
    ("territories", "Territories"),
    ("armies", "Armies"),
    ("cards", "Cards"),
    ("continents", "Continents"),
)
"""What is plotted per round, with its title."""


def standings_table(final: ConquestFinal) -> Table:
    """Place, player, territories, armies, and who put out whom in which round."""
    table = Table(expand=False, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("Player", no_wrap=True)
    table.add_column("Territories", justify="right")
    table.add_column("Armies", justify="right")
    table.add_column("Out", no_wrap=True)
    for row in final.rows:
        name = Text(f"{row.name} ({row.colour})", style="bold" if row.name == final.winner else "")
        if row.name == final.winner:
            name.append("  winner", style="bold reverse")
        out = (f"round {row.eliminated_round}, by {row.eliminated_by}"
               if row.eliminated_by else "")
        table.add_row(str(row.place), name, str(row.territories), str(row.armies), out)
    return table


def series(history: Sequence[RoundRow], measure: str) -> list[tuple[str, tuple[tuple[int, int],
                                                                               ...]]]:
    """Per player in seat order, (round, value) for each recorded round."""
    names = list(dict.fromkeys(row.name for row in history))
    return [(name, tuple((row.round, int(getattr(row, measure))) for row in history
                         if row.name == name)) for name in names]


def plots(history: Sequence[RoundRow]) -> Grid:
    """The four plots, a line per player in the player's colour (seat order)."""
    return Grid(*(FiguresPlot(title, series(history, measure), widget_id=f"cq-plot-{measure}",
                              palette=PLOT_COLOURS)
                  for measure, title in MEASURES), id="cq-plots", classes="plot-grid")


def plot_key(history: Sequence[RoundRow]) -> Static:
    names = list(dict.fromkeys(row.name for row in history))
    key = Text()
    for index, name in enumerate(names):
        key.append("━━ ", style=f"color({PLOT_COLOURS[index % len(PLOT_COLOURS)]})")
        key.append(f"{name}   ")
    return Static(key, id="cq-plot-key", classes="plot-key")


class ConquestGameOverScreen(Screen[None]):
    """The end of the game; Escape goes back to the title."""

    CSS_PATH: ClassVar[CSSPaths] = [stylesheet("game_over"), stylesheet("conquest")]
    HELP_TITLE: ClassVar[str] = "End of the game"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back to the title", id="cq_over.close"),
        Binding("s", "tab('standings')", "Standings", id="cq_over.standings"),
        Binding("g", "tab('graphs')", "Graphs", id="cq_over.graphs"),
    ]

    def __init__(self, final: ConquestFinal, history: Sequence[RoundRow]) -> None:
        super().__init__(id="cq-game-over")
        self.final = final
        self.history = tuple(history)

    def compose(self) -> ComposeResult:
        yield Static(Text("THE GAME IS OVER", style="bold"), id="game-over-title")
        with TabbedContent(id="game-over-tabs", initial="standings"):
            with TabPane("Standings", id="standings"), VerticalScroll(id="standings-scroll"):
                yield Static(self.final.sentence, id="game-over-sentence", markup=False)
                yield Static(standings_table(self.final), id="standings-table")
            with TabPane("Graphs", id="graphs"):
                if len({row.round for row in self.history}) > 1:
                    yield plot_key(self.history)
                    yield plots(self.history)
                else:
                    yield Static("The game ended in its first round: there is nothing to plot.")
        yield KeyFooter()

    def action_tab(self, tab: str) -> None:
        """Switch between the standings and the graphs."""
        self.query_one(TabbedContent).active = tab

    def action_close(self) -> None:
        """Leave the finished game."""
        self.dismiss(None)


class ServedGameOverScreen(ConquestGameOverScreen, inherit_bindings=False):
    """The end of the game at a served seat: Escape closes the seat's window (it has no title
    screen to go back to)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="cq_over.close",
                tooltip="Close this seat's window"),
        Binding("s", "tab('standings')", "Standings", id="cq_over.standings"),
        Binding("g", "tab('graphs')", "Graphs", id="cq_over.graphs"),
    ]
