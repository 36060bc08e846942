"""War judgement: hex attacks and city assaults weighed from what the Clan knows (its view)."""

from __future__ import annotations

import math

from conquest_tui.engine.reports.view import UNKNOWN, CityInfo, ClanView, ConvoyInfo, HexInfo
from conquest_tui.engine.rules.ruleset import Ruleset


def hex_cost(view: ClanView, info: HexInfo) -> tuple[int, float, int]:
    """(fewest troops that attack, troops an attack costs on average, troops that surely win)
    for a hex as the Clan knows it; an unseen hex is taken at its likely starting defense."""
    rules = view.rules
    terrain = rules.terrains[view.map.terrain_of(info.hex)]
    if info.owner == UNKNOWN:
        roll = rules.hexgen.defense_roll
        level = (roll.low + roll.high + 1) // 2 + terrain.defense_bonus
        if info.river:
            level += rules.hexgen.river_defense_bonus
        level, guards = min(level, rules.hexgen.max_defense_level), 0
    else:
        level, guards = max(1, info.defense), info.guards
    conquer = rules.defense_levels[level - 1].conquer
    low = conquer.low + guards * terrain.guard_cost.low
    high = conquer.high + guards * terrain.guard_cost.high
    return low, (low + high) / 2, high


def attacker_to_hit(rules: Ruleset, convoy: ConvoyInfo) -> float:
    """The convoy's to-hit against a city before rifles (T§3.2): base, Sergeant, training,
    morale and health, as the sheet shows them."""
    combat, assault = rules.combat, rules.combat.assault
    percent = combat.step_percent(convoy.training) + combat.step_percent(convoy.morale) + \
        combat.health_percent(convoy.health)
    sergeant = assault.sergeant_bonus if "SER" in convoy.experts else 0.0
    return round(assault.attacker_to_hit + sergeant + percent / 100, 6)


def city_defense(view: ClanView, info: CityInfo, unseen: float = 1.0) -> tuple[int, int, int]:
    """(fortification level, garrison, claymores) the Clan should expect in the city (`unseen`:
    share of its capacity expected in a city never seen)."""
    rules = view.rules
    band = rules.population["major" if info.major else "minor"]
    fort = info.fortification or band.start_fortification.high
    capacity = rules.fortification(fort).troop_capacity("BAR" in info.buildings)
    troops = info.troops
    if not info.live and not info.seen_turn:
        troops = round(capacity * unseen)
    elif not info.live:
        troops = max(troops, capacity // 2)
    guards = sum(1 for s in view.sightings_in(info.hex) if s.owner != view.number)
    return fort, troops + guards * 20, info.claymores


def city_odds(view: ClanView, convoy: ConvoyInfo, info: CityInfo, troops: int,
              unseen: float = 1.0, grenades_run_out: bool = False) -> float:
    """Chance that `troops` of the convoy take the city (CC-CBC-02…10), from the expected
    course of the duel: rounds to kill the defenders, troops lost meanwhile, and their spread
    (`grenades_run_out`: the convoy's grenades kill only while it has some, AMB-21; else as if
    it never ran out)."""
    if troops <= 0:
        return 0.0
    rules = view.rules
    assault = rules.combat.assault
    fort, garrison, claymores = city_defense(view, info, unseen)
    if garrison <= 0:
        return 1.0
    per_rifle = rules.weapons["rifles"].troop_capacity_per_unit or 1
    own_hit = attacker_to_hit(rules, convoy) + assault.rifle_bonus * min(
        convoy.rifles[0], troops // per_rifle)
    their_hit = rules.fortification(fort).to_hit + assault.claymore_bonus * claymores
    if "SHE" in info.buildings:
        their_hit += rules.building_effects.shelter_to_hit_bonus
    own, own_var = _shot(own_hit, assault.attacker_max_hits)
    theirs, their_var = _shot(their_hit, assault.defender_max_hits)
    grenades = (assault.grenade_kills.low + assault.grenade_kills.high) / 2 / assault.grenade_every
    defenders: float = garrison
    if convoy.grenades[0] and grenades_run_out:
        defenders -= grenade_kills(rules, own_hit, convoy.grenades[0], garrison, own)
        if defenders <= 0:
            return 1.0
    elif convoy.grenades[0]:
        own += grenades
    if own <= 0:
        return 0.0
    rounds = defenders / own
    lost = rounds * theirs
    spread = math.sqrt(rounds * their_var + theirs ** 2 * defenders * own_var / own ** 3) + 1.0
    return 0.5 * (1 + math.erf((troops - lost) / (spread * math.sqrt(2))))


def grenade_kills(rules: Ruleset, to_hit: float, grenades: int, garrison: float,
                  own: float) -> float:
    """Defenders a convoy's `grenades` should kill in an assault on `garrison` defenders while
    its troops kill `own` a round: one thrown every few rounds at the troops' to-hit (a hit
    kills 2–8, a miss 1, AMB-21) as long as the fight lasts and the grenades do."""
    assault = rules.combat.assault
    hit = max(0.0, min(to_hit, 1.0))
    per_throw = hit * (assault.grenade_kills.low + assault.grenade_kills.high) / 2 \
        + (1 - hit) * assault.grenade_miss_kills
    rounds = garrison / (own + per_throw / assault.grenade_every)
    return min(grenades, int(rounds // assault.grenade_every)) * per_throw


def _shot(to_hit: float, most: int) -> tuple[float, float]:
    """Mean and variance of one shot's hits: whole hundreds sure, the rest a chance of one."""
    capped = max(0.0, min(to_hit, float(most)))
    part = capped - math.floor(capped)
    return capped, part * (1 - part)


def fewest_troops(view: ClanView, convoy: ConvoyInfo, info: CityInfo, most: int,
                  unseen: float, wanted: float, grenades_run_out: bool = False) -> int | None:
    """The fewest troops (at most `most`) with which the convoy takes the city at odds of at
    least `wanted`; None when even `most` fall short (the odds grow with the troops)."""
    if city_odds(view, convoy, info, most, unseen, grenades_run_out) < wanted:
        return None
    low, high = 0, most
    while low < high:
        middle = (low + high) // 2
        if city_odds(view, convoy, info, middle, unseen, grenades_run_out) >= wanted:
            high = middle
        else:
            low = middle + 1
    return low


__all__ = ["attacker_to_hit", "city_defense", "city_odds", "fewest_troops", "grenade_kills",
           "hex_cost"]
