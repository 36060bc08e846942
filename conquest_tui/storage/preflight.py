"""Before anything is built from a save's data: its map's shape and the length of every table.

Right after the JSON is read, and before the checksum is checked, the data migrated or any
record structured, a save is refused in about the time it took to read it when:
* its map is not laid out as a map file is (docs/map-format.md): a field holding a list or an
  object where text or a number belongs, at any depth, is refused here, so that nothing later
  (the map's own checks) walks nesting it cannot bear; a map is at most `MAX_SIDE`² hexes, its
  terrain that many rows and columns. A map whose canonical text (its cache key: orjson writes
  no nesting deeper than 255) is that of a map already made and checked is that map, and is
  not walked again;
* a table of the state is longer than the game can make it: hexes beyond the map's, cities
  beyond its cities, more Clans than a game has, convoys beyond their most per Clan, and
  events, problems, sightings and the like beyond generous bounds (`LIMITS`).
The rest of the state is bounded by its records' types as they are structured: only an
event's facts nest (tuples of facts), and hooks_facts bounds their depth. One sentence names
the file and the field: "saves/x.json: state.cities.owner: has 1,000,000 entries, more than
the map's 11 cities".
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain, repeat
from typing import Any

from conquest_tui.engine.core.gamemap import MAX_SIDE
from conquest_tui.engine.play.setup import MAX_CLANS
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage.save_list import SaveError, save_error

_SCALARS = frozenset({int, str, float, bool, type(None)})
_TEXT = frozenset({str})
_LISTS = frozenset({list})
_CONTAINERS = frozenset({list, dict})

MAP_FIELDS: Mapping[str, str] = {
    "format": "scalar", "version": "scalar", "name": "scalar", "title": "scalar",
    "description": "scalar", "sources": "scalar", "columns": "scalar", "rows": "scalar",
    "players": "object", "terrain": "texts", "roads": "texts", "rivers": "texts",
    "cities": "objects", "starts": "sets",
}
"""The fields of a map file (storage/map_loader.MapFile) and what each holds: a scalar, an
object of scalars, a list of texts, a list of objects of scalars, or lists of texts by name
(its own start sets, a list of hexes by number of Clans)."""

MAX_HEXES = MAX_SIDE * MAX_SIDE
TURNS = 1_000
"""More game turns than any game lasts (the rulebook's run some 20–25; 0 is no limit)."""
EVENTS = 20_000
"""More events than one Clan's turn, or its inbox between two turns, holds."""

LIMITS: Mapping[str, int] = {
    "broadcasts": 20_000, "top_clans": TURNS, "turn_figures": TURNS * MAX_CLANS,
    "top_figures": MAX_CLANS, "clan_order": MAX_CLANS, "winners": MAX_CLANS,
    "prices": 100, "goods_prices": 100,
    "allies": MAX_CLANS, "bans": MAX_CLANS, "met_clans": MAX_CLANS, "inbox": EVENTS,
    "mail": EVENTS,
    "sightings": 50_000, "past_reports": TURNS, "structure_uses": 20 * MAX_HEXES,
    "income": 100, "events": EVENTS, "problems": 1_000,
}
"""The most entries of a list or table of the state or of a Clan (their Clans, hexes, cities
and convoys are bounded by the map and the rules instead)."""


def preflight(data: Any, source: str, rules: Ruleset,
              map_size: tuple[int, int] | None = None) -> None:
    """SaveError naming the first field of the raw data too large or not laid out as a save's.

    `data` as read (any save version: tables may be lists of objects or one list per field);
    `map_size`: the hexes and cities of its map when the map is one already made and checked
    (its canonical text is that of a map seen before: savefile), whose shape is then not
    walked again.
    """
    if data.__class__ is not dict or data.get("map").__class__ is not dict:
        return  # not even laid out as a save: structuring names what is missing or wrong
    hexes, cities = map_size if map_size is not None else _check_map(data["map"], source)
    if data.get("state").__class__ is dict:
        _check_state(data["state"], source, hexes, cities, rules)


# --- the map -----------------------------------------------------------------------------------


def _check_map(raw: dict[str, Any], source: str) -> tuple[int, int]:
    """The map's size, then its shape (every value at the depth its field has, nothing deeper):
    the most hexes and cities the state may then have."""
    columns, rows = _side(raw.get("columns")), _side(raw.get("rows"))
    hexes = columns * rows
    _at_most(raw.get("terrain"), rows, "map.terrain", source, "rows of the map")
    for name in ("roads", "rivers"):
        _at_most(raw.get(name), 3 * hexes, f"map.{name}", source, "links between the map's hexes")
    _at_most(raw.get("cities"), hexes, "map.cities", source, "hexes of the map")
    for name, value in raw.items():
        kind = MAP_FIELDS.get(name)
        where = f"map.{name}"
        if kind is None:
            raise save_error(source, f"{where}: is not a field of a map (misspelt?)")
        if kind == "scalar":
            if value.__class__ not in _SCALARS:
                raise save_error(source, f"{where}: expected text or a number")
        elif kind == "object":
            _objects([value], where, source, one=True)
        elif kind == "sets":
            _sets(value, where, source)
        elif value.__class__ is not list:
            raise save_error(source, f"{where}: expected a list")
        elif kind == "objects":
            _objects(value, where, source, one=False)
        elif not set(map(type, value)) <= _TEXT:
            raise save_error(source, f"{where}: expected a list of texts")
    terrain = raw.get("terrain", [])
    if max(map(len, terrain), default=0) > columns:
        index = next(i for i, row in enumerate(terrain) if len(row) > columns)
        raise save_error(source, f"map.terrain[{index}]: has {len(terrain[index]):,} "
                                 f"characters, more than the map's {columns} columns")
    for name in ("roads", "rivers"):
        if max(map(len, raw.get(name, [])), default=0) > 5 * hexes:
            raise save_error(source, f"map.{name}: a path is longer than one through every hex "
                                     "of the map")
    return hexes, len(raw.get("cities", []))


def _side(value: Any) -> int:
    """A map's columns or rows as the bound they set (the largest when not a valid number)."""
    if value.__class__ is int and 1 <= value <= MAX_SIDE:
        return int(value)
    return MAX_SIDE


def _objects(items: list[Any], where: str, source: str, *, one: bool) -> None:
    """Objects of scalars (a map's cities, its players), checked all at once."""
    if set(map(type, items)) <= {dict} and max(map(len, items), default=0) <= 32 and set(
            map(type, chain.from_iterable(map(dict.values, items)))) <= _SCALARS:
        return
    for index, item in enumerate(items):
        at = where if one else f"{where}[{index}]"
        if item.__class__ is not dict:
            raise save_error(source, f"{at}: expected an object")
        if len(item) > 32:
            raise save_error(source, f"{at}: has {len(item):,} fields, more than a map's")
        for name, value in item.items():
            if value.__class__ not in _SCALARS:
                raise save_error(source, f"{at}.{name}: expected text or a number")


def _sets(value: Any, where: str, source: str) -> None:
    """Lists of texts by name (a map's start sets: hexes by number of Clans), at most one a
    number of Clans, each at most a game's Clans long."""
    if value.__class__ is not dict:
        raise save_error(source, f"{where}: expected an object")
    _at_most(list(value), MAX_CLANS, where, source, "start sets a map may name")
    for name, texts in value.items():
        if texts.__class__ is not list or not set(map(type, texts)) <= _TEXT:
            raise save_error(source, f"{where}.{name}: expected a list of texts")
        _at_most(texts, MAX_CLANS, f"{where}.{name}", source, "Clans of a game")


def _at_most(items: Any, most: int, where: str, source: str, what: str) -> None:
    if items.__class__ is list and len(items) > most:
        raise _too_long(where, len(items), most, what, source)


# --- the state ---------------------------------------------------------------------------------


def _check_state(state: dict[str, Any], source: str, hexes: int, cities: int,
                 rules: Ruleset) -> None:
    clans = state.get("clans", [])
    if clans.__class__ is not list:
        raise save_error(source, "state.clans: expected a list")
    _table(clans, MAX_CLANS, "state.clans", source, "Clans a game has at most")
    _table(state.get("hexes"), hexes, "state.hexes", source, "hexes of the map")
    _table(state.get("cities"), cities, "state.cities", source, "cities of the map")
    _table(state.get("convoys"), MAX_CLANS * rules.max_convoys, "state.convoys", source,
           f"convoys {MAX_CLANS} Clans may have")
    _table(state.get("paved"), 3 * hexes, "state.paved", source,
           "links between the map's hexes")
    declared = len(rules.house_rules.declared())
    _table(state.get("house_rules"), declared, "state.house_rules", source,
           "house rule there is" if declared == 1 else "house rules there are")
    _limited(state, "state", source)
    by_map = (("known_hexes", hexes, "hexes of the map"), ("city_memory", cities,
              "cities of the map"), ("spy_reports", cities, "cities of the map"))
    if _clans_within(clans, {**LIMITS, **{name: most for name, most, _ in by_map}},
                     {**LIMITS, "visited_hexes": hexes, "conquered_hexes": hexes}):
        return
    for index, clan in enumerate(clans):  # one is too long: the first is named
        if clan.__class__ is not dict:
            continue  # structuring names it
        where = f"state.clans[{index}]"
        _limited(clan, where, source)
        for name, most, what in by_map:
            _table(clan.get(name), most, where, source, what, name)
        last = clan.get("last_turn")
        if last.__class__ is dict:
            _limited(last, f"{where}.last_turn", source)
            for name in ("visited_hexes", "conquered_hexes"):
                _table(last.get(name), hexes, f"{where}.last_turn", source, "hexes of the map",
                       name)


def _clans_within(clans: list[Any], bounds: Mapping[str, int],
                  last_turn_bounds: Mapping[str, int]) -> bool:
    """Whether every Clan's lists and tables (and its last turn's) are within their bounds,
    checked all Clans' of one field at once; False when one is not, or when unsure (a Clan
    or its last turn not an object): each Clan is then walked to name the first too long."""
    if not set(map(type, clans)) <= {dict}:
        return False
    last_turns = [clan.get("last_turn") for clan in clans]
    if not set(map(type, last_turns)) <= {dict}:
        return False
    for records, most_of in ((clans, bounds), (last_turns, last_turn_bounds)):
        for name in most_of.keys() & set(chain.from_iterable(records)):
            if not _all_within(list(map(dict.get, records, repeat(name))), most_of[name]):
                return False
    return True


def _all_within(values: list[Any], most: int) -> bool:
    """`_table`'s bound on each of `values` at once: lists at most `most` long, objects keyed
    by names at most `most` keys, tables (objects of lists) at most 64 columns of at most `most`
    entries (anything else is for structuring to name); False when unsure."""
    kinds = set(map(type, values))
    if kinds.isdisjoint(_CONTAINERS):
        return True  # texts, numbers, nothing: structuring names what is wrong
    if kinds == _LISTS:  # every one a list (a Clan's allies, its last turn's visited hexes)
        return max(map(len, values)) <= most
    lists = [value for value in values if value.__class__ is list]
    if lists and max(map(len, lists)) > most:
        return False
    objects = [value for value in values if value.__class__ is dict and value]
    if not objects:
        return True
    firsts = set(map(type, map(next, map(iter, map(dict.values, objects)))))
    if list not in firsts:  # objects keyed by names (as `_table` tells them: the first value)
        return max(map(len, objects)) <= most
    inner = list(chain.from_iterable(map(dict.values, objects)))
    if firsts == {list} and set(map(type, inner)) == {list}:  # tables, one list per field
        return max(map(len, objects)) <= 64 and max(map(len, inner)) <= most
    return False  # tables beside objects keyed by names: each is looked at on its own


def events_table(table: Any, where: str, source: str) -> None:
    """SaveError when a table of events (a Clan's last turn's, read from its text when first
    used: storage/saved_events) holds more events than a turn makes."""
    _table(table, LIMITS["events"], where, source, "the game ever makes")


def _limited(record: dict[str, Any], where: str, source: str) -> None:
    for name in LIMITS.keys() & record.keys():
        _table(record[name], LIMITS[name], where, source, "the game ever makes", name)


def _table(value: Any, most: int, where: str, source: str, what: str, name: str = "") -> None:
    """A list, an object keyed by names, or a table stored one list per field: at most `most`
    entries (each column of a table counted). `where`: the field's path, or with `name` the
    path of the record holding it (joined only to name it: a load checks some 300 of them)."""
    if value.__class__ is list:
        if len(value) > most:
            raise _too_long(_path(where, name), len(value), most, what, source)
        return
    if value.__class__ is not dict or not value:
        return  # the wrong kind of value: structuring names it
    if next(iter(value.values())).__class__ is not list or not set(
            map(type, value.values())) <= {list}:  # not a table: an object keyed by names
        if len(value) > most:
            raise _too_long(_path(where, name), len(value), most, what, source)
        return
    where = _path(where, name)
    if len(value) > 64:
        raise save_error(source, f"{where}: has {len(value):,} columns, more than a record has "
                                 "fields")
    if max(map(len, value.values()), default=0) <= most:
        return
    for name, column in value.items():
        if len(column) > most:
            raise _too_long(f"{where}.{name}", len(column), most, what, source)


def _path(where: str, name: str) -> str:
    return f"{where}.{name}" if name else where


def _too_long(where: str, count: int, most: int, what: str, source: str) -> SaveError:
    return save_error(source, f"{where}: has {count:,} entries, more than the {most:,} {what}")
