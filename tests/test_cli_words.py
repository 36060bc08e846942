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
        if name in ("maps", "play", "simulate"):
            continue
        options = {option for action in command._actions for option in action.option_strings}
        assert "--save" in options, name


def test_help_texts_speak_in_words_not_rule_ids() -> None:
    """`--help` never shows a rule id such as "AMB-57" (players read words)."""
    texts = [build_parser().format_help()]
    texts += [command.format_help() for command in _subcommands().values()]
    for text in texts:
        assert not re.search(r"\b(AMB|CC)-[A-Z0-9]", text.replace("(CC-MOVE-04)", "")), text
    new_help = _subcommands()["new"].format_help()
    assert "popularity a Clan needs to win" in " ".join(new_help.split())
