"""Conquest's way round the table in the app: bots play, the hand-over, a player's turn, the
end; the app hands a Conquest save or new game to this and routes its screens' messages here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.session import SaveMovedOn, SessionError

if TYPE_CHECKING:
    from conquest_tui.session.conquest_seat import ConquestSeat
    from conquest_tui.session.conquest_table import ConquestTable
    from conquest_tui.ui.app import ConquestApp


class ConquestFlow:
    """One open Conquest game at the app."""

    def __init__(self, app: ConquestApp, table: ConquestTable) -> None:
        self.app = app
        self.table = table

    def go_on(self, note: str = "") -> None:
        """Let the bots play, then the next person's hand-over (or the end of the game)."""
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
        since = words.since_last_turn(self.table.log(), seat.name)
        self.app.show_step(ConquestTurnScreen(seat, load_rules(), load_board(), load_layout(),
                                              since=since))

    def turn_over(self, note: str = "") -> None:
        """A player's turn ended: the next one (bots first). During the initial deployment
        nothing is secret yet (no one holds a card), so a person without a PIN places the next
        army at once, without a hand-over screen."""
        table = self.table
        if self.catch_up():
            return
        if not table.finished:
            info = table.seat_info(table.to_act)
            if not info.is_bot and not info.has_pin:
                seat = table.open_seat(info.number)
                if seat.view().phase == "initial deployment":
                    self.take_turn(seat)
                    return
        self.go_on(note)

    def history(self) -> None:
        """The plots per round and the log, over the turn."""
        from conquest_tui.ui.conquest.history_screen import ConquestHistoryScreen

        self.app.push_screen(ConquestHistoryScreen(self.table.history(), self.table.log()))

    def game_over(self) -> None:
        """The standings and the plots of every round."""
        from conquest_tui.ui.conquest.game_over_screen import ConquestGameOverScreen

        screen = ConquestGameOverScreen(self.table.final_board(), self.table.history())
        self.app.push_screen(screen, lambda _: self.app.action_to_title())
