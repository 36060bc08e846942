"""Where each convoy type may go and what a move costs in fuel and parts (CC-MOVE, CC-TER)."""

from __future__ import annotations

import math

import attrs

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.rules.ruleset import Ruleset

ROAD_TYPES = frozenset({"land", "military", "amphibious"})
"""Convoy types that get the road discount (CC-MOVE-14)."""

PAUSE_ROAD_TYPES = frozenset({"land", "military"})
"""Convoy types whose PAUSE costs a quarter in a hex with a road (CC-CO-PAUSE-02)."""


@attrs.frozen(eq=False)
class Ground:
    """Everything `entry_problem` reads besides its arguments: the map, the rulebook and the
    roads paved in play. Opaque: it tells whether two games would answer every entry alike
    (equal grounds: the same map and rulebook objects and the same paved roads), never which
    roads were paved, so answers remembered for one ground serve another equal to it."""

    map: GameMap
    rules: Ruleset
    _paved: frozenset[str]

    @classmethod
    def of(cls, game: Game) -> Ground:
        """The ground a game's entry rules stand on now."""
        return cls(game.map, game.rules, game.paved_links())

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Ground) and self.map is other.map
                and self.rules is other.rules and self._paved == other._paved)

    def __hash__(self) -> int:
        return hash((id(self.map), id(self.rules), self._paved))

    def changed_ends(self, other: Ground) -> frozenset[str] | None:
        """The hexes at either end of a road paved on one ground and not on the other: an entry
        from or into any other hex is answered alike on both (as `can_enter` there shows); None
        when the map or the rulebook differ (no answer need be alike)."""
        if self.map is not other.map or self.rules is not other.rules:
            return None
        return frozenset(end for link in self._paved ^ other._paved for end in link.split("-"))


def entry_problem(game: Game, convoy_type: str, origin: str, target: str) -> Reason | None:
    """Why a convoy of this type cannot move from origin to target, or None if it can.

    Covers the terrain rules of every convoy type (CC-MOVE-04…12, CC-CNV-02…06); allowance,
    fuel and health are checked by the caller.
    """
    world = game.map
    if not world.contains(target):
        return reason("off_map", target=target)
    if convoy_type == "air":
        return None  # air convoys may enter any hex (CC-MOVE-12)
    if not world.are_adjacent(origin, target):
        return reason("not_adjacent", origin=origin, target=target)
    if convoy_type in ("land", "military"):
        return _land_problem(game, convoy_type, origin, target)
    if convoy_type == "amphibious":
        return _amphibious_problem(game, origin, target)
    return _sea_problem(game, origin, target)


def legal_steps(game: Game, convoy_type: str, origin: str) -> tuple[tuple[str, str], ...]:
    """(direction, hex) of every neighbour a convoy of this type may enter from origin (a hex of
    the map): `entry_problem` for each, without checking again what the map's own neighbours
    are (on the map, adjacent), and asking only whether there is a problem, not which."""
    world = game.map
    around = world.neighbors(origin)
    if convoy_type == "air":
        return around
    road = game.road_between
    if convoy_type in ("land", "military"):
        water, islands = world.water_hexes, world.island_hexes
        if origin in islands:  # off an island only along a road (`_land_problem`)
            return tuple(step for step in around
                         if step[1] not in water and road(origin, step[1]))
        return tuple(step for step in around if step[1] not in water
                     and (step[1] not in islands or road(origin, step[1])))
    river = world.river_between
    if convoy_type == "amphibious":
        terrains, terrain = game.rules.terrains, world.terrain_of
        return tuple(step for step in around
                     if not terrains[terrain(step[1])].amphibious_needs_road_or_river
                     or road(origin, step[1]) or river(origin, step[1]))
    water, islands = world.water_hexes, world.island_hexes  # open to ships (`open_to_ships`)
    if origin in water or origin in islands:  # from open water into any neighbour
        return around  # (`_sea_problem`)
    return tuple(step for step in around
                 if step[1] in water or step[1] in islands or river(origin, step[1]))


