"""A standing order for an own territory: withdraw when attacked by so many armies or more
(to a neighbour of one's own, or giving the armies up), or defend it (W42-ATT-03)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Select, Static

from conquest_tui.games.conquest.actions import StandingOrder
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet

GIVE_UP = "-"
"""The choice "give the armies up" (no territory to withdraw to)."""


class OrdersDialog(ModalScreen[StandingOrder | None]):
    """Ask the threshold (0: defend) and where the armies withdraw to; Enter sets it."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("dialogs")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="cq_orders.cancel"),
    ]

    def __init__(self, territory: str, own_neighbours: Sequence[str],
                 current: StandingOrder | None) -> None:
        super().__init__(classes="dialog-screen")
        self.territory = territory
        self.neighbours = list(own_neighbours)
        self.current = current

    def compose(self) -> ComposeResult:
        now = (self.current.line() if self.current is not None
               else f"Defend {self.territory} (no standing order)")
        with Vertical(classes="dialog", id="cq-orders-dialog") as box:
            box.border_title = "Standing order"
            yield Static(f"When {self.territory} is attacked while you are away (an Attack, "
                         "never a Blitz): withdraw its armies if the attacker has this many "
                         "armies or more; 0 defends it.", classes="dialog-question",
                         markup=False)
            yield Static(f"Now: {now}.", classes="dialog-detail", markup=False)
            threshold = self.current.threshold if self.current is not None else 0
            yield Input(str(threshold), id="cq-threshold", type="integer", max_length=4)
            choices = [("give the armies up", GIVE_UP)] + [(f"withdraw to {n}", n)
                                                          for n in self.neighbours]
            where = self.current.to if self.current is not None and self.current.to else GIVE_UP
            yield Select(choices, value=where if where in (GIVE_UP, *self.neighbours)
                         else GIVE_UP, allow_blank=False, id="cq-withdraw-to")
            yield Static("Enter in the number sets the order; Esc leaves it as it is.",
                         id="cq-orders-note", classes="dialog-detail", markup=False)

    def on_mount(self) -> None:
        self.query_one("#cq-threshold", Input).focus()

    @on(Input.Submitted, "#cq-threshold")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text.isdigit():
            self.query_one("#cq-orders-note", Static).update(
                "Write a number of armies (0 defends the territory).")
            return
        to = self.query_one("#cq-withdraw-to", Select).value
        self.dismiss(StandingOrder(self.territory, int(text),
                                   to if isinstance(to, str) and to != GIVE_UP else ""))

    def action_cancel(self) -> None:
        self.dismiss(None)
