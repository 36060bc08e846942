"""Map files, the validator, GameMap lookups and the canonical writer (docs/map-format.md)."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conquest_tui.engine.core.gamemap import (
    GUILD_CODES,
    LEGEND,
    TERRAINS,
    WATER_TERRAINS,
    CitySite,
    GameMap,
    links_from_paths,
    paths_from_links,
)
from conquest_tui.engine.core.hexgrid import DIRECTIONS, distance, format_hex, neighbor
from conquest_tui.storage import paths
from conquest_tui.storage.map_loader import (
    MapError,
    list_maps,
    load_map,
    map_from_data,
    map_to_json,
    preview_lines,
    validate_map_data,
)

MAP_FILES = sorted(paths.maps_dir().glob("*.json"))
TEST_SMALL = paths.maps_dir() / "test_small.json"


@pytest.fixture(scope="module")
def small() -> GameMap:
    return load_map("test_small")


@pytest.fixture
def raw() -> dict[str, Any]:
    return json.loads(TEST_SMALL.read_text(encoding="utf-8"))


def problems_of(raw: dict[str, Any]) -> list[str]:
    return validate_map_data(raw, "bad.json")


# --- every shipped map ---------------------------------------------------------------------


def test_maps_dir_has_maps() -> None:
    assert TEST_SMALL in MAP_FILES


@pytest.mark.parametrize("path", MAP_FILES, ids=[p.stem for p in MAP_FILES])
def test_every_map_file_is_valid(path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert validate_map_data(raw, path.name) == []
    game_map = load_map(path)
    assert game_map.name == path.stem
    assert game_map.min_players <= game_map.max_players
    assert len(game_map.hex_ids()) == game_map.columns * game_map.rows
    # Enough minor cities for every player to start somewhere.
    assert sum(not c.major for c in game_map.cities) >= game_map.max_players


@pytest.mark.parametrize("path", MAP_FILES, ids=[p.stem for p in MAP_FILES])
def test_every_map_file_round_trips(path: Path) -> None:
    game_map = load_map(path)
    text = map_to_json(game_map)
    again = map_from_data(json.loads(text), path.name)
    assert again == game_map
    assert map_to_json(again) == text


# --- test_small exercises what the engine needs --------------------------------------------


def test_cc_ter_01_test_small_has_every_terrain(small: GameMap) -> None:
    assert set(small.terrain) == set(TERRAINS)
    assert len(TERRAINS) == 13


def test_cc_ter_10_sea_lane_is_water(small: GameMap) -> None:
    lanes = [h for h in small.hex_ids() if small.terrain_of(h) == "sea_lane"]
    assert lanes
    assert all(small.is_water(h) and not small.is_land(h) for h in lanes)
    assert {"water", "sea_lane"} == WATER_TERRAINS


def test_cc_move_07_test_small_river_reaches_the_sea(small: GameMap) -> None:
    river_hexes = [h for h in small.hex_ids() if small.has_river(h)]
    assert len(river_hexes) >= 4
    mouths = [h for h in river_hexes if small.is_river_mouth(h)]
    assert mouths == ["0308"]
    assert all(small.is_land(h) for h in river_hexes)
    # The river is one connected line from the mountains to the mouth.
    seen, todo = {mouths[0]}, [mouths[0]]
    while todo:
        for other in small.river_neighbors(todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert seen == set(river_hexes)
    assert any(small.terrain_of(h) == "mountains" for h in river_hexes)
    assert small.river_between("0407", "0308") and small.river_between("0308", "0407")
    assert not small.river_between("0308", "0307")


def test_cc_cnv_03_test_small_has_coastal_and_river_cities(small: GameMap) -> None:
    coastal = [c.name for c in small.cities if small.is_coastal(c.hex)]
    on_river = [c.name for c in small.cities if small.has_river(c.hex)]
    assert "Ardmoor" in coastal
    assert "Varnhold" in on_river
    assert "Brackwater" in coastal and "Brackwater" in on_river
    assert not small.is_coastal("0706")


def test_cc_ter_15_test_small_island_reachable_only_by_road(small: GameMap) -> None:
    island = "0206"
    assert small.is_island(island) and small.is_land(island)
    land_neighbours = [h for _, h in small.neighbors(island) if small.is_land(h)]
    by_road = [h for h in land_neighbours if small.road_between(h, island)]
    assert by_road == ["0306"]
    assert "0307" in land_neighbours and not small.road_between("0307", island)
    assert small.road_directions(island) == ("NE",)
    # Another island with no road at all.
    others = [h for h in small.hex_ids() if small.is_island(h) and h != island]
    assert others and all(not small.has_road(h) for h in others)


def test_cc_amb_83_island_city_is_coastal(small: GameMap) -> None:
    skerry = small.city_named("skerry")
    assert skerry is not None and skerry.hex == "0206"
    assert small.is_coastal("0206")


def test_test_small_cities(small: GameMap) -> None:
    cities = small.cities
    assert len(cities) >= 8
    majors = [c for c in cities if c.major]
    minors = [c for c in cities if not c.major]
    assert 1 <= len(majors) <= 2
    for c in majors:
        assert c.fortification == 5
        assert 80_000 <= c.base_value <= 120_000
        assert 90_000 <= c.population <= 110_000
    for c in minors:
        assert c.fortification in (1, 2)
        assert 8_000 <= c.base_value <= 15_000
        assert 20_000 <= c.population <= 30_000
    assert any(small.terrain_of(c.hex) == "metropolis" for c in majors)
    assert any(c.needs == "anything" for c in cities)
    assert any(c.guild is None for c in cities)
    assert any(c.guild in GUILD_CODES for c in cities)
    # Four starting minor cities can sit at least 5 hexes apart.
    assert any(
        all(distance(a.hex, b.hex) >= 5 for a, b in itertools.combinations(four, 2))
        for four in itertools.combinations(minors, 4)
    )


def test_test_small_roads_connect_cities(small: GameMap) -> None:
    start = small.city_named("Ardmoor")
    assert start is not None
    seen, todo = {start.hex}, [start.hex]
    while todo:
        for other in small.road_neighbors(todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    on_network = {c.name for c in small.cities if c.hex in seen}
    assert {"Ardmoor", "Varnhold", "Thornwood", "Carrow", "Kharzad", "Skerry"} <= on_network
    assert all(small.is_land(h) for h in seen)


# --- GameMap lookups -----------------------------------------------------------------------


def test_hex_ids_are_column_major(small: GameMap) -> None:
    ids = small.hex_ids()
    assert ids[:3] == ("0101", "0102", "0103")
    assert ids[small.rows] == "0201"
    assert ids[-1] == format_hex(small.columns, small.rows)
    assert all(small.index_of(h) == i for i, h in enumerate(ids))
    assert small.terrain_of("0706") == small.terrain[small.index_of("0706")] == "metropolis"


def test_off_map_hexes(small: GameMap) -> None:
    assert small.contains("1612") and not small.contains("1701") and not small.contains("0113")
    assert not small.is_land("1701") and not small.is_water("1701")
    with pytest.raises(KeyError):
        small.terrain_of("1701")
    with pytest.raises(KeyError):
        small.index_of("0113")
    assert small.city_at("1701") is None


def test_neighbors_stay_on_the_map(small: GameMap) -> None:
    assert dict(small.neighbors("0101")) == {"SE": "0201", "S": "0102"}
    for h in small.hex_ids():
        for d, other in small.neighbors(h):
            assert small.contains(other)
            assert neighbor(h, d) == other
    assert dict(small.neighbors("1612")) == {"N": "1611", "NW": "1512"}


def test_cc_ter_16_road_directions_in_order(small: GameMap) -> None:
    assert small.road_directions("0307") == ("N", "NE", "S")
    assert small.road_directions("0101") == ()
    for h in small.hex_ids():
        dirs = small.road_directions(h)
        assert list(dirs) == [d for d in DIRECTIONS if d in dirs]
        assert small.has_road(h) == bool(dirs)


def test_cc_amb_86_roads_are_undirected(small: GameMap) -> None:
    for link in small.roads:
        a, b = sorted(link)
        assert small.road_between(a, b) and small.road_between(b, a)
    assert not small.road_between("0402", "0706")


def test_cc_move_13_road_must_link_the_two_hexes(small: GameMap) -> None:
    """0705 and 0605 are adjacent and both have roads, but no road links them."""
    assert small.has_road("0705") and small.has_road("0605")
    assert small.road_between("0704", "0705")
    assert not small.road_between("0705", "0605")
    assert not small.has_road("0806")


def test_city_lookup(small: GameMap) -> None:
    city = small.city_at("0706")
    assert city is not None and city.name == "Varnhold" and city.major
    assert small.city_named("VARNHOLD") is city
    assert small.city_named("Atlantis") is None
    assert small.city_at("0101") is None


def test_coastal_counts_islands_as_sea_side() -> None:
    game_map = GameMap.from_rows("t", ["ppp", "pip", "ppp"])
    assert game_map.is_coastal("0102") and game_map.is_coastal("0201")
    assert not game_map.is_coastal("0202")  # the island itself has no water or island beside it
    assert game_map.land_hex_count() == 9


def test_land_hex_count(small: GameMap) -> None:
    water = sum(small.is_water(h) for h in small.hex_ids())
    assert small.land_hex_count() == small.columns * small.rows - water


def test_game_map_rejects_inconsistent_data() -> None:
    with pytest.raises(ValueError):
        GameMap.from_rows("t", ["pp", "p"])
    with pytest.raises(ValueError):
        GameMap.from_rows("t", ["ppp", "ppp"], roads=["0101 0301"])


# --- validator: bad maps -------------------------------------------------------------------


def test_valid_map_has_no_problems(raw: dict[str, Any]) -> None:
    assert problems_of(raw) == []


def test_bad_non_adjacent_road(raw: dict[str, Any]) -> None:
    raw["roads"].append("0406 0508")
    assert problems_of(raw) == ["bad.json: roads: 0406 and 0508 are not adjacent"]


def test_bad_road_on_water(raw: dict[str, Any]) -> None:
    raw["roads"].append("0402 0302")
    (problem,) = problems_of(raw)
    assert problem.startswith("bad.json: roads: ")
    assert "0302 is water" in problem


def test_bad_river_off_map(raw: dict[str, Any]) -> None:
    raw["rivers"].append("1612 1712")
    (problem,) = problems_of(raw)
    assert problem.startswith("bad.json: rivers: ")
    assert "1712 is outside the 16x12 map" in problem


def test_bad_city_on_water(raw: dict[str, Any]) -> None:
    raw["cities"][0]["hex"] = "0101"
    (problem,) = problems_of(raw)
    assert problem.startswith("bad.json: cities[0].hex: ")
    assert "sea_lane" in problem and "Varnhold" in problem


def test_bad_unknown_terrain_char(raw: dict[str, Any]) -> None:
    raw["terrain"][2] = "x" + raw["terrain"][2][1:]
    problems = problems_of(raw)
    assert problems[0].startswith("bad.json: terrain[2]: unknown terrain character 'x'")
    assert "0103" in problems[0]


def test_bad_row_length(raw: dict[str, Any]) -> None:
    raw["terrain"][3] = raw["terrain"][3][:-1]
    problems = problems_of(raw)
    assert problems[0] == (
        "bad.json: terrain[3]: row 4 has 15 characters, expected 16 (columns)"
    )


def test_bad_row_count(raw: dict[str, Any]) -> None:
    raw["terrain"].pop()
    assert problems_of(raw)[0] == "bad.json: terrain: has 11 rows, expected 12 (rows)"


def test_bad_unknown_guild(raw: dict[str, Any]) -> None:
    raw["cities"][1]["guild"] = "WIZ"
    (problem,) = problems_of(raw)
    assert problem.startswith("bad.json: cities[1].guild: unknown guild 'WIZ' for Carrow")


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("produces", "spice", "cities[2].produces: unknown good 'spice'"),
        ("needs", "milk", "cities[2].needs: 'milk' is also what the city produces"),
        ("fortification", 7, "cities[2].fortification: 7 must be 1 to 6"),
        ("population", 10, "cities[2].population: 10 must be a whole number"),
        ("base_value", 0, "cities[2].base_value: 0 must be a positive whole number"),
        ("major", "yes", 'cities[2].major: expected true or false, got "yes"'),
        ("name", "Varnhold", "cities[2].name: Varnhold is already used by cities[0]"),
        ("hex", "0706", "cities[2].hex: hex 0706 already holds cities[0]"),
        ("hex", "706", "cities[2].hex: '706' is not a hex id"),
    ],
)
def test_bad_city_fields(raw: dict[str, Any], field: str, value: object, expected: str) -> None:
    raw["cities"][2][field] = value
    problems = problems_of(raw)
    assert any(p.startswith(f"bad.json: {expected}") for p in problems), problems


def test_bad_city_missing_and_unknown_fields(raw: dict[str, Any]) -> None:
    del raw["cities"][3]["guild"]
    raw["cities"][3]["gild"] = "ENG"
    assert problems_of(raw) == [
        "bad.json: cities[3].gild: is not a known field (misspelt?)",
        "bad.json: cities[3].guild: is missing",
    ]


def test_bad_header_fields_are_all_named(raw: dict[str, Any]) -> None:
    """Unknown, missing and wrongly typed fields come first (the file cannot be read without
    them), an unknown one before the others (it is usually a misspelt one) …"""
    broken = copy.deepcopy(raw)
    del broken["title"]
    broken["colour"] = "blue"
    broken["columns"] = "16"
    assert problems_of(broken) == [
        "bad.json: colour: is not a known field (misspelt?)",
        "bad.json: title: is missing",
        'bad.json: columns: expected a whole number, got "16"',
    ]


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("format", "risk-map", "format: is 'risk-map', expected 'conquest-map'"),
    ("version", 2, "version: version 2 is newer than this game reads (1)"),
    ("players", {"min": 5, "max": 3}, "players: min 5 is greater than max 3"),
    ("players", {"min": 1, "max": 3}, "players.min: 1 must be a whole number of at least 2"),
    ("columns", 100, "columns: 100 must be a whole number from 1 to 99"),
    ("name", "my map", "name: 'my map' must be letters, digits, '_' or '-'"),
])
def test_bad_header_values(raw: dict[str, Any], field: str, value: object,
                           expected: str) -> None:
    """… then the values, each named by its field."""
    raw[field] = value
    assert problems_of(raw)[0].startswith(f"bad.json: {expected}"), problems_of(raw)


def test_bad_path_spacing(raw: dict[str, Any]) -> None:
    raw["roads"][0] = raw["roads"][0].replace(" ", "  ", 1)
    assert problems_of(raw) == ["bad.json: roads[0]: hex ids must be separated by single spaces"]


def test_bad_top_level() -> None:
    assert validate_map_data([], "bad.json") == [
        "bad.json: top level: the file must hold one JSON object"
    ]


def test_every_problem_names_source_and_field(raw: dict[str, Any]) -> None:
    raw["roads"].append("0406 0508")
    raw["cities"][0]["hex"] = "0101"
    raw["cities"][1]["hex"] = "0101"
    problems = problems_of(raw)
    assert len(problems) >= 3
    for problem in problems:
        source, field, sentence = problem.split(": ", 2)
        assert source == "bad.json" and field and sentence


def test_a_maps_start_sets_are_read_and_written(raw: dict[str, Any]) -> None:
    """CC-GEN-07: a map's own start set, by its number of Clans, loads and is written back."""
    minors = [city["hex"] for city in raw["cities"] if not city["major"]]
    raw["starts"] = {"2": minors[:2]}
    game_map = map_from_data(raw, "named.json")
    assert game_map.named_starts(2) == tuple(minors[:2])
    assert game_map.named_starts(3) is None
    assert json.loads(map_to_json(game_map))["starts"] == {"2": minors[:2]}
    assert map_from_data(json.loads(map_to_json(game_map)), "named.json") == game_map


