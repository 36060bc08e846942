"""Seats' PINs: salted hashes, the back-off after wrong PINs kept in the save, PINs on the CLI."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.cli import main
from conquest_tui.pins.backoff import MAX_DELAY, PinAnswer, Verdict, delay_after, try_again
from conquest_tui.pins.hashing import N, hash_pin, is_pin_hash, verify_pin
from conquest_tui.session import Session

PIN = "hogpin"
"""The second seat's PIN (the first seat has none)."""


class FakeClock:
    """Epoch seconds that move only when a test says so."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def pin_hash() -> str:
    """PIN's hash, made once (scrypt is slow on purpose)."""
    return hash_pin(PIN)


@pytest.fixture
def saved(tmp_path: Path, pin_hash: str) -> tuple[Path, int, int]:
    """A saved two-Clan game: its path, the Clan without a PIN and the Clan with one."""
    game = session.new_game(map_name="test_small", clans=2, seed="pins",
                            names=["Iron Wolves", "Road Hogs"], pin_hashes=["", pin_hash])
    path = tmp_path / "pins.json"
    session.save(game, path)
    by_name = {clan.name: clan.number for clan in game.state.clans}
    return path, by_name["Iron Wolves"], by_name["Road Hogs"]


# --- hashes ----------------------------------------------------------------------------------
def test_hash_has_the_stored_form_and_a_fresh_salt() -> None:
    first, second = hash_pin("wolfpin"), hash_pin("wolfpin")
    scheme, n, r, p, salt, digest = first.split("$")
    assert (scheme, int(n), int(r), int(p)) == ("scrypt", N, 8, 1)
    assert len(bytes.fromhex(salt)) == 16 and len(bytes.fromhex(digest)) == 32
    assert first != second, "every hash gets its own salt"
    assert "wolfpin" not in first
    assert is_pin_hash(first)


def test_verify_accepts_the_pin_and_nothing_else() -> None:
    stored = hash_pin("0815", salt=b"fixed-salt-16byt")
    assert verify_pin("0815", stored)
    assert not any(verify_pin(pin, stored) for pin in ("0816", "", "08150"))


@pytest.mark.parametrize("stored", [
    "", "1234", "scrypt$16384$8$1$zz$00", "bcrypt$16384$8$1$00$00", "scrypt$3$8$1$00$00",
    "scrypt$16384$8$1$$00", "scrypt$1073741824$8$1$00$00",
])
def test_verify_rejects_malformed_hashes(stored: str) -> None:
    assert not verify_pin("1234", stored)
    assert not is_pin_hash(stored)


def test_an_empty_pin_is_not_hashed() -> None:
    with pytest.raises(ValueError):
        hash_pin("")


# --- the back-off ----------------------------------------------------------------------------
def test_three_wrong_pins_are_free_then_the_wait_doubles_up_to_fifteen_minutes() -> None:
    assert [delay_after(n) for n in range(1, 10)] == [0, 0, 0, 1, 2, 4, 8, 16, 32]
    assert delay_after(14) == delay_after(10**9) == MAX_DELAY == 15 * 60
    assert try_again(1) == "Try again in 1 second."
    assert try_again(2) == "Try again in 2 seconds."
    assert try_again(MAX_DELAY) == "Try again in 15 minutes."


def test_the_wait_doubles_after_three_failures_and_survives_reloading(
        saved: tuple[Path, int, int]) -> None:
    path, _, clan = saved
    clock = FakeClock()
    table = Session.open(path)
    table.clock = clock
    for _ in range(3):
        assert table.try_pin(clan, "0000").verdict is Verdict.WRONG
        assert table.pin_wait(clan) == 0
    assert table.try_pin(clan, "0000") == PinAnswer(Verdict.WRONG, 1)

    again = Session.open(path)  # quitting and starting again does not end the wait
    again.clock = clock
    assert again.pin_wait(clan) == 1
    assert again.try_pin(clan, PIN).verdict is Verdict.WAIT, "no PIN is heard during the wait"
    clock.now += 1
    assert again.try_pin(clan, "0000").wait == 2
    clock.now += 2
    assert again.try_pin(clan, "0000").wait == 4
    assert Session.open(path).referee().game.clan(clan).pin_failures == 6
    assert not list(path.parent.glob("*.bak*")), "a wrong PIN leaves the backups alone"

    clock.now += 4
    assert again.try_pin(clan, PIN).accepted
    reloaded = Session.open(path).referee().game.clan(clan)
    assert (reloaded.pin_failures, reloaded.pin_retry_at) == (0, 0), "a right PIN resets it"


