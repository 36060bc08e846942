"""Replaying a save's sheet log: the game as it stood before a game turn, and branches of it.

The engine is deterministic (the same state and sheet give the same next state), so the log of
a save (storage/sheet_log.py) rebuilds any earlier position: from the opening, each logged Clan
turn runs again as it ran at the table, and the state's digest at each game turn's end must be
the one logged;
if not, the rules changed since the save was made and the replay stops, writing nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from conquest_tui.session.errors import SessionError
from conquest_tui.storage.sheet_log import (
    EntryKind,
    LogDamaged,
    LogEntry,
    SheetLog,
    attach,
    entries,
    log_of,
    opening_data,
    record,
)

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game


class ReplayRefused(SessionError):
    """The log cannot rebuild the game (none kept, damaged, or the rules changed)."""


def opening_game(game: Game, source: str = "the save") -> Game:
    """The game as it opened (its log begun anew from the same opening)."""
    from conquest_tui.engine.core.game import Game as GameClass
    from conquest_tui.storage.converter import FieldError
    from conquest_tui.storage.field_rules import domains
    from conquest_tui.storage.save_checks import SaveCheckError, check_state, clan_checks
    from conquest_tui.storage.save_state import structure_state
    from conquest_tui.storage.saved_knowledge import make_now

    log = _log(game, source)
    try:
        data = opening_data(log, source)
        state = structure_state(data)
        names = domains(game.rules, game.map, state)
        check_state(game.rules, game.map, state, data, names)
        make_now(state.clans, clan_checks(names))  # the Clans' knowledge, kept by structuring
    except LogDamaged as error:
        raise ReplayRefused(str(error)) from None
    except (FieldError, SaveCheckError) as error:
        raise ReplayRefused(f"{source}: data.log.opening: {error}") from None
    if len(state.hexes) != len(game.map.hex_ids()) or state.map_name != game.map.name:
        raise ReplayRefused(f"{source}: data.log.opening: is not a position on this map")
    attach(state, SheetLog(opening=log.opening))
    return GameClass(game.rules, game.map, state)


def logged_turns(game: Game, source: str = "the save") -> list[LogEntry]:
    """Every Clan turn the game's log holds, in order (ReplayRefused when it is damaged)."""
    try:
        return entries(_log(game, source), source)
    except LogDamaged as error:
        raise ReplayRefused(str(error)) from None


def _log(game: Game, source: str) -> SheetLog:
    log = log_of(game.state)
    if log is None:
        raise ReplayRefused(f"{source}: this save keeps no sheets to replay (it was made "
                            "before saves kept them, or by a run that kept none)")
    return log


def replay(game: Game, before_turn: int, source: str = "the save") -> Game:
    """The game as it stood before game turn `before_turn`, rebuilt from its log (ReplayRefused,
    one sentence, when the log is missing or damaged or a digest differs)."""
    turns = logged_turns(game, source)
    rebuilt = opening_game(game, source)
    try:
        play_logged(rebuilt, (entry for entry in turns if entry.game_turn < before_turn))
    except ReplayRefused as error:
        raise ReplayRefused(f"{source}: {error}") from None
    return rebuilt


def play_logged(game: Game, logged: Iterable[LogEntry]) -> None:
    """Run logged Clan turns on `game` as they ran at the table, each checked against its
    digest (ReplayRefused naming the game turn and the Clan at the first that differs)."""
    for entry in logged:
        play_entry(game, entry)
        check_digest(game, entry)


def check_digest(game: Game, entry: LogEntry) -> None:
    """ReplayRefused naming the game turn and the Clan unless the Clan turn just replayed
    logged what was logged for it: the game's digest if it ended the game turn, else none."""
    log = log_of(game.state)
    digest = log.current[-1].digest if log is not None and log.current else ""
    if digest != entry.digest:
        raise ReplayRefused(_differs(entry))


def _differs(entry: LogEntry) -> str:
    return (f"replaying game turn {entry.game_turn} up to Clan {entry.clan}'s turn does not "
            "give the game that was saved: the rules changed since this save was made")


def play_entry(game: Game, entry: LogEntry, *, archive: bool = True) -> None:
    """Run one logged Clan turn (a sheet, a bot's sheet or a resignation) and log it;
    `archive`: keep the Clan's report with its past ones, as the table did (a digest leaves
    past reports out, so a rebuild of one Clan's reports may skip the others')."""
    import attrs

    from conquest_tui.engine.economy.gameturn import resign
    from conquest_tui.engine.play.turn import NotYourTurnError, run_clan_turn
    from conquest_tui.engine.reports.report import build_report
    from conquest_tui.engine.reports.view import ClanView
    from conquest_tui.session.bot_turns import archive_report

    state = game.state
    if state.finished or state.active_clan != entry.clan:
        raise ReplayRefused(_differs(entry))
    if entry.kind is EntryKind.RESIGN:
        resign(game, entry.clan)
    elif entry.kind in (EntryKind.SHEET, EntryKind.BOT):
        try:
            result = run_clan_turn(game, entry.clan, entry.sheet)
        except NotYourTurnError:
            raise ReplayRefused(_differs(entry)) from None
        if archive:
            report = build_report(ClanView(game, entry.clan))
            if entry.kind is EntryKind.SHEET:  # as the table keeps a person's (table._play)
                report = attrs.evolve(report, problems=tuple(result.problems))
            archive_report(game, report)
    else:
        _late_or_dropped(game, entry)
    # In the order the table does it: a person's sheet is recorded as run (`mail.record_run`)
    # before it is logged; after a bot's turn and the moderator's late or dropped turns the
    # Clans are put back in order after it is logged; a resignation leaves them be.
    if entry.kind is EntryKind.SHEET:
        _by_mail(game, entry)
    record(state, entry.game_turn, entry.clan, entry.kind, entry.sheet)
    if entry.kind in (EntryKind.BOT, EntryKind.LATE, EntryKind.DROPPED):
        _by_mail(game, entry)


def _late_or_dropped(game: Game, entry: LogEntry) -> None:
    """A game played by mail: a turn moved after the others, or a Clan dropped, as the
    moderator did (session/moderator.py)."""
    from conquest_tui.engine.economy.gameturn import resign
    from conquest_tui.session.moderator import move_after_the_others

    late = game.state.mail.late
    if entry.kind is EntryKind.LATE:
        late.append(entry.clan)
        move_after_the_others(game, entry.clan)
    else:
        if entry.clan in late:
            late.remove(entry.clan)
        resign(game, entry.clan)


def _by_mail(game: Game, entry: LogEntry) -> None:
    """What the table does after any turn in a game played by mail (`mail.record_run`, the
    moderator's loop): a late Clan whose sheet ran is late no more, and the Clans go back to
    their order once the game turn is over (nothing changes in a game not played by mail)."""
    from conquest_tui.session.mail import in_sequence

    late = game.state.mail.late
    if entry.kind is EntryKind.SHEET and entry.clan in late:
        late.remove(entry.clan)
    in_sequence(game)
