"""The odds of a fight for the selected convoy at the map cursor's hex, in words (issue 14/27)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from conquest_tui.ui.stylesheets import CSSPaths, stylesheet

if TYPE_CHECKING:
    from conquest_tui.engine.face import ClanView
    from conquest_tui.session import Seat

WORKING = "Working out the odds…"


def odds_table(seat: Seat, view: ClanView, convoy_number: int, hex_id: str,
               sheet: str = "") -> Table | str:
    """The estimates as a two-column table of words, or the sentence saying why there are none.
    In the convoy's own hex a city not its own is invaded; any other hex is entered (and its
    city invaded), the convoy as the sheet brings it there."""
    from conquest_tui.engine.face import odds_text
    from conquest_tui.session import NoOdds

    convoy = next((info for info in view.convoys() if info.number == convoy_number), None)
    city = view.city_info(hex_id) if convoy is not None and hex_id == convoy.hex else None
    try:
        found = seat.odds(convoy_number, hex_id,
                          attack_city=city is not None and city.owner != view.number, sheet=sheet)
    except NoOdds as error:
        return str(error)
    table = Table.grid(padding=(0, 2), expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1, overflow="fold")
    for index, estimate in enumerate(found):
        if index:
            table.add_row("", "")
        for label, words in odds_text.rows(estimate, view.rules):
            table.add_row(label, words)
    return table


class OddsScreen(ModalScreen[None]):
    """A small modal: the odds worked out in a thread, shown in words; Escape closes it."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("odds")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,o", "close", "Close", id="odds.close", tooltip="Close the odds"),
    ]

    def __init__(self, seat: Seat, view: ClanView, convoy_number: int, hex_id: str,
                 sheet: str = "") -> None:
        """Create the screen.

        Args:
            seat: The Clan's seat (the estimate reads only its own convoy and its view).
            view: The Clan's view: everything it knows of the other side.
            convoy_number: The Clan's convoy that fights.
            hex_id: The hex it fights in: its own, or any other it would enter.
            sheet: The order sheet as written: the convoy is taken as it brings it there.
        """
        super().__init__(classes="odds-screen")
        self.seat = seat
        self.view = view
        self.convoy_number = convoy_number
        self.hex_id = hex_id
        self.sheet = sheet
        self.answer: Table | str | None = None
        """The odds once worked out (a table), or why there are none (a sentence)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="odds-box") as box:
            box.border_title = f"Odds: convoy #{self.convoy_number} in {self.hex_id}"
            box.border_subtitle = "Escape: close"
            yield Static(WORKING, id="odds-body", markup=False)

    def on_mount(self) -> None:
        self.run_worker(self._work_out, thread=True, exclusive=True, group="odds")

    def _work_out(self) -> None:
        try:
            answer = odds_table(self.seat, self.view, self.convoy_number, self.hex_id,
                                self.sheet)
        except Exception:  # a bug must not close the game with the sheet being written
            answer = "The odds could not be worked out."
        self.app.call_from_thread(self._show, answer)

    def _show(self, answer: Table | str) -> None:
        self.answer = answer
        self.query_one("#odds-body", Static).update(answer)

    def action_close(self) -> None:
        """Close the odds."""
        self.dismiss(None)
