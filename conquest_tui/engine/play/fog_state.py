"""The state as far as one Clan knows it: the fog-safe copy its forecast and odds play on."""

from __future__ import annotations

import copy
import enum
import typing
import weakref
from collections.abc import Callable
from operator import attrgetter
from typing import Any

import attrs

from conquest_tui.engine.core.events import Fact
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import (
    CityState,
    Clan,
    GameState,
    HexState,
    LastTurn,
)
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
    """Every hex copied, or presumed where the Clan does not see it (`_presume`)."""
    visited = set(clan.last_turn.visited_hexes)
    usual = _usual_defenses(game.rules, game.map)
    number = clan.number
    hexes = []
    for hex_id, hex_state, defense in zip(game.map.hex_ids(), game.state.hexes, usual,
                                          strict=True):
        if hex_state.owner == number or hex_id in visited:
            hexes.append(HexState(*_HEX_FIELDS(hex_state)))
        else:
            hexes.append(_presume(hex_state, defense))
    return hexes


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


def _presume(hex_state: HexState, defense: int) -> HexState:
    """A hex the Clan does not see: what it may assume of it (the per-game rolls are hidden):
    unclaimed, unguarded, looted, of the usual `defense` for its ground, no structure, nothing
    to pick up; when a structure was built and the road's bonus as they are."""
    return HexState(owner=0, defense=defense, garrison=0, looted=True, special="", custom="",
                    custom_built_turn=hex_state.custom_built_turn, money=0, food=0, fuel=0,
                    parts=0, vaccine=0, road_parts_bonus=hex_state.road_parts_bonus,
                    conquered_turn=hex_state.conquered_turn)


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


# --- a deep copy made from the records' field types --------------------------------------------

_Copy = Callable[[Any], Any]
_ATOMS: frozenset[Any] = frozenset({int, str, bool, float, type(None), Fact})
"""Types whose values are never changed in place: shared by the copy (Fact: a number, a word
or a tuple of facts)."""
_RECORDS: dict[type, _Copy] = {}


def copy_record(record: Any) -> Any:
    """A deep copy of a game-state record, as `copy.deepcopy` makes it of a record in which no
    list, dict or record is reached twice (the game's state is such a tree): each field copied
    as its type says (numbers, words and enums shared, lists and dicts copied, records copied
    field by field), `copy.deepcopy` for a field of any other type or a value not of its type."""
    return _record_copier(type(record))(record)


def _record_copier(cls: type) -> _Copy:
    known = _RECORDS.get(cls)
    if known is not None:
        return known
    fields = attrs.fields(cls)
    names = [field.name for field in fields]
    read: Callable[[Any], tuple[Any, ...]] = attrgetter(*names) if len(names) > 1 else (
        lambda record: (getattr(record, names[0]),))
    deep = [(at, copier) for at, field in enumerate(fields)
            if (copier := _value_copier(field.type)) is not None]
    if all(field.init and not field.kw_only and field.alias == field.name for field in fields):
        def made(values: list[Any]) -> Any:
            return cls(*values)
    else:
        def made(values: list[Any]) -> Any:
            new: Any = object.__new__(cls)
            for name, value in zip(names, values, strict=True):
                object.__setattr__(new, name, value)
            return new

    def copy_one(record: Any) -> Any:
        if type(record) is not cls:
            return copy.deepcopy(record)
        values = list(read(record))
        for at, copier in deep:
            values[at] = copier(values[at])
        return made(values)

    _RECORDS[cls] = copy_one
    return copy_one


def _value_copier(kind: Any) -> _Copy | None:
    """How a value of this type is copied; None when it is shared."""
    if kind in _ATOMS or (isinstance(kind, type) and issubclass(kind, enum.Enum)):
        return None
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is list and args:
        return _list_copier(_value_copier(args[0]))
    if origin is dict and len(args) == 2 and _value_copier(args[0]) is None:
        return _dict_copier(_value_copier(args[1]))
    if isinstance(kind, type) and attrs.has(kind):
        return _record_copier(kind)
    return copy.deepcopy


def _list_copier(inner: _Copy | None) -> _Copy:
    def copy_list(value: Any) -> Any:
        if type(value) is not list:
            return copy.deepcopy(value)
        return value.copy() if inner is None else [inner(item) for item in value]
    return copy_list


def _dict_copier(inner: _Copy | None) -> _Copy:
    def copy_dict(value: Any) -> Any:
        if type(value) is not dict:
            return copy.deepcopy(value)
        return value.copy() if inner is None else {key: inner(item)
                                                   for key, item in value.items()}
    return copy_dict
