"""Conquest at the table (issue 30, the table's half): seats behind PINs, one move at a time saved
under the lock, bots handing the game on, the standings and each round's figures."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from conquest_tui.games.conquest.actions import Attack, Place, Roll
from conquest_tui.session.conquest_table import ConquestPlayer, ConquestTable, game_of
from conquest_tui.session.errors import (
    ActionRefused,
    NoOdds,
    NotYourTurn,
    PinNeeded,
    PinRefused,
    SaveMovedOn,
)

PIN = "2468"


@pytest.fixture(autouse=True)
def no_disk_flush(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move is saved; waiting for the disk to flush each one is not what these test."""
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def people(count: int = 2) -> list[ConquestPlayer]:
    return [ConquestPlayer(name) for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")[:count]]


def seat_of(table: ConquestTable, name: str) -> int:
    return next(seat.number for seat in table.seats if seat.name == name)


def test_a_new_game_is_saved_at_once_and_opens_again_as_it_was(tmp_path: Path) -> None:
    """A Conquest save is named as one by its header alone, and reopens to the same seats."""
    path = tmp_path / "world.json"
    table = ConquestTable.new(path, people(3), "tea")
    assert game_of(path) == "conquest"
    again = ConquestTable.open(path)
    assert again.seats == table.seats
    assert (again.to_act, again.round, again.finished, again.winner) == (1, 1, False, None)
    assert [seat.colour for seat in again.seats] == ["Red", "Blue", "Green"]


def test_an_existing_save_is_not_overwritten_without_asking(tmp_path: Path) -> None:
    path = tmp_path / "world.json"
    ConquestTable.new(path, people(), 1)
    with pytest.raises(Exception, match="already exists"):
        ConquestTable.new(path, people(), 2)
    ConquestTable.new(path, people(), 2, replace=True)


def test_the_same_save_and_the_same_move_give_the_same_next_save(tmp_path: Path) -> None:
    """Determinism at the table: the dice live in the save, so two copies move alike."""
    first = tmp_path / "a.json"
    table = ConquestTable.new(first, people(), 5)
    while table.open_seat(table.to_act).view().phase == "initial deployment":
        seat = table.open_seat(table.to_act)
        seat.act(seat.legal()[0])
    second = tmp_path / "b.json"
    shutil.copyfile(first, second)
    for path in (first, second):
        seat = ConquestTable.open(path).open_seat(1)
        while seat.is_turn and seat.view().phase != "attack":
            seat.act(seat.legal()[0])
        attack = next(a for a in seat.legal() if isinstance(a, Attack) and a.blitz)
        seat.act(attack)
    assert first.read_bytes() == second.read_bytes()


def test_a_move_out_of_turn_or_against_the_rules_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "world.json"
    table = ConquestTable.new(path, people(), 3)
    before = path.read_bytes()
    other = table.open_seat(2)
    with pytest.raises(NotYourTurn, match="it is .*'s move"):
        other.act(Place("Alaska"))
    mover = table.open_seat(1)
    with pytest.raises(ActionRefused, match=r"^Now is the time to place one army"):
        mover.act(Roll())
    assert other.legal() == ()
    assert path.read_bytes() == before


def test_a_second_window_that_did_not_see_the_move_is_refused(tmp_path: Path) -> None:
    """One writer per save: the window that read the save before the other one wrote it may
    not write over that move (it loads the game again first)."""
    path = tmp_path / "world.json"
    ConquestTable.new(path, people(), 4)
    one, two = ConquestTable.open(path), ConquestTable.open(path)
    seat = one.open_seat(1)
    seat.act(seat.legal()[0])
    late = two.open_seat(1)
    with pytest.raises(SaveMovedOn, match="the game moved on"):
        late.act(late.legal()[0])
    two.reload()
    assert two.to_act == one.to_act == 2


def test_a_seat_behind_a_pin_opens_only_with_it_and_wrong_pins_wait(tmp_path: Path) -> None:
    """Wrong PINs are counted in the save (quitting does not end the wait) and, past the free
    ones, make the next guess wait, the right PIN included, as at Continental Conquest's seats."""
    path = tmp_path / "world.json"
    clock = Clock()
    players = [ConquestPlayer("Ann", pin=PIN), ConquestPlayer("Bob")]
    table = ConquestTable.new(path, players, 9, clock=clock)
    ann = seat_of(table, "Ann")
    assert table.seat_info(ann).has_pin
    with pytest.raises(PinNeeded, match="Ann .* has a PIN"):
        table.open_seat(ann)
    for _ in range(4):
        with pytest.raises(PinRefused, match="Wrong PIN for Ann"):
            table.open_seat(ann, "0000")
    assert ConquestTable.open(path, clock=clock).pin_wait(ann) == 1
    with pytest.raises(PinRefused, match="Too many wrong PINs for Ann .* Try again in 1 second"):
        table.open_seat(ann, PIN)
    clock.now += 1
    assert table.open_seat(ann, PIN).name == "Ann"
    assert ConquestTable.open(path, clock=clock).pin_wait(ann) == 0


def test_bots_play_until_a_person_must_move_and_say_what_they_did(tmp_path: Path) -> None:
    path = tmp_path / "world.json"
    players = [ConquestPlayer("Ann"), ConquestPlayer("Bob", "normal"), ConquestPlayer("Cy", "hard")]
    table = ConquestTable.new(path, players, "bots")
    ann = seat_of(table, "Ann")
    table.play_bots()
    assert table.to_act == ann
    seat = table.open_seat(ann)
    seat.act(seat.legal()[0])
    lines = table.play_bots()
    assert table.to_act == ann
    assert lines and all(" places 1 army on " in line for line in lines)
    assert ConquestTable.open(path).to_act == ann
    assert table.log(last=len(lines)) == lines


def test_the_odds_are_exact_and_refused_in_words_where_there_is_no_attack(tmp_path: Path) -> None:
    """W42-ATT-07: the chance of a Blitz taking the territory, enumerated."""
    table = ConquestTable.new(None, people(), 11)
    seat = table.open_seat(1)
    view = seat.view()
    mine = {t.name for t in view.territories if t.owner == view.player}
    from conquest_tui.storage.conquest_data import load_board

    board = load_board()
    source = next(t for t in sorted(mine) for n in board.neighbours(t) if n not in mine)
    target = next(n for n in board.neighbours(source) if n not in mine)
    with pytest.raises(NoOdds, match="too few armies"):
        seat.odds(source, target)
    with pytest.raises(NoOdds, match="There is no territory called Atlantis"):
        seat.odds("Atlantis", target)


def test_a_game_played_to_its_end_gives_the_standings_and_each_round(tmp_path: Path) -> None:
    """W42-END-02: the last player standing wins; the table keeps one row a round."""
    path = tmp_path / "world.json"
    players = [ConquestPlayer("Ann", "hard"), ConquestPlayer("Bob", "easy")]
    table = ConquestTable.new(path, players, 3)
    with pytest.raises(NotYourTurn):
        table.final_board()
    table.play_bots()
    assert table.finished and table.winner == "Ann"
    final = ConquestTable.open(path).final_board()
    assert final.sentence == "Ann has conquered the world."
    assert [(row.place, row.name, row.territories) for row in final.rows] == [
        (1, "Ann", 42),
        (2, "Bob", 0),
    ]
    assert final.rows[1].eliminated_by == "Ann"
    rounds = table.history()
    assert rounds[0].round == 1 and rounds[-1].territories in (0, 42)
    assert {row.name for row in rounds} == {"Ann", "Bob"}


def test_a_player_who_resigns_hands_the_armies_to_a_bot(tmp_path: Path) -> None:
    path = tmp_path / "world.json"
    table = ConquestTable.new(path, people(), 6)
    table.open_seat(2).resign()
    info = ConquestTable.open(path).seat_info(2)
    assert (info.is_bot, info.level, info.resigned) == (True, "easy", True)
    assert table.log(last=1)[0].endswith("resigns; a bot plays on with their armies")


def test_the_same_save_gives_the_same_bot_moves(tmp_path: Path) -> None:
    """A bot's choice is seeded by the game's seed, its seat and the moves made, never by the
    window that plays it: two copies of a save hand on alike."""
    first = tmp_path / "a.json"
    players = [ConquestPlayer("Ann"), ConquestPlayer("Bob", "normal"), ConquestPlayer("Cy", "easy")]
    table = ConquestTable.new(first, players, "same")
    table.play_bots()
    seat = table.open_seat(table.to_act)
    while seat.view().phase == "initial deployment":
        seat.act(seat.legal()[-1])
        table.play_bots()
    second = tmp_path / "b.json"
    shutil.copyfile(first, second)
    said = [ConquestTable.open(path).play_bots() for path in (first, second)]
    assert said[0] == said[1]
    assert first.read_bytes() == second.read_bytes()
