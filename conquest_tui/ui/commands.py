"""Command palette commands of the game screen: save, end turn, inbox, relations, resign, jumps."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

if TYPE_CHECKING:
    from conquest_tui.ui.screens.game import GameScreen

Command = tuple[str, Callable[[], object], str, bool]
"""(name, callback, help, shown before anything is typed)."""


class GameCommands(Provider):
    """Game commands for the Clan at the terminal (only what its view shows)."""

    def _game_screen(self) -> GameScreen | None:
        from conquest_tui.ui.screens.game import GameScreen

        screen = self.screen
        return screen if isinstance(screen, GameScreen) else None

    def commands(self) -> list[Command]:
        """Every command the palette offers now."""
        screen = self._game_screen()
        if screen is None:
            return []
        found: list[Command] = [
            ("Save game", screen.action_save, "Save now and keep playing", True),
            ("Save & quit", screen.action_save_and_quit, "Save, sheet included, and leave", True),
            ("End turn", screen.action_submit, "Submit the order sheet and run the turn", True),
            ("Help", screen.action_help, "Keys, orders and rules interpretations", True),
            ("Inbox", screen.action_inbox,
             "Messages, radio news, spy and agent reports, espionage", True),
            ("Relations", screen.action_relations,
             "The Clans you met, your alliances and bans, who allies with whom", True),
            ("Resign", screen.action_resign,
             "Drop out: the Clan's units stay and defend, it gives no more orders", False),
        ]
        for convoy in screen.view.convoys():
            name = f" ({convoy.name})" if convoy.name else ""
            found.append((f"Jump to convoy #{convoy.number}{name}",
                          partial(screen.select_convoy, convoy.number),
                          f"{convoy.convoy_type.title()} convoy in hex {convoy.hex}", True))
        for site in sorted(screen.game.map.cities, key=lambda s: s.name):
            found.append((f"Jump to city {site.name}", partial(screen.jump_to_hex, site.hex),
                          f"Hex {site.hex}" + (" (major city)" if site.major else ""), False))
        return found

    async def discover(self) -> Hits:
        """The game commands and the Clan's convoys, before anything is typed."""
        for name, callback, help_text, shown in self.commands():
            if shown:
                yield DiscoveryHit(Content(name), callback, text=name, help=help_text)

    async def search(self, query: str) -> Hits:
        """Commands, convoys and cities matching what is typed."""
        matcher = self.matcher(query)
        for name, callback, help_text, _ in self.commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
