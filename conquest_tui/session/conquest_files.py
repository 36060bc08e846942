"""A Conquest save at the table: which game a save holds, the seed's number, reading and
writing the save with every failure one sentence naming the file."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from conquest_tui.session import files
from conquest_tui.session.errors import SaveEdited, SessionError
from conquest_tui.session.files import OnDisk

if TYPE_CHECKING:
    from conquest_tui.games.conquest.state import GameState
    from conquest_tui.storage.conquest_save import ConquestSave


def log_keep() -> int:
    """The most recent event sentences a save keeps for the seats' log."""
    from conquest_tui.storage.conquest_save import LOG_KEEP

    return LOG_KEEP


def game_of(path: Path) -> str:
    """Which game a save holds, "continental" or "conquest", from its header alone (a
    SessionError naming the file when it is no save)."""
    from conquest_tui.storage.save_list import SaveError, read_game

    try:
        return read_game(path)
    except SaveError as error:
        raise SessionError(str(error)) from None


def seed_number(seed: str | int) -> int:
    """The game's seed as the number its dice start from (a text seed is hashed, the same on
    every machine)."""
    if isinstance(seed, int):
        return seed
    text = str(seed).strip()
    if text.lstrip("-").isdigit():
        return int(text)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def load(path: Path, *, allow_edited: bool) -> tuple[ConquestSave, GameState, OnDisk]:
    """The save's table record and state, and the save as read (SaveEdited, SessionError)."""
    from conquest_tui.storage.conquest_data import ConquestDataError, load_board, load_rules
    from conquest_tui.storage.conquest_save import load_conquest
    from conquest_tui.storage.save_list import EditedSave, SaveError

    seen = files.fingerprint(path)
    try:
        record, state, stamp = load_conquest(
            path, load_rules(), load_board(), allow_edited=allow_edited
        )
    except EditedSave as error:
        raise SaveEdited(str(error)) from None
    except (SaveError, ConquestDataError) as error:
        raise SessionError(str(error)) from None
    return record, state, OnDisk(stamp.generation, seen)


def save(
    record: ConquestSave, state: GameState, path: Path, known: OnDisk, by: str, backups: int | None
) -> OnDisk:
    """Write the save with the next stamp (the lock held by the caller): the save as written."""
    from conquest_tui.storage.conquest_save import save_conquest
    from conquest_tui.storage.savefile import BACKUPS, SaveError, SaveStamp

    stamp = SaveStamp(known.generation + 1, by[:200])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_conquest(
            record, state, path, backups=BACKUPS if backups is None else backups, stamp=stamp
        )
    except (SaveError, OSError) as error:
        raise SessionError(f"{path}: could not save ({error})") from None
    return OnDisk(stamp.generation, files.fingerprint(path))
