"""Bot seats: order sheets written from a Clan's own view of the game."""

from conquest_tui.bots.brain import write_sheet
from conquest_tui.bots.levels import LEVELS

__all__ = ["LEVELS", "write_sheet"]
