"""One player's seat at a Conquest table: their view, their legal moves, their moves, their odds.

Made only by `ConquestTable.open_seat`, behind the seat's PIN; every move goes through the
table, which applies it and saves under the lock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from conquest_tui.session.errors import NoOdds

if TYPE_CHECKING:
    from conquest_tui.games.conquest.actions import Action
    from conquest_tui.games.conquest.events import Event
    from conquest_tui.games.conquest.state import GameState
    from conquest_tui.games.conquest.view import PlayerView
    from conquest_tui.session.conquest_boards import ConquestSeatInfo
    from conquest_tui.session.conquest_table import ConquestTable


@attrs.frozen(eq=False)
class ConquestSeat:
    """A player's door to the game at one table."""

    _table: ConquestTable = attrs.field(repr=False, alias="table")
    number: int
    """The seat's number, 1 up in the turn order."""

    def sits_at(self, table: ConquestTable) -> bool:
        """Whether this seat is one of `table`'s."""
        return self._table is table

    @property
    def _state(self) -> GameState:
        return self._table._state_for(self.number)

    @property
    def info(self) -> ConquestSeatInfo:
        return self._table.seat_info(self.number)

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def is_turn(self) -> bool:
        """Whether the move is this player's (and the game goes on)."""
        return self._table.to_act == self.number

    # --- what the player sees ---------------------------------------------------------------
    def view(self) -> PlayerView:
        """The whole map, the player's own cards and orders, the others' card counts."""
        from conquest_tui.games.conquest.view import view

        return view(self._state, self.number - 1)

    def legal(self) -> tuple[Action, ...]:
        """Every move open to the player now, in a fixed order (none when it is not their
        move; standing orders, open on one's own move outside a battle, are not listed)."""
        from conquest_tui.games.conquest.play import legal_actions

        return tuple(legal_actions(self._state)) if self.is_turn else ()

    def odds(self, attacker: str, defender: str, blitz: bool = True) -> float:
        """The exact chance, 0 to 1, that the armies in `attacker` take `defender` fighting to
        the end (a Blitz; an Attack rolled to the end is the same fight). NoOdds, in words,
        when there is no such attack."""
        from conquest_tui.games.conquest.odds import capture_chance

        del blitz  # the same dice either way; an Attack may only stop earlier
        state = self._state
        for name in (attacker, defender):
            if name not in state.owner:
                raise NoOdds(f"There is no territory called {name}.")
        if not state.board.adjacent(attacker, defender):
            raise NoOdds(f"{defender} does not border {attacker}.")
        if state.owner[attacker] == state.owner[defender]:
            raise NoOdds(f"{attacker} and {defender} have the same owner.")
        if state.armies[attacker] < state.rules.minimum_attack_armies:
            raise NoOdds(f"{attacker} has too few armies to attack.")
        return float(capture_chance(state.rules, state.armies[attacker], state.armies[defender]))

    def log(self, last: int | None = None) -> tuple[str, ...]:
        """What happened lately, one sentence an event (everything in it is public)."""
        return self._table.log(last)

    # --- acting -----------------------------------------------------------------------------
    def act(self, action: Action) -> tuple[Event, ...]:
        """Make one move; saved at once. NotYourTurn, ActionRefused (the rules' reason) or
        SaveMovedOn: nothing changed."""
        return self._table._act(self.number, action)

    def set_standing_order(self, territory: str, threshold: int, to: str = "") -> None:
        """The answer to an Attack on `territory` while the player is away (W42-ATT-03): with
        `threshold` or more armies attacking, withdraw to `to` (or give the armies up); a
        threshold of 0 defends it. Only on one's own move, outside a battle."""
        from conquest_tui.games.conquest.actions import StandingOrder

        self.act(StandingOrder(territory, threshold, to))

    def set_seat(self, seat: str, level: str | None = None) -> None:
        """Hand the seat to a bot ("bot", at `level`) or to a person ("human"); saved at once.
        The PIN stays with the seat."""
        self._table._set_seat(self.number, seat, level)

    def resign(self) -> None:
        """Leave the game: a bot at the easiest level plays the armies on; saved at once."""
        self._table._resign(self.number)
