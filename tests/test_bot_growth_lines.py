"""Hard bots grow their convoys: [PRE]'s lines go to troops and vehicles before parts, a convoy
grows to the troops the city in its reach needs."""

from __future__ import annotations

import attrs

from conquest_tui import session
from conquest_tui.bots import expansion, growth, levels, war, write_sheet
from conquest_tui.bots.brain import bot_rng
from conquest_tui.bots.expansion import Board
from conquest_tui.bots.paths import Paths
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView


def _rich_start() -> tuple[Game, int]:
    """A new game on the small map whose first Clan has money to grow its first convoy."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="muster")
    number = game.state.active_clan
    game.clan(number).stock.money = 500_000
    return game, number


def test_cc_cl_buyv_01_a_hard_bot_buys_vehicles_when_pre_has_too_few_lines() -> None:
    """Food, fuel, parts and troops fill [PRE]'s four lines of a first turn: the hard bot drops
    the parts line, not the vehicles, and its convoy ends the turn able to carry its troops
    (before, the troops were enlisted with no room for them)."""
    game, number = _rich_start()
    sheet = write_sheet(ClanView(game, number), "hard")
    pre = sheet.split("[CONVOY")[0]
    assert "BUSES #1" in pre and "ENLIST" in pre, sheet
    run_clan_turn(game, number, sheet)
    convoy = ClanView(game, number).convoys()[0]
    hard = levels.level_named("hard")
    assert convoy.troop_capacity > hard.convoy_troops
    assert convoy.troops > hard.convoy_troops


def test_cc_cbc_02_a_hard_convoy_grows_to_the_troops_a_city_in_reach_needs() -> None:
    """The troops `muster` asks for take the best city in reach at the level's odds; fewer
    would not (the path's hexes cost nothing here: the convoy stands beside nothing of a
    rival's). The nearest city here asks more troops than the hard level musters: the level is
    let muster up to 200."""
    game, number = _rich_start()
    view = ClanView(game, number)
    level = attrs.evolve(levels.level_named("hard"), musters=200)
    board = Board.of(view, level, bot_rng(view, level))
    convoy = view.convoys()[0]
    reach = Paths(view).reach(convoy.convoy_type, convoy.hex, level.search_depth)
    needed = expansion.muster(board, convoy, reach, level.musters)
    assert level.convoy_troops < needed <= level.musters
    goal = expansion.city_goal(board, convoy, reach, needed)
    assert goal is not None
    info = view.city_info(goal)
    assert info is not None
    odds = war.city_odds(view, convoy, info, needed, level.unseen_garrison)
    assert odds >= level.attack_odds


def test_a_normal_bot_grows_its_convoy_to_its_usual_size_only() -> None:
    """Mustering is the hard level's judgement: a normal convoy grows to its level's troops."""
    game, number = _rich_start()
    run_clan_turn(game, number, write_sheet(ClanView(game, number), "normal"))
    convoy = ClanView(game, number).convoys()[0]
    normal = levels.level_named("normal")
    usual = round(normal.convoy_troops * normal.rich_troops)  # a rich Clan's size, not a muster
    assert convoy.troop_capacity < usual + 20  # within one troop vehicle of it


def test_the_hard_level_keeps_its_growth_judgement() -> None:
    """The levels differ in these fields only where the hard level says so."""
    hard, normal = levels.level_named("hard"), levels.level_named("normal")
    assert hard.grows_first and not normal.grows_first
    assert hard.musters > hard.convoy_troops and normal.musters == 0
    assert attrs.evolve(normal, musters=0) == normal


def test_cc_cl_assign_01_a_bot_keeps_its_level_s_garrison_in_its_city() -> None:
    """A bot ASSIGNs stockpile troops to its city up to its level's garrison, no more: a city
    already holding that many gets none, a level asking more gets it from the same stockpile."""
    game, number = _rich_start()
    view = ClanView(game, number)
    home = view.owned_cities()[0]
    held = view.city_info(home).troops
    normal = levels.level_named("normal")
    assert held > normal.garrison_troops
    assert growth.garrison_orders(view, normal, pool=1_000) == ([], 0)
    for wanted in (held + 40, held + 150):
        level = attrs.evolve(normal, garrison_troops=wanted)
        orders, used = growth.garrison_orders(view, level, pool=1_000)
        assert [(order.hex, order.troops) for order in orders] == [(home, wanted - held)]
        assert used == wanted - held
