"""Convoy rules a player notices: types, morale, training, health, size, experts, selling, HIDE."""

from __future__ import annotations

import pytest

from conquest_tui.engine.convoys import condition, convoy_stats, convoys, movement
from conquest_tui.engine.core import rng
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.orderbook.hexes import fish_yield
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.event_text import problem_text
from conquest_tui.engine.world import goods

HOME = "0308"  # Brackwater: the first Clan's city; swamp, river mouth, roads N and NE
NORTH = "0307"  # plains, by road from HOME
ARDMOOR = "0402"  # produces milk, needs wool


def me(game: Game) -> int:
    return game.state.active_clan


def mine(game: Game) -> int:
    """The first Clan to play, whose city is HOME."""
    return game.state.clan_order[0]


def first(game: Game) -> Convoy:
    convoy = game.convoy(mine(game), 1)
    assert convoy is not None
    return convoy


def second(game: Game, convoy_type: str = "land", *, experts: tuple[str, ...] = ()) -> Convoy:
    """A second convoy of the active Clan at HOME: not hidden, created long ago."""
    convoy = convoys.create_convoy(game, mine(game), 2, HOME, convoy_type, hidden=False)
    convoy.created_turn = 0
    convoy.experts = list(experts)
    return convoy


def events(game: Game, kind: str, clan: int = 0) -> list[Event]:
    clan = clan or mine(game)
    return [e for e in game.clan(clan).last_turn.events if e.kind == kind]


def problems(game: Game, clan: int) -> list[str]:
    return [p.code for p in game.clan(clan).last_turn.problems]


def income(game: Game, clan: int, item: str) -> int:
    return game.clan(clan).last_turn.income.get(item, 0)


def bare(vehicles: dict[str, int], convoy_type: str = "land", **fields: object) -> Convoy:
    return Convoy(owner=1, number=1, name="x", convoy_type=convoy_type, hex="0101",
                  vehicles=vehicles, **fields)  # type: ignore[arg-type]


# --- types and vehicles ----------------------------------------------------------------------

def test_five_types_and_vehicles_only_of_the_convoys_type_cc_cnv_01(quiet: Game) -> None:
    """CC-CNV-01: five types; a sea vehicle bought for a land convoy is refused, nothing paid."""
    rules = quiet.rules
    assert set(rules.convoy_types) == {"land", "sea", "amphibious", "military", "air"}
    for kind in rules.convoy_types:
        assert sum(v.convoy_type == kind for v in rules.vehicles.values()) == 5
    clan = me(quiet)
    money = quiet.clan(clan).stock.money
    run_clan_turn(quiet, clan, "[PRE]\nBUY 1 MOTORBOAT #1\n")
    assert first(quiet).vehicles == {"bike": 2, "car": 1}
    assert "wrong_type" in problems(quiet, clan)
    assert quiet.clan(clan).stock.money == money + income(quiet, clan, "money")


def test_buy_vehicles_anywhere_delivered_at_once_cc_cnv_09(quiet: Game) -> None:
    """CC-CNV-09: two cars reach convoy #1 far from any city; a jeep (military) does not."""
    clan = me(quiet)
    convoy = first(quiet)
    quiet.move_convoy(convoy, "0606")
    assert quiet.city(convoy.hex) is None
    stock = quiet.clan(clan).stock
    money = stock.money
    run_clan_turn(quiet, clan, "[PRE]\nBUY 2 CARS #1\nBUY 1 JEEP #1\n")
    assert convoy.vehicles == {"bike": 2, "car": 3}
    assert stock.money == money + income(quiet, clan, "money") - 2 * 7_500
    assert [(e.convoy, e.facts["vehicle"], e.facts["quantity"]) for e in events(quiet, "buy")
            ] == [(1, "car", 2)]
    assert problems(quiet, clan) == ["wrong_type"]


