"""One throw of the dice in a battle and who loses what (W42-ATT-04..06)."""

from __future__ import annotations

import random


def roll(rng: random.Random, count: int, sides: int) -> tuple[int, ...]:
    """`count` dice, highest first."""
    return tuple(sorted((rng.randint(1, sides) for _ in range(count)), reverse=True))


def losses(attacker: tuple[int, ...], defender: tuple[int, ...]) -> tuple[int, int]:
    """(attacker's losses, defender's losses): highest against highest, then second against
    second when both threw two or more; the defender wins ties."""
    lost_attacking = lost_defending = 0
    for a, d in zip(sorted(attacker, reverse=True), sorted(defender, reverse=True), strict=False):
        if a > d:
            lost_defending += 1
        else:
            lost_attacking += 1
    return lost_attacking, lost_defending
