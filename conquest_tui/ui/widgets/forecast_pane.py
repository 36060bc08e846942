"""The forecast pane: what the sheet will do, pulse by pulse, worked out off the UI thread."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from conquest_tui.engine.face import forecast_text, hide_rule_ids

if TYPE_CHECKING:
    from conquest_tui.engine.face import ConvoyForecast, Forecast
    from conquest_tui.session import Seat
    from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane

DEBOUNCE_SECONDS = 0.5
"""The forecast is worked out this long after the last change to the sheet."""

WAITING = "The forecast follows when you stop typing."

NARROW_COLUMNS: tuple[str, ...] = ("Pulse", "Hex", "Fuel", "Troops", "")
"""The pulse table's columns in a narrow pane."""


class ForecastPane(Widget):
    """Per convoy a pulse table (pulse, hex, fuel, food, parts, troops) and the Clan's money
    after the turn: the Clan's own turn run on a private copy that holds only what it knows."""

    TITLE = "Forecast"

    @dataclass
    class Ready(Message):
        """A forecast of the sheet as it is now has been worked out."""

        forecast: Forecast
        text: str
        """The sheet it is the forecast of."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name for it
        """Create an empty pane; `follow` gives it a Clan's seat.

        Args:
            id: The widget's DOM id.
        """
        super().__init__(id=id)
        self._seat: Seat | None = None
        self._timer: Timer | None = None
        self._sheet: OrderSheetPane | None = None
        self._undrawn = False
        """Whether `forecast` waits to be drawn until the pane is on screen."""
        self._pending = ""
        self._shown_text: str | None = None
        """The sheet the forecast shown is of."""
        self.forecast: Forecast | None = None
        """The last forecast shown."""
        self.border_title = self.TITLE

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="forecast-scroll"):
            yield Static(WAITING, id="forecast-money", markup=False)
            yield Static("", id="forecast-body", markup=False)

    def follow(self, seat: Seat, sheet: OrderSheetPane) -> Forecast | None:
        """Forecast this Clan's sheet now (here, once: the screen opens with it; a few
        milliseconds, some 30 on a 20-Clan late game), then in a thread each time typing in it
        stops.

        Args:
            seat: The seat of the Clan writing the sheet (the forecast plays a copy).
            sheet: The order sheet pane (mounted) whose edits are followed.

        Returns:
            The forecast of the sheet now (None when there is no turn to forecast).
        """
        self._seat, self._sheet = seat, sheet
        self.watch(sheet.editor, "revision", self.sheet_changed, init=False)
        try:
            forecast = seat.forecast(sheet.text)
        except ValueError:  # the game is over: there is no turn to forecast
            return None
        self._shown_text = sheet.text
        self.show(forecast)
        return forecast

    @property
    def settled(self) -> bool:
        """Whether the forecast shown is of the sheet as it is now (no forecast to come)."""
        return self._sheet is not None and self._timer is None and \
            self._shown_text == self._sheet.text

    def sheet_changed(self) -> None:
        """The sheet changed: work the forecast out again once typing stops (a keystroke
        only restarts a timer)."""
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(DEBOUNCE_SECONDS, self._work_out)

    def _work_out(self) -> None:
        self._timer = None
        if self._seat is not None and self._sheet is not None:
            self._pending = self._sheet.text
            self._forecast(self._seat, self._pending)

    @work(thread=True, exclusive=True, group="forecast", exit_on_error=False)
    def _forecast(self, seat: Seat, text: str) -> None:
        from textual.worker import get_current_worker

        try:
            forecast = seat.forecast(text)
        except ValueError:  # the game is over: there is no turn to forecast
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._arrived, forecast, text)

    def _arrived(self, forecast: Forecast, text: str) -> None:
        if self._sheet is None or text != self._sheet.text:
            return  # typed on since: a newer forecast follows
        # The screen hears of it first (the money after the turn, the sheet's warnings), then
        # the pane draws it, one after the other in the screen's queue: one frame, not two.
        screen = self.screen
        screen.post_message(self.Ready(forecast, text))
        screen.call_later(self._draw_arrived, forecast, text)

    def _draw_arrived(self, forecast: Forecast, text: str) -> None:
        self._shown_text = text
        self.show(forecast)

    def show(self, forecast: Forecast) -> None:
        """Show a forecast: the money line, then each convoy's pulse table (drawn when the
        pane is on screen; a forecast like the one shown changes nothing)."""
        if forecast == self.forecast and not self._undrawn:
            return
        self.forecast = forecast
        self._undrawn = not self.display or not self.is_mounted or not self.size.width
        if self._undrawn:
            return
        money = Text(f"Money {forecast_text.money_line(forecast)}", style="bold")
        money.append(f"\n{forecast_text.stock_line(forecast)}", style="")
        self.query_one("#forecast-money", Static).update(money)
        body = Table.grid(padding=(0, 0))
        body.add_column()
        failures = [f"line {found.line}: {hide_rule_ids(forecast_text.problem_sentence(found))}"
                    for found in forecast.problems]
        if failures:
            body.add_row(Text("\n".join(failures), style="yellow"))
        room = self.content_region.width - 3 if self.is_mounted else 0  # padding, scrollbar
        for convoy in forecast.convoys:
            table = self._convoy_table(forecast, convoy, forecast_text.COLUMNS)
            if 0 < room < self._width(table):  # narrow: food is in the line above
                table = self._convoy_table(forecast, convoy, NARROW_COLUMNS)
            body.add_row(table)
        body.add_row(Text(forecast_text.cannot_know(forecast), style="dim italic"))
        self.query_one("#forecast-body", Static).update(body)

    def on_resize(self) -> None:
        if self.forecast is not None:  # shown again (F3) or another width: drawn anew
            self._undrawn = True
            self.show(self.forecast)

    def _width(self, table: Table) -> int:
        from rich.measure import Measurement

        console = self.app.console
        return Measurement.get(console, console.options, table).maximum

    @staticmethod
    def _convoy_table(forecast: Forecast, convoy: ConvoyForecast,
                      columns: tuple[str, ...]) -> Table:
        table = Table(title=Text(forecast_text.convoy_title(convoy)), title_justify="left",
                      box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False,
                      header_style="bold", expand=False)
        kept = [forecast_text.COLUMNS.index(column) for column in columns]
        for column in columns:
            table.add_column(column, justify="left" if column in ("Hex", "") else "right",
                             no_wrap=True)
        for row in forecast_text.convoy_rows(forecast, convoy):
            style = "yellow" if row[-1] else ""
            table.add_row(*(Text(row[index]) for index in kept), style=style)
        return table
