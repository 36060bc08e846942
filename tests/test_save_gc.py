"""A load leaves the cyclic collector as it found it, with the loaded game out of its young
generation (issue 24: no collection walks a just-loaded game on the load's time)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.storage import savefile


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    game = session.new_game(map_name="test_small", clans=2, seed="gc")
    path = tmp_path / "gc.json"
    savefile.save_game(game, path, backups=0)
    return path


@pytest.fixture
def collector() -> Iterator[None]:
    """Collections on, nothing frozen; put back as found afterwards."""
    enabled, frozen = gc.isenabled(), gc.get_freeze_count()
    gc.unfreeze()
    gc.enable()
    yield
    if frozen:
        gc.freeze()
    if not enabled:
        gc.disable()


def test_a_load_hands_the_game_to_the_oldest_generation(saved: Path, collector: None) -> None:
    game = savefile.load_game(saved)
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0, "nothing is left frozen"
    young = gc.get_objects(generation=0) + gc.get_objects(generation=1)
    assert gc.is_tracked(game.state)
    assert all(obj is not game.state for obj in young), "the game waits for no young collection"


def test_cycles_made_after_a_load_are_still_collected(saved: Path, collector: None) -> None:
    savefile.load_game(saved)

    class Loop:
        other: object = None

    loop = Loop()
    loop.other = loop
    del loop
    assert gc.collect() > 0


def test_a_load_leaves_start_ups_frozen_objects_frozen(saved: Path, collector: None) -> None:
    kept = [["made at start-up"]]
    gc.freeze()
    savefile.load_game(saved)
    assert all(obj is not kept for obj in gc.get_objects()), "still frozen"
    gc.unfreeze()


def test_a_load_while_collections_are_paused_leaves_them_paused(saved: Path) -> None:
    enabled = gc.isenabled()
    gc.disable()
    try:
        savefile.load_game(saved)
        assert not gc.isenabled()
    finally:
        if enabled:
            gc.enable()
