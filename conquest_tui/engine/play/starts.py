"""Fair, widely spaced starts among the minor cities (CC-GEN-07), and whether a map has any.

Each start must reach enough land before any rival and have cities within reach
(`land_reach.measure`); among the sets of minor cities that do, the most widely spaced is taken
(the smallest hex distance between two starts, then the sum of them, the largest). The search
depends on the map, the number of Clans and the rules only, so it runs once per map and number
in a process; the game's seeded generator then deals the starts to the Clans.
"""

from __future__ import annotations

from random import Random

import attrs

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.hexgrid import HexId
from conquest_tui.engine.play.land_reach import LandReach, StartFairness, land_reach, measure
from conquest_tui.engine.rules.ruleset_tables import FairStartRules

REPAIRS = 6
"""Sets, the nearest to fair, that the search tries to mend (one start moved at a time) until
one is fair."""
REPAIR_STEPS = 12
"""Starts moved at most in the mending of one set."""


class StartsError(ValueError):
    """A map without enough minor cities for the Clans."""


@attrs.frozen
class StartChoice:
    """The starts the search found for a map and a number of Clans, and how fair they are."""

    starts: tuple[HexId, ...]
    fairness: StartFairness

    @property
    def fair(self) -> bool:
        return self.fairness.fair


def choose_starts(world: GameMap, count: int, rng: Random, rules: FairStartRules) -> list[str]:
    """The starts of a new game: the fairest, most widely spaced minor cities (CC-GEN-07), in
    an order drawn from the game's generator (the i-th start is the i-th Clan's)."""
    starts = list(find_starts(world, count, rules).starts)
    rng.shuffle(starts)
    return starts


def find_starts(world: GameMap, count: int, rules: FairStartRules) -> StartChoice:
    """The fairest set of `count` starts on the map, the most widely spaced of the fair ones
    (the same every time for the same map, number and rules; kept once found)."""
    reach = land_reach(world)
    kept = _CHOICES.get(id(reach))
    if kept is None or kept[0] is not reach:
        if len(_CHOICES) >= 8:
            _CHOICES.clear()
        kept = _CHOICES[id(reach)] = (reach, {})
    choice = kept[1].get((count, rules))
    if choice is None:
        choice = kept[1][count, rules] = _Search(reach, count, rules).run()
    return choice


_CHOICES: dict[int, tuple[LandReach, dict[tuple[int, FairStartRules], StartChoice]]] = {}
"""Choices found, by the id of the map's LandReach (kept beside it, so an id is never reused)."""


def fewer_clans_seated_fairly(world: GameMap, count: int, rules: FairStartRules) -> int:
    """The most Clans below `count` (at least the map's fewest) the map seats fairly; 0: none."""
    for fewer in range(count - 1, max(world.min_players, 2) - 1, -1):
        if find_starts(world, fewer, rules).fair:
            return fewer
    return 0


