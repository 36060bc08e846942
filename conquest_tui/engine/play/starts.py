"""Fair starts among the minor cities (CC-GEN-07): found once per map and Clans, then dealt."""

from __future__ import annotations

from random import Random

import attrs

from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.play.land_reach import LandReach, land_reach, measure
from conquest_tui.engine.play.start_search import StartChoice, StartSearch
from conquest_tui.engine.rules.ruleset_tables import FairStartRules

ANY_CITIES = 1e9
"""A city ratio any set keeps: the search without it, when no set keeps the rules' own."""


def choose_starts(world: GameMap, count: int, rng: Random, rules: FairStartRules) -> list[str]:
    """The starts of a new game: the fairest minor cities, then the best spaced (CC-GEN-07), in
    an order drawn from the game's generator (the i-th start is the i-th Clan's)."""
    starts = list(find_starts(world, count, rules).starts)
    rng.shuffle(starts)
    return starts


def find_starts(world: GameMap, count: int, rules: FairStartRules) -> StartChoice:
    """The map's own set of `count` starts, else the fairest set on the map, the best spaced
    of the fair ones (the same every time for the same map, number and rules; kept once
    found); either measured by the rules."""
    reach = land_reach(world)
    kept = _CHOICES.get(id(reach))
    if kept is None or kept[0] is not reach:
        if len(_CHOICES) >= 8:
            _CHOICES.clear()
        kept = _CHOICES[id(reach)] = (reach, {})
    choice = kept[1].get((count, rules))
    if choice is None:
        named = world.named_starts(count)
        found = (StartChoice(named, measure(world, named, rules)) if named is not None
                 else _search(reach, count, rules))
        choice = kept[1][count, rules] = found
    return choice


def _search(reach: LandReach, count: int, rules: FairStartRules) -> StartChoice:
    """The search; when no set keeps the cities in reach within their ratio, the fairest set
    in land and cities wanted (measured, and so found unfair, by the rules themselves)."""
    choice = StartSearch(reach, count, rules).run()
    if choice.fair or rules.city_ratio >= ANY_CITIES:
        return choice
    relaxed = StartSearch(reach, count, attrs.evolve(rules, city_ratio=ANY_CITIES)).run()
    if not relaxed.fair:
        return choice
    return StartChoice(relaxed.starts, measure(reach.world, relaxed.starts, rules))


_CHOICES: dict[int, tuple[LandReach, dict[tuple[int, FairStartRules], StartChoice]]] = {}
"""Choices found, by the id of the map's LandReach (kept beside it, so an id is never reused)."""


def fewer_clans_seated_fairly(world: GameMap, count: int, rules: FairStartRules) -> int:
    """The most Clans below `count` (at least the map's fewest) the map seats fairly; 0: none."""
    for fewer in range(count - 1, max(world.min_players, 2) - 1, -1):
        if find_starts(world, fewer, rules).fair:
            return fewer
    return 0
