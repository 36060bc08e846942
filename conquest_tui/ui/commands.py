"""Command palette commands of the app: the seats at the table (hand a seat to a bot, take a
bot's seat over, a bot's level). The game screen's own commands are in screens/game_keys.py."""

from __future__ import annotations

from functools import partial

from conquest_tui.ui.command_list import Command, CommandList


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
