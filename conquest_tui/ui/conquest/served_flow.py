"""Conquest at a served seat: one player's board only, the bots played by any window, the
others' moves followed as they are saved (ui/conquest/flow.py is the hot-seat table's way)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from conquest_tui.session import SessionError
from conquest_tui.ui.conquest.flow import ConquestFlow, FlowHost

if TYPE_CHECKING:
    from textual.screen import Screen

    from conquest_tui.session.conquest_seat import ConquestSeat
    from conquest_tui.session.conquest_table import ConquestTable


class ServedHost(FlowHost, Protocol):
    """What the served flow asks of its app besides the table's: the screen on top, and to end
    (the tab's session) once the game is over and its standings were read."""

    @property
    def screen(self) -> Screen[object]: ...

    def exit(self) -> None: ...


class ServedConquestFlow(ConquestFlow):
    """One seat's game in its own window: never another player's hand-over."""

    def __init__(self, app: ServedHost, table: ConquestTable, number: int) -> None:
        super().__init__(app, table)
        self.host = app
        self.number = number
        self.seat: ConquestSeat | None = None
        """The seat once its PIN was heard in this window (None: at its door)."""

    def go_on(self, note: str = "", *, straight: bool = False) -> None:
        """Let the bots play (any window may), then the seat's board, or its door while it is
        closed, or the end of the game."""
        from conquest_tui.ui.conquest.door import ConquestDoor
        from conquest_tui.ui.conquest.seat_door import ConquestSeatDoorScreen

        table = self.table
        try:
            self._bots_play()
        except SessionError as error:
            self.app.notify(str(error), title="Could not save", severity="error", timeout=10,
                            markup=False)
        if table.finished:
            self.game_over()
            return
        if note:
            self.app.notify(note, title="The table", timeout=8, markup=False)
        if self.seat is not None:
            self.take_turn(self.seat)
            return
        to_act = table.seat_info(table.to_act).label
        self.app.show_step(ConquestSeatDoorScreen(ConquestDoor(table, self.number),
                                                  table.round, to_act=to_act))

    def take_turn(self, seat: ConquestSeat) -> None:
        """The seat's board: its turn, or the others' moves while it waits for one."""
        from conquest_tui.storage.conquest_data import load_board, load_rules
        from conquest_tui.ui.conquest import words
        from conquest_tui.ui.conquest.layout import load_layout
        from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen

        if not seat.sits_at(self.table):
            self.seat = None
            self.go_on()
            return
        self.seat = seat
        log = self.table.log()
        since = (words.since_last_turn(log, seat.name) if seat.is_turn
                 else words.while_waiting(log, seat.name))
        screen = self.host.screen
        if isinstance(screen, ConquestTurnScreen) and screen.seat is seat:
            screen.since = tuple(since)
            screen.follow()
            return
        self.app.show_step(ConquestTurnScreen(seat, load_rules(), load_board(), load_layout(),
                                              since=since))

    def turn_over(self, note: str = "") -> None:
        """The player's move ended the turn (or another window's save came first): the bots,
        then the seat's board again."""
        if self.catch_up():
            return
        self.go_on(note)

    def catch_up(self) -> bool:
        """Another window moved the game on: read it again and show it (True), saying so only
        when the move has come to this seat; False when nothing happened."""
        table = self.table
        if not table.moved_on():
            return False
        was_mine = table.to_act == self.number
        try:
            table.reload()
        except SessionError as error:  # a save being written: the next look reads it
            self.app.notify(str(error), title="Cannot load", severity="error", timeout=10,
                            markup=False)
            return True
        mine = table.to_act == self.number and not table.finished
        self.go_on("It is your turn now." if mine and not was_mine else "")
        return True

    def leave(self) -> None:
        """Back to the seat's door (its PIN asked again); the game is saved after every move."""
        self.seat = None
        self.go_on()

    def game_over(self) -> None:
        """The standings and the plots; closing them ends the window."""
        from conquest_tui.ui.conquest.game_over_screen import ServedGameOverScreen

        if isinstance(self.host.screen, ServedGameOverScreen):
            return
        screen = ServedGameOverScreen(self.table.final_board(), self.table.history())
        self.app.push_screen(screen, lambda _: self.host.exit())
