"""The table's turn at the app: hand-over, the Clan's game screen, report, a game moved on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.ui.app_saving import AppSaving

if TYPE_CHECKING:
    from conquest_tui.session import HandOver, Seat, Session
    from conquest_tui.ui.screens.game import GameScreen
    from conquest_tui.ui.screens.handover import HandoverScreen
    from conquest_tui.ui.screens.report import ReportScreen
    from conquest_tui.ui.screens.watch import WatchScreen


class AppTurns(AppSaving):
    """The table's turn: the bots play, the hand-over, the Clan's game screen and what it asks
    (save, keep the sheet, end the turn, resign), the report, the end of the game; and a game
    that another window moved on meanwhile, loaded again."""

    def _play(self, session: Session) -> None:
        """Play a game: let bot seats play, then the hand-over."""
        self.session = session
        if session.all_bots and not session.finished:
            from conquest_tui.ui.screens.watch import WatchScreen

            self._show(WatchScreen(session))  # a game of bots is watched a game turn a key
            return
        handover = self._bots_play(session)
        self._warn_unsaved(handover)
        self._hand_over(handover, handover.note)

    def on_watch_screen_game_over(self, _: WatchScreen.GameOver) -> None:
        self._game_over()

    def _hand_over(self, handover: HandOver, note: str) -> None:
        """The hand-over screen of the Clan whose turn it is (or the end of the game)."""
        from conquest_tui.ui.screens.handover import HandoverScreen

        session = self.session
        if session is None:
            return
        moved = session.moved_on()
        if moved:  # another window played meanwhile: go on from its game, not ours
            self._moved_on(moved)
            return
        if handover.finished:
            self._game_over()
            return
        clan = session.seat_info(handover.next_clan)
        bots = [f"Clan {bot.number} {bot.name} ({bot.level})"
                for bot in session.seats() if bot.is_bot and not bot.resigned]
        if bots:  # who plays which seat is no secret at the table
            note = f"{note} Bot seats: {', '.join(bots)}.".strip()
        if self._moved_note:  # the game was loaded again: the table is told why
            note, self._moved_note = f"{self._moved_note} {note}".strip(), ""
        self._show(HandoverScreen(clan.number, clan.name, session.game_turn,
                                  door=session.seat_door(clan.number), note=note,
                                  house_rules=session.facts().house_rules))

    def on_handover_screen_turn_taken(self, message: HandoverScreen.TurnTaken) -> None:
        seat = message.seat
        if self.session is None or not seat.sits_at(self.session):
            return
        moved = self.session.moved_on()
        if moved:  # another window played while this hand-over waited
            self._moved_on(moved)
            return
        if seat.is_turn:
            self._open_game_screen(seat)
        else:  # the game moved on while the PIN was asked: the right hand-over now
            self._play(self.session)

    def _open_game_screen(self, seat: Seat, draft: str | None = None) -> None:
        """The Clan's game screen, then what happened to it since its last turn."""
        from conquest_tui.ui.screens.game import GameScreen

        self._show(GameScreen(seat, draft))
        since = seat.view().since_last_turn()
        if since:
            from conquest_tui.engine.face import event_text
            from conquest_tui.ui.screens.since_last_turn import SinceLastTurnScreen

            self.push_screen(SinceLastTurnScreen([event_text(event) for event in since]))

    def on_game_screen_save_requested(self, message: GameScreen.SaveRequested) -> None:
        if self.session is None:
            return
        message.seat.keep_draft(message.draft)
        if not self._save():
            return
        saved = f"Saved to {self.session.path}."
        if message.then_quit:
            self._leave_to_title()
        self.notify(saved, title="Saved", markup=False)

    def on_game_screen_draft_paused(self, message: GameScreen.DraftPaused) -> None:
        """Typing stopped: the sheet goes into the save, so that no exit loses it."""
        from conquest_tui.session import SaveMovedOn, SessionError

        if self.session is None or not message.seat.sits_at(self.session):
            return
        try:
            message.seat.save_draft(message.draft)
        except SaveMovedOn as error:
            self._moved_on(str(error))
        except SessionError as error:
            if not self._draft_unsaved:  # said once, not every pause in typing
                self._draft_unsaved = True
                self._could_not_save(str(error))
        else:
            self._draft_unsaved = False

    def on_game_screen_turn_ended(self, message: GameScreen.TurnEnded) -> None:
        from conquest_tui.session import NotYourTurn, SaveMovedOn, SessionError, SheetRefused
        from conquest_tui.ui.screens.report import ReportScreen

        session = self.session
        if session is None:
            return
        try:
            outcome = message.seat.submit(message.sheet_text)
        except SaveMovedOn as error:
            self._moved_on(str(error))
            return
        except (NotYourTurn, SheetRefused) as error:
            self.notify(str(error), title="Cannot end the turn", severity="error", markup=False)
            return
        except SessionError as error:
            self._could_not_save(str(error))
            return
        self.last_outcome = outcome
        self._handover = outcome.handover
        self._warn_unsaved(outcome.handover)
        self._show(ReportScreen(outcome.report, message.sheet_text, events=outcome.result.events))

    def on_game_screen_clan_resigned(self, message: GameScreen.ClanResigned) -> None:
        from conquest_tui.session import NotYourTurn, SaveMovedOn, SessionError

        session = self.session
        if session is None:
            return
        try:
            handover = message.seat.resign()
        except SaveMovedOn as error:
            self._moved_on(str(error))
            return
        except NotYourTurn as error:
            self.notify(str(error), title="Cannot resign", severity="error", markup=False)
            return
        except SessionError as error:
            self._could_not_save(str(error))
            return
        self._warn_unsaved(handover)
        note = f"Clan {message.seat.number} has resigned."
        self._hand_over(handover, f"{note} {handover.note}".strip())

    def on_report_screen_report_read(self, _: ReportScreen.ReportRead) -> None:
        handover, self._handover = self._handover, None
        if handover is None and self.session is not None:
            handover = self._bots_play(self.session)
        if handover is not None:
            self._hand_over(handover, handover.note)

    def _game_over(self) -> None:
        """The end-of-game screen: standings, everyone's graphs, each Clan's final report."""
        from conquest_tui.ui.screens.game_over import GameOverScreen

        session = self.session
        if session is None:
            return
        board = session.final_board()

        def back(_: None) -> None:
            self.action_to_title()

        self.push_screen(GameOverScreen(board.sentence, board.rows, board.history,
                                        dict(board.reports)), back)

    def on_app_focus(self) -> None:
        """The terminal has the focus again: a game moved on meanwhile is loaded again."""
        if self.conquest is not None:
            self.conquest.catch_up()
            return
        session = self.session
        if session is None:
            return
        sentence = session.moved_on()
        if sentence:
            self._moved_on(sentence)

    def _moved_on(self, sentence: str) -> None:
        """Another window wrote the save: load it again (never overwrite it) and go on from
        there; the sheet being written stays in the editor if it is still that Clan's turn."""
        from conquest_tui.session import SessionError

        session = self.session
        if session is None:
            return
        game_screen = self._game_screen()
        draft = game_screen.draft if game_screen is not None else None
        try:
            session.reload()
        except SessionError as error:
            self.notify(str(error), title="Cannot load", severity="error", timeout=10,
                        markup=False)
            self._leave_to_title()
            return
        self._handover = None
        # Said on the next hand-over screen (a toast would be wiped there), or as a toast
        # when the same Clan goes on writing its sheet.
        if session.path is not None:
            sentence = sentence.removeprefix(f"{session.path.name}: ")
        self._moved_note = (f"{sentence[0].upper()}{sentence[1:]}; it was loaded "
                            "again.").replace(" — load it again", "")
        seat = game_screen.seat if game_screen is not None else None
        self.call_later(self._go_on_reloaded, session, seat, draft)

    async def _go_on_reloaded(self, session: Session, seat: Seat | None,
                              draft: str | None) -> None:
        """After loading the game again: its screens from the start (the one on top may be
        of the same kind, with the same id), at the Clan's sheet if it is still its turn."""
        if self.session is not session:
            return
        while len(self.screen_stack) > 1 and self.screen.id != "title":
            await self.pop_screen()
        if seat is not None and seat.is_turn and draft is not None:
            note, self._moved_note = self._moved_note, ""
            self._open_game_screen(seat, draft)
            self.notify(note, title="Loaded again", severity="warning", timeout=10,
                        markup=False)
        else:
            self._play(session)
