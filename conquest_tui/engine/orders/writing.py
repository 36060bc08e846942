"""Argument writers every order's `line()` shares: the canonical words of its arguments.

Each writes what the readers of `arguments.py` (and the order's own grammar) read back to the
same value: quantities as plain digits, convoy numbers as `#3` where the syntax writes `#convoy`
and as `3` where it writes `convoy#`, names and messages in quotes, stockpile items and
vehicles by the word the rulebook prints in capitals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.engine.orders.arguments import SUPPLIES

if TYPE_CHECKING:
    from conquest_tui.engine.rules.ruleset import Ruleset


def spaced(*parts: str) -> str:
    """The parts of a line, empty ones left out, one space apart."""
    return " ".join(part for part in parts if part)


def quoted(text: str) -> str:
    """A name or message in quotes ("" when there is none): it keeps its spaces, case and
    any ';' (the readers never give back a text holding a quote)."""
    return f'"{text}"' if text else ""


def convoy_word(number: int) -> str:
    """A convoy number as `#convoy` writes it: #3."""
    return f"#{number}"


def vehicle_word(rules: Ruleset, key: str) -> str:
    """A vehicle as one word, its plural in capitals without spaces: BUSES, PIPERCUBS."""
    return "".join(rules.vehicles[key].plural.upper().split())


def supply_word(key: str) -> str:
    """A stockpile item (food, rifles …) as BUY and SELL read it: FOOD, RIFLES."""
    word = key.upper()
    assert SUPPLIES.get(word) == key, f"{key} is not a stockpile item"
    return word
