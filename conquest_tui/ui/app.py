"""The hot-seat Textual app (title, new game, hand-over, game, report) on the turn path."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from conquest_tui import startup_gc
from conquest_tui.storage.paths import saves_dir
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet

if TYPE_CHECKING:
    from textual.command import Provider

    from conquest_tui.engine.face import Ruleset
    from conquest_tui.session import HandOver, Seat, Session, TurnOutcome
    from conquest_tui.session.conquest_table import ConquestTable
    from conquest_tui.ui.conquest.flow import ConquestFlow
    from conquest_tui.ui.conquest.handover_screen import ConquestHandoverScreen
    from conquest_tui.ui.conquest.new_game_screen import ConquestNewGameScreen, GameChosen
    from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen
    from conquest_tui.ui.screens.game import GameScreen
    from conquest_tui.ui.screens.handover import HandoverScreen
    from conquest_tui.ui.screens.help import KeyGroup
    from conquest_tui.ui.screens.new_game import NewGameScreen
    from conquest_tui.ui.screens.report import ReportScreen
    from conquest_tui.ui.screens.title import TitleScreen
    from conquest_tui.ui.screens.watch import WatchScreen

# The session (the engine behind it) and every screen but the first are imported where they are
# used: the title's first frame needs none of them.

def _seat_commands() -> type[Provider]:
    """The seat commands of the palette (imported when the palette first opens)."""
    from conquest_tui.ui.commands import SeatCommands

    return SeatCommands


def is_flow_screen(screen: Screen[object]) -> bool:
    """Whether a screen is one of the game's steps that replace one another (not a dialog)."""
    return bool(getattr(screen, "FLOW_SCREEN", False))


