"""The vocabulary of facts: the shapes a fact may take and what a kind of event or problem needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs


@attrs.frozen
class Words:
    """A text fact that is one of these words (a sentence looks it up)."""

    words: frozenset[str]


@attrs.frozen
class Seq:
    """A tuple of facts all of one type: ("0307", "0308"), (("money", 1200), ("food", 40))."""

    of: FactType


@attrs.frozen
class Row:
    """A tuple of exactly these facts, in order: ("0307", 2, "Strong", 4000)."""

    of: tuple[FactType, ...]


FactType = type | Words | Seq | Row
"""`int`, `str`, `tuple` (any tuple of facts), or one of the shapes above."""


def words(*allowed: str) -> Words:
    """`words("N", "T", "V")`: one of these words."""
    return Words(frozenset(allowed))


def row(*types: FactType) -> Row:
    """`row(str, int)`: a tuple of a text and a whole number."""
    return Row(types)


AMOUNTS = Seq(row(str, int))
"""(item, amount) pairs: (("money", 1200), ("food", 40))."""
VEHICLES = Seq(row(int, str, str))
"""(count, name, plural) triples: ((2, "car", "cars"), (1, "truck", "trucks"))."""
NAMES = Seq(str)
"""Hex ids, names or keys: ("0307", "0308")."""


@attrs.frozen
class Needs:
    """The facts a kind's sentence needs (by name, with their type), and how they vary."""

    needed: Mapping[str, FactType] = attrs.field(factory=dict)
    """Every event of the kind carries these."""
    optional: Mapping[str, FactType] = attrs.field(factory=dict)
    """Facts only some events carry (older saves, optional parts): of this type when present."""
    key: str = ""
    """The fact whose value picks one of `cases` (a text): "why", "reason", "effect"."""
    cases: Mapping[str, Needs] = attrs.field(factory=dict)
    """What each value of `key` needs besides."""
    otherwise: Needs | None = None
    """What any other value of `key` needs (None: the value must be one of `cases`)."""
    present: Mapping[str, Needs] = attrs.field(factory=dict)
    """When this fact is there (events saved since it was kept), what comes with it."""
    absent: Mapping[str, Needs] = attrs.field(factory=dict)
    """When this fact is not there, what is needed instead."""

    def _with(self, **changed: Any) -> Needs:
        """A copy with some fields changed (`attrs.evolve`, spelt out: the table below is built
        at import, some 400 times)."""
        fields = {"needed": self.needed, "optional": self.optional, "key": self.key,
                  "cases": self.cases, "otherwise": self.otherwise, "present": self.present,
                  "absent": self.absent, **changed}
        return Needs(**fields)

    def plus(self, **needed: FactType) -> Needs:
        """These facts needed too."""
        return self._with(needed={**self.needed, **needed})

    def maybe(self, **optional: FactType) -> Needs:
        """These facts too, when present."""
        return self._with(optional={**self.optional, **optional})

    def by(self, key: str, cases: Mapping[str, Needs], otherwise: Needs | None = None) -> Needs:
        """The `key` fact (a text) picks what else is needed."""
        return self._with(key=key, cases=dict(cases), otherwise=otherwise)

    def given(self, fact: str, needs: Needs) -> Needs:
        """When `fact` is present, `needs` too."""
        return self._with(present={**self.present, fact: needs})

    def unless(self, fact: str, needs: Needs) -> Needs:
        """When `fact` is absent, `needs` instead."""
        return self._with(absent={**self.absent, fact: needs})


def facts(**needed: FactType) -> Needs:
    """`facts(hex=str, fuel=int)`: what every event of a kind carries."""
    return Needs(needed)


NOTHING = Needs()


def by_why(cases: Mapping[str, Needs], **common: FactType) -> Needs:
    """A kind worded by its "why" fact (its sentences keyed by it): `common` and each why's."""
    return facts(**common).by("why", cases)

