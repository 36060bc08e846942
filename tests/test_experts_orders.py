"""CELEBRATE, PRACTICE and SCAN: where, how often, what they cost and give (CC-CO-*)."""

from __future__ import annotations

import pytest

from conquest_tui.engine.convoys import convoy_stats, experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.orderbook.experts import Celebrate, Practice, Scan
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.steps import scan

BRACKWATER = "0308"   # the first Clan's starting city (swamp, next to plains, swamp and water)
POLICE = "1111"       # a jungle hex with a Police Station
REC = "1210"          # a jungle hex with a Rec Center
HIGHGATE = "1004"     # a city in the mountains


def context(game: Game) -> tuple[TurnContext, Convoy]:
    clan = game.clan(game.state.active_clan)
    ctx = TurnContext(game=game, clan=clan, sheet=parse_sheet("", game.rules), phase="pulses",
                      pulse=1, line=7)
    convoy = game.convoy(clan.number, 1)
    assert convoy is not None
    convoy.troops = convoy_stats.troop_capacity(convoy, game.rules)
    return ctx, convoy


def run(ctx: TurnContext, convoy: Convoy, order: Celebrate | Practice | Scan) -> Event:
    """Carry out one order line and return the event it produced."""
    before = len(ctx.events)
    order.run(ctx, convoy)
    assert len(ctx.events) == before + 1
    return ctx.events[-1]


def gain_in(event: Event, what: str) -> int:
    """What CELEBRATE added to morale or PRACTICE to training."""
    return int(event.facts["gain" if what == "morale" else "gained"])


CELEBRATE = Celebrate("CELEBRATE", 7, "CELEBRATE")
PRACTICE = Practice("PRACTICE", 7, "PRACTICE")
SCAN = Scan("SCAN", 7, "SCAN")


def test_orders_parse_with_abbreviations_amb_92(game: Game) -> None:
    sheet = parse_sheet("[CONVOY 1]\nCE\nCELEBR.\nPR\nSC\nSCAN NOW\n", game.rules)
    orders = [type(line.order) for line in sheet.convoy_lines(1)[:4]]
    assert orders == [Celebrate, Celebrate, Practice, Scan]
    assert [p.code for p in sheet.problems] == ["extra_words"]


# --- CELEBRATE ---------------------------------------------------------------------------------

def test_celebrate_costs_food_per_troop_and_raises_morale_cc_co_celebrate_02_03_cc_res_10(
        game: Game) -> None:
    ctx, convoy = context(game)
    food = ctx.clan.stock.food
    event = run(ctx, convoy, CELEBRATE)
    assert event.kind == "celebrate"
    assert ctx.clan.stock.food == food - convoy.troops
    gain = gain_in(event, "morale")
    assert 10 <= gain <= 15
    assert convoy.morale == 30 + gain


def test_celebrate_once_per_turn_cc_co_celebrate_01(game: Game) -> None:
    ctx, convoy = context(game)
    run(ctx, convoy, CELEBRATE)
    morale = convoy.morale
    assert run(ctx, convoy, CELEBRATE).kind == "once_per_turn"
    assert convoy.morale == morale


def test_celebrate_fails_unless_full_in_place_visible_below_100_cc_co_celebrate_01(
        game: Game) -> None:
    ctx, convoy = context(game)
    food = ctx.clan.stock.food
    convoy.troops -= 1
    assert run(ctx, convoy, CELEBRATE).kind == "not_full"
    convoy.troops += 1
    convoy.hidden = True
    assert run(ctx, convoy, CELEBRATE).kind == "hidden"
    convoy.hidden = False
    convoy.morale = 100
    assert run(ctx, convoy, CELEBRATE).kind == "morale_full"
    convoy.morale = 30
    game.move_convoy(convoy, REC)
    assert run(ctx, convoy, CELEBRATE).kind == "no_place"
    assert ctx.clan.stock.food == food and convoy.morale == 30


def test_celebrate_in_owned_rec_center_hex_cc_co_celebrate_01(game: Game) -> None:
    ctx, convoy = context(game)
    game.move_convoy(convoy, REC)
    game.hex(REC).set_owner(ctx.clan.number)
    event = run(ctx, convoy, CELEBRATE)
    assert event.kind == "celebrate"
    assert (event.facts["structure"], event.facts["hex"]) == ("Rec Center", "1210")


def test_celebrate_needs_enough_food_cc_co_celebrate_02(game: Game) -> None:
    ctx, convoy = context(game)
    ctx.clan.stock.food = convoy.troops - 1
    assert run(ctx, convoy, CELEBRATE).kind == "no_food"
    assert ctx.clan.stock.food == convoy.troops - 1 and convoy.morale == 30


