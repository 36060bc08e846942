"""What the game screen holds: its seat and view, its panes, the status line, and the messages
it sends the app (save, draft, end of turn, resignation).

The game screen is built in layers, each a class of its own module, each below the next:
`GameScreenBase` (here) < `GameFocus` (game_focus.py: the panes' layout and focus) <
`GameMap` (game_map.py: the map and the selected convoy's route) < `GameSheet` (game_sheet.py:
the order sheet's draft, forecast, save and end of turn) < `GameLookups` (game_lookups.py: the
screens opened over the game) < `GameScreen` (game.py: the screen put together, its start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message
from textual.screen import Screen

from conquest_tui.ui.widgets.map_pane import MapPane
from conquest_tui.ui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from textual.timer import Timer

    from conquest_tui.session import Seat
    from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane


class GameScreenBase(Screen[None]):
    """One Clan's turn: everything shown comes from its fog-filtered ClanView."""

    # The messages keep the handler names of GameScreen's (on_game_screen_save_requested, …).
    class SaveRequested(Message, namespace="game_screen"):
        """Save the game with the sheet being written (and go back to the title, if asked)."""

        def __init__(self, seat: Seat, draft: str, *, then_quit: bool = False) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan at the terminal.
                draft: Its order sheet as written so far (kept with the save).
                then_quit: Whether to go back to the title screen once saved.
            """
            super().__init__()
            self.seat = seat
            self.draft = draft
            self.then_quit = then_quit

    class DraftPaused(Message, namespace="game_screen"):
        """Typing stopped for a moment: the sheet being written goes into the save."""

        def __init__(self, seat: Seat, draft: str) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan at the terminal.
                draft: Its order sheet as written so far.
            """
            super().__init__()
            self.seat = seat
            self.draft = draft

    class TurnEnded(Message, namespace="game_screen"):
        """The Clan ends its turn with this order sheet: run it and show the report."""

        def __init__(self, seat: Seat, sheet_text: str) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan at the terminal.
                sheet_text: Its order sheet.
            """
            super().__init__()
            self.seat = seat
            self.sheet_text = sheet_text

    class ClanResigned(Message, namespace="game_screen"):
        """The Clan at the terminal resigns from the game (CC-GEN-11)."""

        def __init__(self, seat: Seat) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan that resigns.
            """
            super().__init__()
            self.seat = seat

    def __init__(self, seat: Seat, draft: str | None = None) -> None:
        """Create the screen.

        Args:
            seat: The seat of the Clan at the terminal (the panes read only its view).
            draft: The sheet to show (None: the draft kept with the Clan).
        """
        super().__init__(classes="game")
        self.seat = seat
        self.clan_number = seat.number
        self.view = seat.view()
        self._start_draft = draft
        self.panes_ready = False
        """Whether the convoy, city and order-sheet panes are mounted (right after the first
        frame)."""
        self._route_timer: Timer | None = None
        self._draft_timer: Timer | None = None
        self._money_after: int | None = None
        """The money after this turn, from the sheet's last forecast (None: not yet)."""

    @property
    def map_pane(self) -> MapPane:
        """The map pane."""
        return self.query_one("#map", MapPane)

    @property
    def sheet_pane(self) -> OrderSheetPane:
        """The order sheet pane."""
        from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane

        return self.query_one("#sheet", OrderSheetPane)

    @property
    def compact(self) -> bool:
        """Whether the convoy and city panes are shown as tabs (a small terminal)."""
        return self.has_class("-compact")

    def _show_status(self) -> None:
        self.query_one("#status", StatusLine).show(
            self.view, self.view.game_turn,
            self.sheet_pane.problem_count if self.panes_ready else None, self._money_after)
