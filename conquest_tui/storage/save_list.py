"""The load list: a save's envelope and summary, read without the engine or cattrs."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import attrs
import orjson

from conquest_tui.storage.migrations import (
    SAVE_VERSION,
    MigrationError,
    NewerVersionError,
    migrate,
)

SAVE_FORMAT = "conquest-save"
DATA_LINE = '\n "data": '
TAIL = "\n}\n"
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


def save_error(source: str, clause: str) -> SaveError:
    return SaveError(f"{source}: {clause}")


def parse_envelope(text: str, source: str) -> dict[str, Any]:
    if not text.strip():
        raise save_error(source, "the file is empty")
    try:
        envelope = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise save_error(
            source,
            "the file is damaged (not valid JSON, it may be cut short: "
            f"line {exc.lineno} column {exc.colno})",
        ) from None
    return _check_envelope(envelope, source)


def _check_envelope(envelope: Any, source: str) -> dict[str, Any]:
    if not isinstance(envelope, dict):
        raise save_error(source, "this is not a conquest-tui save (the file holds no JSON object)")
    kind = envelope.get("format")
    if kind != SAVE_FORMAT:
        found = "has no format field" if kind is None else f"is a {json.dumps(kind)} file"
        raise save_error(source, f"this is not a conquest-tui save (it {found})")
    version = envelope.get("version")
    if version.__class__ is not int:
        raise save_error(source, "the save has no valid version number")
    if version > SAVE_VERSION:
        raise save_error(source, str(NewerVersionError(version)))
    return envelope


def active_clan_number(clan_order: Any, turn_index: Any) -> int:
    if (
        isinstance(clan_order, list)
        and isinstance(turn_index, int)
        and 0 <= turn_index < len(clan_order)
        and isinstance(clan_order[turn_index], int)
    ):
        return int(clan_order[turn_index])
    return 0


def display_name(path: Path) -> str:
    """How messages name a file: relative to the working folder when inside it."""
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return str(path)


def read_save_text(path: Path, source: str) -> str:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise save_error(source, "no such save file") from None
    except IsADirectoryError:
        raise save_error(source, "this is a folder, not a save file") from None
    except OSError as exc:
        raise save_error(source, f"the file cannot be read ({exc.strerror or exc})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise save_error(
            source, f"the file is damaged (not UTF-8 text at byte {exc.start})"
        ) from None


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
                if line.startswith(DATA_LINE[1:]):
                    break
                lines.append(line)
                size += len(line)
                if size > _HEADER_LIMIT:
                    return None
        with path.open("rb") as handle:
            handle.seek(0, os.SEEK_END)
            if handle.tell() < len(TAIL):
                return None
            handle.seek(-len(TAIL), os.SEEK_END)
            if handle.read() != TAIL.encode():
                return None  # cut short: let the full parse say so
    except UnicodeDecodeError:
        return None
    except OSError as exc:
        raise save_error(source, f"the file cannot be read ({exc.strerror or exc})") from None
    try:
        header = json.loads("".join(lines).rstrip().rstrip(",") + "}")
    except json.JSONDecodeError:
        return None
    return header if isinstance(header, dict) else None


def _summary_from_data(data: Any) -> dict[str, Any]:
    """The summary fields rebuilt from raw (migrated) data, for saves without a usable one."""
    raw_map, state = data["map"], data["state"]
    names = {clan["number"]: clan["name"] for clan in state["clans"]}
    active = active_clan_number(state.get("clan_order"), state.get("turn_index"))
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
        raise save_error(source, "no such save file") from None
    except OSError as exc:
        raise save_error(source, f"the file cannot be read ({exc.strerror or exc})") from None
    header = _read_header(path, source)
    if header is not None:
        header = _check_envelope(header, source)
    if header is None or not _summary_ok(header.get("summary")):
        envelope = parse_envelope(read_save_text(path, source), source)
        try:
            data = migrate(envelope.get("data"), envelope["version"])
            summary = _summary_from_data(data)
        except MigrationError as exc:
            raise save_error(source, str(exc)) from None
        except (KeyError, TypeError, AttributeError, IndexError):
            raise save_error(source, "the save is damaged (its summary cannot be read)") from None
        header = {**envelope, "summary": summary}
        if not _summary_ok(summary):
            raise save_error(source, "the save is damaged (its summary cannot be read)")
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
