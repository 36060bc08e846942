"""The frozen game map: terrain per hex, road and river links, city sites (docs/map-format.md)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.hexgrid import HexId, is_hex_id
from conquest_tui.engine.rules.checks import InvalidValue, InvalidValues
from conquest_tui.engine.rules.names import TERRAINS

WATER_TERRAINS: frozenset[str] = frozenset({"water", "sea_lane"})

LEGEND: dict[str, str] = {
    "p": "plains", "a": "agricultural", "f": "forest", "d": "desert", "m": "mountains",
    "s": "swamp", "w": "wilderness", "j": "jungle", "b": "barren", "M": "metropolis",
    ".": "water", "i": "islands", "~": "sea_lane",
}
TERRAIN_CHARS: dict[str, str] = {key: char for char, key in LEGEND.items()}

# 3-letter abbreviations used in reports (CC-TER-01).
TERRAIN_ABBREVIATIONS: dict[str, str] = {
    "plains": "Pla", "agricultural": "Agr", "forest": "For", "desert": "Des",
    "mountains": "Mou", "swamp": "Swa", "wilderness": "Wil", "jungle": "Jun",
    "barren": "Bar", "metropolis": "Met", "water": "Wat", "islands": "Isl", "sea_lane": "SeL",
}

GOODS: tuple[str, ...] = (
    "milk", "wool", "ores", "minerals", "coal", "steel", "alcohol", "gas", "cloth", "gems",
)
NEEDS_ANYTHING = "anything"
GUILD_CODES: tuple[str, ...] = (
    "ARM", "CHE", "DEA", "DOC", "ENG", "GOU", "GUN", "MER",
    "PIL", "POL", "PRI", "SCO", "SER", "SPY", "TIN", "TRA",
)

Link = frozenset[HexId]


def _label(city: Any) -> str:
    return f" for {city.name}" if city.name else ""


def _hex_id(city: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if not is_hex_id(value):
        raise InvalidValue(attribute.name, f"{value!r} is not a hex id (4 digits CCRR)")


def _city_name(_: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if not value.strip():
        raise InvalidValue(attribute.name, f"{value!r} must be non-empty text")


def _population(city: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if value < MIN_CITY_POPULATION:
        raise InvalidValue(attribute.name, f"{value!r} must be a whole number ≥ "
                           f"{MIN_CITY_POPULATION}{_label(city)}")


def _good(city: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if value not in GOODS:
        raise InvalidValue(attribute.name, f"unknown good {value!r}{_label(city)}; expected one "
                           f"of {', '.join(GOODS)}")


def _need(city: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if value != NEEDS_ANYTHING and value not in GOODS:
        raise InvalidValue(attribute.name, f"unknown good {value!r}{_label(city)}; expected one "
                           f"of {', '.join(GOODS)} or {NEEDS_ANYTHING!r}")
    if value == city.produces:
        raise InvalidValue(attribute.name,
                           f"{value!r} is also what the city produces{_label(city)}")


def _guild(city: Any, attribute: attrs.Attribute[Any], value: str | None) -> None:
    if value is not None and value not in GUILD_CODES:
        raise InvalidValue(attribute.name, f"unknown guild {value!r}{_label(city)}; expected one "
                           f"of {', '.join(GUILD_CODES)} or null")


def _fortification(city: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if not 1 <= value <= MAX_FORTIFICATION:
        raise InvalidValue(attribute.name,
                           f"{value!r} must be 1 to {MAX_FORTIFICATION}{_label(city)}")


def _base_value(city: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if value <= 0:
        raise InvalidValue(attribute.name,
                           f"{value!r} must be a positive whole number{_label(city)}")


MIN_CITY_POPULATION = 1000
MAX_FORTIFICATION = 6


@attrs.frozen
class CitySite:
    """A city as the map places it before any game starts (docs/map-format.md)."""

    hex: HexId = attrs.field(validator=_hex_id)
    name: str = attrs.field(validator=_city_name)
    population: int = attrs.field(validator=_population)
    major: bool
    produces: str = attrs.field(validator=_good)
    needs: str = attrs.field(validator=_need)
    guild: str | None = attrs.field(validator=_guild)
    fortification: int = attrs.field(validator=_fortification)
    base_value: int = attrs.field(validator=_base_value)


def _adjacency(links: Iterable[Link]) -> dict[HexId, frozenset[HexId]]:
    adj: dict[HexId, set[HexId]] = {}
    for link in links:
        a, b = tuple(link)
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    return {h: frozenset(others) for h, others in adj.items()}


def _directions(
    around: tuple[tuple[str, HexId], ...], others: frozenset[HexId]
) -> tuple[str, ...]:
    """Directions (N … NW order) in which the given neighbours lie."""
    return tuple(d for d, other in around if other in others)


_NAME = re.compile(r"[A-Za-z0-9_-]+")
MIN_PLAYERS = 2
MAX_PLAYERS = 20
MAX_SIDE = 99


def _map_name(_: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if not _NAME.fullmatch(value):
        raise InvalidValue(attribute.name,
                           f"{value!r} must be letters, digits, '_' or '-' (it names the file)")


def _title(_: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if not value.strip():
        raise InvalidValue(attribute.name, "is empty")


def _min_players(_: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if value < MIN_PLAYERS:
        raise InvalidValue("players.min",
                           f"{value!r} must be a whole number of at least {MIN_PLAYERS}")


def _max_players(game_map: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if value > MAX_PLAYERS:
        raise InvalidValue("players.max",
                           f"{value!r} must be a whole number of at most {MAX_PLAYERS}")
    if game_map.min_players > value:
        raise InvalidValue("players", f"min {game_map.min_players} is greater than max {value}")


def _side(_: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if not 1 <= value <= MAX_SIDE:
        raise InvalidValue(attribute.name, f"{value!r} must be a whole number from 1 to {MAX_SIDE}")


def _link_problems(kind: str, links: Iterable[Link], size: str, index: dict[HexId, int],
                   terrain: dict[HexId, str], neighbours: Any) -> list[InvalidValue]:
    """Road or river links that leave the map, skip a hex or touch water."""
    field = "roads" if kind == "road" else "rivers"
    found = []
    for link in sorted(links, key=sorted):
        pair = sorted(link)
        if len(pair) != 2:
            found.append(InvalidValue(field, f"a {kind} link needs two hexes, got {pair}"))
            continue
        a, b = pair
        off = [h for h in pair if h not in index]
        if off:
            found.append(InvalidValue(field, f"hex {off[0]} is outside the {size} map"))
            continue
        if all(b != other for _, other in neighbours[a]):
            found.append(InvalidValue(field, f"{a} and {b} are not adjacent"))
        for h in pair:
            if terrain[h] in WATER_TERRAINS:
                what = "roads never touch" if kind == "road" else "rivers never run in"
                found.append(InvalidValue(field, f"hex {h} is {terrain[h]}; {what} water or "
                                                 "sea lanes"))
    return found


def _city_problems(cities: Sequence[CitySite], size: str, index: dict[HexId, int],
                   terrain: dict[HexId, str]) -> list[InvalidValue]:
    """Cities off the map, on water, or sharing a hex or a name."""
    found = []
    by_hex: dict[HexId, int] = {}
    by_name: dict[str, int] = {}
    for i, city in enumerate(cities):
        label = _label(city)
        where = f"cities[{i}]"
        if city.hex not in index:
            found.append(InvalidValue(f"{where}.hex",
                                      f"hex {city.hex} is outside the {size} map{label}"))
        elif terrain[city.hex] in WATER_TERRAINS:
            found.append(InvalidValue(f"{where}.hex", f"hex {city.hex} is "
                                      f"{terrain[city.hex]}; cities stand on land{label}"))
        if city.hex in by_hex:
            found.append(InvalidValue(f"{where}.hex", f"hex {city.hex} already holds "
                                      f"cities[{by_hex[city.hex]}]{label}"))
        else:
            by_hex[city.hex] = i
        key = city.name.casefold()
        if key in by_name:
            found.append(InvalidValue(f"{where}.name",
                                      f"{city.name} is already used by cities[{by_name[key]}]"))
        else:
            by_name[key] = i
    return found


def _start_problems(game_map: GameMap) -> list[InvalidValue]:
    """Start sets for a number of Clans the map does not take, twice for one number, or
    naming a hex twice or one that holds no minor city."""
    found = []
    minors = {city.hex for city in game_map.cities if not city.major}
    seen: set[int] = set()
    for starts in game_map.starts:
        count = len(starts)
        where = f"starts.{count}"
        if not game_map.min_players <= count <= game_map.max_players:
            found.append(InvalidValue(where, f"{count} Clans is outside the map's players "
                                      f"({game_map.min_players}–{game_map.max_players})"))
        if count in seen:
            found.append(InvalidValue(where, f"a second start set for {count} Clans"))
        seen.add(count)
        twice = sorted({hex_id for hex_id in starts if starts.count(hex_id) > 1})
        if twice:
            found.append(InvalidValue(where, f"names {', '.join(twice)} more than once"))
        found.extend(InvalidValue(where, f"{hex_id} holds no minor city of the map")
                     for hex_id in starts if hex_id not in minors)
    return found


def _start_sets(values: Iterable[Iterable[HexId]]) -> tuple[tuple[HexId, ...], ...]:
    return tuple(sorted((tuple(starts) for starts in values), key=len))


def _texts(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _links(values: Iterable[Link]) -> frozenset[Link]:
    return frozenset(values)


def _sites(values: Iterable[CitySite]) -> tuple[CitySite, ...]:
    return tuple(values)


def _private() -> Any:
    return attrs.field(init=False, repr=False, eq=False, hash=False)


@attrs.frozen
class GameMap:
    """One map, loaded once and never changed; roads paved in play live in the game state."""

    name: str = attrs.field(validator=_map_name)
    title: str = attrs.field(validator=_title)
    description: str
    min_players: int = attrs.field(validator=_min_players)
    max_players: int = attrs.field(validator=_max_players)
    columns: int = attrs.field(validator=_side)
    rows: int = attrs.field(validator=_side)
    terrain: tuple[str, ...] = attrs.field(converter=_texts)
    roads: frozenset[Link] = attrs.field(converter=_links)
    rivers: frozenset[Link] = attrs.field(converter=_links)
    cities: tuple[CitySite, ...] = attrs.field(converter=_sites)
    sources: str = ""
    starts: tuple[tuple[HexId, ...], ...] = attrs.field(default=(), converter=_start_sets)
    """The map's own start sets (CC-GEN-07), at most one for each number of Clans: the
    starts dealt to that many Clans instead of those the search finds."""

    _hex_ids: tuple[HexId, ...] = _private()
    _index: dict[HexId, int] = _private()
    _terrain_by_hex: dict[HexId, str] = _private()
    _neighbors: dict[HexId, tuple[tuple[str, HexId], ...]] = _private()
    _adjacent: dict[HexId, frozenset[HexId]] = _private()
    _water: frozenset[HexId] = _private()
    _land: frozenset[HexId] = _private()
    _islands: frozenset[HexId] = _private()
    _coastal: frozenset[HexId] = _private()
    _road_adj: dict[HexId, frozenset[HexId]] = _private()
    _river_adj: dict[HexId, frozenset[HexId]] = _private()
    _road_dirs: dict[HexId, tuple[str, ...]] = _private()
    _river_dirs: dict[HexId, tuple[str, ...]] = _private()
    _river_mouths: frozenset[HexId] = _private()
    _city_at: dict[HexId, CitySite] = _private()
    _city_named: dict[str, CitySite] = _private()

    def __attrs_post_init__(self) -> None:
        """The whole-map checks (InvalidValues listing every problem), then the lookups."""
        if len(self.terrain) != self.columns * self.rows:
            raise InvalidValue("terrain", f"{len(self.terrain)} terrain entries for "
                               f"{self.columns}x{self.rows} hexes")
        unknown = set(self.terrain) - set(TERRAINS)
        if unknown:
            raise InvalidValue("terrain", f"unknown terrain {sorted(unknown)}")
        ids = tuple(
            f"{c:02d}{r:02d}" for c in range(1, self.columns + 1) for r in range(1, self.rows + 1)
        )
        index = {h: i for i, h in enumerate(ids)}
        terrain_by_hex = dict(zip(ids, self.terrain, strict=True))
        nbrs = _neighbor_table(self.columns, self.rows)
        size = f"{self.columns}x{self.rows}"
        problems = [
            *_link_problems("road", self.roads, size, index, terrain_by_hex, nbrs),
            *_link_problems("river", self.rivers, size, index, terrain_by_hex, nbrs),
            *_city_problems(self.cities, size, index, terrain_by_hex),
            *_start_problems(self),
        ]
        if problems:
            raise InvalidValues(problems)
        water = frozenset(h for h in ids if terrain_by_hex[h] in WATER_TERRAINS)
        land = frozenset(ids) - water
        islands = frozenset(h for h in ids if terrain_by_hex[h] == "islands")
        coastal = frozenset(
            h for h in land if any(o in water or o in islands for _, o in nbrs[h])
        )
        road_adj = _adjacency(self.roads)
        river_adj = _adjacency(self.rivers)
        mouths = frozenset(
            h for h in river_adj if any(o in water for _, o in nbrs[h])
        )
        city_at: dict[HexId, CitySite] = {}
        city_named: dict[str, CitySite] = {}
        for city in self.cities:
            city_at[city.hex] = city
            city_named[city.name.casefold()] = city
        values = {
            "_hex_ids": ids,
            "_index": index,
            "_terrain_by_hex": terrain_by_hex,
            "_neighbors": nbrs,
            "_adjacent": _adjacent_table(self.columns, self.rows),
            "_water": water,
            "_land": land,
            "_islands": islands,
            "_coastal": coastal,
            "_road_adj": road_adj,
            "_river_adj": river_adj,
            "_road_dirs": {h: _directions(nbrs[h], o) for h, o in road_adj.items()},
            "_river_dirs": {h: _directions(nbrs[h], o) for h, o in river_adj.items()},
            "_river_mouths": mouths,
            "_city_at": city_at,
            "_city_named": city_named,
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @classmethod
    def from_rows(
        cls,
        name: str,
        terrain_rows: Sequence[str],
        *,
        roads: Iterable[str] = (),
        rivers: Iterable[str] = (),
        cities: Iterable[CitySite] = (),
        title: str = "",
        description: str = "",
        min_players: int = 2,
        max_players: int = 4,
        sources: str = "",
        starts: Iterable[Sequence[HexId]] = (),
    ) -> GameMap:
        """Build a map from legend rows and path strings (handy for tests); ValueError if bad."""
        rows = len(terrain_rows)
        columns = len(terrain_rows[0]) if rows else 0
        return cls(
            name=name,
            title=title or name,
            description=description,
            min_players=min_players,
            max_players=max_players,
            columns=columns,
            rows=rows,
            terrain=terrain_from_rows(terrain_rows),
            roads=links_from_paths(roads),
            rivers=links_from_paths(rivers),
            cities=tuple(cities),
            sources=sources,
            starts=tuple(tuple(chosen) for chosen in starts),
        )

    def named_starts(self, count: int) -> tuple[HexId, ...] | None:
        """The map's own start set for `count` Clans (None: the map names none)."""
        return next((starts for starts in self.starts if len(starts) == count), None)

    # --- hexes -------------------------------------------------------------------------------

    def hex_ids(self) -> tuple[HexId, ...]:
        """Every hex, column-major: 0101, 0102, …, 0201, …"""
        return self._hex_ids

    def index_of(self, hex_id: HexId) -> int:
        """Position of hex_id in hex_ids() and terrain; KeyError off the map."""
        try:
            return self._index[hex_id]
        except KeyError:
            raise KeyError(f"hex {hex_id} is not on map {self.name}") from None

    def contains(self, hex_id: HexId) -> bool:
        return hex_id in self._index

    def terrain_of(self, hex_id: HexId) -> str:
        """Terrain key of hex_id; KeyError off the map."""
        try:
            return self._terrain_by_hex[hex_id]
        except KeyError:
            raise KeyError(f"hex {hex_id} is not on map {self.name}") from None

    def is_water(self, hex_id: HexId) -> bool:
        """Water or sea lane (CC-TER-10). False off the map."""
        return hex_id in self._water

    def is_land(self, hex_id: HexId) -> bool:
        """Any non-water hex, islands included. False off the map."""
        return hex_id in self._land

    def is_island(self, hex_id: HexId) -> bool:
        return hex_id in self._islands

    @property
    def water_hexes(self) -> frozenset[HexId]:
        """Every hex `is_water` says is water (for tests of many hexes in a row)."""
        return self._water

    @property
    def island_hexes(self) -> frozenset[HexId]:
        """Every hex `is_island` says is islands (for tests of many hexes in a row)."""
        return self._islands

    def is_coastal(self, hex_id: HexId) -> bool:
        """Land next to water, sea lane or islands (CC-CNV-03, CC-AMB-83)."""
        return hex_id in self._coastal

    def neighbors(self, hex_id: HexId) -> tuple[tuple[str, HexId], ...]:
        """(direction, hex) pairs on this map, in N NE SE S SW NW order; KeyError off the map."""
        try:
            return self._neighbors[hex_id]
        except KeyError:
            raise KeyError(f"hex {hex_id} is not on map {self.name}") from None

    def are_adjacent(self, a: HexId, b: HexId) -> bool:
        """Whether two hexes of this map share an edge (a hex off the map: read as an id)."""
        around = self._adjacent.get(a)
        if around is None or b not in self._index:
            return hexgrid.are_adjacent(a, b)
        return b in around

    def land_hex_count(self) -> int:
        return len(self._land)

    # --- roads and rivers --------------------------------------------------------------------

    def road_between(self, a: HexId, b: HexId) -> bool:
        """True when a map road links a and b directly (CC-MOVE-13)."""
        return b in self._road_adj.get(a, ())

    def road_directions(self, hex_id: HexId) -> tuple[str, ...]:
        """Directions a road leaves hex_id, in N NE SE S SW NW order (CC-TER-16)."""
        return self._road_dirs.get(hex_id, ())

    def road_neighbors(self, hex_id: HexId) -> frozenset[HexId]:
        return self._road_adj.get(hex_id, frozenset())

    def has_road(self, hex_id: HexId) -> bool:
        return hex_id in self._road_adj

    def river_between(self, a: HexId, b: HexId) -> bool:
        """True when the river runs directly from a to b (CC-MOVE-07..09)."""
        return b in self._river_adj.get(a, ())

    def river_directions(self, hex_id: HexId) -> tuple[str, ...]:
        return self._river_dirs.get(hex_id, ())

    def river_neighbors(self, hex_id: HexId) -> frozenset[HexId]:
        return self._river_adj.get(hex_id, frozenset())

    def has_river(self, hex_id: HexId) -> bool:
        return hex_id in self._river_adj

    def is_river_mouth(self, hex_id: HexId) -> bool:
        """A river hex adjacent to water or sea lane (CC-MOVE-07)."""
        return hex_id in self._river_mouths

    # --- cities ------------------------------------------------------------------------------

    def city_at(self, hex_id: HexId) -> CitySite | None:
        return self._city_at.get(hex_id)

    def city_named(self, name: str) -> CitySite | None:
        """Case-insensitive lookup by city name."""
        return self._city_named.get(name.casefold())


