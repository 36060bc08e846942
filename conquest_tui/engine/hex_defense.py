"""How many troops a hex attack needs: defense range plus per-guard cost (CC-CBH-02, CC-HEX-10)."""

from __future__ import annotations

from conquest_tui.engine.game import Game


def requirement(game: Game, hex_id: str, defense: int, guards: int) -> tuple[int, int]:
    """(minimum, maximum) troops to conquer a hex: level 8 plains with 6 guards → (20, 44)."""
    rules = game.rules
    level = rules.defense_levels[defense - 1].conquer
    guard_cost = rules.terrains[game.map.terrain_of(hex_id)].guard_cost
    return level.low + guards * guard_cost.low, level.high + guards * guard_cost.high
