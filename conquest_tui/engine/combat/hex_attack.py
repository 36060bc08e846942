"""A hex attack as pure rolls, and its odds from many seeded runs (CC-CBH-02…05, AMB-42)."""

from __future__ import annotations

import functools
from random import Random

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Clan
from conquest_tui.engine.rules.ruleset_combat import HexAttackRules
from conquest_tui.engine.rules.ruleset_values import Range

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
    """The range an attack needs and the share of seeded runs that take the hex."""

    low: int
    high: int
    chance: float
    """0.0 … 1.0: the share of runs that capture the hex."""
    expected_lost: float
    """Troops lost on average over the runs (0 when the attack is called off)."""


def attacks(game: Game, clan: Clan, hex_id: str, mode: str, hidden: bool = False) -> bool:
    """Whether a convoy of the Clan entering the hex attacks it: Capture mode, not hidden, not
    water, not the Clan's own hex nor an ally's (CC-CBH-01, 08, 09)."""
    if mode != "capture" or hidden or game.map.is_water(hex_id):
        return False
    owner = game.hex(hex_id).owner
    return owner != clan.number and owner not in clan.allies


def defense_of(game: Game, hex_id: str) -> HexDefense:
    """The defense of a hex as it stands now (level, guards, terrain: CC-CBH-02)."""
    rules = game.rules
    state = game.hex(hex_id)
    return HexDefense(rules.defense_levels[state.defense - 1].conquer,
                      rules.terrains[game.map.terrain_of(hex_id)].guard_cost, state.garrison)


def resolve(defense: HexDefense, troops: int, rules: HexAttackRules, rng: Random) -> HexOutcome:
    """One attack of `troops` on the hex: below the minimum nothing happens; at or above the
    maximum it always wins; between, R is rolled and the attack wins at R or more, losing exactly
    R, and otherwise loses every troop — unless the commander calls it off at R − margin."""
    if troops < defense.low:
        return HexOutcome(TOO_STRONG, 0, 0)
    needed = defense.roll(rng)
    if rules.commander_caution and troops < needed - rules.caution_margin:
        return HexOutcome(CALLED_OFF, needed, 0)
    if troops < needed:
        return HexOutcome(FAILED, needed, troops)
    return HexOutcome(CAPTURED, needed, needed)


def odds(game: Game, hex_id: str, troops: int) -> HexOdds:
    """The attack's odds on the hex as it stands now, from seeded runs of `resolve`."""
    rules = game.rules.combat.hex_attack
    return _odds(defense_of(game, hex_id), troops, rules)


@functools.lru_cache(maxsize=512)
def _odds(defense: HexDefense, troops: int, rules: HexAttackRules) -> HexOdds:
    """Same defense, troops and rules → same answer: the runs use one fixed seed."""
    low, high = defense.low, defense.high
    if troops < low:
        return HexOdds(low, high, 0.0, 0.0)
    if troops >= high:
        return HexOdds(low, high, 1.0, float(_average_needed(defense)))
    rng = Random(f"hex-odds:{defense.conquer}:{defense.guard_cost}:{defense.guards}:{troops}")
    runs = rules.odds_runs
    won = lost = 0
    for _ in range(runs):
        outcome = resolve(defense, troops, rules, rng)
        won += outcome.result == CAPTURED
        lost += outcome.lost
    return HexOdds(low, high, won / runs, lost / runs)


def _average_needed(defense: HexDefense) -> float:
    return defense.conquer.average + defense.guards * defense.guard_cost.average
