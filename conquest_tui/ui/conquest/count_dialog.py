"""Ask how many armies (to place, to move in, to move): a number within the rule's bounds."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from conquest_tui.ui.stylesheets import CSSPaths, stylesheet


class CountDialog(ModalScreen[int | None]):
    """A number from `low` to `high` (Enter), or nothing (Escape)."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("dialogs")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="cq_count.cancel"),
    ]

    def __init__(self, question: str, low: int, high: int, default: int,
                 title: str = "How many?") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.low, self.high = low, high
        self.default = max(low, min(high, default))
        self.dialog_title = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="cq-count-dialog") as box:
            box.border_title = self.dialog_title
            yield Static(self.question, classes="dialog-question", markup=False)
            yield Input(str(self.default), id="cq-count", type="integer", max_length=4)
            yield Static(f"From {self.low} to {self.high}; Enter to confirm, Esc to cancel.",
                         id="cq-count-note", classes="dialog-detail", markup=False)

    def on_mount(self) -> None:
        field = self.query_one("#cq-count", Input)
        field.cursor_blink = bool(getattr(self.app, "cursor_blink", True))
        field.focus()

    @on(Input.Submitted, "#cq-count")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text.isdigit() and self.low <= int(text) <= self.high:
            self.dismiss(int(text))
            return
        self.query_one("#cq-count-note", Static).update(
            f"Choose a number from {self.low} to {self.high}.")

    def action_cancel(self) -> None:
        self.dismiss(None)
