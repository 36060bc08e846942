"""A game of Conquest at the table: the one holder of its state, its seats behind PINs, its save.

As Continental Conquest's `Session` does, every write holds the save's lock and is refused when
another window wrote the save since this one read it (`SaveMovedOn`); a player's business goes
through their `ConquestSeat`, opened behind its PIN.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from conquest_tui.session import files
from conquest_tui.session.conquest_boards import (
    ConquestFinal,
    ConquestPlayer,
    ConquestSeatInfo,
    RoundRow,
    figures,
    final_board,
    history_rows,
    seat_infos,
)
from conquest_tui.session.conquest_files import game_of, load, log_keep, save, seed_number
from conquest_tui.session.errors import NotYourTurn, PinNeeded, PinRefused, SessionError
from conquest_tui.session.files import OnDisk

if TYPE_CHECKING:
    from conquest_tui.games.conquest.actions import Action
    from conquest_tui.games.conquest.board import Board
    from conquest_tui.games.conquest.events import Event
    from conquest_tui.games.conquest.rules import ConquestRules
    from conquest_tui.games.conquest.state import GameState
    from conquest_tui.games.conquest.view import PlayerView
    from conquest_tui.pins.backoff import PinAnswer
    from conquest_tui.session.conquest_seat import ConquestSeat
    from conquest_tui.storage.conquest_save import ConquestSave

__all__ = ["ConquestPlayer", "ConquestSeatInfo", "ConquestTable", "game_of", "seed_number"]

BOT_MOVES_MAX = 200_000
"""A guard against a bot that never hands the game on; no game comes near it."""


@attrs.define(eq=False)
class ConquestTable:
    """One open Conquest save: the game state (held only here), the seats, the file."""

    _record: ConquestSave = attrs.field(alias="record", repr=False)
    _state: GameState = attrs.field(alias="state", repr=False)
    path: Path | None = None
    clock: Callable[[], float] = attrs.field(default=time.time, kw_only=True, repr=False)
    _disk: OnDisk = attrs.field(factory=lambda: OnDisk(0, None), kw_only=True, alias="disk")
    _writing: bool = attrs.field(default=False, init=False)

    # --- opening ---------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        path: Path | None,
        players: Sequence[ConquestPlayer],
        seed: str | int,
        *,
        replace: bool = False,
        clock: Callable[[], float] = time.time,
    ) -> ConquestTable:
        """A new game, saved at once at `path` unless it exists and `replace` is not given."""
        from conquest_tui.games.conquest.bots import LEVELS
        from conquest_tui.games.conquest.setup import new_game
        from conquest_tui.pins.hashing import hash_pin
        from conquest_tui.storage.conquest_data import load_board, load_rules
        from conquest_tui.storage.conquest_save import ConquestSave, SeatRecord

        rules = load_rules()
        names = [p.name.strip() for p in players]
        if any(not name for name in names):
            raise SessionError("every player needs a name")
        for player in players:
            if player.bot is not None and player.bot not in LEVELS:
                raise SessionError(f"a bot plays {', '.join(LEVELS)}, not {player.bot!r}")
        try:
            state = new_game(rules, load_board(), names, seed_number(seed))
        except ValueError as error:
            raise SessionError(f"{str(error)[0].upper()}{str(error)[1:]}.") from None
        by_name = {name: player for name, player in zip(names, players, strict=True)}
        seats = [
            SeatRecord(
                p.name,
                by_name[p.name].bot or "",
                hash_pin(pin) if (pin := by_name[p.name].pin) else "",
            )
            for p in state.players
        ]
        table = cls(ConquestSave(str(seed), seats), state, path, clock=clock)
        if path is None:
            return table
        with files.locked(path):
            table._disk = files.claimed(path, replace=replace)
            table._write_now("a new game")
        return table

    @classmethod
    def open(
        cls, path: Path, *, allow_edited: bool = False, clock: Callable[[], float] = time.time
    ) -> ConquestTable:
        """The game saved at `path`; every failure is one sentence naming the file."""
        record, state, disk = load(path, allow_edited=allow_edited)
        return cls(record, state, path, clock=clock, disk=disk)

    @classmethod
    def from_backup(cls, path: Path) -> tuple[ConquestTable, Path, float] | None:
        """The newest of a damaged save's backups that loads, played under the save's own name
        (the damaged file is replaced when the game is next saved): the table, the backup's
        path and when it was written; None when no backup loads."""
        def read(candidate: Path) -> tuple[tuple[ConquestSave, GameState], OnDisk]:
            record, state, disk = load(candidate, allow_edited=False)
            return (record, state), disk

        found = files.newest_backup(path, read)
        if found is None:
            return None
        (record, state), disk, candidate, modified = found
        return cls(record, state, path, disk=disk), candidate, modified

    # --- what everyone at the table may know ------------------------------------------------
    @property
    def seats(self) -> tuple[ConquestSeatInfo, ...]:
        """Every seat, in the turn order (numbered from 1)."""
        return seat_infos(self._record, self._state)

    def seat_info(self, number: int) -> ConquestSeatInfo:
        """One seat (SessionError naming the seats when there is no such one)."""
        seats = self.seats
        if not 1 <= number <= len(seats):
            known = ", ".join(f"{s.number} ({s.name})" for s in seats)
            raise SessionError(f"there is no seat {number} in this game; the seats are {known}")
        return seats[number - 1]

    @property
    def to_act(self) -> int:
        """The seat whose move it is (0 once the game is over)."""
        return 0 if self.finished else self._state.current + 1

    @property
    def finished(self) -> bool:
        from conquest_tui.games.conquest.state import Phase

        return self._state.phase is Phase.OVER

    @property
    def winner(self) -> str | None:
        """The winner's name (None while the game goes on)."""
        winner = self._state.winner
        return None if winner is None else self._state.players[winner].name

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def seed(self) -> str:
        return self._record.seed

    @property
    def rules(self) -> ConquestRules:
        """The game's rules (public)."""
        return self._state.rules

    @property
    def board(self) -> Board:
        """The map: territories, borders, continents (public)."""
        return self._state.board

    @property
    def all_bots(self) -> bool:
        """Whether no person plays any more (every living seat is a bot's)."""
        return all(seat.is_bot or not seat.alive for seat in self.seats)

    def public_view(self) -> PlayerView:
        """The board as everyone at the table sees it (Conquest's map is open): no one's cards
        or standing orders, only how many cards each player holds."""
        from conquest_tui.games.conquest.view import view

        seen = view(self._state, self._state.current)
        return attrs.evolve(seen, player="", my_cards=(), my_standing_orders=(), armies_to_place=0)

    def log(self, last: int | None = None) -> tuple[str, ...]:
        """What happened lately, one sentence an event, oldest first (all public)."""
        lines = self._record.log
        return tuple(lines if last is None else lines[max(0, len(lines) - last) :])

    def end_sentence(self) -> str:
        """Who won and how ("" while the game goes on)."""
        if not self.finished:
            return ""
        limit = self._state.rules.turn_limit
        name = self.winner or ""
        if len(self._state.alive()) == 1:
            return f"{name} has conquered the world."
        return f"After {limit} rounds {name} holds the most territories and wins."

    def final_board(self) -> ConquestFinal:
        """The standings at the end, open to everyone (NotYourTurn while the game goes on)."""
        if not self.finished:
            raise NotYourTurn("the game is not over")
        return final_board(self._state, self.end_sentence())

    def history(self) -> tuple[RoundRow, ...]:
        """Each player's territories, armies, cards and continents as each round began, and
        once more at the end."""
        return history_rows(self._record)

    # --- seats -----------------------------------------------------------------------------
    def open_seat(self, number: int, pin: str | None = None) -> ConquestSeat:
        """Open a seat: at once without a PIN, else only with the right one (PinNeeded without
        one; PinRefused, with the back-off's answer, for a wrong one)."""
        from conquest_tui.pins.backoff import Verdict, try_again
        from conquest_tui.session.conquest_seat import ConquestSeat

        info = self.seat_info(number)
        if not info.has_pin:
            return ConquestSeat(self, number)
        if pin is None:
            raise PinNeeded(f"{info.label} has a PIN")
        answer = self.try_pin(number, pin)
        if answer.verdict is Verdict.ACCEPTED:
            return ConquestSeat(self, number)
        later = f" {try_again(answer.wait)}" if answer.wait else ""
        if answer.verdict is Verdict.WAIT:
            raise PinRefused(f"Too many wrong PINs for {info.label}.{later}", answer)
        raise PinRefused(f"Wrong PIN for {info.label}.{later}", answer)

    def pin_wait(self, number: int) -> int:
        """Seconds before a PIN is heard at the seat (0: now)."""
        from conquest_tui.pins.backoff import bounded_retry, seconds_left

        seat = self._record.seats[self.seat_info(number).number - 1]
        now = self.clock()
        seat.pin_retry_at = bounded_retry(seat.pin_retry_at, now)
        return seconds_left(seat.pin_retry_at, now)

    def try_pin(self, number: int, pin: str) -> PinAnswer:
        """Hear a PIN at a seat, as `Session.try_pin` does: under the lock, on the save as it is
        on disk; a wrong PIN is counted and saved at once; a right one resets the count."""
        from conquest_tui.pins.backoff import PinAnswer, Verdict, retry_at, seconds_left
        from conquest_tui.pins.hashing import verify_pin

        self.seat_info(number)
        if not self._record.seats[number - 1].pin_hash:
            return PinAnswer(Verdict.ACCEPTED)
        with self._locked(reload=True):
            seat = self._record.seats[number - 1]
            wait = self.pin_wait(number)
            if wait:
                return PinAnswer(Verdict.WAIT, wait)
            if verify_pin(pin, seat.pin_hash):
                if seat.pin_failures or seat.pin_retry_at:
                    seat.pin_failures = seat.pin_retry_at = 0
                    with contextlib.suppress(SessionError):
                        self._write_now(f"{seat.name}'s PIN", backups=0)
                return PinAnswer(Verdict.ACCEPTED)
            seat.pin_failures += 1
            now = self.clock()  # the wait told is the one counted, however long the write
            seat.pin_retry_at = retry_at(seat.pin_failures, now)
            self._write_now(f"a wrong PIN at {seat.name}'s seat", backups=0)
            return PinAnswer(Verdict.WRONG, seconds_left(seat.pin_retry_at, now))

    # --- playing ---------------------------------------------------------------------------
    def play_bots(self) -> tuple[str, ...]:
        """Bots play until a person must act or the game ends; the sentences of what happened,
        for the hand-over to show. Saved once if any bot moved."""
        from conquest_tui.games.conquest.bots import ConquestBot
        from conquest_tui.games.conquest.play import apply

        lines: list[str] = []
        stuck = ""
        with self._locked():
            for _ in range(BOT_MOVES_MAX):
                if self.finished:
                    break
                seat = self._record.seats[self._state.current]
                if not seat.level:
                    break
                bot = ConquestBot(
                    seat.level, f"{self._record.seed} {self._state.current} {self._record.moves}"
                )
                try:  # a position no game reaches (an edited save) stops the bots in words
                    events = apply(self._state, bot.choose(self._state))
                except ValueError as error:  # IllegalAction included
                    stuck = f"{seat.name}'s bot finds no move here ({error})"
                    break
                lines += self._note(events)
            if lines:
                self._write_now("the bots' moves")
        if stuck:
            raise SessionError(f"{self.path or 'the game'}: {stuck}")
        return tuple(lines)

    def _act(self, number: int, action: Action) -> tuple[Event, ...]:
        """One action for the seat, saved under the lock (ActionRefused: nothing changed)."""
        from conquest_tui.games.conquest.play import IllegalAction, apply
        from conquest_tui.session.errors import ActionRefused

        with self._locked():
            self._turn_of(number)
            try:
                events = apply(self._state, action)
            except IllegalAction as error:
                raise ActionRefused(f"{str(error).rstrip('.')}.") from None
            self._note(events)
            # A move is small: the backups keep the saves at the last turns' starts instead.
            began = any(type(event).__name__ == "TurnBegan" for event in events)
            name = self._record.seats[number - 1].name
            self._write_now(f"{name}'s move", backups=None if began else 0)
        return tuple(events)

    def _resign(self, number: int) -> None:
        """The player leaves; a bot at the easiest level plays their armies on (the table's
        reading: the seed has no resignation). Saved at once."""
        with self._locked():
            if self.finished:
                raise NotYourTurn("the game is over")
            seat = self._record.seats[number - 1]
            seat.level, seat.resigned = "easy", True
            line = f"{seat.name} resigns; a bot plays on with their armies"
            self._record.log = [*self._record.log, line][-log_keep() :]
            self._write_now(f"{seat.name}'s resignation")

    def _set_seat(self, number: int, seat: str, level: str | None) -> None:
        """Hand the seat to a bot (at `level`, else as before or "normal") or to a person."""
        from conquest_tui.games.conquest.bots import LEVELS
        from conquest_tui.session.seat import check_seat_word

        check_seat_word(seat, level, LEVELS)
        with self._locked():
            record = self._record.seats[number - 1]
            if seat == "bot":
                record.level = level or record.level or "normal"
            else:
                record.level, record.resigned = "", False
            self._write_now(f"a change of {record.name}'s seat")

    def _turn_of(self, number: int) -> None:
        if self.finished:
            raise NotYourTurn("the game is over")
        if self.to_act != number:
            who = self._record.seats[self._state.current].name
            raise NotYourTurn(f"it is {who}'s move, not {self._record.seats[number - 1].name}'s")

    def _note(self, events: Sequence[Event]) -> list[str]:
        """Count the move, keep its sentences in the log and a round's figures when a round
        begins (and at the end)."""
        from conquest_tui.games.conquest.events import GameOver, TurnBegan

        record, state = self._record, self._state
        record.moves += 1
        lines = [event.line() for event in events]
        if lines:
            record.log = [*record.log, *lines][-log_keep() :]
        began = any(isinstance(e, TurnBegan) for e in events)
        new_round = not record.history or record.history[-1].round != state.round
        if (began and new_round) or any(isinstance(e, GameOver) for e in events):
            record.history.append(figures(state))
        return lines

    # --- the save --------------------------------------------------------------------------
    def moved_on(self) -> str:
        """Why the save on disk is not the game this window holds ("" when it is)."""
        return "" if self.path is None else files.moved_on(self.path, self._disk)

    def reload(self) -> None:
        """Read the game again from its save (after another window moved it on)."""
        if self.path is not None:
            self._record, self._state, self._disk = load(self.path, allow_edited=True)

    @contextlib.contextmanager
    def _locked(self, *, reload: bool = False) -> Iterator[None]:
        if self.path is None or self._writing:
            yield
            return
        with files.locked(self.path):
            self._writing = True
            try:
                if reload and self.moved_on():
                    self.reload()
                files.refuse_moved_on(self.path, self._disk)
                yield
            finally:
                self._writing = False

    def _write_now(self, by: str, *, backups: int | None = None) -> None:
        if self.path is None:
            return
        self._disk = save(self._record, self._state, self.path, self._disk, by, backups)

    # the seat's doors to the state (the seat module reads through these)
    def _state_for(self, number: int) -> GameState:
        self.seat_info(number)
        return self._state
