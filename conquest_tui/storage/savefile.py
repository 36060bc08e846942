"""Save files: a checksummed JSON envelope around the map and state, atomic writes, backups."""

from __future__ import annotations

import gc
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import orjson

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import GameState
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage.converter import FieldError
from conquest_tui.storage.map_loader import MapError, map_from_data, map_to_json
from conquest_tui.storage.migrations import (
    SAVE_VERSION,
    MigrationError,
    NewerVersionError,
    migrate,
)
from conquest_tui.storage.save_state import structure_state, unstructure_state

SAVE_FORMAT = "conquest-save"
BACKUPS = 3
"""How many older saves `save_game` keeps beside a save (`<name>.json.bak1` is the newest)."""

_DATA_LINE = '\n "data": '
_TAIL = "\n}\n"
_HEADER_LIMIT = 256 * 1024
"""read_summary reads at most this many characters looking for the envelope's header."""


class SaveError(Exception):
    """A save that cannot be read or written; str() is one sentence that names the file."""


@attrs.frozen
class SaveSummary:
    """What the load list shows about one save without loading it."""

    path: Path
    map_name: str = ""
    title: str = ""
    """The map's title."""
    game_turn: int = 0
    active_clan: int = 0
    """Number of the Clan whose turn it is (0 when unknown)."""
    active_name: str = ""
    clans: tuple[str, ...] = ()
    """Clan names in playing order."""
    finished: bool = False
    modified: float = 0.0
    """The file's modification time (seconds since the epoch, from the file system)."""
    version: int = 0
    error: str = ""
    """Why the save cannot be loaded ("" when it looks fine)."""


# --- text forms ------------------------------------------------------------------------------


def canonical_json(value: Any) -> str:
    """The one JSON text of a value that the checksum covers: sorted keys, no spaces."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode("utf-8")


def checksum_of(data_text: str) -> str:
    """`sha256:<hex>` of canonical data JSON."""
    return "sha256:" + hashlib.sha256(data_text.encode("utf-8")).hexdigest()


@cache
def created_with() -> str:
    """`conquest-tui <version>` for the envelope."""
    import conquest_tui

    version = getattr(conquest_tui, "__version__", None)
    if not version:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as dist_version

        try:
            version = dist_version("conquest-tui")
        except PackageNotFoundError:
            version = "unknown"
    return f"conquest-tui {version}"


_map_text_cache: list[tuple[GameMap, str]] = []
_map_object_cache: dict[str, GameMap] = {}


def _map_text(game_map: GameMap) -> str:
    """Canonical JSON of the map as its map file holds it (cached for the last map saved)."""
    for cached, text in _map_text_cache:
        if cached is game_map:
            return text
    text = canonical_json(json.loads(map_to_json(game_map)))
    _map_text_cache[:] = [(game_map, text)]
    _remember_map(text, game_map)
    return text


def _remember_map(text: str, game_map: GameMap) -> None:
    """Keep the last map seen, so loading saves of one game does not rebuild it each time."""
    _map_object_cache.clear()
    _map_object_cache[text] = game_map


def _summary_of(game: Game) -> dict[str, Any]:
    state = game.state
    active = _active_number(state.clan_order, state.turn_index)
    names = {clan.number: clan.name for clan in state.clans}
    return {
        "map": game.map.name,
        "title": game.map.title,
        "game_turn": state.game_turn,
        "active_clan": active,
        "active_name": names.get(active, ""),
        "clans": [names.get(number, "") for number in state.clan_order],
        "finished": state.finished,
    }


def _active_number(clan_order: Any, turn_index: Any) -> int:
    if (
        isinstance(clan_order, list)
        and isinstance(turn_index, int)
        and 0 <= turn_index < len(clan_order)
        and isinstance(clan_order[turn_index], int)
    ):
        return int(clan_order[turn_index])
    return 0


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic GC: (un)structuring makes ~10⁵ short-lived containers, no cycles, and
    the collections they trigger cost ~20% of a save or load of a large game."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def game_to_text(game: Game) -> str:
    """The whole save file's text; the same game always gives the same text."""
    with _gc_paused():
        return _game_to_text(game)


