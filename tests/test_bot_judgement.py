"""Bots hand in sheets held to the judgement a player sees: no line it condemns is left."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from conquest_tui import session
from conquest_tui.bots import LEVELS, mending, write_sheet
from conquest_tui.bots.brain import bot_rng, seeks_war
from conquest_tui.bots.campaign import foe, marches
from conquest_tui.bots.expansion import Board
from conquest_tui.bots.levels import level_named
from conquest_tui.bots.mending import Judge, condemned, judged, judged_read, mend
from conquest_tui.bots.paths import Paths
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import NOTICE, Problem
from conquest_tui.engine.orders.sheet import OrderSheet, parse_sheet
from conquest_tui.engine.play.judgement import judge_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.forecast_records import Judgement
from conquest_tui.engine.reports.view import UNKNOWN, ClanView
from conquest_tui.engine.world.knowledge import see_hex
from conquest_tui.session.bot_turns import bot_sheet
from conquest_tui.storage.rules_loader import load_ruleset


def test_a_condemned_move_cuts_its_convoy_short_and_an_emptied_section_goes() -> None:
    """A move the forecast condemns is dropped with every later line of its convoy (they would
    set out from another hex); a [PRE] line alone; a convoy left with no line loses its header."""
    sheet = ("[PRE]\nBUY 10 FUEL\nENLIST 5\n[CONVOY 1]\nN\nNE\nCAPTURE\n[CONVOY 2]\nS\n"
             "[POST]\nENLIST 2\n")
    mended = mend(sheet, load_ruleset(), {2, 6, 9})
    assert mended == "[PRE]\nENLIST 5\n[CONVOY 1]\nN\n[POST]\nENLIST 2\n"


def test_a_sheet_nothing_condemns_is_handed_in_as_written() -> None:
    sheet = "[PRE]\n[CONVOY 1]\nN\n"
    assert mend(sheet, load_ruleset(), set()) == sheet


def test_a_bot_sheet_is_read_once_for_its_judgement_and_its_turn() -> None:
    """The sheet the judgement read is the one the turn plays when nothing was condemned (the
    text read as the turn would read it); a mended sheet is handed over as text alone, the same
    text `judged` gives."""
    rules = load_ruleset()
    sheet = "[PRE]\nBUY 10 FUEL\n[CONVOY 1]\nN\nNE\n"
    read: list[OrderSheet] = []

    def judge(found: list[Problem]) -> Judge:
        def judged_as(order_sheet: OrderSheet) -> Judgement:
            read.append(order_sheet)
            return Judgement(tuple(found), None)
        return judged_as

    text, kept = judged_read(sheet, rules, judge([]))
    assert text == sheet and kept is read[0] and kept == parse_sheet(sheet, rules)
    no_fuel = Problem(5, ProblemCode.FORECAST, NOTICE, {})
    text, kept = judged_read(sheet, rules, judge([no_fuel]))
    assert text == "[PRE]\nBUY 10 FUEL\n[CONVOY 1]\nN\n" and kept is None
    assert judged(sheet, rules, judge([no_fuel])) == text


def test_the_collector_rests_while_a_bot_plans_and_runs_again_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Planning pauses the cyclic collector and resumes it after, leaving it off if it was."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="collector")
    seen: list[bool] = []
    real = mending.judged_read  # bot_turns imports it when a bot plans

    def watching(*args: Any, **kwargs: Any) -> tuple[str, OrderSheet | None]:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(mending, "judged_read", watching)
    was = gc.isenabled()
    try:
        gc.enable()
        bot_sheet(game)
        assert gc.isenabled()
        gc.disable()
        bot_sheet(game)
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()
    assert seen == [False, False]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", ["judged-1", "judged-2"])
def test_cc_gen_05_a_bot_hands_in_no_line_its_judgement_condemns(seed: str, level: str) -> None:
    """Every level's sheet, judged as `conquest check --forecast` judges a player's, has no line
    the checker refuses or the forecast cannot carry out, for every Clan over several turns."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed=seed, level=level)
    for _ in range(9):
        clan = game.state.active_clan
        sheet = bot_sheet(game)
        assert not condemned(judge_sheet(game, clan, sheet)), sheet
        session.play_bot_turn(game, keep_report=False)


