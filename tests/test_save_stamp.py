"""The save stamp: which write of a save this is and what wrote it, for one writer at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.storage import savefile
from conquest_tui.storage.save_list import list_saves
from conquest_tui.storage.savefile import (
    EditedSave,
    SaveError,
    SaveStamp,
    load_game,
    load_stamped,
    read_stamp,
    save_game,
)


@pytest.fixture(scope="module")
def game() -> Game:
    return session.new_game(map_name="test_small", clans=2, seed="stamp")


def test_a_stamp_is_written_in_the_header_and_read_back(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    stamp = SaveStamp(7, "Clan 572's turn")
    save_game(game, path, stamp=stamp)
    assert read_stamp(path) == stamp
    loaded, read = load_stamped(path)
    assert read == stamp and loaded.state == game.state
    header = path.read_text(encoding="utf-8").split('\n "data": ')[0]
    assert '"stamp": {"by": "Clan 572\'s turn", "generation": 7},' in header


def test_no_stamp_writes_generation_0_and_old_saves_read_as_generation_0(
        game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_game(game, path)
    assert read_stamp(path) == SaveStamp(0, "") == load_stamped(path)[1]
    old = json.loads(path.read_text(encoding="utf-8"))
    del old["stamp"]  # as saves before stamps were written: the checksum never covered one
    old["checksum"] = savefile.checksum_of(savefile.canonical_json(old["data"]), old)
    path.write_text(json.dumps(old, indent=1), encoding="utf-8")
    assert read_stamp(path) == SaveStamp(0)
    assert load_stamped(path)[1] == SaveStamp(0)


def test_the_same_game_and_stamp_give_a_byte_identical_save(game: Game, tmp_path: Path) -> None:
    """No clock in the file: the time is the file's mtime."""
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    save_game(game, first, stamp=SaveStamp(3, "Clan 1's turn"))
    save_game(game, second, stamp=SaveStamp(3, "Clan 1's turn"))
    assert first.read_bytes() == second.read_bytes()


def test_the_checksum_covers_the_stamp(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_game(game, path, stamp=SaveStamp(4, "Clan 1's turn"))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"generation": 4', '"generation": 5'), encoding="utf-8")
    assert read_stamp(path) == SaveStamp(5, "Clan 1's turn")  # the header only, fast
    with pytest.raises(EditedSave):
        load_stamped(path)
    assert load_stamped(path, allow_edited=True)[1].generation == 5


@pytest.mark.parametrize(("stamp", "expected"), [
    ('"stamp": 3', "stamp: expected an object with generation and by"),
    ('"stamp": {"generation": -1, "by": ""}', "stamp.generation: expected a whole number 0 or"),
    ('"stamp": {"generation": true, "by": ""}', "stamp.generation: expected a whole number"),
    ('"stamp": {"generation": 1, "by": 5}', "stamp.by: expected text"),
    ('"stamp": {"generation": 1, "by": "' + "x" * 201 + '"}', "stamp.by: is 201 characters"),
    ('"stamp": {"by": ""}', "stamp.generation: is missing"),
    ('"stamp": {"generation": 1, "when": 2}', "stamp.when: is not a known field"),
])
def test_a_bad_stamp_is_refused_naming_the_file_and_field(
        game: Game, tmp_path: Path, stamp: str, expected: str) -> None:
    path = tmp_path / "g.json"
    save_game(game, path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"stamp": {"by": "", "generation": 0}', stamp),
                    encoding="utf-8")
    for read in (read_stamp, lambda p: load_game(p, allow_edited=True)):
        with pytest.raises(SaveError) as caught:
            read(path)
        assert str(caught.value).startswith(f"{path}: {expected}"), str(caught.value)


def test_read_stamp_of_a_missing_or_damaged_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such save file"):
        read_stamp(tmp_path / "none.json")
    (tmp_path / "cut.json").write_text('{\n "format": "conquest-save",\n "vers', encoding="utf-8")
    with pytest.raises(SaveError, match=r"cut\.json: the file is damaged"):
        read_stamp(tmp_path / "cut.json")


def test_read_stamp_reads_a_reformatted_save_too(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "pretty.json"
    save_game(game, path, stamp=SaveStamp(2, "x"))
    path.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8")), indent=4),
                    encoding="utf-8")
    assert read_stamp(path) == SaveStamp(2, "x")


def test_a_stamp_is_checked_when_it_is_made() -> None:
    with pytest.raises(ValueError, match="generation"):
        SaveStamp(-1)
    with pytest.raises(ValueError, match="by"):
        SaveStamp(1, 7)  # type: ignore[arg-type]


def test_the_load_list_ignores_locks_and_backups(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_game(game, path)
    save_game(game, path)  # a backup beside it
    (tmp_path / "g.json.lock").write_text("", encoding="utf-8")
    assert [summary.path.name for summary in list_saves(tmp_path)] == ["g.json"]
