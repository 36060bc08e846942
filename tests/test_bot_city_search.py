"""A convoy searches its city depth only when a city within that many hexes could fall to it."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.bots.brain import bot_rng
from conquest_tui.bots.expansion import Board, city_goal, city_within
from conquest_tui.bots.levels import level_named
from conquest_tui.bots.paths import Paths
from conquest_tui.engine.reports.view import ClanView


def test_a_convoy_skips_the_deep_city_search_only_where_it_would_find_no_city() -> None:
    """Wherever `city_within` says no city within the normal level's city depth could fall to
    the convoy's troops (CC-CBC-02…10: the odds of a city assault), the deep search's
    `city_goal` finds none either; and it says yes for some convoys, no for others."""
    game = session.new_game(map_name="europe", clans=6, bots=6, seed="city-search-1")
    for _ in range(4):
        session.play_bots(game)
    level = level_named("normal")
    said: set[bool] = set()
    for clan in game.state.clan_order:
        view = ClanView(game, clan)
        board, paths = Board.of(view, level, bot_rng(view, level)), Paths(view)
        for convoy in view.convoys():
            reach = paths.reach(convoy.convoy_type, convoy.hex, level.city_depth)
            for troops in (10, 40, 120, 400):
                could = city_within(board, convoy, troops, set(), level.city_depth)
                said.add(could)
                if not could:
                    assert city_goal(board, convoy, reach, troops, set()) is None
    assert said == {True, False}