def _purse(level: str, turns: int, *, at_home: bool = False) -> tuple[str, float]:
    """A Clan's sheet when it holds `turns` game turns of income, and the game turns of income
    it holds once that sheet is played (`at_home`: its convoys stand in its first city, where
    it can grow them)."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="purse", level=level)
    for _ in range(2):
        session.play_bots(game)
    clan = game.clan(game.state.active_clan)
    if at_home:
        home = ClanView(game, clan.number).owned_cities()[0]
        for convoy in game.convoys_of(clan.number):
            game.move_convoy(convoy, home)
        game.reindex()
    income = ClanView(game, clan.number).income_estimate()["money"]
    clan.stock.money = turns * income
    sheet = write_sheet(ClanView(game, clan.number), level)
    run_clan_turn(game, clan.number, sheet)
    return sheet, clan.stock.money / income


def test_a_normal_bot_with_a_big_purse_spends_it() -> None:
    """Fifteen game turns of income in hand: a normal bot grows its convoys and fills them with
    troops until it holds under two game turns of income (issue 28). (With twenty, one turn's
    [PRE] lines buy every convoy as big as a rich bot grows it, and some money waits a turn.)"""
    _, held = _purse("normal", 15)
    assert held < 2


def test_cc_cl_defend_01_a_hard_bot_with_a_big_purse_raises_its_hexes_defense() -> None:
    """A hard bot holding many game turns of income puts some into DEFEND ****; with one game
    turn's income it keeps it for troops and convoys."""
    poor, _ = _purse("hard", 1)
    rich, _ = _purse("hard", 20)
    assert "DEFEND ****" in rich and "DEFEND" not in poor


def test_an_easy_bot_spends_a_big_purse_too_but_slower_than_a_normal_one() -> None:
    """An easy bot holding fifteen game turns of income grows more convoys and bigger ones as
    well (without it, easy games hardly ever ended by victory, issue 28), but it spends less of
    it in one turn than a normal bot: its convoys stay smaller."""
    _, easy = _purse("easy", 15, at_home=True)
    _, normal = _purse("normal", 15, at_home=True)
    assert normal < 2 < easy < 13


def _war_game() -> tuple[Game, int]:
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="war", level="normal")
    return game, game.state.active_clan


def _seeks_war(game: Game, clan: int) -> bool:
    view = ClanView(game, clan)
    level = level_named("normal")
    return seeks_war(view, level, Paths(view), bot_rng(view, level))


def test_a_normal_bot_keeps_to_neutral_land_while_it_lasts_and_none_leads() -> None:
    game, clan = _war_game()
    assert not _seeks_war(game, clan)


def test_a_normal_bot_seeks_war_when_the_neutral_land_near_home_is_gone() -> None:
    """The Clan holds every hex nobody held: no neutral land is left, the bot goes to war."""
    game, clan = _war_game()
    for hex_state in game.state.hexes:
        if not hex_state.owner:
            hex_state.owner = clan
    assert _seeks_war(game, clan)


def test_a_normal_bot_seeks_war_when_a_rival_leads_the_top_clans() -> None:
    game, clan = _war_game()
    rival = next(number for number in game.state.clan_order if number != clan)
    game.clan(rival).popularity = game.clan(clan).popularity + 50
    game.state.top_clans.append([rival, clan])
    assert _seeks_war(game, clan)


def _at_war_with_a_known_rival_city() -> tuple[Game, int, str]:
    """A normal Clan a rival leads, which has seen one of that rival's cities (9 or more moves
    from its full first convoy): (game, Clan, the rival's city)."""
    game, clan = _war_game()
    view = ClanView(game, clan)
    home = view.convoys()[0].hex
    reach = Paths(view).reach("land", home, 20)
    rival, city = max((site.owner, site.hex) for site in game.state.cities
                      if site.owner not in (0, clan) and reach.distance.get(site.hex, 0) > 8)
    game.clan(rival).popularity = game.clan(clan).popularity + 50
    game.state.top_clans.append([rival, clan])
    see_hex(game, game.clan(clan), city)
    convoy = game.convoys_of(clan)[0]
    convoy.troops = ClanView(game, clan).convoys()[0].troop_capacity
    return game, clan, city


def test_a_normal_bot_at_war_marches_its_fullest_convoy_on_a_rival_city_it_knows() -> None:
    """At war, the full convoy sets out for the rival's city beyond its search depth in Recon
    mode (no hex attack spends its troops on the way) and ends its turn nearer to it."""
    game, clan, city = _at_war_with_a_known_rival_city()
    view = ClanView(game, clan)
    level = level_named("normal")
    paths = Paths(view)
    assert marches(view, level, paths, foe(view)) == {1: city}
    before = paths.reach("land", view.convoys()[0].hex, 30).distance[city]
    sheet = write_sheet(view, "normal")
    convoy_lines = sheet.split("[CONVOY 1]")[1].split("[")[0].split()
    assert convoy_lines[0] == "RECON"
    run_clan_turn(game, clan, sheet)
    after = game.convoys_of(clan)[0]
    assert Paths(view).reach("land", after.hex, 30).distance[city] < before
    assert after.troops == view.convoys()[0].troops


