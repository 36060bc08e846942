"""The decorators that declare an order: its words, syntax and rule, with the record class."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from conquest_tui.engine.orders.model import ClanOrder, ConvoyOrder, Order
from conquest_tui.engine.orders.registry import CLAN, CONVOY, OrderRegistry, OrderSpec

ORDERS = OrderRegistry()
"""Filled by the family modules as they are imported; reach it through `rules.orders`."""

ConvoyOrderType = TypeVar("ConvoyOrderType", bound=type[ConvoyOrder])
ClanOrderType = TypeVar("ClanOrderType", bound=type[ClanOrder])
OrderType = TypeVar("OrderType", bound=type[Order])


def convoy_order(keyword: str, *, abbr: str, syntax: str, summary: str, rule: str,
                 aliases: tuple[str, ...] = (),
                 registry: OrderRegistry = ORDERS
                 ) -> Callable[[ConvoyOrderType], ConvoyOrderType]:
    """Declare a convoy order, a ConvoyOrder record class. Its `parse` classmethod is its
    grammar and `line` its canonical text; its optional `check(game, convoy)` tests it while the
    sheet is written; `run(ctx, convoy)` carries it out (an order without `run` is read but
    reported as not yet supported)."""
    return _declare(CONVOY, ConvoyOrder, keyword, abbr, syntax, summary, rule, aliases, registry)


def clan_order(keyword: str, *, abbr: str, syntax: str, summary: str, rule: str,
               aliases: tuple[str, ...] = (),
               registry: OrderRegistry = ORDERS) -> Callable[[ClanOrderType], ClanOrderType]:
    """Declare a Clan order, a ClanOrder record class: like convoy_order, with
    `check(game, clan number)`, `run(ctx)` and an optional `forecast(game, clan number,
    convoys)` for the checker."""
    return _declare(CLAN, ClanOrder, keyword, abbr, syntax, summary, rule, aliases, registry)


def _declare(section: str, base: type[Order], keyword: str, abbr: str, syntax: str,
             summary: str, rule: str, aliases: tuple[str, ...],
             registry: OrderRegistry) -> Callable[[OrderType], OrderType]:
    def register(order_type: OrderType) -> OrderType:
        if not issubclass(order_type, base):
            raise TypeError(f"{keyword}: a {section} order's record class must derive from "
                            f"{base.__name__}, not only {order_type.__mro__[1].__name__}")
        registry.add(OrderSpec(keyword, abbr, section, syntax, summary, rule, order_type,
                               tuple(aliases)))
        order_type.KEYWORD = keyword
        return order_type

    return register
