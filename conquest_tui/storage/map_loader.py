"""Read, check, list, write and preview map files (`data/maps/<name>.json`, docs/map-format.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs

from conquest_tui.engine.core.gamemap import (
    GOODS,
    GUILD_CODES,
    LEGEND,
    NEEDS_ANYTHING,
    WATER_TERRAINS,
    CitySite,
    GameMap,
    links_from_paths,
    paths_from_links,
    terrain_from_rows,
    terrain_rows,
)
from conquest_tui.engine.core.hexgrid import are_adjacent, is_hex_id, parse_hex
from conquest_tui.storage import paths

MAP_FORMAT = "conquest-map"
MAP_VERSION = 1
MAX_PROBLEMS_IN_ERROR = 5

_REQUIRED = (
    "format", "version", "name", "title", "players", "columns", "rows", "terrain", "cities",
)
_OPTIONAL = ("description", "roads", "rivers", "sources")
_CITY_FIELDS = (
    "hex", "name", "population", "major", "produces", "needs", "guild", "fortification",
    "base_value",
)
_NAME_RE = re.compile(r"[A-Za-z0-9_-]+")


class MapError(ValueError):
    """A map file that cannot be used; `problems` holds every sentence found."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        shown = self.problems[:MAX_PROBLEMS_IN_ERROR]
        extra = len(self.problems) - len(shown)
        text = "\n".join(shown)
        if extra > 0:
            text += f"\n… and {extra} more problem{'s' if extra > 1 else ''}"
        super().__init__(text)


