"""The one turn path of the CLI and the app: load, check, resolve, save, hand over."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from collections.abc import Callable

    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.core.state import Problem
    from conquest_tui.engine.play.turn import TurnResult
    from conquest_tui.engine.reports.history import History
    from conquest_tui.engine.reports.report import Report
    from conquest_tui.engine.reports.view import ClanView
    from conquest_tui.pins.backoff import PinAnswer
    from conquest_tui.storage.map_loader import MapInfo

# The engine is imported inside the functions: the app imports this module while it starts.

PREFERRED_DEFAULT_MAP = "british_isles"
FALLBACK_MAP = "test_small"

CLAN_NAMES = (
    "Iron Wolves", "Road Hogs", "Dust Devils", "Night Riders", "Rust Kings", "Salt Dogs",
    "Black Tide", "Red Hand", "Storm Crows", "Grey Ghosts", "Copper Snakes", "Bone Saws",
    "Wild Geese", "Sand Rats", "Blue Flame", "Stone Bears", "Gas Lords", "Tin Men",
    "Long Knives", "Hill Folk",
)
"""Default Clan names, in seat order."""

SEATS = ("human", "bot")
"""Who sits at a seat: a person at the terminal, or the computer."""


def bot_levels() -> tuple[str, ...]:
    """The bots' levels, weakest first ("easy", "normal", "hard")."""
    from conquest_tui.bots import LEVELS

    return LEVELS


def seat_label(seat: str, level: str) -> str:
    """How a seat reads at the table: "human" or "bot (hard)"."""
    return f"bot ({level})" if seat == "bot" else "human"


class SessionError(Exception):
    """A failure the player should read as one sentence (naming the file when there is one)."""


class NotYourTurn(SessionError):
    """A turn was submitted (or a Clan resigned) out of turn, or after the game ended."""


class SheetRefused(SessionError):
    """A sheet too large to be an order sheet: the turn is not run, so nothing is lost."""


@attrs.frozen
class BotTurn:
    """One turn a bot seat played."""

    clan: int
    name: str
    result: TurnResult

    level: str = "normal"

    @property
    def sentence(self) -> str:
        """One line for the table: which bot played, and how much happened."""
        count = len(self.result.events)
        return (f"Bot Clan {self.clan} ({self.name}, {self.level}) played its turn"
                f" ({count} {'event' if count == 1 else 'events'}).")


@attrs.frozen
class HandOver:
    """What happened between one seat's turn and the next human seat's (or the game's end)."""

    bot_turns: tuple[BotTurn, ...]
    ended_turn: int
    """The last game turn that ended meanwhile (0: none)."""
    next_clan: int
    """The Clan whose turn it is now."""
    finished: bool
    save_error: str = ""
    """Why the autosave failed, as one sentence ("" when it was saved or nothing changed)."""

    @property
    def note(self) -> str:
        """The hand-over screen's note: "Game turn N is over." or ""."""
        return f"Game turn {self.ended_turn} is over." if self.ended_turn else ""


@attrs.frozen
class TurnOutcome:
    """A submitted turn: its result (with its events), the Clan's report, then the hand-over."""

    result: TurnResult
    report: Report
    """The Clan's report right after its turn, before any bot seat played."""
    handover: HandOver


