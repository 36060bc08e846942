"""The sheet log a save keeps: the opening position and every Clan turn that ran, packed.

A save keeps the game as the 1995 moderator kept it: the position the game opened with and,
in order, every sheet that ran (a bot's too), each resignation and each late or dropped turn
of a game played by mail; the Clan turn that ends a game turn with a short digest of the state
after it. Replaying the log
from the opening rebuilds the game at any game turn (session/replay.py); the digests tell
whether the rules still give what they gave.

The log rides beside the state, not in it (the engine never sees it): `log_of(state)` finds
the log of a game's state. The opening is the state's canonical JSON, zlib-packed in base64,
unpacked only by a replay; each ended game turn's entries are packed the same way as one
string; the game turn in progress is kept as plain entries.
"""

from __future__ import annotations

import base64
import hashlib
import weakref
import zlib
from enum import StrEnum
from typing import Any

import attrs
import orjson

from conquest_tui.engine.core.state import GameState, MailBox

UNPACKED_MAX = 64 << 20
"""The most a packed part of the log may unpack to (a hostile save's zlib bomb is refused)."""
DIGEST_HEX = 16
"""A digest is the first 16 hex digits of the SHA-256 of the state's canonical JSON."""


class EntryKind(StrEnum):
    """What ran in a Clan's turn."""

    SHEET = "sheet"
    """A person's sheet (handed in at the table, by the command line or by mail)."""
    BOT = "bot"
    """A bot's sheet."""
    RESIGN = "resign"
    """The Clan resigned instead of playing."""
    LATE = "late"
    """A game played by mail: no sheet by the deadline, the turn moved after the others."""
    DROPPED = "dropped"
    """A game played by mail: no sheet by a second deadline, the Clan dropped."""


@attrs.define
class LogEntry:
    """One Clan turn that ran: its game turn, the Clan, what ran and the state's digest after."""

    game_turn: int
    clan: int
    kind: EntryKind
    sheet: str = ""
    digest: str = ""


@attrs.define
class PackedTurn:
    """One ended game turn's entries, zlib-packed JSON in base64."""

    game_turn: int
    packed: str


@attrs.define
class SheetLog:
    """The opening position (packed) and every Clan turn since: ended game turns packed, the
    game turn in progress as plain entries."""

    opening: str
    turns: list[PackedTurn] = attrs.Factory(list)
    current: list[LogEntry] = attrs.Factory(list)


class LogDamaged(ValueError):
    """A packed part of the log cannot be read; str() names the field."""


# --- the log beside the state ----------------------------------------------------------------

_logs: dict[int, SheetLog] = {}


def log_of(state: GameState) -> SheetLog | None:
    """The log kept beside this state (None: an older save, or a game that keeps none)."""
    return _logs.get(id(state))


def attach(state: GameState, log: SheetLog | None) -> None:
    """Keep `log` beside `state` for as long as the state lives (None: keep none)."""
    key = id(state)
    if log is None:
        _logs.pop(key, None)
        return
    if key not in _logs:
        weakref.finalize(state, _logs.pop, key, None)
    _logs[key] = log


def start_log(state: GameState) -> SheetLog:
    """Begin the log of a game that has just been set up: its opening position."""
    log = SheetLog(opening=pack_json(_state_data(state)))
    attach(state, log)
    return log


# --- packing ---------------------------------------------------------------------------------


def pack_json(value: Any) -> str:
    """`value`'s canonical JSON, zlib-packed, in base64."""
    data = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    return base64.b64encode(zlib.compress(data, 9)).decode("ascii")


def unpack_json(packed: str, field: str) -> Any:
    """What `pack_json` packed; LogDamaged naming `field` when it cannot be read."""
    try:
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(base64.b64decode(packed.encode("ascii"), validate=True),
                                   UNPACKED_MAX)
        if unpacker.unconsumed_tail:
            raise LogDamaged(f"{field}: unpacks to more than {UNPACKED_MAX >> 20} MB")
        return orjson.loads(data)
    except (ValueError, zlib.error, UnicodeEncodeError, orjson.JSONDecodeError) as error:
        if isinstance(error, LogDamaged):
            raise
        raise LogDamaged(f"{field}: cannot be unpacked (damaged)") from None


_ENTRY_COLUMNS = ("clan", "kind", "sheet", "digest")


