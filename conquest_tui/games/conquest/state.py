"""The whole game at one moment: owners, armies, hands, the deck, whose turn and what comes next."""

from __future__ import annotations

import copy
import enum
import random

from attrs import Factory, define, field

from conquest_tui.games.conquest.actions import StandingOrder
from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.cards import Card
from conquest_tui.games.conquest.rules import ConquestRules


class Phase(enum.Enum):
    """What the player whose turn it is does next."""

    DEPLOY = "initial deployment"
    CARDS = "cash cards"
    PLACE = "place armies"
    ATTACK = "attack"
    BATTLE = "battle"
    MOVE_IN = "move in"
    MOVE = "final move"
    OVER = "game over"


@define
class Player:
    name: str
    cards: list[Card] = Factory(list)
    alive: bool = True
    standing: dict[str, StandingOrder] = Factory(dict)
    sets_cashed: int = 0


@define
class Battle:
    """The Attack (not Blitz) under way, or the capture waiting for its move-in."""

    source: str
    target: str
    blitz: bool = False


@define
class GameState:
    """Mutable; `apply` changes it. Same state and same actions give the same next state."""

    rules: ConquestRules
    board: Board
    players: list[Player]
    owner: dict[str, int]
    armies: dict[str, int]
    deck: list[Card]
    rng: random.Random = field(eq=False, repr=False)
    discard: list[Card] = Factory(list)
    sets_cashed: int = 0
    current: int = 0
    round: int = 1
    phase: Phase = Phase.DEPLOY
    to_place: int = 0
    deploy_left: list[int] = Factory(list)
    battle: Battle | None = None
    captured_this_turn: bool = False
    cashed_this_phase: bool = False
    took_cards: bool = False
    winner: int | None = None
    eliminated: list[tuple[int, int, int]] = Factory(list)
    """(player, eliminator, round) in the order players went out."""
    continent_turns: dict[str, list[int]] = Factory(dict)
    """Per continent, how many turns each player began holding it."""

    def copy(self) -> GameState:
        return copy.deepcopy(self)

    def same_as(self, other: GameState) -> bool:
        """Equal, dice included (the random generator's state)."""
        return self == other and self.rng.getstate() == other.rng.getstate()

    def territories_of(self, player: int) -> list[str]:
        return [t for t in self.board.territories if self.owner[t] == player]

    def holds_continent(self, player: int, continent: str) -> bool:
        return all(
            self.owner[t] == player
            for c in self.board.continents
            if c.name == continent
            for t in c.territories
        )

    def continents_of(self, player: int) -> list[str]:
        return [
            c.name
            for c in self.board.continents
            if all(self.owner[t] == player for t in c.territories)
        ]

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.alive]
