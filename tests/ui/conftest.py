"""Fixtures of the app tests: a saves folder as the snapshots show it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A saves folder shown as "saves" (relative), with local time pinned to UTC."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CONQUEST_SAVES", "saves")
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    folder = Path("saves")
    folder.mkdir()
    yield folder
    monkeypatch.undo()
    time.tzset()
