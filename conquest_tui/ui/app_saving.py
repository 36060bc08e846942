"""The app's saving and leaving: Save & quit, back to the title, Ctrl+Q, a closed terminal, F12."""

from __future__ import annotations

from pathlib import Path

from conquest_tui.ui.app_base import AppBase


class AppSaving(AppBase):
    """The game saved where it was started or loaded, and the ways out: Save & quit, back to
    the title, Ctrl+Q (asked first), a closed terminal (the sheet written first), F12's picture
    of the screen."""

    def _save(self) -> bool:
        """Save the game where it was started or loaded; False (and a message) on failure.

        When another window wrote the save meanwhile it is loaded again, not overwritten; the
        sheet being written goes into it, then."""
        from conquest_tui.session import SaveMovedOn, SessionError

        session = self.session
        if session is None:
            return False
        try:
            session.save()
        except SaveMovedOn as error:
            game_screen = self._game_screen()
            if game_screen is not None:
                draft = game_screen.draft
                try:
                    session.reload()
                    game_screen.seat.save_draft(draft)
                except SessionError as again:
                    self._could_not_save(str(again))
                    return False
                self.notify(f"{error}. Your sheet was kept in the game as it is now.".replace(
                    " — load it again", ""), title="Loaded again", severity="warning",
                    timeout=10, markup=False)
                return True
            self._could_not_save(str(error))
            return False
        except SessionError as error:
            self._could_not_save(str(error))
            return False
        return True

    def action_save_and_quit(self) -> None:
        """Save and go back to the title screen."""
        if self.session is None:
            self._leave_to_title()
            return
        path = self.session.path
        if self._save():
            self._leave_to_title()
            self.notify(f"Saved to {path}.", title="Saved", markup=False)

    def action_to_title(self) -> None:
        """Save and go back to the title screen."""
        self._save()
        self.session = None
        self.conquest = None
        self._handover = None
        self.show_title()

    def _leave_to_title(self) -> None:
        """Back to the title screen without saving again (the game was just saved)."""
        self.session = None
        self.conquest = None
        self._handover = None
        self.show_title()

    async def action_quit(self) -> None:
        """Ask first; yes saves the sheet being written with the game, then leaves."""
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        if self._asking_to_quit:
            return
        game_screen = self._game_screen()
        if game_screen is not None and self.session is not None:
            detail = (f"The sheet of Clan {game_screen.clan_number} is saved with the game in "
                      f"{self.session.path}; it is there when you come back.")
        elif self.session is not None:
            detail = f"The game is saved in {self.session.path}."
        else:
            detail = "No game is open: nothing is lost."

        def answered(yes: bool | None) -> None:
            self._asking_to_quit = False
            if yes:
                self._keep_draft_and_exit()

        self._asking_to_quit = True
        self.push_screen(ConfirmDialog("Quit? Your sheet is kept.", detail, yes="Quit",
                                       no="Stay", title="Quit"), answered)

    def _keep_draft_and_exit(self) -> None:
        """Save the sheet being written with the game, then leave (stay if it cannot save)."""
        game_screen = self._game_screen()
        if game_screen is not None and self.session is not None:
            game_screen.seat.keep_draft(game_screen.draft)
            if not self._save():
                return
        self.exit(0)

    def _catch_hang_up(self) -> None:
        """A closed terminal (SIGHUP) or a kill (SIGTERM) keeps the sheet being written: it is
        written into the save before the app ends."""
        import asyncio
        import signal

        loop = asyncio.get_running_loop()
        for number in (signal.SIGHUP, signal.SIGTERM):
            try:
                loop.add_signal_handler(number, self._hang_up)
            except (NotImplementedError, RuntimeError, ValueError):  # no signals here
                continue

    def _hang_up(self) -> None:
        """Write the sheet being written into the save at once, then end."""
        game_screen = self._game_screen()
        if game_screen is not None and self.session is not None:
            from contextlib import suppress

            from conquest_tui.session import SessionError

            with suppress(SessionError):  # another window moved the game on: its save stands
                game_screen.seat.save_draft(game_screen.draft)
        self.exit(0)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Save a picture of the screen in the saves folder (else the working directory) and
        say where, instead of Textual's default (a Downloads folder that may not exist)."""
        import time

        folder = Path(path) if path else self.saves_folder
        filename = filename or time.strftime("conquest-%Y%m%d-%H%M%S.svg")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.cwd()
        try:
            name = self.save_screenshot(filename, str(folder), time_format)
        except OSError as error:
            self.notify(f"Could not save the screenshot in {folder} ({error}).",
                        title="Screenshot", severity="error", markup=False)
            return None
        self.notify(f"Saved to {name}", title="Screenshot", markup=False)
        return name
