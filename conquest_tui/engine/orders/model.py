"""The base of every order record: where it stands on the sheet, and the grammar of bare orders."""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

import attrs

from conquest_tui.engine.orders.arguments import no_more

if TYPE_CHECKING:
    from conquest_tui.engine.orders.registry import OrderSpec
    from conquest_tui.engine.orders.tokens import Token
    from conquest_tui.engine.rules.ruleset import Ruleset


@attrs.frozen
class Order:
    """Common part of every order: its canonical keyword and where it stands on the sheet."""

    keyword: str
    line: int
    text: str

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line: int, text: str,
              rules: Ruleset) -> Self:
        """The grammar of an order that takes no words; orders with arguments override it."""
        no_more(words, spec, 0)
        return cls(spec.keyword, line, text)


@attrs.frozen
class NotYetSupported(Order):
    """An order of the rulebook that this version reads but does not carry out yet."""

    args: tuple[str, ...] = ()

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line: int, text: str,
              rules: Ruleset) -> Self:
        """Any words: they are kept as written."""
        return cls(spec.keyword, line, text, args=tuple(token.text for token in words))
