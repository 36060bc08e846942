"""What a convoy's vehicles and experts add up to: capacities, fuel, size (CC-CNV-41…47)."""

from __future__ import annotations

from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.rules.ruleset import Ruleset


def expert_percent(convoy: Convoy, expert: str, rules: Ruleset) -> int:
    """An expert's bonus for this convoy in percent: 0, 15, or 30 with a Priest (CC-CNV-61)."""
    if expert not in convoy.experts:
        return 0
    modifiers = rules.consumption
    if "PRI" in convoy.experts and expert in rules.expert_effects.priest_doubles:
        return round(modifiers.priest_expert_bonus * 100)
    return round(modifiers.expert_bonus * 100)


def training_percent(value: int, rules: Ruleset) -> int:
    """±1 per full 5 points away from 30, truncated toward 30 (AMB-02, AMB-25)."""
    per = rules.consumption.training_points_per_percent
    pivot = rules.consumption.training_pivot
    return int((value - pivot) / per)


def troop_capacity(convoy: Convoy, rules: Ruleset) -> int:
    """Σ vehicle troops, +15% Politician (+30% with Priest), 0 in Empty mode (CC-CNV-44)."""
    if convoy.mode == "empty":
        return 0
    total = sum(rules.vehicles[key].troops * count for key, count in convoy.vehicles.items())
    return total * (100 + expert_percent(convoy, "POL", rules)) // 100


def cargo_capacity(convoy: Convoy, rules: Ruleset) -> int:
    """Σ vehicle cargo, +15% Merchant (+30% with Priest), +25% in Empty mode (CC-CNV-45)."""
    total = sum(rules.vehicles[key].cargo * count for key, count in convoy.vehicles.items())
    total *= 100 + expert_percent(convoy, "MER", rules)
    if convoy.mode == "empty":
        total = total * (100 + round(rules.consumption.empty_cargo_bonus * 100)) // 100
    return total // 100


def fuel_rate(convoy: Convoy, rules: Ruleset) -> int:
    """Σ vehicle fuel values: the fuel one ordinary move costs before terrain (CC-CNV-33)."""
    return sum(rules.vehicles[key].fuel * count for key, count in convoy.vehicles.items())


def fuel_cost(convoy: Convoy, rules: Ruleset) -> int:
    """The sheet's "Fuel Cost": fuel rate less the Chemist's share, training not shown (AMB-25)."""
    return fuel_rate(convoy, rules) * (100 - expert_percent(convoy, "CHE", rules)) // 100


def size(convoy: Convoy, rules: Ruleset) -> int:
    """Σ vehicle size factors (CC-CNV-41)."""
    return sum(rules.vehicles[key].size * count for key, count in convoy.vehicles.items())


def size_name(convoy: Convoy, rules: Ruleset) -> str:
    """Tiny … Monstrous (CC-CNV-42)."""
    return rules.size_name(size(convoy, rules))


def count_in_class(convoy: Convoy, vehicle_class: str, rules: Ruleset) -> int:
    """How many vehicles of one class the convoy has."""
    return sum(count for key, count in convoy.vehicles.items()
               if rules.vehicles[key].vehicle_class == vehicle_class)


def weapon_limits(convoy: Convoy, rules: Ruleset) -> dict[str, int]:
    """How many of each optional weapon the convoy may carry (CC-WPN-02…08)."""
    if convoy.mode == "empty":
        return {"rifles": 0, "grenades": 0, "rockets": 0, "bombs": 0}
    capacity = troop_capacity(convoy, rules)
    weapons = rules.weapons
    rockets = count_in_class(convoy, "large_assault", rules)
    bombs = 0
    if convoy.convoy_type == "air":
        bombs = rockets + count_in_class(convoy, "large_troop", rules)
    return {
        "rifles": weapons["rifles"].by_troop_capacity(capacity),
        "grenades": weapons["grenades"].by_troop_capacity(capacity),
        "rockets": rockets,
        "bombs": bombs,
    }


def combat_strength(convoy: Convoy, rules: Ruleset) -> int:
    """Σ max vehicle damage + 1 per troop + 20 per rocket, +10% Gunner, +10% Pilot (CC-CNV-46)."""
    damage = sum(rules.vehicles[key].damage.maximum * count
                 for key, count in convoy.vehicles.items())
    combat = rules.combat
    base = damage + convoy.troops * combat.strength_per_troop
    base += convoy.rockets * combat.strength_per_rocket
    percent = 100
    if "GUN" in convoy.experts:
        percent += round(combat.gunner_bonus * 100)
    if "PIL" in convoy.experts and convoy.convoy_type == "air":
        percent += round(combat.pilot_bonus * 100)
    return base * percent // 100


def all_scouts(convoy: Convoy, rules: Ruleset) -> bool:
    """Whether every vehicle is a fast scout (CC-CNV-11)."""
    return bool(convoy.vehicles) and all(
        rules.vehicles[key].vehicle_class == "fast_scout" for key in convoy.vehicles
    )


def movement_allowance(convoy: Convoy, rules: Ruleset, *, airport_start: bool = False) -> int:
    """Hexes per turn (range for air) with every modifier (CC-CNV-10…12)."""
    kind = rules.convoy_types[convoy.convoy_type]
    allowance = kind.movement
    if all_scouts(convoy, rules):
        allowance += kind.all_scout_bonus
    if "ENG" in convoy.experts:
        allowance += kind.engineer_bonus
    if "PIL" in convoy.experts:
        allowance += kind.pilot_bonus
    if airport_start:
        allowance += kind.airport_bonus
    return allowance


def pulses(convoy: Convoy, rules: Ruleset) -> int:
    """Order lines per turn: 10, or 12 for a sea convoy with an Engineer (CC-CNV-13)."""
    kind = rules.convoy_types[convoy.convoy_type]
    return kind.engineer_pulses if "ENG" in convoy.experts else kind.pulses
