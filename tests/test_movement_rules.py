"""Where each convoy type may go, allowances, hiding and new convoys (CC-MOVE, CC-CNV-02…13)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoys, movement
from conquest_tui.engine.core.events import reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orderbook.movement import Move, Pause, SetMode
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.sentences.event_text import problem_text
from conquest_tui.engine.sentences.reason_sentences import describe

HOME = "0308"  # Brackwater: swamp, river mouth, coastal, roads N and NE


def _clan(game: Game) -> int:
    return game.state.clan_order[0]


def _convoy(game: Game, convoy_type: str, *, experts: tuple[str, ...] = (),
            hex_id: str = HOME, number: int = 2) -> Convoy:
    convoy = convoys.create_convoy(game, _clan(game), number, hex_id, convoy_type, hidden=False)
    convoy.created_turn = 0
    convoy.mode = "recon"
    convoy.experts = list(experts)
    return convoy


def _problems(game: Game) -> dict[int, str]:
    return {p.line: p.code for p in game.clan(_clan(game)).last_turn.problems}


def test_land_islands_only_by_road_both_ways_cc_move_04_cc_ter_15(game: Game) -> None:
    """CC-MOVE-04, CC-TER-15, CC-CNV-02: the causeway road 0306-0206 is the only way."""
    assert movement.entry_problem(game, "land", "0306", "0206") is None
    assert movement.entry_problem(game, "land", "0206", "0306") is None
    assert movement.entry_problem(game, "land", "0307", "0206") == \
        reason("island_road", origin="0307", target="0206")
    assert movement.entry_problem(game, "military", "0206", "0307") == \
        reason("island_road", origin="0206", target="0307")
    assert movement.entry_problem(game, "military", "0308", "0309") == \
        reason("water", target="0309", convoy_type="military")
    assert movement.entry_problem(game, "land", "0307", "0407") is None  # swamp, river: fine


def test_illegal_move_reads_alike_when_checked_and_when_run_cc_co_move_02_cc_move_04(
        game: Game) -> None:
    """CC-CO-MOVE-02: one reason, one sentence, whether the checker or the pulse finds it."""
    clan = _clan(game)
    _convoy(game, "land")
    sheet = "[CONVOY 2]\nS\n"
    checked = [p for p in check_sheet(game, clan, sheet) if p.code == "illegal_move"]
    run_clan_turn(game, clan, sheet)
    ran = [p for p in game.clan(clan).last_turn.problems if p.code == "illegal_move"]
    assert [p.facts for p in ran] == [
        {"convoy": 2, "reason": "water", "target": "0309", "convoy_type": "land"}]
    assert [problem_text(p) for p in checked] == [describe(reason("water", target="0309",
                                                            convoy_type="land"))]
    assert problem_text(ran[0]) == f"convoy #2 cannot move: {problem_text(checked[0])}"


def test_sea_coast_and_canal_cc_move_06_cc_move_10_cc_cnv_03(game: Game) -> None:
    """CC-MOVE-06, CC-MOVE-10, CC-CNV-03: water → coastal land → water; never land → land."""
    assert movement.entry_problem(game, "sea", "0305", "0306") is None
    assert movement.entry_problem(game, "sea", "0306", "0205") is None  # through the "canal"
    assert movement.entry_problem(game, "sea", "0306", "0206") is None  # into islands
    assert movement.entry_problem(game, "sea", "0306", "0406") == \
        reason("sea_on_land", target="0406")  # CC-MOVE-06


def test_sea_river_only_along_it_cc_move_07_cc_move_08_cc_move_09(game: Game) -> None:
    """CC-MOVE-07…09: into the mouth from water, along the river, out into water only."""
    assert movement.entry_problem(game, "sea", "0309", HOME) is None
    assert movement.entry_problem(game, "sea", HOME, "0407") is None
    assert movement.entry_problem(game, "sea", "0507", "0606") is None
    assert movement.entry_problem(game, "sea", "0407", "0408") == \
        reason("sea_river", origin="0407", target="0408")  # CC-MOVE-08
    assert movement.entry_problem(game, "sea", HOME, "0207") is None


def test_amphibious_mountains_by_road_or_river_cc_move_11_cc_ter_14(game: Game) -> None:
    """CC-MOVE-11, CC-MOVE-20, CC-TER-14, AMB-18: Highgate's mountains by road, 1005 by river."""
    assert movement.entry_problem(game, "amphibious", "0904", "1004") is None  # road
    assert movement.entry_problem(game, "amphibious", "0906", "1005") is None  # river
    assert movement.entry_problem(game, "amphibious", "0905", "1004") == \
        reason("amphibious_terrain", target="1004", terrain="mountains")
    assert movement.entry_problem(game, "amphibious", HOME, "0309") is None  # water
    assert movement.entry_problem(game, "land", "0905", "1004") is None  # land may


