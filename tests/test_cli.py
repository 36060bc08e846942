"""The headless CLI: new, check, turn, report, maps — clear sentences, exit codes, no tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conquest_tui.cli import main, table_commands
from conquest_tui.engine.core.game import Game


def _first_clan(save: Path, capsys: pytest.CaptureFixture[str]) -> int:
    capsys.readouterr()
    main(["report", "--save", str(save), "--clan", "1"])
    err = capsys.readouterr().err
    numbers = [int(word) for word in err.replace(",", " ").split() if word.isdigit()]
    return numbers[1]


def test_new_saves_the_game(save: Path) -> None:
    assert save.exists()


def test_new_sets_the_turn_limit_amb_57(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "short.json"
    assert main(["new", "--map", "test_small", "--clans", "2", "--turn-limit", "3",
                 "--save", str(path)]) == 0
    assert "the game ends after game turn 3" in capsys.readouterr().out
    assert main(["new", "--map", "test_small", "--clans", "2", "--turn-limit", "-1",
                 "--save", str(tmp_path / "bad.json")]) != 0
    assert "--turn-limit must be 0" in capsys.readouterr().err


def test_check_names_each_bad_line_and_exits_1(save: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "s.txt"
    sheet.write_text("[PRE]\nBUY lots FUEL\nENLIST 5\n[CONVOY 1]\nFROB\n")
    data = json.loads(save.read_text())
    clan = data["summary"]["active_clan"]
    capsys.readouterr()
    assert main(["check", "--save", str(save), "--clan", str(clan), str(sheet)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("line 2: ") and out[1].startswith("line 5: ")
    sheet.write_text("[PRE]\nENLIST 5\n")
    assert main(["check", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0


def test_turn_runs_reports_and_saves(save: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "s.txt"
    sheet.write_text("[PRE]\nENLIST 5\nBUY lots FUEL\n")
    clan = json.loads(save.read_text())["summary"]["active_clan"]
    before = save.read_text()
    capsys.readouterr()
    assert main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "Enlisted 5 troops" in out and "line 3:" in out
    assert save.read_text() != before
    assert main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 1
    assert "turn" in capsys.readouterr().err


def test_report_json_is_fog_filtered(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(save.read_text())
    clan = data["summary"]["active_clan"]
    capsys.readouterr()
    assert main(["report", "--save", str(save), "--clan", str(clan), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["clan"] == clan
    assert all(convoy["number"] for convoy in report["convoys"])
    assert {"stock", "convoys", "cities", "hexes", "events", "problems"} <= report.keys()


@pytest.mark.parametrize("argv, fragment", [
    (["report", "--save", "/nonexistent/x.json", "--clan", "1"], "no such save file"),
    (["new", "--map", "atlantis", "--clans", "2", "--save", "/tmp/never.json"], "atlantis"),
    (["new", "--map", "test_small", "--clans", "9", "--save", "/tmp/never.json"], "at most"),
])
def test_failures_are_one_sentence_without_traceback(argv: list[str], fragment: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_maps_lists_test_small(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maps"]) == 0
    assert "test_small" in capsys.readouterr().out


@pytest.mark.parametrize("argv, opened", [([], None), (["play"], None),
                                          (["play", "old.json"], "old.json")])
def test_the_app_opens_alike_with_no_command_and_with_play(argv: list[str], opened: str | None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str | None] = []
    monkeypatch.setattr(table_commands, "play", lambda save: seen.append(save) or 0)
    assert main(argv) == 0
    assert seen == [opened]


def test_play_with_two_saves_is_a_usage_error(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(table_commands, "play", lambda save: pytest.fail("the app must not open"))
    with pytest.raises(SystemExit) as stop:
        main(["play", "a.json", "b.json"])
    assert stop.value.code == 2
    assert "unrecognized arguments: b.json" in capsys.readouterr().err


def test_turn_for_an_unknown_clan_lists_the_clans(save: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "s.txt"
    sheet.write_text("[PRE]\n")
    capsys.readouterr()
    assert main(["turn", "--save", str(save), "--clan", "1", str(sheet)]) == 1
    err = capsys.readouterr().err
    assert "there is no Clan 1 in this game; the Clans are" in err and "Wolves" in err


def test_report_json_gives_each_event_its_kind_facts_and_sentence(
        save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "s.txt"
    sheet.write_text("[PRE]\nENLIST 5\nBUY lots FUEL\n")
    clan = json.loads(save.read_text())["summary"]["active_clan"]
    assert main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0
    capsys.readouterr()
    assert main(["report", "--save", str(save), "--clan", str(clan), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    enlisted = [event for event in report["events"] if event["kind"] == "enlist"]
    assert enlisted and enlisted[0]["text"].startswith("Enlisted 5 troops")
    assert isinstance(enlisted[0]["facts"], dict)
    assert [problem["line"] for problem in report["problems"]] == [3]
    assert all(problem["text"] for problem in report["problems"])


def test_rule_ids_are_shown_only_with_rules_cc_rpt_01(save: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Players read sentences; `--rules` adds the rulebook references (check, turn, report)."""
    sheet = tmp_path / "s.txt"
    sheet.write_text('[PRE]\nNAME 1 "The Best"\n')
    clan = json.loads(save.read_text())["summary"]["active_clan"]
    capsys.readouterr()
    assert main(["check", "--save", str(save), "--clan", str(clan), str(sheet)]) == 1
    assert capsys.readouterr().out == 'line 2: names must not begin with "the"\n'
    assert main(["check", "--rules", "--save", str(save), "--clan", str(clan), str(sheet)]) == 1
    assert "(CC-CL-NAME-01)" in capsys.readouterr().out
    assert main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0
    assert "CC-" not in capsys.readouterr().out
    assert main(["report", "--save", str(save), "--clan", str(clan)]) == 0
    plain = capsys.readouterr().out
    assert main(["report", "--rules", "--save", str(save), "--clan", str(clan)]) == 0
    assert "CC-" not in plain and "(CC-CL-NAME-01)" in capsys.readouterr().out


