"""Convoy and Clan order rules as a player meets them: failed orders, PAUSE, SPLIT, the Clan
order lines, the stockpile header, BUY and SELL (CC-CO, CC-CL)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoys, movement
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.paper.report_text import status_lines
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.sentences.event_text import event_text, problem_text
from tests.game_helpers import convoy_of as _convoy
from tests.game_helpers import first_clan as _first
from tests.game_helpers import second_clan as _second

HOME = "0308"  # the first Clan's starting city, Brackwater



def _events(game: Game, clan: int, kind: str = "") -> list[Event]:
    return [e for e in game.clan(clan).last_turn.events if not kind or e.kind == kind]


def _problems(game: Game, clan: int) -> dict[int, str]:
    return {p.line: p.code for p in game.clan(clan).last_turn.problems}


def _parse_codes(game: Game, text: str) -> list[str]:
    return [p.code for p in parse_sheet(text, game.rules).problems]


def test_failed_order_costs_nothing_but_uses_its_pulse_cc_co_gen_03(game: Game) -> None:
    """CC-CO-GEN-03: a move into water fails free of charge; the next line runs in pulse 2."""
    first = _first(game)
    clan = game.clan(first)
    convoy = _convoy(game, first)
    for hex_state in game.state.hexes:
        hex_state.fuel = 0
    run_clan_turn(game, first, "[CONVOY 1]\nS\nN\n")
    assert _problems(game, first) == {2: "illegal_move"}
    moved = _events(game, first, "move")
    assert [(e.pulse, e.line) for e in moved] == [(2, 3)]
    spent = moved[0].facts["fuel"]
    assert clan.stock.fuel == 300 - spent and convoy.hex == "0307"


def test_pause_on_a_spare_line_burns_fuel_cc_co_pause_03(game: Game) -> None:
    """CC-CO-PAUSE-03: a PAUSE with nothing to do still costs fuel, every time."""
    first = _first(game)
    clan = game.clan(first)
    for hex_state in game.state.hexes:
        hex_state.fuel = 0
    convoy = _convoy(game, first)
    cost = movement.pause_fuel(game, convoy)
    assert cost >= 1
    run_clan_turn(game, first, "[CONVOY 1]\nPAUSE\nPAUSE\nPAUSE\n")
    assert len(_events(game, first, "pause")) == 3
    assert clan.stock.fuel == 300 - 3 * cost


def test_split_gives_both_three_quarters_morale_training_same_health_cc_co_split_04(
        game: Game) -> None:
    """CC-CO-SPLIT-04: morale 60 and training 40 become 45 and 30 in both halves; health stays."""
    first = _first(game)
    convoy = _convoy(game, first)
    convoy.morale, convoy.training, convoy.health = 60, 40, 80
    run_clan_turn(game, first, "[CONVOY 1]\nSPLIT\n")
    second = _convoy(game, first, 2)
    for half in (convoy, second):
        assert (half.training, half.health) == (30, 80)
    assert convoy.morale <= 45 and second.morale <= 45  # the turn-end decay comes after
    assert any("morale 45 and training 30" in event_text(e) for e in _events(game, first, "split"))


def test_clan_order_lines_five_pre_ten_post_plus_bought_cc_cl_gen_01(game: Game) -> None:
    """CC-CL-GEN-01: 5 pre-turn and 10 post-turn lines; the same order works in both; lines
    bought with ORDER extend the next turn."""
    first, second = _first(game), _second(game)
    clan = game.clan(first)
    clan.stock.money = 500_000
    pre = "ORDER 1 0\n" + "ENLIST 1\n" * 5
    run_clan_turn(game, first, f"[PRE]\n{pre}[POST]\nENLIST 2\n")
    assert list(_problems(game, first).values()) == ["over_limit"]
    enlisted = [(e.phase, e.facts["troops"]) for e in _events(game, first, "enlist")]
    assert enlisted == [("pre", 1)] * 4 + [("post", 2)]
    run_clan_turn(game, second, "")
    run_clan_turn(game, first, "[PRE]\n" + "ENLIST 1\n" * 6)
    assert _problems(game, first) == {}
    assert len(_events(game, first, "enlist")) == 6


def test_stockpile_header_in_sheet_order_cc_cl_gen_04(game: Game) -> None:
    """CC-CL-GEN-04: Money, Food, Fuel, Parts, Vaccine, Troops, Rifles, Grenades, Rockets,
    Claymores, Bombs, in that order, with the Clan's amounts."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.grenades, clan.stock.bombs = 7, 2
    header = " ".join(status_lines(build_report(ClanView(game, first)))[:2])
    names = ["Money", "Food", "Fuel", "Parts", "Vaccine", "Troops", "Rifles", "Grenades",
             "Rockets", "Claymores", "Bombs"]
    places = [header.index(name) for name in names]
    assert places == sorted(places)
    assert "Money $25,000" in header and "Grenades 7" in header and "Bombs 2" in header


