"""A move typed as words: every action's `line()` reads back, and a terse form for scripts.

"Blitz Kamchatka from Alaska" and "ATTACK Alaska Kamchatka BLITZ" are the same move; names of
territories are matched without regard to case.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from conquest_tui.games.conquest.actions import (
    Action,
    Attack,
    CashSet,
    EndTurn,
    KeepCards,
    Move,
    MoveIn,
    Place,
    Retreat,
    Roll,
    StandingOrder,
    StopAttacking,
)
from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.cards import Card

__all__ = ["ParseError", "parse_action"]

EXAMPLES = (
    "Place 3 armies on Peru",
    "Blitz Kamchatka from Alaska",
    "Roll the dice",
    "Move 2 more armies in",
    "Stop attacking",
    "Move 4 armies from Peru to Brazil",
    "End the turn",
)


class ParseError(ValueError):
    """Words that are no move; the message says so and shows what a move reads like."""


_ARMIES = r"(?P<count>\d+) arm(?:y|ies)"
_FORMS: tuple[tuple[str, str], ...] = (
    ("place", rf"place {_ARMIES} on (?P<a>.+)"),
    ("cash", r"cash in (?P<cards>.+)"),
    ("keep", r"keep the cards"),
    ("attack", r"(?P<kind>blitz|attack) (?P<b>.+) from (?P<a>.+)"),
    ("roll", r"roll(?: the dice)?"),
    ("retreat", r"retreat"),
    ("move_in", rf"move {_ARMIES} more in"),
    ("move_none", r"move no more armies in"),
    ("stop", r"stop attacking|stop"),
    ("move", rf"move {_ARMIES} from (?P<a>.+) to (?P<b>.+)"),
    ("end", r"end the turn|end turn|end"),
    ("defend", r"defend (?P<a>.+)"),
    ("withdraw", rf"withdraw from (?P<a>.+?)(?: to (?P<b>.+))? if attacked by {_ARMIES} or more"),
)
_COMPILED = tuple((name, re.compile(pattern, re.IGNORECASE)) for name, pattern in _FORMS)
_CARD = re.compile(r"(?P<territory>.+) \((?P<number>\d+)\)")


def parse_action(text: str, board: Board) -> Action:
    """The action the words say (ParseError, in words, when they say none)."""
    words = " ".join(text.split()).rstrip(".")
    names = {name.lower(): name for name in board.territories}

    def territory(raw: str) -> str:
        found = names.get(raw.strip().lower())
        if found is None:
            raise ParseError(f"There is no territory called {raw.strip()}")
        return found

    for name, pattern in _COMPILED:
        match = pattern.fullmatch(words)
        if match is not None:
            return _BUILD[name](match, territory)
    terse = _terse(words, territory)
    if terse is not None:
        return terse
    raise ParseError(
        f'"{words}" is no move; moves read like "{EXAMPLES[0]}", "{EXAMPLES[1]}" or "{EXAMPLES[5]}"'
    )


Find = Callable[[str], str]


def _count(match: re.Match[str]) -> int:
    return int(match["count"])


def _cards(match: re.Match[str], territory: Find) -> Action:
    cards: list[Card] = []
    for raw in match["cards"].split(", "):
        if raw.strip().lower() == "a wild card":
            cards.append(Card(0))
            continue
        card = _CARD.fullmatch(raw.strip())
        if card is None:
            raise ParseError(f'"{raw}" is no card; a card reads like "Peru (2)" or "a wild card"')
        cards.append(Card(int(card["number"]), territory(card["territory"])))
    return CashSet(tuple(cards))


def _withdraw(match: re.Match[str], territory: Find) -> Action:
    to = territory(match["b"]) if match["b"] else ""
    return StandingOrder(territory(match["a"]), _count(match), to)


_BUILD: dict[str, Callable[[re.Match[str], Find], Action]] = {
    "place": lambda m, t: Place(t(m["a"]), _count(m)),
    "cash": _cards,
    "keep": lambda m, t: KeepCards(),
    "attack": lambda m, t: Attack(t(m["a"]), t(m["b"]), m["kind"].lower() == "blitz"),
    "roll": lambda m, t: Roll(),
    "retreat": lambda m, t: Retreat(),
    "move_in": lambda m, t: MoveIn(_count(m)),
    "move_none": lambda m, t: MoveIn(0),
    "stop": lambda m, t: StopAttacking(),
    "move": lambda m, t: Move(t(m["a"]), t(m["b"]), _count(m)),
    "end": lambda m, t: EndTurn(),
    "defend": lambda m, t: StandingOrder(t(m["a"]), 0),
    "withdraw": _withdraw,
}


def _terse(words: str, territory: Find) -> Action | None:
    """ATTACK FROM TO [BLITZ], PLACE TERRITORY [N], MOVE FROM TO N, MOVEIN N."""
    parts = words.split(" ")
    verb, rest = parts[0].lower(), parts[1:]
    if verb == "attack" and rest:
        blitz = rest[-1].lower() == "blitz"
        pair = _two(rest[:-1] if blitz else rest, territory)
        return None if pair is None else Attack(pair[0], pair[1], blitz)
    if verb == "place" and rest:
        count = int(rest.pop()) if rest[-1].isdigit() and len(rest) > 1 else 1
        return Place(territory(" ".join(rest)), count)
    if verb == "move" and len(rest) > 2 and rest[-1].isdigit():
        pair = _two(rest[:-1], territory)
        return None if pair is None else Move(pair[0], pair[1], int(rest[-1]))
    if verb == "movein" and len(rest) == 1 and rest[0].isdigit():
        return MoveIn(int(rest[0]))
    return None


def _two(words: list[str], territory: Find) -> tuple[str, str] | None:
    """Two territory names written one after the other, where the first ends."""
    for cut in range(1, len(words)):
        try:
            return territory(" ".join(words[:cut])), territory(" ".join(words[cut:]))
        except ParseError:
            continue
    if words:
        raise ParseError(f"{' '.join(words)} are not two territories")
    return None
