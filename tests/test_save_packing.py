"""How a save packs what grows all game long (save version 9, issue 26): each Clan's mail and
last turn's events zlib-packed, the kept past reports each against the one before. A player
reads the same mail, reports and history as played (CC-SEQ-13, CC-SEQ-16), an older save
still loads, and a damaged packing is refused naming the file and the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.reports.past_reports import UNREADABLE
from conquest_tui.session.bot_turns import play_bot_turn
from conquest_tui.storage import past_reports
from conquest_tui.storage.migrations import SAVE_VERSION
from conquest_tui.storage.savefile import SaveError, game_to_text, load_game, save_game
from tools.damage_saves import forged_text, open_event_tables


def _play_game_turn(game: Game) -> None:
    turn = game.state.game_turn
    while game.state.game_turn == turn and not game.state.finished:
        play_bot_turn(game)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    """Three bots on the small map after five game turns (mail, a sheet log, past reports
    beyond the three game turns a save keeps the text of), saved."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="packing")
    for _ in range(5):
        _play_game_turn(game)
    path = tmp_path_factory.mktemp("packing") / "game.json"
    save_game(game, path, backups=0)
    return game, path


def _kept_texts(game: Game) -> list[list[tuple[int, str]]]:
    """Each Clan's past reports whose text the game holds (not rebuilt by replay)."""
    return [[(past.game_turn, past.text) for past in clan.past_reports
             if not past.text.startswith("This report is rebuilt")] for clan in game.state.clans]


def test_a_save_reads_back_the_mail_reports_and_history_as_played(
        played: tuple[Game, Path]) -> None:
    game, path = played
    loaded = load_game(path)
    for before, after in zip(game.state.clans, loaded.state.clans, strict=True):
        assert after.mail == before.mail
        assert after.last_turn.events == before.last_turn.events
    assert any(clan.mail for clan in loaded.state.clans)
    kept = _kept_texts(loaded)
    assert all(len(texts) == past_reports.WINDOW for texts in kept)
    expected = [[(past.game_turn, past.text) for past in clan.past_reports]
                for clan in game.state.clans]
    for texts, all_texts in zip(kept, expected, strict=True):
        assert texts == all_texts[-past_reports.WINDOW:]
    assert game_to_text(loaded) == path.read_text(encoding="utf-8")


def test_reports_read_as_played_after_the_kept_game_turns_move_on(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    """The oldest report kept was packed against one the save no longer keeps: it is packed
    again on its own, and every kept report still reads as the Clan read it."""
    _, path = played
    game = load_game(path)
    _play_game_turn(game)
    again = tmp_path / "again.json"
    save_game(game, again, backups=0)
    reloaded = load_game(again)
    kept = _kept_texts(reloaded)
    assert kept == [texts[-past_reports.WINDOW:] for texts in _kept_texts(game)]
    assert all(text != UNREADABLE for texts in kept for _, text in texts)
    assert game_to_text(reloaded) == again.read_text(encoding="utf-8")


_SWAP = str.maketrans("\"'", "'\"")


def _as_version_8(game: Game, path: Path, folder: Path) -> Path:
    """The save as version 8 wrote it: tables as their JSON text (quotes swapped), every kept
    past report packed on its own."""
    envelope = json.loads(path.read_text(encoding="utf-8"))
    state = open_event_tables(envelope["data"]["state"])
    for clan, saved in zip(game.state.clans, state["clans"], strict=True):
        for record, field in ((saved, "mail"), (saved["last_turn"], "events")):
            record[field] = orjson.dumps(record[field], option=orjson.OPT_SORT_KEYS).decode() \
                .translate(_SWAP)
        columns = saved["past_reports"]
        columns["packed"] = [past_reports.pack(past.text) if packed else ""
                             for past, packed in zip(clan.past_reports, columns["packed"],
                                                     strict=True)]
    envelope["version"] = 8
    old = folder / "version8.json"
    old.write_bytes(forged_text(envelope).encode("utf-8"))
    return old


def test_a_version_8_save_loads_as_played_and_is_packed_when_saved_again(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    game, path = played
    old = _as_version_8(game, path, tmp_path)
    assert SAVE_VERSION >= 9 and old.stat().st_size > path.stat().st_size
    loaded = load_game(old)
    for before, after in zip(game.state.clans, loaded.state.clans, strict=True):
        assert after.mail == before.mail
        assert after.last_turn.events == before.last_turn.events
    assert _kept_texts(loaded) == _kept_texts(load_game(path))
    assert game_to_text(load_game(old)) == path.read_text(encoding="utf-8")


def _damaged(path: Path, folder: Path, edit: Any) -> Path:
    envelope = json.loads(path.read_text(encoding="utf-8"))
    edit(envelope["data"]["state"])
    forged = folder / "damaged.json"
    forged.write_bytes(forged_text(envelope).encode("utf-8"))
    return forged


def test_a_damaged_packed_mail_is_refused_naming_the_file_and_field(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    game, path = played
    active = game.state.clan_order[game.state.turn_index]
    other = next(i for i, clan in enumerate(game.state.clans)
                 if clan.number != active and clan.mail)

    def cut(state: dict[str, Any]) -> None:
        state["clans"][other]["mail"] = state["clans"][other]["mail"][:-12]

    forged = _damaged(path, tmp_path, cut)
    loaded = load_game(forged)
    with pytest.raises(SaveError) as caught:
        len(loaded.state.clans[other].mail)
    assert str(caught.value) == (f"{forged}: state.clans[{other}].mail: is not a table of "
                                 "events (it cannot be unpacked)")


def test_a_past_report_with_a_damaged_game_turn_is_refused_naming_the_field(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    """The kept reports are read straight from their columns; a column that does not hold
    whole numbers is still refused in one sentence naming the file and the field."""
    _, path = played

    def spoil(state: dict[str, Any]) -> None:
        state["clans"][1]["past_reports"]["game_turn"][2] = "3"

    forged = _damaged(path, tmp_path, spoil)
    with pytest.raises(SaveError) as caught:
        load_game(forged)
    assert str(caught.value) == (f"{forged}: state.clans[1].past_reports.game_turn[2]: "
                                 'expected a whole number, got "3"')