@attrs.frozen
class MapInfo:
    """What the new-game screen shows about a map before loading it for play."""

    name: str
    title: str
    description: str
    min_players: int
    max_players: int
    columns: int
    rows: int
    city_count: int
    path: Path


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    """Collects problem sentences for one raw map dict."""

    def __init__(self, raw: dict[str, Any], source: str) -> None:
        self.raw = raw
        self.source = source
        self.problems: list[str] = []
        self.columns: int | None = None
        self.rows: int | None = None
        self.terrain: dict[str, str] = {}  # hex -> terrain key, for every readable hex

    def bad(self, field: str, message: str) -> None:
        self.problems.append(f"{self.source}: {field}: {message}")

    def run(self) -> list[str]:
        raw = self.raw
        for key in _REQUIRED:
            if key not in raw:
                self.bad(key, "is missing")
        for key in raw:
            if key not in _REQUIRED and key not in _OPTIONAL:
                self.bad(key, "is not a map field (misspelt?)")
        self.check_header()
        self.check_size()
        self.check_terrain()
        for kind in ("roads", "rivers"):
            self.check_paths(kind)
        self.check_cities()
        return self.problems

    def check_header(self) -> None:
        raw = self.raw
        if "format" in raw and raw["format"] != MAP_FORMAT:
            self.bad("format", f"is {raw['format']!r}, expected {MAP_FORMAT!r}")
        version = raw.get("version", MAP_VERSION)
        if not _is_int(version):
            self.bad("version", f"{version!r} is not a whole number")
        elif version > MAP_VERSION:
            self.bad("version", f"version {version} is newer than this game reads ({MAP_VERSION})")
        elif version != MAP_VERSION:
            self.bad("version", f"version {version} is not supported (expected {MAP_VERSION})")
        name = raw.get("name", "x")
        if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
            self.bad("name", f"{name!r} must be letters, digits, '_' or '-' (it names the file)")
        for key in ("title", "description", "sources"):
            value = raw.get(key, "x")
            if not isinstance(value, str):
                self.bad(key, f"{value!r} is not text")
        if "title" in raw and isinstance(raw["title"], str) and not raw["title"].strip():
            self.bad("title", "is empty")
        players = raw.get("players", {"min": 2, "max": 2})
        if not isinstance(players, dict) or set(players) != {"min", "max"}:
            self.bad("players", 'must be an object {"min": n, "max": m}')
            return
        low, high = players["min"], players["max"]
        if not _is_int(low) or low < 2:
            self.bad("players.min", f"{low!r} must be a whole number of at least 2")
        if not _is_int(high) or high > 20:
            self.bad("players.max", f"{high!r} must be a whole number of at most 20")
        if _is_int(low) and _is_int(high) and low > high:
            self.bad("players", f"min {low} is greater than max {high}")

    def check_size(self) -> None:
        for key in ("columns", "rows"):
            if key not in self.raw:
                continue
            value = self.raw[key]
            if not _is_int(value) or not 1 <= value <= 99:
                self.bad(key, f"{value!r} must be a whole number from 1 to 99")
            else:
                setattr(self, key, value)

    def check_terrain(self) -> None:
        rows_text = self.raw.get("terrain")
        if rows_text is None:
            return
        if not isinstance(rows_text, list) or not all(isinstance(r, str) for r in rows_text):
            self.bad("terrain", "must be a list of row strings")
            return
        if self.rows is not None and len(rows_text) != self.rows:
            self.bad("terrain", f"has {len(rows_text)} rows, expected {self.rows} (rows)")
        for r, line in enumerate(rows_text):
            if self.columns is not None and len(line) != self.columns:
                self.bad(
                    f"terrain[{r}]",
                    f"row {r + 1} has {len(line)} characters, expected {self.columns} (columns)",
                )
            for c, ch in enumerate(line):
                if ch not in LEGEND:
                    where = f"hex {c + 1:02d}{r + 1:02d}" if max(c, r) < 99 else f"column {c + 1}"
                    self.bad(
                        f"terrain[{r}]",
                        f"unknown terrain character {ch!r} at {where}; "
                        f"the legend is {''.join(LEGEND)!r}",
                    )
        if self.columns is not None and self.rows is not None:
            # Whatever can be read, so later checks still find cities and roads on water.
            self.terrain = {
                f"{c + 1:02d}{r + 1:02d}": LEGEND[ch]
                for r, line in enumerate(rows_text[: self.rows])
                for c, ch in enumerate(line[: self.columns])
                if ch in LEGEND
            }

    def check_hex(self, field: str, token: object) -> bool:
        """Report a malformed or off-map hex id; True when it is usable."""
        if not isinstance(token, str) or not is_hex_id(token):
            self.bad(field, f"{token!r} is not a hex id (4 digits CCRR)")
            return False
        if self.columns is not None and self.rows is not None:
            col, row = parse_hex(token)
            if col > self.columns or row > self.rows:
                self.bad(field, f"hex {token} is outside the {self.columns}x{self.rows} map")
                return False
        return True

    def check_paths(self, kind: str) -> None:
        entries = self.raw.get(kind, [])
        if not isinstance(entries, list):
            self.bad(kind, "must be a list of path strings")
            return
        for i, path in enumerate(entries):
            field = f"{kind}[{i}]"
            if not isinstance(path, str):
                self.bad(field, f"{path!r} is not a path string of hex ids")
                continue
            hexes = path.split(" ")
            if " ".join(path.split()) != path:
                self.bad(field, "hex ids must be separated by single spaces")
                hexes = path.split()
            if len(hexes) < 2:
                self.bad(field, "a path needs at least two hexes")
            usable = [self.check_hex(field, h) for h in hexes]
            if not all(usable):
                continue
            for a, b in zip(hexes, hexes[1:], strict=False):
                if not are_adjacent(a, b):
                    self.bad(field, f"{a} and {b} are not adjacent")
            for h in dict.fromkeys(hexes):
                terrain = self.terrain.get(h)
                if terrain in WATER_TERRAINS:
                    what = "roads never touch" if kind == "roads" else "rivers never run in"
                    self.bad(field, f"hex {h} is {terrain}; {what} water or sea lanes")

    def check_cities(self) -> None:
        cities = self.raw.get("cities", [])
        if not isinstance(cities, list):
            self.bad("cities", "must be a list of city objects")
            return
        by_hex: dict[str, int] = {}
        by_name: dict[str, int] = {}
        for i, city in enumerate(cities):
            if not isinstance(city, dict):
                self.bad(f"cities[{i}]", "must be an object")
                continue
            self.check_city(i, city, by_hex, by_name)

    def check_city(
        self, i: int, city: dict[str, Any], by_hex: dict[str, int], by_name: dict[str, int]
    ) -> None:
        base = f"cities[{i}]"
        for key in _CITY_FIELDS:
            if key not in city:
                self.bad(f"{base}.{key}", "is missing")
        for key in city:
            if key not in _CITY_FIELDS:
                self.bad(f"{base}.{key}", "is not a city field (misspelt?)")
        name = city.get("name")
        label = f" for {name}" if isinstance(name, str) and name else ""
        if "name" in city:
            if not isinstance(name, str) or not name.strip():
                self.bad(f"{base}.name", f"{name!r} must be non-empty text")
            elif name.casefold() in by_name:
                first = by_name[name.casefold()]
                self.bad(f"{base}.name", f"{name} is already used by cities[{first}]")
            else:
                by_name[name.casefold()] = i
        if "hex" in city and self.check_hex(f"{base}.hex", city["hex"]):
            h = city["hex"]
            terrain = self.terrain.get(h)
            if terrain in WATER_TERRAINS:
                self.bad(f"{base}.hex", f"hex {h} is {terrain}; cities stand on land{label}")
            if h in by_hex:
                self.bad(f"{base}.hex", f"hex {h} already holds cities[{by_hex[h]}]{label}")
            else:
                by_hex[h] = i
        self.check_city_values(base, city, label)

    def check_city_values(self, base: str, city: dict[str, Any], label: str) -> None:
        population = city.get("population", 1000)
        if not _is_int(population) or population < 1000:
            self.bad(f"{base}.population", f"{population!r} must be a whole number ≥ 1000{label}")
        if not isinstance(city.get("major", False), bool):
            self.bad(f"{base}.major", f"{city['major']!r} must be true or false{label}")
        produces = city.get("produces", GOODS[0])
        if produces not in GOODS:
            self.bad(
                f"{base}.produces",
                f"unknown good {produces!r}{label}; expected one of {', '.join(GOODS)}",
            )
        needs = city.get("needs", NEEDS_ANYTHING)
        if needs != NEEDS_ANYTHING and needs not in GOODS:
            self.bad(
                f"{base}.needs",
                f"unknown good {needs!r}{label}; expected one of {', '.join(GOODS)} "
                f"or {NEEDS_ANYTHING!r}",
            )
        elif needs == produces:
            self.bad(f"{base}.needs", f"{needs!r} is also what the city produces{label}")
        guild = city.get("guild")
        if guild is not None and guild not in GUILD_CODES:
            self.bad(
                f"{base}.guild",
                f"unknown guild {guild!r}{label}; expected one of {', '.join(GUILD_CODES)} "
                "or null",
            )
        fortification = city.get("fortification", 1)
        if not _is_int(fortification) or not 1 <= fortification <= 6:
            self.bad(f"{base}.fortification", f"{fortification!r} must be 1 to 6{label}")
        base_value = city.get("base_value", 1)
        if not _is_int(base_value) or base_value <= 0:
            self.bad(
                f"{base}.base_value", f"{base_value!r} must be a positive whole number{label}"
            )


