"""A bot's path searches grow only as deep as asked and answer as a whole search would."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.bots.paths import Paths
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
