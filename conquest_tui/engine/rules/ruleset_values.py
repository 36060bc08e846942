"""Immutable value types of the ruleset: ranges, dice and a hashable read-only mapping."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from random import Random
from typing import NoReturn, TypeVar

import attrs

from conquest_tui.engine.rules.checks import InvalidValue

K = TypeVar("K")
V = TypeVar("V")

_DICE = re.compile(r"^\s*(\d+)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


class FrozenDict(dict[K, V]):
    """A read-only, hashable mapping that keeps insertion order (the rules' tables are ordered).

    A dict underneath, so that a look-up is the dict's own (the rules are read in every step
    of play); every way of changing it raises TypeError."""

    __slots__ = ("_hash",)

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        super().__init__(data or {})
        self._hash: int | None = None

    def __hash__(self) -> int:  # type: ignore[override]
        if self._hash is None:
            self._hash = hash(tuple(self.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, dict):
            return dict.__eq__(self, other)
        if isinstance(other, Mapping):
            return dict(self) == dict(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __repr__(self) -> str:
        return f"FrozenDict({dict(self)!r})"

    def __reduce__(self) -> tuple[type[FrozenDict[K, V]], tuple[dict[K, V]]]:
        return (type(self), (dict(self),))

    def _read_only(self, *_: object, **__: object) -> NoReturn:
        raise TypeError("the rules' tables cannot be changed")

    __setitem__ = _read_only
    __delitem__ = _read_only
    __ior__ = _read_only
    clear = _read_only
    pop = _read_only
    popitem = _read_only
    setdefault = _read_only
    update = _read_only


def plain_below(rng: Random) -> Callable[[int], int] | None:
    """A plain `Random`'s draw of a whole number below n (n > 0): the one draw `randint(a, b)`
    (= a + below(b - a + 1)) and `randrange(n)` (= below(n)) make inside their checks of their
    arguments, so calling it gives the very same numbers at a third of the cost (battles draw
    thousands). None for any subclass (the dice log's, a test's scripted rolls): those are
    drawn through their public methods, which they may record or replace."""
    if type(rng) is Random:
        below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
        return below
    return None


def _below_is_bits() -> bool:
    """Whether this Python's draw below n is the first `getrandbits(n.bit_length())` under n
    (CPython's since 3.2), seen on some three hundred draws and the generator's state after
    them."""
    drawn, bits = Random("below"), Random("below")
    for n in (*range(1, 70), 100, 255, 256, 1000, 4096) * 4:
        k = n.bit_length()
        value = bits.getrandbits(k)
        while value >= n:
            value = bits.getrandbits(k)
        if drawn._randbelow(n) != value:  # type: ignore[attr-defined]
            return False
    for sides in (1, 2, 3, 5, 6, 7, 8, 9, 13, 15, 16, 100, 255):
        for count in (1, 2, 7, 40):
            rolled = sum([drawn._randbelow(sides) + 1  # type: ignore[attr-defined]
                          for _ in range(count)])
            if rolls(bits.getrandbits, count, sides) != rolled:
                return False
    for odds in (0.0, 0.2, 0.5, 1 / 3, 0.75, 0.999, 1.0, 0.5 + 2.0 ** -40):
        for count in (1, 2, 9, 300):
            under = sum([drawn.random() < odds for _ in range(count)])
            if chances_under(bits.getrandbits, count, odds) != under:
                return False
    return drawn.getstate() == bits.getstate()


_BELOW_IS_BITS: list[bool] = []
"""`_below_is_bits()`, once asked."""


def plain_bits(rng: Random) -> Callable[[int], int] | None:
    """A plain `Random`'s `getrandbits`, when its draw below n is the first
    `getrandbits(n.bit_length())` under n (checked once, when first asked): a battle's hundreds of
    dice and hits then draw the very numbers of `plain_below` without a call each. None as for
    `plain_below`, or where this Python draws otherwise."""
    if not _BELOW_IS_BITS:
        _BELOW_IS_BITS.append(_below_is_bits())
    if type(rng) is Random and _BELOW_IS_BITS[0]:
        bits: Callable[[int], int] = rng.getrandbits
        return bits
    return None


def rolls(bits: Callable[[int], int], count: int, sides: int) -> int:
    """The sum of `count` rolls of 1..`sides` (1 to 255 sides) drawn through `plain_bits` as
    that many draws below `sides` draw them: a 32-bit word each, whose top
    `sides.bit_length()` bits are the draw when under `sides`, else the next word. So a batch
    of words is drawn at once and the top byte of each looked up: the roll, or 0 for a word
    passed over, one more word to draw."""
    table = _ROLL_TABLES.get(sides)
    if table is None:
        shift = 8 - sides.bit_length()
        table = _ROLL_TABLES[sides] = bytes([(byte >> shift) + 1 if byte >> shift < sides else 0
                                             for byte in range(256)])
    total = 0
    while count:
        drawn = bits(32 * count).to_bytes(4 * count, "little")[3::4].translate(table)
        total += sum(drawn)
        count = drawn.count(0)
    return total


_ROLL_TABLES: dict[int, bytes] = {}
"""Sides → the roll each top byte of a word gives (`rolls`)."""


def chances_under(bits: Callable[[int], int], count: int, odds: float) -> int:
    """How many of `count` draws of `random()` fall under `odds` (0 to 1), drawn through
    `plain_bits` as that many `random()` calls draw them: two 32-bit words a and b each, the
    draw (a >> 5 · 2**26 + b >> 6) / 2**53. So a batch of words is drawn at once and the top
    byte of each a looked up: under, not under, or (the one byte whose draws straddle `odds`)
    worked out in full."""
    table = _CHANCE_TABLES.get(odds)
    if table is None:
        table = _CHANCE_TABLES[odds] = _chance_table(odds)
    drawn = bits(64 * count).to_bytes(8 * count, "little")
    tops = drawn[3::8].translate(table)
    under = tops.count(1)
    at = tops.find(2)
    while at >= 0:
        first, second = (int.from_bytes(drawn[8 * at + 4 * i:8 * at + 4 * i + 4], "little")
                         for i in (0, 1))
        under += ((first >> 5) * 2**26 + (second >> 6)) < odds * 2**53
        at = tops.find(2, at + 1)
    return under


def _chance_table(odds: float) -> bytes:
    """Top byte of a → 1 when every draw with it is under `odds`, 0 when none is, else 2: its
    draws are the whole numbers from byte · 2**45 to (byte + 1) · 2**45 − 1, over 2**53."""
    threshold = odds * 2**53  # exact: a power of two apart
    return bytes([1 if (byte + 1) * 2**45 <= threshold else 0 if byte * 2**45 >= threshold
                  else 2 for byte in range(256)])


_CHANCE_TABLES: dict[float, bytes] = {}
"""Odds → what each top byte of a word tells of a draw (`chances_under`)."""


@attrs.frozen
class Range:
    """An inclusive range of whole numbers, e.g. troops to conquer a hex: 8–20."""

    low: int
    high: int

    def __attrs_post_init__(self) -> None:
        if self.low > self.high:
            raise InvalidValue("", f"expected low ≤ high, got [{self.low}, {self.high}]")

    def roll(self, rng: Random) -> int:
        """A uniform whole number from low to high."""
        below = plain_below(rng)
        if below is not None:  # randint(low, high) is low + below(high - low + 1)
            return self.low + below(self.high - self.low + 1)
        return rng.randint(self.low, self.high)

    @property
    def average(self) -> float:
        return (self.low + self.high) / 2

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int | float) and self.low <= value <= self.high

    def __iter__(self) -> Iterator[int]:
        """`low, high = some_range`."""
        return iter((self.low, self.high))

    def __str__(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


@attrs.frozen
class FloatRange:
    """An inclusive range of real numbers, e.g. a price drift factor 0.9–1.1 or a share 5–10%."""

    low: float
    high: float

    def __attrs_post_init__(self) -> None:
        if self.low > self.high:
            raise InvalidValue("", f"expected low ≤ high, got [{self.low:g}, {self.high:g}]")

    def roll(self, rng: Random) -> float:
        """A uniform real number from low to high."""
        return rng.uniform(self.low, self.high)

    @property
    def average(self) -> float:
        return (self.low + self.high) / 2

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int | float) and self.low <= value <= self.high

    def __iter__(self) -> Iterator[float]:
        """`low, high = some_range`."""
        return iter((self.low, self.high))

    def __str__(self) -> str:
        return f"{self.low:g}" if self.low == self.high else f"{self.low:g}–{self.high:g}"


@attrs.frozen
class Dice:
    """NdS+B: `count` rolls of 1..`sides` plus `bonus` (odd dice such as d13 are literal)."""

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> Dice:
        """'8d6+4' → Dice(8, 6, 4); raises ValueError for anything else."""
        match = _DICE.match(text)
        if match is None:
            raise ValueError(f"not a dice expression: {text!r}")
        count, sides, sign, bonus = match.groups()
        value = int(bonus or 0)
        return cls(int(count), int(sides), -value if sign == "-" else value)

    @property
    def minimum(self) -> int:
        return self.count + self.bonus

    @property
    def maximum(self) -> int:
        """The most damage: what enters Combat Strength (CC-CNV-46)."""
        return self.count * self.sides + self.bonus

    @property
    def average(self) -> float:
        return self.count * (self.sides + 1) / 2 + self.bonus

    def roll(self, rng: Random) -> int:
        sides = self.sides
        below = plain_below(rng) if sides > 0 else None
        if below is not None:  # randint(1, sides) is 1 + below(sides): the very same draws
            if self.count == 1:
                return below(sides) + 1 + self.bonus
            return sum([below(sides) for _ in range(self.count)]) + self.count + self.bonus
        if self.count == 1:  # the common die: the same draw, without the loop
            return rng.randint(1, sides) + self.bonus
        return sum([rng.randint(1, sides) for _ in range(self.count)]) + self.bonus

    def __str__(self) -> str:
        if self.bonus > 0:
            return f"{self.count}d{self.sides}+{self.bonus}"
        if self.bonus < 0:
            return f"{self.count}d{self.sides}-{-self.bonus}"
        return f"{self.count}d{self.sides}"