def test_a_bot_at_war_fights_the_most_popular_rival_first_never_an_ally() -> None:
    """The foe is the Top Clans' most popular rival that is not an ally (issue 28: the leader
    is the one fought)."""
    game, clan = _war_game()
    first, second = (number for number in game.state.clan_order if number != clan)
    game.clan(first).popularity = game.clan(clan).popularity + 50
    game.clan(second).popularity = game.clan(clan).popularity + 20
    game.state.top_clans.append([first, second, clan])
    assert foe(ClanView(game, clan)) == first
    game.clan(clan).allies.append(first)
    assert foe(ClanView(game, clan)) == second


def test_an_easy_bot_never_marches_on_a_rival() -> None:
    game, clan, _ = _at_war_with_a_known_rival_city()
    view = ClanView(game, clan)
    assert marches(view, level_named("easy"), Paths(view), foe(view)) == {}


def test_a_bots_judgement_without_fight_notices_condemns_the_same_lines() -> None:
    """The bots' judgement leaves out the checker's notices of fights and their odds (most of
    a check's cost) and condemns exactly the lines the player's judgement condemns."""
    game = session.new_game(map_name="test_small", clans=4, bots=4, seed="war")
    for _ in range(26):  # until convoys meet
        session.play_bot_turn(game, keep_report=False)
    told = 0
    for _ in range(3):
        clan = game.state.active_clan
        sheet = write_sheet(ClanView(game, clan), "normal")
        full = judge_sheet(game, clan, sheet)
        quick = judge_sheet(game, clan, sheet, notices=False)
        assert condemned(quick) == condemned(full)
        assert not {ProblemCode.MEETS_CONVOY, ProblemCode.ATTACKS_HEX} & {
            problem.code for problem in quick.problems}
        told += sum(problem.code in (ProblemCode.MEETS_CONVOY, ProblemCode.ATTACKS_HEX)
                    for problem in full.problems)
        session.play_bot_turn(game, keep_report=False)
    assert told, "the player's judgement told of some fights"


def test_cc_co_attack_02_a_bot_with_an_ally_attacks_no_city_whose_owner_it_does_not_know() -> None:
    """The turn refuses an ATTACK on an ally's city and neither the bot nor the forecast can
    tell whose a city it has never seen is: a Clan with an ally walks in first and attacks
    when it knows; a Clan with no ally attacks at once."""
    game, clan = _war_game()
    view = ClanView(game, clan)
    level = level_named("normal")
    unknown = next(site.hex for site in game.map.cities
                   if getattr(view.city_info(site.hex), "owner", 0) == UNKNOWN)
    assert Board.of(view, level, bot_rng(view, level)).may_attack(unknown)
    ally = next(number for number in game.state.clan_order if number != clan)
    game.clan(clan).allies.append(ally)
    view = ClanView(game, clan)
    assert not Board.of(view, level, bot_rng(view, level)).may_attack(unknown)


def test_cc_co_attack_02_an_allied_bot_attacks_on_arrival_only_a_city_it_knows_freshly() -> None:
    """An ally may take a city between two of the Clan's turns, and the turn refuses an ATTACK
    on an ally's city: a Clan with an ally attacks on arrival a city whose owner it learned
    this game turn or the last, and walks into one it last saw longer ago first."""
    from conquest_tui.engine.core.state import CityMemory

    game, clan = _war_game()
    level = level_named("normal")
    ally = next(number for number in game.state.clan_order if number != clan)
    game.clan(clan).allies.append(ally)
    city = next(site.hex for site in game.map.cities
                if (state := game.city(site.hex)) is not None and state.owner == 0)

    def may_attack(seen: int) -> bool:
        game.clan(clan).city_memory[city] = CityMemory(hex=city, game_turn=seen, owner=0)
        view = ClanView(game, clan)
        return Board.of(view, level, bot_rng(view, level)).may_attack(city)

    game.state.game_turn = 6
    assert may_attack(6)  # seen this game turn: neutral then
    assert may_attack(5)  # the last
    assert not may_attack(4)  # an ally may have taken it since
