"""The hand-over screen before each Clan's turn (reveals nothing), and its PIN prompt."""

from __future__ import annotations

import sys
from contextlib import suppress
from typing import TYPE_CHECKING, ClassVar, Protocol

from textual import on
from textual.app import App, ComposeResult, SuspendNotSupported
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from conquest_tui.pins.backoff import Verdict, try_again
from conquest_tui.session import SessionError
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from textual.timer import Timer

    from conquest_tui.pins.backoff import PinAnswer
    from conquest_tui.session import Seat, SeatDoor


def clear_terminal(app: App[object]) -> None:
    """Wipe the terminal, its scrollback and any toast (nothing of the last player shows).

    The app is suspended for the moment it takes (Textual's public way to write to the
    terminal itself); it redraws the screen when it resumes."""
    app.clear_notifications()
    if app.is_headless or app.is_web:
        return
    with suppress(SuspendNotSupported), app.suspend():
        sys.stdout.write(CLEAR_SCROLLBACK)
        sys.stdout.flush()


class PinDoor(Protocol):
    """What the PIN prompt asks of a seat's door (either game's): the wait, hearing a PIN."""

    def wait(self) -> int: ...

    def attempt(self, pin: str) -> PinAnswer: ...

CLEAR_SCROLLBACK = "\x1b[H\x1b[2J\x1b[3J"
"""Home, erase the screen, erase the scrollback (xterm, tmux, most terminals)."""


