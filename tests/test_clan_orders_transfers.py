"""GIVE, ABSORB, SPLIT, CONVERT and CREATE between and of a Clan's convoys (CC-CL-GIVE, CC-CO-*)."""

from __future__ import annotations

import pytest

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn


def me(game: Game) -> int:
    return game.state.active_clan


def home(game: Game) -> str:
    convoy = game.convoy(me(game), 1)
    assert convoy is not None
    return convoy.hex


def second(game: Game, convoy_type: str = "land", hex_id: str = "") -> Convoy:
    """A second convoy of the active Clan, made directly (not hidden, created long ago)."""
    convoy = convoys.create_convoy(game, me(game), 2, hex_id or home(game), convoy_type,
                                   hidden=False)
    convoy.created_turn = 0
    return convoy


def events(game: Game, clan: int, kind: str) -> list[Event]:
    return [e for e in game.clan(clan).last_turn.events if e.kind == kind]


def problems(game: Game, clan: int) -> list[str]:
    return [p.code for p in game.clan(clan).last_turn.problems]


# --- GIVE -----------------------------------------------------------------------------------

def test_give_3_cars_from_convoy_2_to_1_in_same_hex_cc_cl_give_01(quiet: Game) -> None:
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    two = second(quiet)
    two.vehicles = {"bike": 1, "car": 3}
    run_clan_turn(quiet, clan, "[PRE]\nGIVE 3 CARS #2 #1\n")
    assert one is not None and one.vehicles["car"] == 4
    assert two.vehicles == {"bike": 1}
    assert [(e.facts["sender"], e.convoy, e.facts["given"], e.facts["quantity"],
             e.facts["vehicles"]) for e in events(quiet, clan, "give")] == [
        (2, 1, "vehicle", 3, "cars")]


def test_give_needs_both_convoys_in_the_same_hex_cc_cl_give_01(quiet: Game) -> None:
    clan = me(quiet)
    two = second(quiet)
    quiet.move_convoy(two, next(h for _, h in quiet.map.neighbors(home(quiet))))
    run_clan_turn(quiet, clan, "[PRE]\nGIVE 1 BIKE #2 #1\n")
    assert two.vehicles["bike"] == 2
    assert "cannot_give" in problems(quiet, clan)


def test_give_sea_vehicle_to_land_convoy_fails_cc_cl_give_02(quiet: Game) -> None:
    clan = me(quiet)
    boat = second(quiet, "sea")
    sheet = "[PRE]\nGIVE 1 MOTORBOAT #2 #1\n"
    assert any(p.code == "wrong_type" for p in check_sheet(quiet, clan, sheet))
    run_clan_turn(quiet, clan, sheet)
    assert boat.vehicles["motorboat"] == 1
    assert "cannot_give" in problems(quiet, clan)


def test_give_troops_within_capacity_but_not_to_empty_mode_cc_cl_give_02(quiet: Game) -> None:
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    two = second(quiet)
    assert one is not None
    quiet.clan(clan).stock.troops = 0
    one.troops, two.troops = 5, 1          # 1 car + 2 bikes hold 5 troops
    run_clan_turn(quiet, clan, "[PRE]\nGIVE 3 TROOPS 1 2\nGIVE 2 TROOPS 1 2\n")
    assert (one.troops, two.troops) == (2, 4)
    assert problems(quiet, clan).count("cannot_give") == 1
    quiet.state.turn_index = quiet.state.clan_order.index(clan)
    two.mode = "empty"
    run_clan_turn(quiet, clan, "[PRE]\nGIVE 1 TROOPS 1 2\n")
    assert "cannot_give" in problems(quiet, clan)


def test_give_more_troops_than_room_fails_and_moves_nothing_cc_cl_give_02(quiet: Game) -> None:
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    two = second(quiet)
    assert one is not None
    quiet.clan(clan).stock.troops = 0
    one.troops, two.troops = 7, 5
    run_clan_turn(quiet, clan, "[PRE]\nGIVE 3 TROOPS 1 2\n")
    assert (one.troops, two.troops) == (7, 5)
    assert "cannot_give" in problems(quiet, clan)


def test_give_rifles_and_cargo_one_kind_only_cc_cl_give_02(quiet: Game) -> None:
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    two = second(quiet)
    assert one is not None
    quiet.clan(clan).stock.troops = 0
    one.vehicles = {"truck": 2}
    two.vehicles = {"truck": 2}             # 40 troop spaces: room for 1 rifle
    one.rifles, one.cargo_type, one.cargo = 1, "milk", 6
    run_clan_turn(quiet, clan, "[PRE]\nGIVE 1 RIFLE 1 2\nGIVE 2 MILK 1 2\nGIVE 1 WOOL 1 2\n")
    assert (one.rifles, two.rifles) == (0, 1)
    assert (one.cargo, two.cargo_type, two.cargo) == (4, "milk", 2)
    assert "cannot_give" in problems(quiet, clan)   # no wool aboard convoy #1


