"""The table: one game and its save, the seats around it, the turns between hand-overs.

The table holds the game; nothing above the session does. A Clan's business goes through its
`Seat` (opened behind its PIN); the table itself shows only what everyone at it may know. Every
write of the save holds the save's lock and is refused when another window wrote it since this
one read it (`SaveMovedOn`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from conquest_tui.session import files
from conquest_tui.session.boards import SeatInfo, TableFacts, seat_info, seat_infos
from conquest_tui.session.bot_turns import archive_report, play_bot_turn, play_bots
from conquest_tui.session.errors import (
    NotYourTurn,
    PinNeeded,
    PinRefused,
    SaveDamaged,
    SessionError,
    SheetRefused,
)
from conquest_tui.session.files import OnDisk
from conquest_tui.session.outcomes import BotTurn, HandOver, TurnOutcome
from conquest_tui.session.seat import Seat, SeatDoor, check_seat_word

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.play.turn import TurnResult
    from conquest_tui.engine.reports.report import Report
    from conquest_tui.engine.rules.ruleset import Ruleset
    from conquest_tui.pins.backoff import PinAnswer
    from conquest_tui.session.boards import FinalBoard, WatchBoard
    from conquest_tui.session.mail import Answer, Moderation, Packet
    from conquest_tui.session.referee import RefereeDesk, RefereeDoor

# The engine is imported inside the functions: the app imports this module while it starts.


@attrs.frozen
class Referee:
    """The explicit door to everything in a game, for a rules tester's scripts and tools.

    It never opens from a seat, and the app and the seat commands never use it."""

    game: Game


@attrs.define(eq=False)
class Session:
    """A game at the table and the file it is saved to; every turn goes through here."""

    _game: Game = attrs.field(alias="game", repr=False)
    path: Path | None = None
    """Where the game is saved (None: never saved, autosaves do nothing)."""
    clock: Callable[[], float] = attrs.field(default=time.time, kw_only=True, repr=False)
    """Epoch seconds now, for the PIN back-off (tests give a fake clock)."""
    _disk: OnDisk = attrs.field(factory=lambda: OnDisk(0, None), kw_only=True, alias="disk")
    """The save as this window last read or wrote it."""
    _writing: bool = attrs.field(default=False, init=False)

    # --- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, *, allow_edited: bool = False,
             clock: Callable[[], float] = time.time) -> Session:
        """The game saved at `path`; every failure is one sentence naming the file.

        SaveEdited when the save was changed outside the game, unless `allow_edited`.
        """
        game, disk = files.load_stamped(path, allow_edited=allow_edited)
        return cls(game, path, clock=clock, disk=disk)

    @classmethod
    def new(cls, path: Path | None, *, replace: bool = False, **setup: object) -> Session:
        """A new game (`setup.new_game`'s words), saved at once at `path` unless it exists and
        `replace` is not given (a replaced save is kept as its first backup)."""
        from conquest_tui.session.setup import new_game

        game = new_game(**setup)  # type: ignore[arg-type]  # setup: new_game's own keywords
        table = cls(game, path)
        if path is None:
            return table
        with files.locked(path):
            table._disk = files.claimed(path, replace=replace)
            table._write_now("a new game")
        return table

    @classmethod
    def from_backup(cls, path: Path) -> tuple[Session, Path, float] | None:
        """The newest of a damaged save's backups that loads, played under the save's own name
        (the damaged file is replaced when the game is next saved): the table, the backup's
        path and when it was written; None when no backup loads."""
        found = files.newest_backup(path, files.load_stamped)
        if found is None:
            return None
        game, disk, candidate, modified = found
        return cls(game, path, disk=disk), candidate, modified

    def referee(self) -> Referee:
        """Everything in the game: for rules testers and tools, never for a seat."""
        return Referee(self._game)

    # --- the referee (a game-level PIN set at `new`; never a seat) ---------------------------
    @property
    def has_referee(self) -> bool:
        """Whether the game was made with a referee PIN."""
        from conquest_tui.session.referee import has_referee

        return has_referee(self._game)

    def referee_wait(self) -> int:
        """Seconds before a referee PIN is heard (0: now)."""
        from conquest_tui.session.referee import referee_wait

        return referee_wait(self)

    def referee_door(self) -> RefereeDoor:
        """The referee's desk behind its PIN, for a prompt (NoReferee when the game has none)."""
        from conquest_tui.session.referee import NO_REFEREE, NoReferee, RefereeDoor

        if not self.has_referee:
            raise NoReferee(NO_REFEREE)
        return RefereeDoor(self)

    def open_referee(self, pin: str) -> RefereeDesk:
        """The referee's desk: every Clan, each Clan's last turn's dice and battles — only with
        the game's referee PIN (NoReferee when the game has none; PinRefused, with the
        back-off's answer, for a wrong one)."""
        from conquest_tui.session.referee import open_desk

        return open_desk(self, pin)

    # --- what everyone at the table may know ------------------------------------------------
    @property
    def rules(self) -> Ruleset:
        """The game's rulebook."""
        return self._game.rules

    @property
    def map_title(self) -> str:
        """The map's title."""
        return self._game.map.title

    @property
    def game_turn(self) -> int:
        """The game turn being played."""
        return self._game.state.game_turn

    @property
    def active_clan(self) -> int:
        """The Clan whose turn it is."""
        return self._game.state.active_clan

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self._game.state.finished

    def facts(self) -> TableFacts:
        """The game's settings: map, seed, victory threshold, turn limit, house rules."""
        state = self._game.state
        declared = self._game.rules.house_rules
        return TableFacts(self.map_title, state.seed, state.victory_threshold, state.turn_limit,
                          tuple(declared.rule(name).title for name in self._game.house.ordered()))

    def seats(self) -> tuple[SeatInfo, ...]:
        """Every seat, in the turn order."""
        return seat_infos(self._game)

    def seat_info(self, clan_number: int) -> SeatInfo:
        """One seat (SessionError listing the Clans when there is no such Clan)."""
        return seat_info(self._game, self.clan_number(clan_number))

    def clan_number(self, number: int) -> int:
        """The number back if such a Clan plays, else a SessionError listing the Clans."""
        if not self._game.has_clan(number):
            known = ", ".join(f"{c.number} ({c.name})" for c in self._game.state.clans)
            raise SessionError(f"there is no Clan {number} in this game; the Clans are {known}")
        return number

    @property
    def all_bots(self) -> bool:
        """Whether no person plays any more (every seat still in the game is a bot's)."""
        return all(seat.is_bot or seat.resigned for seat in self.seats())

    def end_sentence(self) -> str:
        """Who won and why ("" while the game goes on)."""
        from conquest_tui.engine.economy.victory import end_sentence

        return end_sentence(self._game) if self.finished else ""

    def watch_board(self) -> WatchBoard:
        """A game of bots as the table watches it (Clans behind a PIN left out)."""
        from conquest_tui.session.boards import watch_board

        return watch_board(self._game)

    def final_board(self) -> FinalBoard:
        """The end of the game, open to everyone (NotYourTurn while it goes on)."""
        from conquest_tui.engine.paper.report_text import render_report
        from conquest_tui.engine.reports.history import build_history, final_standings
        from conquest_tui.engine.reports.report import build_report
        from conquest_tui.engine.reports.view import ClanView
        from conquest_tui.session.boards import FinalBoard

        if not self.finished:
            raise NotYourTurn("the game is not over")
        game = self._game
        rows = final_standings(game)
        reports = {row.clan: render_report(build_report(ClanView(game, row.clan)), rules=True)
                   for row in rows}
        return FinalBoard(self.end_sentence() or "The game is over.", rows,
                          build_history(game, rows[0].clan), reports)

    # --- seats -----------------------------------------------------------------------------
    def seat_door(self, clan_number: int) -> SeatDoor:
        """The Clan's seat, behind its PIN if it has one."""
        return SeatDoor(self, self.clan_number(clan_number))

    def open_seat(self, clan_number: int, pin: str | None = None) -> Seat:
        """Open the Clan's seat: at once without a PIN, else only with the right one
        (PinNeeded without one; PinRefused, with the back-off's answer, for a wrong one)."""
        from conquest_tui.pins.backoff import Verdict, try_again

        door = self.seat_door(clan_number)
        if not door.needs_pin:
            return door.seat
        if pin is None:
            raise PinNeeded(f"{door.label} has a PIN")
        answer = door.attempt(pin)
        if answer.verdict is Verdict.ACCEPTED:
            return door.seat
        later = f" {try_again(answer.wait)}" if answer.wait else ""
        if answer.verdict is Verdict.WAIT:
            raise PinRefused(f"Too many wrong PINs for {door.label}.{later}", answer)
        raise PinRefused(f"Wrong PIN for {door.label}.{later}", answer)

    def pin_wait(self, clan_number: int) -> int:
        """Seconds before a PIN is heard at the Clan's seat (0: now)."""
        from conquest_tui.pins.backoff import bounded_retry, seconds_left

        clan = self._game.clan(self.clan_number(clan_number))
        now = self.clock()
        clan.pin_retry_at = bounded_retry(clan.pin_retry_at, now)
        return seconds_left(clan.pin_retry_at, now)

    def try_pin(self, clan_number: int, pin: str) -> PinAnswer:
        """Hear a PIN at the Clan's seat (a seat without a PIN is always open).

        Under the save's lock, on the save as it is on disk (another window's count included):
        during a wait the PIN is not checked; a wrong PIN is counted and saved at once, so
        quitting does not end the back-off; if that save fails, SessionError (nothing opens).
        A right PIN resets the count.
        """
        from conquest_tui.pins.backoff import PinAnswer, Verdict, retry_at, seconds_left
        from conquest_tui.pins.hashing import verify_pin

        number = self.clan_number(clan_number)
        if not self._game.clan(number).pin_hash:
            return PinAnswer(Verdict.ACCEPTED)
        with self._locked(reload=True):
            clan = self._game.clan(number)
            wait = self.pin_wait(number)
            if wait:
                return PinAnswer(Verdict.WAIT, wait)
            if verify_pin(pin, clan.pin_hash):
                if clan.pin_failures or clan.pin_retry_at:
                    clan.pin_failures = clan.pin_retry_at = 0
                    with contextlib.suppress(SessionError):  # a read-only save still opens
                        self._write_now(f"Clan {number}'s PIN", backups=0)
                return PinAnswer(Verdict.ACCEPTED)
            clan.pin_failures += 1
            now = self.clock()  # the wait told is the one counted, however long the write
            clan.pin_retry_at = retry_at(clan.pin_failures, now)
            self._write_now(f"a wrong PIN at Clan {number}'s seat", backups=0)
            return PinAnswer(Verdict.WRONG, seconds_left(clan.pin_retry_at, now))

    # --- the save --------------------------------------------------------------------------
    def moved_on(self) -> str:
        """Why the save on disk is not the game this window holds ("" when it is): another
        window or command wrote it since this one read it."""
        if self.path is None:
            return ""
        return files.moved_on(self.path, self._disk)

    def reload(self) -> None:
        """Read the game again from its save (after another window moved it on)."""
        if self.path is not None:
            self._game, self._disk = files.load_stamped(self.path, allow_edited=True)

    def save(self, by: str = "the game") -> None:
        """Save now (SaveMovedOn when another window wrote the save since this one read it)."""
        with self._locked():
            self._write_now(by)

    @contextlib.contextmanager
    def _locked(self, *, reload: bool = False) -> Iterator[None]:
        """Hold the save's lock; another window's write since ours is refused (SaveMovedOn),
        or read again when `reload`. Nested calls share the outer hold."""
        if self.path is None or self._writing:
            if not self._writing:
                self.readable()
            yield
            return
        with files.locked(self.path):
            self._writing = True
            try:
                if reload and self.moved_on():
                    self.reload()
                files.refuse_moved_on(self.path, self._disk)
                self.readable()
                yield
            finally:
                self._writing = False

    def readable(self, clan_numbers: tuple[int, ...] | None = None) -> None:
        """Read the Clans' last turns, inboxes, mail and knowledge (all by default) that a load
        leaves until first needed, before anything runs or is shown: a damaged one is refused
        here (SaveDamaged), not halfway through a hand-over."""
        from conquest_tui.storage.save_list import SaveError

        clans = self._game.state.clans
        try:
            for clan in clans:
                if clan_numbers is None or clan.number in clan_numbers:
                    clan.read_for_play()
        except SaveError as error:
            raise SaveDamaged(str(error)) from None

    def _write_now(self, by: str, *, backups: int | None = None) -> None:
        """Write the save with the next stamp (the lock held by the caller)."""
        from conquest_tui.storage.savefile import SaveStamp

        if self.path is None:
            return
        stamp = SaveStamp(self._disk.generation + 1, by)
        files.save(self._game, self.path, backups=backups, stamp=stamp)
        self._disk = OnDisk(stamp.generation, files.fingerprint(self.path))

    def _write_draft(self, clan_number: int, sheet: str) -> None:
        with self._locked():
            self._game.clan(clan_number).draft_sheet = sheet
            self._write_now(f"Clan {clan_number}'s sheet", backups=0)

    # --- turns -----------------------------------------------------------------------------
    def _submit(self, clan_number: int, sheet: str) -> TurnOutcome:
        from conquest_tui.engine.orders.sheet import refusal
        from conquest_tui.engine.sentences.event_text import problem_text

        game = self._game
        refused = refusal(sheet, game.rules)
        if refused is not None:
            said = problem_text(refused)
            raise SheetRefused(f"{said[0].upper()}{said[1:]}; the turn was not run.")
        with self._locked():
            turn_before = game.state.game_turn
            result, report = self._play(self.clan_number(clan_number), sheet)
            ended = turn_before if game.state.game_turn != turn_before else 0
            handover = self._hand_over(ended, always_save=True,
                                       by=f"Clan {clan_number}'s turn")
        return TurnOutcome(result, report, handover)

    def _play(self, clan_number: int, sheet: str) -> tuple[TurnResult, Report]:
        """One Clan's turn from its sheet, its report kept with its past ones and, in a game
        played by mail, the sheet recorded: the one turn of the seat and of the moderator
        (nothing saved; NotYourTurn: nothing ran)."""
        from conquest_tui.engine.play.turn import NotYourTurnError, run_clan_turn
        from conquest_tui.engine.reports.report import build_report
        from conquest_tui.engine.reports.view import ClanView
        from conquest_tui.session.drafts import carry_standing
        from conquest_tui.session.mail import record_run
        from conquest_tui.storage.sheet_log import EntryKind, record

        game = self._game
        turn_before = game.state.game_turn
        try:
            result = run_clan_turn(game, clan_number, sheet)
        except NotYourTurnError as error:
            raise NotYourTurn(str(error)) from None
        carry_standing(game, clan_number, sheet)
        # The saved turn keeps the first problems only (bounded save growth); the player
        # who submitted reads every one of them now.
        report = attrs.evolve(build_report(ClanView(game, clan_number)),
                              problems=tuple(result.problems))
        archive_report(game, report)
        record_run(game, clan_number, turn_before, sheet)
        record(game.state, turn_before, clan_number, EntryKind.SHEET, sheet)
        return result, report

    def _resign(self, clan_number: int) -> HandOver:
        from conquest_tui.engine.economy.gameturn import resign
        from conquest_tui.storage.sheet_log import EntryKind, record

        with self._locked():
            state = self._game.state
            if state.finished:
                raise NotYourTurn("the game is over")
            if state.active_clan != self.clan_number(clan_number):
                active = self._game.clan(state.active_clan)
                raise NotYourTurn(f"it is Clan {active.number} ({active.name})'s turn, not "
                                  f"Clan {clan_number}'s")
            turn_before = state.game_turn
            resign(self._game, clan_number)
            record(state, turn_before, clan_number, EntryKind.RESIGN)
            ended = turn_before if state.game_turn != turn_before else 0
            return self._hand_over(ended, always_save=True,
                                   by=f"Clan {clan_number}'s resignation")

    def _set_seat(self, clan_number: int, seat: str, level: str | None) -> None:
        from conquest_tui.engine.core.seats import BotLevel, SeatKind
        from conquest_tui.session.setup import bot_levels

        check_seat_word(seat, level, bot_levels())
        with self._locked():
            clan = self._game.clan(self.clan_number(clan_number))
            clan.seat = SeatKind(seat)
            if level is not None:
                clan.bot_level = BotLevel(level)
            self._write_now(f"a change of Clan {clan_number}'s seat")

    # --- play by mail ----------------------------------------------------------------------
    def _packet(self, clan_number: int) -> Packet:
        from conquest_tui.session.mail import open_post_box, packet

        with self._locked():
            if open_post_box(self._game):
                self._write_now("the game's first packet")
        return packet(self._game, clan_number)

    def accept(self, sheets: list[tuple[str, str]]) -> list[Answer]:
        """Check mailed sheet forms (each a name and its text) and keep the good ones for
        their turn; one answer each (a refused sheet keeps nothing)."""
        from conquest_tui.session.mail import accept

        return accept(self, sheets)

    def moderate(self, *, deadline: bool = False) -> Moderation:
        """Run the mailed sheets in the Clans' order when all are in (at the deadline: the
        rulebook's late turns), save, and make every Clan's next packet (not behind a PIN)."""
        from conquest_tui.session.moderator import moderate

        return moderate(self, deadline=deadline)

    def play_bots(self) -> HandOver:
        """Let bot seats play until a human's turn (or the end); autosave if any played."""
        with self._locked():
            return self._hand_over(0, always_save=False, by="the bots' turns")

    def play_game_turn(self) -> HandOver:
        """Bot seats play until the game turn ends (or a human's turn comes); autosave once.

        For watching a game of bots one game turn at a time.
        """
        game = self._game
        with self._locked():
            turn_before = game.state.game_turn
            turns: list[BotTurn] = []
            while (not game.state.finished and game.state.game_turn == turn_before
                   and game.clan(game.state.active_clan).seat == "bot"):
                turns.append(play_bot_turn(game))
            save_error = ""
            if turns:
                try:
                    self._write_now(f"game turn {turn_before} of the bots")
                except SessionError as error:
                    save_error = str(error)
        ended = turn_before if game.state.game_turn != turn_before else 0
        return HandOver(tuple(turns), ended, game.state.active_clan, game.state.finished,
                        save_error)

    def _hand_over(self, ended_turn: int, *, always_save: bool, by: str) -> HandOver:
        game = self._game
        turn_before = game.state.game_turn
        bot_turns = play_bots(game)
        if bot_turns:
            from conquest_tui.session.mail import in_sequence

            in_sequence(game)
        if bot_turns and game.state.game_turn != turn_before:
            ended_turn = turn_before
        save_error = ""
        if always_save or bot_turns:
            try:
                self._write_now(by)
            except SessionError as error:
                save_error = str(error)
        return HandOver(bot_turns, ended_turn, game.state.active_clan, game.state.finished,
                        save_error)
