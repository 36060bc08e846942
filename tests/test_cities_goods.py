"""Goods trade at cities: PICKUP, DROPOFF, DUMP, kickbacks, status and the Merchant (CC-CITY)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats, movement
from conquest_tui.engine.core.events import Facts
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.play.turn import run_clan_turn

BRACKWATER = "0308"  # produces cloth, needs milk; the first Clan's starting city
ARDMOOR = "0402"  # produces milk, needs wool
CARROW = "1311"  # produces alcohol, needs anything


def trader(game: Game, hex_id: str, *, cargo: str = "", amount: int = 0) -> Convoy:
    """The active Clan's convoy #1 with a truck, standing in hex_id."""
    convoy = game.convoy(game.state.active_clan, 1)
    assert convoy is not None
    convoy.vehicles["truck"] = 1
    game.move_convoy(convoy, hex_id)
    convoy.hidden = False
    convoy.cargo_type, convoy.cargo = cargo, amount
    return convoy


def other_clan(game: Game) -> int:
    return game.state.clan_order[1]


def facts_of(game: Game, clan: int, kind: str) -> list[Facts]:
    return [e.facts for e in game.clan(clan).last_turn.events if e.kind == kind]


def test_pickup_loads_produced_goods_to_capacity_cc_co_pickup_02(game: Game) -> None:
    convoy = trader(game, BRACKWATER)
    capacity = convoy_stats.cargo_capacity(convoy, game.rules)
    run_clan_turn(game, convoy.owner, "[CONVOY 1]\nPICKUP\n")
    assert (convoy.cargo_type, convoy.cargo) == ("cloth", capacity)
    assert [(f["amount"], f["goods"], f["hex"]) for f in facts_of(game, convoy.owner,
                                                                  "goods_pickup")] == [
        (capacity, "cloth", "0308")]


def test_pickup_with_other_cargo_fails_cc_city_22(game: Game) -> None:
    convoy = trader(game, BRACKWATER, cargo="milk", amount=3)
    result = run_clan_turn(game, convoy.owner, "[CONVOY 1]\nPI\n")
    assert (convoy.cargo_type, convoy.cargo) == ("milk", 3)
    assert any(p.code == "no_pickup" and p.facts["reason"] == "pickup_other_goods"
               for p in result.problems)


def test_pickup_tops_up_same_goods_cc_co_pickup_01(game: Game) -> None:
    convoy = trader(game, BRACKWATER, cargo="cloth", amount=2)
    run_clan_turn(game, convoy.owner, "[CONVOY 1]\nPICKUP\n")
    assert convoy.cargo == convoy_stats.cargo_capacity(convoy, game.rules)


def test_pickup_refused_while_hidden_cc_co_pickup_01(game: Game) -> None:
    convoy = trader(game, BRACKWATER)
    convoy.hidden = True
    result = run_clan_turn(game, convoy.owner, "[CONVOY 1]\nPICKUP\n")
    assert convoy.cargo == 0
    assert any(p.facts.get("reason") == "pickup_hidden" for p in result.problems)


def test_hostile_city_refuses_trade_without_merchant_cc_city_06(game: Game) -> None:
    convoy = trader(game, ARDMOOR)
    game.city(ARDMOOR).hostile_to.append(convoy.owner)
    result = run_clan_turn(game, convoy.owner, "[CONVOY 1]\nPICKUP\n")
    assert convoy.cargo == 0
    assert any(p.facts.get("reason") == "trade_hostile" for p in result.problems)


def test_merchant_trades_at_hostile_and_banning_cities_cc_city_08(game: Game) -> None:
    convoy = trader(game, ARDMOOR)
    convoy.experts.append("MER")
    city = game.city(ARDMOOR)
    city.owner = other_clan(game)
    game.clan(city.owner).bans.append(convoy.owner)
    run_clan_turn(game, convoy.owner, "[CONVOY 1]\nPICKUP\n")
    assert convoy.cargo_type == "milk" and convoy.cargo > 0


def test_banned_city_refuses_goods_cc_city_07(game: Game) -> None:
    convoy = trader(game, ARDMOOR)
    city = game.city(ARDMOOR)
    city.owner = other_clan(game)
    game.clan(city.owner).bans.append(convoy.owner)
    result = run_clan_turn(game, convoy.owner, "[CONVOY 1]\nPICKUP\n")
    assert convoy.cargo == 0
    assert any(p.facts.get("reason") == "trade_banned" for p in result.problems)


