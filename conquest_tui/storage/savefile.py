"""Save files: a checksummed JSON envelope around the map and state, atomic writes, backups."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from functools import cache
from glob import escape as glob_escape
from pathlib import Path
from typing import Any

import orjson

from conquest_tui import collector
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import GameState
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage import past_reports
from conquest_tui.storage.clan_tables import make_together
from conquest_tui.storage.converter import FieldError, converter, structure, unstructure
from conquest_tui.storage.event_checks import (
    check_events,
    check_saved_events,
    prepare_saved_events,
)
from conquest_tui.storage.field_rules import domains
from conquest_tui.storage.map_loader import MapError, map_from_data, map_to_json
from conquest_tui.storage.migrations import (
    CONTINENTAL,
    SAVE_VERSION,
    MigrationError,
    migrate,
)
from conquest_tui.storage.preflight import preflight
from conquest_tui.storage.save_checks import SaveCheckError, check_state, clan_checks
from conquest_tui.storage.save_header import HeaderSummary, SaveHeader
from conquest_tui.storage.save_list import (
    DATA_LINE,
    NO_STAMP,
    SAVE_FORMAT,
    TAIL,
    EditedSave,
    SaveError,
    SaveStamp,
    active_clan_number,
    canonical_json,
    check_game,
    checksum_matches,
    checksum_of,
    display_name,
    edited_error,
    parse_envelope,
    read_save_bytes,
    read_stamp,
    save_error,
    stamp_of,
)
from conquest_tui.storage.saved_events import name_sources
from conquest_tui.storage.saved_knowledge import name_knowledge
from conquest_tui.storage.saved_tables import count_of
from conquest_tui.storage.sheet_log import SheetLog, attach, log_of

__all__ = ["BACKUPS", "EditedSave", "SaveError", "SaveStamp", "backup_path", "canonical_json",
           "checksum_of", "game_from_text", "game_to_text", "load_game", "load_stamped",
           "read_stamp", "save_game"]
from conquest_tui.storage.save_state import structure_state, unstructure_state

BACKUPS = 3
"""How many older saves `save_game` keeps beside a save (`<name>.json.bak1` is the newest)."""



# --- text forms ------------------------------------------------------------------------------


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
_TAIL_BYTES = TAIL.encode("utf-8")
_map_bytes_cache: list[tuple[str, bytes]] = []
"""The cached map text's UTF-8 bytes, for saves written as bytes."""
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


def _summary_of(game: Game) -> HeaderSummary:
    state = game.state
    active = active_clan_number(state.clan_order, state.turn_index)
    names = {clan.number: clan.name for clan in state.clans}
    return HeaderSummary(
        map=game.map.name,
        title=game.map.title,
        game_turn=state.game_turn,
        active_clan=active,
        active_name=names.get(active, ""),
        clans=[names.get(number, "") for number in state.clan_order],
        finished=state.finished,
    )


def game_to_text(game: Game, stamp: SaveStamp | None = None) -> str:
    """The whole save file's text; the same game and stamp always give the same text."""
    return game_to_bytes(game, stamp).decode("utf-8")


def game_to_bytes(game: Game, stamp: SaveStamp | None = None) -> bytes:
    """The whole save file as the UTF-8 bytes written to disk (`game_to_text`, encoded)."""
    return b"".join(_game_to_pieces(game, NO_STAMP if stamp is None else stamp))


def _game_to_pieces(game: Game, stamp: SaveStamp) -> tuple[bytes, ...]:
    """The save file's bytes in pieces, in order: hashed and written without joining them (a
    late save is some 3 MB)."""
    log = log_of(game.state)
    window = None if log is None else past_reports.WINDOW  # older reports: rebuilt by replay
    with collector.paused(), past_reports.keeping_last(window):
        # The data stays bytes from orjson to the file: no text made only to be encoded again.
        state_bytes = orjson.dumps(unstructure_state(game.state), option=orjson.OPT_SORT_KEYS)
    # == canonical_json({"log": …, "map": …, "state": …}) without encoding the cached map again.
    start = b'{"map":' if log is None else b"".join(
        (b'{"log":', orjson.dumps(unstructure(log, SheetLog), option=orjson.OPT_SORT_KEYS),
         b',"map":'))
    data = (start, _map_bytes(game.map), b',"state":', state_bytes, b"}")
    header = SaveHeader(format=SAVE_FORMAT, version=SAVE_VERSION, created_with=created_with(),
                        checksum="", summary=_summary_of(game), stamp=stamp)
    fields: dict[str, Any] = unstructure(header, SaveHeader)
    fields["checksum"] = checksum_of(data, fields)
    lines = [
        f" {json.dumps(key)}: {json.dumps(value, sort_keys=True, ensure_ascii=False)},"
        for key, value in fields.items()
    ]
    head = "".join(("{\n", "\n".join(lines), DATA_LINE)).encode("utf-8")
    return (head, *data, _TAIL_BYTES)


