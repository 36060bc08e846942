"""The order registry: every declaration (words, syntax, record class), by word or by type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from conquest_tui.engine.core.events import Facts
    from conquest_tui.engine.orders.model import Order
    from conquest_tui.engine.orders.tokens import Token
    from conquest_tui.engine.rules.ruleset import Ruleset

CONVOY = "convoy"
CLAN = "clan"

Finding = tuple[str, "Facts"]
"""(code, facts) of a check that found the order cannot work: a `core/problems.ProblemCode`
and what its sentence needs (`facts/problem_needs.py`)."""


class DuplicateOrderError(ValueError):
    """A second declaration of an order word (keyword, abbreviation or alias) in one section."""


@attrs.frozen
class OrderSpec:
    """One order of the rulebook as declared: its words, syntax and record class (whose
    `parse`, `line`, `check` and `run` are the order's grammar, text, check and step)."""

    keyword: str
    abbreviation: str
    section: str
    """CONVOY or CLAN (CC-SEQ-15: neither may be used in the other's section)."""
    syntax: str
    summary: str
    rule: str
    order_type: type[Order]
    """The record class the order is read into: a ConvoyOrder or a ClanOrder (model.py)."""
    aliases: tuple[str, ...] = ()

    @property
    def supported(self) -> bool:
        """Whether this version carries the order out (its class declares `run`)."""
        return self.order_type.carried_out()

    @property
    def words(self) -> tuple[str, ...]:
        """Every word that names the order: keyword, abbreviation and aliases."""
        return tuple(word for word in (self.keyword, self.abbreviation, *self.aliases) if word)

    def parse(self, words: list[Token], line_number: int, text: str, rules: Ruleset) -> Order:
        """The order read from the words after its keyword. Raises OrderSyntaxError."""
        return self.order_type.parse(self, words, line_number, text, rules)


class OrderRegistry:
    """Every declared order, looked up by section and word, or by the type of a parsed order."""

    def __init__(self, specs: tuple[OrderSpec, ...] = ()) -> None:
        self._specs: list[OrderSpec] = []
        self._words: dict[str, dict[str, OrderSpec]] = {CONVOY: {}, CLAN: {}}
        self._types: dict[type[Any], OrderSpec] = {}
        for spec in specs:
            self.add(spec)

    def add(self, spec: OrderSpec) -> OrderSpec:
        """Declare one order; a word or record class declared twice is refused."""
        if spec.section not in self._words:
            raise ValueError(f"{spec.keyword}: section must be {CONVOY!r} or {CLAN!r}, "
                             f"not {spec.section!r}")
        table = self._words[spec.section]
        for word in spec.words:
            if word in table:
                raise DuplicateOrderError(f"the {spec.section} order word {word} of "
                                          f"{spec.keyword} is already declared by "
                                          f"{table[word].keyword}")
        if spec.order_type in self._types:
            raise DuplicateOrderError(f"{spec.order_type.__name__} already declares "
                                      f"{self._types[spec.order_type].keyword}")
        for word in spec.words:
            table[word] = spec
        self._types[spec.order_type] = spec
        self._specs.append(spec)
        return spec

    @property
    def specs(self) -> tuple[OrderSpec, ...]:
        """Every declaration: the convoy orders, then the Clan orders, each by keyword."""
        return tuple(sorted(self._specs, key=lambda spec: (spec.section != CONVOY, spec.keyword)))

    def lookup(self, section: str, word: str) -> OrderSpec | None:
        """The order a keyword, abbreviation or alias names in a section, or None."""
        return self._words[section].get(word)

    def other_section(self, section: str, word: str) -> OrderSpec | None:
        """The order the word names in the other section (for 'wrong section' problems)."""
        return self.lookup(CLAN if section == CONVOY else CONVOY, word)

    def words(self, section: str) -> list[str]:
        """Every keyword, abbreviation and alias of a section, for completion."""
        return sorted(self._words[section])

    def spec_of(self, order: Order) -> OrderSpec | None:
        """The declaration a parsed order was read by (None for agent lines)."""
        return self._types.get(type(order))
