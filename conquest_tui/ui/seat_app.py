"""The app opened on one Clan's seat (a served link): no title, no other Clan, no hand-over."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from conquest_tui.ui.seat_window import SeatWindow

if TYPE_CHECKING:
    from conquest_tui.session import HandOver, Seat, Session
    from conquest_tui.ui.screens.game import GameScreen
    from conquest_tui.ui.screens.handover import HandoverScreen


class SeatApp(SeatWindow):
    """One Clan's seat of a game that others play from their own windows at the same time.

    The seat opens behind its PIN; whether or not it is the Clan's turn it shows the Clan's
    game screen (a sheet written out of turn is kept for its next turn). Another window's save
    is looked for every `POLL` seconds: a sheet kept by another Clan is read again quietly,
    a turn played elsewhere brings the Clan's screens back up to date.
    """

    HANDS_OVER: ClassVar[bool] = False
    """After its report the Clan goes back to its own map: no terminal is handed over."""

    def __init__(self, save_path: Path, clan_number: int, *, session: Session | None = None,
                 keymap: dict[str, str] | None = None, allow_edited: bool = False) -> None:
        """Create the app.

        Args:
            save_path: The game's save.
            clan_number: The one Clan this app opens.
            session: The save at `save_path`, when the caller already opened it.
            keymap: Binding id → keys, overriding the defaults.
            allow_edited: Open a save changed outside the game without asking.
        """
        super().__init__(save_path, session=session, keymap=keymap)
        self.clan_number = clan_number
        self._allow_edited = allow_edited
        self._seat: Seat | None = None
        """The Clan's seat once its PIN was heard (None: at its door)."""

    def _read_seat(self, path: Path) -> None:
        self._open(path, allow_edited=self._allow_edited)

    # --- one seat only -----------------------------------------------------------------------

    def _play(self, session: Session) -> None:
        """The Clan's door, or its game screen once the seat is open (bots play first)."""
        from conquest_tui.session import SessionError
        from conquest_tui.ui.screens.seat_door import SeatDoorScreen

        self.session = session
        if session.finished:
            self._game_over()
            return
        if self._seat is not None and self._seat.sits_at(session):
            self._open_game_screen(self._seat)
            return
        self._seat = None
        try:
            info = session.seat_info(self.clan_number)
        except SessionError as error:
            self.exit(1, return_code=1, message=f"conquest: {error}")
            return
        handover = self._bots_play(session)  # any window may play the bots' turns
        self._warn_unsaved(handover)
        note, self._moved_note = self._moved_note, ""
        self._show(SeatDoorScreen(info.number, info.name, session.game_turn,
                                  door=session.seat_door(info.number),
                                  your_turn=session.active_clan == info.number, note=note))

    def on_handover_screen_turn_taken(self, message: HandoverScreen.TurnTaken) -> None:
        message.prevent_default()  # not the table's: the game screen even out of turn
        session = self.session
        if session is None or not message.seat.sits_at(session):
            return
        self._catch_up()
        self._seat = message.seat
        self._open_game_screen(message.seat)

    def _hand_over(self, handover: HandOver, note: str) -> None:
        """After the Clan's turn: back to its own screens (never another Clan's hand-over)."""
        if handover.finished:
            self._game_over()
            return
        if note:
            self.notify(note, title="The table", markup=False)
        if self.session is not None:
            self._catch_up()
            self._play(self.session)

    def show_title(self) -> None:
        """No title at a seat's link: the seat's own screens (the app ends without a game)."""
        if self.session is None:
            self.exit(1, return_code=1)
        else:
            self._play(self.session)

    def _leave_to_title(self) -> None:
        """"Save & quit": back to the seat's door (its PIN asked again)."""
        self._seat = None
        self._handover = None
        if self.session is not None:
            self._play(self.session)

    def action_to_title(self) -> None:
        self._save()
        self._leave_to_title()


    # --- other windows -----------------------------------------------------------------------

    def _catch_up(self) -> bool:
        """Read the save again if another window wrote it; True when what the Clan sees may
        have changed (a turn was played, the game ended), not only another Clan's sheet."""
        session = self.session
        if session is None or not session.moved_on():
            return False
        before = (session.game_turn, session.active_clan, session.finished)
        game_screen = self._game_screen()
        session.reload()
        if game_screen is not None and self._seat is not None:
            self._seat.keep_draft(game_screen.draft)  # what is being written stays
        return (session.game_turn, session.active_clan, session.finished) != before

    def _look_for_moves(self) -> None:
        """Another window played a turn: the Clan's screens again, its sheet kept."""
        from conquest_tui.session import SessionError
        from conquest_tui.ui.screens.game import GameScreen
        from conquest_tui.ui.screens.seat_door import SeatDoorScreen

        screen = self.screen
        if self.session is None or not isinstance(screen, GameScreen | SeatDoorScreen):
            return  # a dialog, a report being read: looked at again later
        try:
            changed = self._catch_up()
        except SessionError:
            return  # a save being written: the next look reads it
        if not changed:
            return
        session = self.session
        turn = session.seat_info(self.clan_number)
        if session.active_clan == turn.number and not session.finished:
            self._moved_note = "It is your turn now."
        else:
            self._moved_note = f"The game moved on to game turn {session.game_turn}."
        self.call_later(self._reopen, session)

    async def _reopen(self, session: Session) -> None:
        if self.session is not session:
            return
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        if self._seat is not None and not session.finished:
            note, self._moved_note = self._moved_note, ""
            self._open_game_screen(self._seat)
            self.notify(note, title="The table", timeout=8, markup=False)
        else:
            self._play(session)

    def on_game_screen_draft_paused(self, message: GameScreen.DraftPaused) -> None:
        message.prevent_default()  # another Clan's kept sheet is no reason to load again
        if self._write_draft(message.seat, message.draft):
            self._draft_unsaved = False

    def _write_draft(self, seat: Seat, draft: str) -> bool:
        """Write the sheet being written into the save as it is on disk now."""
        from conquest_tui.session import SaveMovedOn, SessionError

        session = self.session
        if session is None or not seat.sits_at(session):
            return False
        for _ in range(3):
            try:
                if self._catch_up():
                    self.call_later(self._look_for_moves_after_reload, session)
                seat.save_draft(draft)
                return True
            except SaveMovedOn:
                continue
            except SessionError as error:
                if not self._draft_unsaved:
                    self._draft_unsaved = True
                    self._could_not_save(str(error))
                return False
        return False

    def on_game_screen_turn_ended(self, message: GameScreen.TurnEnded) -> None:
        """Another Clan's sheet saved since the last look is read first (the Clan's own sheet
        kept), so that it does not turn the end of the turn into "the game moved on". The
        app's own handler then ends the turn: Textual calls it after this one (calling it here
        as well ended the turn twice, and the second said "Cannot end the turn")."""
        from conquest_tui.session import SessionError

        with contextlib.suppress(SessionError):  # a save being written: the turn's lock says
            self._catch_up()

    async def _look_for_moves_after_reload(self, session: Session) -> None:
        self._moved_note = self._moved_note or "The game moved on."
        await self._reopen(session)

    def _hang_up(self) -> None:
        """The tab was closed (the server hangs up): the sheet is written first."""
        game_screen = self._game_screen()
        if game_screen is not None and self._seat is not None:
            self._write_draft(self._seat, game_screen.draft)
        self.exit(0)
