"""Choose a set of Conquest cards to cash in (or keep the cards, when one may)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from conquest_tui.games.conquest.actions import Action, CashSet, KeepCards, armies
from conquest_tui.ui.conquest.words import set_words
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet


class CardsDialog(ModalScreen[Action | None]):
    """The sets the hand can make, each with its worth; Enter cashes the one highlighted."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("dialogs")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="cq_cards.cancel"),
    ]

    def __init__(self, choices: Sequence[Action], worth: int, must: bool) -> None:
        super().__init__(classes="dialog-screen")
        self.choices = [c for c in choices if isinstance(c, CashSet | KeepCards)]
        self.worth = worth
        self.must = must

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="cq-cards-dialog") as box:
            box.border_title = "Cash a set"
            question = (f"A set is worth {armies(self.worth)} now."
                        + (" With five or more cards you must cash one." if self.must else ""))
            yield Static(question, classes="dialog-question", markup=False)
            options = []
            for index, choice in enumerate(self.choices):
                words = ("Keep the cards for now" if isinstance(choice, KeepCards)
                         else f"Cash in {set_words(choice.cards)}")
                options.append(Option(words, id=str(index)))
            yield OptionList(*options, id="cq-cards")
            yield Static("Enter chooses; Esc goes back to the map.", classes="dialog-detail")

    def on_mount(self) -> None:
        self.query_one("#cq-cards", OptionList).focus()

    @on(OptionList.OptionSelected, "#cq-cards")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)
