"""Small modal dialogs: a yes/no confirmation and a message to acknowledge."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from conquest_tui.ui.stylesheets import CSSPaths, stylesheet


class ConfirmDialog(ModalScreen[bool]):
    """Ask a yes/no question; dismisses with True for yes."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("dialogs")

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


class AcknowledgeDialog(ModalScreen[None]):
    """A dialog read and closed with its one button, Enter or Escape; subclasses say what it
    shows (`body`), its button's label and its Escape binding."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("dialogs")

    OK_LABEL: ClassVar[str] = "OK"
    """The label of the one button."""

    BOX_ID: ClassVar[str | None] = None
    """The id of the dialog's box, for a stylesheet rule of its own."""

    def __init__(self, title: str) -> None:
        """Create the dialog.

        Args:
            title: The dialog's border title.
        """
        super().__init__(classes="dialog-screen")
        self.dialog_title = title

    def body(self) -> ComposeResult:
        """What the dialog shows above its button."""
        yield from ()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id=self.BOX_ID) as box:
            box.border_title = self.dialog_title
            yield from self.body()
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.OK_LABEL, id="ok", variant="primary",
                             tooltip="Close (Enter, Escape)")

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        """Close the dialog."""
        self.dismiss(None)


class MessageDialog(AcknowledgeDialog):
    """Show a message until Enter or Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="dialog.close", tooltip="Close this message"),
    ]

    def __init__(self, message: str, *, title: str = "Note") -> None:
        """Create the dialog.

        Args:
            message: The text to show.
            title: The dialog's border title.
        """
        super().__init__(title)
        self.message = message

    def body(self) -> ComposeResult:
        yield Static(self.message, classes="dialog-question", markup=False)
