"""Seats: bots at a level, seats handed between people and bots at any time and saved at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.cli import main
from conquest_tui.pins.hashing import hash_pin
from conquest_tui.session import Session, SessionError

PIN = "wolfpin"


@pytest.fixture(scope="module")
def pin_hash() -> str:
    return hash_pin(PIN)


def _numbers(table: Session) -> dict[str, int]:
    return {clan.name: clan.number for clan in table.referee().game.state.clans}


def test_new_with_a_level_seats_bots_at_that_level(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bots.json"
    assert main(["new", "--map", "test_small", "--clans", "4", "--bots", "4", "--level",
                 "hard", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("(bot, hard)") == 4
    table = Session.open(path)
    assert {(seat.seat, seat.level) for seat in table.seats()} == {("bot", "hard")}
    assert main(["seat", str(path)]) == 0
    assert capsys.readouterr().out.count("(bot, hard)") == 4
    clan = table.referee().game.state.clan_order[0]
    assert main(["report", "--save", str(path), "--clan", str(clan)]) == 0
    assert "This seat is played by a bot (hard)" in capsys.readouterr().out


def test_levels_per_seat_and_unknown_levels() -> None:
    game = session.new_game(map_name="test_small", clans=3, bots=2, seed="lv",
                            level=["normal", "easy", "hard"])
    levels = {clan.name: (clan.seat, clan.bot_level) for clan in game.state.clans}
    assert levels["Road Hogs"] == ("bot", "easy")
    assert levels["Dust Devils"] == ("bot", "hard")
    with pytest.raises(SessionError, match="not 'brutal'"):
        session.new_game(map_name="test_small", clans=2, bots=2, level="brutal")


def test_set_seat_hands_a_seat_to_a_bot_and_back_and_saves_at_once(tmp_path: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="seat")
    path = tmp_path / "seat.json"
    table = Session(game, path)
    clan = game.state.clan_order[0]
    table.open_seat(clan).set_seat("bot", "easy")
    again = Session.open(path)
    info = again.seat_info(clan)
    assert (info.seat, info.level) == ("bot", "easy")
    handover = again.play_bots()
    assert [turn.clan for turn in handover.bot_turns] == [clan]
    assert "easy" in handover.bot_turns[0].sentence
    again.open_seat(clan).set_seat("human")
    assert Session.open(path).referee().game.clan(clan).seat == "human"
    with pytest.raises(SessionError):
        again.open_seat(clan).set_seat("robot")


def test_a_seat_handed_to_a_bot_keeps_its_pin_for_taking_it_back(
        tmp_path: Path, pin_hash: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="pinseat",
                            pin_hashes=[pin_hash, ""])
    path = tmp_path / "pinseat.json"
    session.save(game, path)
    wolves = _numbers(Session.open(path))["Iron Wolves"]
    assert main(["seat", str(path), "--clan", str(wolves), "--bot", "--pin", "nope"]) != 0
    assert Session.open(path).seat_info(wolves).seat == "human", "a wrong PIN changes nothing"
    assert main(["seat", str(path), "--clan", str(wolves), "--bot", "--level", "hard",
                 "--pin", PIN]) == 0
    seated = Session.open(path).referee().game.clan(wolves)
    assert (seated.seat, seated.bot_level, bool(seated.pin_hash)) == ("bot", "hard", True)
    assert main(["seat", str(path), "--clan", str(wolves), "--human"]) != 0
    assert "PIN" in capsys.readouterr().err
    assert main(["seat", str(path), "--clan", str(wolves), "--human", "--pin", PIN]) == 0
    assert Session.open(path).referee().game.clan(wolves).seat == "human"


def test_anyone_may_take_over_a_bot_seat_without_a_pin(tmp_path: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, bots=1, seed="take")
    path = tmp_path / "take.json"
    session.save(game, path)
    bot = _numbers(Session.open(path))["Road Hogs"]
    assert main(["seat", str(path), "--clan", str(bot), "--human"]) == 0
    assert Session.open(path).referee().game.clan(bot).seat == "human"
