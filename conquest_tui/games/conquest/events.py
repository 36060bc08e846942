"""What happened, one record per thing the players would be told; each says itself in words."""

from __future__ import annotations

from attrs import frozen

from conquest_tui.games.conquest.actions import armies
from conquest_tui.games.conquest.cards import Card


@frozen
class TurnBegan:
    player: str
    round: int

    def line(self) -> str:
        return f"Round {self.round}: {self.player}'s turn"


@frozen
class Allotted:
    """New armies at the turn's start (W42-ARM-01..03)."""

    player: str
    from_territories: int
    from_continents: tuple[str, ...]
    total: int

    def line(self) -> str:
        held = f" (holding {', '.join(self.from_continents)})" if self.from_continents else ""
        return f"{self.player} gets {armies(self.total)}{held}"


@frozen
class Placed:
    player: str
    territory: str
    count: int

    def line(self) -> str:
        return f"{self.player} places {armies(self.count)} on {self.territory}"


@frozen
class SetCashed:
    player: str
    cards: tuple[Card, ...]
    worth: int

    def line(self) -> str:
        cards = ", ".join(card.words() for card in self.cards)
        return f"{self.player} cashes in {cards} for {armies(self.worth)}"


@frozen
class CardBonus:
    """+2 on a held territory whose card was cashed (W42-CARD-06)."""

    player: str
    territory: str
    count: int

    def line(self) -> str:
        return f"{armies(self.count).capitalize()} go straight onto {self.territory}"


@frozen
class DiceRolled:
    source: str
    target: str
    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    def line(self) -> str:
        rolled = " ".join(map(str, self.attacker)) + " against " + " ".join(map(str, self.defender))
        lost = []
        if self.attacker_losses:
            lost.append(f"{self.source} loses {armies(self.attacker_losses)}")
        if self.defender_losses:
            lost.append(f"{self.target} loses {armies(self.defender_losses)}")
        return f"{rolled}: " + " and ".join(lost)


@frozen
class Withdrew:
    """The defender's standing order took the armies out of an Attack (W42-ATT-10)."""

    player: str
    territory: str
    count: int
    to: str

    def line(self) -> str:
        if self.to:
            return (
                f"{self.player} withdraws {armies(self.count)} from {self.territory} to {self.to}"
            )
        return f"{self.player} abandons {self.territory}, giving up {armies(self.count)}"


@frozen
class AttackEnded:
    """An attack that took nothing: the defence held or the attacker retreated."""

    source: str
    target: str
    retreated: bool

    def line(self) -> str:
        if self.retreated:
            return f"The attack from {self.source} on {self.target} is called off"
        return f"{self.target} holds against {self.source}"


@frozen
class Captured:
    player: str
    territory: str
    source: str
    moved_in: int

    def line(self) -> str:
        verb = "moves" if self.moved_in == 1 else "move"
        return f"{self.player} takes {self.territory}; {armies(self.moved_in)} {verb} in"


@frozen
class MovedIn:
    player: str
    source: str
    target: str
    count: int

    def line(self) -> str:
        verb = "follows" if self.count == 1 else "follow"
        return f"{armies(self.count).capitalize()} more {verb} from {self.source} to {self.target}"


@frozen
class Moved:
    player: str
    source: str
    target: str
    count: int

    def line(self) -> str:
        return f"{self.player} moves {armies(self.count)} from {self.source} to {self.target}"


@frozen
class CardDrawn:
    """A card for a turn with a capture (W42-CARD-01)."""

    player: str

    def line(self) -> str:
        return f"{self.player} takes a Conquest card"


@frozen
class Eliminated:
    player: str
    by: str
    cards_taken: int

    def line(self) -> str:
        cards = f"; {self.by} takes {self.cards_taken} card{'s' if self.cards_taken != 1 else ''}"
        return f"{self.player} is out of the game{cards if self.cards_taken else ''}"


@frozen
class GameOver:
    """The end: the world conquered (W42-END-02) or the turn limit reached (W42-END-03)."""

    winner: str
    by_turn_limit: bool

    def line(self) -> str:
        if self.by_turn_limit:
            return f"The turn limit is reached: {self.winner} holds the most and wins"
        return f"{self.winner} has conquered the world"


Event = (
    TurnBegan
    | Allotted
    | Placed
    | SetCashed
    | CardBonus
    | DiceRolled
    | Withdrew
    | AttackEnded
    | Captured
    | MovedIn
    | Moved
    | CardDrawn
    | Eliminated
    | GameOver
)
