"""City Clan orders: ASSIGN, FORTIFY, ERECT, their limits and checks (CC-CL, CC-CITY)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Clan
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.phases import clan_orders
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.sentences.event_text import problem_text

HOME = "0308"  # the first Clan's starting city, a Station


def home(game: Game) -> tuple[Clan, CityState]:
    clan = game.clan(game.state.active_clan)
    city = game.city(HOME)
    assert city is not None and city.owner == clan.number
    return clan, city


def problems(game: Game, sheet: str) -> list[str]:
    return [problem_text(p) for p in run_clan_turn(game, game.state.active_clan, sheet).problems]


def test_assign_moves_troops_and_claymores_from_stockpiles_cc_cl_assign_01(game: Game) -> None:
    clan, city = home(game)
    clan.stock.troops, clan.stock.claymores = 30, 4
    city.troops = 50
    run_clan_turn(game, clan.number, f"[PRE]\nASSIGN {HOME} 20 3\n")
    assert (city.troops, city.claymores) == (70, 3)
    assert clan.stock.claymores == 1


def test_assign_never_buys_missing_troops_cc_cl_assign_01(game: Game) -> None:
    clan, city = home(game)
    clan.stock.troops = 5
    city.troops = 50
    money = clan.stock.money
    run_clan_turn(game, clan.number, f"[PRE]\nASSIGN {HOME} 20\n")
    assert city.troops == 55 and clan.stock.troops == 0
    assert clan.stock.money == money + clan.last_turn.income["money"]


def test_assign_stops_at_capacity_and_claymore_tenth_cc_cl_assign_02(game: Game) -> None:
    clan, city = home(game)
    clan.stock.troops, clan.stock.claymores = 200, 50
    city.troops = 90
    run_clan_turn(game, clan.number, f"[PRE]\nASSIGN {HOME} 40 30\n")
    assert (city.troops, city.claymores) == (100, 10)  # Station: 100 troops, 10 claymores
    assigned = [e.facts for e in clan.last_turn.events if e.kind == "assign"]
    assert assigned and ("troops", "limit", 100) in assigned[0]["short"]


def test_barracks_raise_capacity_cc_city_44(game: Game) -> None:
    clan, city = home(game)
    city.buildings.append("BAR")
    clan.stock.troops, clan.stock.claymores = 200, 50
    city.troops = 90
    run_clan_turn(game, clan.number, f"[PRE]\nASSIGN {HOME} 100 20\n")
    assert (city.troops, city.claymores) == (125, 12)  # AMB-63: 125 // 10


def test_assign_negative_withdraws_to_stockpiles_cc_cl_assign_03(game: Game) -> None:
    clan, city = home(game)
    # away from the city: no pickup from the pool
    game.move_convoy(game.convoy(clan.number, 1), "0307")
    city.troops, city.claymores = 60, 5
    clan.stock.troops, clan.stock.claymores = 0, 0
    run_clan_turn(game, clan.number, f"[PRE]\nASSIGN {HOME} -50 -5\n")
    assert (city.troops, city.claymores) == (10, 0)
    assert (clan.stock.troops, clan.stock.claymores) == (50, 5)


def test_assign_in_capture_turn_is_capped_at_half_capacity_cc_cl_assign_04(game: Game) -> None:
    clan, city = home(game)
    city.conquered_turn = game.state.game_turn
    city.troops = 8
    clan.stock.troops = 100
    run_clan_turn(game, clan.number, f"[POST]\nASSIGN {HOME} 90\n")
    assert city.troops == 50  # AMB-68: half of the Station's 100


def test_assign_to_a_city_you_do_not_own_fails_cc_cl_assign_01(game: Game) -> None:
    clan, _ = home(game)
    clan.stock.troops = 30
    assert any("is not your city" in m for m in problems(game, "[PRE]\nASSIGN 0402 10\n"))
    assert game.city("0402").owner != clan.number


def test_fortify_raises_one_level_for_its_cost_cc_cl_fortify_01(game: Game) -> None:
    clan, city = home(game)
    clan.stock.money = 60_000
    run_clan_turn(game, clan.number, f"[PRE]\nFORTIFY {HOME}\n[POST]\nFORTIFY {HOME}\n")
    assert city.fortification == 3  # Station → Base once only
    income = clan.last_turn.income["money"]
    assert clan.stock.money == 60_000 + income - 50_000
    assert any(p.facts.get("reason") == "fortify_twice" for p in clan.last_turn.problems)


def test_fortify_next_turn_allowed_again_cc_city_34(game: Game) -> None:
    clan, city = home(game)
    clan.stock.money = 500_000
    run_clan_turn(game, clan.number, f"[PRE]\nFORTIFY {HOME}\n")
    run_clan_turn(game, game.state.active_clan, "")
    run_clan_turn(game, clan.number, f"[PRE]\nFORTIFY {HOME}\n")
    assert city.fortification == 4


def test_fortify_without_money_fails_and_costs_nothing_cc_cl_gen_03(game: Game) -> None:
    clan, city = home(game)
    clan.stock.money = 0
    run_clan_turn(game, clan.number, f"[PRE]\nFORTIFY {HOME} 5\n")
    assert city.fortification == 2
    assert any(p.code == "no_money" for p in clan.last_turn.problems)


def test_citadel_cannot_be_raised_cc_city_34(game: Game) -> None:
    clan, city = home(game)
    city.fortification = 6
    clan.stock.money = 10_000_000
    assert any("cannot be raised" in m for m in problems(game, f"[PRE]\nFORTIFY {HOME}\n"))
    assert city.fortification == 6


def test_no_fortify_in_capture_turn_cc_city_10(game: Game) -> None:
    clan, city = home(game)
    city.conquered_turn = game.state.game_turn
    clan.stock.money = 100_000
    result = run_clan_turn(game, clan.number, f"[PRE]\nFORTIFY {HOME}\n")
    assert [(p.code, p.facts["reason"]) for p in result.problems] == [
        ("cannot_fortify", "fortify_conquered")]
    assert city.fortification == 2


def test_fortify_troops_assign_after_the_raise_cc_cl_fortify_02(game: Game) -> None:
    clan, city = home(game)
    clan.stock.money, clan.stock.troops = 60_000, 100
    city.troops = 100
    run_clan_turn(game, clan.number, f"[PRE]\nFORTIFY {HOME} 40 2\n")
    assert city.fortification == 3 and city.troops == 140


def test_erect_builds_in_order_until_money_runs_out_cc_cl_erect_02(game: Game) -> None:
    """The rulebook's example: with $24,000, ERECT 2914 AIR ARM STO builds AIR and ARM only."""
    clan, city = home(game)
    clan.stock.money = 24_000
    sheet = parse_sheet(f"[POST]\nERECT {HOME} AIR ARM STO\n", game.rules)
    ctx = TurnContext(game=game, clan=clan, sheet=sheet)
    clan_orders.run_post(ctx)
    assert city.buildings == ["AIR", "ARM"]
    assert clan.stock.money == 4_000
    assert any("not erected: Stockyard" in problem_text(p) for p in ctx.problems)


