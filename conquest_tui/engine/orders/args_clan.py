"""Parsers of Clan housekeeping orders: GIVE, SPLIT, ABSORB, CONVERT, ORDER, EVENT, NAME, …"""

from __future__ import annotations

from conquest_tui.engine.orders.registry import ArgumentParser

PARSERS: dict[str, ArgumentParser] = {}
"""Keyed by section:keyword, like "clan:GIVE" or "convoy:FISH"."""