def test_give_expert_no_duplicate_no_pilot_to_land_cc_cl_give_02(quiet: Game) -> None:
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    two = second(quiet)
    assert one is not None
    one.experts, two.experts = ["GUN", "PIL"], ["GUN"]
    one.kill_mode = "V"
    run_clan_turn(quiet, clan, "[PRE]\nGIVE 1 GUNNER 1 2\nGIVE PIL 1 2\n")
    assert one.experts == ["GUN", "PIL"] and two.experts == ["GUN"]
    assert problems(quiet, clan).count("cannot_give") == 2


def test_give_all_experts_moves_those_missing_and_resets_kill_mode_cc_cl_give_02(
        quiet: Game) -> None:
    """CC-CL-GIVE-02, CC-CNV-80: GIVE ALL EXPERTS 1 2; Kill Mode needs a Gunner."""
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    two = second(quiet)
    assert one is not None
    one.experts, two.experts = ["DOC", "ENG", "GUN"], ["ENG"]
    one.kill_mode = "T"
    run_clan_turn(quiet, clan, "[PRE]\nGIVE ALL EXPERTS 1 2\n")
    assert one.experts == ["ENG"] and two.experts == ["DOC", "ENG", "GUN"]
    assert one.kill_mode == "N"
    assert events(quiet, clan, "setting_reset")


def test_give_last_vehicles_disbands_the_giver_cc_cnv_72(quiet: Game) -> None:
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    two = second(quiet)
    assert one is not None
    two.vehicles = {"car": 1}
    run_clan_turn(quiet, clan, "[PRE]\nGIVE 1 CAR 2 1\n")
    assert quiet.convoy(clan, 2) is None
    assert one.vehicles["car"] == 2
    assert events(quiet, clan, "disband")


def test_give_all_troops_and_foreign_convoys_refused_cc_cl_give_03(quiet: Game) -> None:
    clan = me(quiet)
    sheet = parse_sheet("[PRE]\nGIVE ALL TROOPS 1 2\nGIVE 1 BIKE 1 7\n", quiet.rules)
    assert [p.code for p in sheet.problems] == ["give_all"]
    run_clan_turn(quiet, clan, sheet)
    assert "no_convoy" in problems(quiet, clan)


# --- ABSORB ---------------------------------------------------------------------------------

def test_absorb_averages_morale_and_training_takes_lowest_health_cc_co_absorb_03(
        quiet: Game) -> None:
    """CC-CO-ABSORB-01/02/03: 60 and 30 training → 45; health 100 and 75 → 75; duplicates lost."""
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    two = second(quiet)
    assert one is not None
    one.training, two.training = 60, 30
    one.morale, two.morale = 40, 20
    two.health = 75
    one.experts, two.experts = ["ENG"], ["ENG", "MER"]
    quiet.clan(clan).stock.troops = 0
    one.troops, two.troops = 0, 0
    run_clan_turn(quiet, clan, "[CONVOY 1]\nABSORB 2\n[CONVOY 2]\nPAUSE\nPAUSE\n")
    assert quiet.convoy(clan, 2) is None
    assert one.vehicles == {"bike": 4, "car": 2}
    assert one.training == 45 and one.health == 75
    assert one.experts == ["ENG", "MER"]
    assert any("Engineer" in e.facts["experts_lost"] for e in events(quiet, clan, "absorb"))
    paused = [e for e in quiet.clan(clan).last_turn.events if e.kind == "pause"]
    assert paused == []   # the absorbed convoy's remaining lines are ignored (CC-CO-ABSORB-02)


def test_absorb_needs_same_type_and_same_hex_cc_co_absorb_01(quiet: Game) -> None:
    clan = me(quiet)
    second(quiet, "sea")
    sheet = "[CONVOY 1]\nABSORB 2\n"
    assert any(p.code == "cannot_absorb" for p in check_sheet(quiet, clan, sheet))
    run_clan_turn(quiet, clan, sheet)
    assert quiet.convoy(clan, 2) is not None
    assert "cannot_absorb" in problems(quiet, clan)


def test_absorb_makes_later_create_cheaper_cc_co_absorb_04(quiet: Game) -> None:
    clan = me(quiet)
    second(quiet)
    money = quiet.clan(clan).stock.money = 100_000
    run_clan_turn(quiet, clan, f"[CONVOY 1]\nABSORB 2\n[POST]\nCREATE {home(quiet)} LAND\n")
    income = quiet.clan(clan).last_turn.income.get("money", 0)
    cost = quiet.rules.creation_cost(2)
    assert cost is not None
    assert quiet.clan(clan).stock.money == money + income - cost
    assert quiet.convoy(clan, 2) is not None and quiet.convoy(clan, 2).created_turn == 1  # type: ignore[union-attr]


