"""Shared fixtures: the real ruleset, the test map, and a seeded two-Clan game."""

# ruff: noqa: E402 - the imports follow the setting that keeps their compiled code

from __future__ import annotations

import gc
import sys
from pathlib import Path

# Compiled modules are kept (in __pycache__, which git ignores) even where PYTHONDONTWRITEBYTECODE
# is set, as it is on the machines the suite is timed on: otherwise every worker compiled the
# package and rewrote the asserts of every test module again on every run (some 5 s of CPU a
# worker, and a second or more in each process a test starts). Set before the package and the
# test modules are imported; processes the tests start read what is kept here.
sys.dont_write_bytecode = False

import attrs
import pytest
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from conquest_tui.cli import main
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset
from tests.long_first import pytest_collection_modifyitems  # noqa: F401 - the suite's order

# The app's tests make and drop objects by the million (every frame Textual draws): with the
# interpreter's default thresholds the cyclic garbage collector ran some 5,000 times in
# tests/ui/test_app_flow.py alone and took about a third of its CPU time. Collecting less often
# changes nothing a test asserts (no test counts on when garbage is collected) and keeps the
# suite near a minute on two cores.
gc.set_threshold(50_000, 20, 100)

_PARSED: dict[tuple[object, ...], list[RuleSet]] = {}
_parse_rules = Stylesheet._parse_rules


def _parse_rules_once(self: Stylesheet, css: str, read_from: object,
                      is_default_rules: bool = False, tie_breaker: int = 0,
                      scope: str = "") -> list[RuleSet]:
    """Textual's parse of a stylesheet's CSS, kept for every app a test process starts.

    Each app parses the same CSS again (about 0.2 s an app) and keeps it only for itself;
    here the rules parsed from the same text, place and variables are shared, as one app
    shares them between its own screens (the rules are never changed once parsed).
    """
    key = (css, read_from, is_default_rules, tie_breaker, scope,
           frozenset(self._variables.items()))
    rules = _PARSED.get(key)
    if rules is None:
        rules = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)  # type: ignore[arg-type]
        _PARSED[key] = rules
    return rules


Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def hermetic_home(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing a test runs reads or writes the user's home, caches or saves folder."""
    home = tmp_path_factory.getbasetemp() / "home"
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(home if name == "HOME" else home / name.lower()))
    monkeypatch.setenv("CONQUEST_SAVES", str(home / "saves"))


@pytest.fixture(scope="session")
def rules() -> Ruleset:
    """The ruleset from data/rules."""
    return load_ruleset()


@pytest.fixture(scope="session")
def small_map() -> GameMap:
    """data/maps/test_small.json."""
    return load_map("test_small")


@pytest.fixture
def game(rules: Ruleset, small_map: GameMap) -> Game:
    """A fresh two-Clan game on test_small with a fixed seed and no turn limit."""
    setup = GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs")), seed="test",
                      turn_limit=0)
    return new_game(rules, small_map, setup)


@pytest.fixture
def quiet(rules: Ruleset, small_map: GameMap) -> Game:
    """The seeded two-Clan game with random events switched off, so stockpiles are exact."""
    calm = attrs.evolve(rules, event_chance_per_turn=0.0)
    setup = GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs")), seed="test")
    return new_game(calm, small_map, setup)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A two-Clan game on test_small (the Wolves and the Hogs) saved by `conquest new`."""
    path = tmp_path / "game.json"
    assert main(["new", "--map", "test_small", "--clans", "2", "--seed", "cli",
                 "--names", "Wolves,Hogs", "--save", str(path)]) == 0
    return path