class ConquestApp(App[int]):
    """CONTINENTAL CONQUEST at one terminal for 2–20 Clans.

    The screens post messages (a save chosen, a turn taken, a sheet submitted, a report read…);
    the app answers each by calling the session, the one turn path, and showing the next screen.
    """

    TITLE = "CONTINENTAL CONQUEST"
    COMMANDS: ClassVar = App.COMMANDS | {_seat_commands}
    """Textual's own commands, and the seats' (handing one to a bot, taking one over)."""
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

    # --- start -------------------------------------------------------------------------------

    def on_mount(self) -> None:
        if self.keymap:
            self.set_keymap(self.keymap)
        self._catch_hang_up()

    def _catch_hang_up(self) -> None:
        """A closed terminal (SIGHUP) or a kill (SIGTERM) keeps the sheet being written: it is
        written into the save before the app ends."""
        import asyncio
        import signal

        loop = asyncio.get_running_loop()
        for number in (signal.SIGHUP, signal.SIGTERM):
            try:
                loop.add_signal_handler(number, self._hang_up)
            except (NotImplementedError, RuntimeError, ValueError):  # no signals here
                continue

    def _hang_up(self) -> None:
        """Write the sheet being written into the save at once, then end."""
        game_screen = self._game_screen()
        if game_screen is not None and self.session is not None:
            from contextlib import suppress

            from conquest_tui.session import SessionError

            with suppress(SessionError):  # another window moved the game on: its save stands
                game_screen.seat.save_draft(game_screen.draft)
        self.exit(0)

    def on_ready(self) -> None:
        # The first screen is pushed here, not in on_mount: Textual holds every frame back
        # until it is ready, and a screen pushed before would be laid out and rendered once
        # for nothing (and its after-refresh callbacks would run before its first frame).
        # (Not as the default screen: Textual reads a screen's CSS_PATH when it is pushed.)
        if self._start_path is None:
            self.show_title()  # the collector resumes once its saves are listed
            return
        self.call_after_refresh(startup_gc.resume)  # once the first screen is on the terminal
        if self.session is not None:
            self._play(self.session)
        else:
            self._open(self._start_path)

    def show_title(self) -> None:
        """Go back to the title screen (creating it if the app started straight in a game)."""
        from conquest_tui.ui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if isinstance(self.screen, TitleScreen):
            self.screen.refresh_saves()
        else:
            self.push_screen(TitleScreen(self.saves_folder))

    # --- what the screens ask for ------------------------------------------------------------

    def on_title_screen_new_game_chosen(self, _: TitleScreen.NewGameChosen) -> None:
        from conquest_tui.ui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(self.saves_folder))

    def on_title_screen_saves_listed(self, _: TitleScreen.SavesListed) -> None:
        self.call_after_refresh(startup_gc.resume)  # the whole title is on the terminal

    def on_title_screen_save_chosen(self, message: TitleScreen.SaveChosen) -> None:
        self._open(message.path)

    def on_title_screen_referee_chosen(self, message: TitleScreen.RefereeChosen) -> None:
        from conquest_tui.ui.referee_flow import open_referee

        open_referee(self, message.path)

    def on_new_game_screen_game_created(self, message: NewGameScreen.GameCreated) -> None:
        self._play(message.session)

    # --- Conquest (seed 004): its screens' messages go to its flow (ui/conquest/flow.py) ------

    def on_game_chosen(self, message: GameChosen) -> None:
        """The New Game form's game changed: that game's form instead."""
        from conquest_tui.ui.conquest.new_game_screen import ConquestNewGameScreen
        from conquest_tui.ui.screens.new_game import NewGameScreen

        if self.screen is not message.form or not message.form.is_mounted:
            return  # that form is already gone (keys came faster than the screens)
        form = (ConquestNewGameScreen(self.saves_folder) if message.game == "conquest"
                else NewGameScreen(self.saves_folder))
        self._show(form)

    def on_conquest_new_game_screen_game_created(
            self, message: ConquestNewGameScreen.GameCreated) -> None:
        self._play_conquest(message.table)

    def on_conquest_handover_screen_seat_taken(
            self, message: ConquestHandoverScreen.SeatTaken) -> None:
        if self.conquest is not None:
            self.conquest.take_turn(message.seat)

    def on_conquest_turn_screen_history_wanted(
            self, _: ConquestTurnScreen.HistoryWanted) -> None:
        if self.conquest is not None:
            self.conquest.history()

    def on_conquest_turn_screen_turn_over(self, message: ConquestTurnScreen.TurnOver) -> None:
        if self.conquest is not None:
            self.conquest.turn_over(message.note)

    def _play_conquest(self, table: ConquestTable) -> None:
        """Play a game of Conquest: bots first, then the hand-over."""
        from conquest_tui.ui.conquest.flow import ConquestFlow

        self.session = None
        self.conquest = ConquestFlow(self, table)
        self.conquest.go_on()

    def _open_conquest(self, path: Path, *, allow_edited: bool = False) -> None:
        from conquest_tui.session import SaveEdited, SessionError
        from conquest_tui.session.conquest_table import ConquestTable

        try:
            table = ConquestTable.open(path, allow_edited=allow_edited)
        except SaveEdited:
            self._ask_to_open_edited(path)
            return
        except SessionError as error:
            self.notify(str(error), title="Cannot load", severity="error", timeout=8,
                        markup=False)
            if len(self.screen_stack) <= 1:
                self.show_title()
            return
        self._play_conquest(table)

    def show_step(self, screen: Screen[None]) -> None:
        """Show the next step of a game (it replaces the step on top)."""
        self._show(screen)

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

    # --- another window moved the game on ----------------------------------------------------

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

    # --- the table ---------------------------------------------------------------------------

    def _bots_play(self, session: Session) -> HandOver:
        """Let the bot seats play (a game moved on elsewhere is loaded again first)."""
        from conquest_tui.session import SaveMovedOn

        try:
            return session.play_bots()
        except SaveMovedOn:
            session.reload()
            return session.play_bots()

    def _open(self, path: Path, *, allow_edited: bool = False) -> None:
        """Open a save and go to its active Clan's hand-over screen (asking first when the save
        was changed outside the game)."""
        from conquest_tui.session import SaveEdited, Session, SessionError
        from conquest_tui.session.conquest_table import game_of

        try:
            game = game_of(path)
        except SessionError:
            game = "continental"  # opening it says what is wrong
        if game == "conquest":
            self._open_conquest(path, allow_edited=allow_edited)
            return
        try:
            session = Session.open(path, allow_edited=allow_edited)
        except SaveEdited:
            self._ask_to_open_edited(path)
            return
        except SessionError as error:
            if self._offer_backup(path, str(error)):
                return
            self.notify(str(error), title="Cannot load", severity="error", timeout=8,
                        markup=False)
            if len(self.screen_stack) <= 1:
                self.show_title()
            return
        self._play(session)

    def _offer_backup(self, path: Path, error: str) -> bool:
        """A damaged save: offer its newest backup that loads (False when there is none).

        The backup is played under the save's own name, so the damaged file is replaced only
        when the game is next saved (it then becomes the newest backup itself)."""
        from conquest_tui.session import Session
        from conquest_tui.ui.screens.dialogs import ConfirmDialog
        from conquest_tui.ui.screens.title import saved_at

        found = Session.from_backup(path)
        if found is None:
            return False
        table, backup_file, modified = found
        where, _, said = error.partition(": ")
        reason = (said if said and where.endswith(path.name) else error).rstrip(".")
        if reason.startswith("the file is damaged (") and reason.endswith(")"):
            reason = reason.removeprefix("the file is damaged (")[:-1]

        def answered(yes: bool | None) -> None:
            if yes:
                self._play(table)
            elif len(self.screen_stack) <= 1:
                self.show_title()

        detail = (f"The backup is {backup_file.name}. The damaged {path.name} stays as it is "
                  "until the game is next saved.")
        self.push_screen(ConfirmDialog(
            f"{path.name} is damaged ({reason}). Open its backup from "
            f"{saved_at(modified)}?", detail, yes="Open the backup", no="Cancel",
            title="Damaged save"), answered)
        return True

    def _ask_to_open_edited(self, path: Path) -> None:
        """A save changed outside the game opens only when the player says yes."""
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self._open(path, allow_edited=True)
            elif len(self.screen_stack) <= 1:
                self.show_title()

        detail = (f"{path.name} is not as the game saved it: someone edited it (rules testers "
                  "do, to set up a situation) or it is damaged. It is still checked before it "
                  "opens, and saved normally from then on.")
        self.push_screen(ConfirmDialog("This save was changed outside the game. Open it anyway?",
                                       detail, yes="Open it", no="Cancel", title="Changed save"),
                         answered)

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

    def _show(self, screen: Screen[None]) -> None:
        """Replace the game step on top (or put the first one above the title screen)."""
        while len(self.screen_stack) > 1 and not is_flow_screen(self.screen) \
                and self.screen.id != "title":
            self.pop_screen()
        if is_flow_screen(self.screen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _save(self) -> bool:
        """Save the game where it was started or loaded; False (and a message) on failure.

        When another window wrote the save meanwhile it is loaded again, not overwritten; the
        sheet being written goes into it, then."""
        from conquest_tui.session import SaveMovedOn, SessionError

        session = self.session
        if session is None:
            return False
        try:
            session.save()
        except SaveMovedOn as error:
            game_screen = self._game_screen()
            if game_screen is not None:
                draft = game_screen.draft
                try:
                    session.reload()
                    game_screen.seat.save_draft(draft)
                except SessionError as again:
                    self._could_not_save(str(again))
                    return False
                self.notify(f"{error}. Your sheet was kept in the game as it is now.".replace(
                    " — load it again", ""), title="Loaded again", severity="warning",
                    timeout=10, markup=False)
                return True
            self._could_not_save(str(error))
            return False
        except SessionError as error:
            self._could_not_save(str(error))
            return False
        return True

    def _warn_unsaved(self, handover: HandOver) -> None:
        if handover.save_error:
            self._could_not_save(handover.save_error)

    def _could_not_save(self, sentence: str) -> None:
        self.notify(sentence, title="Could not save", severity="error", timeout=10,
                    markup=False)

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

    # --- actions -----------------------------------------------------------------------------

    def action_save_and_quit(self) -> None:
        """Save and go back to the title screen."""
        if self.session is None:
            self._leave_to_title()
            return
        path = self.session.path
        if self._save():
            self._leave_to_title()
            self.notify(f"Saved to {path}.", title="Saved", markup=False)

    def _leave_to_title(self) -> None:
        """Back to the title screen without saving again (the game was just saved)."""
        self.session = None
        self.conquest = None
        self._handover = None
        self.show_title()

    async def action_quit(self) -> None:
        """Ask first; yes saves the sheet being written with the game, then leaves."""
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        if self._asking_to_quit:
            return
        game_screen = self._game_screen()
        if game_screen is not None and self.session is not None:
            detail = (f"The sheet of Clan {game_screen.clan_number} is saved with the game in "
                      f"{self.session.path}; it is there when you come back.")
        elif self.session is not None:
            detail = f"The game is saved in {self.session.path}."
        else:
            detail = "No game is open: nothing is lost."

        def answered(yes: bool | None) -> None:
            self._asking_to_quit = False
            if yes:
                self._keep_draft_and_exit()

        self._asking_to_quit = True
        self.push_screen(ConfirmDialog("Quit? Your sheet is kept.", detail, yes="Quit",
                                       no="Stay", title="Quit"), answered)

    def _game_screen(self) -> GameScreen | None:
        """The game screen under any dialogs (None when no Clan is writing its sheet)."""
        from conquest_tui.ui.screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _keep_draft_and_exit(self) -> None:
        """Save the sheet being written with the game, then leave (stay if it cannot save)."""
        game_screen = self._game_screen()
        if game_screen is not None and self.session is not None:
            game_screen.seat.keep_draft(game_screen.draft)
            if not self._save():
                return
        self.exit(0)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Save a picture of the screen in the saves folder (else the working directory) and
        say where, instead of Textual's default (a Downloads folder that may not exist)."""
        import time

        folder = Path(path) if path else self.saves_folder
        filename = filename or time.strftime("conquest-%Y%m%d-%H%M%S.svg")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.cwd()
        try:
            name = self.save_screenshot(filename, str(folder), time_format)
        except OSError as error:
            self.notify(f"Could not save the screenshot in {folder} ({error}).",
                        title="Screenshot", severity="error", markup=False)
            return None
        self.notify(f"Saved to {name}", title="Screenshot", markup=False)
        return name

    def action_to_title(self) -> None:
        """Save and go back to the title screen."""
        self._save()
        self.session = None
        self.conquest = None
        self._handover = None
        self.show_title()

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