def _land_problem(game: Game, convoy_type: str, origin: str, target: str) -> Reason | None:
    world = game.map
    if world.is_water(target):
        return reason("water", target=target, convoy_type=convoy_type)
    if (world.is_island(target) or world.is_island(origin)) and not game.road_between(
        origin, target
    ):
        return reason("island_road", origin=origin, target=target)
    return None


def _amphibious_problem(game: Game, origin: str, target: str) -> Reason | None:
    rule = game.rules.terrains[game.map.terrain_of(target)]
    if rule.amphibious_needs_road_or_river and not (
        game.road_between(origin, target) or game.map.river_between(origin, target)
    ):
        return reason("amphibious_terrain", target=target, terrain=rule.name.lower())
    return None


def _sea_problem(game: Game, origin: str, target: str) -> Reason | None:
    if open_to_ships(game, target) or open_to_ships(game, origin):
        return None  # free at sea, or into a coastal hex from the water (CC-CNV-03)
    if game.map.river_between(origin, target):
        return None  # up or down a river (CC-MOVE-07/08)
    if game.map.has_river(origin):
        return reason("sea_river", origin=origin, target=target)
    return reason("sea_on_land", target=target)


def open_to_ships(game: Game, hex_id: str) -> bool:
    """Water, sea lane or islands: where a sea convoy moves freely (CC-MOVE-06)."""
    return game.map.is_water(hex_id) or game.map.is_island(hex_id)


def sea_on_river(game: Game, convoy_type: str, origin: str, target: str) -> bool:
    """Whether a sea convoy is moving along a river (×2 fuel, ×1.5 parts, CC-TER-06)."""
    return (convoy_type == "sea" and not open_to_ships(game, origin)
            and not open_to_ships(game, target) and game.map.river_between(origin, target))


def uses_road(game: Game, convoy_type: str, origin: str, target: str) -> bool:
    """Whether the move leaves along a road into the target hex (CC-MOVE-13)."""
    return convoy_type in ROAD_TYPES and game.road_between(origin, target)


def in_open_water(game: Game, convoy: Convoy) -> bool:
    """An amphibious convoy in a Water or Sea Lane hex, not islands or rivers (AMB-20)."""
    return convoy.convoy_type == "amphibious" and game.map.is_water(convoy.hex)


def open_water_combat_factor(game: Game, convoy: Convoy) -> float:
    """Multiplier on the convoy's combat values where it stands: 0.5 for an amphibious convoy
    in open water, else 1 (CC-CNV-04, AMB-20). For the convoy-combat rules to apply."""
    if in_open_water(game, convoy):
        return game.rules.combat.amphibious_open_water_factor
    return 1.0


def airport_start(game: Game, convoy: Convoy, start_hex: str) -> bool:
    """An air convoy began its turn in an owned or friendly city with an Airport (AMB-24)."""
    city = game.city(start_hex)
    return (convoy.convoy_type == "air" and city is not None and "AIR" in city.buildings
            and game.city_status(city, convoy.owner) in ("owned", "friendly"))


def allowance(game: Game, convoy: Convoy, start_hex: str = "") -> int:
    """Hexes (air: range) a turn begun in start_hex (default: where the convoy is now) gives,
    with every modifier, the Airport one included (CC-CNV-10…12)."""
    start = start_hex or convoy.hex
    return convoy_stats.movement_allowance(
        convoy, game.rules, airport_start=airport_start(game, convoy, start))


def move_distance(convoy: Convoy, origin: str, target: str) -> int:
    """Allowance a move uses: 1 hex, or every hex of distance for air (AMB-48, CC-MOVE-21)."""
    return hexgrid.distance(origin, target) if convoy.convoy_type == "air" else 1


def consumption_factor(convoy: Convoy, game: Game) -> float:
    """Training's effect on fuel and parts: −1% per 5 points above 30, +1% below (CC-CNV-24)."""
    return 1.0 - convoy_stats.training_percent(convoy.training, game.rules) / 100


