"""What every served seat's app shares, whichever game: one seat, no seat changes, pictures to
the browser."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App

from conquest_tui.ui.app import ConquestApp


class SeatWindow(ConquestApp):
    """An app opened on one seat of a game others play from their own windows (a served link):
    Textual's own commands only, and a look at the save every `POLL` seconds."""

    COMMANDS: ClassVar = App.COMMANDS
    """Textual's own commands only: handing seats over is for the host's table."""

    POLL: ClassVar[float] = 1.5
    """Seconds between looks at the save for another window's move."""

    def change_seat(self, clan_number: int, seat: str, level: str | None = None) -> None:
        self.notify("Only the host's table hands a seat over.", title="Seat", markup=False)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The picture goes to the browser as a download, not onto the server's disk."""
        if self.is_web:
            return App.deliver_screenshot(self, filename, path, time_format)
        return super().deliver_screenshot(filename, path, time_format)