def test_erect_one_of_each_type_cc_city_38(game: Game) -> None:
    clan, city = home(game)
    city.buildings.append("CHU")
    clan.stock.money = 100_000
    run_clan_turn(game, clan.number, f"[PRE]\nERECT {HOME} CHU HOS\n")
    assert sorted(city.buildings) == ["CHU", "HOS"]
    assert any(p.code == "cannot_erect" and p.facts["reason"] == "erect_has_one"
               for p in clan.last_turn.problems)


def test_no_erect_in_city_conquered_this_turn_cc_city_40(game: Game) -> None:
    clan, city = home(game)
    city.conquered_turn = game.state.game_turn
    clan.stock.money = 100_000
    run_clan_turn(game, clan.number, f"[PRE]\nERECT {HOME} SPO\n")
    assert city.buildings == []


def test_erect_parses_codes_and_names_and_limits_the_list_cc_cl_erect_01(game: Game) -> None:
    sheet = parse_sheet("[PRE]\nER 2914 air Marketplace spo\nERECT 2914 AIR ARM BAR BAT CHU "
                        "HEL HOS\nERECT 2914 XYZ\nERECT 2914 AIR AIR\n", game.rules)
    assert sheet.pre[0].order.buildings == ("AIR", "MAR", "SPO")
    codes = [p.code for p in sheet.problems]
    assert codes == ["too_many", "unknown_building", "twice"]


def test_assign_parse_needs_troops_and_accepts_negatives_cc_cl_assign_03(game: Game) -> None:
    sheet = parse_sheet("[PRE]\nAS 4551 -50 -5\nASSIGN 4551\nASSIGN 4551 x\n", game.rules)
    order = sheet.pre[0].order
    assert (order.hex, order.troops, order.claymores) == ("4551", -50, -5)
    assert [p.code for p in sheet.problems] == ["missing_quantity", "bad_quantity"]


def test_check_warns_about_missing_city_and_existing_building_cc_cl_erect_01(
        game: Game) -> None:
    clan, city = home(game)
    city.buildings.append("MAR")
    found = check_sheet(game, clan.number, f"[PRE]\nERECT {HOME} MAR\nASSIGN 0101 5\n")
    assert [p.code for p in found] == ["already_built", "no_city"]


def test_city_orders_for_a_city_not_yours_are_flagged_while_typing_cc_cl_erect_01(
        game: Game) -> None:
    clan, _ = home(game)
    other = next(c for c in game.state.cities if c.owner != clan.number)
    sheet = f"[POST]\nERECT {other.hex} MARKETPLACE\nASSIGN {HOME} 5\n"
    found = check_sheet(game, clan.number, sheet)
    assert [(p.line, p.code) for p in found] == [(2, "not_owner")]
    assert problem_text(found[0]) == f"you do not own the city in {other.hex}"