def test_military_created_only_with_armory_and_moves_like_land_cc_cnv_05(quiet: Game) -> None:
    """CC-CNV-05: CREATE MILITARY fails without an Armory, works with one (2 jeeps); land rules."""
    clan = me(quiet)
    run_clan_turn(quiet, clan, f"[PRE]\nCREATE {HOME} MILITARY\n")
    assert quiet.convoy(clan, 2) is None and "cannot_create" in problems(quiet, clan)
    run_clan_turn(quiet, me(quiet), "")
    quiet.city(HOME).buildings.append("ARM")
    run_clan_turn(quiet, clan, f"[PRE]\nCREATE {HOME} MILITARY\n")
    created = quiet.convoy(clan, 2)
    assert created is not None and created.convoy_type == "military"
    assert created.vehicles == {"jeep": 2}
    world = quiet.map
    for origin in world.hex_ids():
        for _, target in world.neighbors(origin):
            land = movement.entry_problem(quiet, "land", origin, target) is None
            military = movement.entry_problem(quiet, "military", origin, target) is None
            assert land == military, (origin, target)


# --- morale ----------------------------------------------------------------------------------

def test_new_convoy_starts_at_30_morale_cc_cnv_15(quiet: Game) -> None:
    """CC-CNV-15, CC-CNV-21: a convoy created by CREATE starts with morale and training 30."""
    clan = me(quiet)
    run_clan_turn(quiet, clan, f"[PRE]\nCREATE {HOME} LAND \"Fresh\"\n")
    created = quiet.convoy(clan, 2)
    assert created is not None and created.name == "Fresh"
    decay = quiet.rules.morale.decay
    assert decay.low <= 30 - created.morale <= decay.high  # 30, less this turn's decay
    assert created.training == 30


def test_celebrate_and_rec_center_raise_morale_cc_cnv_18(quiet: Game) -> None:
    """CC-CNV-18: CELEBRATE +10–15 in a friendly city; a Rec Center visit +5–10."""
    clan = me(quiet)
    convoy = first(quiet)
    convoy.troops = convoy_stats.troop_capacity(convoy, quiet.rules)
    run_clan_turn(quiet, clan, "[CONVOY 1]\nCELEBRATE\n")
    [celebrated] = events(quiet, "celebrate")
    assert 10 <= int(celebrated.facts["gain"]) <= 15
    run_clan_turn(quiet, me(quiet), "")
    quiet.hex(NORTH).special = "REC"
    quiet.hex(NORTH).owner = clan
    before = convoy.morale
    run_clan_turn(quiet, clan, f"[CONVOY 1]\n{NORTH}\n")
    [relaxed] = events(quiet, "rec_center")
    gain = int(relaxed.facts["gain"])
    assert 5 <= gain <= 10
    assert relaxed.facts["morale"] == before + gain


# --- training --------------------------------------------------------------------------------

def test_buying_a_truck_dilutes_training_by_size_cc_cnv_22(quiet: Game) -> None:
    """CC-CNV-22, AMB-39: size 5 → 23 with a truck: training 30 × 5 / 23 = 6."""
    clan = me(quiet)
    convoy = first(quiet)
    run_clan_turn(quiet, clan, "[PRE]\nBUY 1 TRUCK #1\n")
    assert convoy.training == 6
    assert [e.facts["training"] for e in events(quiet, "buy")] == [6]
    doubled = bare({"car": 2}, training=60)
    convoys.add_vehicles(quiet, doubled, "car", 2)  # doubling the size halves training
    assert doubled.training == 30


def test_training_cuts_food_fuel_and_parts_cc_cnv_24(quiet: Game) -> None:
    """CC-CNV-24, AMB-25: training 80 (10 steps above 30): 100 troops eat 90 food, parts −10%."""
    clan = me(quiet)
    stock = quiet.clan(clan).stock
    convoy = first(quiet)
    stock.troops = 0
    convoy.vehicles = {"truck": 5}
    convoy.troops = 100
    convoy.training = 80
    stock.food = 1000
    run_clan_turn(quiet, clan, "")
    assert 1000 + income(quiet, clan, "food") - stock.food == 90
    convoy.parts_factor = 1.0
    convoy.training = 30
    plain = movement.parts_base(quiet, convoy)
    plain_fuel = movement.move_fuel(quiet, convoy, HOME, "0407")
    convoy.training = 80
    assert movement.parts_base(quiet, convoy) == pytest.approx(plain * 0.9)
    assert movement.move_fuel(quiet, convoy, HOME, "0407") < plain_fuel
    convoy.training = 0  # 6 steps below: +6%
    assert movement.parts_base(quiet, convoy) == pytest.approx(plain * 1.06)


# --- health ----------------------------------------------------------------------------------

