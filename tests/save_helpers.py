"""What the tests of records a load keeps unread share: a damaged one refused at first use."""

from __future__ import annotations

from collections.abc import Callable, Sized
from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.storage.savefile import SaveError


def refused_when_first_read(forged: Path, read: Callable[[], Sized], sentence: str) -> None:
    """Reading the damaged record raises `sentence` (the file and the field); the table stops
    on it before anything runs, and the file is untouched."""
    with pytest.raises(SaveError) as caught:
        len(read())
    assert str(caught.value) == sentence
    before = forged.read_bytes()
    with pytest.raises(session.SessionError) as refused:
        session.Session.open(forged).play_bots()
    assert str(refused.value) == sentence
    assert forged.read_bytes() == before
