"""Every order handler and order check, gathered from the module of each order family."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from conquest_tui.engine.orders import model
from conquest_tui.engine.phases import (
    city_orders,
    clan_admin_orders,
    expert_orders,
    hex_orders,
    movement_orders,
    trade_orders,
)
from conquest_tui.engine.phases.handler_types import (
    ClanCheck,
    ClanHandler,
    ConvoyCheck,
    ConvoyHandler,
)

_FAMILIES: tuple[ModuleType, ...] = (
    trade_orders,
    movement_orders,
    hex_orders,
    city_orders,
    expert_orders,
    clan_admin_orders,
)


def _gather(table: str) -> dict[type[model.Order], Any]:
    gathered: dict[type[model.Order], Any] = {}
    for family in _FAMILIES:
        for order_type, function in getattr(family, table, {}).items():
            if order_type in gathered:
                raise ValueError(f"{order_type.__name__} is in {table} of two order families "
                                 f"({family.__name__})")
            gathered[order_type] = function
    return gathered


CLAN_HANDLERS: dict[type[model.Order], ClanHandler] = _gather("CLAN_HANDLERS")
"""Clan orders this version carries out; every other Clan order is reported as not supported."""
CONVOY_HANDLERS: dict[type[model.Order], ConvoyHandler] = _gather("CONVOY_HANDLERS")
"""Convoy orders this version carries out; every other one is reported as not supported."""
CLAN_CHECKS: dict[type[model.Order], ClanCheck] = _gather("CLAN_CHECKS")
"""Check-level tests of Clan orders against what the Clan has while it writes the sheet."""
CONVOY_CHECKS: dict[type[model.Order], ConvoyCheck] = _gather("CONVOY_CHECKS")
"""Check-level tests of convoy orders against the convoy as it stands while the sheet is written."""
