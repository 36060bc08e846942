"""Read, check, list, write and preview map files (`data/maps/<name>.json`, docs/map-format.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from conquest_tui.engine.core.gamemap import (
    LEGEND,
    MAX_SIDE,
    CitySite,
    GameMap,
    links_from_paths,
    paths_from_links,
    terrain_from_rows,
    terrain_rows,
)
from conquest_tui.engine.core.hexgrid import is_hex_id
from conquest_tui.engine.rules.checks import InvalidValue, InvalidValues
from conquest_tui.storage import paths
from conquest_tui.storage.converter import FieldErrors, structure, unstructure
from conquest_tui.storage.field_errors import field_errors

MAP_FORMAT = "conquest-map"
MAP_VERSION = 1
MAX_PROBLEMS_IN_ERROR = 5

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


def _format(_: Any, attribute: attrs.Attribute[Any], value: str) -> None:
    if value != MAP_FORMAT:
        raise InvalidValue(attribute.name, f"is {value!r}, expected {MAP_FORMAT!r}")


def _version(_: Any, attribute: attrs.Attribute[Any], value: int) -> None:
    if value > MAP_VERSION:
        raise InvalidValue(attribute.name,
                           f"version {value} is newer than this game reads ({MAP_VERSION})")
    if value != MAP_VERSION:
        raise InvalidValue(attribute.name,
                           f"version {value} is not supported (expected {MAP_VERSION})")


@attrs.frozen
class Players:
    """`"players": {"min": 2, "max": 6}` of a map file."""

    min: int
    max: int


def _path_problems(kind: str, paths_: list[str]) -> list[InvalidValue]:
    problems = []
    for i, path in enumerate(paths_):
        where = f"{kind}[{i}]"
        hexes = path.split()
        if " ".join(hexes) != path:
            problems.append(InvalidValue(where, "hex ids must be separated by single spaces"))
        if len(hexes) < 2:
            problems.append(InvalidValue(where, "a path needs at least two hexes"))
        problems.extend(InvalidValue(where, f"{h!r} is not a hex id (4 digits CCRR)")
                        for h in hexes if not is_hex_id(h))
    return problems


def _terrain_problems(rows_text: list[str], columns: int, rows: int) -> list[InvalidValue]:
    if not (1 <= columns <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        return []  # GameMap names the bad size
    problems = []
    if len(rows_text) != rows:
        problems.append(InvalidValue(
            "terrain", f"has {len(rows_text)} rows, expected {rows} (rows)"))
    for r, line in enumerate(rows_text):
        if len(line) != columns:
            problems.append(InvalidValue(
                f"terrain[{r}]",
                f"row {r + 1} has {len(line)} characters, expected {columns} (columns)"))
        for c, ch in enumerate(line):
            if ch not in LEGEND:
                where = f"hex {c + 1:02d}{r + 1:02d}" if max(c, r) < 99 else f"column {c + 1}"
                problems.append(InvalidValue(
                    f"terrain[{r}]", f"unknown terrain character {ch!r} at {where}; "
                    f"the legend is {''.join(LEGEND)!r}"))
    return problems


@attrs.frozen(kw_only=True)
class MapFile:
    """A map file exactly as docs/map-format.md lays it out (its fields in the file's order);
    `game_map()` builds the GameMap, `of()` the file of a GameMap.

    Its own checks are the file's layout (format, version, terrain rows, path strings); what
    a map must be (sizes, links between neighbours, cities on land…) GameMap checks itself.
    """

    format: str = attrs.field(validator=_format)
    version: int = attrs.field(validator=_version)
    name: str
    title: str
    description: str = ""
    players: Players
    columns: int
    rows: int
    terrain: list[str]
    roads: list[str] = attrs.Factory(list)
    rivers: list[str] = attrs.Factory(list)
    cities: list[CitySite]
    sources: str = ""
    starts: dict[str, list[str]] = attrs.Factory(dict)
    """The map's own start sets: Clans ("4") -> that many minor city hexes (CC-GEN-07)."""

    @classmethod
    def of(cls, game_map: GameMap) -> MapFile:
        """The file that holds `game_map`."""
        return cls(
            format=MAP_FORMAT, version=MAP_VERSION, name=game_map.name, title=game_map.title,
            description=game_map.description,
            players=Players(min=game_map.min_players, max=game_map.max_players),
            columns=game_map.columns, rows=game_map.rows, terrain=terrain_rows(game_map),
            roads=paths_from_links(game_map.roads), rivers=paths_from_links(game_map.rivers),
            cities=list(game_map.cities), sources=game_map.sources,
            starts={str(len(starts)): list(starts) for starts in game_map.starts},
        )

    def __attrs_post_init__(self) -> None:
        problems = [*_terrain_problems(self.terrain, self.columns, self.rows),
                    *_path_problems("roads", self.roads), *_path_problems("rivers", self.rivers),
                    *_start_set_problems(self.starts)]
        if problems:
            raise InvalidValues(problems)

    def game_map(self) -> GameMap:
        """The GameMap of this file; InvalidValue(s) when the map is not a usable one."""
        return GameMap(
            name=self.name,
            title=self.title,
            description=self.description,
            min_players=self.players.min,
            max_players=self.players.max,
            columns=self.columns,
            rows=self.rows,
            terrain=terrain_from_rows(self.terrain),
            roads=links_from_paths(self.roads),
            rivers=links_from_paths(self.rivers),
            cities=tuple(self.cities),
            sources=self.sources,
            starts=tuple(tuple(starts) for starts in self.starts.values()),
        )


def _start_set_problems(starts: dict[str, list[str]]) -> list[InvalidValue]:
    """Start sets keyed by anything but their number of Clans, or naming other than hex ids
    (what the sets must be on the map, GameMap checks)."""
    problems = []
    for key, hexes in starts.items():
        where = f"starts.{key}"
        if not key.isdigit() or int(key) != len(hexes):
            problems.append(InvalidValue(where, f"names {len(hexes)} starts for {key!r} Clans; "
                                         "a set names one start a Clan"))
        problems.extend(InvalidValue(where, f"{h!r} is not a hex id (4 digits CCRR)")
                        for h in hexes if not is_hex_id(h))
    return problems


def map_from_data(raw: object, source: str) -> GameMap:
    """The GameMap a map file's data describes; MapError listing the problems found.

    The converter structures the file (every wrongly typed, missing or unknown field at once),
    then the file's layout and the map itself are checked (every problem of each stage).
    """
    if not isinstance(raw, dict):
        raise MapError([f"{source}: top level: the file must hold one JSON object"])
    try:
        return structure(raw, MapFile, "").game_map()
    except FieldErrors as exc:
        raise MapError([f"{source}: {error}" for error in exc.errors]) from None
    except ValueError as exc:
        raise MapError([f"{source}: {error}" for error in field_errors(exc, "")]) from None


def validate_map_data(raw: object, source: str) -> list[str]:
    """Every problem in a raw map dict, one sentence each naming source and field."""
    try:
        map_from_data(raw, source)
    except MapError as exc:
        return exc.problems
    return []


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
    game_map = map_from_data(raw, source)
    if game_map.name != path.stem:
        raise MapError([
            f"{source}: name: {game_map.name!r} does not match the file name; "
            f"a map is found by its name, so call the file {game_map.name}.json"
        ])
    return game_map


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


def map_to_json(game_map: GameMap) -> str:
    """The map as canonical JSON text, its data made by the converter: one field a line, and
    one terrain row, path or city a line within lists; ends in a newline."""
    data = unstructure(MapFile.of(game_map), MapFile)
    fields = [f" {json.dumps(name)}: {_laid_out(value)}" for name, value in data.items()
              if name != "starts" or value]  # a map naming no start set says nothing of it
    return "{\n" + ",\n".join(fields) + "\n}\n"


def _laid_out(value: Any) -> str:
    if not isinstance(value, list) or not value:
        return json.dumps(value)
    return "[\n" + ",\n".join(f"  {json.dumps(item)}" for item in value) + "\n ]"


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
