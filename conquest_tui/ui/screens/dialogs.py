"""Small modal dialogs: a yes/no confirmation and a message to acknowledge."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult, CSSPathType
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from conquest_tui.ui.stylesheets import stylesheet


class ConfirmDialog(ModalScreen[bool]):
    """Ask a yes/no question; dismisses with True for yes."""

    CSS_PATH: ClassVar[CSSPathType] = stylesheet("dialogs")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", id="dialog.yes", tooltip="Answer yes"),
        Binding("n,escape", "answer(False)", "No", id="dialog.no", tooltip="Answer no"),
    ]

    def __init__(self, question: str, detail: str = "", *, yes: str = "Yes",
                 no: str = "No", title: str = "Confirm") -> None:
        """Create the dialog.

        Args:
            question: The question, one sentence.
            detail: More text under the question (optional).
            yes: Label of the yes button.
            no: Label of the no button.
            title: The dialog's border title.
        """
        super().__init__(classes="dialog-screen")
        self.question = question
        self.detail = detail
        self.yes_label = yes
        self.no_label = no
        self.dialog_title = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self.dialog_title
            yield Static(self.question, classes="dialog-question", markup=False)
            if self.detail:
                yield Static(self.detail, classes="dialog-detail", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes_label} (y)", id="yes", variant="primary",
                             tooltip="Answer yes (y)")
                yield Button(f"{self.no_label} (n)", id="no", tooltip="Answer no (n, Escape)")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class MessageDialog(ModalScreen[None]):
    """Show a message until Enter or Escape."""

    CSS_PATH: ClassVar[CSSPathType] = stylesheet("dialogs")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close this message"),
    ]

    def __init__(self, message: str, *, title: str = "Note") -> None:
        """Create the dialog.

        Args:
            message: The text to show.
            title: The dialog's border title.
        """
        super().__init__(classes="dialog-screen")
        self.message = message
        self.dialog_title = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self.dialog_title
            yield Static(self.message, classes="dialog-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", tooltip="Close (Enter, Escape)")

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        """Close the message."""
        self.dismiss(None)
