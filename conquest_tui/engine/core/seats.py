"""Who plays a Clan's seat, as closed sets: `SeatKind` (a person or a bot) and `BotLevel`."""

from __future__ import annotations

import enum


class SeatKind(enum.StrEnum):
    """Who sits at a Clan's seat; the value is what saves and the command line write."""

    HUMAN = "human"
    BOT = "bot"


class BotLevel(enum.StrEnum):
    """How well a bot plays a seat (`bots/levels.py` holds each level's judgement)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
