"""Argument readers every order grammar shares: quantities, hexes, convoy numbers, names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import Fact, Facts
from conquest_tui.engine.orders.tokens import Token

if TYPE_CHECKING:
    from conquest_tui.engine.orders.registry import OrderSpec
    from conquest_tui.engine.rules.ruleset import Ruleset

SUPPLIES: dict[str, str] = {
    "FOOD": "food",
    "FUEL": "fuel",
    "PARTS": "parts",
    "PART": "parts",
    "SPARE": "parts",
    "VACCINE": "vaccine",
    "VACCINES": "vaccine",
    "RIFLE": "rifles",
    "RIFLES": "rifles",
    "GRENADE": "grenades",
    "GRENADES": "grenades",
    "ROCKET": "rockets",
    "ROCKETS": "rockets",
    "CLAYMORE": "claymores",
    "CLAYMORES": "claymores",
    "BOMB": "bombs",
    "BOMBS": "bombs",
}
"""Stockpile items BUY and SELL accept (CC-CL-BUYS-01), singular or plural (AMB-92)."""

MAX_QUANTITY = 1_000_000
"""The largest quantity any order takes."""

MAX_CONVOY_NUMBER = 999
"""The largest convoy number an order may name (a Clan's convoys are numbered from 1 up)."""

SHOWN_WORD = 24
"""How many characters of a very long word a problem repeats."""


class OrderSyntaxError(ValueError):
    """An order line whose words do not fit the order's format."""

    def __init__(self, code: str, /, **facts: Fact) -> None:
        super().__init__(code)
        self.code = code
        """A `core/problems.ProblemCode` value."""
        self.facts: Facts = facts
        """What is wrong, as the problem's facts (worded by engine/sentences/problem_sentences;
        what each code needs: facts/problem_needs.py)."""


def word_at(words: list[Token], index: int) -> Token | None:
    """The word at that place, or None when the line is shorter."""
    return words[index] if len(words) > index else None


def whole_number(text: str, limit: int) -> int | None:
    """The value of a word of plain digits 0-9, or None when it is not one.

    A word with more digits than `limit` has is returned as limit + 1 without converting it,
    so no string of digits, however long, is ever turned into a number.
    """
    if not text or not text.isascii() or not text.isdigit():
        return None
    if len(text.lstrip("0")) > len(str(limit)):
        return limit + 1
    return int(text)


def shown(text: str) -> str:
    """A word as a problem repeats it: cut short with "…" when it is very long."""
    return text if len(text) <= SHOWN_WORD else text[: SHOWN_WORD - 1] + "…"


def quantity(token: Token | None, what: str) -> int:
    """A whole number of at least 1 (commas allowed: 1,000)."""
    if token is None:
        raise OrderSyntaxError("missing_quantity", why="quantity", what=what)
    value = whole_number(token.text.replace(",", ""), MAX_QUANTITY)
    if value is None:
        raise OrderSyntaxError("bad_quantity", why="not_number", text=shown(token.text))
    if value <= 0:
        raise OrderSyntaxError("bad_quantity", why="zero")
    if value > MAX_QUANTITY:
        raise OrderSyntaxError("bad_quantity", why="too_big", text=shown(token.text),
                               most=MAX_QUANTITY)
    return value


def convoy_number(token: Token | None, what: str) -> int:
    """A convoy number written as '#3' or '3' (AMB-92), at most MAX_CONVOY_NUMBER."""
    if token is None:
        raise OrderSyntaxError("missing_convoy", what=what)
    value = whole_number(token.text.removeprefix("#"), MAX_CONVOY_NUMBER)
    if value is None or value == 0:
        raise OrderSyntaxError("bad_convoy", why="not_number", text=shown(token.text))
    if value > MAX_CONVOY_NUMBER:
        raise OrderSyntaxError("bad_convoy", why="too_big", text=shown(token.text),
                               most=MAX_CONVOY_NUMBER)
    return value


def no_more(words: list[Token], spec: OrderSpec, used: int) -> None:
    """Refuse words after the `used` ones the order takes."""
    if len(words) > used:
        extra = shown(" ".join(t.text for t in words[used:]))
        raise OrderSyntaxError("extra_words", why="order", keyword=spec.keyword, extra=extra,
                               syntax=spec.syntax)


def hex_arg(token: Token | None, what: str) -> str:
    """A hex number like 0516."""
    if token is None:
        raise OrderSyntaxError("missing_hex", why="hex", what=what)
    if not hexgrid.is_hex_id(token.text):
        raise OrderSyntaxError("bad_hex", why="not_hex", text=shown(token.text))
    return token.text


def is_move_word(word: Token) -> bool:
    """Whether the word alone is a move: a direction (N, northwest …) or a hex number."""
    return word.upper in hexgrid.DIRECTION_WORDS or hexgrid.is_hex_id(word.text)


def name_arg(words: list[Token], rules: Ruleset, what: str) -> str:
    """A name from the remaining words: at most 20 characters, not starting with "the"."""
    name = " ".join(t.text for t in words).strip()
    if not name:
        raise OrderSyntaxError("missing_name", why="name", what=what)
    limit = rules.order_limits.name_max_length
    if len(name) > limit:
        raise OrderSyntaxError("long_name", why="name", name=shown(name), most=limit)
    if name.split(" ", 1)[0].upper() == "THE":
        raise OrderSyntaxError("the_name", why="name")
    return name
