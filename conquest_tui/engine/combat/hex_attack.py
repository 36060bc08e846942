"""A hex attack as pure rolls, and its exact odds from every roll (CC-CBH-02…05, AMB-42)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from random import Random

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Clan
from conquest_tui.engine.rules.ruleset_combat import HexAttackRules
from conquest_tui.engine.rules.ruleset_values import Range
from conquest_tui.engine.world import treaties

CAPTURED = "captured"
FAILED = "failed"
CALLED_OFF = "called_off"
TOO_STRONG = "too_strong"


@attrs.frozen
class HexDefense:
    """What an attack on one hex faces: its level's conquest range and each guard's cost."""

    conquer: Range
    guard_cost: Range
    guards: int

    @property
    def low(self) -> int:
        """The fewest troops that attack at all (CC-CBH-03)."""
        return self.conquer.low + self.guards * self.guard_cost.low

    @property
    def high(self) -> int:
        """The troops that win for certain (CC-CBH-04)."""
        return self.conquer.high + self.guards * self.guard_cost.high

    def roll(self, rng: Random) -> int:
        """R = roll(defense range) + Σ roll(guard cost) over the guards (AMB-42)."""
        return self.conquer.roll(rng) + sum(self.guard_cost.roll(rng) for _ in range(self.guards))


@attrs.frozen
class HexOutcome:
    """How one attack ended: `result` (captured, failed, called_off, too_strong), troops lost."""

    result: str
    needed: int
    lost: int


@attrs.frozen
class HexOdds:
    """The range an attack needs and the chance to take the hex."""

    low: int
    high: int
    chance: float
    """0.0 … 1.0: the chance to capture the hex."""
    expected_lost: float
    """Troops lost on average (0 when the attack is called off)."""


def attacks(game: Game, clan: Clan, hex_id: str, mode: str, hidden: bool = False) -> bool:
    """Whether a convoy of the Clan entering the hex attacks it: Capture mode, not hidden, not
    water, not the Clan's own hex nor an ally's (CC-CBH-01, 08, 09)."""
    if mode != "capture" or hidden or game.map.is_water(hex_id):
        return False
    owner = game.hex(hex_id).owner
    return owner != clan.number and owner not in clan.allies \
        and not treaties.at_peace(game, clan.number, owner)  # HOUSE-TREATY-03


def defense_of(game: Game, hex_id: str) -> HexDefense:
    """The defense of a hex as it stands now (level, guards, terrain: CC-CBH-02)."""
    rules = game.rules
    state = game.hex(hex_id)
    return HexDefense(rules.defense_levels[state.defense - 1].conquer,
                      rules.terrains[game.map.terrain_of(hex_id)].guard_cost, state.garrison)


def goes_ahead(troops: int, needed: int, rules: HexAttackRules) -> Fraction:
    """The chance the attack is made once R is rolled — the one caution rule of the turn and of
    the odds (AMB-42): enough troops always attack; short of R, the commander usually tells his
    men cannot win and calls the attack off, and misjudges it `misjudge_chance` of the time."""
    if troops >= needed or not rules.commander_caution:
        return Fraction(1)
    return Fraction(rules.misjudge_chance).limit_denominator(1_000_000)


def resolve(defense: HexDefense, troops: int, rules: HexAttackRules, rng: Random) -> HexOutcome:
    """One attack of `troops` on the hex: below the minimum nothing happens; at or above the
    maximum it always wins; between, R is rolled and the attack wins at R or more, losing exactly
    R; short of R the commander calls it off (`goes_ahead`), or it is made and every troop dies."""
    if troops < defense.low:
        return HexOutcome(TOO_STRONG, 0, 0)
    needed = defense.roll(rng)
    if troops >= needed:
        return HexOutcome(CAPTURED, needed, needed)
    chance = goes_ahead(troops, needed, rules)
    if chance < 1 and (chance == 0 or rng.random() >= chance):
        return HexOutcome(CALLED_OFF, needed, 0)
    return HexOutcome(FAILED, needed, troops)


@functools.lru_cache(maxsize=256)
def needed_counts(defense: HexDefense) -> Mapping[int, int]:
    """R's distribution: troops needed → how many of the equally likely rolls need that many."""
    counts = {value: 1 for value in range(defense.conquer.low, defense.conquer.high + 1)}
    cost = defense.guard_cost
    for _ in range(defense.guards):
        sums: dict[int, int] = {}
        for value, count in counts.items():
            for extra in range(cost.low, cost.high + 1):
                sums[value + extra] = sums.get(value + extra, 0) + count
        counts = sums
    return counts


@attrs.frozen
class ExactOutcome:
    """An attack's outcomes with their exact chances (`resolve`'s own, enumerated)."""

    captured: Fraction
    failed: Fraction
    """Made and lost: every troop dies."""
    called_off: Fraction
    too_strong: bool
    lost: tuple[tuple[int, Fraction], ...]
    """Troops lost → chance, in order (0 for an attack called off or not made)."""

    @property
    def expected_lost(self) -> float:
        return float(sum(lost * chance for lost, chance in self.lost))


@functools.lru_cache(maxsize=512)
def exact(defense: HexDefense, troops: int, rules: HexAttackRules) -> ExactOutcome:
    """Every roll of R weighed: the attack's exact chances and losses (AMB-42)."""
    if troops < defense.low:
        return ExactOutcome(Fraction(0), Fraction(0), Fraction(0), True, ((0, Fraction(1)),))
    counts = needed_counts(defense)
    total = sum(counts.values())
    captured = failed = called_off = Fraction(0)
    lost: dict[int, Fraction] = {}
    for needed, count in counts.items():
        share = Fraction(count, total)
        if troops >= needed:
            captured += share
            lost[needed] = lost.get(needed, Fraction(0)) + share
            continue
        ahead = goes_ahead(troops, needed, rules)
        failed += share * ahead
        called_off += share * (1 - ahead)
        lost[troops] = lost.get(troops, Fraction(0)) + share * ahead
        lost[0] = lost.get(0, Fraction(0)) + share * (1 - ahead)
    return ExactOutcome(captured, failed, called_off, False,
                        tuple(sorted((k, v) for k, v in lost.items() if v)))


def odds(game: Game, hex_id: str, troops: int) -> HexOdds:
    """The attack's exact odds on the hex as it stands now."""
    defense = defense_of(game, hex_id)
    outcome = exact(defense, troops, game.rules.combat.hex_attack)
    return HexOdds(defense.low, defense.high, float(outcome.captured), outcome.expected_lost)
