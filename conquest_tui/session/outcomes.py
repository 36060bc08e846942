"""What a turn at the table gives back: the bots' turns, the hand-over, the submitted turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from conquest_tui.engine.play.turn import TurnResult
    from conquest_tui.engine.reports.report import Report


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
