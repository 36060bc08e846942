"""Order sheets: sections, keywords and abbreviations, comments, and one problem per bad line."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.orders import REGISTRY, model, parse_sheet
from conquest_tui.engine.orders.registry import CLAN, CONVOY
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import Ruleset

SHEET = """\
[PRE]          ; up to 5 lines (+ bought)
BUY 2 BIKES #1
ENLIST 20
[CONVOY 1]     ; up to 10 lines
NW
LOOT
[POST]         ; up to 10 lines (+ bought)
"""


def test_issue_example_sheet_parses_cleanly(rules: Ruleset) -> None:
    sheet = parse_sheet(SHEET, rules)
    assert sheet.problems == ()
    assert isinstance(sheet.pre[0].order, model.Buy) and sheet.pre[0].line == 2
    assert sheet.pre[0].order.quantity == 2 and sheet.pre[0].order.item == "bike"
    assert sheet.pre[0].order.convoy == 1
    assert isinstance(sheet.convoy_lines(1)[0].order, model.Move)
    assert isinstance(sheet.convoy_lines(1)[1].order, model.Loot)


def test_cc_co_gen_01_full_words_abbreviations_and_case(rules: Ruleset) -> None:
    sheet = parse_sheet("[CONVOY 1]\nnorthwest\nnw\nLo\nloot\n0516\nRE\ncapture\n", rules)
    assert sheet.problems == ()
    orders = [line.order for line in sheet.convoy_lines(1)]
    assert [o.direction for o in orders[:2]] == ["NW", "NW"]  # type: ignore[union-attr]
    assert isinstance(orders[4], model.Move) and orders[4].target == "0516"
    assert isinstance(orders[5], model.SetMode) and orders[5].mode == "recon"


def test_cc_co_gen_02_pause_patrol_pave_traps() -> None:
    assert REGISTRY.lookup(CONVOY, "PA").keyword == "PAUSE"  # type: ignore[union-attr]
    assert REGISTRY.lookup(CONVOY, "PT").keyword == "PATROL"  # type: ignore[union-attr]
    assert REGISTRY.lookup(CONVOY, "PV").keyword == "PAVE"  # type: ignore[union-attr]


def test_cc_cl_gen_02_buy_build_gamble_garrison_traps() -> None:
    assert REGISTRY.lookup(CLAN, "BU").keyword == "BUY"  # type: ignore[union-attr]
    assert REGISTRY.lookup(CLAN, "BL").keyword == "BUILD"  # type: ignore[union-attr]
    assert REGISTRY.lookup(CLAN, "GA").keyword == "GAMBLE"  # type: ignore[union-attr]
    assert REGISTRY.lookup(CLAN, "GR").keyword == "GARRISON"  # type: ignore[union-attr]


def test_registry_holds_every_order_of_the_rulebook() -> None:
    convoy = {s.keyword for s in REGISTRY.specs if s.section == CONVOY}
    clan = {s.keyword for s in REGISTRY.specs if s.section == CLAN}
    assert len(convoy) == 27 and len(clan) == 26  # T§16.1 (+ MOVE), T§16.2 (+ SABOTAGE)


def test_cc_seq_15_clan_order_in_convoy_section_is_named(rules: Ruleset) -> None:
    sheet = parse_sheet("[CONVOY 1]\nBUY 10 FUEL\n[PRE]\nLOOT\n", rules)
    assert [(p.line, p.code) for p in sheet.problems] == [(2, "wrong_section"),
                                                         (4, "wrong_section")]


def test_bad_lines_named_with_line_number_and_reason(rules: Ruleset) -> None:
    text = "[PRE]\nBUY lots FUEL\nENLIST\nFROB 3\nBUY 3 TROOPS\n[CONVOY 1]\nHIDE\nN\n"
    sheet = parse_sheet(text, rules)
    assert [p.line for p in sheet.problems] == [2, 3, 4, 5, 7]
    assert "not a whole number" in sheet.problems[0].message
    assert "ENLIST" in sheet.problems[2 - 1].message
    assert "ENLIST" in sheet.problems[3].message
    assert str(sheet.problems[2]).startswith("line 4: ")
    assert sheet.convoy_lines(1)[1].order is not None


def test_amb_92_quotes_convoy_numbers_and_names(rules: Ruleset) -> None:
    sheet = parse_sheet('[PRE]\nCREATE 0305 amphib "Sea Dogs" ; a comment; more\nBUY 1 car 2\n',
                        rules)
    assert sheet.problems == ()
    create = sheet.pre[0].order
    assert isinstance(create, model.Create) and create.name == "Sea Dogs"
    assert create.convoy_type == "amphibious"


def test_cc_cl_create_05_names_must_not_start_with_the(rules: Ruleset) -> None:
    sheet = parse_sheet('[PRE]\nCREATE 0305 LAND "The Best"\n', rules)
    assert sheet.problems[0].code == "the_name"


def test_check_level_flags_what_cannot_work_now(game: Game) -> None:
    clan = game.state.active_clan
    problems = check_sheet(game, clan, "[PRE]\nBUY 1 TANK #1\nBUY 1 BIKE #7\n[CONVOY 9]\nN\n")
    assert [(p.line, p.code) for p in problems] == [(2, "wrong_type"), (3, "no_convoy"),
                                                   (5, "no_convoy")]


WORDS = st.sampled_from([
    "BUY", "SELL", "ENLIST", "CREATE", "N", "NE", "SE", "S", "SW", "NW", "LOOT", "PAUSE",
    "RECON", "EMPTY", "CAPTURE", "0101", "0516", "9999", "#1", "#2", "3", "-5", "lots", "FUEL",
    "BIKES", "TANK", "troops", '"', '"Name"', ";", "[PRE]", "[POST]", "[CONVOY 1]", "[CONVOY",
    "HUNT", "ALLY", "KM", "KILL", "MODE", "V", "ATTACK", "x", "", "CONVOY", "#", "0",
])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.lists(WORDS, max_size=5).map(" ".join), max_size=25))
def test_garbage_sheets_never_crash_and_good_lines_still_run(game: Game, lines: list[str]) -> None:
    text = "\n".join(["[PRE]", "ENLIST 1", *lines])
    sheet = parse_sheet(text, game.rules)
    for problem in sheet.problems:
        assert 1 <= problem.line <= len(lines) + 2 and problem.message
    assert len({p.line for p in sheet.problems}) == len(sheet.problems)
    check_sheet(game, game.state.active_clan, text)
    clan = game.state.active_clan
    result = run_clan_turn(game, clan, text)
    assert any(e.kind == "enlist" and e.line == 2 for e in result.events)
    assert game.clan(clan).stock.money >= 0


def test_order_tables_in_rules_data_match_the_registry(rules: Ruleset) -> None:
    """data/rules/orders.toml (for players' reference) and the parser agree on every word."""
    for spec in REGISTRY.specs:
        if spec.keyword == "MOVE":
            continue
        entry = rules.order_keywords[spec.keyword]
        assert entry.abbr == spec.abbreviation, spec.keyword
    assert {k for k in rules.order_keywords} == {s.keyword for s in REGISTRY.specs} - {"MOVE"}