def test_below_75_health_troops_desert_and_none_picked_up_cc_cnv_30(quiet: Game) -> None:
    """CC-CNV-30, AMB-88: at 70% health in its own city the troops desert; weapons stay aboard."""
    clan = me(quiet)
    convoy = first(quiet)
    stock = quiet.clan(clan).stock
    convoy.health = 70
    convoy.troops = 5
    convoy.rifles = 1
    troops = stock.troops
    run_clan_turn(quiet, clan, "")
    assert convoy.troops == 0 and convoy.rifles == 1
    assert stock.troops == troops  # nobody was picked up from the pool
    [deserted] = events(quiet, "sick_desertion")
    assert (deserted.facts["health"], deserted.facts["lost"]) == (70, 5)
    assert not events(quiet, "pickup")


def test_healthy_enough_convoy_keeps_troops_at_75_cc_cnv_30(quiet: Game) -> None:
    """CC-CNV-30: exactly 75% is not below 75%: troops stay and pickup works."""
    clan = me(quiet)
    convoy = first(quiet)
    convoy.health = 75
    convoy.troops = 2
    run_clan_turn(quiet, clan, "")
    assert convoy.troops == convoy_stats.troop_capacity(convoy, quiet.rules)
    assert not events(quiet, "sick_desertion")


def test_less_than_3_health_lost_changes_no_food_cc_cnv_32(quiet: Game) -> None:
    """CC-CNV-32: at 100% and at 99% (no full 3 points lost) 100 troops eat 100 food a turn."""
    clan = me(quiet)
    stock = quiet.clan(clan).stock
    convoy = first(quiet)
    stock.troops = 0
    convoy.vehicles = {"truck": 5}
    convoy.troops = 100
    stock.food = 1000
    convoy.health = 100
    run_clan_turn(quiet, clan, "")
    assert 1000 + income(quiet, clan, "food") - stock.food == 100
    run_clan_turn(quiet, me(quiet), "")
    convoy.health = 99  # less than a full 3 points: no change
    assert quiet.rules.consumption.health_points_per_percent == 3
    before = stock.food
    run_clan_turn(quiet, clan, "")
    assert before + income(quiet, clan, "food") - stock.food == 100


def test_food_rises_with_lost_health_cc_cnv_32(quiet: Game) -> None:
    """CC-CNV-32: health 76 (8 steps of 3 below 100): 100 troops eat 108 food a turn."""
    clan = me(quiet)
    stock = quiet.clan(clan).stock
    convoy = first(quiet)
    stock.troops = 0
    convoy.vehicles = {"truck": 5}
    convoy.troops = 100
    convoy.health = 76
    stock.food = 1000
    run_clan_turn(quiet, clan, "")
    assert 1000 + income(quiet, clan, "food") - stock.food == 108


# --- parts, size, capacities, strength -------------------------------------------------------

def test_parts_vary_by_turn_and_grow_with_vehicle_size_cc_cnv_37(quiet: Game) -> None:
    """CC-CNV-37, AMB-28: a turn factor 0.8–1.2 rolled each turn; a truck needs more than a car."""
    clan = me(quiet)
    convoy = first(quiet)
    factors = []
    for _ in range(4):
        run_clan_turn(quiet, clan, "")
        factors.append(convoy.parts_factor)
        run_clan_turn(quiet, me(quiet), "")
    assert all(0.8 <= factor <= 1.2 for factor in factors)
    assert len(set(factors)) > 1
    per_vehicle = {}
    for key in ("bike", "car", "van", "bus", "truck"):
        single = bare({key: 1}, parts_factor=1.0)
        per_vehicle[key] = movement.parts_base(quiet, single)
    assert list(per_vehicle.values()) == sorted(per_vehicle.values())
    assert per_vehicle["truck"] > per_vehicle["car"] > per_vehicle["bike"]


def test_size_drives_fishing_parts_and_dilution_cc_cnv_43(rules: Ruleset, quiet: Game) -> None:
    """CC-CNV-43, CC-CO-FISH-02: size sets the FISH catch (max 50), the parts bill, dilution."""
    boats = bare({"motorboat": 2, "jetski": 1}, "sea")  # size 7
    assert convoy_stats.size(boats, rules) == 7
    assert fish_yield(quiet, boats) == 7
    assert fish_yield(quiet, bare({"warship": 4}, "sea")) == 50  # size 72, capped
    small, large = bare({"car": 1}, parts_factor=1.0), bare({"car": 4}, parts_factor=1.0)
    assert movement.parts_base(quiet, large) == pytest.approx(4 * movement.parts_base(quiet,
                                                                                      small))
    large.training = 40
    convoys.add_vehicles(quiet, large, "bike", 3)  # size 12 → 15
    assert large.training == 32


