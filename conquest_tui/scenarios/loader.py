"""Reading a scenario file: TOML structured by the one converter; a bad one refused in words."""

from __future__ import annotations

import tomllib
from pathlib import Path

from conquest_tui.scenarios.records import Scenario
from conquest_tui.storage.converter import FieldErrors, structure


class ScenarioError(ValueError):
    """A scenario that cannot be read or built: the file, the field and the reason."""


def load_scenario(path: Path) -> Scenario:
    """The scenario in `path`; ScenarioError names the file, the field path and the reason."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ScenarioError(f"{path}: cannot be read ({error.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ScenarioError(f"{path}: is not TOML ({error})") from None
    try:
        return structure(data, Scenario, "", dotted_keys=True)
    except FieldErrors as error:
        raise ScenarioError(f"{path}: {error}") from None


def scenario_files(paths: list[Path]) -> list[Path]:
    """The scenario files named, a folder standing for every .toml file under it, sorted."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.rglob("*.toml")))
        else:
            files.append(path)
    return files
