"""Checks on the committed real-world maps (data/maps/) and the generator's pure helpers."""

from __future__ import annotations

import json
import sys
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from conquest_tui.engine.core.hexgrid import distance as game_distance
from conquest_tui.storage.map_loader import load_map, validate_map_data

REPO = Path(__file__).resolve().parents[1]
MAPS_DIR = REPO / "data" / "maps"
# name -> (min players, max players)
REAL_MAPS = {
    "british_isles": (2, 6),
    "europe": (2, 20),
    "north_america": (2, 15),
    "oceania": (2, 10),
}
GOODS = {"milk", "wool", "ores", "minerals", "coal", "steel", "alcohol", "gas", "cloth", "gems"}
CITIES_PER_PLAYER = 4
START_SPACING = 6

Hex = tuple[int, int]


# --- pure helpers (hex facts of docs/map-format.md) -----------------------------------------


def parse(hid: str) -> Hex:
    return int(hid[:2]), int(hid[2:])


def cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates; columns 1-based, even-numbered columns half a hex lower."""
    q = h[0] - 1
    r = (h[1] - 1) - (q - (q & 1)) // 2
    return q, r, -q - r


def hex_distance(a: Hex, b: Hex) -> int:
    return max(abs(x - y) for x, y in zip(cube(a), cube(b), strict=True))


def neighbours(h: Hex) -> list[Hex]:
    c, r = h
    if c % 2:
        offsets = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
    else:
        offsets = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
    return [(c + dc, r + dr) for dc, dr in offsets]


def terrain_at(data: dict[str, Any], h: Hex) -> str:
    return data["terrain"][h[1] - 1][h[0] - 1]


def links(data: dict[str, Any], kind: str) -> dict[Hex, set[Hex]]:
    adj: dict[Hex, set[Hex]] = {}
    for path in data[kind]:
        ids = [parse(h) for h in path.split()]
        for a, b in zip(ids, ids[1:], strict=False):
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
    return adj


def road_reaches_mainland(data: dict[str, Any], start: Hex) -> bool:
    """True when roads lead from start to a land hex that is not an islands hex."""
    roads = links(data, "roads")
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        if terrain_at(data, h) not in ".~i":
            return True
        for n in roads.get(h, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def farthest_point_starts(candidates: list[Hex], count: int) -> int:
    """Best minimum spacing that greedy farthest-point selection reaches (any first city)."""
    best = -1
    for first in range(len(candidates)):
        chosen = [candidates[first]]
        gap = [hex_distance(h, chosen[0]) for h in candidates]
        while len(chosen) < count:
            i = max(range(len(candidates)), key=lambda j: (gap[j], -j))
            if gap[i] == 0:
                break
            chosen.append(candidates[i])
            gap = [min(g, hex_distance(h, candidates[i])) for g, h in zip(gap, candidates,
                                                                          strict=True)]
        if len(chosen) == count:
            spacing = min(hex_distance(a, b) for i, a in enumerate(chosen) for b in chosen[i + 1:])
            best = max(best, spacing)
            if best >= START_SPACING:
                break
    return best


def land_start_candidates(data: dict[str, Any]) -> list[Hex]:
    """Minor cities on land hexes that are not island-only (islands hexes start at sea)."""
    return sorted(
        parse(c["hex"]) for c in data["cities"]
        if not c["major"] and terrain_at(data, parse(c["hex"])) not in ".~i"
    )


# --- the committed maps ------------------------------------------------------------------------


@pytest.fixture(scope="module", params=sorted(REAL_MAPS))
def real_map(request: pytest.FixtureRequest) -> dict[str, Any]:
    path = MAPS_DIR / f"{request.param}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_map_is_valid_and_loads(real_map: dict[str, Any]) -> None:
    name = real_map["name"]
    assert validate_map_data(real_map, f"{name}.json") == []
    game_map = load_map(name)
    assert game_map.columns == real_map["columns"]


def test_terrain_rows_complete(real_map: dict[str, Any]) -> None:
    rows, cols = real_map["rows"], real_map["columns"]
    assert len(real_map["terrain"]) == rows
    assert all(isinstance(r, str) and len(r) == cols for r in real_map["terrain"])
    assert set("".join(real_map["terrain"])) <= set("pafdmswjbM.i~")


def test_players_and_city_count(real_map: dict[str, Any]) -> None:
    low, high = REAL_MAPS[real_map["name"]]
    assert (real_map["players"]["min"], real_map["players"]["max"]) == (low, high)
    assert len(real_map["cities"]) >= CITIES_PER_PLAYER * high


def test_largest_player_count_has_spread_land_starts(real_map: dict[str, Any]) -> None:
    high = real_map["players"]["max"]
    candidates = land_start_candidates(real_map)
    assert len(candidates) >= high
    assert farthest_point_starts(candidates, high) >= START_SPACING


def test_island_cities_are_road_linked_or_sea_starts(real_map: dict[str, Any]) -> None:
    starts = set(land_start_candidates(real_map))
    for city in real_map["cities"]:
        h = parse(city["hex"])
        if terrain_at(real_map, h) != "i":
            continue
        if road_reaches_mainland(real_map, h):
            continue
        # Reached only by sea: never a land start, and coastal so a sea convoy can be made.
        assert h not in starts, city["name"]
        assert any(
            1 <= n[0] <= real_map["columns"] and 1 <= n[1] <= real_map["rows"]
            and terrain_at(real_map, n) in ".~i"
            for n in neighbours(h)
        ), city["name"]


def test_roads_and_rivers_on_land_and_contiguous(real_map: dict[str, Any]) -> None:
    for kind in ("roads", "rivers"):
        for path in real_map[kind]:
            ids = [parse(h) for h in path.split()]
            assert all(terrain_at(real_map, h) not in ".~" for h in ids), (kind, path)
            assert all(hex_distance(a, b) == 1 for a, b in zip(ids, ids[1:], strict=False))
    assert real_map["roads"] and real_map["rivers"]


def test_city_facts_follow_the_rulebook(real_map: dict[str, Any]) -> None:
    cities = real_map["cities"]
    majors = [c for c in cities if c["major"]]
    assert majors
    for c in cities:
        if c["major"]:
            assert c["fortification"] == 5
            assert 80_000 <= c["base_value"] <= 120_000
        else:
            assert 1 <= c["fortification"] <= 4
            assert 8_000 <= c["base_value"] <= 15_000
        assert c["produces"] in GOODS
        assert c["needs"] in GOODS | {"anything"} and c["needs"] != c["produces"]
    assert {c["produces"] for c in cities} == GOODS
    assert any(c["needs"] == "anything" for c in cities)


def test_files_are_compact(real_map: dict[str, Any]) -> None:
    path = MAPS_DIR / f"{real_map['name']}.json"
    assert path.stat().st_size < 150_000
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") < 20 + real_map["rows"] + len(real_map["cities"]) + len(
        real_map["roads"]
    ) + len(real_map["rivers"]) + ("starts" in real_map)  # the map's own starts: one line


def test_test_helpers_agree_with_the_game() -> None:
    for a in [(1, 1), (2, 5), (7, 3), (12, 12)]:
        for b in [(1, 2), (3, 3), (8, 9), (20, 1)]:
            ida, idb = f"{a[0]:02d}{a[1]:02d}", f"{b[0]:02d}{b[1]:02d}"
            assert hex_distance(a, b) == game_distance(ida, idb)


# --- the generator's pure helpers (no numpy needed) ------------------------------------------


@pytest.fixture(scope="module")
def mapgen_hexgrid() -> Any:
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from tools.mapgen import hexgrid

    return hexgrid


def test_mapgen_neighbours_and_distance(mapgen_hexgrid: Any) -> None:
    hg = mapgen_hexgrid
    for h in [(5, 5), (6, 5), (1, 1), (2, 1)]:
        assert hg.neighbours(*h) == neighbours(h)
        for n in hg.neighbours(*h):
            assert hg.distance(h, n) == 1
        assert hg.from_cube(*hg.to_cube(*h)[:2]) == h
    assert hg.hex_id(3, 7) == "0307" and hg.parse_id("1204") == (12, 4)


def test_mapgen_line_and_contiguous(mapgen_hexgrid: Any) -> None:
    hg = mapgen_hexgrid
    line = hg.line((2, 3), (9, 11))
    assert line[0] == (2, 3) and line[-1] == (9, 11)
    assert len(line) == hg.distance((2, 3), (9, 11)) + 1
    path = hg.contiguous([(1, 1), (1, 1), (4, 2), (4, 6)])
    assert all(hg.distance(a, b) == 1 for a, b in zip(path, path[1:], strict=False))


def test_mapgen_edges_to_paths_covers_every_link(mapgen_hexgrid: Any) -> None:
    hg = mapgen_hexgrid
    edges = {("0101", "0102"), ("0102", "0202"), ("0202", "0203"), ("0102", "0103"),
             ("0505", "0506")}
    paths = hg.edges_to_paths(edges)
    covered = set()
    for p in paths:
        covered |= hg.path_edges(p)
    assert covered == edges
    assert sum(len(p) - 1 for p in paths) == len(edges)
    assert hg.edges_to_paths(edges) == paths


def test_mapgen_starts_spread(mapgen_hexgrid: Any) -> None:
    from tools.mapgen import starts

    corners = [(1, 1), (2, 1), (30, 1), (1, 30), (30, 30), (15, 15)]
    picked = starts.farthest_points(corners, 5)
    assert set(picked) == {(1, 1), (30, 1), (1, 30), (30, 30), (15, 15)}
    assert starts.min_spacing(picked) >= 14


def test_mapgen_rewrite_keeps_a_maps_own_starts(mapgen_hexgrid: Any, tmp_path: Path) -> None:
    """CC-GEN-07: the start sets a map names were chosen by bot games, not generated; writing
    the map again keeps them, in the layout of the game's own writer."""
    from tools.mapgen import writer

    raw = json.loads((MAPS_DIR / "oceania.json").read_text(encoding="utf-8"))
    assert raw["starts"]
    assert writer.fallback_json(raw) == writer.to_json(raw)
    path = tmp_path / "oceania.json"
    path.write_text(writer.to_json(raw), encoding="utf-8")
    writer.write({key: value for key, value in raw.items() if key != "starts"}, path)
    assert json.loads(path.read_text(encoding="utf-8"))["starts"] == raw["starts"]
