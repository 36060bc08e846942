"""The player turn's phases by name, as reports head them (CC-SEQ-02)."""

from __future__ import annotations

PHASE_TITLES: dict[str, str] = {
    "income": "Income",
    "pre": "Pre-turn Clan orders",
    "pickup": "Pre-turn pickup and healing",
    "pulses": "Convoy orders (pulses 1–10, 11–12)",
    "post": "Post-turn Clan orders",
    "maintenance": "Post-turn maintenance",
    "close": "Turn close",
}
"""Phase key → its heading, in the order the turn runs them (`play.turn.PHASES` follows it)."""
