"""The hand-over screen before each Clan's turn (reveals nothing), and its PIN prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from conquest_tui.ui.pin import verify_pin
from conquest_tui.ui.screens.dialogs import DIALOG_CSS

if TYPE_CHECKING:
    from conquest_tui.ui.app import ConquestApp

PIN_TRIES = 3

CLEAR_SCROLLBACK = "\x1b[H\x1b[2J\x1b[3J"
"""Home, erase the screen, erase the scrollback (xterm, tmux, most terminals)."""


class PinPrompt(ModalScreen[bool]):
    """Ask for a Clan's PIN; True when it matches, False after three wrong tries or Escape."""

    SCOPED_CSS: ClassVar[bool] = False
    DEFAULT_CSS: ClassVar[str] = DIALOG_CSS

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

    SCOPED_CSS: ClassVar[bool] = False
    DEFAULT_CSS: ClassVar[str] = """
    #handover {
        align: center middle;
    }
    #handover-center {
        height: auto;
    }
    #handover-box {
        width: auto;
        max-width: 100%;
        height: auto;
        border: thick $warning;
        padding: 1 4;
    }
    #handover-box > Static {
        width: auto;
        text-align: center;
    }
    #handover-clan {
        text-style: bold;
        color: $warning;
    }
    #handover-turn {
        margin-top: 1;
    }
    #handover-note {
        color: $text-muted;
    }
    #handover-hint {
        margin-top: 1;
        text-style: bold;
    }
    """
    """The screen's layout, loaded with the screen (not at start-up); unscoped, as in app.tcss."""

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
    def conquest(self) -> ConquestApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

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
        """Wipe the terminal, its scrollback and any toast so nothing of the last Clan shows."""
        self.app.clear_notifications()
        driver = self.app._driver  # noqa: SLF001 - Textual has no public hook for this
        if driver is None or self.app.is_headless or self.app.is_web:
            return
        driver.write(CLEAR_SCROLLBACK)
        driver.flush()
        self.app.refresh(repaint=True, layout=True)

    def action_continue(self) -> None:
        """Ask for the PIN if the Clan has one, then open its game screen."""
        if not self.pin_hash:
            self.conquest.begin_turn(self.clan_number)
            return

        def checked(ok: bool | None) -> None:
            if ok:
                self.conquest.begin_turn(self.clan_number)
            else:
                self.notify("The PIN was not accepted.", title=self.clan_label, markup=False,
                            severity="warning")

        self.app.push_screen(PinPrompt(self.clan_label, self.pin_hash), checked)
