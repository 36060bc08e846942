"""Dice helpers beyond Random: many independent yes/no chances at once."""

from __future__ import annotations

import math
from random import Random

EXACT_LIMIT = 64
"""Up to this many trials each one is rolled; above it a normal approximation is used."""


def binomial(rng: Random, trials: int, chance: float) -> int:
    """How many of `trials` independent events with probability `chance` happen."""
    if trials <= 0 or chance <= 0.0:
        return 0
    if chance >= 1.0:
        return trials
    if trials <= EXACT_LIMIT:
        return sum(1 for _ in range(trials) if rng.random() < chance)
    mean = trials * chance
    spread = math.sqrt(mean * (1.0 - chance))
    return max(0, min(trials, round(rng.gauss(mean, spread))))