@attrs.define
class Session:
    """A game at the table and the file it is saved to; every turn goes through here."""

    game: Game
    path: Path | None = None
    """Where the game is saved (None: never saved, autosaves do nothing)."""
    clock: Callable[[], float] = attrs.field(default=time.time, kw_only=True, repr=False)
    """Epoch seconds now, for the PIN back-off (tests give a fake clock)."""

    @classmethod
    def open(cls, path: Path, *, allow_edited: bool = False) -> Session:
        """The game saved at `path`; every failure is one sentence naming the file.

        SaveEdited when the save was changed outside the game, unless `allow_edited`.
        """
        return cls(load(path, allow_edited=allow_edited), path)

    # --- the table ---------------------------------------------------------------------------
    def save(self) -> None:
        """Save atomically with backups, creating the folder when needed."""
        if self.path is not None:
            save(self.game, self.path)

    def clan_number(self, number: int) -> int:
        """The number back if such a Clan plays, else a SessionError listing the Clans."""
        if not self.game.has_clan(number):
            known = ", ".join(f"{c.number} ({c.name})" for c in self.game.state.clans)
            raise SessionError(f"there is no Clan {number} in this game; the Clans are {known}")
        return number

    def view(self, clan_number: int) -> ClanView:
        """What the Clan may see (fog of war)."""
        from conquest_tui.engine.reports.view import ClanView

        return ClanView(self.game, self.clan_number(clan_number))

    def report(self, clan_number: int) -> Report:
        """The Clan's current report."""
        from conquest_tui.engine.reports.report import build_report

        return build_report(self.view(clan_number))

    def history(self, clan_number: int) -> History:
        """The Clan's past reports and the figures it may plot (everyone's once it is over)."""
        from conquest_tui.engine.reports.history import build_history

        return build_history(self.game, self.clan_number(clan_number))

    def check(self, clan_number: int, sheet: str) -> list[Problem]:
        """The problems of an order sheet, in line order, without running it."""
        from conquest_tui.engine.play.checker import check_sheet

        return check_sheet(self.game, self.clan_number(clan_number), sheet)

    def keep_draft(self, clan_number: int, sheet: str) -> None:
        """Keep the sheet being written with the Clan (saved with the next save)."""
        self.game.clan(self.clan_number(clan_number)).draft_sheet = sheet

    # --- seats (PINs, docs/security.md) ------------------------------------------------------
    def has_pin(self, clan_number: int) -> bool:
        """Whether the Clan's seat is guarded by a PIN."""
        return bool(self.game.clan(self.clan_number(clan_number)).pin_hash)

    def seat_lock(self, clan_number: int) -> SeatLock | None:
        """The Clan's PIN for the hand-over screen (None: the seat has no PIN)."""
        return SeatLock(self, clan_number) if self.has_pin(clan_number) else None

    def pin_wait(self, clan_number: int) -> int:
        """Seconds before a PIN is heard at the Clan's seat (0: now)."""
        from conquest_tui.pins.backoff import bounded_retry, seconds_left

        clan = self.game.clan(self.clan_number(clan_number))
        now = self.clock()
        clan.pin_retry_at = bounded_retry(clan.pin_retry_at, now)
        return seconds_left(clan.pin_retry_at, now)

    def try_pin(self, clan_number: int, pin: str) -> PinAnswer:
        """Hear a PIN at the Clan's seat (a seat without a PIN is always open).

        During a wait the PIN is not checked. A wrong PIN is counted and saved at once, so
        quitting does not end the back-off; if that save fails, SessionError (nothing opens).
        A right PIN resets the count.
        """
        from conquest_tui.pins.backoff import PinAnswer, Verdict, retry_at
        from conquest_tui.pins.hashing import verify_pin

        clan = self.game.clan(self.clan_number(clan_number))
        if not clan.pin_hash:
            return PinAnswer(Verdict.ACCEPTED)
        wait = self.pin_wait(clan_number)
        if wait:
            return PinAnswer(Verdict.WAIT, wait)
        if verify_pin(pin, clan.pin_hash):
            if clan.pin_failures or clan.pin_retry_at:
                clan.pin_failures = clan.pin_retry_at = 0
                with contextlib.suppress(SessionError):  # a read-only save still opens
                    self._save_seats()
            return PinAnswer(Verdict.ACCEPTED)
        clan.pin_failures += 1
        clan.pin_retry_at = retry_at(clan.pin_failures, self.clock())
        self._save_seats()
        return PinAnswer(Verdict.WRONG, self.pin_wait(clan_number))

    def set_seat(self, clan_number: int, seat: str, level: str | None = None) -> None:
        """Hand the Clan's seat to a bot (at `level`) or to a person, and save at once.

        The seat keeps its PIN either way (docs/rules-interpretations.md, Seats): a bot needs
        none, and the person who set it is the one who may take the seat back.
        """
        clan = self.game.clan(self.clan_number(clan_number))
        if seat not in SEATS:
            raise SessionError(f"a seat is {' or '.join(SEATS)}, not {seat!r}")
        levels = bot_levels()
        if level is not None and level not in levels:
            raise SessionError(f"a bot plays {', '.join(levels)}, not {level!r}")
        clan.seat = seat
        if level is not None:
            clan.bot_level = level
        self.save()

    def _save_seats(self) -> None:
        """Save a seat's PIN count: the game is as it was, so the backups are left alone."""
        if self.path is not None:
            save(self.game, self.path, backups=0)

    # --- turns -------------------------------------------------------------------------------
    def submit(self, clan_number: int, sheet: str) -> TurnOutcome:
        """Run the Clan's turn, then let bot seats play, then autosave once.

        Raises NotYourTurn if it is not the Clan's turn or the game is over, and SheetRefused
        (the turn not run) if the sheet is over the size limits.
        """
        from conquest_tui.engine.orders.sheet import refusal
        from conquest_tui.engine.play.turn import NotYourTurnError, run_clan_turn
        from conquest_tui.engine.reports.report import build_report

        game = self.game
        refused = refusal(sheet, game.rules)
        if refused is not None:
            raise SheetRefused(f"{refused.message[0].upper()}{refused.message[1:]}; the turn "
                               "was not run.")
        turn_before = game.state.game_turn
        try:
            result = run_clan_turn(game, self.clan_number(clan_number), sheet)
        except NotYourTurnError as error:
            raise NotYourTurn(str(error)) from None
        # The saved turn keeps the first problems only (bounded save growth); the player who
        # submitted reads every one of them now.
        report = attrs.evolve(build_report(self.view(clan_number)),
                              problems=tuple(result.problems))
        archive_report(game, report)
        ended = turn_before if game.state.game_turn != turn_before else 0
        return TurnOutcome(result, report, self._hand_over(ended, always_save=True))

    def resign(self, clan_number: int) -> HandOver:
        """The Clan at the table drops out (CC-GEN-11); bot seats play; autosave."""
        from conquest_tui.engine.economy.gameturn import resign

        game = self.game
        state = game.state
        if state.finished:
            raise NotYourTurn("the game is over")
        if state.active_clan != self.clan_number(clan_number):
            active = game.clan(state.active_clan)
            raise NotYourTurn(f"it is Clan {active.number} ({active.name})'s turn, not Clan "
                              f"{clan_number}'s")
        turn_before = state.game_turn
        resign(game, clan_number)
        ended = turn_before if state.game_turn != turn_before else 0
        return self._hand_over(ended, always_save=True)

    def play_bots(self) -> HandOver:
        """Let bot seats play until a human's turn (or the end); autosave if any played."""
        return self._hand_over(0, always_save=False)

    @property
    def all_bots(self) -> bool:
        """Whether no person plays any more (every seat still in the game is a bot's)."""
        return all(clan.seat == "bot" or clan.resigned for clan in self.game.state.clans)

    def play_game_turn(self) -> HandOver:
        """Bot seats play until the game turn ends (or a human's turn comes); autosave once.

        For watching a game of bots one game turn at a time.
        """
        game = self.game
        turn_before = game.state.game_turn
        turns: list[BotTurn] = []
        while (not game.state.finished and game.state.game_turn == turn_before
               and game.clan(game.state.active_clan).seat == "bot"):
            turns.append(play_bot_turn(game))
        save_error = ""
        if turns:
            try:
                self.save()
            except SessionError as error:
                save_error = str(error)
        ended = turn_before if game.state.game_turn != turn_before else 0
        return HandOver(tuple(turns), ended, game.state.active_clan, game.state.finished,
                        save_error)

    def _hand_over(self, ended_turn: int, *, always_save: bool) -> HandOver:
        game = self.game
        turn_before = game.state.game_turn
        bot_turns = play_bots(game)
        if bot_turns and game.state.game_turn != turn_before:
            ended_turn = turn_before
        save_error = ""
        if always_save or bot_turns:
            try:
                self.save()
            except SessionError as error:
                save_error = str(error)
        return HandOver(bot_turns, ended_turn, game.state.active_clan, game.state.finished,
                        save_error)


