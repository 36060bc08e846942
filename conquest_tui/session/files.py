"""A save at the table: read with its stamp, written by one window at a time, its backups."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import attrs

from conquest_tui.session.errors import SaveEdited, SaveMovedOn, SessionError

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.storage.savefile import SaveStamp

Fingerprint = tuple[int, int, int]
"""A file as it is on disk: its inode, size and modification time (nanoseconds)."""


@attrs.frozen
class OnDisk:
    """What a window last read or wrote of its save: the stamp, and the file as it then was."""

    generation: int
    fingerprint: Fingerprint | None
    """None: no file (never saved, or removed since)."""


def fingerprint(path: Path) -> Fingerprint | None:
    """The file as it is now (None when there is none)."""
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


def claimed(path: Path, *, replace: bool) -> OnDisk:
    """Where a new game is about to be written (under `locked(path)`): an existing save is
    refused unless `replace`, and a replaced one lends its generation, so the new game's
    first save numbers on from it and a window still holding the old game sees it moved on."""
    if path.exists() and not replace:
        raise SessionError(f"{path} already exists")
    old = 0
    if path.exists():
        from conquest_tui.storage.savefile import SaveError, read_stamp

        with contextlib.suppress(SaveError):
            old = read_stamp(path).generation
    return OnDisk(old, fingerprint(path))


Loaded = TypeVar("Loaded")


def newest_backup(path: Path, read: Callable[[Path], tuple[Loaded, OnDisk]]
                  ) -> tuple[Loaded, OnDisk, Path, float] | None:
    """The newest of a damaged save's backups that `read` loads, to be played under the save's
    own name: what was read, the save's stamp as the next write must see it (the backup's
    generation, the damaged file's fingerprint), the backup's path and when it was written;
    None when no backup loads."""
    from conquest_tui.storage.savefile import BACKUPS, backup_path

    for number in range(1, BACKUPS + 1):
        candidate = backup_path(path, number)
        try:
            modified = candidate.stat().st_mtime
            loaded, disk = read(candidate)
        except (OSError, SessionError):
            continue
        return loaded, OnDisk(disk.generation, fingerprint(path)), candidate, modified
    return None


def load_stamped(path: Path, *, allow_edited: bool = False) -> tuple[Game, OnDisk]:
    """Load a save with its stamp; every failure is one sentence naming the file (SaveEdited for
    a save changed outside the game, unless `allow_edited`: then it is checked like any other)."""
    from conquest_tui.storage.map_loader import MapError
    from conquest_tui.storage.rules_loader import RulesError
    from conquest_tui.storage.savefile import EditedSave, SaveError
    from conquest_tui.storage.savefile import load_stamped as storage_load

    seen = fingerprint(path)
    try:
        game, stamp = storage_load(path, allow_edited=allow_edited)
    except EditedSave as error:
        raise SaveEdited(str(error)) from None
    except (SaveError, MapError, RulesError) as error:
        raise SessionError(str(error)) from None
    from conquest_tui.session.referee import watch_dice

    watch_dice(game)
    return game, OnDisk(stamp.generation, seen)


def load(path: Path, *, allow_edited: bool = False) -> Game:
    """Load a save (see load_stamped)."""
    return load_stamped(path, allow_edited=allow_edited)[0]


def save(game: Game, path: Path, *, backups: int | None = None,
         stamp: SaveStamp | None = None) -> None:
    """Save atomically, keeping backups (None: the usual number), creating the folder.

    This writes whatever is on disk: the table writes through `Session`, which holds the lock
    and checks the stamp first.
    """
    from conquest_tui.storage.savefile import BACKUPS, SaveError, save_game

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_game(game, path, backups=BACKUPS if backups is None else backups, stamp=stamp)
    except (SaveError, OSError) as error:
        raise SessionError(f"{path}: could not save ({error})") from None


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the save's lock: one writer at a time (a sentence when another window keeps it).

    Where no lock file can be made (a read-only or missing folder) no window can write the
    save either: the body runs, and its save fails with its own sentence.
    """
    from conquest_tui.storage.save_lock import SaveBusy, save_lock

    with ExitStack() as stack:
        try:
            stack.enter_context(save_lock(path))
        except SaveBusy:
            raise SessionError(f"{path}: another window is still saving this game; try again "
                               "in a moment") from None
        except OSError:
            pass  # nowhere to put the lock: nowhere to save either
        yield


def moved_on(path: Path, known: OnDisk) -> str:
    """Why the save on disk is not the one this window read, as a sentence ("" when it is).

    Call with the lock held. A file that is gone, or unreadable, was not written by another
    window of the game: it is no reason to refuse a write.
    """
    from conquest_tui.storage.savefile import SaveError, read_stamp

    now = fingerprint(path)
    if now is None or now == known.fingerprint:
        return ""
    try:
        stamp = read_stamp(path)
    except SaveError:
        return ""
    if stamp.generation == known.generation:
        return ""
    what = stamp.by or "another turn"
    when = time.strftime("%H:%M", time.localtime(now[2] / 1e9))
    return (f"the game moved on: {what} was saved at {when} in another window — load it "
            "again")


def refuse_moved_on(path: Path, known: OnDisk) -> None:
    """SaveMovedOn when another window wrote the save since this one read it."""
    sentence = moved_on(path, known)
    if sentence:
        raise SaveMovedOn(f"{path.name}: {sentence}")
