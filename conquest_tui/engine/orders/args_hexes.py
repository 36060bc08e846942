"""Parsers of hex and structure orders: DEFEND, GARRISON, BUILD, FISH, GAMBLE, PAVE."""

from __future__ import annotations

from conquest_tui.engine.orders.registry import ArgumentParser

PARSERS: dict[str, ArgumentParser] = {}
"""Keyed by section:keyword, like "clan:GIVE" or "convoy:FISH"."""