def test_celebrate_in_city_captured_this_turn_gains_more_cc_co_celebrate_04(game: Game) -> None:
    ctx, convoy = context(game)
    city = game.city(BRACKWATER)
    assert city is not None
    city.conquered_turn = game.state.game_turn
    gain = gain_in(run(ctx, convoy, CELEBRATE), "morale")
    assert 20 <= gain <= 30


def test_gourmet_morale_gains_x115_priest_x130_cc_cnv_56_amb_62_cc_cnv_61(game: Game) -> None:
    convoy = game.state.convoys[0]
    rules = game.rules
    convoy.experts = ["GOU"]
    assert [experts.gourmet_morale_gain(convoy, g, rules) for g in (10, 15, 20)] == [11, 17, 23]
    convoy.experts = ["GOU", "PRI"]
    assert [experts.gourmet_morale_gain(convoy, g, rules) for g in (10, 15, 20)] == [13, 19, 26]
    ctx, convoy = context(game)
    convoy.experts = ["GOU"]
    event = run(ctx, convoy, CELEBRATE)
    assert 11 <= gain_in(event, "morale") <= 17 and event.facts["gourmet"] == 1


def test_celebrate_in_a_full_turn_cc_co_celebrate_03(game: Game) -> None:
    clan = game.state.active_clan
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    run_clan_turn(game, clan, "[CONVOY 1]\nCELEBRATE\n")
    events = [e for e in game.clan(clan).last_turn.events if e.line == 2]
    assert events[0].kind == "celebrate"
    assert events[0].facts["food"] == convoy.troops


# --- PRACTICE ----------------------------------------------------------------------------------

def test_practice_needs_a_trainer_cc_co_practice_01(game: Game) -> None:
    ctx, convoy = context(game)
    assert run(ctx, convoy, PRACTICE).kind == "no_expert"
    assert convoy.training == 30


def test_practice_costs_5_fuel_rates_and_trains_cc_co_practice_03_04(game: Game) -> None:
    ctx, convoy = context(game)
    convoy.experts = ["TRA"]
    fuel = ctx.clan.stock.fuel
    event = run(ctx, convoy, PRACTICE)
    rate = convoy_stats.fuel_rate(convoy, game.rules)
    assert ctx.clan.stock.fuel == fuel - 5 * rate
    assert event.facts["fuel"] == 5 * rate
    gain = gain_in(event, "training")
    assert 10 <= gain <= 15 and convoy.training == 30 + gain


