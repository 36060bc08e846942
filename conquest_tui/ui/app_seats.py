"""Seats changing hands at the app's table, and the command palette that offers it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import App

from conquest_tui.ui.app_turns import AppTurns

if TYPE_CHECKING:
    from textual.command import Provider

    from conquest_tui.session import Session


def _seat_commands() -> type[Provider]:
    """The seat commands of the palette (imported when the palette first opens)."""
    from conquest_tui.ui.commands import SeatCommands

    return SeatCommands


class AppSeats(AppTurns):
    """Seats changing hands at the table (a bot for a person, a person for a bot, a bot's
    level) and the command palette that offers it."""

    COMMANDS: ClassVar = App.COMMANDS | {_seat_commands}
    """Textual's own commands, and the seats' (handing one to a bot, taking one over)."""

    def change_seat(self, clan_number: int, seat: str, level: str | None = None) -> None:
        """Hand a seat to a bot or to a person, save, and go on (docs/rules-interpretations.md,
        Seats): a seat with a PIN changes in no way without it, unless its Clan is at the
        terminal; the bots play on if the seat whose turn it is became a bot's."""
        from conquest_tui.session import SaveMovedOn, SessionError, seat_label
        from conquest_tui.ui.screens.handover import HandoverScreen
        from conquest_tui.ui.screens.watch import WatchScreen

        session = self.session
        if session is None or (isinstance(self.screen, WatchScreen) and self.screen.busy):
            return
        game_screen = self._game_screen()
        at_terminal = game_screen is not None and game_screen.clan_number == clan_number
        door = session.seat_door(clan_number)
        info = session.seat_info(clan_number)

        def change(ok: bool | None = True) -> None:
            if not ok or self.session is not session:
                return
            try:
                if at_terminal and game_screen is not None:
                    opened = game_screen.seat
                    opened.keep_draft(game_screen.draft)
                else:
                    opened = door.seat
                opened.set_seat(seat, level)
            except SaveMovedOn as error:
                self._moved_on(str(error))
                return
            except SessionError as error:
                self._could_not_save(str(error))
                return
            who = "a person" if seat == "human" else \
                f"a {seat_label(seat, level or info.level)}"
            self.notify(f"{info.label} is played by {who} from now on.", title="Seat",
                        markup=False)
            screen = self.screen
            watching = isinstance(screen, WatchScreen)
            handing_over = isinstance(screen, HandoverScreen)  # its note lists the seats
            if isinstance(screen, WatchScreen) and seat == "bot":
                screen.refresh_all()
            elif watching or handing_over or (
                    seat == "bot" and clan_number == session.active_clan):
                self.call_later(self._replay, session)

        if door.needs_pin and not at_terminal:
            from conquest_tui.ui.screens.handover import PinPrompt

            self.push_screen(PinPrompt(info.label, door), change)
        else:
            change()

    async def _replay(self, session: Session) -> None:
        """Go on after a seat changed hands: a hand-over screen on top goes first (the next one
        takes its place and its id)."""
        from conquest_tui.ui.screens.handover import HandoverScreen

        if isinstance(self.screen, HandoverScreen):
            await self.pop_screen()
        self._play(session)

    def action_command_palette(self) -> None:
        """Open the command palette (one without Textual's races: ui/command_palette.py)."""
        from textual.command import CommandPalette

        from conquest_tui.ui.command_palette import SafePalette

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(SafePalette())

    def search_themes(self) -> None:
        """The themes in a palette (one without Textual's races, as Ctrl+P opens)."""
        from textual.theme import ThemeProvider

        from conquest_tui.ui.command_palette import SafePalette

        self.push_screen(SafePalette(providers=[ThemeProvider], placeholder="Search for themes…"))
