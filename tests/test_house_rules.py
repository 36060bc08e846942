"""House rules: declared once, off by default, chosen at new, kept in the save; standing orders.

Ids: docs/rules-interpretations.md "House rules" (HOUSE-01…03, HOUSE-STANDING-01…05).
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from conquest_tui import session
from conquest_tui.cli import main
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.orders.standing import split_mark, standing_draft
from conquest_tui.engine.rules.house import HouseRuleName, HouseRulesInPlay
from conquest_tui.engine.sentences.event_text import problem_text
from conquest_tui.session import Session, SessionError
from conquest_tui.storage.rules_loader import load_ruleset

STANDING = HouseRulesInPlay(frozenset({HouseRuleName.STANDING}))


def _table(tmp_path: Path, *house: str) -> Session:
    return Session.new(tmp_path / "game.json", map_name="test_small", clans=2, seed="house",
                       house_rules=house)


def test_each_house_rule_is_declared_with_its_words_seed_and_numbers_house_01() -> None:
    rules = load_ruleset().house_rules
    standing = rules.rule(HouseRuleName.STANDING)
    assert rules.names() == ("standing", "treaties", "revolt")
    assert standing.title == "Standing orders"
    assert "seed 002" in standing.seed and "@" in standing.summary
    assert rules.standing.mark == "@"
    assert rules.read_names(["Standing", " ", "standing"]) == (HouseRuleName.STANDING,)


def test_an_unknown_house_rule_is_refused_in_one_sentence_naming_the_known_ones_house_02(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SessionError, match=r"^there is no house rule sieges; the house rules "
                                           r"are standing, treaties, revolt$"):
        _table(tmp_path, "sieges")
    code = main(["new", "--map", "test_small", "--clans", "2", "--house", "standing,sieges",
                 str(tmp_path / "cli.json")])
    assert code != 0
    assert ("there is no house rule sieges; the house rules are standing, treaties, revolt"
            in capsys.readouterr().err)
    assert not (tmp_path / "cli.json").exists()


def test_house_rules_are_off_by_default_and_a_save_without_them_does_not_name_them_house_03(
        tmp_path: Path) -> None:
    table = _table(tmp_path)
    game = table.referee().game
    assert not game.house and not game.house.on(HouseRuleName.STANDING)
    assert table.facts().house_rules == ()
    data = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert "house_rules" not in data["data"]["state"]


def test_the_house_rules_chosen_at_new_are_kept_in_the_save_and_told_house_03(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _table(tmp_path, "standing")
    table = Session.open(tmp_path / "game.json")
    assert table.referee().game.house.on(HouseRuleName.STANDING)
    assert table.facts().house_rules == ("Standing orders",)
    assert main(["new", "--map", "test_small", "--clans", "2", "--seed", "x", "--house",
                 "standing", str(tmp_path / "cli.json")]) == 0
    assert "House rules: Standing orders." in capsys.readouterr().out


def test_the_repeat_mark_is_the_line_s_last_word_outside_quotes_and_comments_house_standing_01(
        ) -> None:
    assert split_mark("N @", "@") == ("N ", True)
    assert split_mark("BUY 20 FOOD @ ; every turn", "@") == ("BUY 20 FOOD ", True)
    assert split_mark('MESSAGE 12 "meet @"', "@")[1] is False
    assert split_mark("N@", "@")[1] is False
    assert split_mark("N ; @", "@")[1] is False


def test_a_marked_line_is_refused_where_standing_orders_are_not_in_play_house_standing_02(
        ) -> None:
    rules = load_ruleset()
    sheet = parse_sheet("[PRE]\nENLIST 5 @\n[CONVOY 1]\nN\n", rules)
    assert [p.line for p in sheet.problems] == [2]
    assert problem_text(sheet.problems[0]) == ("standing orders (@) are a house rule not in "
                                               "play in this game")
    assert sheet.pre[0].order is None and sheet.convoy_lines(1)[0].order is not None


def test_a_standing_order_reads_as_its_order_and_writes_its_mark_back_house_standing_01(
        ) -> None:
    rules = load_ruleset()
    sheet = parse_sheet("[PRE]\nen 5 @ ; troops\n[CONVOY 1]\nN\nPAUSE @\n", rules, STANDING)
    assert not sheet.problems
    enlist = sheet.pre[0].order
    assert enlist is not None and enlist.standing and sheet.pre[0].standing
    assert enlist.line(rules) == "ENLIST 5 @"
    assert enlist == attrs.evolve(enlist, standing=False), "the mark is not the order's meaning"
    assert parse_sheet(f"[PRE]\n{enlist.line(rules)}\n", rules, STANDING).pre[0].order == enlist
    assert standing_draft(sheet) == "[PRE]\nen 5 @ ; troops\n[CONVOY 1]\nPAUSE @\n"


def _enlisted(outcome: session.TurnOutcome) -> int:
    return sum(1 for event in outcome.result.events if event.kind == EventKind.ENLIST)


def test_a_standing_line_repeats_turn_after_turn_until_it_is_removed_house_standing_03(
        tmp_path: Path) -> None:
    table = _table(tmp_path, "standing")
    first, second = table.referee().game.state.clan_order
    seat, other = table.open_seat(first), table.open_seat(second)
    outcome = seat.submit("[PRE]\nENLIST 2 @\nBUY 5 FOOD\n[CONVOY 1]\nPAUSE @\n")
    assert _enlisted(outcome) == 1
    for _ in range(2):  # game turns 2 and 3: the Clan sends the sheet it was given
        assert seat.draft == "[PRE]\nENLIST 2 @\n[CONVOY 1]\nPAUSE @\n"
        other.submit("")
        assert _enlisted(seat.submit(seat.draft)) == 1
    assert Session.open(tmp_path / "game.json").open_seat(first).draft == seat.draft
    other.submit("")
    seat.submit(seat.draft.replace("ENLIST 2 @\n", ""))  # the player deletes the line
    assert seat.draft == "[CONVOY 1]\nPAUSE @\n"
    other.submit("")
    seat.submit("[PRE]\nENLIST 1\n")
    assert seat.draft == ""


def test_without_the_house_rule_the_next_sheet_starts_empty_house_standing_03(
        tmp_path: Path) -> None:
    table = _table(tmp_path)
    first = table.referee().game.state.clan_order[0]
    seat = table.open_seat(first)
    outcome = seat.submit("[PRE]\nENLIST 2 @\n")
    assert _enlisted(outcome) == 0
    assert seat.draft == ""


def test_a_standing_line_whose_convoy_is_gone_is_carried_and_fails_as_usual_house_standing_04(
        tmp_path: Path) -> None:
    table = _table(tmp_path, "standing")
    first, second = table.referee().game.state.clan_order
    seat = table.open_seat(first)
    seat.submit("[CONVOY 7]\nPAUSE @\n")
    assert seat.draft == "[CONVOY 7]\nPAUSE @\n"
    problems = seat.check(seat.draft)
    assert [p.line for p in problems] == [2]
    assert "7" in problem_text(problems[0])


def test_the_next_mailed_sheet_form_prints_the_standing_lines_house_standing_05(
        tmp_path: Path) -> None:
    table = _table(tmp_path, "standing")
    first = table.referee().game.state.clan_order[0]
    seat = table.open_seat(first)
    seat.submit("[PRE]\nENLIST 2 @\n[CONVOY 1]\nN\nPAUSE @\n")
    form = next(text for name, text in seat.packet().files if name.endswith("-sheet.txt"))
    assert "   1. ENLIST 2 @\n   2. ______" in form
    assert "  Convoy Orders:\n   1. PAUSE @\n   2. ______" in form
    sheet = parse_sheet(form, load_ruleset(), STANDING)
    assert [line.text for line in sheet.pre] == ["ENLIST 2 @"] and sheet.pre[0].standing


def test_a_save_naming_a_house_rule_twice_over_is_refused_in_a_sentence_house_03(
        tmp_path: Path) -> None:
    _table(tmp_path, "standing")
    path = tmp_path / "game.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["data"]["state"]["house_rules"] = ["standing"] * 5
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SessionError, match="state.house_rules: has 5 entries, more than the 3 "
                                           "house rules there are"):
        Session.open(path, allow_edited=True)


def test_revolt_lowers_the_default_victory_threshold_house_revolt_07() -> None:
    """Revolts slow every Clan, so a game with the rule is won at 95% of the map's threshold;
    a threshold the players set is kept as set."""
    plain = session.new_game(map_name="test_small", clans=2, bots=2, seed="t")
    revolt = session.new_game(map_name="test_small", clans=2, bots=2, seed="t",
                              house_rules=("revolt",))
    treaties = session.new_game(map_name="test_small", clans=2, bots=2, seed="t",
                                house_rules=("treaties",))
    base = plain.state.victory_threshold
    assert revolt.state.victory_threshold == round(base * 0.95) < base
    assert treaties.state.victory_threshold == base
    chosen = session.new_game(map_name="test_small", clans=2, bots=2, seed="t",
                              house_rules=("revolt",), victory_threshold=300)
    assert chosen.state.victory_threshold == 300
