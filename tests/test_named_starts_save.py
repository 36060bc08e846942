"""A game on a map that names its own starts (CC-GEN-07) is saved with its map and loads back;
a save whose map names its start sets wrongly is refused, naming the file and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.storage.savefile import SaveError, load_game


def named_save(folder: Path, map_name: str, clans: int) -> Path:
    """A new game on the map with that many Clans, saved in `folder`."""
    game = session.new_game(map_name=map_name, clans=clans, seed="named-starts")
    path = folder / f"{map_name}.json"
    session.save(game, path)
    return path


@pytest.fixture(scope="module")
def oceania_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return named_save(tmp_path_factory.mktemp("named"), "oceania", 4)


@pytest.mark.parametrize(("map_name", "clans", "not_dealt"), [
    ("oceania", 4, "1033"),  # Esperance, the search's
    ("north_america", 6, "2928"),  # Fargo, the search's, 6.5 % of 60 bot games
    ("europe", 6, "2525"),  # Bremen, the search's, 3 % of 60 bot games
])
def test_a_game_on_a_map_naming_its_starts_loads_back_on_those_starts(
        oceania_save: Path, tmp_path: Path, map_name: str, clans: int, not_dealt: str) -> None:
    """CC-GEN-07: the Clans start on the cities the map names for their number (Oceania's
    four, North America's and Europe's six), not on the search's, and the saved game loads."""
    path = oceania_save if map_name == "oceania" else named_save(tmp_path, map_name, clans)
    game = load_game(path)
    named = game.map.named_starts(clans)
    assert named is not None
    starts = {game.map.cities[index].hex for index, city in enumerate(game.state.cities)
              if city.owner}
    assert starts == set(named)
    assert not_dealt not in starts


@pytest.mark.parametrize(("starts", "field", "what"), [
    ({"4": "0330"}, "map.starts.4", "expected a list of texts"),
    ({"4": [330, 1615]}, "map.starts.4", "expected a list of texts"),
    (["0330"], "map.starts", "expected an object"),
])
def test_a_save_whose_map_names_bad_start_sets_is_refused_naming_them(
        oceania_save: Path, tmp_path: Path, starts: object, field: str, what: str) -> None:
    envelope = json.loads(oceania_save.read_bytes())
    envelope["data"]["map"]["starts"] = starts
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_game(path, allow_edited=True)
    assert str(refused.value) == f"{path}: {field}: {what}"