def test_amphibious_river_costs_terrain_without_discount_amb_18(game: Game) -> None:
    """AMB-18, CC-TER-05: river move pays swamp ×1.5; a road move pays ×0.5."""
    convoy = _convoy(game, "amphibious")  # fuel rate 6
    assert movement.move_fuel(game, convoy, HOME, "0407") == 9
    assert movement.move_fuel(game, convoy, HOME, "0307") == 3


def test_amphibious_half_combat_in_open_water_only_amb_20(game: Game) -> None:
    """CC-CNV-04, AMB-20: halved in water and sea lane; not on islands or a river."""
    convoy = _convoy(game, "amphibious", hex_id="0309")
    assert movement.in_open_water(game, convoy)
    assert movement.open_water_combat_factor(game, convoy) == 0.5
    game.move_convoy(convoy, "0206")
    assert movement.open_water_combat_factor(game, convoy) == 1.0
    sea = _convoy(game, "sea", hex_id="0309", number=3)
    assert movement.open_water_combat_factor(game, sea) == 1.0


def test_air_over_water_at_turn_end_sinks_cc_move_12(game: Game) -> None:
    """CC-MOVE-12, CC-CNV-06: the checker warns; at maintenance the convoy is lost."""
    clan = _clan(game)
    convoy = _convoy(game, "air")
    sheet = "[CONVOY 2]\n0706\n0309\n"
    assert {p.code for p in check_sheet(game, clan, sheet)} == {"air_over_water"}
    run_clan_turn(game, clan, sheet)
    assert game.convoy(clan, 2) is None and convoy not in game.state.convoys
    sunk = [e for e in game.clan(clan).last_turn.events if e.kind == "sunk"]
    assert [(e.convoy, e.facts["hex"]) for e in sunk] == [(2, "0309")]


def test_air_any_distance_within_range_cc_co_move_01_amb_47(game: Game) -> None:
    """CC-CO-MOVE-01, CC-MOVE-21, AMB-47/48: range 20 + 8 scouts, no Airport at home; the
    move over range is cancelled whole and costs nothing."""
    clan = _clan(game)
    convoy = _convoy(game, "air")
    fuel = game.clan(clan).stock.fuel
    run_clan_turn(game, clan, "[CONVOY 2]\n1311\n0101\n0706\n")
    assert movement.allowance(game, convoy, HOME) == 28
    # 0308 → 1311: 10 hexes; 1311 → 0101: 16 (26 of 28); 0101 → 0706: 8 > 2 left, cancelled.
    assert convoy.hex == "0101" and convoy.moves_made == 26
    assert _problems(game)[4] == "no_moves"
    income = game.clan(clan).last_turn.income.get("fuel", 0)
    assert game.clan(clan).stock.fuel == fuel + income - 26


