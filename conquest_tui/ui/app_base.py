"""What the app holds, and what each of its layers does: show a step, find the game screen."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.screen import Screen

from conquest_tui.storage.paths import saves_dir

if TYPE_CHECKING:
    from conquest_tui.session import HandOver, Session, TurnOutcome
    from conquest_tui.ui.conquest.flow import ConquestFlow
    from conquest_tui.ui.screens.game import GameScreen

# The session (the engine behind it) and every screen but the first are imported where they are
# used: the title's first frame needs none of them.


def is_flow_screen(screen: Screen[object]) -> bool:
    """Whether a screen is one of the game's steps that replace one another (not a dialog)."""
    return bool(getattr(screen, "FLOW_SCREEN", False))


class AppBase(App[int]):
    """What the app holds (the table in play, the notes between screens) and what every layer
    of it does: show the next step, find the game screen under dialogs, say what was not saved.

    The app is built in layers, each a class of its own module, each below the next:
    `AppBase` (here) < `AppSaving` (app_saving.py: saving and leaving) < `AppTurns`
    (app_turns.py: the table's turn, from the hand-over to the report) < `AppSeats`
    (app_seats.py: seats changing hands, the command palette) < `AppConquest` (app_conquest.py:
    a game of Conquest to its flow) < `AppOpening` (app_opening.py: from the title into a game)
    < `ConquestApp` (app.py: the app put together, its start, its keys and help).
    """

    def __init__(self, save_path: Path | None = None, *, session: Session | None = None,
                 saves_folder: Path | None = None, cursor_blink: bool = True,
                 keymap: dict[str, str] | None = None) -> None:
        """Create the app.

        Args:
            save_path: A save to resume at its hand-over screen (None: the title screen).
            session: The save at `save_path`, when the caller already opened it.
            saves_folder: Where saves are listed and new games saved (default: saves_dir()).
            cursor_blink: Whether text cursors blink (off for snapshots).
            keymap: Binding id → keys, overriding the defaults.
        """
        super().__init__()
        self.saves_folder = saves_folder if saves_folder is not None else saves_dir()
        self.cursor_blink = cursor_blink
        self.session: Session | None = session
        """The game being played and where it is saved (None: on the title screen)."""
        self._start_path = save_path
        self.keymap: dict[str, str] = keymap or {}
        """Binding id → keys overriding the defaults (CONQUEST_KEYS)."""
        self._handover: HandOver | None = None
        """What happened after the last Clan's turn, for the hand-over after its report."""
        self.last_outcome: TurnOutcome | None = None
        """The last turn submitted at this terminal: its result, events and report."""
        self._asking_to_quit = False
        """Whether the "Quit?" question is on screen (Ctrl+Q again does not ask twice)."""
        self._draft_unsaved = False
        """Whether the last write of the sheet being written failed (said once)."""
        self._moved_note = ""
        """Why the game was loaded again, for the next hand-over screen ("" when it was not)."""
        self.conquest: ConquestFlow | None = None
        """The game of Conquest being played (None: none, or a game of Continental Conquest)."""

    def show_title(self) -> None:
        """Go back to the title screen (creating it if the app started straight in a game)."""
        from conquest_tui.ui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if isinstance(self.screen, TitleScreen):
            self.screen.refresh_saves()
        else:
            self.push_screen(TitleScreen(self.saves_folder))

    def show_step(self, screen: Screen[None]) -> None:
        """Show the next step of a game (it replaces the step on top)."""
        self._show(screen)

    def _show(self, screen: Screen[None]) -> None:
        """Replace the game step on top (or put the first one above the title screen)."""
        while len(self.screen_stack) > 1 and not is_flow_screen(self.screen) \
                and self.screen.id != "title":
            self.pop_screen()
        if is_flow_screen(self.screen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _game_screen(self) -> GameScreen | None:
        """The game screen under any dialogs (None when no Clan is writing its sheet)."""
        from conquest_tui.ui.screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _warn_unsaved(self, handover: HandOver) -> None:
        if handover.save_error:
            self._could_not_save(handover.save_error)

    def _could_not_save(self, sentence: str) -> None:
        self.notify(sentence, title="Could not save", severity="error", timeout=10,
                    markup=False)

    def _bots_play(self, session: Session) -> HandOver:
        """Let the bot seats play (a game moved on elsewhere is loaded again first)."""
        from conquest_tui.session import SaveMovedOn

        try:
            return session.play_bots()
        except SaveMovedOn:
            session.reload()
            return session.play_bots()