def test_dropoff_in_own_city_pays_price_and_own_kickback_cc_co_dropoff_02(game: Game) -> None:
    convoy = trader(game, BRACKWATER, cargo="milk", amount=10)
    clan = game.clan(convoy.owner)
    before = clan.stock.money
    price = game.state.goods_prices["milk"]
    run_clan_turn(game, convoy.owner, "[CONVOY 1]\nDROPOFF\n")
    value = price * 10
    assert convoy.cargo == 0 and convoy.cargo_type == ""
    assert clan.stock.money == before + clan.last_turn.income["money"] + value + value // 10
    assert [(f["value"], f["kickback"], f["own_city"])
            for f in facts_of(game, convoy.owner, "goods_sale")] == [(value, value // 10, 1)]


def test_dropoff_in_other_clans_city_pays_owner_20pct_with_marketplace_cc_city_23(
        game: Game) -> None:
    convoy = trader(game, BRACKWATER, cargo="milk", amount=10)
    city = game.city(BRACKWATER)
    owner = game.clan(other_clan(game))
    city.owner = owner.number
    city.buildings.append("MAR")
    seller = game.clan(convoy.owner)
    before_owner, before_seller = owner.stock.money, seller.stock.money
    value = game.state.goods_prices["milk"] * 10
    run_clan_turn(game, convoy.owner, "[CONVOY 1]\nDROPOFF\n")
    assert owner.stock.money == before_owner + value * 20 // 100
    assert seller.stock.money == before_seller + seller.last_turn.income["money"] + value
    assert [(e.actor, e.facts["kickback"]) for e in owner.inbox if e.kind == "kickback"] == [
        (convoy.owner, value * 20 // 100)]


def test_dropoff_in_uncontrolled_city_pays_no_kickback_cc_city_23(game: Game) -> None:
    convoy = trader(game, CARROW, cargo="milk", amount=4)
    seller = game.clan(convoy.owner)
    before = seller.stock.money
    run_clan_turn(game, convoy.owner, "[CONVOY 1]\nDROPOFF\n")
    assert seller.stock.money == (before + seller.last_turn.income["money"]
                                  + game.state.goods_prices["milk"] * 4)


def test_dropoff_of_goods_the_city_does_not_need_fails_cc_co_dropoff_01(game: Game) -> None:
    convoy = trader(game, BRACKWATER, cargo="gems", amount=5)
    result = run_clan_turn(game, convoy.owner, "[CONVOY 1]\nDROPOFF\n")
    assert convoy.cargo == 5
    assert any(p.facts.get("reason") == "needs_other" and p.facts["needs"] == "milk"
               and p.facts["goods"] == "gems" for p in result.problems)


def test_fuel_carried_from_an_early_save_is_refused_not_sold_cc_city_22(game: Game) -> None:
    """Cargo is one goods type (CC-CITY-22): fuel in the hold (saves of version 0 allowed it)
    is refused by DROPOFF in words, even at a city that takes anything, and the turn goes on."""
    convoy = trader(game, CARROW, cargo="fuel", amount=5)
    result = run_clan_turn(game, convoy.owner, "[CONVOY 1]\nDROPOFF\n")
    assert convoy.cargo == 5
    assert any(p.facts.get("reason") == "dropoff_not_goods" and p.facts["goods"] == "fuel"
               for p in result.problems)


def test_anything_city_refuses_only_its_own_goods_cc_city_24(game: Game) -> None:
    convoy = trader(game, CARROW, cargo="alcohol", amount=5)
    result = run_clan_turn(game, convoy.owner, "[CONVOY 1]\nDROPOFF\nDUMP\nPICKUP\n")
    assert any(p.facts.get("reason") == "needs_anything_but" and p.facts["produces"] == "alcohol"
               for p in result.problems)
    assert convoy.cargo_type == "alcohol"  # dumped, then picked up fresh alcohol


def test_anything_city_buys_other_goods_cc_city_24(game: Game) -> None:
    convoy = trader(game, CARROW, cargo="gems", amount=5)
    run_clan_turn(game, convoy.owner, "[CONVOY 1]\nDROPOFF\n")
    assert convoy.cargo == 0


def test_dump_throws_cargo_away_cc_co_dump_01(game: Game) -> None:
    convoy = trader(game, "0307", cargo="steel", amount=7)
    money = game.clan(convoy.owner).stock.money
    run_clan_turn(game, convoy.owner, "[CONVOY 1]\nDUMP\n")
    assert (convoy.cargo, convoy.cargo_type) == (0, "")
    assert game.clan(convoy.owner).stock.money == money + \
        game.clan(convoy.owner).last_turn.income["money"]
    assert [(f["amount"], f["goods"]) for f in facts_of(game, convoy.owner, "goods_dump")] == [
        (7, "steel")]


def test_merchant_sells_on_entering_a_city_that_needs_the_cargo_cc_co_dropoff_03(
        game: Game) -> None:
    start = next(h for _, h in game.map.neighbors(BRACKWATER)
                 if movement.entry_problem(game, "land", h, BRACKWATER) is None)
    convoy = trader(game, start, cargo="milk", amount=6)
    convoy.experts.append("MER")
    run_clan_turn(game, convoy.owner, f"[CONVOY 1]\n{BRACKWATER}\n")
    assert convoy.hex == BRACKWATER and convoy.cargo == 0
    sale = [e for e in game.clan(convoy.owner).last_turn.events if e.kind == "goods_sale"]
    assert sale and sale[0].rule == "CC-CO-DROPOFF-03"


def test_merchant_carries_15pct_more_cargo_cc_cnv_45(game: Game) -> None:
    convoy = trader(game, BRACKWATER)
    convoy.vehicles = {"truck": 10}
    plain = convoy_stats.cargo_capacity(convoy, game.rules)
    convoy.experts.append("MER")
    assert convoy_stats.cargo_capacity(convoy, game.rules) == plain * 115 // 100


def test_goods_orders_parse_with_abbreviations_cc_co_pickup_01(game: Game) -> None:
    sheet = parse_sheet("[CONVOY 1]\nPI\nDR\nDU\n", game.rules)
    assert not sheet.problems
    names = [type(line.order).__name__ for line in sheet.convoy_lines(1)]
    assert names == ["PickupGoods", "Dropoff", "Dump"]
