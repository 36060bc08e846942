"""City orders without combat: PICKUP, DROPOFF, DUMP, ASSIGN, FORTIFY, ERECT (CC-CITY)."""

from __future__ import annotations

from conquest_tui.engine.orders import model
from conquest_tui.engine.phases.handler_types import (
    ClanCheck,
    ClanHandler,
    ConvoyCheck,
    ConvoyHandler,
)

CLAN_HANDLERS: dict[type[model.Order], ClanHandler] = {}
CONVOY_HANDLERS: dict[type[model.Order], ConvoyHandler] = {}
CLAN_CHECKS: dict[type[model.Order], ClanCheck] = {}
CONVOY_CHECKS: dict[type[model.Order], ConvoyCheck] = {}