# --- SPLIT ----------------------------------------------------------------------------------

def test_split_halves_vehicles_troops_and_keeps_experts_cc_co_split_03(quiet: Game) -> None:
    """CC-CO-SPLIT-01/03/04: cost of the next convoy, halves, 75% morale and training."""
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    assert one is not None
    quiet.clan(clan).stock.troops = 0
    one.vehicles = {"bike": 3, "car": 2}
    one.troops, one.morale, one.training, one.health = 9, 40, 60, 90
    one.experts = ["ENG"]
    money = quiet.clan(clan).stock.money
    run_clan_turn(quiet, clan, "[CONVOY 1]\nSPLIT\n[CONVOY 2]\nPAUSE\n")
    two = quiet.convoy(clan, 2)
    assert two is not None
    assert one.vehicles == {"bike": 2, "car": 1} and two.vehicles == {"bike": 1, "car": 1}
    assert (one.troops, two.troops) == (5, 4)
    assert one.training == two.training == 45
    said = events(quiet, clan, "split")
    assert [(e.facts["morale"], e.facts["training"]) for e in said] == [(30, 45)]
    assert two.health == 90 and one.experts == ["ENG"] and two.experts == []
    assert two.name == "Land 1 II" and two.hex == one.hex
    income = quiet.clan(clan).last_turn.income.get("money", 0)
    assert quiet.clan(clan).stock.money == money + income - quiet.rules.creation_cost(2)  # type: ignore[operator]
    assert events(quiet, clan, "split")


def test_split_needs_two_vehicles_of_one_type_cc_co_split_02(quiet: Game) -> None:
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    assert one is not None
    one.vehicles = {"bike": 1, "car": 1, "truck": 1}
    money = quiet.clan(clan).stock.money
    assert any(p.code == "cannot_split" for p in check_sheet(quiet, clan, "[CONVOY 1]\nSPLIT\n"))
    run_clan_turn(quiet, clan, "[CONVOY 1]\nSPLIT\n")
    assert quiet.convoy(clan, 2) is None
    income = quiet.clan(clan).last_turn.income.get("money", 0)
    assert quiet.clan(clan).stock.money == money + income


def test_split_secondary_cannot_move_this_turn_amb_69(quiet: Game) -> None:
    clan = me(quiet)
    start = home(quiet)
    step = next(d for d, h in quiet.map.neighbors(start)
                if not quiet.map.is_water(h) and quiet.map.terrain_of(h) != "mountains")
    run_clan_turn(quiet, clan, f"[CONVOY 1]\nSPLIT\nPAUSE\n[CONVOY 2]\nPAUSE\n{step}\n")
    two = quiet.convoy(clan, 2)
    assert two is not None and two.hex == start
    acted = [e.kind for e in quiet.clan(clan).last_turn.events if e.convoy == 2 and e.pulse]
    assert set(acted) <= {"pickup"}    # the secondary has no order lines this turn


# --- CONVERT --------------------------------------------------------------------------------

def test_convert_land_to_sea_in_own_coastal_city_cc_cl_convert_02(quiet: Game) -> None:
    """CC-CL-CONVERT-01/02, AMB-70: vehicles sold, one scout bought, troops home, goods lost."""
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    assert one is not None
    one.vehicles = {"bike": 2, "car": 1, "truck": 1}
    one.troops, one.rifles, one.cargo_type, one.cargo = 20, 1, "milk", 5
    one.experts = ["MER"]
    stock = quiet.clan(clan).stock
    stock.troops = 0
    money = stock.money
    run_clan_turn(quiet, clan, "[PRE]\nCONVERT 1 SEA \"Sea Dogs\"\n")
    assert one.convoy_type == "sea" and one.vehicles == {"jetski": 1}
    assert one.name == "Sea Dogs" and one.experts == ["MER"] and one.training == 30
    assert one.cargo == 0
    rules = quiet.rules
    sale = sum(rules.vehicles[k].cost // 2 * n for k, n in {"bike": 2, "car": 1,
                                                              "truck": 1}.items())
    income = quiet.clan(clan).last_turn.income.get("money", 0)
    assert stock.money == money + income + sale - rules.vehicles["jetski"].cost
    assert stock.troops + one.troops == 20 and stock.rifles + one.rifles == 1