def _game_to_text(game: Game) -> str:
    state_text = canonical_json(unstructure_state(game.state))
    # == canonical_json({"map": …, "state": …}) without encoding the cached map again.
    data_text = "".join(('{"map":', _map_text(game.map), ',"state":', state_text, "}"))
    header = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "created_with": created_with(),
        "checksum": checksum_of(data_text),
        "summary": _summary_of(game),
    }
    lines = [
        f" {json.dumps(key)}: {json.dumps(value, sort_keys=True, ensure_ascii=False)},"
        for key, value in header.items()
    ]
    return "".join(("{\n", "\n".join(lines), _DATA_LINE, data_text, _TAIL))


def _fail(source: str, clause: str) -> SaveError:
    return SaveError(f"{source}: {clause}")


def _parse_envelope(text: str, source: str) -> dict[str, Any]:
    if not text.strip():
        raise _fail(source, "the file is empty")
    try:
        envelope = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise _fail(
            source,
            "the file is damaged (not valid JSON, it may be cut short: "
            f"line {exc.lineno} column {exc.colno})",
        ) from None
    return _check_envelope(envelope, source)


def _check_envelope(envelope: Any, source: str) -> dict[str, Any]:
    if not isinstance(envelope, dict):
        raise _fail(source, "this is not a conquest-tui save (the file holds no JSON object)")
    kind = envelope.get("format")
    if kind != SAVE_FORMAT:
        found = "has no format field" if kind is None else f"is a {json.dumps(kind)} file"
        raise _fail(source, f"this is not a conquest-tui save (it {found})")
    version = envelope.get("version")
    if version.__class__ is not int:
        raise _fail(source, "the save has no valid version number")
    if version > SAVE_VERSION:
        raise _fail(source, str(NewerVersionError(version)))
    return envelope


def _verify_checksum(envelope: dict[str, Any], text: str, source: str) -> None:
    expected = envelope.get("checksum")
    if not isinstance(expected, str) or not expected.startswith("sha256:"):
        raise _fail(source, "the save has no valid checksum, so it cannot be trusted")
    if "data" not in envelope:
        raise _fail(source, "the save is damaged: data is missing")
    # Fast path: the data part of a file we wrote is its canonical JSON already.
    start = text.find(_DATA_LINE)  # header values are one-line JSON, so the first is ours
    written = text[start + len(_DATA_LINE) : -len(_TAIL)] if start >= 0 else ""
    if text.endswith(_TAIL) and written and checksum_of(written) == expected:
        return
    if checksum_of(canonical_json(envelope["data"])) != expected:
        raise _fail(
            source,
            "the checksum does not match — the file was edited or damaged after it was saved",
        )


def _structure_data(data: Any, source: str) -> tuple[GameMap, GameState]:
    if not isinstance(data, dict):
        raise _fail(source, "data: expected an object")
    for key in ("map", "state"):
        if key not in data:
            raise _fail(source, f"data.{key}: is missing")
    extra = sorted(set(data) - {"map", "state"})
    if extra:
        raise _fail(source, f"data.{extra[0]}: is not a known field (misspelt?)")
    raw_map = data["map"]
    map_text = canonical_json(raw_map)
    game_map = _map_object_cache.get(map_text)
    if game_map is None:
        try:
            game_map = map_from_data(raw_map, f"{source}: map")
        except MapError as exc:
            raise SaveError(exc.problems[0]) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise _fail(source, f"map: is not a usable map ({exc})") from None
        _remember_map(map_text, game_map)
    try:
        state = structure_state(data["state"])
    except FieldError as exc:
        raise _fail(source, str(exc)) from None
    _check_fit(state, game_map, source)
    return game_map, state