def test_troop_capacity_politician_priest_empty_cc_cnv_44(rules: Ruleset) -> None:
    """CC-CNV-44: 3 cars = 9 troops; ×1.15 → 10 (rounded down); ×1.30 → 11; Empty mode 0."""
    convoy = bare({"car": 3})
    assert convoy_stats.troop_capacity(convoy, rules) == 9
    convoy.experts = ["POL"]
    assert convoy_stats.troop_capacity(convoy, rules) == 10
    convoy.experts = ["POL", "PRI"]
    assert convoy_stats.troop_capacity(convoy, rules) == 11
    convoy.experts = ["PRI"]
    assert convoy_stats.troop_capacity(convoy, rules) == 9
    convoy.mode = "empty"
    assert convoy_stats.troop_capacity(convoy, rules) == 0


def test_combat_strength_gunner_pilot_not_morale_cc_cnv_46_cc_cnv_57(rules: Ruleset) -> None:
    """CC-CNV-46, CC-CNV-57: truck 52 + 20 troops + 2 rockets × 20 = 112; Gunner +10% → 123."""
    convoy = bare({"truck": 1}, troops=20, rockets=2)
    assert convoy_stats.combat_strength(convoy, rules) == 112
    convoy.morale, convoy.training = 90, 90
    assert convoy_stats.combat_strength(convoy, rules) == 112
    convoy.experts = ["GUN"]
    assert convoy_stats.combat_strength(convoy, rules) == 123
    convoy.experts = ["PIL"]  # a Pilot helps air convoys only
    assert convoy_stats.combat_strength(convoy, rules) == 112
    jets = bare({"jet": 1}, "air", troops=12, experts=["GUN", "PIL"])
    assert convoy_stats.combat_strength(jets, rules) == (73 + 12) * 120 // 100


# --- experts ---------------------------------------------------------------------------------

def test_dealer_buys_his_convoys_rations_at_double_price_cc_cnv_53(quiet: Game) -> None:
    """CC-CNV-53, CC-RES-15: no food anywhere; the Dealer's convoy eats, at twice the price."""
    clan = me(quiet)
    stock = quiet.clan(clan).stock
    for hex_state in quiet.state.hexes:
        hex_state.food = 0
    stock.food = stock.troops = 0
    first(quiet).troops = 0
    dealer = second(quiet, experts=("DEA",))
    dealer.vehicles = {"truck": 1}
    dealer.troops = 20
    money = stock.money
    price = quiet.state.prices["food"] * 2
    run_clan_turn(quiet, clan, "")
    bought = events(quiet, "dealer")
    assert bought and all(e.facts["purpose"] == "its troops' rations" for e in bought)
    units = sum(int(e.facts["amount"]) for e in bought)
    assert units == 20  # 20 troops × 1 food a turn
    assert dealer.troops == 20
    assert stock.money == money + income(quiet, clan, "money") - units * price


def test_merchant_cargo_autosale_and_hostile_trade_cc_cnv_58(quiet: Game) -> None:
    """CC-CNV-58: +15% cargo; sells milk on entering Brackwater; loads at a hostile city."""
    clan = me(quiet)
    convoy = first(quiet)
    convoy.vehicles = {"truck": 10}
    plain = convoy_stats.cargo_capacity(convoy, quiet.rules)
    convoy.experts = ["MER"]
    assert convoy_stats.cargo_capacity(convoy, quiet.rules) == plain * 115 // 100
    quiet.move_convoy(convoy, ARDMOOR)
    quiet.city(ARDMOOR).hostile_to.append(clan)
    run_clan_turn(quiet, clan, "[CONVOY 1]\nPICKUP\n")
    assert convoy.cargo_type == "milk" and convoy.cargo == plain * 115 // 100
    run_clan_turn(quiet, me(quiet), "")
    quiet.move_convoy(convoy, NORTH)
    run_clan_turn(quiet, clan, f"[CONVOY 1]\n{HOME}\n")
    assert convoy.hex == HOME and convoy.cargo == 0
    assert len(events(quiet, "goods_sale")) == 1
    convoy.cargo_type, convoy.cargo, convoy.hidden = "milk", 5, True
    assert goods.dropoff_problem(quiet, convoy) is not None  # no sale while in hiding


