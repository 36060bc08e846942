"""A city assault as a pure function of its inputs and a seeded generator (CC-CBC-04…11)."""

from __future__ import annotations

import math
from random import Random

import attrs

from conquest_tui.engine.rules.ruleset_combat import AssaultRules


@attrs.frozen
class Assault:
    """Everything a city assault needs to know before its first round (CC-CBC-02…06).

    `attacker_to_hit` holds every attacker modifier except the rifles, which are counted each
    round (one per `troops_per_rifle` attacking troops, CC-WPN-02); `defender_to_hit` is the
    fortification's figure with the Shelter, the claymores are added each round (CC-WPN-07).
    """

    attackers: int
    attacker_to_hit: float
    defender_to_hit: float
    garrison: int
    """The city's own troops."""
    troops_per_rifle: int
    """One rifle in use per this many attacking troops (rifles' `troop_capacity_per_unit`)."""
    guards: tuple[int, ...] = ()
    """Troops of each convoy guarding the city, in the order they fall (CC-CBC-03)."""
    rifles: int = 0
    grenades: int = 0
    claymores: int = 0
    population: int = 0
    shelter: bool = False

    @property
    def defenders(self) -> int:
        """Every defending troop: the guards' and the city's."""
        return self.garrison + sum(self.guards)


@attrs.frozen
class Round:
    """One round: one shot each side, a grenade every tenth round (CC-CBC-04, AMB-21, AMB-91)."""

    number: int
    attacker_to_hit: float
    defender_to_hit: float
    killed: int
    """Defenders the attackers' shot killed."""
    grenade: int
    """Defenders the grenade killed (0 when none was thrown)."""
    thrown: bool
    lost: int
    """Attackers the city's shot killed."""
    population: int
    rifle_lost: bool
    claymore_lost: bool
    attackers: int
    """Attackers left after the round."""
    defenders: int


@attrs.frozen
class AssaultResult:
    """How the assault went, round by round, and what it cost each side (CC-CBC-10/11)."""

    won: bool
    rounds: tuple[Round, ...]
    attackers_left: int
    guards_left: tuple[int, ...]
    garrison_left: int
    rifles_lost: int
    grenades_used: int
    claymores_lost: int
    """Claymores used up in the rounds (those destroyed on capture are not counted here)."""
    population_lost: int
    """Killed in the rounds."""
    pillage: int
    """Killed in the looting after a conquest (0 when the city held, CC-CBC-11)."""

    @property
    def attackers_lost(self) -> int:
        """Attacking troops killed."""
        return sum(r.lost for r in self.rounds)

    @property
    def defenders_lost(self) -> int:
        """Defending troops killed, guards and garrison."""
        return sum(r.killed + r.grenade for r in self.rounds)


def hits(to_hit: float, most: int, rng: Random) -> int:
    """Hits of one shot: each whole 100% is a sure hit, the rest a chance of one more, up to
    `most` hits; a roll is made only for the part below 100% (CC-CBC-07)."""
    scored = 0
    for already in range(most):
        chance = to_hit - already
        if chance >= 1.0:
            scored += 1
            continue
        if chance > 0.0 and rng.random() < chance:
            scored += 1
        break
    return scored


def _grenade(to_hit: float, rules: AssaultRules, rng: Random) -> int:
    """A grenadier's throw: 2–8 killed on a hit, 1 on a miss; at 100% or more a sure hit with no
    second roll (AMB-21)."""
    if to_hit >= 1.0 or (to_hit > 0.0 and rng.random() < to_hit):
        return rules.grenade_kills.roll(rng)
    return rules.grenade_miss_kills


def _kill(guards: list[int], garrison: int, count: int) -> int:
    """Kill `count` defenders, the guards first in their order (CC-CBC-03); the garrison left."""
    for index, troops in enumerate(guards):
        taken = min(troops, count)
        guards[index] -= taken
        count -= taken
    return max(0, garrison - count)


def fight(assault: Assault, rules: AssaultRules, rng: Random) -> AssaultResult:
    """Fight the assault to the end: the side out of troops first loses, the defender wins a
    tie (CC-CBC-10). Draws come from `rng` alone, so a seeded generator replays it exactly."""
    attackers, garrison = assault.attackers, assault.garrison
    guards = list(assault.guards)
    rifles, grenades, claymores = assault.rifles, assault.grenades, assault.claymores
    population = assault.population
    per_round = rules.shelter_population_per_round if assault.shelter else \
        rules.population_per_round
    rounds: list[Round] = []
    random = rng.random
    defenders = garrison + sum(guards)
    while attackers > 0 and defenders > 0:
        number = len(rounds) + 1
        in_use = min(rifles, attackers // assault.troops_per_rifle)
        attack = assault.attacker_to_hit + rules.rifle_bonus * in_use
        defend = assault.defender_to_hit + rules.claymore_bonus * claymores
        if attack <= 0.0 and defend <= 0.0:
            break                       # nobody can hit: the attack stalls and the city holds
        killed = min(defenders, hits(attack, rules.attacker_max_hits, rng))
        thrown = grenades > 0 and number % rules.grenade_every == 0
        grenade = min(defenders - killed, _grenade(attack, rules, rng)) if thrown else 0
        grenades -= int(thrown)
        lost = min(attackers, hits(defend, rules.defender_max_hits, rng))
        rifle_lost = False
        for _ in range(lost):
            if rifles > 0 and random() < rules.rifle_loss_chance:
                rifles -= 1
                rifle_lost = True
        claymore_lost = claymores > 0 and random() < rules.claymore_loss_chance
        claymores -= int(claymore_lost)
        killed_people = min(population, per_round.roll(rng))
        population -= killed_people
        garrison = _kill(guards, garrison, killed + grenade)
        defenders = garrison + sum(guards)
        attackers -= lost
        rounds.append(Round(number, attack, defend, killed, grenade, thrown, lost,
                            killed_people, rifle_lost, claymore_lost, attackers, defenders))
    won = attackers > 0 and defenders == 0
    pillage = 0
    if won:
        share = (rules.shelter_pillage if assault.shelter else rules.pillage).roll(rng)
        pillage = min(population, math.floor(population * share))
    return AssaultResult(
        won=won, rounds=tuple(rounds), attackers_left=attackers, guards_left=tuple(guards),
        garrison_left=garrison, rifles_lost=assault.rifles - rifles,
        grenades_used=assault.grenades - grenades, claymores_lost=assault.claymores - claymores,
        population_lost=assault.population - population, pillage=pillage)
