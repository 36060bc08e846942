"""The app opened on one Conquest seat (a served link): no title, no other player's turn."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from conquest_tui.ui.seat_window import SeatWindow

if TYPE_CHECKING:
    from conquest_tui.ui.conquest.served_flow import ServedConquestFlow


class ConquestSeatApp(SeatWindow):
    """One player's seat of a Conquest game that the others play from their own windows.

    The seat opens behind its PIN and shows the player's board at once: their turn when the
    move is theirs, the others' moves as they are made while it is not. The save is looked at
    every `POLL` seconds; a bot's turn is played by whichever window comes to it first.
    """

    GAME_NAME: ClassVar[str] = "CONQUEST"

    def __init__(self, save_path: Path, number: int, *, keymap: dict[str, str] | None = None,
                 allow_edited: bool = False) -> None:
        """Create the app.

        Args:
            save_path: The game's save.
            number: The one seat this app opens (1 up, in the turn order).
            keymap: Binding id → keys, overriding the defaults.
            allow_edited: Open a save changed outside the game without asking.
        """
        super().__init__(save_path, keymap=keymap)
        self.seat_number = number
        self._allow_edited = allow_edited

    @property
    def served(self) -> ServedConquestFlow | None:
        """The seat's game, once the save was read."""
        from conquest_tui.ui.conquest.served_flow import ServedConquestFlow

        flow = self.conquest
        return flow if isinstance(flow, ServedConquestFlow) else None

    def _read_seat(self, path: Path) -> None:
        from conquest_tui.session import SessionError
        from conquest_tui.session.conquest_table import ConquestTable
        from conquest_tui.ui.conquest.served_flow import ServedConquestFlow

        try:
            table = ConquestTable.open(path, allow_edited=self._allow_edited)
            table.seat_info(self.seat_number)
        except SessionError as error:
            self.exit(1, return_code=1, message=f"conquest: {error}")
            return
        self.session = None
        self.conquest = ServedConquestFlow(self, table, self.seat_number)
        self.conquest.go_on()

    def _look_for_moves(self) -> None:
        """Another window moved the game on: the seat's board (or door) shows it."""
        from conquest_tui.session import SessionError
        from conquest_tui.ui.conquest.seat_door import ConquestSeatDoorScreen
        from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen

        flow = self.served
        if flow is None or not isinstance(self.screen, ConquestTurnScreen
                                          | ConquestSeatDoorScreen):
            return  # a dialog, the history, the end: looked at again later
        try:
            flow.catch_up()
        except SessionError:
            return  # a save being written: the next look reads it

    def show_title(self) -> None:
        """No title at a seat's link: its door (the app ends before the game is read)."""
        flow = self.served
        if flow is None:
            self.exit(1, return_code=1)
        else:
            flow.leave()

    def action_to_title(self) -> None:
        """Back to the seat's door: the game is saved after every move."""
        self.show_title()

    def action_save_and_quit(self) -> None:
        """Back to the seat's door: the game is saved after every move."""
        self.show_title()

