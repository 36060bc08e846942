"""The commanders' judgement: whether to start a convoy battle and when to flee (AMB-41)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.rules.ruleset_combat import CombatRules


@attrs.frozen
class Assessment:
    """How a commander sizes up one side: expected damage per round and what it can absorb."""

    power: float
    """Expected damage per round: Σ average dice + 0.5 per troop (+35 with rockets), × modifiers."""
    hit_points: int
    """Hit points its vehicles have left."""
    troops: int

    @property
    def durability(self) -> int:
        """Remaining vehicle hit points + troops."""
        return self.hit_points + self.troops

    @property
    def threat(self) -> float:
        """Power × durability: 456 for the rulebook's two damaged cars, 6,342 for its truck."""
        return self.power * self.durability


def assess(average_dice: float, troops: int, rockets: int, factor: float, hit_points: int,
           rules: CombatRules) -> Assessment:
    """One side as its commander sees it (AMB-41)."""
    power = average_dice + rules.troop_power * troops + (rules.rocket_power if rockets else 0)
    return Assessment(power * factor, hit_points, troops)


def engages(own: Assessment, enemy: Assessment, rules: CombatRules) -> bool:
    """An attacker starts the battle only if it believes it can win (CC-CBV-02)."""
    return own.threat >= rules.engage_ratio * enemy.threat


def hopeless(own: Assessment, enemy: Assessment, rules: CombatRules) -> bool:
    """Whether a side thinks the fight hopeless after a round (CC-CBV-10)."""
    return own.threat < rules.flee_ratio * enemy.threat or enemy.power >= own.hit_points


def who_flees(attacker: Assessment, defender: Assessment,
              rules: CombatRules) -> tuple[bool, bool]:
    """(attacker flees, defender flees) after a round; if both would, only the weaker does."""
    attacker_flees = hopeless(attacker, defender, rules)
    defender_flees = hopeless(defender, attacker, rules)
    if attacker_flees and defender_flees:
        return weaker(attacker, defender)
    return attacker_flees, defender_flees


def weaker(attacker: Assessment, defender: Assessment) -> tuple[bool, bool]:
    """(attacker is the weaker, defender is the weaker): the lower threat; a tie, the attacker."""
    attacker_weaker = attacker.threat <= defender.threat
    return attacker_weaker, not attacker_weaker