def test_vehicles_delivered_anywhere_of_the_convoys_type_cc_cl_buyv_02(game: Game) -> None:
    """CC-CL-BUYV-02: a convoy far from any city gets its van; a jetski for a land convoy is
    refused and nothing is charged."""
    first = _first(game)
    clan = game.clan(first)
    convoy = _convoy(game, first)
    game.move_convoy(convoy, "0609")
    run_clan_turn(game, first, "[PRE]\nBUY 1 JETSKI #1\nBUY 1 VAN #1\n")
    assert _problems(game, first) == {2: "wrong_type"}
    assert convoy.vehicles["van"] == 1 and "jetski" not in convoy.vehicles
    income = clan.last_turn.income["money"]
    assert clan.stock.money == 25_000 + income - 15_000


def test_buy_supplies_items_no_convoy_no_troops_cc_cl_buys_01(game: Game) -> None:
    """CC-CL-BUYS-01: the nine items go to the stockpile; a convoy number is refused; troops
    must be ENLISTed."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.money = 100_000
    items = ["FOOD", "FUEL", "PARTS", "VACCINE", "RIFLES", "GRENADES", "ROCKETS", "CLAYMORES",
             "BOMBS"]
    before = {item.lower(): clan.stock.get(item.lower()) for item in items}
    assert _parse_codes(game, "[PRE]\nBUY 10 FUEL #1\n") == ["extra_words"]
    assert _parse_codes(game, "[PRE]\nBUY 10 TROOPS\n") == ["troops"]
    problems = parse_sheet("[PRE]\nBUY 10 TROOPS\n", game.rules).problems
    assert "ENLIST" in problem_text(problems[0])
    sheet = "[PRE]\n" + "".join(f"BUY 1 {item}\n" for item in items[:5])
    sheet += "[POST]\n" + "".join(f"BUY 1 {item}\n" for item in items[5:])
    run_clan_turn(game, first, sheet)
    assert _problems(game, first) == {}
    assert len(_events(game, first, "buy")) == 9
    income = clan.last_turn.income
    for item, amount in before.items():
        if item != "food":  # the troops eat during the turn
            assert clan.stock.get(item) == amount + income.get(item, 0) + 1, item


def test_sell_supplies_weapons_vehicles_at_half_never_troops_cc_cl_sell_01(game: Game) -> None:
    """CC-CL-SELL-01: fuel and rifles from the stockpile and a bike from convoy #1 fetch half
    their price; troops cannot be sold."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.rifles = 3
    assert _parse_codes(game, "[PRE]\nSELL 5 TROOPS\n") == ["troops"]
    run_clan_turn(game, first, "[PRE]\nSELL 100 FUEL\nSELL 2 RIFLES\nSELL 1 BIKE #1\n")
    assert _problems(game, first) == {}
    income = clan.last_turn.income["money"]
    assert clan.stock.money == 25_000 + income + 100 * 10 + 2 * 500 + 1_250
    assert clan.stock.rifles == 1
    assert _convoy(game, first).vehicles == {"bike": 1, "car": 1}


def test_sell_convoy_returns_troops_and_weapons_loses_experts_cc_cl_sell_02(
        game: Game) -> None:
    """CC-CL-SELL-02: every vehicle is sold, troops and weapons go back to the Clan, experts
    are lost and the convoy is gone."""
    first = _first(game)
    clan = game.clan(first)
    convoy = convoys.create_convoy(game, first, 2, "0609", "land", hidden=False)
    convoy.troops, convoy.grenades, convoy.experts = 5, 1, ["SCO"]
    troops, grenades = clan.stock.troops, clan.stock.grenades
    run_clan_turn(game, first, "[POST]\nSELL CONVOY #2\n")
    assert game.convoy(first, 2) is None
    assert clan.stock.troops == troops + 5  # convoy #1 is full and takes none back
    assert clan.stock.grenades == grenades + 1
    sold = _events(game, first, "sell_convoy")
    assert sold and "$6,250" in event_text(sold[0])  # (7,500 + 2 × 2,500) / 2
    assert all("SCO" not in c.experts for c in game.convoys_of(first))


def test_selling_the_last_vehicle_disbands_the_convoy_cc_cl_sell_03(game: Game) -> None:
    """CC-CL-SELL-03: SELL 2 BIKES then SELL 1 CAR leaves convoy #1 with nothing: it disbands
    and its later lines are not carried out."""
    first = _first(game)
    run_clan_turn(game, first, "[PRE]\nSELL 2 BIKES #1\nSELL 1 CAR #1\n[CONVOY 1]\nN\n")
    assert game.convoy(first, 1) is None
    assert [e.rule for e in _events(game, first, "disband")] == ["CC-CNV-72"]
    assert "move" not in [e.kind for e in _events(game, first)]
