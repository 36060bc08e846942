"""The load list: a save's envelope and summary, read without the engine or cattrs."""

from __future__ import annotations

import hashlib
import json
import os
import zlib
from pathlib import Path
from typing import Any

import attrs
import orjson

from conquest_tui.storage.migrations import (
    CONTINENTAL,
    GAME_KEY,
    GAME_NAMES,
    SAVE_VERSION,
    MigrationError,
    NewerVersionError,
    game_of_envelope,
    migrate,
)

SAVE_FORMAT = "conquest-save"
DATA_LINE = '\n "data": '
TAIL = "\n}\n"
_HEADER_LIMIT = 256 * 1024
"""read_summary reads at most this many characters looking for the envelope's header."""


WHOLE_FILE_CHECKSUM = 3
"""From this save version on the checksum covers the header (summary included), not only data."""

CRC_CHECKSUM = 10
"""From this save version on the game writes its checksum as a CRC-32 (`crc32:<8 hex>`), before
it as a SHA-256 (`sha256:<64 hex>`); a load checks either, by the kind its prefix names. It
guards against damage and edits made outside the game, no secret (the checks after it run on
every load whatever it says), which a CRC does as well in a fifth of the time."""

STAMP_KEY = "stamp"
"""The envelope field of a save's stamp (a header field, so the checksum covers it)."""
STAMP_BY_MAX = 200
"""The longest `SaveStamp.by` a save may hold, in characters."""


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
    game: str = CONTINENTAL
    """Which game the save holds ("continental" or "conquest")."""


def save_error(source: str, clause: str) -> SaveError:
    return SaveError(f"{source}: {clause}")


# --- the stamp: which write of the save this is ----------------------------------------------


