"""Signatures of order handlers and order checks, shared by every order-family module."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conquest_tui.engine.core.context import TurnContext
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.core.state import Convoy
    from conquest_tui.engine.orders.model import Order

ClanHandler = Callable[["TurnContext", "Order"], None]
"""Carries out one Clan order for the active Clan."""

ConvoyHandler = Callable[["TurnContext", "Convoy", "Order"], None]
"""Carries out one convoy order for one of the active Clan's convoys."""

ClanCheck = Callable[["Game", int, "Order"], "tuple[str, str] | None"]
"""(code, message) when a Clan order cannot work given what the Clan has now; None when it may."""

ConvoyCheck = Callable[["Game", "Convoy", "Order"], "tuple[str, str] | None"]
"""(code, message) when a convoy order cannot work for this convoy now; None when it may."""
