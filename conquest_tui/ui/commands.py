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


class CommandList(Provider):
    """A provider of a list of commands: the shown ones before anything is typed, then every
    one that matches what is typed."""

    def commands(self) -> list[Command]:
        """Every command the palette offers now."""
        raise NotImplementedError

    async def discover(self) -> Hits:
        """The commands shown before anything is typed."""
        for name, callback, help_text, shown in self.commands():
            if shown:
                yield DiscoveryHit(Content(name), callback, text=name, help=help_text)

    async def search(self, query: str) -> Hits:
        """The commands matching what is typed."""
        matcher = self.matcher(query)
        for name, callback, help_text, _ in self.commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


class GameCommands(CommandList):
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
            ("History", screen.action_history,
             "Your past turns: the turn log, each past report, plots of your figures", True),
            ("Resign", screen.action_resign,
             "Drop out: the Clan's units stay and defend, it gives no more orders", False),
        ]
        for convoy in screen.view.convoys():
            name = f" ({convoy.name})" if convoy.name else ""
            found.append((f"Jump to convoy #{convoy.number}{name}",
                          partial(screen.select_convoy, convoy.number),
                          f"{convoy.convoy_type.title()} convoy in hex {convoy.hex}", True))
        for site in sorted(screen.view.map.cities, key=lambda s: s.name):
            found.append((f"Jump to city {site.name}", partial(screen.jump_to_hex, site.hex),
                          f"Hex {site.hex}" + (" (major city)" if site.major else ""), False))
        return found



class SeatCommands(CommandList):
    """Seats at the table: hand this seat to a bot, take over a bot's seat, a bot's level."""

    def commands(self) -> list[Command]:
        """The seat commands of the screen the palette was opened on (none off a game)."""
        from conquest_tui.ui.screens.game import GameScreen
        from conquest_tui.ui.screens.handover import HandoverScreen
        from conquest_tui.ui.screens.watch import WatchScreen

        app = self.app
        session = getattr(app, "session", None)
        change = getattr(app, "change_seat", None)
        screen = self.screen
        if session is None or change is None or not isinstance(
                screen, GameScreen | HandoverScreen | WatchScreen):
            return []
        from conquest_tui.session import bot_levels

        found: list[Command] = []
        here = None if isinstance(screen, WatchScreen) else screen.clan_number
        for clan in session.seats():
            if clan.resigned:
                continue
            label = clan.label
            if clan.number == here and not clan.is_bot:
                for level in bot_levels():
                    name = (f"Hand this seat to a bot ({level})" if isinstance(screen, GameScreen)
                            else f"Hand {label} to a bot ({level})")
                    found.append((name, partial(change, clan.number, "bot", level),
                                  "The computer plays this Clan from now on; take it back "
                                  "from the palette at any hand-over", level == "normal"))
            if clan.is_bot:
                found.append((f"Take over {label}", partial(change, clan.number, "human"),
                              f"A person plays this Clan from now on (its bot plays "
                              f"{clan.level})", True))
                for level in bot_levels():
                    if level != clan.level:
                        found.append((f"Let {label}'s bot play {level}",
                                      partial(change, clan.number, "bot", level),
                                      f"Its bot plays {clan.level} now", False))
        return found