# --- destroying convoys ----------------------------------------------------------------------

def test_sell_convoy_half_value_troops_weapons_home_experts_lost_cc_cnv_71(quiet: Game) -> None:
    """CC-CNV-71, CC-CL-SELL-02: 2 bikes + 1 car + 1 truck fetch $26,250; the rest comes home."""
    clan = me(quiet)
    stock = quiet.clan(clan).stock
    convoy = second(quiet, experts=("MER", "GUN"))
    convoy.vehicles = {"bike": 2, "car": 1, "truck": 1}
    convoy.troops, convoy.rifles, convoy.grenades = 12, 1, 2
    money, troops, rifles, grenades = stock.money, stock.troops, stock.rifles, stock.grenades
    run_clan_turn(quiet, clan, "[PRE]\nSELL CONVOY #2\n")
    assert quiet.convoy(clan, 2) is None
    assert stock.money == money + income(quiet, clan, "money") + 26_250
    assert (stock.rifles, stock.grenades) == (rifles + 1, grenades + 2)
    picked = first(quiet).troops - 5
    assert stock.troops == troops + 12 - picked
    assert [(e.convoy, e.facts["value"]) for e in events(quiet, "sell_convoy")] == [(2, 26_250)]


def test_absorb_and_zero_morale_remove_convoys_cc_cnv_73(quiet: Game) -> None:
    """CC-CNV-73, CC-CNV-17: ABSORB removes the absorbed convoy; a turn at zero morale disbands."""
    clan = me(quiet)
    second(quiet)
    run_clan_turn(quiet, clan, "[CONVOY 1]\nABSORB 2\n")
    assert quiet.convoy(clan, 2) is None
    assert first(quiet).vehicles == {"bike": 4, "car": 2}
    convoy = first(quiet)
    convoy.morale = 0
    convoy.zero_morale_turns = 1
    close = condition.close_morale(convoy, quiet.rules, rng.rng_for("x", 1))
    assert close.disbands


# --- hiding ----------------------------------------------------------------------------------

def test_hide_is_not_an_order_and_the_sheet_goes_on_cc_cnv_79(quiet: Game) -> None:
    """CC-CNV-79: HIDE is refused with a reason, the convoy stays visible, its move still runs."""
    clan = me(quiet)
    convoy = first(quiet)
    result = run_clan_turn(quiet, clan, f"[CONVOY 1]\nHIDE\n{NORTH}\n")
    assert convoy.hex == NORTH and not convoy.hidden
    [problem] = [p for p in result.problems if p.code == "hide"]
    assert problem.line == 2 and "no voluntary hiding" in problem_text(problem)


def test_the_sheet_checker_knows_convoys_the_sheet_creates_and_sells_cc_cl_create_01(
        quiet: Game) -> None:
    """CC-CL-CREATE-01, CC-CNV-70: a section for the convoy the same sheet CREATEs is checked as
    that new convoy (it cannot move this turn), not reported as a convoy the Clan lacks; a
    section for a convoy the sheet sells first is flagged."""
    from conquest_tui.engine.play.checker import check_sheet

    clan = mine(quiet)
    sheet = (f"[PRE]\nCREATE {HOME} LAND \"Fresh\"\n[CONVOY 2]\nN\n")
    problems = check_sheet(quiet, clan, sheet)
    assert [(p.line, p.code) for p in problems] == [(4, "new_convoy")]
    result = run_clan_turn(quiet, clan, sheet)
    created = quiet.convoy(clan, 2)
    assert created is not None and created.name == "Fresh"
    assert [p.code for p in result.problems if p.line == 4] == ["new_convoy"]

    sold = check_sheet(quiet, clan, "[PRE]\nSELL CONVOY 1\n[CONVOY 1]\nPAUSE\n")
    assert [(p.line, p.code) for p in sold] == [(4, "no_convoy")]
    assert "a line before this one sells" in problem_text(sold[0])
