"""The cyclic garbage collector: held off while the app starts, paused around bursts of records."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_paused = False


def pause() -> None:
    """Hold off cyclic collections: the app's start (imports, the save, the first screen)
    allocates ~10⁶ long-lived objects and no garbage cycles worth collecting, and the
    collections it would trigger cost about a tenth of the start."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Resume collections once the first screen is whole on the terminal (the title: with its
    saves listed): what start-up built is moved out of the collector's sight (gc.freeze), so
    later full collections do not walk it again."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


@contextmanager
def paused(*, keeps: bool = False) -> Iterator[None]:
    """Pause the cyclic collector around work that makes some 10⁵ short-lived containers and
    no cycles (a save or a load structuring a large game, a bot writing and judging its sheet):
    the collections they would trigger find them alive, move them to the older generations and
    walk the whole game, some 15–20% of that work. Resumed after, if it was running.

    `keeps`: what was made while paused is kept (a loaded game): it goes to the oldest
    generation as collections resume, unwalked (gc.freeze then gc.unfreeze, both O(1)), where
    the first collection after resuming would walk all of it (~3 ms for a large game). Not
    while start-up's objects are frozen (`pause`/`resume`): unfreezing would hand them back.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if keeps and not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()