@attrs.frozen
class SeatLock:
    """One Clan's PIN at the table, for the hand-over screen: the wait, and hearing a PIN."""

    session: Session
    clan: int

    def wait(self) -> int:
        """Seconds before a PIN is heard (0: now)."""
        return self.session.pin_wait(self.clan)

    def attempt(self, pin: str) -> PinAnswer:
        """Hear a PIN (Session.try_pin)."""
        return self.session.try_pin(self.clan, pin)


def play_bots(game: Game) -> tuple[BotTurn, ...]:
    """Let bot seats play until a human Clan's turn comes (or the game ends); nothing is saved.

    Each bot writes its sheet from its own ClanView and plays it like a human's.
    """
    turns: list[BotTurn] = []
    guard = len(game.state.clan_order) * 2
    while not game.state.finished and guard > 0:
        clan = game.clan(game.state.active_clan)
        if clan.seat != "bot":
            break
        guard -= 1
        turns.append(play_bot_turn(game))
    return tuple(turns)


def play_bot_turn(game: Game, *, keep_report: bool = True) -> BotTurn:
    """The active Clan's turn, played by its bot from its own ClanView (nothing is saved).

    keep_report: keep the bot's report with its past reports (the history); a headless run
    whose games are not kept may skip it (it costs about a fifth of a bot game's time).
    """
    from conquest_tui.bots import write_sheet
    from conquest_tui.engine.play.turn import run_clan_turn
    from conquest_tui.engine.reports.report import build_report
    from conquest_tui.engine.reports.view import ClanView

    clan = game.clan(game.state.active_clan)
    sheet = write_sheet(ClanView(game, clan.number), clan.bot_level)
    result = run_clan_turn(game, clan.number, sheet)
    if keep_report:
        archive_report(game, build_report(ClanView(game, clan.number)))
    return BotTurn(clan.number, clan.name, result, clan.bot_level)


