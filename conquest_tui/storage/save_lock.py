"""One writer at a time: an OS file lock beside a save (`NAME.json.lock`) while it is written."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

LOCK_WAIT = 30.0
"""Seconds to wait for another window to finish writing the save before giving up."""

LOCK_SUFFIX = ".lock"
"""The lock file's name is the save's name plus this (left in place: removing it would race)."""


class SaveBusy(Exception):
    """Another window held the save's lock for longer than the wait."""


def lock_path(path: Path) -> Path:
    """The lock file beside a save."""
    return path.with_name(path.name + LOCK_SUFFIX)


@contextmanager
def save_lock(path: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold the save's lock (waiting up to `wait` seconds for another writer to finish).

    SaveBusy when it is still held after the wait; OSError when the lock file cannot be made
    (a read-only folder). The operating system frees the lock of a process that dies.
    """
    lock = FileLock(lock_path(path), timeout=wait)
    try:
        lock.acquire()
    except Timeout:
        raise SaveBusy(str(path)) from None
    try:
        yield
    finally:
        lock.release()
