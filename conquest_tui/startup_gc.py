"""The cyclic garbage collector held off while the app starts, then frozen and resumed."""

from __future__ import annotations

import gc

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
