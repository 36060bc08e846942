"""From the title to the referee's view: open the save, ask the referee PIN, show the desk."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import App


def open_referee(app: App[int], path: Path, *, allow_edited: bool = False) -> None:
    """The save's referee's view behind its referee PIN, over the title; a game without a
    referee, or a save that does not open, is said in a notice and the title stays."""
    from conquest_tui.session import NO_REFEREE, SaveEdited, Session, SessionError
    from conquest_tui.session.conquest_table import game_of

    title = "Referee's view"
    try:
        if game_of(path) == "conquest":
            app.notify("A referee's view is for games of Continental Conquest only.",
                       title=title, severity="warning", markup=False)
            return
        table = Session.open(path, allow_edited=allow_edited)
    except SaveEdited:
        _ask_to_open_edited(app, path)
        return
    except SessionError as error:
        app.notify(str(error), title=title, severity="error", timeout=8, markup=False)
        return
    if not table.has_referee:
        app.notify(NO_REFEREE, title=title, severity="warning", timeout=8, markup=False)
        return
    from conquest_tui.ui.screens.handover import PinPrompt
    from conquest_tui.ui.screens.referee import RefereeScreen

    door = table.referee_door()

    def answered(opened: bool | None) -> None:
        if opened and door.desk is not None:
            app.push_screen(RefereeScreen(door.desk, path.name))

    app.push_screen(PinPrompt(door.label, door), answered)


def _ask_to_open_edited(app: App[int], path: Path) -> None:
    """A save changed outside the game opens to its referee only when the player says yes."""
    from conquest_tui.ui.screens.dialogs import ConfirmDialog

    def answered(yes: bool | None) -> None:
        if yes:
            open_referee(app, path, allow_edited=True)

    app.push_screen(ConfirmDialog("This save was changed outside the game. Open it anyway?",
                                  f"{path.name} is not as the game saved it; it is still "
                                  "checked before it opens.", yes="Open it", no="Cancel",
                                  title="Changed save"), answered)
