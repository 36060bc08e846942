"""The sheet log and `conquest branch` (issue 31 point 3): a save keeps its opening position and
every sheet that ran, and a replay rebuilds the game before any game turn, byte for byte.

Covers the turn order a replay keeps (CC-GEN-03), resignations (CC-GEN-11) and the report each
Clan read after its turn (CC-SEQ-13), rebuilt unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conquest_tui import cli, session
from conquest_tui.engine.core.game import Game
from conquest_tui.session.bot_turns import play_bot_turn
from conquest_tui.session.branch import branch
from conquest_tui.session.replay import ReplayRefused, logged_turns, play_logged, replay
from conquest_tui.storage.savefile import SaveStamp, game_to_bytes
from conquest_tui.storage.sheet_log import EntryKind, log_of

STAMP = SaveStamp(7, "the test")
"""Both saves compared are written with the same stamp: the header's count of writes and its
last writer are the table's, not the game's."""


@pytest.fixture(scope="module")
def bot_game() -> Game:
    """A 10-turn game of two bots on the small map, played to its end."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="branch",
                            turn_limit=10)
    while not game.state.finished:
        play_bot_turn(game)
    return game


@pytest.fixture
def saved(bot_game: Game, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    session.save(bot_game, path)
    return path


def test_the_log_holds_every_clan_turn_in_order_with_a_digest(bot_game: Game) -> None:
    turns = logged_turns(bot_game)
    assert len(turns) == 20
    assert [entry.game_turn for entry in turns] == sorted(entry.game_turn for entry in turns)
    assert {entry.kind for entry in turns} == {EntryKind.BOT}
    assert all(entry.sheet for entry in turns)
    ends = [entry.game_turn for entry in turns if entry.digest]  # a digest ends each game turn
    assert ends == list(range(1, 11)) and all(len(entry.digest) == 16 for entry in turns
                                               if entry.digest)
    assert all(turns[2 * n + 1].digest for n in range(10))
    first_round = [entry.clan for entry in turns[:2]]
    assert first_round == bot_game.state.clan_order


def test_a_branch_played_on_with_the_same_sheets_is_the_original_save_byte_for_byte(
        bot_game: Game, saved: Path, tmp_path: Path) -> None:
    out = tmp_path / "branch.json"
    branch(saved, 5, out)
    branched = session.load(out)
    assert branched.state.game_turn == 5 and branched.state.turn_index == 0
    assert len(logged_turns(branched)) == 8  # game turns 1 to 4, two Clans each
    play_logged(branched, [entry for entry in logged_turns(bot_game) if entry.game_turn >= 5])
    assert game_to_bytes(branched, STAMP) == game_to_bytes(bot_game, STAMP)
    again = session.load(out)  # and the bots, playing on, hand in the same sheets
    while not again.state.finished:
        play_bot_turn(again)
    assert game_to_bytes(again, STAMP) == game_to_bytes(bot_game, STAMP)


def test_a_branch_played_on_with_another_sheet_is_another_game(
        bot_game: Game, saved: Path, tmp_path: Path) -> None:
    out = tmp_path / "branch.json"
    branch(saved, 5, out)
    table = session.Session.open(out)
    first = table.active_clan
    table.open_seat(first).set_seat("human")
    table.open_seat(first).submit("")  # sits this game turn out; the bots play on
    table.open_seat(first).set_seat("bot")
    while not table.finished:
        table.play_bots()
    played = session.load(out)
    assert game_to_bytes(played, STAMP) != game_to_bytes(bot_game, STAMP)
    kinds = [entry.kind for entry in logged_turns(played) if entry.game_turn == 5]
    assert kinds[0] is EntryKind.SHEET


def test_replay_rebuilds_a_game_of_people_with_a_resignation(tmp_path: Path) -> None:
    path = tmp_path / "people.json"
    table = session.Session.new(path, map_name="test_small", clans=3, bots=1, seed="people",
                                turn_limit=6)
    table.play_bots()
    first = next(seat.number for seat in table.seats() if not seat.is_bot)
    while table.game_turn <= 5 and not table.finished:
        seat = table.open_seat(table.active_clan)
        if table.game_turn == 3 and seat.number == first:
            seat.resign()
        else:
            seat.submit("[PRE]\nBUY 5 FOOD\n")
    original = session.load(path)
    kinds = {entry.kind for entry in logged_turns(original)}
    assert kinds == {EntryKind.SHEET, EntryKind.BOT, EntryKind.RESIGN}
    rebuilt = replay(original, original.state.game_turn + 1)
    assert game_to_bytes(rebuilt, STAMP) == game_to_bytes(original, STAMP)


def test_a_changed_digest_refuses_the_branch_naming_the_turn_and_clan(
        bot_game: Game, saved: Path, tmp_path: Path) -> None:
    damaged = session.load(saved)
    log = log_of(damaged.state)
    assert log is not None
    log.current[-1].digest = "0" * 16  # as if the rules of the last game turn gave otherwise
    clan = log.current[-1].clan
    with pytest.raises(ReplayRefused, match=f"game turn 10 up to Clan {clan}'s turn .* the rules "
                       "changed"):
        replay(damaged, 11)
    out = tmp_path / "never.json"
    session.save(damaged, saved)
    with pytest.raises(ReplayRefused):
        branch(saved, 11, out)
    assert replay(damaged, 10).state.game_turn == 10  # the turns before it still replay
    assert not out.exists()


def test_conquest_branch_writes_a_save_that_plays_on_and_will_not_overwrite(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "new.json"
    assert cli.main(["branch", str(saved), "--turn", "3", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "before game turn 3" in said and "plays next" in said
    assert session.load(out).state.game_turn == 3
    before = out.read_bytes()
    assert cli.main(["branch", str(saved), "--turn", "2", "--out", str(out)]) == 1
    assert "already exists; use --replace" in capsys.readouterr().err
    assert out.read_bytes() == before
    assert cli.main(["branch", "--save", str(saved), "--turn", "2", "--out", str(out),
                     "--replace"]) == 0
    assert session.load(out).state.game_turn == 2
    assert cli.main(["branch", str(saved), "--turn", "13", "--out", str(out), "--replace"]) == 1
    assert "not 13" in capsys.readouterr().err
    table = session.Session.open(out)
    table.play_game_turn()
    assert session.load(out).state.game_turn == 3


def test_an_older_save_without_a_log_plays_on_and_cannot_be_branched(
        saved: Path, tmp_path: Path) -> None:
    envelope = json.loads(saved.read_text(encoding="utf-8"))
    del envelope["data"]["log"]
    envelope["version"] = 7
    old = tmp_path / "old.json"
    old.write_text(json.dumps(envelope), encoding="utf-8")
    game = session.load(old, allow_edited=True)
    assert log_of(game.state) is None
    with pytest.raises(ReplayRefused, match="the save: this save keeps no sheets to replay"):
        replay(game, 3)


def test_a_conquest_save_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "conquest.json"
    assert cli.main(["new", str(path), "--game", "conquest", "--clans", "3", "--bots", "3",
                     "--seed", "c"]) == 0
    with pytest.raises(session.SessionError, match="Conquest cannot be branched"):
        branch(path, 1, tmp_path / "out.json")


def test_a_branch_keeps_the_referee_pin_and_a_wrong_referee_pin_breaks_no_digest(
        tmp_path: Path) -> None:
    """The referee's PIN and its back-off are the table's, not the game's: a wrong one heard
    mid-game leaves the replay's checks whole, and the branch opens to the same referee."""
    from conquest_tui.pins.hashing import hash_pin

    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="referee-branch",
                            turn_limit=4, referee_pin_hash=hash_pin("4321"))
    path = tmp_path / "game.json"
    session.save(game, path)
    table = session.Session.open(path)
    with pytest.raises(session.PinRefused):
        table.open_referee("0000")
    game = session.load(path)
    assert game.state.referee_pin_failures == 1
    while not game.state.finished:
        play_bot_turn(game)
    session.save(game, path)
    out = tmp_path / "branch.json"
    branch(path, 3, out)
    branched = session.Session.open(out)
    assert branched.has_referee
    assert branched.open_referee("4321") is not None