def archive_report(game: Game, report: Report) -> None:
    """Keep the report the Clan read after its turn with its past reports (issue 16)."""
    from conquest_tui.engine.reports.past_reports import archive
    from conquest_tui.engine.reports.report_text import render_report
    from conquest_tui.engine.reports.turn_log import summary

    archive(game.clan(report.clan), report.game_turn, summary(report.events),
            render_report(report, rules=True))


# --- starting, loading and saving --------------------------------------------------------------
def default_map() -> str:
    """british_isles when it is installed, else the hand-made test map."""
    from conquest_tui.storage.paths import maps_dir

    if (maps_dir() / f"{PREFERRED_DEFAULT_MAP}.json").is_file():
        return PREFERRED_DEFAULT_MAP
    return FALLBACK_MAP


def maps() -> list[MapInfo]:
    """Every playable map, by name."""
    from conquest_tui.storage.map_loader import list_maps

    return list_maps()


def random_seed() -> str:
    """A fresh seed, shown to players so a game can be replayed."""
    import secrets

    return secrets.token_hex(4)


def new_game(*, map_name: str, clans: int, bots: int = 0, seed: str | None = None,
             names: list[str] | None = None, victory_threshold: int | None = None,
             pin_hashes: list[str] | None = None, turn_limit: int | None = None,
             level: str | list[str] = "normal") -> Game:
    """A new game; bots take the last seats. Raises SessionError with a clear sentence.

    turn_limit: the last game turn (None: the rulebook default of AMB-57; 0: no limit).
    level: the bots' level, one for all, or one per seat in seat order.
    """
    from conquest_tui.engine.play.setup import ClanSetup, GameSetup, SetupError
    from conquest_tui.engine.play.setup import new_game as engine_new_game
    from conquest_tui.storage.map_loader import MapError, load_map
    from conquest_tui.storage.rules_loader import RulesError, load_ruleset

    if turn_limit is not None and turn_limit < 0:
        raise SessionError("--turn-limit must be 0 (no limit) or a positive number of game turns")
    if bots < 0 or bots > clans:
        raise SessionError(f"--bots must be between 0 and the number of Clans ({clans})")
    names = list(names or CLAN_NAMES[:clans])
    if len(names) != clans:
        raise SessionError(f"{len(names)} names were given for {clans} Clans")
    pins = pin_hashes or [""] * clans
    levels = [level] * clans if isinstance(level, str) else list(level)
    if len(levels) != clans:
        raise SessionError(f"{len(levels)} bot levels were given for {clans} Clans")
    known = bot_levels()
    for wanted in levels:
        if wanted not in known:
            raise SessionError(f"a bot plays {', '.join(known)}, not {wanted!r}")
    seats = tuple(
        ClanSetup(name=names[i], seat="bot" if i >= clans - bots else "human", pin_hash=pins[i],
                  level=levels[i])
        for i in range(clans)
    )
    try:
        rules = load_ruleset()
        world = load_map(map_name)
        setup = GameSetup(clans=seats, seed=seed or random_seed(),
                          victory_threshold=victory_threshold, turn_limit=turn_limit)
        return engine_new_game(rules, world, setup)
    except (SetupError, MapError, RulesError) as error:
        raise SessionError(str(error)) from None


