"""What the tests of records a load keeps unread share: a played save, a damaged record refused
at first use."""

from __future__ import annotations

from collections.abc import Callable, Sized
from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.storage.savefile import SaveError, save_game


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


def played_save(folder: Path) -> tuple[Game, Path]:
    """A 3-Clan bot game on test_small after 5 game turns (the Clans have met, seen convoys and
    learned cities), saved in `folder`."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="lazy-hexes")
    for _ in range(5):
        session.play_bots(game)
    path = folder / "game.json"
    save_game(game, path, backups=0)
    return game, path
