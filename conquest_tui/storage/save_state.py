"""The game state as save data and back, through the one converter (storage/converter.py)."""

from __future__ import annotations

from typing import Any

from conquest_tui.engine.core.state import GameState
from conquest_tui.storage.converter import structure, unstructure

ROOT = "state"
"""Name of the root in field paths: `state.clans[1].stock.money`."""


def unstructure_state(state: GameState) -> dict[str, Any]:
    """The state as plain JSON-ready data (hexes column-wise, fresh lists and dicts)."""
    data: dict[str, Any] = unstructure(state, GameState)
    return data


def structure_state(data: Any) -> GameState:
    """Build a GameState from plain data; FieldError naming the first bad field."""
    return structure(data, GameState, ROOT)
