"""What every served seat's app shares, whichever game: one seat, no seat changes, pictures to
the browser."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App

from conquest_tui import collector
from conquest_tui.ui.app import ConquestApp


class SeatWindow(ConquestApp):
    """An app opened on one seat of a game others play from their own windows (a served link):
    Textual's own commands only, and a look at the save every `POLL` seconds."""

    COMMANDS: ClassVar = App.COMMANDS
    """Textual's own commands only: handing seats over is for the host's table."""

    POLL: ClassVar[float] = 1.5
    """Seconds between looks at the save for another window's move."""

    GAME_NAME: ClassVar[str] = "CONTINENTAL CONQUEST"
    """The game's name on the first frame, while the save is read."""

    def on_mount(self) -> None:  # the app's own on_mount runs too (Textual calls both)
        self.set_interval(self.POLL, self._look)

    def _look(self) -> None:
        if self.screen_stack:  # none once the app is closing (a look may come as it ends)
            self._look_for_moves()

    def _on_ready(self, event: events.Ready) -> None:
        """The first frame says the game is being read; the seat's door follows once it is
        (the app's own start, which reads it first, does not run: Textual calls this one first
        and stops there)."""
        from conquest_tui.ui.screens.seat_reading import ReadingScreen

        event.prevent_default()
        self.call_after_refresh(collector.resume)
        path = self._start_path
        if self.session is not None or path is None:
            self.show_title()
            return
        self.push_screen(ReadingScreen(path.name, self.GAME_NAME))
        self.call_after_refresh(self._read_seat, path)

    def _read_seat(self, path: Path) -> None:
        """Read the save and show the seat's door (each game's app says how)."""
        raise NotImplementedError

    def _look_for_moves(self) -> None:
        """Another window moved the game on: show it (each game's app says how)."""
        raise NotImplementedError

    def change_seat(self, clan_number: int, seat: str, level: str | None = None) -> None:
        self.notify("Only the host's table hands a seat over.", title="Seat", markup=False)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The picture goes to the browser as a download, not onto the server's disk."""
        if self.is_web:
            return App.deliver_screenshot(self, filename, path, time_format)
        return super().deliver_screenshot(filename, path, time_format)