def _whole_fuel(game: Game, cost: float) -> int:
    """Fuel per order rounded up, at least the minimum (AMB-60)."""
    return max(game.rules.consumption.minimum_fuel_per_order, math.ceil(round(cost, 6)))


def _fuel_base(game: Game, convoy: Convoy) -> float:
    """Σ vehicle fuel less the Chemist's 15% (30% with a Priest) and training (CC-CNV-34)."""
    rules = game.rules
    rate = convoy_stats.fuel_rate(convoy, rules)
    chemist = 1.0 - convoy_stats.expert_percent(convoy, "CHE", rules) / 100
    return rate * chemist * consumption_factor(convoy, game)


def move_fuel(game: Game, convoy: Convoy, origin: str, target: str) -> int:
    """Fuel for one move: rate × terrain × Chemist × training, then road ×0.5 (CC-CO-MOVE-03).

    Air convoys pay the rate once per hex of distance, ignoring terrain (CC-TER-08). A sea
    convoy along a river pays ×2 in place of the terrain (CC-TER-06). Rounded up, at least 1.
    """
    rules = game.rules
    cost = _fuel_base(game, convoy)
    if convoy.convoy_type == "air":
        return _whole_fuel(game, cost * hexgrid.distance(origin, target))
    if sea_on_river(game, convoy.convoy_type, origin, target):
        cost *= rules.consumption.sea_river_fuel_multiplier
    else:
        cost *= rules.terrains[game.map.terrain_of(target)].fuel_multiplier
    if uses_road(game, convoy.convoy_type, origin, target):
        cost *= rules.consumption.road_fuel_multiplier
    return _whole_fuel(game, cost)


def pause_fuel(game: Game, convoy: Convoy) -> int:
    """Half the entry cost; a quarter with any road for land/military (CC-CO-PAUSE-02).

    Air convoys ignore terrain here too (CC-TER-08).
    """
    rules = game.rules
    cost = _fuel_base(game, convoy) * rules.consumption.pause_fraction
    if convoy.convoy_type != "air":
        cost *= rules.terrains[game.map.terrain_of(convoy.hex)].fuel_multiplier
    if convoy.convoy_type in PAUSE_ROAD_TYPES and game.has_road(convoy.hex):
        cost *= rules.consumption.pause_road_fraction
    return _whole_fuel(game, cost)


def parts_base(game: Game, convoy: Convoy) -> float:
    """Parts per hex before terrain: size × 0.1 × type × turn factor × training × Tinkerer."""
    rules = game.rules
    kind = rules.convoy_types[convoy.convoy_type]
    base = convoy_stats.size(convoy, rules) * rules.consumption.parts_per_size
    base *= kind.parts_type_multiplier * convoy.parts_factor * consumption_factor(convoy, game)
    return base * (1.0 - convoy_stats.expert_percent(convoy, "TIN", rules) / 100)


def move_parts(game: Game, convoy: Convoy, origin: str, target: str) -> float:
    """Parts one move adds to the maintenance bill (AMB-28; road and air ×1, CC-CNV-38)."""
    rules = game.rules
    base = parts_base(game, convoy)
    if convoy.convoy_type == "air":
        return base * hexgrid.distance(origin, target)
    if uses_road(game, convoy.convoy_type, origin, target):
        return base * rules.consumption.road_parts_multiplier
    if sea_on_river(game, convoy.convoy_type, origin, target):
        return base * rules.consumption.sea_river_parts_multiplier
    return base * rules.terrains[game.map.terrain_of(target)].parts_multiplier


def pause_parts(game: Game, convoy: Convoy) -> float:
    """Half the parts of entering the hex it stands in (AMB-28; air ×1)."""
    rules = game.rules
    base = parts_base(game, convoy) * rules.consumption.pause_fraction
    if convoy.convoy_type == "air":
        return base
    return base * rules.terrains[game.map.terrain_of(convoy.hex)].parts_multiplier