def pack_turn(entries: list[LogEntry]) -> PackedTurn:
    """One game turn's entries as the save keeps them."""
    rows = {name: [getattr(entry, name) for entry in entries] for name in _ENTRY_COLUMNS}
    return PackedTurn(entries[0].game_turn, pack_json(rows))


def unpack_turn(turn: PackedTurn, field: str) -> list[LogEntry]:
    """The entries of a packed game turn; LogDamaged naming `field` when damaged."""
    rows = unpack_json(turn.packed, field)
    try:
        columns = [rows[name] for name in _ENTRY_COLUMNS]
        entries = [LogEntry(turn.game_turn, int(clan), EntryKind(kind), str(sheet), str(digest))
                   for clan, kind, sheet, digest in zip(*columns, strict=True)]
    except (KeyError, TypeError, ValueError):
        raise LogDamaged(f"{field}: is not a game turn's sheets (damaged)") from None
    for entry in entries:
        if not isinstance(entry.clan, int) or entry.clan <= 0:
            raise LogDamaged(f"{field}: names no Clan (damaged)")
    return entries


def entries(log: SheetLog, source: str = "the save") -> list[LogEntry]:
    """Every Clan turn of the log, in order; LogDamaged naming the packed game turn."""
    out: list[LogEntry] = []
    for index, turn in enumerate(log.turns):
        out.extend(unpack_turn(turn, f"{source}: data.log.turns[{index}]"))
    out.extend(log.current)
    return out


def opening_data(log: SheetLog, source: str = "the save") -> Any:
    """The opening position as save data (a state's plain data)."""
    return unpack_json(log.opening, f"{source}: data.log.opening")


# --- recording -------------------------------------------------------------------------------


def record(state: GameState, game_turn: int, clan: int, kind: EntryKind, sheet: str = "") -> None:
    """Log one Clan turn that has just run (nothing when the game keeps no log), with the
    game's digest when it ended the game turn (a digest costs some 20 ms in a late 20-Clan
    game: once a game turn, not once a Clan turn)."""
    log = log_of(state)
    if log is None:
        return
    if log.current and log.current[0].game_turn != game_turn:
        log.turns.append(pack_turn(log.current))
        log.current = []
    ended = state.game_turn != game_turn or state.finished
    log.current.append(LogEntry(game_turn, clan, kind, sheet,
                                state_digest(state) if ended else ""))


# --- digests ---------------------------------------------------------------------------------

_TABLE_FIELDS = ("seat", "bot_level", "pin_hash", "pin_failures", "pin_retry_at", "draft_sheet",
                 "_past_reports")
"""A Clan's fields that are the table's, not the game's (who sits there, its PIN, its draft),
or that a replay rebuilds from the rest (past reports, as kept: a load's are not made for
this): left out of a digest."""


def _state_data(state: GameState) -> Any:
    from conquest_tui.storage.save_state import unstructure_state

    return unstructure_state(state)


_REFEREE_FIELDS = ("referee_pin_hash", "referee_pin_failures", "referee_pin_retry_at",
                   "referee_dice")
"""The table's part of the game as a whole: the referee's PIN, its back-off and dice log."""


def state_digest(state: GameState) -> str:
    """The first 16 hex digits of the SHA-256 of the game's canonical JSON: the state without
    the table's part (seats, PINs, the referee's PIN, drafts, the mail box) and without past
    reports."""
    from conquest_tui.engine.core.seats import BotLevel, SeatKind

    kept = [{name: getattr(clan, name) for name in _TABLE_FIELDS} for clan in state.clans]
    mail = state.mail
    referee = {name: getattr(state, name) for name in _REFEREE_FIELDS}
    try:
        unset = GameState(map_name="", seed="")
        for name in _REFEREE_FIELDS:
            setattr(state, name, getattr(unset, name))
        for clan in state.clans:
            clan.seat, clan.bot_level = SeatKind.HUMAN, BotLevel.NORMAL
            clan.pin_hash, clan.pin_failures, clan.pin_retry_at = "", 0, 0
            clan.draft_sheet, clan.past_reports = "", []
        state.mail = MailBox()
        data = orjson.dumps(_state_data(state), option=orjson.OPT_SORT_KEYS)
    finally:
        state.mail = mail
        for name, value in referee.items():
            setattr(state, name, value)
        for clan, fields in zip(state.clans, kept, strict=True):
            for name, value in fields.items():
                setattr(clan, name, value)
    return hashlib.sha256(data).hexdigest()[:DIGEST_HEX]