@functools.lru_cache(maxsize=8)
def _neighbor_table(columns: int, rows: int) -> dict[HexId, tuple[tuple[str, HexId], ...]]:
    """In-bounds neighbours of every hex of a map size (shared, read-only, built once per size)."""
    grid = [[f"{c:02d}{r:02d}" for r in range(rows + 2)] for c in range(columns + 2)]
    table: dict[HexId, tuple[tuple[str, HexId], ...]] = {}
    for c in range(1, columns + 1):
        offsets = _EVEN_OFFSETS if c % 2 == 0 else _ODD_OFFSETS
        column = grid[c]
        for r in range(1, rows + 1):
            inner = 1 < c < columns and 1 < r < rows
            table[column[r]] = tuple(
                [(d, grid[c + dc][r + dr]) for d, dc, dr in offsets] if inner else
                [(d, grid[c + dc][r + dr]) for d, dc, dr in offsets
                 if 1 <= c + dc <= columns and 1 <= r + dr <= rows]
            )
    return table


@functools.lru_cache(maxsize=8)
def _adjacent_table(columns: int, rows: int) -> dict[HexId, frozenset[HexId]]:
    """Each hex's in-bounds neighbours as a set (shared, read-only, built once per size)."""
    return {h: frozenset(o for _, o in around)
            for h, around in _neighbor_table(columns, rows).items()}


