"""A bot's path searches grow only as deep as asked and answer as a whole search would."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.bots.paths import Paths, answers_for
from conquest_tui.engine.reports.view import ClanView


def test_a_search_toward_targets_stops_at_the_nearest_and_paths_still_reach_the_depth() -> None:
    """A march's search (CC-MOVE-04…12 for the steps) stops at the ring of the nearest target,
    with every target as near in it, and gives the paths a whole search of that depth gives."""
    game = session.new_game(map_name="europe", clans=4, bots=4, seed="paths-2")
    view = ClanView(game, game.state.active_clan)
    start = game.state.convoys[0].hex
    whole = Paths(view)._search("land", start, 20)
    rings = sorted(set(whole.distance.values()))
    targets = [h for h, d in whole.distance.items() if d == rings[-1]][:2] + [
        h for h, d in whole.distance.items() if d == 9][:3]
    toward = Paths(view).reach_toward("land", start, 20, targets)
    assert max(toward.distance.values()) == 9
    assert list(toward.distance.items()) == [(h, d) for h, d in whole.distance.items() if d <= 9]
    far = targets[0]
    assert toward.path_to(far) == whole.path_to(far) and len(whole.path_to(far)) == rings[-1]
    assert Paths(view).reach_toward("land", start, 5, targets).distance == {
        h: d for h, d in whole.distance.items() if d <= 5}


def test_a_shallow_reach_gives_paths_as_deep_as_its_call_asked_before() -> None:
    """Within one bot's sheet a reach cut from a deeper one it asked for leads as far as that one
    did; another sheet's reach of the same depth leads no further than its own depth."""
    game = session.new_game(map_name="europe", clans=4, bots=4, seed="paths-3")
    view = ClanView(game, game.state.active_clan)
    start = game.state.convoys[0].hex
    paths = Paths(view)
    deep = paths.reach("land", start, 12)
    beyond = next(h for h, d in deep.distance.items() if d == 12)
    assert paths.reach("land", start, 4).path_to(beyond) == deep.path_to(beyond)
    assert Paths(view).reach("land", start, 4).path_to(beyond) == []


def test_a_paved_road_keeps_the_searches_it_cannot_change_and_redoes_the_rest() -> None:
    """After a road is paved (CC-MOVE-04…12: a land convoy enters an island only by road) the
    bots' shared answers keep every search that found neither end of the new road, and each
    reach, kept or searched again, is the one a fresh search on the new roads gives."""
    game = session.new_game(map_name="europe", clans=4, bots=4, seed="paths-4")
    world = game.map
    mainland, island = next(
        (a, b) for b in world.hex_ids() if world.is_island(b) for _, a in world.neighbors(b)
        if not world.is_water(a) and not world.is_island(a) and not game.road_between(a, b))
    view = ClanView(game, game.state.active_clan)
    before = Paths(view)
    near = before.reach("land", mainland, 6)
    assert island not in near.distance  # no road onto the island yet
    far = next(h for h in world.hex_ids() if world.is_land(h) and not world.is_island(h)
               and not {mainland, island} & before.reach("land", h, 6).distance.keys())
    kept_far = before.reach("land", far, 6)
    old_shared = answers_for(view.entry_ground())
    game.pave(mainland, island)
    after = Paths(ClanView(game, game.state.active_clan))
    shared = answers_for(view.entry_ground())
    assert shared is not old_shared
    assert ("land", mainland) not in shared.searched and ("land", far) in shared.searched
    assert island not in shared.steps["land"] and mainland not in shared.steps["land"]
    for start in (mainland, far):
        reach, fresh = after.reach("land", start, 6), after._search("land", start, 6)
        assert list(reach.distance.items()) == list(fresh.distance.items())
        assert all(reach.path_to(h) == fresh.path_to(h) for h in fresh.distance)
    assert after.reach("land", mainland, 6).distance[island] == 1
    assert list(after.reach("land", far, 6).distance.items()) == list(kept_far.distance.items())
