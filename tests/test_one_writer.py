"""One writer at a time: a save's stamp and lock refuse a write over another window's turn,
and count every wrong PIN, whoever gives it (issue "Seats and saves", CC-SEQ-01, CC-GEN-02)."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.pins.backoff import Verdict
from conquest_tui.pins.hashing import hash_pin
from conquest_tui.session import SaveMovedOn, Session
from conquest_tui.storage.savefile import read_stamp

PIN = "2468"


@pytest.fixture(scope="module")
def pin_hash() -> str:
    return hash_pin(PIN)


@pytest.fixture
def path(tmp_path: Path, pin_hash: str) -> Path:
    """Two human Clans on the test map, the second behind a PIN, saved."""
    saved = tmp_path / "saves" / "two.json"
    Session.new(saved, map_name="test_small", clans=2, seed="writers", pin_hashes=["", pin_hash])
    return saved


def seat(table: Session, clan: int) -> session.Seat:
    """The Clan's seat, with its PIN when it has one."""
    return table.open_seat(clan, PIN if table.seat_info(clan).has_pin else None)


def guarded(path: Path) -> int:
    """The Clan behind the PIN."""
    return next(info.number for info in Session.open(path).seats() if info.has_pin)


def test_a_new_game_is_the_save_s_first_generation(path: Path) -> None:
    assert read_stamp(path).generation == 1


def test_cc_seq_01_a_second_window_s_turn_is_refused_and_the_save_keeps_one_turn(
        path: Path) -> None:
    here, there = Session.open(path), Session.open(path)
    first = here.active_clan
    mine, theirs = seat(here, first), seat(there, first)  # the same Clan in two windows
    mine.submit("[PRE]\nENLIST 2\n")
    with pytest.raises(SaveMovedOn) as refused:
        theirs.submit("[PRE]\nENLIST 3\n")
    sentence = str(refused.value)
    assert f"the game moved on: Clan {first}'s turn was saved at " in sentence
    assert sentence.endswith("in another window — load it again")
    again = Session.open(path)
    assert again.active_clan != first and read_stamp(path).generation == 2
    assert again.referee().game.clan(first).turns_played == 1, "exactly one turn was kept"


def test_a_window_that_loads_again_goes_on_from_the_other_s_turn(path: Path) -> None:
    here, there = Session.open(path), Session.open(path)
    seat(here, here.active_clan).submit("")
    assert there.moved_on().startswith("the game moved on:")
    there.reload()
    assert there.moved_on() == "" and there.active_clan == here.active_clan
    second = there.active_clan
    seat(there, second).submit("")
    assert Session.open(path).game_turn == 2


def test_a_draft_written_over_another_window_s_turn_is_refused(path: Path) -> None:
    here, there = Session.open(path), Session.open(path)
    first = here.active_clan
    mine, theirs = seat(here, first), seat(there, first)
    mine.submit("")
    with pytest.raises(SaveMovedOn):
        theirs.save_draft("[PRE]\nENLIST 9\n")
    assert "ENLIST 9" not in path.read_text(encoding="utf-8")


def test_twelve_wrong_pins_at_once_are_each_counted_or_wait(path: Path) -> None:
    """Twelve windows guess at once: each guess is counted under the lock (none is lost to
    another's write) or refused by the back-off; none fails to save."""
    second = guarded(path)
    answers: list[Verdict] = []
    errors: list[BaseException] = []

    def guess() -> None:
        try:
            answers.append(Session.open(path).try_pin(second, "0000").verdict)
        except BaseException as error:  # noqa: BLE001 - every failure is the test's business
            errors.append(error)

    threads = [threading.Thread(target=guess) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    wrong = answers.count(Verdict.WRONG)
    assert wrong + answers.count(Verdict.WAIT) == 12 and wrong >= 3
    assert Session.open(path).referee().game.clan(second).pin_failures == wrong


def test_two_conquest_turn_commands_at_once_run_one_turn(path: Path, tmp_path: Path) -> None:
    """Two `conquest turn` for the same Clan started together: one runs, the other is refused
    with a sentence and exit code 1; the save holds one turn."""
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("[PRE]\nENLIST 2\n", encoding="utf-8")
    first = Session.open(path).active_clan
    pin = ["--pin", PIN] if first == guarded(path) else []
    command = [sys.executable, "-m", "conquest_tui", "turn", "--save", str(path), "--clan",
               str(first), *pin, str(sheet)]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    results = [(run.wait(timeout=120), *run.communicate()) for run in runs]
    codes = sorted(code for code, _, _ in results)
    assert codes == [0, 1], results
    refused = next(err for code, _, err in results if code == 1)
    assert refused.startswith("conquest: ") and "Traceback" not in refused
    assert "moved on" in refused or "not Clan" in refused or "'s turn" in refused
    assert Session.open(path).referee().game.clan(first).turns_played == 1


def test_a_pin_seat_handed_to_a_bot_changes_level_only_with_its_pin(path: Path) -> None:
    second = guarded(path)
    Session.open(path).open_seat(second, PIN).set_seat("bot", "normal")
    with pytest.raises(session.PinNeeded):
        Session.open(path).open_seat(second).set_seat("bot", "easy")
    with pytest.raises(session.PinRefused):
        Session.open(path, clock=lambda: 0.0).open_seat(second, "1111")
    assert Session.open(path).seat_info(second).level == "normal"
