"""The history screen: the turn log, each past report in full, and plots of the Clan's figures."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option
from textual_plotext import PlotextPlot

from conquest_tui.engine.face import History, Series, hide_rule_ids, log_line
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from conquest_tui.session.seat import Seat

REBUILDING = "Rebuilding this report from the game's sheets…"
"""Shown while an old report the save did not keep is rebuilt by replay (in a worker)."""

PLOTS: tuple[tuple[str, str], ...] = (
    ("popularity", "Popularity"),
    ("income", "Income ($)"),
    ("hexes", "Hexes"),
    ("cities", "Cities"),
)
"""The measures plotted, with their titles."""

PALETTE: tuple[int, ...] = (9, 10, 12, 11, 14, 13, 208, 15, 141, 118, 39, 199, 214, 250, 160,
                            34, 27, 226, 51, 201)
"""One 256-colour number per Clan line (the same in the plots and in their key)."""

NO_TURNS = "No past turns yet: your first report is kept here once you end your first turn."
NO_FIGURES = "The plots start once the first game turn is over."


class FiguresPlot(PlotextPlot):
    """One measure per game turn, a line per Clan in its colour (`PALETTE`, see `plot_key`)."""

    def __init__(self, title: str, lines: list[tuple[str, Series]], *, widget_id: str,
                 palette: tuple[int, ...] = PALETTE) -> None:
        """Create the plot.

        Args:
            title: The plot's title ("Popularity").
            lines: (label, points) per Clan, coloured in the palette's order.
            widget_id: The widget's id.
            palette: The 256-colour numbers of the lines, in order (default PALETTE).
        """
        super().__init__(id=widget_id, classes="figures-plot")
        self.title_text = title
        self.lines = lines
        self.palette = palette

    def on_mount(self) -> None:
        super().on_mount()
        plt = self.plt
        plt.title(self.title_text)
        turns: list[float] = sorted({turn for _, points in self.lines for turn, _ in points})
        if turns:
            plt.xticks(turns if len(turns) <= 12 else turns[:: max(1, len(turns) // 8)])
        values = [value for _, points in self.lines for _, value in points]
        if values:
            ticks = whole_ticks(min(values), max(values))
            plt.ylim(ticks[0], ticks[-1])
            plt.yticks([*ticks], [f"{tick:,}" for tick in ticks])
        for index, (_, points) in enumerate(self.lines):
            if points:
                plt.plot([turn for turn, _ in points], [value for _, value in points],
                         marker="braille", color=self.palette[index % len(self.palette)])


def whole_ticks(low: int, high: int, most: int = 5) -> list[int]:
    """At most `most` whole-number ticks from `low` (or just under) to at least `high`."""
    if low == high:
        low, high = max(0, low - 1), high + 1
    step = max(1, -(-(high - low) // (most - 1)))
    return list(range(low, high + step, step))


def plot_grid(history: History, clans: list[int]) -> Grid:
    """The four plots, each with a line for every Clan in `clans`."""
    plots = [FiguresPlot(title, [(f"{history.names[n]}", history.series[n][measure])
                                 for n in clans if n in history.series],
                         widget_id=f"plot-{measure}")
             for measure, title in PLOTS]
    return Grid(*plots, classes="plot-grid")


def plot_key(history: History, clans: list[int]) -> Static:
    """Which colour is which Clan, on one line above the plots."""
    key = Text()
    for index, number in enumerate(n for n in clans if n in history.series):
        key.append("  ━━ " if index else "━━ ", style=f"color({PALETTE[index % len(PALETTE)]})")
        key.append(f"{number} {history.names[number]}")
    return Static(key, classes="plot-key")


def has_figures(history: History) -> bool:
    """Whether any game turn has ended yet (there is something to plot)."""
    return any(points for by in history.series.values() for points in by.values())


def report_text(text: str) -> Text:
    """A kept report as plain text, the rulebook references hidden (never markup)."""
    return Text(hide_rule_ids(text))


class HistoryScreen(Screen[None]):
    """The Clan's past: a turn log, the report of the turn selected, and plots; Escape returns."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("history")
    HELP_TITLE: ClassVar[str] = "History"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,H", "close", "Back to the game", id="history.close",
                tooltip="Close the history"),
        Binding("l", "tab('log')", "Turn log", id="history.log", priority=True,
                tooltip="The list of past turns and their reports"),
        Binding("p", "tab('plots')", "Plots", id="history.plots", priority=True,
                tooltip="Popularity, income, hexes and cities per game turn"),
    ]

    def __init__(self, history: History, seat: Seat | None = None) -> None:
        """Create the screen.

        Args:
            history: The Clan's past reports and the figures it may see.
            seat: The Clan's seat, which rebuilds the old reports the save did not keep.
        """
        super().__init__(classes="history-screen")
        self.history = history
        self.seat = seat
        self._shown = 0

    def compose(self) -> ComposeResult:
        history = self.history
        title = Text(f"History of Clan {history.clan} ({history.clan_name})", style="bold")
        count = len(history.turns)
        title.append(f" — {count} past {'turn' if count == 1 else 'turns'}")
        yield Static(title, id="history-title")
        with TabbedContent(id="history-tabs", initial="log"):
            with TabPane("Turn log", id="log"):
                if history.turns:
                    yield OptionList(*(Option(Text(log_line(t.game_turn, t.summary)),
                                              id=f"turn-{t.game_turn}")
                                       for t in reversed(history.turns)), id="turn-log")
                    with VerticalScroll(id="history-report"):
                        yield Static(report_text(history.turns[-1].text), id="history-text")
                else:
                    yield Static(NO_TURNS, id="history-empty")
            with TabPane("Plots", id="plots"):
                if has_figures(history):
                    yield plot_grid(history, [history.clan])
                else:
                    yield Static(NO_FIGURES, id="plots-empty")
        yield KeyFooter()

    def on_mount(self) -> None:
        """The turn log takes the keys: arrows go from turn to turn."""
        self._focus_log()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """Back on the turn log, its list takes the keys again."""
        if event.pane.id == "log":
            self._focus_log()

    def _focus_log(self) -> None:
        for log in self.query("#turn-log").results(OptionList):
            log.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the report of the turn highlighted in the log."""
        option_id = event.option.id or ""
        if not option_id.startswith("turn-"):
            return
        past = self.history.turn(int(option_id.removeprefix("turn-")))
        if past is None:
            return
        self._shown = past.game_turn
        text = past.text
        if self.seat is not None and not self.seat.report_kept(past.game_turn):
            text = REBUILDING  # rebuilt in a worker: replaying a long game takes a while
            self.run_worker(lambda: self._rebuild(past.game_turn), thread=True,
                            group="rebuild", exclusive=True)
        self.query_one("#history-text", Static).update(report_text(text))
        self.query_one("#history-report", VerticalScroll).scroll_home(animate=False)

    def _rebuild(self, game_turn: int) -> None:
        """In a worker thread: rebuild the report and show it if its turn is still chosen."""
        assert self.seat is not None
        text = self.seat.past_report(game_turn)
        self.app.call_from_thread(self._rebuilt, game_turn, text)

    def _rebuilt(self, game_turn: int, text: str) -> None:
        if game_turn == self._shown:
            self.query_one("#history-text", Static).update(report_text(text))

    def action_tab(self, tab: str) -> None:
        """Switch to the turn log or the plots."""
        self.set_focus(None)  # a focused list would pull its own tab back to the front
        self.query_one(TabbedContent).active = tab

    def action_close(self) -> None:
        """Back to the game screen."""
        self.dismiss(None)
