"""A served seat's door: one Clan's name, the game turn, whether it is its turn, Enter."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Static

from conquest_tui.ui.screens.handover import HandoverScreen
from conquest_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from conquest_tui.session import SeatDoor


def door_hint(needs_pin: bool) -> str:
    """What a seat's door says to open it (either game's)."""
    if needs_pin:
        return "Press Enter to open your seat (you will be asked for your PIN)."
    return "Press Enter to open your seat."


class SeatDoorScreen(HandoverScreen, inherit_bindings=False):
    """The first screen of a seat's own link: it opens that seat only (behind its PIN)."""

    HELP_TITLE: ClassVar[str] = "Your seat"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", "Open", id="seat_door.open",
                tooltip="Open your Clan's seat (its PIN first, if it has one)"),
    ]

    def __init__(self, clan_number: int, clan_name: str, game_turn: int, *,
                 door: SeatDoor, your_turn: bool, note: str = "") -> None:
        """Create the screen.

        Args:
            clan_number: The Clan whose link this is.
            clan_name: Its name.
            game_turn: The game turn being played.
            door: Its seat, behind its PIN if it has one.
            your_turn: Whether it is this Clan's turn.
            note: One line about the table (never another Clan's data).
        """
        super().__init__(clan_number, clan_name, game_turn, door=door, note=note)
        self.your_turn = your_turn

    def compose(self) -> ComposeResult:
        with Center(id="handover-center"), Vertical(id="handover-box"):
            yield Static(self.clan_label, id="handover-clan", markup=False)
            yield Static(f"Game turn {self.game_turn}", id="handover-turn")
            yield Static("It is your turn." if self.your_turn else
                         "It is not your turn yet: read your report and write your sheet "
                         "for your next turn.", id="handover-note")
            if self.note:
                yield Static(self.note, id="handover-table-note", markup=False)
            yield Static(door_hint(self.door.needs_pin), id="handover-hint")
        yield KeyFooter()
