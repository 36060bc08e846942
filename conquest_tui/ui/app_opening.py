"""From the title into a game: a new game, a save opened (or its backup), the referee's view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui import collector
from conquest_tui.ui.app_conquest import AppConquest

if TYPE_CHECKING:
    from pathlib import Path

    from conquest_tui.ui.screens.new_game import NewGameScreen
    from conquest_tui.ui.screens.title import TitleScreen


class AppOpening(AppConquest):
    """From the title into a game: a new game, a save of either game opened (a damaged one's
    backup offered, one changed outside the game asked first), the referee's view."""

    def on_title_screen_new_game_chosen(self, _: TitleScreen.NewGameChosen) -> None:
        from conquest_tui.ui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(self.saves_folder))

    def on_title_screen_saves_listed(self, _: TitleScreen.SavesListed) -> None:
        self.call_after_refresh(collector.resume)  # the whole title is on the terminal

    def on_title_screen_save_chosen(self, message: TitleScreen.SaveChosen) -> None:
        self._open(message.path)

    def on_title_screen_referee_chosen(self, message: TitleScreen.RefereeChosen) -> None:
        from conquest_tui.ui.referee_flow import open_referee

        open_referee(self, message.path)

    def on_new_game_screen_game_created(self, message: NewGameScreen.GameCreated) -> None:
        self._play(message.session)

    def _open(self, path: Path, *, allow_edited: bool = False) -> None:
        """Open a save and go to its active Clan's hand-over screen (asking first when the save
        was changed outside the game)."""
        from conquest_tui.session import SaveEdited, Session, SessionError
        from conquest_tui.session.conquest_table import game_of

        try:
            game = game_of(path)
        except SessionError:
            game = "continental"  # opening it says what is wrong
        if game == "conquest":
            self._open_conquest(path, allow_edited=allow_edited)
            return
        try:
            session = Session.open(path, allow_edited=allow_edited)
        except SaveEdited:
            self._ask_to_open_edited(path)
            return
        except SessionError as error:
            if self._offer_backup(path, str(error)):
                return
            self.notify(str(error), title="Cannot load", severity="error", timeout=8,
                        markup=False)
            if len(self.screen_stack) <= 1:
                self.show_title()
            return
        self._play(session)

    def _open_conquest(self, path: Path, *, allow_edited: bool = False) -> None:
        from conquest_tui.session import SaveEdited, SessionError
        from conquest_tui.session.conquest_table import ConquestTable

        try:
            table = ConquestTable.open(path, allow_edited=allow_edited)
        except SaveEdited:
            self._ask_to_open_edited(path)
            return
        except SessionError as error:
            self.notify(str(error), title="Cannot load", severity="error", timeout=8,
                        markup=False)
            if len(self.screen_stack) <= 1:
                self.show_title()
            return
        self._play_conquest(table)

    def _offer_backup(self, path: Path, error: str) -> bool:
        """A damaged save: offer its newest backup that loads (False when there is none).

        The backup is played under the save's own name, so the damaged file is replaced only
        when the game is next saved (it then becomes the newest backup itself)."""
        from conquest_tui.session import Session
        from conquest_tui.ui.screens.dialogs import ConfirmDialog
        from conquest_tui.ui.screens.title import saved_at

        found = Session.from_backup(path)
        if found is None:
            return False
        table, backup_file, modified = found
        where, _, said = error.partition(": ")
        reason = (said if said and where.endswith(path.name) else error).rstrip(".")
        if reason.startswith("the file is damaged (") and reason.endswith(")"):
            reason = reason.removeprefix("the file is damaged (")[:-1]

        def answered(yes: bool | None) -> None:
            if yes:
                self._play(table)
            elif len(self.screen_stack) <= 1:
                self.show_title()

        detail = (f"The backup is {backup_file.name}. The damaged {path.name} stays as it is "
                  "until the game is next saved.")
        self.push_screen(ConfirmDialog(
            f"{path.name} is damaged ({reason}). Open its backup from "
            f"{saved_at(modified)}?", detail, yes="Open the backup", no="Cancel",
            title="Damaged save"), answered)
        return True

    def _ask_to_open_edited(self, path: Path) -> None:
        """A save changed outside the game opens only when the player says yes."""
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self._open(path, allow_edited=True)
            elif len(self.screen_stack) <= 1:
                self.show_title()

        detail = (f"{path.name} is not as the game saved it: someone edited it (rules testers "
                  "do, to set up a situation) or it is damaged. It is still checked before it "
                  "opens, and saved normally from then on.")
        self.push_screen(ConfirmDialog("This save was changed outside the game. Open it anyway?",
                                       detail, yes="Open it", no="Cancel", title="Changed save"),
                         answered)
