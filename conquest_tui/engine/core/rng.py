"""Seeded randomness: every draw comes from a Random built from a descriptive string."""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from conquest_tui.engine.core.dice_log import GAME_TURN_END

if TYPE_CHECKING:
    from conquest_tui.engine.core.context import TurnContext
    from conquest_tui.engine.core.game import Game


def rng_for(seed: str, *parts: object) -> Random:
    """A private generator for one moment of the game, e.g. rng_for(seed, turn, clan, "pulse", 3).

    String seeds are hashed deterministically by Random, so the same game, turn, clan and
    phase always give the same draws.
    """
    return Random(":".join([str(seed), *(str(p) for p in parts)]))


_PHASE_WORDS = {"income": "income", "pre": "before the pulses", "pickup": "pick-ups",
                "pulses": "the pulses", "post": "after the pulses",
                "maintenance": "maintenance", "close": "end of turn",
                "between": "between turns", "movement": "the pulses"}


def phase_words(phase: str, pulse: int) -> str:
    """A moment of a Clan's turn in a player's words: "pulse 3", "maintenance"."""
    if pulse and phase in ("pulses", "movement"):
        return f"pulse {pulse}"
    return _PHASE_WORDS.get(str(phase), str(phase))


def turn_rng(ctx: TurnContext, *parts: object) -> Random:
    """`rng_for(seed, *parts)` for a moment of a Clan's turn, recorded with the phase, line and
    convoy at each draw when the game has a referee's dice log."""
    seed = ":".join([str(ctx.game.state.seed), *(str(p) for p in parts)])
    log = ctx.game.dice_log
    if log is None:
        return Random(seed)
    return log.generator(seed, ctx.turn, lambda: (
        ctx.clan.number, phase_words(ctx.phase, ctx.pulse), ctx.line, ctx.convoy))


def game_turn_rng(game: Game, game_turn: int, what: str, *parts: object) -> Random:
    """`rng_for(seed, *parts)` for the end of a game turn, recorded as `what` ("population")
    when the game has a referee's dice log."""
    seed = ":".join([str(game.state.seed), *(str(p) for p in parts)])
    log = game.dice_log
    if log is None:
        return Random(seed)
    return log.generator(seed, game_turn, lambda: (GAME_TURN_END, what, 0, 0))
