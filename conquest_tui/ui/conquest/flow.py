"""Conquest's way round the table in the app: bots play, the hand-over, a player's turn, the
end; the app hands a Conquest save or new game to this and routes its screens' messages here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from conquest_tui.session import SaveMovedOn, SessionError

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from conquest_tui.session.conquest_seat import ConquestSeat
    from conquest_tui.session.conquest_table import ConquestTable


class FlowHost(Protocol):
    """What the flow asks of the app that runs it (the app's own type is not named here: the
    app holds the flow)."""

    def show_step(self, screen: Screen[None]) -> None: ...

    def action_to_title(self) -> None: ...

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...

    def push_screen(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None,
                    ) -> Any: ...


class ConquestFlow:
    """One open Conquest game at the app."""

    def __init__(self, app: FlowHost, table: ConquestTable) -> None:
        self.app = app
        self.table = table
        self._deploying: dict[int, ConquestSeat] = {}
        """Seats opened (behind their PINs) during the initial deployment, by number: they stay
        open until the first turn begins, so each person gives a PIN once for all their
        armies (nothing is secret before a card is held). Kept in this window only."""

    def go_on(self, note: str = "", *, straight: bool = False) -> None:
        """Let the bots play, then the next person's hand-over (or the end of the game); with
        `straight`, during the initial deployment, an open seat's turn without one."""
        from conquest_tui.ui.conquest.door import ConquestDoor
        from conquest_tui.ui.conquest.handover_screen import ConquestHandoverScreen

        table = self.table
        try:
            lines = self._bots_play()
        except SessionError as error:
            self.app.notify(str(error), title="Could not save", severity="error", timeout=10,
                            markup=False)
            lines = ()
        if table.finished:
            self.game_over()
            return
        seat = self._open_for_deployment() if straight else None
        if seat is not None:
            if note:
                self.app.notify(note, markup=False)
            self.take_turn(seat)
            return
        bots = [f"{s.name} ({s.level})" for s in table.seats if s.is_bot and s.alive]
        if bots:  # who plays which seat is no secret at the table
            note = f"{note} Bots: {', '.join(bots)}.".strip()
        door = ConquestDoor(table, table.to_act)
        self.app.show_step(ConquestHandoverScreen(door, table.round, note=note,
                                                  bot_lines=lines))

    def catch_up(self) -> bool:
        """Another window moved the game on: load it again and go on from there (True), or
        nothing happened (False)."""
        sentence = self.table.moved_on()
        if not sentence:
            return False
        try:
            self.table.reload()
        except SessionError as error:
            self.app.notify(str(error), title="Cannot load", severity="error", timeout=10,
                            markup=False)
            self.app.action_to_title()
            return True
        self.go_on("The game was moved on in another window; it was loaded again.")
        return True

    def _bots_play(self) -> tuple[str, ...]:
        try:
            return self.table.play_bots()
        except SaveMovedOn:
            self.table.reload()
            return self.table.play_bots()

    def take_turn(self, seat: ConquestSeat) -> None:
        """The player's turn screen, with what happened lately."""
        from conquest_tui.storage.conquest_data import load_board, load_rules
        from conquest_tui.ui.conquest import words
        from conquest_tui.ui.conquest.layout import load_layout
        from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen

        if not seat.sits_at(self.table) or not seat.is_turn:
            self.go_on()
            return
        if seat.view().phase == "initial deployment":
            self._deploying[seat.number] = seat
        since = words.since_last_turn(self.table.log(), seat.name)
        self.app.show_step(ConquestTurnScreen(seat, load_rules(), load_board(), load_layout(),
                                              since=since))

    def turn_over(self, note: str = "") -> None:
        """A player's turn ended: the next one (bots first). During the initial deployment
        nothing is secret yet (no one holds a card), so a person without a PIN, or whose PIN
        was given once in this deployment, places the next army at once, without a hand-over
        screen (`go_on`)."""
        if self.catch_up():
            return
        self.go_on(note, straight=True)

    def _open_for_deployment(self) -> ConquestSeat | None:
        """The person to place the next army of the initial deployment, when their seat is
        open without a hand-over: it has no PIN, or its PIN was given earlier in this
        deployment. None once the first turn began (every seat is closed again then)."""
        table = self.table
        if table.finished or table.public_view().phase != "initial deployment":
            self._deploying.clear()
            return None
        info = table.seat_info(table.to_act)
        if info.is_bot:
            return None
        if info.number in self._deploying:
            return self._deploying[info.number]
        return None if info.has_pin else table.open_seat(info.number)

    def history(self) -> None:
        """The plots per round and the log, over the turn."""
        from conquest_tui.ui.conquest.history_screen import ConquestHistoryScreen

        self.app.push_screen(ConquestHistoryScreen(self.table.history(), self.table.log()))

    def game_over(self) -> None:
        """The standings and the plots of every round."""
        from conquest_tui.ui.conquest.game_over_screen import ConquestGameOverScreen

        screen = ConquestGameOverScreen(self.table.final_board(), self.table.history())
        self.app.push_screen(screen, lambda _: self.app.action_to_title())
