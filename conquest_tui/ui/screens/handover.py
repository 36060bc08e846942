"""The hand-over screen before each Clan's turn (reveals nothing), and its PIN prompt."""

from __future__ import annotations

import sys
from contextlib import suppress
from typing import ClassVar

from textual import on
from textual.app import ComposeResult, CSSPathType, SuspendNotSupported
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from conquest_tui.ui.pin import verify_pin
from conquest_tui.ui.stylesheets import stylesheet

PIN_TRIES = 3

CLEAR_SCROLLBACK = "\x1b[H\x1b[2J\x1b[3J"
"""Home, erase the screen, erase the scrollback (xterm, tmux, most terminals)."""


class PinPrompt(ModalScreen[bool]):
    """Ask for a Clan's PIN; True when it matches, False after three wrong tries or Escape."""

    CSS_PATH: ClassVar[CSSPathType] = stylesheet("dialogs")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="pin.cancel",
                tooltip="Back to the hand-over screen"),
    ]

    def __init__(self, clan_label: str, pin_hash: str) -> None:
        """Create the prompt.

        Args:
            clan_label: "Clan N (name)".
            pin_hash: The stored salted hash to check against.
        """
        super().__init__(classes="dialog-screen")
        self.clan_label = clan_label
        self.pin_hash = pin_hash
        self.tries_left = PIN_TRIES

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="pin-dialog") as box:
            box.border_title = "PIN"
            yield Static(f"{self.clan_label}: enter your PIN.", classes="dialog-question",
                         markup=False)
            yield Input(password=True, id="pin-input", max_length=32,
                        tooltip="Your Clan's PIN; Enter checks it")
            yield Static(f"{PIN_TRIES} tries.", id="pin-note", classes="dialog-detail")

    def on_mount(self) -> None:
        pin_input = self.query_one("#pin-input", Input)
        pin_input.cursor_blink = self.app.cursor_blink  # type: ignore[attr-defined]
        pin_input.focus()

    @on(Input.Submitted, "#pin-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if verify_pin(event.value, self.pin_hash):
            self.dismiss(True)
            return
        self.tries_left -= 1
        if self.tries_left <= 0:
            self.dismiss(False)
            return
        event.input.value = ""
        left = self.tries_left
        self.query_one("#pin-note", Static).update(
            f"Wrong PIN. {left} {'try' if left == 1 else 'tries'} left.")

    def action_cancel(self) -> None:
        """Back to the hand-over screen."""
        self.dismiss(False)


class HandoverScreen(Screen[None]):
    """"Clan N (name) — take the terminal; everyone else look away", the game turn, Enter."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "Hand-over"

    class TurnTaken(Message):
        """The Clan took the terminal (its PIN, if any, was accepted): show its game screen."""

        def __init__(self, clan_number: int) -> None:
            """Create the message.

            Args:
                clan_number: The Clan at the terminal.
            """
            super().__init__()
            self.clan_number = clan_number

    CSS_PATH: ClassVar[CSSPathType] = stylesheet("handover")
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
                 pin_hash: str = "", note: str = "") -> None:
        """Create the screen.

        Args:
            clan_number: The Clan about to play.
            clan_name: Its name.
            game_turn: The game turn being played.
            pin_hash: Its stored PIN hash ("" for no PIN).
            note: One line about the table, e.g. that a game turn ended (never Clan data).
        """
        super().__init__(id="handover")
        self.clan_number = clan_number
        self.clan_name = clan_name
        self.game_turn = game_turn
        self.pin_hash = pin_hash
        self.note = note

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
            if self.note:
                yield Static(self.note, id="handover-note", markup=False)
            hint = "Press Enter to continue"
            if self.pin_hash:
                hint += " (you will be asked for your PIN)"
            yield Static(hint + ".", id="handover-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.clear_scrollback()

    def on_screen_resume(self) -> None:
        self.clear_scrollback()

    def clear_scrollback(self) -> None:
        """Wipe the terminal, its scrollback and any toast so nothing of the last Clan shows.

        The app is suspended for the moment it takes (Textual's public way to write to the
        terminal itself); it redraws the hand-over screen when it resumes.
        """
        self.app.clear_notifications()
        if self.app.is_headless or self.app.is_web:
            return
        with suppress(SuspendNotSupported), self.app.suspend():
            sys.stdout.write(CLEAR_SCROLLBACK)
            sys.stdout.flush()

    def action_continue(self) -> None:
        """Ask for the PIN if the Clan has one, then let the Clan take its turn."""
        if not self.pin_hash:
            self.post_message(self.TurnTaken(self.clan_number))
            return

        def checked(ok: bool | None) -> None:
            if ok:
                self.post_message(self.TurnTaken(self.clan_number))
            else:
                self.notify("The PIN was not accepted.", title=self.clan_label, markup=False,
                            severity="warning")

        self.app.push_screen(PinPrompt(self.clan_label, self.pin_hash), checked)
