"""What other Clans did to this one since its last turn: the first thing it reads (CC-SEQ-16)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from conquest_tui.ui.screens.dialogs import AcknowledgeDialog


class SinceLastTurnScreen(AcknowledgeDialog):
    """The sentences of what happened to the Clan while others played, until Enter or Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="since.close", tooltip="Close and play the turn"),
    ]

    OK_LABEL: ClassVar[str] = "Play my turn"
    BOX_ID: ClassVar[str | None] = "since-dialog"

    def __init__(self, sentences: Sequence[str]) -> None:
        """Create the screen.

        Args:
            sentences: What happened, one sentence each, in the order it happened.
        """
        super().__init__("Since your last turn")
        self.sentences = tuple(sentences)

    def body(self) -> ComposeResult:
        with VerticalScroll(id="since-list"):
            for sentence in self.sentences:
                yield Static(f"• {sentence}", classes="since-event", markup=False)
