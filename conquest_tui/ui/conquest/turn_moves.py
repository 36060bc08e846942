"""The moves of a Conquest turn that keys make (cash, stop, end, roll, orders…), each through
the seat, a refusal said in words; the turn screen (turn_screen.py) adds the map and panels."""

from __future__ import annotations

from collections.abc import Sequence

from textual.message import Message
from textual.screen import Screen

from conquest_tui.games.conquest.actions import (
    Action,
    CashSet,
    EndTurn,
    KeepCards,
    MoveIn,
    Retreat,
    Roll,
    StandingOrder,
    StopAttacking,
)
from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.rules import ConquestRules
from conquest_tui.games.conquest.view import PlayerView
from conquest_tui.session import SaveMovedOn, SessionError
from conquest_tui.ui.conquest import words
from conquest_tui.ui.conquest.layout import Layout
from conquest_tui.ui.conquest.map_pane import WorldMap
from conquest_tui.ui.conquest.seat_port import ConquestSeatPort


class TurnMoves(Screen[None]):
    """A player's turn: the seat, what it shows now, and the moves the keys make."""

    class HistoryWanted(Message, namespace="conquest_turn_screen"):
        """The player asked for the game's history (the table holds it)."""

    class TurnOver(Message, namespace="conquest_turn_screen"):
        """The player's turn ended (or the game did): the table goes on."""

        def __init__(self, lines: Sequence[str], note: str = "") -> None:
            super().__init__()
            self.lines = tuple(lines)
            self.note = note
            """A sentence for the table (the next hand-over shows it), e.g. who resigned."""

    def __init__(self, seat: ConquestSeatPort, rules: ConquestRules, board: Board,
                 layout: Layout, *, log: Sequence[str] = (), since: Sequence[str] = ()) -> None:
        super().__init__(classes="cq-turn")
        self.seat = seat
        self.rules = rules
        self.board = board
        self.world = layout
        self.view: PlayerView = seat.view()
        self.source = ""
        """The territory an attack or the final move goes from ("" until chosen)."""
        self.number = ""
        """Digits typed for the next placing."""
        self.log_lines: list[str] = list(log)
        self.since = tuple(since)
        """What the others did since the player's last turn."""
        self.problem = ""
        self._panel_shown: bool | None = None

    def _refresh(self) -> None:
        """Everything shown again from the seat's view (the turn screen draws it)."""
        self.view = self.seat.view()

    def follow(self) -> None:
        """The game moved on in another window (a served seat): show it as it is now; a new
        turn of the player's starts an empty list of its moves."""
        self.problem = ""
        if not self.seat.is_turn:
            self.log_lines = []
        self._refresh()

    def _check(self, ok: bool, problem: str) -> bool:
        if not ok:
            self._say(problem)
        return ok

    def _say(self, problem: str) -> None:
        self.problem = problem
        self._refresh()

    # --- acting ----------------------------------------------------------------------------

    def _legal(self, kind: type) -> list[Action]:
        return [a for a in self.seat.legal() if isinstance(a, kind)]

    def _act(self, action: Action) -> bool:
        """Do it through the seat; a refusal is said in words; the turn's end is posted."""
        if not self.seat.is_turn and self.view.to_act != self.view.player:  # a served seat
            self._say(f"It is {self.view.to_act}'s turn, not yours.")
            return False
        try:
            events = self.seat.act(action)
        except SaveMovedOn as error:  # another window played: the table loads the game again
            self.post_message(self.TurnOver(self.log_lines, str(error)))
            return False
        except SessionError as error:
            self._say(str(error))
            return False
        self.problem = ""
        self.log_lines += [event.line() for event in events]
        self._after_act()
        return True

    def _after_act(self) -> None:
        if not self.seat.is_turn or self.seat.view().phase == "game over":
            self.post_message(self.TurnOver(self.log_lines))
            return
        self._refresh()

    def action_cash(self) -> None:
        """Choose a set to cash in."""
        choices = self._legal(CashSet) + self._legal(KeepCards)
        if not any(isinstance(c, CashSet) for c in choices):
            self._say("You have no set to cash in now." if self.view.phase != "cash cards"
                      else "You hold no set.")
            return
        from conquest_tui.ui.conquest.cards_dialog import CardsDialog

        must = not any(isinstance(c, KeepCards) for c in choices)

        def chosen(action: Action | None) -> None:
            if action is not None:
                self._act(action)

        self.app.push_screen(CardsDialog(choices, self.view.next_set_worth, must), chosen)

    def action_keep(self) -> None:
        """Keep the cards for now."""
        if self.view.phase != "cash cards":
            self._say("There are no cards to decide on now.")
        elif not self._legal(KeepCards):
            self._say("With five or more cards you must cash in a set.")
        else:
            self._act(KeepCards())

    def action_stop(self) -> None:
        """Stop attacking: the final move follows."""
        if self.view.phase != "attack":
            self._say("You are not attacking now.")
            return
        self.source = ""
        self._act(StopAttacking())

    def action_end_turn(self) -> None:
        """End the turn (stopping the attacks first), after asking."""
        if self.view.phase not in ("attack", "final move"):
            self._say(f"Not yet: {words.hint(self.view)}")
            return
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            if self.view.phase == "attack" and not self._act(StopAttacking()):
                return
            self._act(EndTurn())

        self.app.push_screen(ConfirmDialog("End your turn?", "The next player takes the "
                                           "keyboard.", yes="End turn", no="Go on",
                                           title="End turn"), answered)

    def action_roll(self) -> None:
        """Throw again in the attack under way (after a reload mid-attack)."""
        if self._legal(Roll):
            self._act(Roll())
        else:
            self._say("There is no attack under way.")

    def action_retreat(self) -> None:
        """Call off the attack under way."""
        if self._legal(Retreat):
            self._act(Retreat())
        else:
            self._say("There is no attack under way.")

    def action_move_in(self) -> None:
        """After a capture: how many more armies move in."""
        counts = [a.count for a in self._legal(MoveIn) if isinstance(a, MoveIn)]
        if not counts:
            self._say("There is nothing to move in now.")
            return
        from conquest_tui.ui.conquest.count_dialog import CountDialog

        def chosen(count: int | None) -> None:
            if count is not None:
                self._act(MoveIn(count))

        self.app.push_screen(CountDialog("How many more armies move in?", 0, max(counts),
                                         max(counts), title="Move in"), chosen)

    def action_orders(self) -> None:
        """Set or change the standing order of the territory under the cursor."""
        cursor = self.query_one(WorldMap).cursor
        owner = {t.name: t.owner for t in self.view.territories}
        if owner[cursor] != self.view.player:
            self._say(f"{cursor} is not yours: standing orders are for your own territories.")
            return
        if self.view.phase in ("battle", "move in", "game over"):
            self._say("Standing orders wait until the attack under way is over.")
            return
        current = next((o for o in self.view.my_standing_orders if o.territory == cursor), None)
        own = [t for t in self.board.neighbours(cursor) if owner[t] == self.view.player]
        from conquest_tui.ui.conquest.orders_dialog import OrdersDialog

        def chosen(order: StandingOrder | None) -> None:
            if order is not None and self._act(order):
                self.log_lines.append(order.line())
                self._refresh()

        self.app.push_screen(OrdersDialog(cursor, own, current), chosen)

    def action_history(self) -> None:
        """The plots per round and the log."""
        self.post_message(self.HistoryWanted())

    def action_resign(self) -> None:
        """Leave the game, after asking: a bot plays the armies on."""
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.seat.resign()
            except SessionError as error:
                self._say(str(error))
                return
            note = f"{self.view.player} resigned; a bot plays on with their armies."
            self.log_lines.append(note)
            self.post_message(self.TurnOver(self.log_lines, note))

        self.app.push_screen(ConfirmDialog(
            "Resign from the game?", "A bot at the easiest level plays your armies on.",
            yes="Resign", no="Stay", title="Resign"), answered)