def test_allowances_and_modifiers_cc_cnv_10_cc_cnv_11_cc_cnv_12(game: Game) -> None:
    """CC-CNV-10…12, AMB-24: 5/10/6/5/20; +1 all scouts, +1 Engineer; air +8/+4/+4/+4."""
    expected = {"land": 5, "sea": 10, "amphibious": 6, "military": 6, "air": 28}
    for number, (kind, allowance) in enumerate(expected.items(), start=2):
        convoy = _convoy(game, kind, number=number)
        assert movement.allowance(game, convoy, "0101") == allowance, kind
    land = game.convoy(_clan(game), 2)
    assert land is not None
    land.vehicles = {"bike": 3}
    land.experts = ["ENG", "PIL"]
    assert movement.allowance(game, land, "0101") == 7  # pilot: air only
    air = _convoy(game, "air", experts=("ENG", "PIL"), number=9)
    assert movement.allowance(game, air, HOME) == 36
    game.city(HOME).buildings.append("AIR")  # type: ignore[union-attr]
    assert movement.allowance(game, air, HOME) == 40
    enemy_city = game.city("1609")
    assert enemy_city is not None and enemy_city.owner != air.owner
    enemy_city.buildings.append("AIR")
    enemy_city.hostile_to.append(air.owner)
    assert movement.allowance(game, air, "1609") == 36


def test_sea_engineer_twelve_pulses_cc_cnv_13_cc_cnv_55(game: Game) -> None:
    """CC-CNV-13, CC-CNV-55, CC-CNV-35: 12 lines, 11 moves; pulses 11–12 run after the ten."""
    clan = _clan(game)
    convoy = _convoy(game, "sea", experts=("ENG",))
    run_clan_turn(game, clan, "[CONVOY 2]\n" + "S\nN\n" * 6)
    assert convoy.moves_made == 11 and convoy.hex == "0309"
    events = [e for e in game.clan(clan).last_turn.events if e.convoy == 2 and e.pulse == 11]
    assert events and events[0].kind == "move"
    assert _problems(game)[13] == "no_moves"


def test_new_convoy_hidden_cannot_move_or_pause_cc_move_17_cc_cnv_70(game: Game) -> None:
    """CC-MOVE-17, CC-CNV-70, CC-CL-CREATE: created hidden; MOVE and PAUSE fail, cost nothing."""
    clan = _clan(game)
    game.clan(clan).stock.money = 100_000
    fuel = game.clan(clan).stock.fuel
    run_clan_turn(game, clan, f"[PRE]\nCREATE {HOME} LAND\n[CONVOY 2]\nN\nPAUSE\n")
    convoy = game.convoy(clan, 2)
    assert convoy is not None and convoy.hidden and convoy.hex == HOME
    assert [_problems(game)[4], _problems(game)[5]] == ["new_convoy", "new_convoy"]
    income = game.clan(clan).last_turn.income.get("fuel", 0)
    assert game.clan(clan).stock.fuel == fuel + income


