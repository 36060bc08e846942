"""A served Conquest seat's door: the player's name, the round, whose turn it is, Enter."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Static

from conquest_tui.ui.conquest.handover_screen import ConquestHandoverScreen
from conquest_tui.ui.screens.seat_door import door_hint
from conquest_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from conquest_tui.ui.conquest.door import ConquestDoor


class ConquestSeatDoorScreen(ConquestHandoverScreen, inherit_bindings=False):
    """The first screen of a Conquest seat's own link: it opens that seat only (behind its PIN),
    whether or not the move is the player's."""

    HELP_TITLE: ClassVar[str] = "Your seat"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", "Open", id="cq_seat_door.open",
                tooltip="Open your seat (its PIN first, if it has one)"),
    ]

    def __init__(self, door: ConquestDoor, round_number: int, *, to_act: str,
                 note: str = "") -> None:
        """Create the screen.

        Args:
            door: The seat, behind its PIN if it has one.
            round_number: The round being played.
            to_act: The label of the player whose move it is.
            note: One line about the table (nothing of anyone's cards).
        """
        super().__init__(door, round_number, note=note)
        self.to_act = to_act

    def compose(self) -> ComposeResult:
        with Center(id="handover-center"), Vertical(id="handover-box"):
            yield Static(self.door.label, id="handover-clan", markup=False)
            yield Static(f"Conquest, round {self.round_number}", id="handover-turn")
            yield Static("It is your turn." if self.to_act == self.door.label else
                         f"It is {self.to_act}'s turn: you can watch the board until yours.",
                         id="handover-note", markup=False)
            if self.note:
                yield Static(self.note, id="handover-table-note", markup=False)
            yield Static(door_hint(self.door.needs_pin), id="handover-hint")
        yield KeyFooter()
