"""Past reports a save did not keep, rebuilt by replaying its sheet log (kept for the session).

A save keeps the text of its last few game turns' reports only (storage/past_reports.WINDOW);
an older one reads as `NOT_KEPT`. Replaying the log from the opening position up to that game
turn (session/replay.py) gives the report the Clan read then, byte for byte: the engine is
deterministic. One replay rebuilds every report of the Clan it lacks; they are cached with the
log they came from. If a replay fails its digests, the reports from there on say so in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.engine.reports.past_reports import NOT_KEPT
from conquest_tui.session.replay import (
    ReplayRefused,
    check_digest,
    logged_turns,
    opening_game,
    play_entry,
)
from conquest_tui.storage.sheet_log import SheetLog, log_of

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game

NOT_REBUILT = ("This report could not be rebuilt: replaying the game's sheets no longer gives "
               "the game that was played (the rules have changed since).")
"""What the history shows for a report whose replay failed its digests."""
NO_LOG = "This report was not kept in the save."
"""What the history shows for a report the save neither kept nor can rebuild."""

_cache: dict[tuple[int, int], tuple[SheetLog, dict[int, str]]] = {}
"""(id of the log, Clan) → the log and the Clan's rebuilt texts by game turn."""


def needs_rebuild(text: str) -> bool:
    """Whether a past report's text is the mark of one the save did not keep."""
    return text == NOT_KEPT


def past_report_text(game: Game, clan: int, game_turn: int, text: str) -> str:
    """The Clan's report of `game_turn` as it read it: `text` when the save kept it, else
    rebuilt by replay (or a sentence saying why it cannot be)."""
    if not needs_rebuild(text):
        return text
    return rebuilt_reports(game, clan).get(game_turn, NO_LOG)


def rebuilt_reports(game: Game, clan: int) -> dict[int, str]:
    """Every report of the Clan the save did not keep, by game turn (cached with the log)."""
    log = log_of(game.state)
    if log is None:
        return {}
    key = (id(log), clan)
    cached = _cache.get(key)
    if cached is not None and cached[0] is log:
        return cached[1]
    wanted = {past.game_turn for past in game.clan(clan).past_reports
              if needs_rebuild(past.text)}
    texts = _replayed(game, clan, wanted) if wanted else {}
    _cache.clear()  # one game's reports at a time
    _cache[key] = (log, texts)
    return texts


def _replayed(game: Game, clan: int, wanted: set[int]) -> dict[int, str]:
    last = max(wanted)
    texts: dict[int, str] = {}
    try:
        turns = [entry for entry in logged_turns(game) if entry.game_turn <= last]
        replayed = opening_game(game)
    except ReplayRefused:
        return {turn: NOT_REBUILT for turn in wanted}
    own = replayed.clan(clan)
    try:
        for entry in turns:
            play_entry(replayed, entry, archive=entry.clan == clan)
            check_digest(replayed, entry)  # a report is trusted once its turn's digest holds
            if entry.clan == clan and own.past_reports:
                newest = own.past_reports[-1]
                if newest.game_turn in wanted:
                    texts[newest.game_turn] = newest.text
    except ReplayRefused:
        pass
    return {turn: texts.get(turn, NOT_REBUILT) for turn in wanted}
