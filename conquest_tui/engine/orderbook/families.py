"""The order families, imported together so that every declaration is in ORDERS."""

from __future__ import annotations

from conquest_tui.engine.orderbook import (  # noqa: F401  (imported for their declarations)
    cities,
    city_war,
    clan_admin,
    convoy_war,  # PATROL, HUNT, KILL MODE (helper "convoy-war")
    diplomacy,  # ALLY, BAN, MESSAGE, BROADCAST (helper "diplomacy")
    espionage,  # ESPIONAGE (helper "espionage"; agents: steps/agent_reports)
    experts,
    guards,
    hexes,
    market,
    movement,
    plague,
    spies,  # PLANT, SABOTAGE (helper "spies")
    strikes,  # BOMB, RAZE (helper "strike")
    transfers,
    treaties,  # OFFER, ACCEPT, REJECT, DECLARE WAR (house rule treaties)
)
from conquest_tui.engine.orderbook.declare import ORDERS

__all__ = ["ORDERS"]
