"""Argument readers every order grammar shares: quantities, hexes, convoy numbers, names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.engine.core import hexgrid
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


class OrderSyntaxError(ValueError):
    """An order line whose words do not fit the order's format."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def word_at(words: list[Token], index: int) -> Token | None:
    """The word at that place, or None when the line is shorter."""
    return words[index] if len(words) > index else None


def quantity(token: Token | None, what: str) -> int:
    """A whole number of at least 1 (commas allowed: 1,000)."""
    if token is None:
        raise OrderSyntaxError("missing_quantity", f"{what} needs a quantity")
    text = token.text.replace(",", "")
    if not text.isdigit():
        raise OrderSyntaxError("bad_quantity", f'"{token.text}" is not a whole number')
    value = int(text)
    if value <= 0:
        raise OrderSyntaxError("bad_quantity", "the quantity must be at least 1")
    if value > MAX_QUANTITY:
        raise OrderSyntaxError("bad_quantity", f"{value} is more than anyone could ever use")
    return value


def convoy_number(token: Token | None, what: str) -> int:
    """A convoy number written as '#3' or '3' (AMB-92)."""
    if token is None:
        raise OrderSyntaxError("missing_convoy", f"{what} needs a convoy number, like #1")
    text = token.text.removeprefix("#")
    if not text.isdigit() or int(text) == 0:
        raise OrderSyntaxError("bad_convoy", f'"{token.text}" is not a convoy number, like #1')
    return int(text)


def no_more(words: list[Token], spec: OrderSpec, used: int) -> None:
    """Refuse words after the `used` ones the order takes."""
    if len(words) > used:
        extra = " ".join(t.text for t in words[used:])
        raise OrderSyntaxError("extra_words", f"{spec.keyword} does not take \"{extra}\" "
                               f"(format: {spec.syntax})")


def hex_arg(token: Token | None, what: str) -> str:
    """A hex number like 0516."""
    if token is None:
        raise OrderSyntaxError("missing_hex", f"{what} needs a hex number, like 0516")
    if not hexgrid.is_hex_id(token.text):
        raise OrderSyntaxError("bad_hex", f'"{token.text}" is not a hex number, like 0516')
    return token.text


def is_move_word(word: Token) -> bool:
    """Whether the word alone is a move: a direction (N, northwest …) or a hex number."""
    return word.upper in hexgrid.DIRECTION_WORDS or hexgrid.is_hex_id(word.text)


def name_arg(words: list[Token], rules: Ruleset, what: str) -> str:
    """A name from the remaining words: at most 20 characters, not starting with "the"."""
    name = " ".join(t.text for t in words).strip()
    if not name:
        raise OrderSyntaxError("missing_name", f'{what} needs a name in quotes, like "Iron Fist"')
    limit = rules.order_limits.name_max_length
    if len(name) > limit:
        raise OrderSyntaxError("long_name", f'the name "{name}" is longer than {limit} '
                               "characters (CC-CL-NAME-01)")
    if name.split(" ", 1)[0].upper() == "THE":
        raise OrderSyntaxError("the_name", 'names must not begin with "the" (CC-CL-NAME-01)')
    return name
