"""Loading without cattrs (converter._LoadHooks) gives what the cattrs converter gives: the same
state, and for bad data the same first bad field and message."""

from __future__ import annotations

import copy
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import GameState
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.storage import converter
from conquest_tui.storage.converter import SaveFieldError, unstructure_state


def _structure(hook: Callable[[Any, type], GameState], data: Any) -> GameState | str:
    """What structure_state gives with this hook: the state, or the error as text."""
    if data.__class__ is not dict:
        return "state: expected an object"
    try:
        return hook(data, GameState)
    except Exception as exc:
        return str(converter.locate(exc, converter.ROOT))


@pytest.fixture
def data(game: Game) -> dict[str, Any]:
    run_clan_turn(game, game.state.active_clan, "")  # events, knowledge, a second Clan's turn
    return unstructure_state(game.state)


def _both(data: Any) -> tuple[GameState | str, GameState | str]:
    fast = converter._LoadHooks().get_structure_hook(GameState)
    slow = converter._converter().get_structure_hook(GameState)
    return _structure(fast, data), _structure(slow, data)


def test_the_fast_path_is_used_and_gives_the_same_state(data: dict[str, Any]) -> None:
    """(That loading takes this path is shown by test_loading_a_save_imports_no_cattrs.)"""
    fast, slow = _both(copy.deepcopy(data))
    assert isinstance(fast, GameState)
    assert fast == slow
    assert unstructure_state(fast) == data


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _drop(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


CHANGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "root field type": _set(("game_turn",), "5"),
    "root bool": _set(("finished",), 0),
    "root missing": _drop(("seed",)),
    "root extra": _set(("turn_limt",), 3),
    "extra and bad": lambda d: (d.update(zzz=1), d.update(game_turn=None)),
    "clans not a list": _set(("clans",), {}),
    "clan not an object": _set(("clans", 0), 7),
    "clan field": _set(("clans", 0, "name"), 5),
    "clan missing": _drop(("clans", 0, "number")),
    "clan extra": _set(("clans", 0, "nmae"), "x"),
    "stock field": _set(("clans", 1, "stock", "money"), 1.5),
    "stock not an object": _set(("clans", 1, "stock"), []),
    "int list item": _set(("clan_order", 1), "2"),
    "dict value": _set(("prices", "food"), True),
    "dict not an object": _set(("prices",), [1]),
    "hex column type": _set(("hexes", "owner"), 3),
    "hex column length": lambda d: d["hexes"]["owner"].pop(),
    "hex column item": _set(("hexes", "owner", 2), "x"),
    "hex unknown column": _set(("hexes", "ownr"), []),
    "hexes missing column": _drop(("hexes", "owner")),
    "top clans inner": _set(("top_clans",), [[1, "2"]]),
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_bad_data_gives_the_same_error(data: dict[str, Any], name: str) -> None:
    changed = copy.deepcopy(data)
    CHANGES[name](changed)
    fast, slow = _both(changed)
    if isinstance(slow, GameState):
        assert fast == slow
    else:
        assert fast == slow, name


def test_loading_a_save_imports_no_cattrs(tmp_path: Any, game: Game) -> None:
    from conquest_tui.storage.savefile import save_game

    path = tmp_path / "game.json"
    save_game(game, path)
    code = ("import sys\nfrom conquest_tui.storage.savefile import load_game\n"
            f"load_game({str(path)!r})\nprint('cattrs' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"


def test_a_field_error_names_the_path() -> None:
    error = SaveFieldError(".x", "is missing")
    assert str(converter.locate(error, "state")) == "state.x: is missing"