def test_the_wait_told_is_the_one_counted_however_long_the_save_takes(
        saved: tuple[Path, int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The fourth wrong PIN is told "Try again in 1 second." even when saving the count takes
    longer than that on a busy machine (the wait itself still runs on the clock)."""
    path, _, clan = saved
    clock = FakeClock()
    table = Session.open(path)
    table.clock = clock
    write = Session._write_now

    def slow_write(self: Session, *args: object, **kwargs: object) -> None:
        write(self, *args, **kwargs)  # type: ignore[arg-type]
        clock.now += 3  # a save that took three seconds

    monkeypatch.setattr(Session, "_write_now", slow_write)
    for _ in range(3):
        assert table.try_pin(clan, "0000") == PinAnswer(Verdict.WRONG, 0)
    assert table.try_pin(clan, "0000") == PinAnswer(Verdict.WRONG, 1)
    assert table.pin_wait(clan) == 0, "the wait ran out while the count was saved"


def test_a_clock_set_back_waits_no_longer_than_the_longest_wait(
        saved: tuple[Path, int, int]) -> None:
    path, _, clan = saved
    clock = FakeClock()
    table = Session.open(path)
    table.clock = clock
    table.referee().game.clan(clan).pin_retry_at = int(clock.now) + 86_400
    assert table.pin_wait(clan) == MAX_DELAY
    clock.now += MAX_DELAY
    assert table.pin_wait(clan) == 0


def test_a_seat_without_a_pin_is_open_and_a_turn_leaves_the_pin_count_alone(
        saved: tuple[Path, int, int]) -> None:
    path, open_seat, clan = saved
    table = Session.open(path)
    assert not table.seat_info(open_seat).has_pin and not table.seat_door(open_seat).needs_pin
    assert table.try_pin(open_seat, "").accepted
    active = table.active_clan
    seat = table.open_seat(active, PIN if active == clan else None)
    guarded = table.referee().game.clan(clan)
    guarded.pin_failures, guarded.pin_retry_at = 5, 1_234
    seat.submit("")
    assert (guarded.pin_failures, guarded.pin_retry_at) == (5, 1_234)


# --- the command line ------------------------------------------------------------------------
def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard input is not a terminal (a script, a pipe)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


@pytest.mark.usefixtures("no_terminal")
@pytest.mark.parametrize("command", ["report", "check", "turn"])
def test_the_cli_refuses_a_pin_clan_without_its_pin(
        command: str, saved: tuple[Path, int, int], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, _, clan = saved
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("", encoding="utf-8")
    before = path.read_bytes()
    args = [command, "--save", str(path), "--clan", str(clan)]
    code, out, err = _run(args + ([str(sheet)] if command != "report" else []), capsys)
    assert code == 2 and out == ""
    assert err == f"conquest: Clan {clan} (Road Hogs) has a PIN: give it with --pin.\n"
    assert path.read_bytes() == before, "nothing was played or counted"


@pytest.mark.usefixtures("no_terminal")
def test_the_cli_refuses_a_wrong_pin_and_backs_off(
        saved: tuple[Path, int, int], capsys: pytest.CaptureFixture[str]) -> None:
    path, _, clan = saved
    args = ["report", "--save", str(path), "--clan", str(clan), "--pin"]
    code, out, err = _run([*args, "0000"], capsys)
    assert code == 1 and out == "" and err == f"conquest: Wrong PIN for Clan {clan} (Road Hogs).\n"
    game = session.load(path)
    game.clan(clan).pin_failures = 7
    game.clan(clan).pin_retry_at = 2**40  # far ahead: the longest wait
    session.save(game, path)
    code, out, err = _run([*args, PIN], capsys)
    assert code == 1 and out == ""
    assert err == (f"conquest: Too many wrong PINs for Clan {clan} (Road Hogs). "
                   "Try again in 15 minutes.\n")


@pytest.mark.usefixtures("no_terminal")
def test_the_cli_shows_the_clan_with_the_right_pin_and_others_without(
        saved: tuple[Path, int, int], capsys: pytest.CaptureFixture[str]) -> None:
    path, open_seat, clan = saved
    code, out, _ = _run(["report", "--save", str(path), "--clan", str(clan), "--pin", PIN],
                        capsys)
    assert code == 0 and f"report for Clan {clan} (Road Hogs)" in out
    code, out, _ = _run(["report", "--save", str(path), "--clan", str(open_seat)], capsys)
    assert code == 0 and f"report for Clan {open_seat} (Iron Wolves)" in out


def test_the_cli_asks_for_the_pin_on_a_terminal(
        saved: tuple[Path, int, int], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import getpass

    path, _, clan = saved
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    asked: list[str] = []
    monkeypatch.setattr(getpass, "getpass", lambda prompt: asked.append(prompt) or PIN)
    code, out, _ = _run(["report", "--save", str(path), "--clan", str(clan), "--json"], capsys)
    assert code == 0 and asked == [f"PIN of Clan {clan} (Road Hogs): "]
    assert '"clan_name": "Road Hogs"' in out


def test_new_sets_pins_by_seat_and_refuses_one_for_a_bot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.json"
    base = ["new", "--map", "test_small", "--clans", "3", "--seed", "s", "--save", str(path)]
    code, out, _ = _run([*base, "--pins", "1234,,5678"], capsys)
    assert code == 0 and out.count("(human, PIN)") == 2 and "1234" not in path.read_text()
    seats = {clan.name: clan.pin_hash for clan in session.load(path).state.clans}
    first, second, third = (seats[name] for name in session.CLAN_NAMES[:3])
    assert verify_pin("1234", first) and second == "" and verify_pin("5678", third)
    code, _, err = _run([*base, "--force", "--bots", "1", "--pins", ",,9"], capsys)
    assert code == 1 and "a bot seat needs no PIN" in err