def test_a_bad_start_set_is_refused_naming_the_file_and_the_field(raw: dict[str, Any]) -> None:
    """CC-GEN-07: a start set must name, once each, as many minor cities as its Clans, a
    number of Clans the map takes; a problem names the file and the set."""
    minors = [city["hex"] for city in raw["cities"] if not city["major"]]
    major = next(city["hex"] for city in raw["cities"] if city["major"])
    most = raw["players"]["max"]
    cases = {
        "2": ([minors[0], major], "holds no minor city"),
        "3": ([minors[0], minors[0], minors[1]], "more than once"),
        "4": (minors[:3], "names 3 starts for '4' Clans"),
        str(most + 1): (minors[: most + 1], "outside the map's players"),
    }
    for key, (hexes, reason) in cases.items():
        raw["starts"] = {key: hexes}
        problems = problems_of(raw)
        assert problems, key
        assert problems[0].startswith(f"bad.json: starts.{key}: ")
        assert any(reason in problem for problem in problems), problems


# --- load_map errors -----------------------------------------------------------------------


def test_load_map_raises_map_error(tmp_path: Path, raw: dict[str, Any]) -> None:
    raw["name"] = "broken"
    raw["roads"].append("0406 0508")
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(MapError) as info:
        load_map(path)
    assert str(info.value).startswith("broken.json: roads: ")
    assert isinstance(info.value, ValueError)
    assert info.value.problems


