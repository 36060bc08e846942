"""Hex defense: what an attack needs, what a raise costs, which hexes an order names (CC-HEX)."""

from __future__ import annotations

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game


def requirement(game: Game, hex_id: str, defense: int, guards: int) -> tuple[int, int]:
    """(minimum, maximum) troops to conquer a hex: level 8 plains with 6 guards → (20, 44)."""
    rules = game.rules
    level = rules.defense_levels[defense - 1].conquer
    guard_cost = rules.terrains[game.map.terrain_of(hex_id)].guard_cost
    return level.low + guards * guard_cost.low, level.high + guards * guard_cost.high


def raise_cost(game: Game, level: int) -> int | None:
    """What DEFEND pays to raise a hex from this level; None at the top level (CC-HEX-06)."""
    return game.rules.defense_levels[level - 1].cost_to_raise


def level_name(game: Game, level: int) -> str:
    """"Rugged" for level 8 (CC-HEX-06)."""
    return game.rules.defense_levels[level - 1].name


def conquered_this_turn(game: Game, hex_id: str, conquered: list[str]) -> bool:
    """Whether the hex changed hands in the current turn: no DEFEND or guards (CC-HEX-08/12)."""
    return hex_id in conquered or game.hex(hex_id).conquered_turn == game.state.game_turn


def owned_matches(game: Game, clan: int, pattern: str) -> list[str]:
    """The Clan's hexes a number or `*` pattern names, in map order (CC-CL-DEFEND-03)."""
    if "*" not in pattern:
        on_map = game.map.contains(pattern) and game.hex(pattern).owner == clan
        return [pattern] if on_map else []
    return [hex_id for hex_id in game.owned_hexes(clan) if hexgrid.hex_matches(pattern, hex_id)]
