"""Load data/rules/*.toml into the frozen Ruleset: `load_ruleset()`, once per folder.

tomllib parses each file, `rules_layout.gather` puts the tables where the Ruleset has them, and
the one converter (storage/converter.py) structures the Ruleset; the records' attrs validators
and `Ruleset`'s own checks hold the invariants. Any problem becomes one RulesError sentence:
`data/rules/vehicles.toml: vehicles.truck.cost: expected a whole number ≥ 1, got 0`.
"""

from __future__ import annotations

import functools
import threading
import tomllib
from pathlib import Path
from typing import Any

from conquest_tui.engine.orderbook import order_registry
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage import paths
from conquest_tui.storage.converter import FieldErrors, structure
from conquest_tui.storage.rules_layout import Files, LayoutError, gather, source_of

__all__ = ["RULE_FILES", "RulesError", "load_ruleset"]

RULE_FILES = (
    "terrain", "convoys", "vehicles", "hexes", "cities", "buildings", "structures", "experts",
    "market", "espionage", "casino", "start", "consumption", "morale", "loot", "events",
    "combat", "health", "orders", "house_rules",
)


class RulesError(ValueError):
    """A rules file that cannot be used; the message names the file, the key and the problem."""


def load_ruleset(rules_dir: Path | None = None) -> Ruleset:
    """The ruleset from `rules_dir` (default: the project's data/rules), loaded once per folder.

    Safe to call from several threads (a worker thread of the app, say): the first call loads,
    the others wait for it and share its result. Raises RulesError naming the file, the key and
    the problem when anything is wrong (a failed load is not remembered).
    """
    folder = paths.rules_dir() if rules_dir is None else Path(rules_dir)
    with _loading:
        return _load(folder.resolve())


_loading = threading.Lock()


@functools.cache
def _load(rules_dir: Path) -> Ruleset:
    files = _read_files(rules_dir)
    try:
        data = gather(files)
    except LayoutError as exc:
        raise RulesError(f"{_file(rules_dir, exc.file)}: {exc.path}: {exc.reason}") from None
    data["order_source"] = order_registry  # not rules data: the engine's order declarations
    try:
        return structure(data, Ruleset, "", dotted_keys=True)
    except FieldErrors as exc:
        file, path = source_of(exc.path)
        where = f"{_file(rules_dir, file)}: {path}" if path else _file(rules_dir, file)
        raise RulesError(f"{where}: {exc.message}") from None


def _display(path: Path) -> str:
    """data/rules/x.toml for the project's own files, else the path as given."""
    try:
        return path.resolve().relative_to(paths.data_dir().resolve().parent).as_posix()
    except ValueError:
        return str(path)


def _file(rules_dir: Path, name: str) -> str:
    return _display(rules_dir / f"{name}.toml")


def _read_files(rules_dir: Path) -> Files:
    """Every rules file parsed; RulesError for a missing, unknown or unreadable one."""
    if not rules_dir.is_dir():
        raise RulesError(f"{_display(rules_dir)}: rules directory not found")
    for path in sorted(rules_dir.glob("*.toml")):
        if path.stem not in RULE_FILES:
            raise RulesError(f"{_display(path)}: unknown rules file (expected: "
                             f"{', '.join(f + '.toml' for f in RULE_FILES)})")
    files: dict[str, Any] = {}
    for name in RULE_FILES:
        source = _file(rules_dir, name)
        try:
            with (rules_dir / f"{name}.toml").open("rb") as handle:
                files[name] = tomllib.load(handle)
        except FileNotFoundError:
            raise RulesError(f"{source}: file missing") from None
        except tomllib.TOMLDecodeError as error:
            raise RulesError(f"{source}: not valid TOML: {error}") from None
    return files