def _check_fit(state: GameState, game_map: GameMap, source: str) -> None:
    if state.map_name != game_map.name:
        raise _fail(
            source,
            f"state.map_name: {json.dumps(state.map_name)} is not the saved map "
            f"{json.dumps(game_map.name)}",
        )
    hexes = len(game_map.hex_ids())
    if len(state.hexes) != hexes:
        raise _fail(source, f"state.hexes: has {len(state.hexes)} hexes, the map has {hexes}")
    if len(state.cities) != len(game_map.cities):
        raise _fail(
            source,
            f"state.cities: has {len(state.cities)} cities, the map has {len(game_map.cities)}",
        )
    if state.clan_order and not 0 <= state.turn_index < len(state.clan_order):
        raise _fail(
            source,
            f"state.turn_index: {state.turn_index} is outside the {len(state.clan_order)} "
            "clans of clan_order",
        )


def game_from_text(text: str, source: str, rules: Ruleset | None = None) -> Game:
    """The Game a save file's text holds; SaveError naming `source` when it cannot be used."""
    with _gc_paused():
        envelope = _parse_envelope(text, source)
        _verify_checksum(envelope, text, source)
        try:
            data = migrate(envelope["data"], envelope["version"])
        except MigrationError as exc:
            raise _fail(source, str(exc)) from None
        game_map, state = _structure_data(data, source)
    if rules is None:
        from conquest_tui.storage.rules_loader import load_ruleset

        rules = load_ruleset()
    return Game(rules, game_map, state)


# --- files -----------------------------------------------------------------------------------


def display_name(path: Path) -> str:
    """How messages name a file: relative to the working folder when inside it."""
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return str(path)


def _read_text(path: Path, source: str) -> str:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise _fail(source, "no such save file") from None
    except IsADirectoryError:
        raise _fail(source, "this is a folder, not a save file") from None
    except OSError as exc:
        raise _fail(source, f"the file cannot be read ({exc.strerror or exc})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(
            source, f"the file is damaged (not UTF-8 text at byte {exc.start})"
        ) from None


def load_game(path: Path | str, rules: Ruleset | None = None) -> Game:
    """Load a save; SaveError (one sentence naming the file) when it cannot be used.

    Never writes: a save that fails to load stays byte-for-byte as it was.
    """
    path = Path(path)
    source = display_name(path)
    return game_from_text(_read_text(path, source), source, rules)


def backup_path(path: Path, number: int) -> Path:
    """`<name>.json.bak<number>` beside the save."""
    return path.with_name(f"{path.name}.bak{number}")


def _rotate_backups(path: Path, backups: int) -> None:
    """Shift bak1..bakN-1 up by one and keep the current save as bak1 (the save stays put)."""
    if backups <= 0 or not path.exists():
        return
    for number in range(backups - 1, 0, -1):
        older = backup_path(path, number)
        if older.exists():
            os.replace(older, backup_path(path, number + 1))
    staging = path.with_name(f".{path.name}.bak.tmp")
    staging.unlink(missing_ok=True)
    try:
        try:
            os.link(path, staging)  # a second name for the old save: nothing is copied
        except OSError:
            shutil.copy2(path, staging)
        os.replace(staging, backup_path(path, 1))
    finally:
        staging.unlink(missing_ok=True)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save_game(game: Game, path: Path | str, *, backups: int = BACKUPS) -> None:
    """Write a save atomically: temp file, fsync, rotate backups, then replace the old save.

    A failure (or a crash) at any moment leaves the previous save intact at `path`.
    Raises SaveError naming the file when the save cannot be written.
    """
    path = Path(path)
    source = display_name(path)
    try:
        payload = game_to_text(game).encode("utf-8")
    except (ValueError, TypeError) as exc:
        raise _fail(source, f"the game could not be saved ({exc})") from None
    folder = path.parent
    tmp_name = ""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        _rotate_backups(path, backups)
        os.replace(tmp_name, path)
        tmp_name = ""
        _fsync_folder(folder)
    except OSError as exc:
        raise _fail(source, f"the game could not be saved ({exc.strerror or exc})") from None
    finally:
        if tmp_name:
            Path(tmp_name).unlink(missing_ok=True)


# --- the load list ---------------------------------------------------------------------------