def test_report_counts_in_the_right_number(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"1 Car, 2 Bikes": vehicle counts read as English."""
    clan = json.loads(save.read_text())["summary"]["active_clan"]
    capsys.readouterr()
    assert main(["report", "--save", str(save), "--clan", str(clan)]) == 0
    assert "Vehicles: 1 Car, 2 Bikes" in capsys.readouterr().out


def test_check_prints_a_warning_and_still_succeeds_cc_cbh_05(
        game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A move that attacks a hex is a warning, not a problem: `check` says so and exits 0."""
    from conquest_tui import session

    first, second = game.state.clan_order
    hex_state = game.hex("0307")  # north of Clan first's home, 0308
    hex_state.owner, hex_state.defense, hex_state.garrison = second, 5, 5
    convoy = game.convoy(first, 1)
    assert convoy is not None and convoy.hex == "0308"
    convoy.troops = 25
    game.clan(first).last_turn.visited_hexes.append("0307")  # the Clan saw it last turn
    save, sheet = tmp_path / "warn.json", tmp_path / "sheet.txt"
    session.save(game, save)
    sheet.write_text("[CONVOY 1]\nN\n")
    assert main(["check", "--save", str(save), "--clan", str(first), str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "line 2: warning: this move attacks hex 0307" in out
    assert out.rstrip().endswith("No problems found (1 warning).")


def test_one_troop_enlisted_is_one_troop(save: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The report words a single recruit in the singular (ENLIST, CC-CNV troops)."""
    sheet = tmp_path / "s.txt"
    sheet.write_text("[PRE]\nENLIST 1\n")
    clan = json.loads(save.read_text())["summary"]["active_clan"]
    capsys.readouterr()
    assert main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "Enlisted 1 troop at" in out and "1 troops" not in out


def test_turn_lets_the_bots_that_open_the_game_play_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A new game whose first seat is a bot: the person's `conquest turn` has the bots due
    before it play first, as the table's hand-over would, instead of refusing the turn."""
    path = tmp_path / "bots_first.json"
    for seed in range(1, 40):
        assert main(["new", "--map", "test_small", "--clans", "2", "--bots", "1",
                     "--seed", str(seed), "--force", "--save", str(path)]) == 0
        seats = [line.split() for line in capsys.readouterr().out.splitlines()
                 if line.startswith("  Clan ")]
        if "(bot," in seats[0]:
            break
    else:
        pytest.fail("no seed opens with a bot")
    person = next(words[1] for words in seats if "(human)" in words)
    sheet = tmp_path / "s.txt"
    sheet.write_text("[PRE]\nENLIST 5\n")
    assert main(["turn", "--save", str(path), "--clan", person, str(sheet)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bot Clan ") and "played its turn" in out.splitlines()[0]
    assert "Enlisted 5 troops" in out
