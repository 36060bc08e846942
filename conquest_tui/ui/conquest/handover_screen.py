"""The hand-over between Conquest players: names who plays next, shows nothing else of anyone
until the PIN (the bots' moves since, being public, are listed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from conquest_tui.session import SessionError
from conquest_tui.ui.conquest.door import ConquestDoor
from conquest_tui.ui.screens.handover import PinPrompt, clear_terminal
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from conquest_tui.session.conquest_seat import ConquestSeat

BOT_LINES_SHOWN = 40
"""The bots' last moves listed on the hand-over (the dice of their attacks left out)."""


def public_lines(lines: Sequence[str]) -> list[str]:
    """What the bots did, without each throw of the dice (their outcome is in the next line)."""
    kept = [line for line in lines if " against " not in line]
    return kept[-BOT_LINES_SHOWN:]


class ConquestHandoverScreen(Screen[None]):
    """"Name (Colour) — take the terminal; everyone else look away", the round, Enter."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "Hand-over"
    CSS_PATH: ClassVar[CSSPaths] = [stylesheet("handover"), stylesheet("conquest")]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", "Continue", id="cq_handover.continue",
                tooltip="Start this player's turn"),
        Binding("escape", "app.to_title", "Title", id="cq_handover.title",
                tooltip="Back to the title screen (the game is saved)"),
    ]

    class SeatTaken(Message):
        """The player took the keyboard (the PIN, if any, accepted): show their turn."""

        def __init__(self, seat: ConquestSeat) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, door: ConquestDoor, round_number: int, *, note: str = "",
                 bot_lines: Sequence[str] = ()) -> None:
        super().__init__(classes="cq-handover")
        self.door = door
        self.round_number = round_number
        self.note = note
        self.bot_lines = public_lines(bot_lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="cq-handover-top"), Center(id="handover-center"), \
                Vertical(id="handover-box"):
            yield Static(f"{self.door.label} — take the terminal;", id="handover-clan",
                         markup=False)
            yield Static("everyone else look away.", id="handover-away")
            yield Static(f"Conquest, round {self.round_number}", id="handover-turn")
            if self.note:
                yield Static(self.note, id="handover-note", markup=False)
            hint = "Press Enter to continue"
            if self.door.needs_pin:
                hint += " (you will be asked for your PIN)"
            yield Static(hint + ".", id="handover-hint")
        if self.bot_lines:
            with VerticalScroll(id="cq-bot-lines") as box:
                box.border_title = "The bots' moves"
                yield Static("\n".join(self.bot_lines), markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        clear_terminal(self.app)
        if self.bot_lines:
            self.query_one("#cq-bot-lines", VerticalScroll).scroll_end(animate=False)

    def on_screen_resume(self) -> None:
        clear_terminal(self.app)

    def action_continue(self) -> None:
        """Ask for the PIN if the seat has one, then the player's turn."""
        door = self.door

        def take(ok: bool | None = True) -> None:
            if not ok:
                return
            try:
                seat = door.seat
            except SessionError as error:
                self.notify(str(error), title="Cannot open the seat", severity="error",
                            markup=False)
                return
            self.post_message(self.SeatTaken(seat))

        if door.needs_pin:
            self.app.push_screen(PinPrompt(door.label, door), take)
        else:
            take()