def test_convert_needs_airport_armory_and_own_city_cc_cl_convert_01(quiet: Game) -> None:
    clan = me(quiet)
    one = quiet.convoy(clan, 1)
    assert one is not None
    run_clan_turn(quiet, clan, "[PRE]\nCONVERT 1 AIR\nCONVERT 1 MILITARY\n")
    assert one.convoy_type == "land"
    assert problems(quiet, clan).count("cannot_convert") == 2
    quiet.state.turn_index = quiet.state.clan_order.index(clan)
    city = quiet.city(one.hex)
    assert city is not None
    city.buildings.append("ARM")
    run_clan_turn(quiet, clan, "[PRE]\nCONVERT 1 MILITARY\n")
    assert one.convoy_type == "military" and one.vehicles == {"jeep": 1}
    quiet.state.turn_index = quiet.state.clan_order.index(clan)
    city.owner = 0
    run_clan_turn(quiet, clan, "[PRE]\nCONVERT 1 LAND\n")
    assert one.convoy_type == "military"


# --- CREATE ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("word", "building", "vehicles"), [
    ("LAND", "", {"bike": 2, "car": 1}),
    ("SEA", "", {"jetski": 1, "motorboat": 1}),
    ("AMPHIB", "", {"hovercraft": 1, "skimmer": 1}),
    ("MILITARY", "ARM", {"jeep": 2}),
    ("AIR", "AIR", {"ultralight": 1}),
])
def test_create_each_convoy_type_where_allowed_cc_cl_create_02(
        quiet: Game, word: str, building: str, vehicles: dict[str, int]) -> None:
    """CC-CL-CREATE-01/02/04, CC-CNV-67/69: starting vehicles; Armory and Airport needed."""
    clan = me(quiet)
    here = home(quiet)
    city = quiet.city(here)
    assert city is not None and convoys.is_sea_port(quiet, here)
    sheet = f"[PRE]\nCREATE {here} {word}\n"
    if building:
        run_clan_turn(quiet, clan, sheet)
        assert quiet.convoy(clan, 2) is None and "cannot_create" in problems(quiet, clan)
        quiet.state.turn_index = quiet.state.clan_order.index(clan)
        city.buildings.append(building)
    run_clan_turn(quiet, clan, sheet)
    made = quiet.convoy(clan, 2)
    assert made is not None and made.vehicles == vehicles and made.hidden


def test_create_sea_convoy_only_in_coastal_city_cc_cl_create_02(quiet: Game) -> None:
    clan = me(quiet)
    inland = next(c for c in quiet.state.cities if not convoys.is_sea_port(quiet, c.hex))
    inland.owner = clan
    run_clan_turn(quiet, clan, f"[PRE]\nCREATE {inland.hex} SEA\n")
    assert quiet.convoy(clan, 2) is None
    assert any(p.code == "cannot_create" and p.facts["reason"] == "not_coastal"
               for p in quiet.clan(clan).last_turn.problems)


def test_create_not_in_a_city_conquered_this_turn_cc_cl_create_01(quiet: Game) -> None:
    clan = me(quiet)
    city = quiet.city(home(quiet))
    assert city is not None
    city.conquered_turn = quiet.state.game_turn
    run_clan_turn(quiet, clan, f"[PRE]\nCREATE {city.hex} LAND\n")
    assert quiet.convoy(clan, 2) is None


def test_create_cost_counts_convoys_when_order_runs_cc_cl_create_03(quiet: Game) -> None:
    """CC-CL-CREATE-03, CC-CNV-68: after SELL CONVOY #1 the new convoy is #1 at $5,000."""
    clan = me(quiet)
    here = home(quiet)
    stock = quiet.clan(clan).stock
    money = stock.money
    run_clan_turn(quiet, clan, f"[PRE]\nSELL CONVOY #1\nCREATE {here} LAND\n")
    sale = convoys.sell_value(quiet, Convoy(clan, 1, "", "land", here,
                                            vehicles={"bike": 2, "car": 1}))
    income = quiet.clan(clan).last_turn.income.get("money", 0)
    assert quiet.convoy(clan, 1) is not None
    assert stock.money == money + income + sale - quiet.rules.creation_cost(1)  # type: ignore[operator]


def test_create_in_indoctrination_center_city_gets_gifts_cc_city_49(quiet: Game) -> None:
    """CC-CITY-49, AMB-65: a free scout, +15–20 morale and training, a free full troop load."""
    clan = me(quiet)
    here = home(quiet)
    city = quiet.city(here)
    assert city is not None
    city.buildings.append("IND")
    stock = quiet.clan(clan).stock
    stock.troops = 0
    run_clan_turn(quiet, clan, f"[PRE]\nCREATE {here} LAND\n")
    made = quiet.convoy(clan, 2)
    assert made is not None
    assert made.vehicles == {"bike": 3, "car": 1}
    assert 45 <= made.training <= 50
    gift = events(quiet, clan, "indoctrination")
    assert gift and 15 <= int(gift[0].facts["morale"]) <= 20
    assert made.troops == 3 + 3 * 1   # car 3 + bikes 1 each
    assert stock.troops == 0