def _map_bytes(game_map: GameMap) -> bytes:
    text = _map_text(game_map)
    for cached, encoded in _map_bytes_cache:
        if cached is text:
            return encoded
    encoded = text.encode("utf-8")
    _map_bytes_cache[:] = [(text, encoded)]
    return encoded


def _map_seen(data: Any) -> tuple[str, GameMap | None]:
    """The canonical text of a save's map as read (its cache key; "" when it has none: not an
    object, nested deeper than orjson writes or holding a number beyond 64 bits) and the map
    last seen with that text, if any: a map already made and checked is not checked again."""
    raw_map = data.get("map") if data.__class__ is dict else None
    if raw_map.__class__ is not dict:
        return "", None
    try:
        text = canonical_json(raw_map)
    except orjson.JSONEncodeError:  # preflight or the map's own checks name what is wrong
        return "", None
    return text, _map_object_cache.get(text)


def _structure_data(data: Any, source: str, map_text: str, game_map: GameMap | None
                    ) -> tuple[GameMap, GameState, dict[str, Any]]:
    """The map (`game_map` when `_map_seen` found it, else made from the data), the state and
    the state's data as read."""
    if not isinstance(data, dict):
        raise save_error(source, "data: expected an object")
    for key in ("map", "state"):
        if key not in data:
            raise save_error(source, f"data.{key}: is missing")
    extra = sorted(set(data) - {"log", "map", "state"})
    if extra:
        raise save_error(source, f"data.{extra[0]}: is not a known field (misspelt?)")
    if game_map is None:
        try:
            game_map = map_from_data(data["map"], f"{source}: map")
        except MapError as exc:
            raise SaveError(exc.problems[0]) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise save_error(source, f"map: is not a usable map ({exc})") from None
        if map_text:
            _remember_map(map_text, game_map)
    try:
        state = structure_state(data["state"])
    except FieldError as exc:
        raise save_error(source, str(exc)) from None
    _check_fit(state, game_map, source)
    if "log" in data:
        try:
            attach(state, structure(data["log"], SheetLog, "data.log"))
        except FieldError as exc:
            raise save_error(source, str(exc)) from None
    return game_map, state, data["state"]


def _check_fit(state: GameState, game_map: GameMap, source: str) -> None:
    if state.map_name != game_map.name:
        raise save_error(
            source,
            f"state.map_name: {json.dumps(state.map_name)} is not the saved map "
            f"{json.dumps(game_map.name)}",
        )
    hexes, held = len(game_map.hex_ids()), count_of(state, "hexes")
    if held != hexes:
        raise save_error(source, f"state.hexes: has {held} hexes, the map has {hexes}")
    if len(state.cities) != len(game_map.cities):
        raise save_error(
            source,
            f"state.cities: has {len(state.cities)} cities, the map has {len(game_map.cities)}",
        )
    if state.clan_order and not 0 <= state.turn_index < len(state.clan_order):
        raise save_error(
            source,
            f"state.turn_index: {state.turn_index} is outside the {len(state.clan_order)} "
            "clans of clan_order",
        )


def _read_the_first_shown(state: GameState) -> None:
    """Build and check the last turn's events, the inbox, the mail and the knowledge of the
    Clan whose turn is next (its report is the first shown, its turn the first played): a
    damaged one is refused on load; the other Clans' are checked when first used
    (storage/saved_events, storage/saved_knowledge)."""
    active = active_clan_number(state.clan_order, state.turn_index)
    for clan in state.clans:
        if clan.number == active:
            clan.read_for_play()


def game_from_text(text: str, source: str, rules: Ruleset | None = None, *,
                   allow_edited: bool = False) -> Game:
    """The Game a save file's text holds; SaveError naming `source` when it cannot be used.

    A checksum that does not match raises EditedSave, unless `allow_edited`: then the save is
    opened, checked the same way (structure, references, ranges) and, as its events were not
    written by the game, every saved event must be worded from its facts too.
    """
    return stamped_game_from_text(text, source, rules, allow_edited=allow_edited)[0]