def validate_map_data(raw: object, source: str) -> list[str]:
    """Every problem in a raw map dict, one sentence each naming source and field."""
    if not isinstance(raw, dict):
        return [f"{source}: top level: the file must hold one JSON object"]
    return _Checker(raw, source).run()


def map_from_data(raw: object, source: str) -> GameMap:
    """Validate a raw map dict and build the GameMap; MapError listing the problems."""
    problems = validate_map_data(raw, source)
    if problems:
        raise MapError(problems)
    assert isinstance(raw, dict)
    return _build_map(raw)


def _build_map(raw: dict[str, Any]) -> GameMap:
    return GameMap(
        name=raw["name"],
        title=raw["title"],
        description=raw.get("description", ""),
        min_players=raw["players"]["min"],
        max_players=raw["players"]["max"],
        columns=raw["columns"],
        rows=raw["rows"],
        terrain=terrain_from_rows(raw["terrain"]),
        roads=links_from_paths(raw.get("roads", [])),
        rivers=links_from_paths(raw.get("rivers", [])),
        cities=tuple(CitySite(**{k: c[k] for k in _CITY_FIELDS}) for c in raw["cities"]),
        sources=raw.get("sources", ""),
    )


def _map_path(name_or_path: str | Path, maps_dir: Path | None = None) -> Path:
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or text.endswith(".json") or "/" in text or "\\" in text:
        return Path(name_or_path)
    folder = maps_dir if maps_dir is not None else paths.maps_dir()
    path = folder / f"{text}.json"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in folder.glob("*.json"))) or "none"
        raise MapError([f"no map named {text!r} in {folder} (available: {known})"])
    return path


