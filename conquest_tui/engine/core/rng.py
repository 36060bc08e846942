"""Seeded randomness: every draw comes from a Random built from a descriptive string, and the
referee's dice log records each draw when the game has a referee."""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from random import Random
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from conquest_tui.engine.core.context import TurnContext
    from conquest_tui.engine.core.game import Game


GAME_TURN_END = 0
"""`DiceRoll.clan` of a draw made at the end of the game turn, not in a Clan's turn."""


@attrs.define
class DiceRoll:
    """One draw of the engine: whose turn, where in it, what was drawn and what came up."""

    game_turn: int
    clan: int
    """The Clan whose turn drew it; GAME_TURN_END: the end of the game turn."""
    phase: str
    """The phase and pulse in words ("pulse 3"), or what the game-turn end rolled for."""
    line: int = 0
    """The sheet line being carried out (0: none)."""
    convoy: int = 0
    """The convoy being carried out (0: none)."""
    what: str = ""
    """The draw in words: "a roll of 1 to 100", "a chance", "a pick of 1 of 7"."""
    result: str = ""


Where = Callable[[], tuple[int, str, int, int]]
"""The moment of a draw, asked at the draw: (Clan, phase, line, convoy)."""


class DiceLog:
    """The last game turn's draws; the first draw of a later game turn clears the earlier's."""

    __slots__ = ("rolls",)

    def __init__(self, rolls: MutableSequence[DiceRoll]) -> None:
        self.rolls = rolls

    def add(self, roll: DiceRoll) -> None:
        if self.rolls and self.rolls[0].game_turn != roll.game_turn:
            del self.rolls[:]
        self.rolls.append(roll)

    def generator(self, seed: str, game_turn: int, where: Where) -> Random:
        """A RecordingRandom seeded as `Random(seed)` whose draws go into this log."""
        return RecordingRandom(seed, self, game_turn, where)


def _words(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") or "0"
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(v) for v in value)
    return str(value)


def _size(population: object) -> int:
    try:
        return len(population)  # type: ignore[arg-type]
    except TypeError:
        return 0


class RecordingRandom(Random):
    """Draws exactly what `Random` draws from the same seed, writing each public draw down
    once (a randint that calls randrange inside is one draw)."""

    def __init__(self, seed: str, log: DiceLog, game_turn: int, where: Where) -> None:
        self._log, self._game_turn, self._where, self._depth = log, game_turn, where, 0
        super().__init__(seed)

    def _record(self, what: str, draw: Callable[[], Any]) -> Any:
        self._depth += 1
        try:
            result = draw()
        finally:
            self._depth -= 1
        if self._depth == 0:
            clan, phase, line, convoy = self._where()
            self._log.add(DiceRoll(game_turn=self._game_turn, clan=clan, phase=phase,
                                   line=line, convoy=convoy, what=what, result=_words(result)))
        return result

    def getrandbits(self, k: int) -> int:
        # defined so that Random keeps drawing whole numbers from bits, as a plain Random does
        # (a subclass that overrides only random() would draw them from random() instead)
        return super().getrandbits(k)

    def random(self) -> float:
        if self._depth:
            return super().random()
        return float(self._record("a chance", super().random))

    def randint(self, a: int, b: int) -> int:
        return int(self._record(f"a roll of {a} to {b}", lambda: super(RecordingRandom, self)
                                .randint(a, b)))

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        low, high = (0, start) if stop is None else (start, stop)
        return int(self._record(f"a roll of {low} to {high - 1}", lambda: super(
            RecordingRandom, self).randrange(start, stop, step)))

    def uniform(self, a: float, b: float) -> float:
        return float(self._record(f"a number between {_words(a)} and {_words(b)}",
                                  lambda: super(RecordingRandom, self).uniform(a, b)))

    def choice(self, seq: Any) -> Any:
        return self._record(f"a pick of 1 of {len(seq)}",
                            lambda: super(RecordingRandom, self).choice(seq))

    def choices(self, population: Any, weights: Any = None, *, cum_weights: Any = None,
                k: int = 1) -> list[Any]:
        what = f"{k} weighted pick{'s' if k != 1 else ''} of {len(population)}"
        return list(self._record(what, lambda: super(RecordingRandom, self).choices(
            population, weights, cum_weights=cum_weights, k=k)))

    def shuffle(self, x: MutableSequence[Any]) -> None:
        self._record(f"a shuffle of {len(x)}", lambda: super(RecordingRandom, self).shuffle(x))
        if self._depth == 0 and self._log.rolls:
            self._log.rolls[-1].result = _words(list(x))

    def sample(self, population: Sequence[Any], k: int, *,  # type: ignore[override]
               counts: Sequence[int] | None = None) -> list[Any]:
        what = f"{k} picked from {_size(population)}"
        return list(self._record(what, lambda: super(RecordingRandom, self).sample(
            population, k, counts=counts)))


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
