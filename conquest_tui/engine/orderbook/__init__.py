"""Every order of the rulebook, declared once each in the module of its family (see declare)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conquest_tui.engine.orders.registry import OrderRegistry


@functools.cache
def order_registry() -> OrderRegistry:
    """The registry of every declared order; the families load on the first call, so that
    loading the ruleset (which holds this function) costs nothing until a sheet is read."""
    from conquest_tui.engine.orderbook import families

    return families.ORDERS
