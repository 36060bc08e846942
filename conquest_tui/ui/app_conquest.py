"""A game of Conquest at the app: the New Game form's game, its screens' messages to its flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.ui.app_seats import AppSeats

if TYPE_CHECKING:
    from conquest_tui.session.conquest_table import ConquestTable
    from conquest_tui.ui.conquest.handover_screen import ConquestHandoverScreen
    from conquest_tui.ui.conquest.new_game_screen import ConquestNewGameScreen, GameChosen
    from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen


class AppConquest(AppSeats):
    """A game of Conquest (seed 004): the New Game form's game, and its screens' messages to its
    flow (ui/conquest/flow.py)."""

    def on_game_chosen(self, message: GameChosen) -> None:
        """The New Game form's game changed: that game's form instead."""
        from conquest_tui.ui.conquest.new_game_screen import ConquestNewGameScreen
        from conquest_tui.ui.screens.new_game import NewGameScreen

        if self.screen is not message.form or not message.form.is_mounted:
            return  # that form is already gone (keys came faster than the screens)
        form = (ConquestNewGameScreen(self.saves_folder) if message.game == "conquest"
                else NewGameScreen(self.saves_folder))
        self._show(form)

    def on_conquest_new_game_screen_game_created(
            self, message: ConquestNewGameScreen.GameCreated) -> None:
        self._play_conquest(message.table)

    def on_conquest_handover_screen_seat_taken(
            self, message: ConquestHandoverScreen.SeatTaken) -> None:
        if self.conquest is not None:
            self.conquest.take_turn(message.seat)

    def on_conquest_turn_screen_history_wanted(
            self, _: ConquestTurnScreen.HistoryWanted) -> None:
        if self.conquest is not None:
            self.conquest.history()

    def on_conquest_turn_screen_turn_over(self, message: ConquestTurnScreen.TurnOver) -> None:
        if self.conquest is not None:
            self.conquest.turn_over(message.note)

    def _play_conquest(self, table: ConquestTable) -> None:
        """Play a game of Conquest: bots first, then the hand-over."""
        from conquest_tui.ui.conquest.flow import ConquestFlow

        self.session = None
        self.conquest = ConquestFlow(self, table)
        self.conquest.go_on()
