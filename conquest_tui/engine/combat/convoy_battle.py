"""A convoy battle as a pure function of the two sides and the dice: rounds and outcome (CC-CBV)."""

from __future__ import annotations

import math
from collections.abc import Callable
from random import Random
from typing import Protocol

import attrs

from conquest_tui.engine.combat import judgement
from conquest_tui.engine.rules.ruleset_combat import CombatRules
from conquest_tui.engine.rules.ruleset_values import Dice, chances_under, plain_bits, rolls

SCOUT_CLASS = "fast_scout"


class Chances(Protocol):
    """Every draw a battle makes; `SeededChances` draws from a seeded generator, tests script it."""

    def chance(self, probability: float) -> bool: ...
    def between(self, low: int, high: int) -> int: ...
    def pick(self, count: int) -> int: ...
    def roll(self, dice: Dice) -> int: ...


@attrs.frozen
class SeededChances:
    """Draws from one seeded `random.Random` (the turn's, or an odds estimate's)."""

    rng: Random

    def chance(self, probability: float) -> bool:
        return self.rng.random() < probability

    def between(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def pick(self, count: int) -> int:
        return self.rng.randrange(count)

    def roll(self, dice: Dice) -> int:
        return dice.roll(self.rng)


@attrs.frozen
class Unit:
    """One vehicle going into battle."""

    key: str
    vehicle_class: str
    size: int
    hit_points: int
    """With an Armsmaster, +10% (CC-CBV-09)."""
    dice: Dice


@attrs.frozen
class Fighter:
    """One side's convoy as it goes into battle, with every modifier already worked out."""

    owner: int
    number: int
    units: tuple[Unit, ...]
    """Smallest first (then by key), so that a battle's draws are reproducible."""
    troops: int
    rockets: int
    factor: float
    """Every damage modifier of CC-CBV-07 but the first round's (AMB-26)."""
    first_round_factor: float = 1.0
    """×2 for a Military convoy that hunts or patrols (CC-CNV-05, CC-CO-PATROL-04)."""
    troop_hit_chance: float = 0.20
    """Chance each point it deals lands on a troop: 1 in 5, 1 in 2 with Kill Mode T (AMB-01)."""
    kill_vehicles: bool = False
    """Kill Mode V: a chosen vehicle keeps taking hits until it is destroyed (CC-CO-KM-02)."""


@attrs.frozen
class Volley:
    """What one side dealt in one round."""

    rocket: int
    """Rocket damage fired (0: no rocket)."""
    salvo: int
    troops_killed: int
    destroyed: tuple[str, ...]
    """Vehicle keys it destroyed."""


@attrs.frozen
class Round:
    """One round of the battle, for a replay."""

    number: int
    attacker: Volley
    defender: Volley
    attacker_flees: bool
    defender_flees: bool


@attrs.frozen
class SideResult:
    """One side after the battle."""

    survivors: tuple[str, ...]
    """Keys of the vehicles left, in the order of `damage`."""
    damage: tuple[int, ...]
    """Damage each surviving vehicle took, to be repaired (CC-CBV-12)."""
    destroyed: tuple[str, ...]
    troops_killed: int
    rockets_fired: int
    fled: bool
    wiped_out: bool


@attrs.frozen
class BattleResult:
    """The battle: "declined" (the attacker thought better of it), "attacker", "defender" (the
    winner) or "both_destroyed"; its rounds; each side's losses."""

    outcome: str
    rounds: tuple[Round, ...]
    attacker: SideResult
    defender: SideResult


@attrs.define
class _Force:
    """One side while the battle runs."""

    fighter: Fighter
    damage: list[int]
    troops: int
    rockets: int
    living: list[int]
    """The places of the vehicles not yet destroyed, in order (`_hit` keeps it)."""
    averages: list[float]
    """Each vehicle's average damage (its dice's), by place: the assessments sum them often."""
    hit_points: list[int]
    """Each vehicle's hit points, by place (read at every hit and assessment)."""
    killed: int = 0
    fired: int = 0
    destroyed: list[str] = attrs.field(factory=list)

    @classmethod
    def of(cls, fighter: Fighter) -> _Force:
        return cls(fighter, [0] * len(fighter.units), fighter.troops, fighter.rockets,
                   [i for i, unit in enumerate(fighter.units) if unit.hit_points > 0],
                   [unit.dice.average for unit in fighter.units],
                   [unit.hit_points for unit in fighter.units])

    def alive(self) -> list[int]:
        return list(self.living)

    def size(self) -> int:
        units = self.fighter.units
        return sum(units[i].size for i in self.living)

    def assessment(self, rules: CombatRules) -> judgement.Assessment:
        alive = self.living
        averages, damage, hit_points = self.averages, self.damage, self.hit_points
        average = sum([averages[i] for i in alive])
        left = sum([hit_points[i] - damage[i] for i in alive])
        return judgement.assess(average, self.troops, self.rockets, self.fighter.factor, left,
                                rules)

    def result(self, fled: bool) -> SideResult:
        alive = self.alive()
        return SideResult(
            survivors=tuple(self.fighter.units[i].key for i in alive),
            damage=tuple(self.damage[i] for i in alive),
            destroyed=tuple(self.destroyed), troops_killed=self.killed,
            rockets_fired=self.fired, fled=fled, wiped_out=not alive,
        )


def fight(attacker: Fighter, defender: Fighter, rules: CombatRules, chances: Chances, *,
          forced: bool = False) -> BattleResult:
    """The battle the attacker starts. Unless `forced` (HUNT, or a patrolling defender: CC-CBV-04/
    05) the attacker engages only if it believes it can win; then rounds until one side flees or
    is wiped out, or `max_rounds` have passed and the weaker hides (CC-CBV-02…10, AMB-41)."""
    a, d = _Force.of(attacker), _Force.of(defender)
    if not forced and not judgement.engages(a.assessment(rules), d.assessment(rules), rules):
        return BattleResult("declined", (), a.result(False), d.result(False))
    rounds: list[Round] = []
    a_flees = d_flees = False
    for number in range(1, rules.max_rounds + 1):
        rounds.append(_round(number, a, d, rules, chances))
        if not a.living or not d.living:
            break
        a_flees, d_flees = judgement.who_flees(a.assessment(rules), d.assessment(rules), rules)
        if number == rules.max_rounds and not (a_flees or d_flees):
            a_flees, d_flees = judgement.weaker(a.assessment(rules), d.assessment(rules))
        last = rounds[-1]
        rounds[-1] = attrs.evolve(last, attacker_flees=a_flees, defender_flees=d_flees)
        if a_flees or d_flees:
            break
    a_out, d_out = a.result(a_flees), d.result(d_flees)
    if a_out.wiped_out and d_out.wiped_out:
        outcome = "both_destroyed"
    elif a_out.wiped_out or a_flees:
        outcome = "defender"
    else:
        outcome = "attacker"
    return BattleResult(outcome, tuple(rounds), a_out, d_out)


def _round(number: int, a: _Force, d: _Force, rules: CombatRules, chances: Chances) -> Round:
    """Rockets first, then both salvos, totalled before either lands (CC-CBV-06)."""
    a_rocket = _rocket(a, d, rules, chances)
    d_rocket = _rocket(d, a, rules, chances)
    a_salvo = _salvo(a, rules, chances, number == 1)
    d_salvo = _salvo(d, rules, chances, number == 1)
    a_hits = _allocate(a_salvo, a.fighter, d, rules, chances)
    d_hits = _allocate(d_salvo, d.fighter, a, rules, chances)
    return Round(number, Volley(a_rocket[0], a_salvo, a_hits[0], a_rocket[1] + a_hits[1]),
                 Volley(d_rocket[0], d_salvo, d_hits[0], d_rocket[1] + d_hits[1]), False, False)


def _rocket(own: _Force, enemy: _Force, rules: CombatRules,
            chances: Chances) -> tuple[int, tuple[str, ...]]:
    """One rocket at a random enemy vehicle larger than a scout, unless the enemy is all scouts
    or this side is at least twice its size (CC-WPN-05)."""
    if own.rockets <= 0 or not own.living:
        return 0, ()
    units = enemy.fighter.units
    targets = [i for i in enemy.living if units[i].vehicle_class != SCOUT_CLASS]
    if not targets or own.size() >= rules.rocket_restraint_size_ratio * enemy.size():
        return 0, ()
    own.rockets -= 1
    own.fired += 1
    target = targets[chances.pick(len(targets))]
    damage = chances.between(rules.rocket_damage.low, rules.rocket_damage.high)
    return damage, _hit(enemy, target, damage)


def _salvo(force: _Force, rules: CombatRules, chances: Chances, first: bool) -> int:
    """Every vehicle rolls its dice, every troop has a 50% chance of a point; × modifiers."""
    units = force.fighter.units
    odds, damage = rules.troop_damage_chance, rules.troop_damage
    rng = chances.rng if type(chances) is SeededChances else None
    bits = plain_bits(rng) if rng is not None else None
    if rng is not None and bits is not None:  # `SeededChances`' very draws, in batches
        total = _dice_drawn(force, rng, bits) + damage * chances_under(bits, force.troops, odds)
    else:
        total = sum(chances.roll(units[i].dice) for i in force.living)
        total += sum(damage for _ in range(force.troops) if chances.chance(odds))
    factor = force.fighter.factor * (force.fighter.first_round_factor if first else 1.0)
    return max(0, math.floor(total * factor + 0.5))


def _dice_drawn(force: _Force, rng: Random, bits: Callable[[int], int]) -> int:
    """The vehicles' dice as `Dice.roll` draws them, one after the other; the dice of a row of
    vehicles with the same sides drawn together (`rolls`)."""
    units = force.fighter.units
    total = 0
    sides = count = 0
    for i in force.living:
        dice = units[i].dice
        if dice.sides != sides:
            if count:
                total += rolls(bits, count, sides)
            sides, count = dice.sides, 0
            if not 0 < sides < 256:  # beyond a byte's lookup: drawn die by die
                total += dice.roll(rng)
                sides = 0
                continue
        total += dice.bonus
        count += dice.count
    if count:
        total += rolls(bits, count, sides)
    return total


def _allocate(salvo: int, firing: Fighter, enemy: _Force, rules: CombatRules,
              chances: Chances) -> tuple[int, tuple[str, ...]]:
    """Apply a salvo one point at a time (CC-CBV-08): a troop with chance 1 in 5 (1 in 2 with
    Kill Mode T) while any are left, else 5–10 points on a random vehicle (Kill Mode V: the same
    vehicle until it is destroyed). Returns (troops killed, vehicles destroyed)."""
    low, high = rules.vehicle_hit.low, rules.vehicle_hit.high
    if type(chances) is SeededChances:
        bits = plain_bits(chances.rng)
        if bits is not None:  # a salvo is hundreds of draws: made without a call each
            return _allocate_drawn(salvo, firing, enemy, low, high - low + 1,
                                   chances.rng.random, bits)
    killed = 0
    destroyed: list[str] = []
    locked: int | None = None
    alive = enemy.alive()
    on_troops = firing.troop_hit_chance
    while salvo > 0 and alive:
        if enemy.troops > 0 and chances.chance(on_troops):
            enemy.troops -= 1
            enemy.killed += 1
            killed += 1
            salvo -= 1
            continue
        if locked is None:
            locked = alive[chances.pick(len(alive))]
        points = min(salvo, chances.between(low, high))
        salvo -= points
        hit = _hit(enemy, locked, points)
        if hit:
            destroyed.extend(hit)
            alive.remove(locked)
            locked = None
        elif not firing.kill_vehicles:
            locked = None
    return killed, tuple(destroyed)


def _allocate_drawn(salvo: int, firing: Fighter, enemy: _Force, low: int, width: int,
                    random: Callable[[], float],
                    bits: Callable[[int], int]) -> tuple[int, tuple[str, ...]]:
    """`_allocate` with a plain generator's draws made in place (`plain_bits`): a vehicle
    picked is the first draw of k bits under the vehicles left, its points `low` + the first
    under `width`, the very numbers `randrange` and `randint` give; each hit as `_hit` lands
    it."""
    units, damage, living, hit_points = (enemy.fighter.units, enemy.damage, enemy.living,
                                         enemy.hit_points)
    on_troops, keep_on = firing.troop_hit_chance, firing.kill_vehicles
    troops = enemy.troops
    killed = 0
    destroyed: list[str] = []
    locked = -1
    width_bits = width.bit_length()
    left = len(living)
    left_bits = left.bit_length()
    while salvo > 0 and left:
        if troops > 0 and random() < on_troops:
            troops -= 1
            killed += 1
            salvo -= 1
            continue
        if locked < 0:
            drawn = bits(left_bits)
            while drawn >= left:
                drawn = bits(left_bits)
            locked = living[drawn]
        drawn = bits(width_bits)
        while drawn >= width:
            drawn = bits(width_bits)
        points = low + drawn
        if points > salvo:
            points = salvo
        salvo -= points
        hurt = damage[locked] = damage[locked] + points
        if hurt >= hit_points[locked]:  # destroyed (`living` holds only whole ones)
            key = units[locked].key
            destroyed.append(key)
            enemy.destroyed.append(key)
            living.remove(locked)
            left -= 1
            left_bits = left.bit_length()
            locked = -1
        elif not keep_on:
            locked = -1
    enemy.troops = troops
    enemy.killed += killed
    return killed, tuple(destroyed)


def _hit(enemy: _Force, index: int, points: int) -> tuple[str, ...]:
    """Damage one vehicle; the key of the vehicle if this destroyed it (CC-CBV-09)."""
    unit = enemy.fighter.units[index]
    was_alive = enemy.damage[index] < unit.hit_points
    enemy.damage[index] += points
    if was_alive and enemy.damage[index] >= unit.hit_points:
        enemy.destroyed.append(unit.key)
        enemy.living.remove(index)
        return (unit.key,)
    return ()
