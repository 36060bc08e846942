"""What Conquest's screens need of a seat: the player's view, the legal actions, one act."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from conquest_tui.games.conquest.actions import Action
from conquest_tui.games.conquest.events import Event
from conquest_tui.games.conquest.view import PlayerView


class ConquestSeatPort(Protocol):
    """A player's seat at a Conquest table (session's ConquestSeat); `act` saves the game and
    raises SessionError with a sentence when the action is not allowed."""

    @property
    def is_turn(self) -> bool: ...

    def view(self) -> PlayerView: ...

    def legal(self) -> tuple[Action, ...]: ...

    def act(self, action: Action) -> Sequence[Event]: ...

    def resign(self) -> None: ...
