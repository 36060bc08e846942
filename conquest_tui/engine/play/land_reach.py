"""Land moves from a start: what each start reaches before any rival, and the cities in reach."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.hexgrid import HexId
from conquest_tui.engine.rules.ruleset_tables import FairStartRules

Layers = tuple[int, ...]
"""A start's land moves as bit sets of land hexes: entry k holds every hex k or fewer moves away
(bit i: the i-th land hex of the map); the last entry is all the start can ever reach."""


@attrs.frozen
class StartFairness:
    """How fair a set of starts is (CC-GEN-07): one entry per start, in the starts' order."""

    starts: tuple[HexId, ...]
    land: tuple[int, ...]
    """Land hexes strictly fewer land moves from this start than from any other start."""
    cities: tuple[int, ...]
    """Other cities within the rules' reach of land moves."""
    need: float
    """The least land before any rival a start must have: share × (land hexes ÷ Clans)."""
    over: float
    """Land of the largest share beyond the ratio times the smallest (0: within it)."""
    cities_wanted: int
    cities_over: float = 0.0
    """Cities in reach of the start with most beyond the city ratio times the least (0: within)."""

    @property
    def fair(self) -> bool:
        """Every start has its land and cities, and the most land and the most cities are
        within their ratios of the least."""
        return (min(self.land) >= self.need and self.over == 0
                and min(self.cities) >= self.cities_wanted and self.cities_over == 0)

    @property
    def shortfall(self) -> float:
        """How far from fair: land missing below the need, plus land over the ratio, plus the
        need's worth of land for every city missing or over the ratio (0 when fair)."""
        missing = sum(max(0.0, self.need - land) for land in self.land)
        cities = sum(max(0, self.cities_wanted - found) for found in self.cities)
        return missing + self.over + self.need * (cities + self.cities_over)


class LandReach:
    """One map's land-move graph and, computed once each, every start's layers of land moves.

    A land move is a step between two neighbouring land hexes that a Land convoy may take:
    into or out of an islands hex only along a road (CC-MOVE-04). Hexes are bits in the map's
    own order (column-major), so a step of every hex of a layer at once is a few shifts: each
    distance between the bits of two neighbours has the mask of the hexes that may step so.
    """

    def __init__(self, world: GameMap) -> None:
        self.world = world
        self.index = {hex_id: i for i, hex_id in enumerate(world.hex_ids())}
        steps: dict[int, int] = {}
        for hex_id, here in self.index.items():
            if not world.is_land(hex_id):
                continue
            for _, other in world.neighbors(hex_id):
                if world.is_land(other) and self._step(hex_id, other):
                    shift = self.index[other] - here
                    steps[shift] = steps.get(shift, 0) | 1 << here
        self.steps = tuple(sorted(steps.items()))
        self.city_bits = sum(1 << self.index[site.hex] for site in world.cities
                             if world.is_land(site.hex))
        self._layers: dict[HexId, Layers] = {}

    def _step(self, here: HexId, there: HexId) -> bool:
        world = self.world
        if world.is_island(here) or world.is_island(there):
            return world.road_between(here, there)
        return True

    def layers(self, start: HexId) -> Layers:
        """The start's land moves, layer by layer (computed on first use, then kept)."""
        known = self._layers.get(start)
        if known is not None:
            return known
        steps = self.steps
        reached = frontier = 1 << self.index[start]
        layers = [reached]
        while frontier:
            following = 0
            for shift, able in steps:
                moving = frontier & able
                if moving:
                    following |= moving << shift if shift > 0 else moving >> -shift
            frontier = following & ~reached
            if frontier:
                reached |= frontier
                layers.append(reached)
        result = tuple(layers)
        self._layers[start] = result
        return result

    def cities_within(self, start: HexId, moves: int) -> int:
        """Cities other than the start's own within `moves` land moves of it."""
        layers = self.layers(start)
        within = layers[min(moves, len(layers) - 1)]
        return (within & self.city_bits).bit_count() - (self.city_bits >> self.index[start] & 1)

    def moves_between(self, start: HexId, other: HexId) -> int | None:
        """Land moves from one hex to another; None when no land route joins them."""
        bit = 1 << self.index[other]
        for moves, within in enumerate(self.layers(start)):
            if within & bit:
                return moves
        return None

    def land_before_rivals(self, starts: tuple[HexId, ...]) -> tuple[int, ...]:
        """For each start, the land hexes strictly fewer land moves from it than from any other
        start (a hex as near to two starts counts for neither; one no start reaches for none).

        Layer by layer, a start takes what it reaches that no other start reaches as soon; once
        the starts together reach all they ever will, nothing is left to take."""
        stacks = [self.layers(start) for start in starts]
        count = len(stacks)
        everything = 0
        for layers in stacks:
            everything |= layers[-1]
        mine = [0] * count
        moves = 0
        while True:
            row = [layers[min(moves, len(layers) - 1)] for layers in stacks]
            after = [0] * (count + 1)
            for position in range(count - 1, 0, -1):
                after[position] = row[position] | after[position + 1]
            before = 0
            for position, within in enumerate(row):
                mine[position] |= within & ~(before | after[position + 1])
                before |= within
            if before == everything:
                return tuple(taken.bit_count() for taken in mine)
            moves += 1


_REACHES: dict[str, LandReach] = {}
"""LandReach by the map's name (a map loaded again, equal to the one kept, shares it)."""


def land_reach(world: GameMap) -> LandReach:
    """The map's LandReach, built once per map (the same map loaded twice is one map)."""
    known = _REACHES.get(world.name)
    if known is not None and (known.world is world or known.world == world):
        return known
    if len(_REACHES) >= 8:
        _REACHES.clear()
    reach = LandReach(world)
    _REACHES[world.name] = reach
    return reach


def measure(world: GameMap, starts: tuple[HexId, ...], rules: FairStartRules) -> StartFairness:
    """How fair these starts are under the rules (CC-GEN-07)."""
    reach = land_reach(world)
    land = reach.land_before_rivals(starts)
    cities = tuple(reach.cities_within(start, rules.reach_moves) for start in starts)
    need = rules.land_share * world.land_hex_count() / max(len(starts), 1)
    over = max(0.0, max(land) - rules.land_ratio * min(land))
    cities_over = max(0.0, max(cities) - rules.city_ratio * max(min(cities), 1))
    return StartFairness(starts, land, cities, need, over, rules.cities_in_reach, cities_over)
