"""Bot seats: order sheets written from a Clan's own view of the game.

`LEVELS` loads at once; `write_sheet` (the brain, and with it every order record it plans
with) on first use, so that listing the levels (the new-game screen) imports no order family.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.bots.levels import LEVELS

if TYPE_CHECKING:
    from conquest_tui.bots.brain import write_sheet


def __getattr__(name: str) -> object:
    if name == "write_sheet":
        from conquest_tui.bots.brain import write_sheet

        return write_sheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LEVELS", "write_sheet"]
