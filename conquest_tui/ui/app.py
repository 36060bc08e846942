"""The hot-seat Textual app: title, new game, hand-over, game, report — driving the engine."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from conquest_tui import startup_gc
from conquest_tui.storage.paths import saves_dir
from conquest_tui.ui.screens.game import GameScreen

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.ui.screens.help import KeyGroup

KEYMAP_ENV_VAR = "CONQUEST_KEYS"
"""A TOML file of `binding-id = "keys"` lines that rebinds keys (ids are listed in F1 help)."""


class GameFileError(Exception):
    """A save that cannot be loaded or written, as one sentence naming the file."""


def load_save(path: Path) -> Game:
    """Load a save (like session.load, without importing session and its map scan)."""
    from conquest_tui.storage.map_loader import MapError
    from conquest_tui.storage.rules_loader import RulesError
    from conquest_tui.storage.savefile import SaveError, load_game

    try:
        return load_game(path)
    except (SaveError, MapError, RulesError) as error:
        raise GameFileError(str(error)) from None


def write_save(game: Game, path: Path) -> None:
    """Save atomically with backups, creating the saves folder when needed."""
    from conquest_tui.storage.savefile import SaveError, save_game

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_game(game, path)
    except (SaveError, OSError) as error:
        raise GameFileError(f"{path}: could not save ({error})") from None


def load_keymap(path: Path) -> dict[str, str]:
    """Binding id → keys from a TOML file (tables are flattened: [game] submit = "f9")."""
    import tomllib

    with path.open("rb") as handle:
        raw = tomllib.load(handle)
    keymap: dict[str, str] = {}

    def walk(prefix: str, table: dict[str, object]) -> None:
        for key, value in table.items():
            name = f"{prefix}{key}"
            if isinstance(value, dict):
                walk(f"{name}.", value)
            elif isinstance(value, str):
                keymap[name] = value

    walk("", raw)
    return keymap


def is_flow_screen(screen: Screen[object]) -> bool:
    """Whether a screen is one of the game's steps that replace one another (not a dialog)."""
    return bool(getattr(screen, "FLOW_SCREEN", False))