def _generation(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value.__class__ is not int or value < 0:
        raise ValueError(f"{attribute.name}: expected a whole number 0 or more, got {value!r}")


def _by(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value.__class__ is not str:
        raise ValueError(f"{attribute.name}: expected text, got {value!r}")
    if len(value) > STAMP_BY_MAX:
        raise ValueError(f"{attribute.name}: is {len(value):,} characters long, more than "
                         f"{STAMP_BY_MAX}")


@attrs.frozen
class SaveStamp:
    """Which write of a save this is, for one writer at a time (the app and the command line on
    one save): kept in the envelope's header, covered by the checksum. No clock: the same save
    and the same sheet give a byte-identical next save (the time is the file's mtime)."""

    generation: int = attrs.field(validator=_generation)
    """Bumped by one on every write of the save; 0 = a save from before stamps."""
    by: str = attrs.field(default="", validator=_by)
    """What wrote it, in words: "Clan 572's turn", "a wrong PIN at Clan 572's seat"."""


NO_STAMP = SaveStamp(0)
"""The stamp of a save written before stamps (and of `save_game(…, stamp=None)`)."""


def stamp_of(envelope: dict[str, Any], source: str) -> SaveStamp:
    """The stamp of a save's envelope (NO_STAMP when it has none); SaveError naming the field."""
    raw = envelope.get(STAMP_KEY)
    if raw is None:
        return NO_STAMP
    if raw.__class__ is not dict:
        raise save_error(source, f"{STAMP_KEY}: expected an object with generation and by")
    extra = sorted(set(raw) - {"generation", "by"})
    if extra:
        raise save_error(source, f"{STAMP_KEY}.{extra[0]}: is not a known field (misspelt?)")
    if "generation" not in raw:
        raise save_error(source, f"{STAMP_KEY}.generation: is missing")
    try:
        return SaveStamp(raw["generation"], raw.get("by", ""))
    except ValueError as exc:
        raise save_error(source, f"{STAMP_KEY}.{exc}") from None


def read_stamp(path: Path | str) -> SaveStamp:
    """The stamp in a save's header, read fast (the header lines of a file the game wrote; the
    whole JSON otherwise), without the engine and without checking the checksum (`load_stamped`
    gives the stamp the checksum vouches for). SaveError naming the file when it is unreadable,
    not a save or too new."""
    path = Path(path)
    source = display_name(path)
    return stamp_of(_peek(path, source), source)


def read_game(path: Path | str) -> str:
    """Which game a save holds ("continental" or "conquest"), read from its header as fast as
    `read_stamp` (SaveError naming the file when it is unreadable or not a save)."""
    return game_of_envelope(_peek(Path(path), display_name(Path(path))))


def _peek(path: Path, source: str) -> dict[str, Any]:
    if not path.exists():
        raise save_error(source, "no such save file")
    if path.is_dir():
        raise save_error(source, "this is a folder, not a save file")
    header = _read_header(path, source)
    if header is None:
        return parse_envelope(read_save_bytes(path, source), source)
    return _check_envelope(header, source)


# --- checksums ---------------------------------------------------------------------------------


def canonical_json(value: Any) -> str:
    """The one JSON text of a value that the checksum covers: sorted keys, no spaces."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode("utf-8")


def checksum_of(data_text: str | bytes | memoryview | tuple[bytes, ...],
                header: dict[str, Any] | None = None) -> str:
    """The checksum the game writes: of the canonical header (every envelope field but
    `checksum` and `data`) followed by the canonical data; of the data alone for saves before
    WHOLE_FILE_CHECKSUM. `crc32:<8 hex>` for a header of version CRC_CHECKSUM on, `sha256:<hex>`
    before (as those saves were written). The data as text, or as its UTF-8 bytes (a file's,
    hashed where they lie), or as pieces of them in order (a save being written: hashed without
    joining them)."""
    crc = header is not None and header.get("version", 0) >= CRC_CHECKSUM
    return _checksum(data_text, header, _CRC_PREFIX if crc else _SHA_PREFIX)


_CRC_PREFIX = "crc32:"
_SHA_PREFIX = "sha256:"


def _checksum(data_text: str | bytes | memoryview | tuple[bytes, ...],
              header: dict[str, Any] | None, kind: str) -> str:
    """`checksum_of` by the kind its prefix names (`crc32:` or `sha256:`)."""
    pieces: tuple[bytes | memoryview, ...]
    if isinstance(data_text, tuple):
        pieces = data_text
    else:
        pieces = (data_text.encode("utf-8") if isinstance(data_text, str) else data_text,)
    if header is not None:
        covered = {key: value for key, value in header.items() if key not in ("checksum", "data")}
        pieces = (canonical_json(covered).encode("utf-8"), *pieces)
    if kind == _CRC_PREFIX:
        crc = 0
        for piece in pieces:
            crc = zlib.crc32(piece, crc)
        return f"{_CRC_PREFIX}{crc:08x}"
    digest = hashlib.sha256()
    for piece in pieces:
        digest.update(piece)
    return _SHA_PREFIX + digest.hexdigest()


def _kind(checksum: Any) -> str:
    """The kind of checksum a save's says it is (its prefix), "" when none the game writes."""
    if checksum.__class__ is str:
        for kind in (_CRC_PREFIX, _SHA_PREFIX):
            if checksum.startswith(kind):
                return kind
    return ""


def _covered_header(envelope: dict[str, Any]) -> dict[str, Any] | None:
    return envelope if envelope["version"] >= WHOLE_FILE_CHECKSUM else None


def checksum_matches(envelope: dict[str, Any], text: str | bytes, source: str) -> bool:
    """Whether the save's checksum matches what it holds (SaveError: it has no checksum of a
    kind the game writes). Checked by the kind it says it is (a save of an older version keeps
    its `sha256:`; from CRC_CHECKSUM on the game writes `crc32:`).

    `text` is the whole file: the data part of a file the game wrote is canonical JSON
    already, so it is hashed as it stands; any other layout is made canonical first.
    """
    expected = envelope.get("checksum")
    kind = _kind(expected)
    if not kind:
        raise save_error(source, "the save has no valid checksum, so it cannot be trusted")
    if "data" not in envelope:
        raise save_error(source, "the save is damaged: data is missing")
    if _written_matches(envelope, text):
        return True
    try:
        data_text = canonical_json(envelope["data"])
    except TypeError:  # a number orjson cannot write (beyond 64 bits): not the game's
        return False
    return _checksum(data_text, _covered_header(envelope), kind) == expected


def _written_matches(header: dict[str, Any], text: str | bytes) -> bool:
    """Whether the data part of a file laid out as the game writes it matches the checksum (the
    file's bytes are hashed where they lie, its text once encoded)."""
    expected = header.get("checksum")
    kind = _kind(expected)
    if not kind:
        return False
    if isinstance(text, str):
        start, end = text.find(DATA_LINE), text.endswith(TAIL)
        if start < 0 or not end:
            return False
        written: str | memoryview = text[start + len(DATA_LINE) : -len(TAIL)]
    else:
        start, end = text.find(_DATA_LINE_BYTES), text.endswith(_TAIL_BYTES)
        if start < 0 or not end:
            return False
        written = memoryview(text)[start + len(_DATA_LINE_BYTES) : -len(_TAIL_BYTES)]
    return _checksum(written, _covered_header(header), kind) == expected


_DATA_LINE_BYTES = DATA_LINE.encode()
_TAIL_BYTES = TAIL.encode()


def edited_error(source: str) -> EditedSave:
    return EditedSave(
        f"{source}: the save was changed outside the game (edited or damaged): its checksum "
        "does not match; to open it anyway, use --allow-edited (the app asks first)"
    )


def parse_envelope(text: str | bytes, source: str) -> dict[str, Any]:
    """The envelope of a save's text or its UTF-8 bytes (read as they are: no decoding)."""
    if not text or text.isspace():  # (strip would copy the whole file: 2 ms of a late save)
        raise save_error(source, "the file is empty")
    try:
        envelope = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        if isinstance(text, bytes):
            _utf8(text, source)
        if exc.msg.startswith("failed to allocate"):  # orjson's own bound, not the machine's
            raise save_error(source, "the file is damaged (its JSON could not be read: "
                                     f"{exc.msg} at line {exc.lineno} column {exc.colno})"
                             ) from None
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
    _check_header(envelope, source)
    return envelope


HEADER_FIELDS = frozenset({"format", GAME_KEY, "version", "created_with", "checksum", "summary",
                           STAMP_KEY, "data"})
_SCALARS = frozenset({int, str, float, bool, type(None)})


def _check_header(envelope: dict[str, Any], source: str) -> None:
    """The header holds only its known fields, each no deeper than it is (the checksum covers
    the header, so it is written out again before anything else is checked)."""
    extra = sorted(set(envelope) - HEADER_FIELDS)
    if extra:
        raise save_error(source, f"{_shown_key(extra[0])}: is not a field of a save (misspelt?)")
    for name in ("created_with", "checksum"):
        value = envelope.get(name)
        if value is not None and (value.__class__ is not str or len(value) > STAMP_BY_MAX):
            raise save_error(source, f"{name}: expected a short text")
    summary = envelope.get("summary")
    if summary is not None:
        _check_summary_shape(summary, source)
    if game_of_envelope(envelope) not in GAME_NAMES:
        raise save_error(source, f"{GAME_KEY}: is not a game this program plays")
    stamp_of(envelope, source)


def check_game(envelope: dict[str, Any], source: str, expected: str) -> None:
    """SaveError, in words, when the save holds another game than `expected`."""
    game = game_of_envelope(envelope)
    if game != expected:
        raise save_error(source, f"this save is a game of {GAME_NAMES[game]}, not of "
                                 f"{GAME_NAMES[expected]}")


def _check_summary_shape(summary: Any, source: str) -> None:
    """An object of at most a few dozen scalars and short lists of them (the Clans' names)."""
    if summary.__class__ is not dict or len(summary) > 32:
        raise save_error(source, "summary: expected an object of a few fields")
    for name, value in summary.items():
        if value.__class__ in _SCALARS:
            continue
        if value.__class__ is list and len(value) <= 100 and set(map(type, value)) <= _SCALARS:
            continue
        raise save_error(source, f"summary.{_shown_key(name)}: expected text, a number or a "
                                 "short list of them")


def _shown_key(name: str) -> str:
    return name if name.isidentifier() and len(name) <= 40 else json.dumps(name[:40])


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


MAX_SAVE_BYTES = 32 * 1024 * 1024
"""No save is larger (a 20-Clan game 30 game turns in is some 2 MB): a larger file is refused
before it is read, so that what it holds cannot cost more memory than a save."""


def _utf8(raw: bytes, source: str) -> None:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise save_error(
            source, f"the file is damaged (not UTF-8 text at byte {exc.start})"
        ) from None


def read_save_bytes(path: Path, source: str) -> bytes:
    """The save's bytes as they are (SaveError naming the file: missing or too large)."""
    try:
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_SAVE_BYTES:
                raise save_error(source, f"the file is {size / 2**20:,.0f} MB, larger than any "
                                         f"save (at most {MAX_SAVE_BYTES // 2**20} MB)")
            raw = handle.read()
    except FileNotFoundError:
        raise save_error(source, "no such save file") from None
    except IsADirectoryError:
        raise save_error(source, "this is a folder, not a save file") from None
    except OSError as exc:
        raise save_error(source, f"the file cannot be read ({exc.strerror or exc})") from None
    return raw


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
    text: bytes = b""
    verified = False
    if (header is not None and header["version"] >= WHOLE_FILE_CHECKSUM
            and _summary_ok(header.get("summary"))):
        text = read_save_bytes(path, source)
        verified = _written_matches(header, text)
    edited = False
    if not verified:
        text = text or read_save_bytes(path, source)
        envelope = parse_envelope(text, source)
        matches = checksum_matches(envelope, text, source)
        edited = not matches
        if matches and envelope["version"] >= WHOLE_FILE_CHECKSUM and _summary_ok(
                envelope.get("summary")):
            header = envelope
        elif game_of_envelope(envelope) != CONTINENTAL and _summary_ok(envelope.get("summary")):
            header = envelope  # another game's data has no Clans to rebuild it from
        else:
            header = {**envelope, "summary": _summary_of_data(envelope, source)}
    assert header is not None  # verified only once the header was read
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
        game=game_of_envelope(header),
    )


def _summary_of_data(envelope: dict[str, Any], source: str) -> dict[str, Any]:
    """The summary rebuilt from the (migrated) game data."""
    try:
        raw: Any = envelope.get("data")  # unchecked JSON: a damaged save may lack it
        data = migrate(raw, envelope["version"])
        summary = _summary_from_data(data)
    except MigrationError as exc:
        raise save_error(source, str(exc)) from None
    except (KeyError, TypeError, AttributeError, IndexError):
        raise save_error(source, "the save is damaged (its summary cannot be read)") from None
    if not _summary_ok(summary):
        raise save_error(source, "the save is damaged (its summary cannot be read)")
    return summary


def list_saves(directory: Path | str) -> list[SaveSummary]:
    """Every `*.json` save in a folder, newest first; unreadable ones carry an `error`.

    Only names ending in `.json` are saves: the lock beside a save (`NAME.json.lock`), its
    backups (`NAME.json.bak1`) and the temporary files of a save being written are not listed.
    """
    folder = Path(directory)
    if not folder.is_dir():
        return []
    found: list[SaveSummary] = []
    for path in folder.glob("*.json"):
        if path.name.startswith(".") or path.suffix != ".json" or not path.is_file():
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
