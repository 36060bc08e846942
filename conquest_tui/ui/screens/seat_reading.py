"""What a seat's link shows first, while the game is read: only Textual is needed to draw it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from conquest_tui.ui.stylesheets import CSSPaths, stylesheet

if TYPE_CHECKING:
    from textual.app import ComposeResult


class ReadingScreen(Screen[None]):
    """What a seat's link shows first, while the game is read (its door comes next)."""

    FLOW_SCREEN: ClassVar[bool] = True
    CSS_PATH: ClassVar[CSSPaths] = stylesheet("handover")
    DEFAULT_CSS = "ReadingScreen { align: center middle; }"

    def __init__(self, save_name: str, game_name: str = "CONTINENTAL CONQUEST") -> None:
        """Create the screen.

        Args:
            save_name: The save's file name.
            game_name: The game's name, as its title screen writes it.
        """
        super().__init__(classes="seat-reading")  # the door that replaces it is a hand-over
        self.save_name = save_name
        self.game_name = game_name

    def compose(self) -> ComposeResult:
        with Center(id="handover-center"), Vertical(id="handover-box"):
            yield Static(self.game_name, id="handover-clan", markup=False)
            yield Static(f"Reading {self.save_name}…", id="handover-turn", markup=False)
