"""When something happened: a phase of a player turn, or between turns (CC-SEQ-02)."""

from __future__ import annotations

from enum import StrEnum


class TurnPhase(StrEnum):
    """A phase of the player turn in the order it runs (`play/turn.PHASES`), or BETWEEN for
    what happens between Clans' turns; saves keep the same words."""

    INCOME = "income"
    PRE = "pre"
    PICKUP = "pickup"
    PULSES = "pulses"
    POST = "post"
    MAINTENANCE = "maintenance"
    CLOSE = "close"
    BETWEEN = "between"
    MOVEMENT = "movement"
    """The pulses as the first saves (version 0) named them: kept so that such a save's
    events still load (they are listed under no phase's heading)."""
