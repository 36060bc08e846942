"""Before structuring, a load bounds every table of the save (storage/preflight.py): all Clans'
tables of one field are bounded at once, and one too long is still named by its own Clan and
field, in one sentence naming the file, whichever Clan holds it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conquest_tui.storage.savefile import SaveError, load_game
from tests.save_helpers import played_save


@pytest.fixture(scope="module")
def envelope(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = played_save(tmp_path_factory.mktemp("preflight"))[1]
    loaded: dict[str, Any] = json.loads(path.read_bytes())
    return loaded


def _refusal(envelope: dict[str, Any], edit: Callable[[list[dict[str, Any]]], None],
             folder: Path) -> str:
    """The sentence a load (edited saves allowed) refuses the save with after `edit` of its
    Clans."""
    changed = json.loads(json.dumps(envelope))
    edit(changed["data"]["state"]["clans"])
    path = folder / "long.json"
    path.write_text(json.dumps(changed), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_game(path, allow_edited=True)
    message = str(refused.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message.removeprefix(f"{path}: ")


def test_a_later_clans_table_too_long_is_named_by_its_clan(
        envelope: dict[str, Any], tmp_path: Path) -> None:
    def lengthen(clans: list[dict[str, Any]]) -> None:
        sightings = clans[2]["sightings"]
        assert isinstance(sightings, dict) and isinstance(sightings["hex"], list)
        sightings["hex"] = ["0101"] * 50_001

    assert _refusal(envelope, lengthen, tmp_path) == (
        "state.clans[2].sightings.hex: has 50,001 entries, more than the 50,000 the game "
        "ever makes")


def test_more_known_hexes_than_the_map_has_are_named_by_their_clan(
        envelope: dict[str, Any], tmp_path: Path) -> None:
    def widen(clans: list[dict[str, Any]]) -> None:
        clans[1]["known_hexes"] = {f"{n:04d}": 1 for n in range(1, 1_001)}

    assert re.fullmatch(r"state\.clans\[1\]\.known_hexes: has 1,000 entries, more than the "
                        r"\d+ hexes of the map", _refusal(envelope, widen, tmp_path))


def test_a_last_turn_list_too_long_is_named_beside_tables_of_other_layouts(
        envelope: dict[str, Any], tmp_path: Path) -> None:
    """One Clan's income written as a table (lists) beside the others' named amounts: the
    Clans are then walked one by one, and the first too long is named."""
    def lengthen(clans: list[dict[str, Any]]) -> None:
        clans[0]["last_turn"]["income"] = {"money": [1, 2]}
        clans[1]["last_turn"]["visited_hexes"] = ["0101"] * 1_000

    assert re.fullmatch(r"state\.clans\[1\]\.last_turn\.visited_hexes: has 1,000 entries, "
                        r"more than the \d+ hexes of the map", _refusal(envelope, lengthen,
                                                                        tmp_path))
