"""What a player does, one record per move; each prints itself back as the player would say it."""

from __future__ import annotations

from attrs import frozen

from conquest_tui.games.conquest.cards import Card


def armies(count: int) -> str:
    return f"{count} {'army' if count == 1 else 'armies'}"


@frozen
class Place:
    """Place armies on an own territory (the initial deployment places one at a time)."""

    territory: str
    count: int = 1

    def line(self) -> str:
        return f"Place {armies(self.count)} on {self.territory}"


@frozen
class CashSet:
    """Cash in a set of three Conquest cards."""

    cards: tuple[Card, ...]

    def line(self) -> str:
        return "Cash in " + ", ".join(card.words() for card in self.cards)


@frozen
class KeepCards:
    """Keep the cards for now (only while fewer than five are held)."""

    def line(self) -> str:
        return "Keep the cards"


@frozen
class Attack:
    """Attack an adjacent enemy territory: a Blitz fights to the end, an Attack roll by roll."""

    source: str
    target: str
    blitz: bool = False

    def line(self) -> str:
        kind = "Blitz" if self.blitz else "Attack"
        return f"{kind} {self.target} from {self.source}"


@frozen
class Roll:
    """Roll the dice once more in an Attack."""

    def line(self) -> str:
        return "Roll the dice"


@frozen
class Retreat:
    """Call off an Attack (never a Blitz)."""

    def line(self) -> str:
        return "Retreat"


@frozen
class MoveIn:
    """After a capture, move this many more armies in from the attacking territory."""

    count: int

    def line(self) -> str:
        return f"Move {armies(self.count)} more in" if self.count else "Move no more armies in"


@frozen
class StopAttacking:
    """End the attacks; the final troop movement follows."""

    def line(self) -> str:
        return "Stop attacking"


@frozen
class Move:
    """The one final troop movement: armies to an adjacent own territory; the turn ends."""

    source: str
    target: str
    count: int

    def line(self) -> str:
        return f"Move {armies(self.count)} from {self.source} to {self.target}"


@frozen
class EndTurn:
    """End the turn without the final troop movement."""

    def line(self) -> str:
        return "End the turn"


@frozen
class StandingOrder:
    """The defender's answer to an Attack on a territory when not at the keyboard (W42-ATT-03).

    Withdraw from `territory` when it is attacked from a territory with `threshold` or more
    armies, to `to` (an adjacent own territory) or, with none, giving the armies up.
    A threshold of 0 cancels the order: the territory is defended.
    """

    territory: str
    threshold: int
    to: str = ""

    def line(self) -> str:
        if self.threshold <= 0:
            return f"Defend {self.territory}"
        where = f" to {self.to}" if self.to else ""
        return (
            f"Withdraw from {self.territory}{where} if attacked by {armies(self.threshold)} or more"
        )


Action = (
    Place
    | CashSet
    | KeepCards
    | Attack
    | Roll
    | Retreat
    | MoveIn
    | StopAttacking
    | Move
    | EndTurn
    | StandingOrder
)