def test_load_map_invalid_json(tmp_path: Path) -> None:
    path = tmp_path / "oops.json"
    path.write_text('{"name": ', encoding="utf-8")
    with pytest.raises(MapError, match=r"oops.json: not valid JSON: .* line 1"):
        load_map(path)


def test_load_map_name_must_match_file(tmp_path: Path, raw: dict[str, Any]) -> None:
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(MapError, match="does not match the file name"):
        load_map(path)


def test_load_map_unknown_name() -> None:
    with pytest.raises(MapError, match="no map named 'atlantis'.*test_small"):
        load_map("atlantis")


# --- listing, writing, preview -------------------------------------------------------------


def test_list_maps(tmp_path: Path, raw: dict[str, Any]) -> None:
    for name in ("zeta", "alpha"):
        data = dict(raw, name=name, title=name.title())
        (tmp_path / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{}", encoding="utf-8")
    infos = list_maps(tmp_path)
    assert [i.name for i in infos] == ["alpha", "zeta"]
    first = infos[0]
    assert (first.title, first.min_players, first.max_players) == ("Alpha", 2, 4)
    assert (first.columns, first.rows, first.city_count) == (16, 12, len(raw["cities"]))
    assert "test_small" in [i.name for i in list_maps()]


def test_map_to_json_layout(small: GameMap) -> None:
    text = map_to_json(small)
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    for row in json.loads(text)["terrain"]:
        assert f'  "{row}",' in lines or f'  "{row}"' in lines
    city_lines = [line for line in lines if line.lstrip().startswith('{"hex"')]
    assert len(city_lines) == len(small.cities)
    assert text == map_to_json(small)


def test_map_to_json_round_trip(small: GameMap) -> None:
    again = map_from_data(json.loads(map_to_json(small)), "again.json")
    assert again == small
    assert again.roads == small.roads and again.rivers == small.rivers
    assert again.cities == small.cities


def test_map_to_json_empty_links() -> None:
    city = CitySite("0101", "Solo", 25000, False, "milk", "anything", None, 1, 9000)
    game_map = GameMap.from_rows("solo", ["p.", "pp"], cities=[city])
    raw = json.loads(map_to_json(game_map))
    assert raw["roads"] == [] and raw["rivers"] == []
    assert map_from_data(raw, "solo.json") == game_map


links_strategy = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=8),
        st.integers(min_value=1, max_value=8),
        st.sampled_from(DIRECTIONS),
    ),
    max_size=30,
)


@given(links_strategy)
def test_paths_from_links_round_trip(steps: list[tuple[int, int, str]]) -> None:
    links = set()
    for col, row, d in steps:
        a = format_hex(col, row)
        b = neighbor(a, d)
        if b is not None:
            links.add(frozenset((a, b)))
    assert links_from_paths(paths_from_links(links)) == links


def test_preview_lines(small: GameMap) -> None:
    full = preview_lines(small, 80, 40)
    assert len(full) == small.rows and all(len(line) == small.columns for line in full)
    assert full[0] == json.loads(TEST_SMALL.read_text(encoding="utf-8"))["terrain"][0]
    tiny = preview_lines(small, 8, 6)
    assert len(tiny) == 6 and all(len(line) == 8 for line in tiny)
    assert all(ch in LEGEND for line in tiny for ch in line)
    with pytest.raises(ValueError):
        preview_lines(small, 0, 5)


def test_saves_dir_env_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    assert paths.saves_dir() == tmp_path
    monkeypatch.delenv("CONQUEST_SAVES")
    assert paths.saves_dir() == Path.cwd() / "saves"
    assert paths.maps_dir() == paths.data_dir() / "maps"