def _read_header(path: Path, source: str) -> dict[str, Any] | None:
    """The envelope without `data`, read from the first lines of a file we wrote, else None."""
    lines: list[str] = []
    size = 0
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            while True:
                line = handle.readline(_HEADER_LIMIT)  # never reads the long data line whole
                if not line:
                    return None
                if line.startswith(_DATA_LINE[1:]):
                    break
                lines.append(line)
                size += len(line)
                if size > _HEADER_LIMIT:
                    return None
        with path.open("rb") as handle:
            handle.seek(0, os.SEEK_END)
            if handle.tell() < len(_TAIL):
                return None
            handle.seek(-len(_TAIL), os.SEEK_END)
            if handle.read() != _TAIL.encode():
                return None  # cut short: let the full parse say so
    except UnicodeDecodeError:
        return None
    except OSError as exc:
        raise _fail(source, f"the file cannot be read ({exc.strerror or exc})") from None
    try:
        header = json.loads("".join(lines).rstrip().rstrip(",") + "}")
    except json.JSONDecodeError:
        return None
    return header if isinstance(header, dict) else None


def _summary_from_data(data: Any) -> dict[str, Any]:
    """The summary fields rebuilt from raw (migrated) data, for saves without a usable one."""
    raw_map, state = data["map"], data["state"]
    names = {clan["number"]: clan["name"] for clan in state["clans"]}
    active = _active_number(state.get("clan_order"), state.get("turn_index"))
    return {
        "map": raw_map["name"],
        "title": raw_map["title"],
        "game_turn": state.get("game_turn", 1),
        "active_clan": active,
        "active_name": names.get(active, ""),
        "clans": [names.get(number, "") for number in state.get("clan_order", [])],
        "finished": state.get("finished", False),
    }


_SUMMARY_TYPES: dict[str, type] = {
    "map": str, "title": str, "game_turn": int, "active_clan": int, "active_name": str,
    "clans": list, "finished": bool,
}


def _summary_ok(summary: Any) -> bool:
    return isinstance(summary, dict) and all(
        isinstance(summary.get(key), kind) for key, kind in _SUMMARY_TYPES.items()
    ) and all(isinstance(name, str) for name in summary["clans"])


def read_summary(path: Path | str) -> SaveSummary:
    """What the load list needs about a save, reading only its first lines when possible.

    Does not verify the checksum or structure the state (load_game does); SaveError when the
    file is missing, damaged, not a save or too new.
    """
    path = Path(path)
    source = display_name(path)
    try:
        modified = path.stat().st_mtime
    except FileNotFoundError:
        raise _fail(source, "no such save file") from None
    except OSError as exc:
        raise _fail(source, f"the file cannot be read ({exc.strerror or exc})") from None
    header = _read_header(path, source)
    if header is not None:
        header = _check_envelope(header, source)
    if header is None or not _summary_ok(header.get("summary")):
        envelope = _parse_envelope(_read_text(path, source), source)
        try:
            data = migrate(envelope.get("data"), envelope["version"])
            summary = _summary_from_data(data)
        except MigrationError as exc:
            raise _fail(source, str(exc)) from None
        except (KeyError, TypeError, AttributeError, IndexError):
            raise _fail(source, "the save is damaged (its summary cannot be read)") from None
        header = {**envelope, "summary": summary}
        if not _summary_ok(summary):
            raise _fail(source, "the save is damaged (its summary cannot be read)")
    summary = header["summary"]
    return SaveSummary(
        path=path,
        map_name=summary["map"],
        title=summary["title"],
        game_turn=summary["game_turn"],
        active_clan=summary["active_clan"],
        active_name=summary["active_name"],
        clans=tuple(summary["clans"]),
        finished=summary["finished"],
        modified=modified,
        version=header["version"],
    )


def list_saves(directory: Path | str) -> list[SaveSummary]:
    """Every `*.json` save in a folder, newest first; unreadable ones carry an `error`."""
    folder = Path(directory)
    if not folder.is_dir():
        return []
    found: list[SaveSummary] = []
    for path in folder.glob("*.json"):
        if path.name.startswith(".") or not path.is_file():
            continue
        try:
            found.append(read_summary(path))
        except SaveError as exc:
            try:
                modified = path.stat().st_mtime
            except OSError:
                modified = 0.0
            found.append(SaveSummary(path=path, modified=modified, error=str(exc)))
    found.sort(key=lambda s: (-s.modified, s.path.name))
    return found
