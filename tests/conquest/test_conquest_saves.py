"""Conquest's saves in the shared envelope (issue 30): which game a save holds, each loader
refusing the other game's save in words, a damaged save naming its file and field, the load
list, and Continental Conquest's saves unchanged (no `game` field: Continental)."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import pytest

from conquest_tui.cli import main
from conquest_tui.session import Session, SessionError
from conquest_tui.session.conquest_table import ConquestPlayer, ConquestTable, game_of
from conquest_tui.session.errors import SaveEdited
from conquest_tui.storage.save_list import list_saves


def conquest_save(folder: Path) -> Path:
    path = folder / "world.json"
    ConquestTable.new(path, [ConquestPlayer("Ann"), ConquestPlayer("Bob", "easy")], 21)
    return path


def continental_save(folder: Path) -> Path:
    path = folder / "clans.json"
    assert (
        main(["new", "--map", "test_small", "--clans", "2", "--seed", "s", "--save", str(path)])
        == 0
    )
    return path


def edited(path: Path, change: dict[str, object]) -> None:
    """Rewrite the save's data with `change` (dotted paths), its checksum left as it was."""
    envelope = json.loads(path.read_text(encoding="utf-8"))
    for dotted, value in change.items():
        *parents, last = dotted.split(".")
        here = envelope["data"]
        for key in parents:
            here = here[int(key)] if isinstance(here, list) else here[key]
        here[int(last) if isinstance(here, list) else last] = value
    path.write_text(json.dumps(envelope), encoding="utf-8")


def test_each_save_says_which_game_it_holds(tmp_path: Path) -> None:
    """A save without a game field is Continental Conquest's; its bytes carry no such field."""
    clans = continental_save(tmp_path)
    assert game_of(clans) == "continental"
    assert b'"game"' not in clans.read_bytes()[:400]
    assert game_of(conquest_save(tmp_path)) == "conquest"
    listed = {summary.path.name: summary for summary in list_saves(tmp_path)}
    assert listed["world.json"].game == "conquest" and not listed["world.json"].error
    assert listed["world.json"].clans and listed["world.json"].title.startswith("Conquest")
    assert listed["clans.json"].game == "continental"


def test_each_game_refuses_the_other_games_save_in_words(tmp_path: Path) -> None:
    with pytest.raises(
        SessionError,
        match="world.json: this save is a game of Conquest, not of Continental Conquest",
    ):
        Session.open(conquest_save(tmp_path))
    with pytest.raises(
        SessionError,
        match="clans.json: this save is a game of Continental Conquest, not of Conquest",
    ):
        ConquestTable.open(continental_save(tmp_path))


def test_a_save_changed_outside_the_game_is_refused_unless_allowed(tmp_path: Path) -> None:
    path = conquest_save(tmp_path)
    edited(path, {"table.seed": "other"})
    with pytest.raises(SaveEdited, match="changed outside the game"):
        ConquestTable.open(path)
    assert ConquestTable.open(path, allow_edited=True).seed == "other"


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"state.owner.Alaska": 7}, "state.owner.Alaska: 7 is not a player's number"),
        ({"state.armies.Peru": "many"}, "state.armies"),
        ({"state.current": 5}, "state.current: 5 is not a player's number"),
        ({"state.rng": [1, 2, 3]}, "state.rng: is not the state of a random generator"),
        ({"state.phase": "dancing"}, "state.phase"),
        ({"table.seats.level.0": "godlike"}, "table.seats.level: 'godlike' is not a bot's"),
        ({"state.discard": {"number": [1], "territory": ["Peru"]}}, "state.deck: the cards"),
        ({"state.winner": -1}, "state.winner: -1 is not a player's number"),
    ],
)
def test_a_damaged_save_names_the_file_and_the_field(
    tmp_path: Path, change: dict[str, object], named: str
) -> None:
    path = conquest_save(tmp_path)
    edited(path, change)
    with pytest.raises(SessionError) as refused:
        ConquestTable.open(path, allow_edited=True)
    assert str(refused.value).startswith(f"{path}: ") or str(refused.value).startswith(
        "world.json: "
    )
    assert named in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_save_of_an_unknown_game_is_refused(tmp_path: Path) -> None:
    path = conquest_save(tmp_path)
    envelope = json.loads(path.read_text(encoding="utf-8"))
    envelope["game"] = "chess"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    with pytest.raises(SessionError, match="game: is not a game this program plays"):
        game_of(path)


def test_a_damaged_save_opens_from_its_newest_good_backup(tmp_path: Path) -> None:
    """The backups are the saves at the last turns' starts; the damaged save is replaced by the
    next save."""
    path = tmp_path / "world.json"
    table = ConquestTable.new(path, [ConquestPlayer("Ann", "easy"), ConquestPlayer("Bob")], 2)
    table.play_bots()
    seat = table.open_seat(table.to_act)
    seat.act(seat.legal()[0])
    table.play_bots()
    assert ConquestTable.from_backup(path) is not None
    path.write_text("{ damaged", encoding="utf-8")
    with pytest.raises(SessionError, match="world.json: the file is damaged"):
        ConquestTable.open(path)
    found = ConquestTable.from_backup(path)
    assert found is not None
    restored, backup, _when = found
    assert backup.name == "world.json.bak1" and restored.path == path
    seat = restored.open_seat(restored.to_act)
    seat.act(seat.legal()[0])
    assert ConquestTable.open(path).round == restored.round


def _leaves(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in _leaves(item, (*path, key))] + [path]
    if isinstance(value, list):
        return [p for n, item in enumerate(value) for p in _leaves(item, (*path, n))] + [path]
    return [path]


def test_seeded_damage_to_a_conquest_save_is_refused_in_one_sentence_or_plays_on(
    tmp_path: Path,
) -> None:
    """Hostile input: values swapped for others of another type or range, keys deleted; each
    damaged save (checksum waived) opens and a seat moves, or is refused naming the file."""
    import random

    original = conquest_save(tmp_path)
    table = ConquestTable.open(original)
    table.play_bots()
    clean = json.loads(original.read_text(encoding="utf-8"))
    paths = [p for p in _leaves(clean["data"]) if p]
    rng = random.Random(int(os.environ.get("CONQUEST_DAMAGE_SEED", "30")))
    odd_values: list[object] = [
        -1,
        0,
        1,
        10**30,
        "",
        "Atlantis",
        "Alaska",
        "battle",
        "move in",
        "game over",
        None,
        True,
        [],
        {},
        [[[]]],
        2.5,
    ]
    refused = 0
    for round_ in range(int(os.environ.get("CONQUEST_DAMAGE_ROUNDS", "120"))):
        damaged = json.loads(json.dumps(clean))
        where = rng.choice(paths)
        *parents, last = where
        here = damaged["data"]
        for key in parents:
            here = here[key]
        if rng.random() < 0.2 and isinstance(here, dict):
            del here[last]
        else:
            here[last] = rng.choice(odd_values)
        path = tmp_path / f"damaged{round_}.json"
        path.write_text(json.dumps(damaged), encoding="utf-8")
        try:
            opened = ConquestTable.open(path, allow_edited=True)
        except SessionError as error:
            said = str(error)
            assert said.startswith(str(path)) or said.startswith(path.name), said
            assert "\n" not in said and "Traceback" not in said
            refused += 1
            continue
        if not opened.finished and not opened.seat_info(opened.to_act).has_pin:
            seat = opened.open_seat(opened.to_act)
            moves = seat.legal()
            if moves:
                seat.act(moves[0])
        with contextlib.suppress(SessionError):  # refused in words, or the bots play on
            opened.play_bots()
    assert refused > 40