def stamped_game_from_text(text: str | bytes, source: str, rules: Ruleset | None = None, *,
                           allow_edited: bool = False) -> tuple[Game, SaveStamp]:
    """`game_from_text` and the save's stamp (see `SaveStamp`); the text as read from the file
    (its UTF-8 bytes, read and hashed without decoding) or as a string."""
    if rules is None:
        from conquest_tui.storage.rules_loader import load_ruleset

        rules = load_ruleset()
    with collector.paused(keeps=True):
        envelope = parse_envelope(text, source)
        check_game(envelope, source, CONTINENTAL)
        edited = not checksum_matches(envelope, text, source)
        if edited and not allow_edited:
            raise edited_error(source)
        stamp = stamp_of(envelope, source)
        map_text, seen = _map_seen(envelope["data"])
        preflight(envelope["data"], source, rules,
                  None if seen is None else (seen.columns * seen.rows, len(seen.cities)))
        try:
            data = migrate(envelope["data"], envelope["version"])
        except MigrationError as exc:
            raise save_error(source, str(exc)) from None
        # The last turns' events are checked when first used (storage/saved_events).
        events_hold = prepare_saved_events(data.get("state") if isinstance(data, dict) else None,
                                           last_turns=False, inboxes=False)
        make_together(data.get("state") if isinstance(data, dict) else None, converter())
        game_map, state, raw_state = _structure_data(data, source, map_text, seen)
        names = domains(rules, game_map, state)
        name_sources(state.clans, source)
        name_knowledge(state.clans, source, clan_checks(names))
        try:
            check_state(rules, game_map, state, raw_state, names)
            check_saved_events(state, events_hold=events_hold, last_turns=False)
        except SaveCheckError as exc:
            raise save_error(source, str(exc)) from None
        _read_the_first_shown(state)  # after the checks: what it reads, it checks
        if not edited and envelope["version"] == SAVE_VERSION and map_text:
            # the map as this game writes it (a save of ours): its next save writes the same text
            _map_text_cache[:] = [(game_map, map_text)]
        # The data as read goes before collections resume: they then walk only the game.
        del envelope, data, raw_state
    _ready_to_save()
    if edited:
        from conquest_tui.engine.sentences.event_text import event_text, problem_text

        try:
            check_events(state, event_text, problem_text)
        except SaveCheckError as exc:
            raise save_error(source, str(exc)) from None
    return Game(rules, game_map, state), stamp


@cache
def _ready_to_save() -> None:
    """Make the converter's hooks that write a game once a process has loaded one (else its
    first save makes them: some 4 ms, a save's slowest sample)."""
    for cls in (GameState, SheetLog, SaveHeader):
        converter().get_unstructure_hook(cls)


# --- files -----------------------------------------------------------------------------------


def load_game(path: Path | str, rules: Ruleset | None = None, *,
              allow_edited: bool = False) -> Game:
    """Load a save; SaveError (one sentence naming the file) when it cannot be used.

    EditedSave (a SaveError) when its checksum does not match, unless `allow_edited`. Never
    writes: a save that fails to load stays byte-for-byte as it was; an edited save gets a
    fresh checksum when the game saves it.
    """
    return load_stamped(path, rules, allow_edited=allow_edited)[0]


def load_stamped(path: Path | str, rules: Ruleset | None = None, *,
                 allow_edited: bool = False) -> tuple[Game, SaveStamp]:
    """`load_game` and the save's stamp, which the checksum covers (generation 0 for a save
    from before stamps; `read_stamp` reads the stamp alone, fast)."""
    path = Path(path)
    source = display_name(path)
    return stamped_game_from_text(read_save_bytes(path, source), source, rules,
                                  allow_edited=allow_edited)


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


def _write_all(handle: Any, piece: bytes) -> None:
    """Write all of `piece` to an unbuffered file (a raw write may take only part of it)."""
    view = memoryview(piece)
    while view:
        view = view[handle.write(view):]


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


def _remove_orphans(path: Path) -> None:
    """Delete temporary files an interrupted save of this file left behind (killed mid-write)."""
    for orphan in path.parent.glob(f".{glob_escape(path.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            orphan.unlink()


def save_game(game: Game, path: Path | str, *, backups: int = BACKUPS,
              stamp: SaveStamp | None = None) -> None:
    """Write a save atomically: temp file, fsync, rotate backups, then replace the old save.

    `stamp` goes in the header, covered by the checksum (None: generation 0, by ""); the
    caller bumps its generation (one writer at a time is the caller's lock, not this).
    A failure (or a crash) at any moment leaves the previous save intact at `path`.
    Raises SaveError naming the file when the save cannot be written.
    """
    path = Path(path)
    source = display_name(path)
    try:
        pieces = _game_to_pieces(game, NO_STAMP if stamp is None else stamp)
    except (ValueError, TypeError) as exc:
        raise save_error(source, f"the game could not be saved ({exc})") from None
    write_save_bytes(path, pieces, backups=backups)


def write_save_bytes(path: Path, pieces: tuple[bytes, ...], *, backups: int = BACKUPS) -> None:
    """`save_game`'s write of a save's bytes, in pieces (none joined into a copy), for any
    game's save (SaveError naming the file)."""
    source = display_name(path)
    folder = path.parent
    tmp_name = ""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb", buffering=0) as handle:
            for piece in pieces:  # unbuffered: each piece straight to the file, none copied
                _write_all(handle, piece)
            handle.flush()
            os.fsync(handle.fileno())
        _rotate_backups(path, backups)
        os.replace(tmp_name, path)
        tmp_name = ""
        _fsync_folder(folder)
        _remove_orphans(path)
    except OSError as exc:
        raise save_error(source, f"the game could not be saved ({exc.strerror or exc})") from None
    finally:
        if tmp_name:
            Path(tmp_name).unlink(missing_ok=True)