_ODD_OFFSETS = (("N", 0, -1), ("NE", 1, -1), ("SE", 1, 0), ("S", 0, 1), ("SW", -1, 0),
                ("NW", -1, -1))
_EVEN_OFFSETS = (("N", 0, -1), ("NE", 1, 0), ("SE", 1, 1), ("S", 0, 1), ("SW", -1, 1),
                 ("NW", -1, 0))


def terrain_from_rows(terrain_rows: Sequence[str]) -> tuple[str, ...]:
    """Legend rows (top row first) to terrain keys in column-major hex order; ValueError if bad."""
    rows = len(terrain_rows)
    columns = len(terrain_rows[0]) if rows else 0
    for r, line in enumerate(terrain_rows, start=1):
        if len(line) != columns:
            raise ValueError(f"terrain row {r} has {len(line)} characters, expected {columns}")
        for ch in line:
            if ch not in LEGEND:
                raise ValueError(f"terrain row {r}: unknown terrain character {ch!r}")
    return tuple(LEGEND[terrain_rows[r][c]] for c in range(columns) for r in range(rows))


def terrain_rows(game_map: GameMap) -> list[str]:
    """The map's terrain as legend rows, top row first (inverse of terrain_from_rows)."""
    t, rows = game_map.terrain, game_map.rows
    return [
        "".join(TERRAIN_CHARS[t[c * rows + r]] for c in range(game_map.columns))
        for r in range(rows)
    ]


def links_from_paths(paths: Iterable[str]) -> frozenset[Link]:
    """Path strings ("0203 0204 0305") to undirected links between consecutive hexes."""
    links: set[Link] = set()
    for path in paths:
        hexes = path.split()
        for a, b in zip(hexes, hexes[1:], strict=False):
            links.add(frozenset((a, b)))
    return frozenset(links)


def paths_from_links(links: Iterable[Link]) -> list[str]:
    """Cover undirected links with few paths, deterministically (inverse of links_from_paths)."""
    remaining = _adjacency(links)
    adj: dict[HexId, set[HexId]] = {h: set(o) for h, o in remaining.items()}
    paths: list[str] = []
    while adj:
        odd = sorted(h for h, o in adj.items() if len(o) % 2 == 1)
        current = odd[0] if odd else min(adj)
        path = [current]
        while adj.get(current):
            nxt = min(adj[current])
            adj[current].discard(nxt)
            adj[nxt].discard(current)
            for h in (current, nxt):
                if not adj[h]:
                    del adj[h]
            path.append(nxt)
            current = nxt
        paths.append(" ".join(path))
    return paths