class PinPrompt(ModalScreen[bool]):
    """Ask for a Clan's PIN; True when it is right, False on Escape.

    After wrong PINs the seat backs off (pins/backoff.py): while it waits the prompt says for
    how long and takes no input.
    """

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("dialogs")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="pin.cancel",
                tooltip="Back to the hand-over screen"),
    ]

    TICK: ClassVar[float] = 0.25
    """Seconds between updates of the wait shown."""

    def __init__(self, clan_label: str, door: PinDoor) -> None:
        """Create the prompt.

        Args:
            clan_label: "Clan N (name)".
            door: The Clan's seat behind its PIN (the wait, and hearing a PIN).
        """
        super().__init__(classes="dialog-screen")
        self.clan_label = clan_label
        self.door = door
        self.wrong = False
        """Whether a PIN given at this prompt was wrong."""
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="pin-dialog") as box:
            box.border_title = "PIN"
            yield Static(f"{self.clan_label}: enter your PIN.", classes="dialog-question",
                         markup=False)
            yield Input(password=True, id="pin-input", max_length=32,
                        tooltip="Your Clan's PIN; Enter checks it")
            yield Static("", id="pin-note", classes="dialog-detail", markup=False)

    def on_mount(self) -> None:
        pin_input = self.query_one("#pin-input", Input)
        pin_input.cursor_blink = self.app.cursor_blink  # type: ignore[attr-defined]  # ConquestApp
        self._show_wait(self.door.wait())

    @property
    def note(self) -> str:
        """The line under the PIN: "Wrong PIN.", "Try again in N seconds." or ""."""
        return str(self.query_one("#pin-note", Static).content)

    def _show_wait(self, wait: int) -> None:
        """Take input again, or say how long the seat waits and take none meanwhile."""
        pin_input = self.query_one("#pin-input", Input)
        words = ["Wrong PIN."] if self.wrong else []
        if wait:
            words.append(try_again(wait))
            if self._timer is None:
                self._timer = self.set_interval(self.TICK, self._tick)
        elif self._timer is not None:
            self._timer.stop()
            self._timer = None
        if " ".join(words) != self.note:
            self.query_one("#pin-note", Static).update(" ".join(words))
        pin_input.disabled = bool(wait)
        if not wait:
            pin_input.focus()

    def _tick(self) -> None:
        self._show_wait(self.door.wait())

    @on(Input.Submitted, "#pin-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        pin, event.input.value = event.value, ""
        try:
            answer = self.door.attempt(pin)
        except SessionError as error:  # the wrong PIN could not be counted: nothing opens
            self.query_one("#pin-note", Static).update(f"Wrong PIN. {error}")
            return
        if answer.verdict is Verdict.ACCEPTED:
            self.dismiss(True)
            return
        self.wrong = self.wrong or answer.verdict is Verdict.WRONG
        self._show_wait(answer.wait)

    def action_cancel(self) -> None:
        """Back to the hand-over screen."""
        self.dismiss(False)


class HandoverScreen(Screen[None]):
    """"Clan N (name) — take the terminal; everyone else look away", the game turn, Enter."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "Hand-over"

    class TurnTaken(Message):
        """The Clan took the terminal (its PIN, if any, was accepted): show its game screen."""

        def __init__(self, seat: Seat) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan at the terminal, open.
            """
            super().__init__()
            self.seat = seat

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("handover")
    """Its layout, read when the screen is first shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", "Continue", id="handover.continue",
                tooltip="Start this Clan's turn"),
        Binding("ctrl+s", "app.save_and_quit", "Save & quit", id="handover.save_quit",
                tooltip="Save the game and leave"),
        Binding("escape", "app.to_title", "Title", id="handover.title",
                tooltip="Save and go back to the title screen"),
    ]

    def __init__(self, clan_number: int, clan_name: str, game_turn: int, *,
                 door: SeatDoor, note: str = "", house_rules: tuple[str, ...] = ()) -> None:
        """Create the screen.

        Args:
            clan_number: The Clan about to play.
            clan_name: Its name.
            game_turn: The game turn being played.
            door: Its seat, behind its PIN if it has one.
            note: One line about the table, e.g. that a game turn ended (never Clan data).
            house_rules: The titles of the house rules in play (the table's, no Clan's).
        """
        super().__init__(classes="handover")
        self.clan_number = clan_number
        self.clan_name = clan_name
        self.game_turn = game_turn
        self.door = door
        self.note = note
        self.house_rules = house_rules

    @property
    def clan_label(self) -> str:
        """"Clan N (name)"."""
        return f"Clan {self.clan_number} ({self.clan_name})"

    def compose(self) -> ComposeResult:
        with Center(id="handover-center"), Vertical(id="handover-box"):
            yield Static(f"{self.clan_label} — take the terminal;", id="handover-clan",
                         markup=False)
            yield Static("everyone else look away.", id="handover-away")
            yield Static(f"Game turn {self.game_turn}", id="handover-turn")
            if self.house_rules:
                yield Static(f"House rules: {', '.join(self.house_rules)}.", id="handover-house",
                             markup=False)
            if self.note:
                yield Static(self.note, id="handover-note", markup=False)
            hint = "Press Enter to continue"
            if self.door.needs_pin:
                hint += " (you will be asked for your PIN)"
            yield Static(hint + ".", id="handover-hint")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.clear_scrollback()

    def on_screen_resume(self) -> None:
        self.clear_scrollback()

    def clear_scrollback(self) -> None:
        """Wipe the terminal, its scrollback and any toast so nothing of the last Clan shows.

        The app is suspended for the moment it takes (Textual's public way to write to the
        terminal itself); it redraws the hand-over screen when it resumes.
        """
        clear_terminal(self.app)

    def action_continue(self) -> None:
        """Ask for the PIN if the Clan has one, then let the Clan take its turn."""
        door = self.door

        def take() -> None:
            try:
                seat = door.seat
            except SessionError as error:  # a damaged save: nothing of the Clan opens
                self.notify(str(error), title="Cannot open the seat", severity="error",
                            markup=False)
                return
            self.post_message(self.TurnTaken(seat))

        if not door.needs_pin:
            take()
            return

        def checked(ok: bool | None) -> None:
            if ok:
                take()

        self.app.push_screen(PinPrompt(self.clan_label, door), checked)
