"""The command line of a game of Conquest (issue 30): `new --game conquest`, a seat's `view`,
one move with `act`, the bots' moves with `bots`, `simulate --game conquest`; the other game's
options and saves refused in words."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conquest_tui.cli import main
from conquest_tui.session.conquest_table import ConquestTable

Capture = pytest.CaptureFixture[str]


@pytest.fixture(autouse=True)
def no_disk_flush(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move is saved; waiting for the disk to flush each one is not what these test."""
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


def new_game(tmp_path: Path, *words: str) -> Path:
    path = tmp_path / "world.json"
    assert (
        main(["new", "--game", "conquest", "--clans", "3", "--seed", "cli", *words, str(path)]) == 0
    )
    return path


def test_new_seats_the_players_and_the_bots_take_the_last_seats(
    tmp_path: Path, capsys: Capture
) -> None:
    path = new_game(tmp_path, "--bots", "2", "--level", "hard", "--names", "Ann")
    out = capsys.readouterr().out
    assert f"New game of Conquest (seed cli) saved to {path}." in out
    table = ConquestTable.open(path)
    by_name = {seat.name: seat for seat in table.seats}
    assert set(by_name) == {"Ann", "Bot 1", "Bot 2"}
    assert by_name["Bot 1"].level == by_name["Bot 2"].level == "hard"
    assert not by_name["Ann"].is_bot


@pytest.mark.parametrize(
    "option", [["--map", "test_small"], ["--threshold", "40"], ["--turn-limit", "9"]]
)
def test_new_refuses_the_options_of_continental_conquest(
    tmp_path: Path, capsys: Capture, option: list[str]
) -> None:
    assert (
        main(["new", "--game", "conquest", "--clans", "2", *option, str(tmp_path / "w.json")]) == 1
    )
    assert f"{option[0]} is a setting of Continental Conquest" in capsys.readouterr().err
    assert not (tmp_path / "w.json").exists()


def test_new_refuses_more_players_than_conquest_has(tmp_path: Path, capsys: Capture) -> None:
    """W42-GEN-01: two to six players."""
    assert main(["new", "--game", "conquest", "--clans", "7", str(tmp_path / "w.json")]) == 1
    assert "Conquest is for 2 to 6 players." in capsys.readouterr().err


def test_view_act_and_bots_play_through_the_seat(tmp_path: Path, capsys: Capture) -> None:
    path = new_game(tmp_path, "--bots", "2", "--pins", "77")
    table = ConquestTable.open(path)
    person = next(seat.number for seat in table.seats if not seat.is_bot)
    capsys.readouterr()
    assert main(["bots", str(path)]) == 0
    assert f"seat {person}, to move." in capsys.readouterr().out
    assert main(["view", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Kamchatka" in out and f"Seat {person} Player 1 " in out and "cards:" not in out
    assert main(["view", str(path), "--clan", str(person), "--pin", "77", "--moves"]) == 0
    out = capsys.readouterr().out
    assert "initial deployment: Player 1's move" in out and "Player 1's cards: none." in out
    first = next(line.strip() for line in out.splitlines() if line.startswith("  Place "))
    assert main(["act", str(path), "--clan", str(person), "--pin", "77", first]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Player 1 places 1 army on {first.rsplit(' on ', 1)[1]}")
    assert "a bot's move: `conquest bots` plays it." in out


def test_a_seat_behind_a_pin_shows_nothing_without_it(tmp_path: Path, capsys: Capture) -> None:
    path = new_game(tmp_path, "--bots", "2", "--pins", "77")
    person = next(s.number for s in ConquestTable.open(path).seats if not s.is_bot)
    capsys.readouterr()
    assert main(["view", str(path), "--clan", str(person)]) == 2
    captured = capsys.readouterr()
    assert "has a PIN: give it with --pin." in captured.err and "Territory" not in captured.out
    assert main(["act", str(path), "--clan", str(person), "--pin", "12", "Roll"]) == 1
    assert "Wrong PIN for Player 1" in capsys.readouterr().err


def test_a_move_the_rules_do_not_allow_is_refused_in_words(tmp_path: Path, capsys: Capture) -> None:
    path = new_game(tmp_path)
    before = path.read_bytes()
    table = ConquestTable.open(path)
    assert main(["act", str(path), "--clan", str(table.to_act), "dance"]) == 1
    assert 'conquest: "dance" is no move; moves read like' in capsys.readouterr().err
    assert main(["act", str(path), "--clan", str(table.to_act), "Roll the dice"]) == 1
    assert "Now is the time to place one army" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_the_conquest_commands_refuse_a_continental_save(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "clans.json"
    assert main(["new", "--map", "test_small", "--clans", "2", "--save", str(path)]) == 0
    capsys.readouterr()
    assert main(["view", str(path), "--clan", "1"]) == 1
    assert "this save is a game of Continental Conquest; `view` plays a game of Conquest" in (
        capsys.readouterr().err
    )
    assert main(["report", "--save", str(new_game(tmp_path)), "--clan", "1"]) == 1
    assert "this save is a game of Conquest, not of Continental Conquest" in (
        capsys.readouterr().err
    )


def test_simulate_prints_one_json_object_per_game(capsys: Capture) -> None:
    """Issue 30: winner, turns, eliminations, cards cashed, continents held, per game."""
    assert (
        main(
            [
                "simulate",
                "--game",
                "conquest",
                "--clans",
                "2",
                "--games",
                "2",
                "--seed",
                "t",
                "--levels",
                "hard,easy",
                "--json",
            ]
        )
        == 0
    )
    games = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [game["seed"] for game in games] == ["t-1", "t-2"]
    for game in games:
        assert game["game"] == "conquest" and game["levels"] == ["hard", "easy"]
        assert game["winner"] in game["players"] and game["turns"] >= 1
        assert {"eliminations", "sets_cashed", "continents_held", "continent_turns"} <= set(game)
    assert main(["simulate", "--game", "conquest", "--clans", "2", "--turns", "5"]) == 1
    assert "--turns is a setting of Continental Conquest" in capsys.readouterr().err


def test_seat_hands_a_seat_to_a_bot_behind_its_pin(tmp_path: Path, capsys: Capture) -> None:
    path = new_game(tmp_path, "--bots", "2", "--pins", "77")
    person = next(s.number for s in ConquestTable.open(path).seats if not s.is_bot)
    assert main(["seat", str(path), "--clan", str(person), "--bot", "--level", "easy"]) == 2
    assert not ConquestTable.open(path).seat_info(person).is_bot
    assert (
        main(["seat", str(path), "--clan", str(person), "--bot", "--level", "easy", "--pin", "77"])
        == 0
    )
    assert f"Seat {person} Player 1 " in capsys.readouterr().out
    info = ConquestTable.open(path).seat_info(person)
    assert (info.is_bot, info.level, info.has_pin) == (True, "easy", True)