class _Search:
    """Greedy farthest-point sets from every candidate; the fair ones' most widely spaced; else
    the nearest to fair, mended one start at a time."""

    def __init__(self, reach: LandReach, count: int, rules: FairStartRules) -> None:
        self.reach, self.count, self.rules = reach, count, rules
        world = reach.world
        minors = sorted(site.hex for site in world.cities if not site.major)
        if len(minors) < count:
            raise StartsError(f"the {world.title} map has {len(minors)} minor cities, too few "
                              f"for {count} Clans")
        need = rules.land_share * world.land_hex_count() / count
        mainland = [hex_id for hex_id in minors if not stranded(world, hex_id)]
        able = [hex_id for hex_id in mainland
                if reach.cities_within(hex_id, rules.reach_moves) >= rules.cities_in_reach
                and reach.layers(hex_id)[-1].bit_count() >= need]
        if len(able) >= count:
            self.pool = able
        else:  # no fair set: the least unfair, mainland first (AMB-56)
            self.pool = mainland if len(mainland) >= count else minors
        cubes = [hexgrid.to_cube(*hexgrid.parse_hex(hex_id)) for hex_id in self.pool]
        self.apart = [[max(abs(q - q2), abs(r - r2), abs(s - s2)) for q2, r2, s2 in cubes]
                      for q, r, s in cubes]
        self.seen: dict[frozenset[int], StartFairness] = {}

    def run(self) -> StartChoice:
        found = [self._farthest(first) for first in range(len(self.pool))]
        widest = sorted(found, key=self._spread, reverse=True)  # stable: equals keep order
        fair = next(([chosen] for chosen in widest if self._measure(chosen).fair), [])
        if not fair:  # mend the nearest to fair, one after the other, until one is
            nearest = sorted({frozenset(c): c for c in found}.values(),
                             key=lambda c: (self._measure(c).shortfall, self._spread_rank(c)))
            found = []
            for chosen in nearest[:REPAIRS]:
                found.append(self._mend(chosen))
                if self._measure(found[-1]).fair:
                    fair = found[-1:]
                    break
        if fair:
            best = max(fair, key=self._spread)  # the first of equals: max keeps the first
        else:
            best = min(found, key=lambda c: (self._measure(c).shortfall, self._spread_rank(c)))
        starts = tuple(self.pool[i] for i in best)
        return StartChoice(starts, measure(self.reach.world, starts, self.rules))

    def _farthest(self, first: int) -> list[int]:
        """From `first`, each next start the candidate farthest from those chosen (a tie goes
        to the larger hex id, as the pool is sorted)."""
        chosen = [first]
        nearest = self.apart[first]
        order = range(len(self.pool))
        while len(chosen) < self.count:
            pick = max(zip(nearest, order, strict=True))[1]
            chosen.append(pick)
            nearest = list(map(min, nearest, self.apart[pick]))
        return chosen

    def _measure(self, chosen: list[int]) -> StartFairness:
        key = frozenset(chosen)
        known = self.seen.get(key)
        if known is None:
            known = measure(self.reach.world, tuple(self.pool[i] for i in chosen), self.rules)
            self.seen[key] = known
        return known

    def _spread(self, chosen: list[int]) -> tuple[int, int]:
        """(smallest distance between two starts, sum of the distances): larger is wider."""
        pairs = [self.apart[a][b] for i, a in enumerate(chosen) for b in chosen[i + 1:]]
        return min(pairs, default=0), sum(pairs)

    def _spread_rank(self, chosen: list[int]) -> tuple[int, int]:
        smallest, total = self._spread(chosen)
        return -smallest, -total

    def _mend(self, chosen: list[int]) -> list[int]:
        """Move one start at a time to the candidate that brings the set nearest to fair: the
        start with the least land if that helps, else the start nearest it, else the one with
        the most land."""
        current = list(chosen)
        for _ in range(REPAIR_STEPS):
            fairness = self._measure(current)
            if fairness.fair:
                break
            least = min(range(self.count), key=lambda i: (fairness.land[i], i))
            most = max(range(self.count), key=lambda i: (fairness.land[i], -i))
            beside = min((i for i in range(self.count) if i != least),
                         key=lambda i: (self.apart[current[least]][current[i]], i))
            best = current
            best_key = (fairness.shortfall, self._spread_rank(current))
            for position in dict.fromkeys((least, beside, most)):
                for other in range(len(self.pool)):
                    if other in current:
                        continue
                    trial = current[:position] + [other] + current[position + 1:]
                    trial_key = (self._measure(trial).shortfall, self._spread_rank(trial))
                    if trial_key < best_key:
                        best, best_key = trial, trial_key
                if best is not current:
                    break  # the first start whose move helps is moved
            if best is current:
                break
            current = best
        return current


def stranded(world: GameMap, hex_id: HexId) -> bool:
    """Whether a land convoy would be stranded: an islands hex or a landmass under 6 hexes."""
    if world.is_island(hex_id):
        return True
    seen = {hex_id}
    frontier = [hex_id]
    while frontier and len(seen) < 6:
        current = frontier.pop()
        for _, other in world.neighbors(current):
            if other in seen or not world.is_land(other) or world.is_island(other):
                continue
            seen.add(other)
            frontier.append(other)
    return len(seen) < 6