class SaveEdited(SessionError):
    """The save's checksum does not match: it was changed outside the game (or damaged).

    Open it anyway with `allow_edited=True` (the CLI's --allow-edited; the app asks first).
    """


def load(path: Path, *, allow_edited: bool = False) -> Game:
    """Load a save; every failure becomes one sentence naming the file (SaveEdited for a save
    changed outside the game, unless `allow_edited`: then it is checked like any other)."""
    from conquest_tui.storage.map_loader import MapError
    from conquest_tui.storage.rules_loader import RulesError
    from conquest_tui.storage.savefile import EditedSave, SaveError, load_game

    try:
        return load_game(path, allow_edited=allow_edited)
    except EditedSave as error:
        raise SaveEdited(str(error)) from None
    except (SaveError, MapError, RulesError) as error:
        raise SessionError(str(error)) from None


def save(game: Game, path: Path, *, backups: int | None = None) -> None:
    """Save atomically, keeping backups (None: the usual number), creating the folder."""
    from conquest_tui.storage.savefile import BACKUPS, SaveError, save_game

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_game(game, path, backups=BACKUPS if backups is None else backups)
    except (SaveError, OSError) as error:
        raise SessionError(f"{path}: could not save ({error})") from None


@attrs.frozen
class Backup:
    """A save's newest backup that loads: offered when the save itself is damaged."""

    path: Path
    game: Game
    modified: float
    """When it was written (epoch seconds)."""


def good_backup(path: Path) -> Backup | None:
    """The newest of the save's backups (`<name>.bak1` first) that loads cleanly, or None."""
    from conquest_tui.storage.savefile import BACKUPS, backup_path

    for number in range(1, BACKUPS + 1):
        candidate = backup_path(path, number)
        try:
            modified = candidate.stat().st_mtime
            return Backup(candidate, load(candidate), modified)
        except (OSError, SessionError):
            continue
    return None
