"""One judgement of a sheet: the check, the end-turn box and the turn agree on the lines that run
(issue 27, point 4; issue 28)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import Problem
from conquest_tui.engine.paper.forecast_text import judgement_summary
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.judgement import judge_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.forecast_records import Judgement
from conquest_tui.engine.sentences.event_text import problem_text
from tests.game_helpers import convoy_of, first_clan
from tools.judgement_sweep import plausible_sheet, sweep_game, verdict


def _skipped(problems: list[Problem]) -> list[tuple[int, str]]:
    """(line, code) of each problem whose line will be skipped."""
    return [(p.line, p.code) for p in problems if not p.is_warning]


def test_a_convoy_created_in_the_sheet_can_be_bought_vehicles_cc_cl_create_01(
        quiet: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CC-CL-CREATE-01, CC-CL-BUYV-01, CC-SEQ-04: `CREATE` in [PRE] then `BUY 2 BIKES #2`:
    `conquest check` finds no problem (exit 0) and the turn buys the bikes for the new convoy,
    numbered as the turn numbers it."""
    from conquest_tui import session
    from conquest_tui.cli import main

    clan = first_clan(quiet)
    home = convoy_of(quiet, clan).hex
    text = f'[PRE]\nCREATE {home} LAND "Scouts"\nBUY 2 BIKES #2\n'
    save, sheet = tmp_path / "create.json", tmp_path / "sheet.txt"
    session.save(quiet, save)
    sheet.write_text(text)
    assert main(["check", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0
    assert capsys.readouterr().out == "No problems found.\n"
    result = run_clan_turn(quiet, clan, text)
    assert not result.problems
    scouts = convoy_of(quiet, clan, 2)
    assert scouts.name == "Scouts" and scouts.vehicles.get("bike", 0) >= 2


@pytest.mark.parametrize(("sheet", "skipped"), [
    ("[PRE]\nBUY 2 BIKES #1\nSELL 4 BIKES #1\n", []),
    ("[PRE]\nCONVERT 1 SEA\nBUY 1 JETSKIS #1\n", []),
    ("[PRE]\nCONVERT 1 SEA\nBUY 1 BIKES #1\n", [(3, "wrong_type")]),
    ("[PRE]\nSELL CONVOY #1\nNAME #1 \"Gone\"\n", [(3, "no_convoy")]),
    ("[CONVOY 1]\nSPLIT\n[POST]\nNAME #2 \"Half\"\nSELL 1 BIKES #2\n", []),
    ("[POST]\nNAME #2 \"Nobody\"\n", [(2, "no_convoy")]),
])
def test_each_line_is_checked_against_the_convoys_the_lines_before_it_leave_cc_seq_04(
        quiet: Game, sheet: str, skipped: list[tuple[int, str]]) -> None:
    """CC-SEQ-04, CC-SEQ-10, CC-CL-CONVERT-02, CC-CL-SELL-02, CC-CO-SPLIT-03: vehicles bought
    can be sold, a converted convoy takes vehicles of its new type only, a convoy sold has no
    orders, the convoy a SPLIT makes can be named and sold from after the pulses; the turn skips
    exactly the lines the check says it will."""
    clan = first_clan(quiet)
    quiet.clan(clan).stock.money = 500_000
    assert _skipped(check_sheet(quiet, clan, sheet)) == skipped
    result = run_clan_turn(quiet, clan, sheet)
    assert sorted({p.line for p in result.problems}) == [line for line, _ in skipped]


def test_a_gone_convoy_is_named_as_gone_not_as_never_had(quiet: Game) -> None:
    """A line about a convoy the Clan has, which a line before it sells, says so."""
    clan = first_clan(quiet)
    [problem] = check_sheet(quiet, clan, '[PRE]\nSELL CONVOY #1\nNAME #1 "Gone"\n')
    assert "a line before this one sells" in problem_text(problem)


def test_lines_past_the_last_pulse_are_reported_skipped_by_the_turn_cc_seq_15(
        quiet: Game) -> None:
    """CC-SEQ-15: an eleventh line of a land convoy (ten pulses) is one the check says will not
    run, and the turn now says it did not (it passed over it in silence)."""
    clan = first_clan(quiet)
    sheet = "[CONVOY 1]\n" + "PAUSE\n" * 11
    assert _skipped(check_sheet(quiet, clan, sheet)) == [(12, "over_limit")]
    result = run_clan_turn(quiet, clan, sheet)
    assert [(p.line, p.code) for p in result.problems] == [(12, "over_limit")]


def test_the_lines_of_a_convoy_merged_away_are_warned_of_cc_co_absorb_02(quiet: Game) -> None:
    """CC-CO-ABSORB-02, AMB-69: convoy #1 absorbs the convoy the sheet creates at pulse 1; the
    new convoy's later lines will not run, and the judgement warns of each on its line."""
    clan = first_clan(quiet)
    home = convoy_of(quiet, clan).hex
    sheet = f"[PRE]\nCREATE {home} LAND\n[CONVOY 1]\nABSORB #2\n[CONVOY 2]\nPAUSE\nPAUSE\n"
    judgement = judge_sheet(quiet, clan, sheet, seed_suffix="")
    gone = [p for p in judgement.problems if p.code == ProblemCode.FORECAST_GONE]
    assert [p.line for p in gone] == [7] and gone[0].is_warning
    assert "convoy #2 is gone before pulse 2" in problem_text(gone[0])
    assert judgement.skipped == ()


def test_the_forecast_findings_are_warnings_on_their_lines_and_the_end_turn_words(
        quiet: Game) -> None:
    """Issue 28: a buy the treasury cannot pay after the rest of the sheet is a warning on its
    line (it runs, and fails); the end-turn box names the lines skipped and those warned."""
    clan = first_clan(quiet)
    sheet = "[PRE]\nBUY 1 FOOD\nBUY 9 TRUCKS #1\nFROB\n"
    judgement = judge_sheet(quiet, clan, sheet)
    assert judgement.skipped == (4,) and judgement.warned == (3,) and judgement.failing == (3,)
    [warning] = [p for p in judgement.problems if p.line == 3]
    assert warning.is_warning and problem_text(warning).startswith("forecast: will fail ")
    assert judgement_summary(judgement) == (
        "Line 4 has a problem: it will be skipped; the other lines run. Warnings on line 3: it "
        "runs, but may fail or cost more than you expect (the forecast rolls its own dice).")
    assert judgement_summary(Judgement((), None)) == "The sheet has no problems."


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_the_check_skips_exactly_the_lines_the_turn_skips(rng: random.Random) -> None:
    """CC-SEQ-15, CC-SEQ-04…10: over 200 plausible sheets (`tools.judgement_sweep`, which runs
    2,000), dice aside (the forecast rolls the turn's dice; every hex is seen): no line the
    check says will be skipped runs, and every line the turn skips is skipped by the check or
    warned of by the forecast."""
    game = sweep_game()
    clan = game.state.clan_order[0]
    sheet = plausible_sheet(rng, game, clan)
    found = verdict(game, clan, sheet)
    assert not found, f"{found}\n{sheet}"


def test_a_fight_that_leaves_a_convoy_no_troops_is_warned_of_on_its_line_cc_co_attack_01(
        quiet: Game) -> None:
    """CC-CO-ATTACK-01, CC-CBC-15, issue 27 point 5: an ATTACK on a city held by a thousand
    troops; the forecast has the convoy lose every troop, and the line carries that warning (it
    runs: it is not counted among the lines skipped)."""
    clan = first_clan(quiet)
    other = next(number for number in quiet.state.clan_order if number != clan)
    city = next(city for city in quiet.state.cities if city.owner == other)
    city.troops = 1000
    convoy = convoy_of(quiet, clan)
    quiet.move_convoy(convoy, city.hex)
    judgement = judge_sheet(quiet, clan, "[CONVOY 1]\nATTACK\n")
    [warning] = [p for p in judgement.problems if p.code == ProblemCode.FORECAST_NO_TROOPS]
    assert warning.line == 2 and warning.is_warning and judgement.skipped == ()
    assert problem_text(warning) == (
        f"forecast: convoy #1 fights at pulse 1 and loses all its {convoy.troops} troops")