class ConquestApp(App[int]):
    """CONTINENTAL CONQUEST at one terminal for 2–20 Clans."""

    CSS_PATH = Path(__file__).resolve().parent / "styles" / "app.tcss"
    TITLE = "CONTINENTAL CONQUEST"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help", tooltip="Keys, orders and rules"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit",
                tooltip="Leave without saving (the last autosave is kept)"),
    ]

    def __init__(self, save_path: Path | None = None, *, game: Game | None = None,
                 saves_folder: Path | None = None, cursor_blink: bool = True,
                 keymap: dict[str, str] | None = None) -> None:
        """Create the app.

        Args:
            save_path: A save to resume at its hand-over screen (None: the title screen).
            game: The game in `save_path`, when the caller already loaded it.
            saves_folder: Where saves are listed and new games saved (default: saves_dir()).
            cursor_blink: Whether text cursors blink (off for snapshots).
            keymap: Binding id → keys, overriding the defaults.
        """
        super().__init__()
        self.saves_folder = saves_folder if saves_folder is not None else saves_dir()
        self.cursor_blink = cursor_blink
        self.game: Game | None = game
        self.save_path: Path | None = save_path
        self._start_path = save_path
        self._keymap_overrides = keymap or {}
        self._ended_turn = 0
        """The game turn that the last Clan's turn ended (0: none), for the next hand-over."""

    # --- start -------------------------------------------------------------------------------

    def on_mount(self) -> None:
        if self._keymap_overrides:
            self.set_keymap(self._keymap_overrides)

    def on_ready(self) -> None:
        # The first screen is pushed here, not in on_mount: Textual holds every frame back
        # until it is ready, and a screen pushed before would be laid out and rendered once
        # for nothing (and its after-refresh callbacks would run before its first frame).
        self.call_after_refresh(startup_gc.resume)  # once the first screen is on the terminal
        if self._start_path is None:
            self.show_title()
        elif self.game is not None:
            self.start_game(self.game, self._start_path, save=False)
        else:
            self.open_save(self._start_path)

    def show_title(self) -> None:
        """Go back to the title screen (creating it if the app started straight in a game)."""
        from conquest_tui.ui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if isinstance(self.screen, TitleScreen):
            self.screen.refresh_saves()
        else:
            self.push_screen(TitleScreen(self.saves_folder))

    def show_new_game(self) -> None:
        """Open the new-game form over the title screen."""
        from conquest_tui.ui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(self.saves_folder))

    def open_save(self, path: Path) -> None:
        """Load a save and go to its active Clan's hand-over screen."""
        try:
            game = load_save(path)
        except GameFileError as error:
            self.notify(str(error), title="Cannot load", severity="error", timeout=8,
                        markup=False)
            if len(self.screen_stack) <= 1:
                self.show_title()
            return
        self.start_game(game, path, save=False)

    def start_game(self, game: Game, path: Path, *, save: bool = True) -> None:
        """Play a game saved at `path`: bots first if it is their turn, then the hand-over."""
        self.game = game
        self.save_path = path
        if save:
            self.autosave()
        self.next_turn()

    # --- the table ---------------------------------------------------------------------------

    def _show(self, screen: Screen[None]) -> None:
        """Replace the game step on top (or put the first one above the title screen)."""
        while len(self.screen_stack) > 1 and not is_flow_screen(self.screen) \
                and self.screen.id != "title":
            self.pop_screen()
        if is_flow_screen(self.screen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def autosave(self) -> bool:
        """Save the game where it was started or loaded; False (and a message) on failure."""
        if self.game is None or self.save_path is None:
            return False
        try:
            write_save(self.game, self.save_path)
        except GameFileError as error:
            self.notify(str(error), title="Could not save", severity="error", timeout=10,
                        markup=False)
            return False
        return True

    def next_turn(self, note: str = "") -> None:
        """Let bot seats play, then show the hand-over screen of the Clan whose turn it is."""
        game = self.game
        if game is None:
            return
        if any(clan.seat == "bot" for clan in game.state.clans):
            from conquest_tui import session

            turn_before = game.state.game_turn
            if session.play_bots(game):
                self.autosave()
            if game.state.game_turn != turn_before:
                note = f"Game turn {turn_before} is over."
        if game.state.finished:
            self._game_over()
            return
        from conquest_tui.ui.screens.handover import HandoverScreen

        clan = game.clan(game.state.active_clan)
        self._show(HandoverScreen(clan.number, clan.name, game.state.game_turn,
                                  pin_hash=clan.pin_hash, note=note))

    def begin_turn(self, clan_number: int) -> None:
        """Open the game screen of the Clan at the terminal."""
        if self.game is None or self.game.state.active_clan != clan_number:
            return
        self._show(GameScreen(self.game, clan_number))

    def submit_turn(self, clan_number: int, sheet_text: str) -> None:
        """Run the Clan's turn, autosave, and show its report."""
        from conquest_tui.engine.play.turn import NotYourTurnError, run_clan_turn
        from conquest_tui.engine.reports.report import build_report
        from conquest_tui.ui.screens.report import ReportScreen

        game = self.game
        if game is None:
            return
        turn_before = game.state.game_turn
        try:
            run_clan_turn(game, clan_number, sheet_text)
        except NotYourTurnError as error:
            self.notify(str(error), title="Cannot end the turn", severity="error",
                        markup=False)
            return
        report = build_report(game, clan_number)
        self.autosave()
        self._ended_turn = turn_before if game.state.game_turn != turn_before else 0
        self._show(ReportScreen(report, sheet_text))

    def resign_clan(self, clan_number: int) -> None:
        """The Clan at the terminal drops out (CC-GEN-11); autosave, then the next Clan."""
        from conquest_tui.engine.economy.gameturn import resign

        game = self.game
        if game is None or game.state.active_clan != clan_number:
            return
        turn_before = game.state.game_turn
        resign(game, clan_number)
        self.autosave()
        note = f"Clan {clan_number} has resigned."
        if game.state.game_turn != turn_before:
            note += f" Game turn {turn_before} is over."
        self.next_turn(note)

    def after_report(self) -> None:
        """The Clan has read its report: on to the next Clan."""
        ended, self._ended_turn = self._ended_turn, 0
        self.next_turn(f"Game turn {ended} is over." if ended else "")

    def _game_over(self) -> None:
        from conquest_tui.ui.screens.dialogs import MessageDialog

        game = self.game
        if game is None:
            return
        from conquest_tui.engine.economy.victory import end_sentence

        message = end_sentence(game) or "The game is over."

        def back(_: None) -> None:
            self.action_to_title()

        self.push_screen(MessageDialog(message, title="Game over"), back)

    # --- actions -----------------------------------------------------------------------------

    def action_save_and_quit(self) -> None:
        """Save (the sheet being written is kept) and leave."""
        if self.game is None or self.autosave():
            self.exit(0)

    def action_to_title(self) -> None:
        """Save and go back to the title screen."""
        self.autosave()
        self.game = None
        self.save_path = None
        self.show_title()

    def action_help(self) -> None:
        """Show keys, orders and rules interpretations."""
        from conquest_tui.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(self.key_groups(self.screen)))

    def key_groups(self, screen: Screen[object]) -> list[KeyGroup]:
        """The keys working on a screen, by where they work (the game screen lists its panes)."""
        from conquest_tui.ui.screens.help import bindings_of

        groups: list[KeyGroup] = [("Everywhere", bindings_of(self))]
        title = str(getattr(screen, "HELP_TITLE", "This screen"))
        groups.append((title, bindings_of(screen)))
        if isinstance(screen, GameScreen) and screen.panes_ready:
            for selector, name in (("#map", "Map"), ("#convoys", "Convoys"),
                                   ("#sheet", "Order sheet")):
                groups.append((name, bindings_of(screen.query_one(selector))))
        return [(name, bindings) for name, bindings in groups if bindings]


def run_app(save_path: Path | None) -> int:
    """Run the app (on the title screen, or at a save's hand-over screen); the exit status."""
    keymap: dict[str, str] = {}
    keys_file = os.environ.get(KEYMAP_ENV_VAR)
    if keys_file:
        try:
            keymap = load_keymap(Path(keys_file))
        except (OSError, ValueError) as error:  # TOMLDecodeError is a ValueError
            print(f"conquest: {keys_file}: cannot read the key bindings ({error})",
                  file=sys.stderr)
            return 1
    game = None
    if save_path is not None:
        try:
            game = load_save(save_path)
        except GameFileError as error:
            print(f"conquest: {error}", file=sys.stderr)
            return 1
    app = ConquestApp(save_path, game=game, keymap=keymap)
    result = app.run()
    return int(result or 0)
