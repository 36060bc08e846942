"""A player turn on test_small: phases, clan orders, moves, fuel, capture, loot, food, parts."""

from __future__ import annotations

import pytest

from conquest_tui.engine.convoys import movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.orders.sheet import OrderSheet
from conquest_tui.engine.phases import maintenance
from conquest_tui.engine.play.turn import PHASES, NotYourTurnError, run_clan_turn
from conquest_tui.engine.sentences.event_text import event_text


def first(game: Game) -> int:
    return game.state.active_clan


def land_step(game: Game, clan: int) -> tuple[str, str]:
    """A direction convoy #1 can legally move in, and the hex it leads to."""
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    for direction, target in game.map.neighbors(convoy.hex):
        if movement.entry_problem(game, convoy.convoy_type, convoy.hex, target) is None:
            return direction, target
    raise AssertionError("convoy #1 has nowhere to go")


def test_cc_seq_02_phases_in_rulebook_order() -> None:
    assert [p.key for p in PHASES] == ["income", "pre", "pickup", "pulses", "post",
                                       "maintenance", "close"]


def test_cc_seq_01_turn_refused_when_not_your_turn(game: Game) -> None:
    other = game.state.clan_order[1]
    with pytest.raises(NotYourTurnError, match="turn"):
        run_clan_turn(game, other, "")


def test_cc_seq_03_income_adds_hex_and_city_production(game: Game) -> None:
    clan = first(game)
    before = game.clan(clan).stock.money
    run_clan_turn(game, clan, "")
    income = game.clan(clan).last_turn.income
    assert income["money"] > 0
    assert game.clan(clan).stock.money == before + income["money"]


