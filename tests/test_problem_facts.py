"""A sheet's problems are codes and facts, worded when shown (issue "Typed to the end").

Like events (tests/test_event_facts.py): every problem code renders from only the facts it
declares (`facts/problem_needs.py`); the problems of bad sheets hold to the declaration; a saved
problem is checked on load and a damaged one refused naming its field; a save of version 4,
whose problems kept their sentences, reads as it was shown; and a player reads the same words
in the sheet check, the report and the report of the game loaded again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conquest_tui import cli, session
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.problems import SAID, ProblemCode
from conquest_tui.engine.core.state import Problem
from conquest_tui.engine.facts.problem_needs import PROBLEM_NEEDS, problem_unmet
from conquest_tui.engine.paper.report_text import hide_rule_ids
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.sentences import problem_sentences
from conquest_tui.engine.sentences.event_text import problem_line, problem_text
from conquest_tui.storage.migrations import SAVE_VERSION, migrate
from conquest_tui.storage.save_state import structure_state, unstructure_state
from conquest_tui.storage.savefile import SaveError, game_to_text, load_game, save_game
from tests.test_event_facts import fact_sets
from tools.damage_saves import close_event_tables, forged_text, open_event_tables

WORDED_HERE = sorted(PROBLEM_NEEDS, key=str)


def test_every_code_declares_its_facts_and_has_a_sentence_whose_cases_match() -> None:
    worded = {*problem_sentences.SENTENCES, *problem_sentences.AS_EVENT, ProblemCode.FORECAST}
    assert set(PROBLEM_NEEDS) == worded == set(ProblemCode)
    for code, sentence in problem_sentences.SENTENCES.items():
        if isinstance(sentence, dict):
            needs = PROBLEM_NEEDS[code]
            assert needs.key == "why" and set(needs.cases) == set(sentence), code


@pytest.mark.parametrize("code", WORDED_HERE)
def test_a_code_renders_from_only_its_declared_facts(code: ProblemCode) -> None:
    count = 0
    for found in fact_sets(PROBLEM_NEEDS[code]):
        assert problem_unmet(code, "check", found) is None, (code, found)
        assert isinstance(problem_text(Problem(3, code, "check", found)), str)
        count += 1
    assert count


def test_only_an_old_problem_is_kept_as_its_words() -> None:
    kept = Problem(2, ProblemCode.LEGACY, "parse", {SAID: '"lots" is not a whole number'})
    assert problem_unmet(kept.code, kept.level, kept.facts) is None
    assert problem_line(kept) == 'line 2: "lots" is not a whole number'
    assert problem_unmet("bad_quantity", "parse", {SAID: "lots"}) == ("why", "missing")
    assert problem_unmet("no_city", "check", {}) == ("hex", "missing")


BAD_SHEET = """\
[PRE]
BUY lots FUEL
FROB 3
MOVE N
DEFEND 9999
ALLY 0
FORTIFY 0101
ESPIONAGE 999 OWNER
ENLIST 1
ENLIST 1
ENLIST 1
ENLIST 1
ENLIST 1
ENLIST 1
[CONVOY 1]
HIDE
N N
S
BOMB 0101
PAVE N
[CONVOY 77]
N
[CONVOY 1]
N
[AGENTS]
0101
[BOGUS]
"""
"""A sheet with something wrong of most kinds: parse, check, limits, sections."""


@pytest.fixture
def game() -> Game:
    return session.new_game(map_name="test_small", clans=2, seed="problems")


def test_the_problems_of_a_bad_sheet_are_codes_holding_to_their_declaration(game: Game) -> None:
    clan = game.state.active_clan
    problems = check_sheet(game, clan, BAD_SHEET)
    codes = {problem.code for problem in problems}
    assert {"bad_quantity", "unknown", "wrong_section", "hide", "extra_words", "no_convoy",
            "duplicate_section", "bad_header", "over_limit"} <= codes
    for problem in problems:
        assert problem.code in ProblemCode.__members__.values(), problem
        assert problem_unmet(problem.code, problem.level, problem.facts) is None, problem
        assert problem_text(problem)
    lines = {problem.line: problem_text(problem) for problem in problems}
    assert lines[3] == '"FROB" is not an order'
    assert lines[4] == "MOVE is a convoy order; it belongs in a [CONVOY n] section"
    assert lines[16] == "there is no voluntary hiding: HIDE is not an order (CC-CNV-79)"
    assert lines[22] == "you have no convoy #77"
    assert lines[23] == ("a second [CONVOY 1] section (the first is on line 15); its lines are "
                         "ignored")
    assert lines[27] == '"[BOGUS]" is not a section: use [PRE], [CONVOY n], [POST] or [AGENTS]'


def test_the_report_words_the_sheets_problems_as_the_check_did_and_again_after_a_load_cc_seq_13(
        game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The report of the turn, before and after the save is loaded again, lists each problem
    line in the words the sheet check gave; the save holds no sentence for them."""
    clan = game.state.active_clan
    checked = {p.line: problem_text(p) for p in check_sheet(game, clan, BAD_SHEET)
               if p.level == "parse"}
    run_clan_turn(game, clan, BAD_SHEET)
    path = tmp_path / "game.json"
    save_game(game, path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    table = saved["data"]["state"]["clans"][0]["last_turn"]["problems"]
    assert "message" not in table and not any(SAID in facts for facts in table["facts"])
    assert cli.main(["report", "--save", str(path), "--clan", str(clan)]) == 0
    out = capsys.readouterr().out
    for line, text in checked.items():
        assert f"line {line}: {hide_rule_ids(text)}" in out
    again = load_game(path)
    assert [problem_line(p) for p in again.clan(clan).last_turn.problems] == \
        [problem_line(p) for p in game.clan(clan).last_turn.problems]


def _forged(game: Game, edit: Any, tmp_path: Path) -> Path:
    envelope = json.loads(game_to_text(game))
    edit(open_event_tables(envelope["data"]["state"]))
    close_event_tables(envelope["data"]["state"])  # written back as the game writes them
    path = tmp_path / "forged.json"
    path.write_bytes(forged_text(envelope).encode("utf-8"))
    return path


def _problems(**table: list[Any]) -> Any:
    def edit(state: dict[str, Any]) -> None:
        state["clans"][0]["last_turn"]["problems"] = table
    return edit


def test_a_saved_problem_missing_a_fact_or_of_no_known_code_is_refused_naming_it(
        game: Game, tmp_path: Path) -> None:
    missing = _problems(line=[4], code=["no_city"], level=["check"], facts=[{}])
    with pytest.raises(SaveError, match=r"state\.clans\[0\]\.last_turn\.problems\[0\]\.facts"
                                        r"\.hex: missing"):
        load_game(_forged(game, missing, tmp_path))
    wrong = _problems(line=[4], code=["no_city"], level=["check"], facts=[{"hex": 307}])
    with pytest.raises(SaveError, match=r"problems\[0\]\.facts\.hex: expected a text, got 307"):
        load_game(_forged(game, wrong, tmp_path))
    unknown = _problems(line=[4], code=["zz"], level=["parse"], facts=[{}])
    with pytest.raises(SaveError, match=r"problems\[0\]\.code: \"zz\" is not a problem code"):
        load_game(_forged(game, unknown, tmp_path))
    worded = _problems(line=[4], code=["no_city"], message=["there is no city in 0307"],
                       level=["check"], facts=[{"hex": "0307"}])
    with pytest.raises(SaveError, match=r"problems\.message: is not a known field"):
        load_game(_forged(game, worded, tmp_path))


def test_a_version_4_problem_keeps_its_words_and_a_resolve_problem_its_facts(game: Game) -> None:
    """Save version 4 stored a parse or check problem's sentence; version 5 reads it as code
    "legacy" with that sentence, shown as before; a resolve problem had none and is unchanged."""
    data = {"state": unstructure_state(game.state)}
    data["state"]["clans"][0]["last_turn"]["problems"] = {
        "line": [2, 5], "code": ["no_troops", "no_fuel"],
        "message": ["not enough troops to defend 0101", ""], "level": ["check", "resolve"],
        "facts": [{}, {"why": "scan", "convoy": 1, "need": 4, "have": 1}]}
    assert SAVE_VERSION >= 5
    migrated = migrate(data, 4)
    problems = structure_state(migrated["state"]).clans[0].last_turn.problems
    assert [(p.code, p.facts) for p in problems] == [
        ("legacy", {SAID: "not enough troops to defend 0101", "code": "no_troops"}),
        ("no_fuel", {"why": "scan", "convoy": 1, "need": 4, "have": 1})]
    assert problem_line(problems[0]) == "line 2: not enough troops to defend 0101"
    assert problem_line(problems[1]) == ("line 5: convoy #1 needs at least 4 fuel to scan a hex "
                                         "but only 1 is left")
    assert "message" in data["state"]["clans"][0]["last_turn"]["problems"], "input unchanged"


def test_the_first_saves_problem_reads_as_it_was_stored() -> None:
    """tests/fixtures/saves/v0_tiny.json (save version 0) kept a check problem's sentence; it
    goes through every migration and the report lists it in the same words."""
    game = load_game(Path(__file__).parent / "fixtures" / "saves" / "v0_tiny.json")
    (problem,) = game.clan(1).last_turn.problems
    assert (problem.code, problem.level) == ("legacy", "check")
    assert problem.facts == {SAID: "not enough troops to defend 0101", "code": "no_troops"}
    assert problem_line(problem) == "line 2: not enough troops to defend 0101"