def test_practice_chemist_and_training_change_fuel_cc_co_practice_03_amb_25(game: Game) -> None:
    ctx, convoy = context(game)
    rules = game.rules
    convoy.experts = ["TRA", "CHE"]
    rate = convoy_stats.fuel_rate(convoy, rules)
    assert experts.order_fuel(convoy, rules, 5) == -(-rate * 5 * 85 // 100)
    convoy.training = 80   # 10% less
    assert experts.order_fuel(convoy, rules, 5) == -(-rate * 5 * 85 * 90 // 10_000)


def test_practice_once_per_turn_capped_at_100_cc_co_practice_02(game: Game) -> None:
    ctx, convoy = context(game)
    convoy.experts = ["TRA"]
    convoy.training = 95
    run(ctx, convoy, PRACTICE)
    assert convoy.training == 100
    assert run(ctx, convoy, PRACTICE).kind == "once_per_turn"
    convoy.last_done.clear()
    assert run(ctx, convoy, PRACTICE).kind == "training_full"


def test_practice_fails_hidden_not_full_no_place_no_fuel_cc_co_practice_02_03(
        game: Game) -> None:
    ctx, convoy = context(game)
    convoy.experts = ["TRA"]
    convoy.hidden = True
    assert run(ctx, convoy, PRACTICE).kind == "hidden"
    convoy.hidden = False
    convoy.troops = 0
    assert run(ctx, convoy, PRACTICE).kind == "not_full"
    convoy.troops = convoy_stats.troop_capacity(convoy, game.rules)
    ctx.clan.stock.fuel = 3
    assert run(ctx, convoy, PRACTICE).kind == "no_fuel"
    game.move_convoy(convoy, POLICE)
    assert run(ctx, convoy, PRACTICE).kind == "no_place"
    assert convoy.training == 30 and ctx.clan.stock.fuel == 3


def test_dealer_buys_the_fuel_drills_lack_amb_85(game: Game) -> None:
    ctx, convoy = context(game)
    convoy.experts = ["TRA", "DEA"]
    need = 5 * convoy_stats.fuel_rate(convoy, game.rules)
    ctx.clan.stock.fuel = need - 3
    money = ctx.clan.stock.money
    PRACTICE.run(ctx, convoy)
    assert [e.kind for e in ctx.events] == ["dealer", "practice"]
    assert ctx.clan.stock.fuel == 0
    assert ctx.clan.stock.money == money - 3 * 2 * game.state.prices["fuel"]


def test_practice_in_owned_police_station_hex_cc_co_practice_02(game: Game) -> None:
    ctx, convoy = context(game)
    convoy.experts = ["TRA"]
    game.move_convoy(convoy, POLICE)
    game.hex(POLICE).set_owner(ctx.clan.number)
    event = run(ctx, convoy, PRACTICE)
    assert event.kind == "practice"
    assert (event.facts["structure"], event.facts["hex"]) == ("Police Station", "1111")


def test_practice_in_a_city_captured_this_turn_gains_no_more_cc_co_practice_04(
        game: Game) -> None:
    ctx, convoy = context(game)
    convoy.experts = ["TRA"]
    city = game.city(BRACKWATER)
    assert city is not None
    city.conquered_turn = game.state.game_turn
    assert 10 <= gain_in(run(ctx, convoy, PRACTICE), "training") <= 15


# --- SCAN --------------------------------------------------------------------------------------

def test_scan_needs_a_scout_and_a_visible_convoy_cc_co_scan_01(game: Game) -> None:
    ctx, convoy = context(game)
    assert run(ctx, convoy, SCAN).kind == "no_expert"
    convoy.experts = ["SCO"]
    convoy.hidden = True
    assert run(ctx, convoy, SCAN).kind == "hidden"


def test_land_scan_of_land_hexes_paid_by_terrain_once_a_turn_cc_co_scan_02_03(
        game: Game) -> None:
    ctx, convoy = context(game)
    convoy.experts = ["SCO"]
    fuel = ctx.clan.stock.fuel
    event = run(ctx, convoy, SCAN)
    # 0307 plains ×1 = 4, 0407 and 0408 swamp ×1.5 = 6 each; 0309, 0208, 0207 are water.
    assert event.kind == "scan"
    assert (event.facts["hex"], event.facts["fuel"]) == ("0308", 16)
    assert [seen[0] for seen in event.facts["hexes"]] == ["0307", "0407", "0408"]
    assert ctx.clan.stock.fuel == fuel - 16
    assert ctx.visited == {"0307", "0407", "0408"}
    assert run(ctx, convoy, SCAN).kind == "once_per_turn"


def test_scan_what_fuel_allows_cc_co_scan_03(game: Game) -> None:
    ctx, convoy = context(game)
    convoy.experts = ["SCO"]
    ctx.clan.stock.fuel = 5
    scan.scan(ctx, convoy, SCAN)
    assert [seen[0] for seen in ctx.events[0].facts["hexes"]] == ["0307"]
    assert ctx.events[0].facts["fuel"] == 4
    assert ctx.visited == {"0307"} and ctx.clan.stock.fuel == 1
    assert ctx.events[1].kind == "scan_short" and ctx.events[1].facts["missed"] == ("0407", "0408")
    ctx.clan.stock.fuel = 3
    convoy.last_done.clear()
    assert run(ctx, convoy, SCAN).kind == "no_fuel"


@pytest.mark.parametrize(("kind", "hex_id", "expected"), [
    ("sea", BRACKWATER, ["0309", "0208", "0207"]),
    ("amphibious", HIGHGATE, ["0905", "0904"]),
    ("air", HIGHGATE, ["1003", "1104", "1105", "1005", "0905", "0904"]),
    ("military", BRACKWATER, ["0307", "0407", "0408"]),
])
def test_scan_targets_by_convoy_type_cc_co_scan_02(game: Game, kind: str, hex_id: str,
                                                   expected: list[str]) -> None:
    convoy = Convoy(owner=1, number=9, name="x", convoy_type=kind, hex=hex_id,
                    vehicles={"bike": 1})
    assert scan.scan_targets(game, convoy) == expected


def test_scan_shows_hexes_and_cities_without_entering_cc_co_scan_04_05(game: Game) -> None:
    clan = game.state.active_clan
    other = game.state.clan_order[1]
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.experts = ["SCO"]
    game.move_convoy(convoy, "0905")  # forest, next to Highgate (1004)
    game.hex("1004").set_owner(other)
    enemy = game.convoy(other, 1)
    assert enemy is not None
    game.move_convoy(enemy, "1004")
    run_clan_turn(game, clan, "[CONVOY 1]\nSCAN\n")
    turn = game.clan(clan).last_turn
    assert "1004" in turn.visited_hexes and "1004" in game.clan(clan).city_memory
    assert convoy.hex == "0905"
    assert game.hex("1004").owner == other and not game.hex("1004").looted
    assert not any(e.kind == "passage" for e in game.clan(other).inbox)
    assert not any(s.hex == "1004" and s.how == "met" for s in game.clan(clan).sightings)
