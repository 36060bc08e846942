"""A Clan's past reports: kept as the text it read, read back turn by turn (issue 16).

The engine keeps plain records (`core/state.PastReport`); how a save writes them (packed against
the report before) is storage's business (`storage/past_reports.py`).
"""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.state import Clan, PastReport

UNREADABLE = "This report could not be read back from the save."
"""The text of a past report a save could not give back (storage reads a damaged one so)."""

NOT_KEPT = "This report is rebuilt from the game's sheets when it is read."
"""The text of a past report the save did not keep (older than its last few game turns): the
session rebuilds it by replaying the game's sheets (session/past_rebuild.py)."""


@attrs.frozen
class PastTurn:
    """One past report as a player reads it: the game turn, its log line and its text."""

    game_turn: int
    summary: str
    text: str


def archive(clan: Clan, game_turn: int, summary: str, text: str) -> None:
    """Keep the report the Clan reads after its turn of `game_turn` (replacing an earlier one
    of the same game turn, so a game turn is kept once)."""
    if clan.past_reports and clan.past_reports[-1].game_turn == game_turn:
        clan.past_reports.pop()
    clan.past_reports.append(PastReport(game_turn=game_turn, summary=summary, kept=text))


def read_all(clan: Clan) -> list[PastTurn]:
    """Every past report of the Clan, oldest first."""
    return [PastTurn(past.game_turn, past.summary, past.text) for past in clan.past_reports]


def read_turn(clan: Clan, game_turn: int) -> PastTurn | None:
    """The Clan's report of one game turn (None: it played no turn then)."""
    for past in clan.past_reports:
        if past.game_turn == game_turn:
            return PastTurn(past.game_turn, past.summary, past.text)
    return None