def test_cc_cl_buyv_01_buy_2_bikes_for_convoy_1(game: Game) -> None:
    clan = first(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    bikes = convoy.vehicles.get("bike", 0)
    run_clan_turn(game, clan, "[PRE]\nBUY 2 BIKES #1\n")
    assert convoy.vehicles["bike"] == bikes + 2
    assert any(e.kind == "buy" and e.line == 2 for e in game.clan(clan).last_turn.events)


def test_cc_cl_buyv_03_added_vehicles_dilute_training(game: Game) -> None:
    clan = first(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.training = 60
    run_clan_turn(game, clan, "[PRE]\nBUY 1 TRUCK #1\n")  # size 5 → 23
    assert convoy.training == 60 * 5 // 23


def test_cc_cl_buys_02_buy_fuel_at_market_price(game: Game) -> None:
    clan = first(game)
    stock = game.clan(clan).stock
    run_clan_turn(game, clan, "[PRE]\nBU 100 FUEL\n")
    income = game.clan(clan).last_turn.income
    assert stock.fuel == 300 + income.get("fuel", 0) + 100


def test_cc_cl_enlist_01_enlist_troops(game: Game) -> None:
    clan = first(game)
    run_clan_turn(game, clan, "[PRE]\nENLIST 20\n[POST]\nENLIST 5\n")
    assert any(e.kind == "enlist" and e.line == 2 for e in game.clan(clan).last_turn.events)
    assert any(e.kind == "enlist" and e.line == 4 for e in game.clan(clan).last_turn.events)


def test_cc_cl_create_04_new_convoy_is_hidden_and_cannot_move(game: Game) -> None:
    clan = first(game)
    home = game.convoy(clan, 1).hex  # type: ignore[union-attr]
    direction, _ = land_step(game, clan)
    run_clan_turn(game, clan, f"[PRE]\nCREATE {home} LAND \"Scouts\"\n[CONVOY 2]\n{direction}\n")
    convoy = game.convoy(clan, 2)
    assert convoy is not None and convoy.hidden and convoy.name == "Scouts"
    assert convoy.hex == home
    assert any(p.code == "new_convoy" for p in game.clan(clan).last_turn.problems)


def test_cc_co_move_03_move_spends_fuel_and_enters_hex(game: Game) -> None:
    clan = first(game)
    direction, target = land_step(game, clan)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    fuel = movement.move_fuel(game, convoy, convoy.hex, target)
    run_clan_turn(game, clan, f"[CONVOY 1]\n{direction}\n")
    assert convoy.hex == target
    moved = [e for e in game.clan(clan).last_turn.events if e.kind == "move"]
    assert moved and moved[0].line == 2 and moved[0].pulse == 1
    assert moved[0].facts["fuel"] == fuel and moved[0].facts["hex"] == target


def test_cc_res_08_no_fuel_no_move_nothing_spent(game: Game) -> None:
    clan = first(game)
    direction, _ = land_step(game, clan)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    home = convoy.hex
    hexes = game.state.hexes
    for hex_state in hexes:
        hex_state.fuel = 0
    game.clan(clan).stock.fuel = 0
    run_clan_turn(game, clan, f"[CONVOY 1]\n{direction}\n")
    assert convoy.hex == home
    assert game.clan(clan).stock.fuel == 0
    assert any(p.code == "no_fuel" and p.line == 2 for p in game.clan(clan).last_turn.problems)


def test_cc_move_04_land_convoy_cannot_enter_water(game: Game) -> None:
    clan = first(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    water = next((h for h in game.map.hex_ids() if game.map.is_water(h)), None)
    assert water is not None
    problem = movement.entry_problem(game, "land", convoy.hex, water)
    assert problem is not None
    assert problem.code == "water" or not hexgrid.are_adjacent(convoy.hex, water)


def test_cc_move_02_moves_beyond_allowance_fail(game: Game) -> None:
    clan = first(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    game.clan(clan).stock.fuel = 10_000
    a, b = land_step(game, clan)
    back = hexgrid.opposite(a)
    sheet = "[CONVOY 1]\n" + "\n".join([a, back] * 4) + "\n"
    run_clan_turn(game, clan, sheet)
    assert convoy.moves_made == 5  # 1 car + 2 bikes: not all scouts (CC-CNV-10)
    assert sum(p.code == "no_moves" for p in game.clan(clan).last_turn.problems) == 3


def test_cc_cbh_06_capture_mode_takes_weak_hex(game: Game) -> None:
    clan = first(game)
    direction, target = land_step(game, clan)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.troops = 5
    game.clan(clan).stock.troops = 0
    hex_state = game.hex(target)
    hex_state.owner, hex_state.defense, hex_state.garrison = 0, 1, 0
    run_clan_turn(game, clan, f"[CONVOY 1]\n{direction}\n")
    assert hex_state.owner == clan
    assert 1 <= 5 - convoy.troops <= 4  # level 1 needs 1–4 (AMB-42: exactly R lost)


def test_cc_co_mode_01_recon_does_not_capture(game: Game) -> None:
    clan = first(game)
    direction, target = land_step(game, clan)
    hex_state = game.hex(target)
    hex_state.owner, hex_state.defense, hex_state.garrison = 0, 1, 0
    run_clan_turn(game, clan, f"[CONVOY 1]\nRECON\n{direction}\n")
    assert hex_state.owner != clan
    assert game.convoy(clan, 1).mode == "recon"  # type: ignore[union-attr]


def test_amb_51_empty_mode_returns_troops_to_stockpile(game: Game) -> None:
    clan = first(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    aboard = convoy.troops
    assert aboard > 0
    pool = game.clan(clan).stock.troops
    run_clan_turn(game, clan, "[CONVOY 1]\nEMPTY\n")
    assert convoy.troops == 0 and convoy.mode == "empty"
    assert game.clan(clan).stock.troops >= pool + aboard - 1  # minus any hungry deserter


def test_cc_hex_40_loot_once_per_hex(game: Game) -> None:
    clan = first(game)
    run_clan_turn(game, clan, "[CONVOY 1]\nLOOT\nLO\n")
    kinds = [e.kind for e in game.clan(clan).last_turn.events if e.kind.startswith("loot")]
    assert kinds == ["loot", "loot_empty"]


def test_cc_seq_08_unfed_troops_desert(game: Game) -> None:
    clan = first(game)
    game.clan(clan).stock.troops = 500
    for hex_state in game.state.hexes:
        hex_state.food = 0
    game.clan(clan).stock.food = 0
    run_clan_turn(game, clan, "")
    assert game.clan(clan).stock.troops < 500
    assert any(e.kind == "desertion" for e in game.clan(clan).last_turn.events)


def test_cc_cnv_40_parts_shortage_scraps_smallest_vehicle_first(game: Game) -> None:
    clan = first(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    game.clan(clan).stock.fuel = 10_000
    for hex_state in game.state.hexes:
        hex_state.parts = hex_state.road_parts_bonus = 0
    game.clan(clan).stock.parts = 0
    a, _ = land_step(game, clan)
    run_clan_turn(game, clan, f"[CONVOY 1]\n{a}\n{hexgrid.opposite(a)}\n{a}\n")
    scrapped = [e for e in game.clan(clan).last_turn.events if e.kind == "scrapped"]
    assert scrapped and "bike" in scrapped[0].facts["scrapped"]
    assert convoy.vehicles.get("car") == 1


def test_cc_cnv_72_a_convoy_scrapped_to_nothing_takes_its_troops_with_it(game: Game) -> None:
    """Maintenance scraps every vehicle: the convoy disbands and its report names the troops
    lost with it (CC-CNV-40, CC-CNV-72: no compensation)."""
    clan = first(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.troops = 4
    convoy.parts_owed = 500.0  # far more than scrapping its car and bikes can pay
    game.clan(clan).stock.parts = game.clan(clan).stock.troops = 0  # nothing to pick up
    ctx = TurnContext(game=game, clan=game.clan(clan), sheet=OrderSheet())
    maintenance.run(ctx)
    events = ctx.events
    disband = next(e for e in events if e.kind == "disband")
    assert disband.facts["troops"] == 4 and disband.convoy == 1
    assert event_text(disband).endswith("the 4 troops aboard are lost.")
    assert game.convoy(clan, 1) is None and game.clan(clan).stock.troops == 0


def test_cc_pop_02_game_turn_end_recalculates_popularity(game: Game) -> None:
    for _ in range(2):
        run_clan_turn(game, game.state.active_clan, "")
    assert game.state.game_turn == 2
    for clan in game.state.clans:
        city = next(c for c in game.state.cities if c.owner == clan.number)
        assert clan.popularity == 100 + 1 + city.population // 10_000


