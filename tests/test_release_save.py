"""A save written by the first release (save format 1) still loads, reads and plays the same.

`fixtures/saves/v1_release.json` was written by the release before Architecture v2: a two-Clan
test_small game in game turn 2 (captures, a failed attack, loot and a random event behind it).
It goes through the migration chain; both Clans' reports, and Clan 225's next turn, must read
as that release printed them (`fixtures/reports/`), but for what was added since: plurals fixed
("2 Bikes", was "2 Bike"), rule ids hidden unless asked (`--rules`), and a "SINCE YOUR LAST TURN"
section at the top with what happened to the Clan outside its turn. The game itself plays the
same. Covers CC-SEQ-16 (what happened between a Clan's turns is in its next report).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conquest_tui import cli

FIXTURES = Path(__file__).parent / "fixtures"
RELEASE = FIXTURES / "saves" / "v1_release.json"


@pytest.fixture
def release_save(tmp_path: Path) -> Path:
    path = tmp_path / "release.json"
    shutil.copyfile(RELEASE, path)
    return path


@pytest.mark.parametrize("clan", [133, 225])
def test_the_release_save_reads_as_it_did(release_save: Path, clan: int,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["report", "--save", str(release_save), "--clan", str(clan)]) == 0
    expected = (FIXTURES / "reports" / f"v1_release_report_{clan}.txt").read_text()
    assert capsys.readouterr().out == expected


def test_the_release_save_plays_its_next_turn_as_it_did_cc_seq_16(
        release_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = FIXTURES / "reports" / "v1_release_sheet_225.txt"
    assert cli.main(["turn", "--save", str(release_save), "--clan", "225", str(sheet)]) == 0
    expected = (FIXTURES / "reports" / "v1_release_turn_225.txt").read_text()
    assert capsys.readouterr().out == expected