def load_map(name_or_path: str | Path, maps_dir: Path | None = None) -> GameMap:
    """Load a map by bare name (from the maps dir) or by path; MapError when unusable."""
    path = _map_path(name_or_path, maps_dir)
    source = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MapError([f"{source}: cannot be read ({exc.strerror or exc})"]) from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapError(
            [f"{source}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"]
        ) from None
    problems = validate_map_data(raw, source)
    if not problems and raw["name"] != path.stem:
        problems.append(
            f"{source}: name: {raw['name']!r} does not match the file name; "
            f"a map is found by its name, so call the file {raw['name']}.json"
        )
    if problems:
        raise MapError(problems)
    return _build_map(raw)


def list_maps(maps_dir: Path | str | None = None) -> list[MapInfo]:
    """The usable maps in the maps dir, sorted by name (files that fail to load are left out)."""
    folder = Path(maps_dir) if maps_dir is not None else paths.maps_dir()
    infos: list[MapInfo] = []
    for path in sorted(folder.glob("*.json")):
        try:
            game_map = load_map(path)
        except MapError:
            continue
        infos.append(
            MapInfo(
                name=game_map.name,
                title=game_map.title,
                description=game_map.description,
                min_players=game_map.min_players,
                max_players=game_map.max_players,
                columns=game_map.columns,
                rows=game_map.rows,
                city_count=len(game_map.cities),
                path=path,
            )
        )
    infos.sort(key=lambda info: info.name)
    return infos


def _json_list(items: list[str], indent: str = "  ") -> str:
    if not items:
        return "[]"
    return "[\n" + ",\n".join(indent + item for item in items) + "\n ]"


def map_to_json(game_map: GameMap) -> str:
    """The map as canonical JSON text: one terrain row, path or city per line; ends in newline."""
    dump = json.dumps
    cities = [
        "{" + ", ".join(f"{dump(k)}: {dump(getattr(c, k))}" for k in _CITY_FIELDS) + "}"
        for c in game_map.cities
    ]
    roads = paths_from_links(game_map.roads)
    rivers = paths_from_links(game_map.rivers)
    lines = [
        "{",
        f' "format": {dump(MAP_FORMAT)},',
        f' "version": {MAP_VERSION},',
        f' "name": {dump(game_map.name)},',
        f' "title": {dump(game_map.title)},',
        f' "description": {dump(game_map.description)},',
        f' "players": {{"min": {game_map.min_players}, "max": {game_map.max_players}}},',
        f' "columns": {game_map.columns},',
        f' "rows": {game_map.rows},',
        f' "terrain": {_json_list([dump(r) for r in terrain_rows(game_map)])},',
        f' "roads": {_json_list([dump(p) for p in roads])},',
        f' "rivers": {_json_list([dump(p) for p in rivers])},',
        f' "cities": {_json_list(cities)},',
        f' "sources": {dump(game_map.sources)}',
        "}",
    ]
    return "\n".join(lines) + "\n"


def preview_lines(game_map: GameMap, width: int, height: int) -> list[str]:
    """A small terrain thumbnail: legend chars of hexes sampled on a grid, never upscaled."""
    if width < 1 or height < 1:
        raise ValueError(f"preview size {width}x{height} must be at least 1x1")
    out_cols = min(width, game_map.columns)
    out_rows = min(height, game_map.rows)
    rows = terrain_rows(game_map)
    col_at = [(2 * x + 1) * game_map.columns // (2 * out_cols) for x in range(out_cols)]
    row_at = [(2 * y + 1) * game_map.rows // (2 * out_rows) for y in range(out_rows)]
    return ["".join(rows[r][c] for c in col_at) for r in row_at]
