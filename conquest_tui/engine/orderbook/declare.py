"""The decorators that declare an order: its words, syntax and rule, with the record class."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from conquest_tui.engine.orders.model import Order
from conquest_tui.engine.orders.registry import CLAN, CONVOY, OrderRegistry, OrderSpec

ORDERS = OrderRegistry()
"""Filled by the family modules as they are imported; reach it through `rules.orders`."""

OrderType = TypeVar("OrderType", bound=type[Order])


def convoy_order(keyword: str, *, abbr: str, syntax: str, summary: str, rule: str,
                 aliases: tuple[str, ...] = (),
                 registry: OrderRegistry = ORDERS) -> Callable[[OrderType], OrderType]:
    """Declare a convoy order. The class's `parse` classmethod is its grammar; its optional
    `check(game, convoy)` tests it while the sheet is written; `run(ctx, convoy)` carries it
    out (an order without `run` is read but reported as not yet supported)."""
    return _declare(CONVOY, keyword, abbr, syntax, summary, rule, aliases, registry)


def clan_order(keyword: str, *, abbr: str, syntax: str, summary: str, rule: str,
               aliases: tuple[str, ...] = (),
               registry: OrderRegistry = ORDERS) -> Callable[[OrderType], OrderType]:
    """Declare a Clan order: like convoy_order, with `check(game, clan number)`, `run(ctx)` and
    an optional `forecast(game, clan number, convoys)` for the checker (see OrderSpec)."""
    return _declare(CLAN, keyword, abbr, syntax, summary, rule, aliases, registry)


def _declare(section: str, keyword: str, abbr: str, syntax: str, summary: str, rule: str,
             aliases: tuple[str, ...], registry: OrderRegistry) -> Callable[[OrderType], OrderType]:
    def register(order_type: OrderType) -> OrderType:
        registry.add(OrderSpec(
            keyword, abbr, section, syntax, summary, rule, order_type, tuple(aliases),
            check=getattr(order_type, "check", None),
            run=getattr(order_type, "run", None),
            forecast=getattr(order_type, "forecast", None),
        ))
        return order_type

    return register
