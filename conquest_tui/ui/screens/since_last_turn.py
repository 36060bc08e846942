"""What other Clans did to this one since its last turn: the first thing it reads (CC-SEQ-16)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult, CSSPathType
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from conquest_tui.ui.stylesheets import stylesheet


class SinceLastTurnScreen(ModalScreen[None]):
    """The sentences of what happened to the Clan while others played, until Enter or Escape."""

    CSS_PATH: ClassVar[CSSPathType] = stylesheet("dialogs")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="since.close", tooltip="Close and play the turn"),
    ]

    def __init__(self, sentences: Sequence[str]) -> None:
        """Create the screen.

        Args:
            sentences: What happened, one sentence each, in the order it happened.
        """
        super().__init__(classes="dialog-screen")
        self.sentences = tuple(sentences)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="since-dialog") as box:
            box.border_title = "Since your last turn"
            with VerticalScroll(id="since-list"):
                for sentence in self.sentences:
                    yield Static(f"• {sentence}", classes="since-event", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play my turn", id="ok", variant="primary",
                             tooltip="Close (Enter, Escape)")

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        """Close and go on to the turn."""
        self.dismiss(None)
