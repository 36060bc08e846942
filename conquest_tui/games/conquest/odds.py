"""Exact odds, enumerated over every face of the dice (never sampled), for the attack dialog."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from typing import TypeVar

from conquest_tui.games.conquest.dice import losses
from conquest_tui.games.conquest.rules import ConquestRules


@functools.cache
def throw_odds(
    attacker_dice: int, defender_dice: int, sides: int = 6
) -> dict[tuple[int, int], Fraction]:
    """(attacker's losses, defender's losses) → its exact chance in one throw."""
    counts: dict[tuple[int, int], int] = {}
    faces = range(1, sides + 1)
    for throw in itertools.product(faces, repeat=attacker_dice + defender_dice):
        outcome = losses(throw[:attacker_dice], throw[attacker_dice:])
        counts[outcome] = counts.get(outcome, 0) + 1
    total = sides ** (attacker_dice + defender_dice)
    return {outcome: Fraction(n, total) for outcome, n in sorted(counts.items())}


def capture_chance(rules: ConquestRules, attacking: int, defending: int) -> Fraction:
    """The exact chance that `attacking` armies in the attacking territory take a territory
    held by `defending` armies, throwing until one side is done (a Blitz, W42-ATT-07)."""
    return _chances(rules, attacking, defending, Fraction(1))[attacking][defending]


def capture_estimate(rules: ConquestRules, attacking: int, defending: int) -> float:
    """The same chance in floating point, remembered, for the bots' many questions; armies past
    ESTIMATE_CAP a side are scaled down together (the chance then hangs on their ratio)."""
    largest = max(attacking, defending)
    if largest > ESTIMATE_CAP:
        attacking = max(min(attacking, 2), round(attacking * ESTIMATE_CAP / largest))
        defending = max(min(defending, 1), round(defending * ESTIMATE_CAP / largest))
    key = (rules.attacker_dice, rules.defender_dice, rules.dice_sides)
    known = _estimates.setdefault(key, {})
    if (attacking, defending) not in known:
        size = min(ESTIMATE_CAP, max(2 * max(attacking, defending), 32))
        table = _chances(rules, size, size, 1.0)
        known.update(((a, d), table[a][d]) for a in range(size + 1) for d in range(size + 1))
    return known[(attacking, defending)]


ESTIMATE_CAP = 160
_estimates: dict[object, dict[tuple[int, int], float]] = {}
N = TypeVar("N", Fraction, float)


def _chances(rules: ConquestRules, attacking: int, defending: int, one: N) -> list[list[N]]:
    """chance[a][d] for every a ≤ attacking, d ≤ defending, filled from the small end up: a
    throw takes at least one army, so every later state is already known."""
    zero = one - one
    chance = [[zero] * (defending + 1) for _ in range(attacking + 1)]
    for a in range(attacking + 1):
        chance[a][0] = one
        a_dice = rules.dice_for_attacker(a)
        for d in range(1, defending + 1):
            if a_dice == 0:
                continue
            d_dice = rules.dice_for_defender(d)
            total = zero
            for (lost_a, lost_d), p in throw_odds(a_dice, d_dice, rules.dice_sides).items():
                total += (p if isinstance(one, Fraction) else float(p)) * chance[a - lost_a][
                    d - lost_d
                ]
            chance[a][d] = total
    return chance


def percent(chance: Fraction) -> str:
    """A chance as players read it: '73%', '<1%', '>99%'."""
    value = float(chance) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"
