"""The command line as a player meets it: `--save` on every command that reads a save, help
texts in words, the rulebook references `--rules` promises (issue 27)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from conquest_tui.cli import build_parser, main


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert main(["new", "--map", "test_small", "--clans", "2", "--seed", "demo",
                 "--save", str(path)]) == 0
    return path


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_seat_takes_save_like_every_other_command(save: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`conquest seat --save FILE` lists the seats, as `conquest seat FILE` does."""
    capsys.readouterr()
    assert main(["seat", str(save)]) == 0
    positional = capsys.readouterr().out
    assert main(["seat", "--save", str(save)]) == 0
    assert capsys.readouterr().out == positional
    assert "Clan 856 Iron Wolves (human)" in positional
    assert main(["seat"]) != 0
    assert "needs a save file" in capsys.readouterr().err


def test_every_command_that_reads_a_save_takes_save_option() -> None:
    """No command refuses `--save` (except `new` and `simulate`, which write saves of their own
    or none, and `play`, which takes the save it resumes)."""
    for name, command in _subcommands().items():
        if name in ("maps", "play", "simulate", "scenario"):
            continue
        options = {option for action in command._actions for option in action.option_strings}
        assert "--save" in options, name
    scenario = next(a for a in _subcommands()["scenario"]._actions
                    if isinstance(a, argparse._SubParsersAction))
    export = scenario.choices["export"]  # `scenario run` reads scenario files, not saves
    assert "--save" in {option for action in export._actions for option in action.option_strings}


def test_help_texts_speak_in_words_not_rule_ids() -> None:
    """`--help` never shows a rule id such as "AMB-57" (players read words)."""
    texts = [build_parser().format_help()]
    texts += [command.format_help() for command in _subcommands().values()]
    for text in texts:
        assert not re.search(r"\b(AMB|CC)-[A-Z0-9]", text.replace("(CC-MOVE-04)", "")), text
    new_help = _subcommands()["new"].format_help()
    assert "popularity a Clan needs to win" in " ".join(new_help.split())


SHEET = ("[PRE]\nBUY 2 BIKES #1\nENLIST 20\n[CONVOY 1]\nNW\nLOOT\nPAUSE\n[POST]\n"
         "DEFEND 2 16**\nERECT 1609 MARKETPLACE\n")


def test_rules_shows_the_rulebook_reference_of_every_event_cc_rpt_01(
        save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`turn --rules` and `report --rules` end each event with its rule, e.g. the move with
    (CC-CO-MOVE-03); without `--rules` no rule id shows."""
    sheet = tmp_path / "sheet.txt"
    sheet.write_text(SHEET)
    capsys.readouterr()
    assert main(["turn", "--rules", "--save", str(save), "--clan", "856", str(sheet)]) == 0
    out = capsys.readouterr().out
    events = out.split("EVENTS OF YOUR TURN")[1].split("Next:")[0].strip().splitlines()[1:]
    assert events and all(re.search(r"\((CC|AMB)-[A-Z0-9-]+\)$", line) for line in events), \
        events
    assert any(line.startswith("[pulse 1, line 5] Convoy #1 moved NW")
               and line.endswith("(CC-CO-MOVE-03)") for line in events)
    assert main(["report", "--rules", "--save", str(save), "--clan", "246"]) == 0
    assert main(["report", "--save", str(save), "--clan", "246"]) == 0
    plain = capsys.readouterr().out.split("CONTINENTAL CONQUEST — report")[-1]
    assert "(CC-" not in plain and "(AMB-" not in plain


def test_check_rules_names_the_rule_of_each_problem_line_cc_co_gen_01_cc_cl_gen_02(
        save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A problem on an order's line names that order's rule; a line that is no order, how its
    section's lines are written."""
    sheet = tmp_path / "bad.txt"
    sheet.write_text('[PRE]\nFOO\n[CONVOY 1]\nZZZ\nLOOT 5\n')
    capsys.readouterr()
    assert main(["check", "--rules", "--save", str(save), "--clan", "856", str(sheet)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        'line 2: "FOO" is not an order (CC-CL-GEN-02)',
        'line 4: "ZZZ" is not an order (CC-CO-GEN-01)',
        'line 5: LOOT does not take "5" (format: LOOT) (CC-CO-LOOT-01)']
