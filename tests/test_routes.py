"""Planned paths (engine/convoys/routes): legal entries only, roads preferred, within moves left."""

from __future__ import annotations

from conquest_tui.engine.convoys import movement, routes
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.rules.ruleset import Ruleset

# Columns 1..7, rows 1..5. A lake (water) splits the middle; mountains wall the south.
ROWS = (
    "ppp.ppp",
    "ppp.ppp",
    "ppp.ppp",
    "pppmppp",
    "mmmmmmm",
)


def world(rules: Ruleset, rows: tuple[str, ...] = ROWS, roads: tuple[str, ...] = (),
          paved: tuple[tuple[str, str], ...] = ()) -> routes.RouteWorld:
    game_map = GameMap.from_rows("route_test", rows, roads=roads)
    return routes.RouteWorld(game_map, rules, paved)


def assert_legal(w: routes.RouteWorld, kind: str, plan: routes.RoutePlan) -> None:
    here = plan.origin
    for there in plan.steps:
        assert movement.entry_problem(w.as_game, kind, here, there) is None, (here, there)
        here = there
    assert here == plan.target
    assert plan.moves <= plan.left


def test_path_goes_round_water_and_mountains_cc_move_04_11(rules: Ruleset) -> None:
    """A land convoy walks round the lake; an amphibious one round the mountains."""
    w = world(rules)
    land = routes.plan_route(w, "land", "0102", "0702", 12)
    assert land.ok
    assert_legal(w, "land", land)
    assert not any(w.map.is_water(h) for h in land.steps)
    amphibious = routes.plan_route(w, "amphibious", "0103", "0703", 12)
    assert amphibious.ok
    assert_legal(w, "amphibious", amphibious)
    assert "0404" not in amphibious.steps  # the mountain hex in the lake's mouth


def test_no_path_says_the_sea_is_in_the_way(rules: Ruleset) -> None:
    rows = ("pp.pp", "pp.pp", "pp.pp")
    plan = routes.plan_route(world(rules, rows), "land", "0102", "0502", 9)
    assert plan.problem == routes.BLOCKED
    assert plan.reason == "water"
    assert plan.blocked_terrain == "water"
    assert not plan.steps


def test_mountains_in_the_way_of_amphibious_convoys_cc_ter_14(rules: Ruleset) -> None:
    rows = ("ppmpp", "ppmpp", "ppmpp")
    plan = routes.plan_route(world(rules, rows), "amphibious", "0102", "0502", 9)
    assert plan.problem == routes.BLOCKED
    assert plan.reason == "amphibious_terrain"
    assert plan.blocked_terrain == "mountains"
    # ... but a road through the pass lets it follow the road (CC-MOVE-20).
    passed = routes.plan_route(world(rules, rows, roads=("0202 0302 0402",)), "amphibious",
                               "0102", "0502", 9)
    assert passed.ok
    assert "0302" in passed.steps


def test_past_the_allowance_says_how_far_cc_move_02(rules: Ruleset) -> None:
    """A path that needs more moves than are left is not whole: both numbers, and the first
    moves of the way, as far as this turn goes."""
    plan = routes.plan_route(world(rules), "land", "0101", "0701", 4)
    assert plan.problem == routes.TOO_FAR and not plan.ok and plan.partial
    assert plan.left == 4
    assert plan.moves > 4
    assert len(plan.steps) == 4
    whole = routes.plan_route(world(rules), "land", "0101", "0701", plan.moves)
    assert plan.steps == whole.steps[:4]
    assert not routes.plan_route(world(rules), "land", "0101", "0701", 0).partial


def test_roads_preferred_when_the_allowance_allows(rules: Ruleset) -> None:
    """A road one hex longer is taken when it saves fuel and the moves are there."""
    rows = ("ppppp", "ppppp", "ppppp")
    road = ("0102 0201 0301 0401 0502",)
    w = world(rules, rows, roads=road)
    plan = routes.plan_route(w, "land", "0102", "0502", 6)
    assert plan.ok
    assert plan.steps == ("0201", "0301", "0401", "0502")
    tight = routes.plan_route(w, "land", "0102", "0502", 4)
    assert tight.ok
    assert len(tight.steps) == 4


def test_known_paved_roads_open_islands_cc_ter_15(rules: Ruleset) -> None:
    rows = ("ppipp",)
    w = world(rules, rows)
    assert routes.plan_route(w, "land", "0101", "0501", 9).problem == routes.BLOCKED
    paved = world(rules, rows, paved=(("0201", "0301"), ("0301", "0401")))
    plan = routes.plan_route(paved, "land", "0101", "0501", 9)
    assert plan.ok
    assert plan.steps == ("0201", "0301", "0401", "0501")


def test_air_flies_straight_within_its_range_cc_move_12(rules: Ruleset) -> None:
    w = world(rules)
    plan = routes.plan_route(w, "air", "0101", "0705", 20)
    assert plan.ok
    assert plan.steps == ("0705",)
    assert plan.moves == hexgrid.distance("0101", "0705")
    assert routes.plan_route(w, "air", "0101", "0705", 3).problem == routes.TOO_FAR


def test_same_hex(rules: Ruleset) -> None:
    assert routes.plan_route(world(rules), "land", "0101", "0101", 5).problem == routes.SAME_HEX

