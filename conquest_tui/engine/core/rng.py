"""Seeded randomness: every draw comes from a Random built from a descriptive string."""

from __future__ import annotations

from random import Random


def rng_for(seed: str, *parts: object) -> Random:
    """A private generator for one moment of the game, e.g. rng_for(seed, turn, clan, "pulse", 3).

    String seeds are hashed deterministically by Random, so the same game, turn, clan and
    phase always give the same draws.
    """
    return Random(":".join([str(seed), *(str(p) for p in parts)]))
