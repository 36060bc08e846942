"""The load list: a save's envelope and summary, read without the engine or cattrs."""

from __future__ import annotations

import hashlib
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


WHOLE_FILE_CHECKSUM = 3
"""From this save version on the checksum covers the header (summary included), not only data."""


class SaveError(Exception):
    """A save that cannot be read or written; str() is one sentence that names the file."""


class EditedSave(SaveError):
    """A save whose checksum does not match: changed outside the game (or damaged).

    `load_game(..., allow_edited=True)` opens it anyway, checked like any other save.
    """


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
    edited: bool = False
    """The checksum does not match: the file was changed outside the game. The summary is
    then read from the game data itself (what loading would open), not from the header."""


def save_error(source: str, clause: str) -> SaveError:
    return SaveError(f"{source}: {clause}")


# --- checksums ---------------------------------------------------------------------------------


def canonical_json(value: Any) -> str:
    """The one JSON text of a value that the checksum covers: sorted keys, no spaces."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode("utf-8")


def checksum_of(data_text: str, header: dict[str, Any] | None = None) -> str:
    """`sha256:<hex>` of the canonical header (every envelope field but `checksum` and `data`)
    followed by the canonical data; of the data alone for saves before WHOLE_FILE_CHECKSUM."""
    digest = hashlib.sha256()
    if header is not None:
        covered = {key: value for key, value in header.items() if key not in ("checksum", "data")}
        digest.update(canonical_json(covered).encode("utf-8"))
    digest.update(data_text.encode("utf-8"))
    return "sha256:" + digest.hexdigest()


def _covered_header(envelope: dict[str, Any]) -> dict[str, Any] | None:
    return envelope if envelope["version"] >= WHOLE_FILE_CHECKSUM else None


def checksum_matches(envelope: dict[str, Any], text: str, source: str) -> bool:
    """Whether the save's checksum matches what it holds (SaveError: it has no checksum).

    `text` is the whole file: the data part of a file the game wrote is canonical JSON
    already, so it is hashed as it stands; any other layout is made canonical first.
    """
    expected = envelope.get("checksum")
    if not isinstance(expected, str) or not expected.startswith("sha256:"):
        raise save_error(source, "the save has no valid checksum, so it cannot be trusted")
    if "data" not in envelope:
        raise save_error(source, "the save is damaged: data is missing")
    if _written_matches(envelope, text):
        return True
    try:
        data_text = canonical_json(envelope["data"])
    except TypeError:  # a number orjson cannot write (beyond 64 bits): not the game's
        return False
    return checksum_of(data_text, _covered_header(envelope)) == expected


def _written_matches(header: dict[str, Any], text: str) -> bool:
    """Whether the data part of a file laid out as the game writes it matches the checksum."""
    start = text.find(DATA_LINE)  # header values are one-line JSON, so the first is ours
    if start < 0 or not text.endswith(TAIL):
        return False
    written = text[start + len(DATA_LINE) : -len(TAIL)]
    return checksum_of(written, _covered_header(header)) == header.get("checksum")


def edited_error(source: str) -> EditedSave:
    return EditedSave(
        f"{source}: the save was changed outside the game (edited or damaged): its checksum "
        "does not match; to open it anyway, use --allow-edited (the app asks first)"
    )


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
    """What the load list needs about a save, without structuring its state.

    The summary is shown only once the checksum vouches for it (the header of a save written
    by the game is read from its first lines, the rest of the file only hashed). Otherwise, for
    saves whose checksum did not cover the summary yet (before WHOLE_FILE_CHECKSUM) and for
    edited saves, it is read from the game data itself, so the list shows what loading opens;
    an edited save is marked `edited`. SaveError when the file is missing, damaged, not a save
    or too new.
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
    text = ""
    verified = False
    if (header is not None and header["version"] >= WHOLE_FILE_CHECKSUM
            and _summary_ok(header.get("summary"))):
        text = read_save_text(path, source)
        verified = _written_matches(header, text)
    edited = False
    if not verified:
        text = text or read_save_text(path, source)
        envelope = parse_envelope(text, source)
        matches = checksum_matches(envelope, text, source)
        edited = not matches
        if matches and envelope["version"] >= WHOLE_FILE_CHECKSUM and _summary_ok(
                envelope.get("summary")):
            header = envelope
        else:
            header = {**envelope, "summary": _summary_of_data(envelope, source)}
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
        edited=edited,
    )


def _summary_of_data(envelope: dict[str, Any], source: str) -> dict[str, Any]:
    """The summary rebuilt from the (migrated) game data."""
    try:
        data = migrate(envelope.get("data"), envelope["version"])
        summary = _summary_from_data(data)
    except MigrationError as exc:
        raise save_error(source, str(exc)) from None
    except (KeyError, TypeError, AttributeError, IndexError):
        raise save_error(source, "the save is damaged (its summary cannot be read)") from None
    if not _summary_ok(summary):
        raise save_error(source, "the save is damaged (its summary cannot be read)")
    return summary


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
