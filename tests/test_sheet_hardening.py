"""Order sheets that try to break the reader: odd digits, huge numbers, odd line breaks, junk."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conquest_tui import cli, session
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Problem
from conquest_tui.engine.orders import parse_sheet
from conquest_tui.engine.orders.sheet import sheet_lines
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.sentences.event_text import problem_text
from conquest_tui.storage.savefile import game_to_text

HUGE = "9" * 5000
"""More digits than Python turns into a number without being asked to (4,300)."""


def only_problem(text: str, game: Game) -> Problem:
    """The one problem the sheet has, parsed and checked."""
    problems = check_sheet(game, game.state.active_clan, text)
    assert len(problems) == 1, problems
    return problems[0]


# --- 1. numbers ------------------------------------------------------------------------------


def test_digits_of_other_scripts_are_not_numbers(game: Game) -> None:
    problem = only_problem("[PRE]\nBUY ² FOOD\n", game)
    assert (problem.line, problem.code) == (2, "bad_quantity")
    assert problem_text(problem) == '"²" is not a whole number'
    assert problem_text(only_problem("[PRE]\nENLIST ١٢\n", game)) == '"١٢" is not a whole number'
    assert not hexgrid.is_hex_id("０５１６")


def test_a_huge_quantity_is_refused_by_its_length_and_names_the_bound(game: Game) -> None:
    problem = only_problem(f"[PRE]\nENLIST {HUGE}\n", game)
    assert (problem.line, problem.code) == (2, "bad_quantity")
    assert problem_text(problem) == f"{'9' * 23}… is more than anyone could ever use (at most " \
                              "1,000,000)"
    assert problem_text(only_problem("[PRE]\nENLIST 1000001\n", game)) == \
        "1000001 is more than anyone could ever use (at most 1,000,000)"


def test_huge_convoy_numbers_troops_and_counts_are_refused(game: Game) -> None:
    convoy = only_problem(f"[PRE]\nGIVE 5 RIFLES #{HUGE} #2\n", game)
    assert convoy.code == "bad_convoy"
    assert problem_text(convoy).endswith("is not a convoy number: convoys are numbered #1 to #999")
    assert problem_text(only_problem(f"[PRE]\nASSIGN 0516 -{HUGE}\n", game)).endswith(
        "than anyone could use (at most 1,000,000)")
    assert only_problem(f"[PRE]\nVIGILANCE {HUGE}\n", game).code == "bad_quantity"
    header = parse_sheet(f"[CONVOY {HUGE}]\nPAUSE\n", game.rules).problems[0]
    assert (header.line, header.code) == (1, "bad_header")
    assert problem_text(header).endswith("is not a section: convoys are numbered #1 to #999")


# --- 2. lines --------------------------------------------------------------------------------


def test_lines_break_only_at_newlines_as_an_editor_numbers_them(game: Game) -> None:
    text = "[PRE]\r\nENLIST 1 \u2028 x\x85y\x0cz\r\nBOGUS\n"
    assert len(sheet_lines(text)) == 4
    problems = parse_sheet(text, game.rules).problems
    assert [(p.line, problem_text(p)) for p in problems] == [
        (2, 'ENLIST does not take "x y z" (format: ENLIST quantity)'),
        (3, '"BOGUS" is not an order')]


# --- 3. repeated sections --------------------------------------------------------------------


def test_a_repeated_section_is_named_on_its_second_header_and_its_lines_ignored(
        game: Game) -> None:
    text = ("[PRE]\nENLIST 1\n[CONVOY 1]\nPAUSE\n[POST]\n[PRE]\nENLIST 2\n[CONVOY 1]\nPAUSE\n"
            "[POST]\nBOGUS\n")
    sheet = parse_sheet(text, game.rules)
    assert [(p.line, p.code, problem_text(p)) for p in sheet.problems] == [
        (6, "duplicate_section", "a second [PRE] section (the first is on line 1); its lines "
                                 "are ignored"),
        (8, "duplicate_section", "a second [CONVOY 1] section (the first is on line 3); its "
                                 "lines are ignored"),
        (10, "duplicate_section", "a second [POST] section (the first is on line 5); its lines "
                                  "are ignored")]
    assert [line.line for line in sheet.pre] == [2]
    assert [line.line for line in sheet.convoy_lines(1)] == [4]


# --- 4. line limits (CC-SEQ-15) --------------------------------------------------------------


def test_cc_seq_15_bad_lines_take_no_place_in_the_line_limits(game: Game) -> None:
    clan = game.state.active_clan
    pre = "\n".join(["BOGUS"] * 5 + ["ENLIST 1"] * 5)
    convoy = "\n".join(["BOGUS"] * 3 + ["PAUSE"] * 10)
    text = f"[PRE]\n{pre}\n[CONVOY 1]\n{convoy}\n"
    checked = check_sheet(game, clan, text)
    assert {p.code for p in checked} == {"unknown"}
    assert len(checked) == 8
    result = run_clan_turn(game, clan, text)
    assert not [p for p in result.problems if p.code in ("over_limit", "OVER_LIMIT")]
    assert not [e for e in result.events if e.kind.name == "OVER_LIMIT"]


def test_cc_seq_15_good_lines_past_the_limit_are_still_named(game: Game) -> None:
    text = "[PRE]\nBOGUS\n" + "ENLIST 1\n" * 6
    problems = check_sheet(game, game.state.active_clan, text)
    assert [(p.line, p.code) for p in problems] == [(2, "unknown"), (8, "over_limit")]
    assert problem_text(problems[1]) == "only 5 pre-turn Clan order lines are allowed; this line " \
                                  "will not run"


# --- 5. size ---------------------------------------------------------------------------------


def test_a_sheet_over_the_line_limit_is_refused_with_one_problem(game: Game) -> None:
    limits = game.rules.order_limits
    assert (limits.sheet_max_lines, limits.sheet_max_bytes) == (2000, 65536)
    problem = only_problem("[PRE]\n" + "BOGUS\n" * 2000, game)
    assert (problem.line, problem.code) == (1, "sheet_too_big")
    assert problem_text(problem) == "the sheet has 2,001 lines, more than the 2,000 any order " \
                                    "sheet needs, so none of it is read"


def test_a_sheet_over_the_size_limit_is_refused_with_one_problem(game: Game) -> None:
    problem = only_problem("[PRE]\n" + "x" * 70_000 + "\n", game)
    assert (problem.line, problem.code) == (1, "sheet_too_big")
    assert problem_text(problem) == "the sheet is larger than 65,536 bytes; no order sheet is " \
                                    "that long, so none of it is read"
    assert only_problem("[PRE]\n" + "é" * 40_000, game).code == "sheet_too_big"


# --- 6. speed --------------------------------------------------------------------------------


def _seconds(game: Game, text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        check_sheet(game, game.state.active_clan, text)
        best = min(best, time.perf_counter() - started)
    return best


def test_checking_takes_time_in_proportion_to_the_sheet(game: Game) -> None:
    lines = ["[PRE]", "ENLIST 1", "BOGUS 5", "[CONVOY 1]", "N", "PAUSE", "[POST]", "BUY 2 FOOD"]
    small = "\n".join(lines * 120)
    large = "\n".join(lines * 240)
    assert _seconds(game, large) < 4 * _seconds(game, small) + 0.05
    long_header = "[PRE" + " " * 60_000 + "5 ]"
    assert _seconds(game, long_header) < 0.5


# --- 7. the save -----------------------------------------------------------------------------


def test_a_refused_sheet_is_not_kept_whole_with_the_save(game: Game) -> None:
    before = len(game_to_text(game))
    clan = game.state.active_clan
    junk = "[PRE]\n" + "ENLIST 5 lots of junk here\n" * 33_000
    result = run_clan_turn(game, clan, junk)
    assert [p.code for p in result.problems if p.level == "parse"] == ["sheet_too_big"]
    kept = game.clan(clan).last_turn.sheet
    assert len(kept.encode()) <= game.rules.order_limits.sheet_max_bytes
    assert len(game_to_text(game)) - before < 3 * game.rules.order_limits.sheet_max_bytes


def test_a_sheet_of_junk_grows_the_save_by_about_its_own_size(game: Game) -> None:
    before = len(game_to_text(game))
    junk = "[PRE]\n" + "ENLIST ²²²²²²²²²²²²²²²\n" * 1900
    run_clan_turn(game, game.state.active_clan, junk)
    assert len(game_to_text(game)) - before < 3 * len(junk.encode())


def test_the_worst_sheet_under_the_limits_grows_the_save_by_a_bounded_amount(game: Game) -> None:
    limits = game.rules.order_limits
    before = len(game_to_text(game))
    junk = "[PRE]\n" + f"ENLIST 1 {'y' * 40}\n" * (limits.sheet_max_lines - 2)
    run_clan_turn(game, game.state.active_clan, junk)
    growth = len(game_to_text(game)) - before
    assert growth < limits.sheet_max_bytes + 150 * limits.sheet_max_lines


# --- arbitrary text --------------------------------------------------------------------------

ODD = st.sampled_from(["\u2028", "\u2029", "\x85", "\x0c", "\r", "\r\n", "\n", "²", "٣", "߀",
                       "１", "𝟡", "[PRE]", "[POST]", "[CONVOY 1]", "[CONVOY ²]", "ENLIST",
                       "BUY", "GIVE", "#", "-", ",", '"', ";", " ", "9" * 4400])
PIECES = st.one_of(st.text(max_size=12), ODD)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(pieces=st.lists(PIECES, max_size=40))
def test_arbitrary_text_never_crashes_and_problems_name_lines_of_the_sheet(
        game: Game, pieces: list[str]) -> None:
    text = "".join(pieces)
    count = len(sheet_lines(text))
    sheet = parse_sheet(text, game.rules)
    clan = game.state.active_clan
    for problem in (*sheet.problems, *check_sheet(game, clan, sheet)):
        assert 1 <= problem.line <= count and problem_text(problem)
    result = run_clan_turn(game, clan, text)
    assert all(0 <= problem.line <= count for problem in result.problems)


def test_conquest_turn_refuses_a_huge_sheet_and_the_turn_is_not_lost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`conquest turn` with a sheet over the limits says why and runs nothing: the Clan can
    send a proper sheet after (CC-SEQ-15)."""
    save, sheet = tmp_path / "g.json", tmp_path / "sheet.txt"
    assert cli.main(["new", "--map", "test_small", "--clans", "2", "--seed", "huge",
                     "--save", str(save)]) == 0
    clan = session.load(save).state.active_clan
    before = save.read_bytes()
    sheet.write_text("[PRE]\n" + "ENLIST 1\n" * 2_500)
    capsys.readouterr()
    assert cli.main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 1
    error = capsys.readouterr().err
    assert "2,501 lines" in error and "the turn was not run" in error
    assert save.read_bytes() == before
    sheet.write_text("[PRE]\nENLIST 1\n")
    assert cli.main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0
