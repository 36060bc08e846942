"""The hot-seat Textual app (title, new game, hand-over, game, report) on the turn path."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from conquest_tui import collector
from conquest_tui.ui.app_opening import AppOpening
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet

if TYPE_CHECKING:
    from textual.screen import Screen

    from conquest_tui.engine.face import Ruleset
    from conquest_tui.ui.screens.help import KeyGroup


class ConquestApp(AppOpening):
    """CONTINENTAL CONQUEST at one terminal for 2–20 Clans.

    The screens post messages (a save chosen, a turn taken, a sheet submitted, a report read…);
    the app answers each by calling the session, the one turn path, and showing the next screen
    (each job in a layer of its own: app_base.py says which).
    """

    TITLE = "CONTINENTAL CONQUEST"
    CSS_PATH: ClassVar[CSSPaths] = stylesheet("title")
    """The first screen's styles, read with the app's own: its first frame needs no second pass
    over the stylesheet (each other screen reads its file when it is first shown)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help", tooltip="Keys, orders and rules"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit",
                tooltip="Leave the game (asks first; the sheet being written is saved)"),
        Binding("f12", "screenshot", "Screenshot", show=False, id="app.screenshot",
                tooltip="Save a picture of the screen (an SVG file) in the saves folder"),
        Binding(App.COMMAND_PALETTE_BINDING, "command_palette", "palette", show=False,
                priority=True, id="app.palette", tooltip="Open the command palette"),
    ]
    """The app's keys (the command palette's too, as Textual would bind it: so it is listed in
    help and can be rebound)."""

    def on_mount(self) -> None:
        if self.keymap:
            self.set_keymap(self.keymap)
        self._catch_hang_up()

    def get_default_screen(self) -> Screen[Any]:
        """The title, when the app starts on it: composed with the app, as a bare app's first
        screen is (no empty screen laid out first; its stylesheet is the app's own, read with
        it). Otherwise Textual's empty screen, under the game opened at the start."""
        if self._start_path is None:
            from conquest_tui.ui.screens.title import TitleScreen

            return TitleScreen(self.saves_folder)  # the collector resumes once saves are listed
        return super().get_default_screen()

    def on_ready(self) -> None:
        # A game's first screen is pushed here, not in on_mount: Textual holds every frame back
        # until it is ready, and a screen pushed before would be laid out and rendered once
        # for nothing (and its after-refresh callbacks would run before its first frame).
        if self._start_path is None:
            return  # on the title, the default screen
        self.call_after_refresh(collector.resume)  # once the first screen is on the terminal
        if self.session is not None:
            self._play(self.session)
        else:
            self._open(self._start_path)

    def action_help(self) -> None:
        """Show keys, orders and rules interpretations."""
        from conquest_tui.ui.screens.game import GameScreen
        from conquest_tui.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        if self.conquest is not None:
            from conquest_tui.ui.conquest.help_screen import ConquestHelpScreen

            if not any(isinstance(s, ConquestHelpScreen) for s in self.screen_stack):
                self.push_screen(ConquestHelpScreen(self.key_groups(self.screen)))
            return
        screen = self.screen  # a Clan's game screen: its Market page too
        prices = screen.seat.prices() if isinstance(screen, GameScreen) else None
        rules = self._rules()
        in_play = self.session.facts().house_rules if self.session is not None else None
        self.push_screen(HelpScreen(self.key_groups(self.screen), rules.orders, prices,
                                    house_rules=rules.house_rules.declared(), in_play=in_play))

    def _rules(self) -> Ruleset:
        """The rules of the game in play, or the project's rules on the title screen."""
        from conquest_tui.storage.rules_loader import load_ruleset

        return self.session.rules if self.session is not None else load_ruleset()

    def key_groups(self, screen: Screen[object]) -> list[KeyGroup]:
        """The keys working on a screen, by where they work (the game screen lists its panes)."""
        from conquest_tui.ui.screens.game import GameScreen
        from conquest_tui.ui.screens.help import bindings_of

        groups: list[KeyGroup] = [("Everywhere", bindings_of(self, self.keymap))]
        title = str(getattr(screen, "HELP_TITLE", "This screen"))
        groups.append((title, bindings_of(screen, self.keymap)))
        if isinstance(screen, GameScreen) and screen.panes_ready:
            for selector, name in (("#map", "Map"), ("#convoys", "Convoys"),
                                   ("#sheet", "Order sheet")):
                groups.append((name, bindings_of(screen.query_one(selector), self.keymap)))
        return [(name, bindings) for name, bindings in groups if bindings]
