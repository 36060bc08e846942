"""Where each convoy type may go and what a move costs in fuel and parts (CC-MOVE, CC-TER)."""

from __future__ import annotations

import math

from conquest_tui.engine import convoy_stats, hexgrid
from conquest_tui.engine.game import Game
from conquest_tui.engine.state import Convoy

ROAD_TYPES = frozenset({"land", "military", "amphibious"})
"""Convoy types that get the road discount (CC-MOVE-14)."""


def entry_problem(game: Game, convoy_type: str, origin: str, target: str) -> str | None:
    """Why a convoy of this type cannot move from origin to target, or None if it can.

    Covers the terrain rules of every convoy type (CC-MOVE-04…12, CC-CNV-02…06); allowance,
    fuel and health are checked by the caller.
    """
    world = game.map
    if not world.contains(target):
        return f"{target} is off the map"
    if convoy_type == "air":
        return None
    if not hexgrid.are_adjacent(origin, target):
        return f"{target} is not next to {origin}: only air convoys move more than one hex"
    terrain = world.terrain_of(target)
    if convoy_type in ("land", "military"):
        if world.is_water(target):
            return f"{target} is water: a {convoy_type} convoy cannot enter it (CC-MOVE-04)"
        if (world.is_island(target) or world.is_island(origin)) and not game.road_between(
            origin, target
        ):
            return (f"islands are entered and left only along a road, and no road links "
                    f"{origin} and {target} (CC-TER-15)")
        return None
    if convoy_type == "amphibious":
        rule = game.rules.terrains[terrain]
        if rule.amphibious_needs_road_or_river and not (
            game.road_between(origin, target) or world.river_between(origin, target)
        ):
            return (f"{target} is {rule.name.lower()}: an amphibious convoy enters it only "
                    f"along a road or river (CC-MOVE-11)")
        return None
    # sea
    if _open_to_ships(game, target):
        return None
    if _open_to_ships(game, origin):
        return None  # into a coastal hex from the water (CC-CNV-03)
    if world.river_between(origin, target):
        return None  # up or down a river (CC-MOVE-07)
    return (f"a sea convoy on land must move next into water or islands, or follow a river; "
            f"{target} is neither (CC-MOVE-06)")


def _open_to_ships(game: Game, hex_id: str) -> bool:
    return game.map.is_water(hex_id) or game.map.is_island(hex_id)


def sea_on_river(game: Game, convoy_type: str, origin: str, target: str) -> bool:
    """Whether a sea convoy is moving along a river (×2 fuel, ×1.5 parts, CC-TER-06)."""
    return (convoy_type == "sea" and not _open_to_ships(game, origin)
            and not _open_to_ships(game, target) and game.map.river_between(origin, target))


def uses_road(game: Game, convoy_type: str, origin: str, target: str) -> bool:
    """Whether the move leaves along a road into the target hex (CC-MOVE-13)."""
    return convoy_type in ROAD_TYPES and game.road_between(origin, target)


def _training_factor(convoy: Convoy, game: Game) -> float:
    return 1.0 - convoy_stats.training_percent(convoy.training, game.rules) / 100


def move_fuel(game: Game, convoy: Convoy, origin: str, target: str) -> int:
    """Fuel for one move: rate × terrain × Chemist × training, then road ×0.5 (CC-CO-MOVE-03).

    Air convoys pay the rate once per hex of distance, ignoring terrain (CC-TER-08).
    Rounded up, at least 1 (AMB-60).
    """
    rules = game.rules
    rate = convoy_stats.fuel_rate(convoy, rules)
    chemist = 1.0 - convoy_stats.expert_percent(convoy, "CHE", rules) / 100
    if convoy.convoy_type == "air":
        cost = rate * hexgrid.distance(origin, target) * chemist * _training_factor(convoy, game)
        return max(1, math.ceil(round(cost, 6)))
    terrain = rules.terrains[game.map.terrain_of(target)]
    cost = rate * terrain.fuel_multiplier * chemist * _training_factor(convoy, game)
    if sea_on_river(game, convoy.convoy_type, origin, target):
        cost *= rules.consumption.sea_river_fuel_multiplier
    if uses_road(game, convoy.convoy_type, origin, target):
        cost *= rules.consumption.road_fuel_multiplier
    return max(1, math.ceil(round(cost, 6)))


def pause_fuel(game: Game, convoy: Convoy) -> int:
    """Half the entry cost; a quarter with any road for land/military (CC-CO-PAUSE-02)."""
    rules = game.rules
    terrain = rules.terrains[game.map.terrain_of(convoy.hex)]
    rate = convoy_stats.fuel_rate(convoy, rules)
    chemist = 1.0 - convoy_stats.expert_percent(convoy, "CHE", rules) / 100
    cost = rate * terrain.fuel_multiplier * chemist * _training_factor(convoy, game)
    cost *= rules.consumption.pause_fraction
    if convoy.convoy_type in ("land", "military") and game.has_road(convoy.hex):
        cost *= rules.consumption.pause_road_fraction
    return max(1, math.ceil(round(cost, 6)))


def move_parts(game: Game, convoy: Convoy, origin: str, target: str) -> float:
    """Parts one move adds to the maintenance bill (AMB-28; road and air ×1, CC-CNV-38)."""
    rules = game.rules
    kind = rules.convoy_types[convoy.convoy_type]
    per_size = rules.consumption.parts_per_size
    base = convoy_stats.size(convoy, rules) * per_size * kind.parts_type_multiplier
    base *= convoy.parts_factor * _training_factor(convoy, game)
    base *= 1.0 - convoy_stats.expert_percent(convoy, "TIN", rules) / 100
    if convoy.convoy_type == "air":
        return base * hexgrid.distance(origin, target)
    if uses_road(game, convoy.convoy_type, origin, target):
        return base
    multiplier = rules.terrains[game.map.terrain_of(target)].parts_multiplier
    if sea_on_river(game, convoy.convoy_type, origin, target):
        multiplier = rules.consumption.sea_river_parts_multiplier
    return base * multiplier