def test_moving_or_pausing_ends_hiding_cc_cnv_78_cc_co_pause_01(game: Game) -> None:
    """CC-CNV-78, CC-CO-PAUSE-01, CC-CO-MOVE-04: PAUSE and a move both bring it out."""
    clan = _clan(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.hidden = True
    run_clan_turn(game, clan, "[CONVOY 1]\nPAUSE\n")
    assert not convoy.hidden
    assert [e.facts["was_hidden"] for e in game.clan(clan).last_turn.events
            if e.kind == "pause"] == [1]
    other = game.state.active_clan
    run_clan_turn(game, other, "")
    convoy.hidden = True
    run_clan_turn(game, clan, "[CONVOY 1]\nN\n")
    assert not convoy.hidden and convoy.hex == "0307"
    assert [e.facts["was_hidden"] for e in game.clan(clan).last_turn.events
            if e.kind == "move"] == [1]


def test_pause_costs_half_quarter_with_road_cc_co_pause_02(game: Game) -> None:
    """CC-CO-PAUSE-02, AMB-48: land ×¼ with a road; amphibious ×½; no allowance used."""
    land = _convoy(game, "land")  # rate 4 in swamp ×1.5 = 6
    land.vehicles = {"car": 4}  # rate 8: 8 × 1.5 × 0.5 × 0.5 = 3
    assert movement.pause_fuel(game, land) == 3
    amphibious = _convoy(game, "amphibious", number=3)  # 6 × 1.5 × 0.5 = 4.5 → 5
    assert movement.pause_fuel(game, amphibious) == 5
    air = _convoy(game, "air", number=4)
    assert movement.pause_fuel(game, air) == 1
    clan = _clan(game)
    run_clan_turn(game, clan, "[CONVOY 3]\nPAUSE\nPAUSE\n")
    assert amphibious.moves_made == 0 and amphibious.parts_owed == 0.0  # paid at maintenance


def test_guarding_convoy_cannot_move_cc_move_19(game: Game) -> None:
    """CC-MOVE-19, AMB-52: a convoy that began guarding this turn cannot move; in a later turn
    its move ends the guard."""
    clan = _clan(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.guarding = True
    convoy.last_done["GUARD"] = game.state.game_turn
    run_clan_turn(game, clan, "[CONVOY 1]\nN\n")
    assert convoy.hex == HOME and _problems(game)[2] == "guarding"
    convoy.last_done["GUARD"] = game.state.game_turn - 1
    game.state.turn_index = game.state.clan_order.index(clan)
    run_clan_turn(game, clan, "[CONVOY 1]\nN\n")
    assert convoy.hex != HOME and not convoy.guarding


def test_checker_follows_moves_cc_co_move_02(game: Game) -> None:
    """CC-CO-MOVE-02, CC-MOVE-02: the checker follows the path and flags what cannot work."""
    clan = _clan(game)
    problems = check_sheet(game, clan, "[CONVOY 1]\nN\nN\nNW\nSW\nNE\nSE\nN\nS\n")
    codes = {p.line: p.code for p in problems}
    # 0307, 0306, 0205 water (illegal), 0206 island by road, 0306, 0406, then no moves left
    assert codes == {4: "illegal_move", 8: "no_moves", 9: "no_moves"}


def test_modes_switch_at_once_cc_co_mode_01_02_03(game: Game) -> None:
    """CC-CO-MODE-01…03, CC-CO-GEN-05, AMB-51: modes change immediately, Empty unloads."""
    clan = _clan(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None and convoy.troops == 5
    run_clan_turn(game, clan, "[CONVOY 1]\nEMPTY\nN\nRECON\n")
    assert convoy.mode == "recon" and convoy.troops == 0
    rules = [e.rule for e in game.clan(clan).last_turn.events if e.kind == "mode"]
    assert rules == ["CC-CO-MODE-03", "CC-CO-MODE-01"]


def test_move_words_and_abbreviations_cc_co_gen_01_cc_co_gen_02_cc_move_01(game: Game) -> None:
    """CC-CO-GEN-01/02, CC-MOVE-01: PA is PAUSE; full direction words; a hex number."""
    sheet = parse_sheet("[CONVOY 1]\nPA\nNORTHEAST\nsw\n0307\nCAPTURE\nRE\nEM\n", game.rules)
    orders = [line.order for line in sheet.convoy_lines(1)]
    assert isinstance(orders[0], Pause)
    assert [(o.direction, o.target) for o in orders[1:4] if isinstance(o, Move)] == [
        ("NE", ""), ("SW", ""), ("", "0307")]
    assert [o.mode for o in orders[4:] if isinstance(o, SetMode)] == [
        "capture", "recon", "empty"]


def test_sick_convoy_cannot_move_cc_move_18_cc_cnv_31_cc_co_gen_04(game: Game) -> None:
    """CC-MOVE-18, CC-CNV-31, CC-CO-GEN-04: below 50% health no order runs, nothing is spent."""
    clan = _clan(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.health = 49
    run_clan_turn(game, clan, "[CONVOY 1]\nN\nPAUSE\n")
    assert convoy.hex == HOME and _problems(game) == {2: "too_sick", 3: "too_sick"}


def test_hidden_convoy_cannot_loot_cc_cnv_75(game: Game) -> None:
    """CC-CNV-75: a hidden convoy may not LOOT; the hex stays unlooted."""
    clan = _clan(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.hidden = True
    run_clan_turn(game, clan, "[CONVOY 1]\nLOOT\n")
    assert _problems(game) == {2: "hidden"} and not game.hex(HOME).looted
