"""The state as far as one Clan knows it: the fog-safe copy its forecast and odds play on."""

from __future__ import annotations

import weakref
from itertools import repeat
from operator import attrgetter

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import (
    CityState,
    Clan,
    GameState,
    HexState,
    LastTurn,
)
from conquest_tui.engine.play.record_copy import copy_record
from conquest_tui.engine.rules.ruleset import Ruleset


def fog_safe_state(game: Game, clan_number: int) -> GameState:
    """A deep copy of the state as far as the Clan knows it: the other Clans' convoys only where
    its sightings of their Clan (or of an unknown one) put them, and the hexes it does not see
    now (neither its own nor entered last turn, as its view shows them) presumed: unclaimed,
    unguarded, of the usual defense for their terrain, with nothing to pick up or loot; the
    cities it does not see as it last learned them (`_presume_city`); no other Clan's spies; no
    past reports and no figures of past game turns (a Clan's turn reads neither)."""
    state = game.state
    clan = game.clan(clan_number)
    seen = {(s.hex, s.owner) for s in clan.sightings}
    seen |= {(s.hex, s.owner) for report in clan.spy_reports for s in report.sightings}
    kept = [convoy for convoy in state.convoys if convoy.owner == clan_number
            or (convoy.hex, convoy.owner) in seen or (convoy.hex, 0) in seen]
    clans = [_slim(other, other.number == clan_number) for other in state.clans]
    shallow = attrs.evolve(state, convoys=kept, clans=clans, hexes=[], turn_figures=[])
    private: GameState = copy_record(shallow)
    private.hexes = _hexes(game, clan)
    visited = set(clan.last_turn.visited_hexes)
    for city in private.cities:
        city.spies = [number for number in city.spies if number == clan_number]
        if city.owner != clan_number and city.hex not in visited:
            _presume_city(game, clan, city)
    return private


def _hexes(game: Game, clan: Clan) -> list[HexState]:
    """Every hex presumed (`_presume`), but those the Clan sees now: copied as they are."""
    hexes = game.state.hexes
    private = _presumed(hexes, _usual_defenses(game.rules, game.map))
    contains, index_of = game.map.contains, game.map.index_of
    seen = {index_of(hex_id) for hex_id in clan.last_turn.visited_hexes if contains(hex_id)}
    number = clan.number
    seen.update(at for at, owner in enumerate(map(_OWNER, hexes)) if owner == number)
    for at in seen:
        private[at] = HexState(*_HEX_FIELDS(hexes[at]))
    return private


def _presume_city(game: Game, clan: Clan, city: CityState) -> None:
    """A city the Clan does not see: as it last learned it, or, never learned, an unowned city
    of its printed size at the fullest garrison an unowned city starts with (the worst case)."""
    memory = clan.city_memory.get(city.hex)
    city.claymores, city.plague, city.hostile_to = 0, False, \
        [number for number in city.hostile_to if number == clan.number]
    if memory is not None:
        city.owner, city.population, city.troops = memory.owner, memory.population, memory.troops
        city.fortification = max(memory.fortification, 1)
        city.buildings = list(memory.buildings)
        return
    site = game.map.city_at(city.hex)
    assert site is not None
    level = game.rules.fortifications[site.fortification - 1]
    share = game.rules.unowned_cities
    top = (share.major_garrison if site.major else share.minor_garrison).high
    city.owner, city.population, city.fortification = 0, site.population, site.fortification
    city.buildings = []
    city.troops = level.troop_capacity(False) * top // 100


def _presumed(hexes: list[HexState], usual: list[int]) -> list[HexState]:
    """Each hex as the Clan may presume it when it does not see it (the per-game rolls are
    hidden): unclaimed, unguarded, looted, of the `usual` defense for its ground, no structure,
    nothing to pick up; when a structure was built, the road's bonus and when it was taken as
    they are. (One call of HexState per hex, its fields in order, made by `map`.)"""
    zero, blank = repeat(0), repeat("")  # endless: each may be passed more than once
    return list(map(HexState, zero, usual, zero, repeat(True), blank, blank,
                    map(_BUILT, hexes), zero, zero, zero, zero, zero,
                    map(_ROAD_BONUS, hexes), map(_TAKEN, hexes)))


_PRESUMED_ORDER = ("owner", "defense", "garrison", "looted", "special", "custom",
                   "custom_built_turn", "money", "food", "fuel", "parts", "vaccine",
                   "road_parts_bonus", "conquered_turn")
if tuple(field.name for field in attrs.fields(HexState)) != _PRESUMED_ORDER:
    raise ImportError("HexState's fields are not those `_presumed` gives in order")
_OWNER = attrgetter("owner")
_BUILT = attrgetter("custom_built_turn")
_ROAD_BONUS = attrgetter("road_parts_bonus")
_TAKEN = attrgetter("conquered_turn")


_USUAL: weakref.WeakKeyDictionary[GameMap, tuple[Ruleset, list[int]]] = \
    weakref.WeakKeyDictionary()
"""Map → the ruleset and each hex's usual defense under it, worked out once per map."""


def _usual_defenses(rules: Ruleset, game_map: GameMap) -> list[int]:
    """Each hex's usual defense, in `hex_ids()` order: the middle of the defense roll, its
    terrain's bonus and a river's, at most the highest defense level."""
    known = _USUAL.get(game_map)
    if known is not None and known[0] is rules:
        return known[1]
    generation = rules.hexgen
    middle = (generation.defense_roll.low + generation.defense_roll.high) // 2
    usual = []
    for hex_id in game_map.hex_ids():
        defense = middle + rules.terrains[game_map.terrain_of(hex_id)].defense_bonus
        if game_map.has_river(hex_id):
            defense += generation.river_defense_bonus
        usual.append(min(defense, generation.max_defense_level))
    _USUAL[game_map] = (rules, usual)
    return usual


_HEX_FIELDS = attrgetter(*(field.name for field in attrs.fields(HexState)))
"""A hex's fields in order: a HexState holds only numbers, strings and flags, so a new one
made from them is a copy (four times faster than copy.copy on a 60×60 map)."""


def _slim(clan: Clan, own: bool) -> Clan:
    """A Clan without what the forecast must not read or need not copy: the other Clans'
    knowledge and histories, and every Clan's past reports."""
    past = clan.last_turn
    if own:
        return attrs.evolve(clan, last_turn=LastTurn(game_turn=past.game_turn,
                                                     income=past.income), inbox=[], mail=[],
                            past_reports=[])
    return attrs.evolve(clan, last_turn=LastTurn(), inbox=[], mail=[], known_hexes={},
                        city_memory={}, sightings=[], spy_reports=[], past_reports=[])
