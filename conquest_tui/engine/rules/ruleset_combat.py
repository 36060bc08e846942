"""Ruleset records for combat, optional weapons, morale and training (combat.toml, morale.toml)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from conquest_tui.engine.rules.checks import (
    InvalidValue,
    all_of,
    chance,
    each,
    every,
    not_empty,
    number,
    one_of,
    optional,
    percent,
    rulebook_numbers,
    unique,
    whole,
)
from conquest_tui.engine.rules.names import (
    BOMB_TARGETS,
    CONVOY_TYPES,
    VEHICLE_CLASSES,
)
from conquest_tui.engine.rules.ruleset_values import FloatRange, Range


@attrs.frozen(field_transformer=rulebook_numbers)
class WeaponRule:
    """One optional weapon (T§11, CC-WPN-*); its price is in `Ruleset.market`."""

    key: str                             # "rifles", "grenades", "rockets", "claymores", "bombs"
    name: str
    # convoy types that may carry it (claymores: none)
    carried_by: tuple[str, ...] = attrs.field(
        validator=all_of(unique, one_of(CONVOY_TYPES, "convoy type")))
    effect: str
    # 1 per N troop-capacity spaces (rifles 25, grenades 10)
    troop_capacity_per_unit: int | None = attrs.field(validator=optional(whole(1)), default=None)
    # 1 per vehicle of these classes (rockets, bombs)
    vehicle_classes: tuple[str, ...] = attrs.field(
        validator=all_of(unique, one_of(VEHICLE_CLASSES, "vehicle class")), default=())
    # in cities, 1 per N troop capacity (claymores 10, AMB-63)
    city_capacity_per_unit: int | None = attrs.field(validator=optional(whole(1)), default=None)

    def convoy_limit(self, convoy_type: str, troop_capacity: int,
                     class_counts: Mapping[str, int]) -> int:
        """How many a convoy of this type may carry (Empty mode carries none: CC-WPN-09)."""
        if convoy_type not in self.carried_by:
            return 0
        total = self.by_troop_capacity(troop_capacity)
        total += sum(class_counts.get(name, 0) for name in self.vehicle_classes)
        return total

    def by_troop_capacity(self, troop_capacity: int) -> int:
        """How many this much troop capacity may carry (0 for a weapon not counted that way)."""
        if not self.troop_capacity_per_unit:
            return 0
        return troop_capacity // self.troop_capacity_per_unit

    def city_limit(self, city_capacity: int) -> int:
        """How many a city may hold (claymores: capacity ÷ 10, CC-WPN-07)."""
        if not self.city_capacity_per_unit:
            return 0
        return city_capacity // self.city_capacity_per_unit


@attrs.frozen(field_transformer=rulebook_numbers)
class AssaultRules:
    """City invasion (T§3.1, T§3.2, CC-CBC-*). Defender base to-hit: `FortificationLevel.to_hit`."""

    attacker_to_hit: float = attrs.field(validator=number(0, 1))  # 0.50 base (T§3.2)
    sergeant_bonus: float             # +0.10; Police Station: StructureEffects
    rifle_bonus: float                # +0.01 per rifle in use
    claymore_bonus: float             # +0.01 defender to-hit per claymore (T§3.1)
    # 2: above 100% one sure hit + (to-hit − 1) chance
    attacker_max_hits: int = attrs.field(validator=whole(1))
    defender_max_hits: int            # 3: the city also gets (to-hit − 2) above 200%
    grenade_every: int = attrs.field(validator=whole(1))  # a grenade in rounds 10, 20, … (AMB-21)
    grenade_kills: Range              # 2–8 on a hit
    grenade_miss_kills: int           # 1 on a miss
    rifle_loss_chance: float = attrs.field(validator=chance)  # 1/50 per hit suffered (CC-WPN-03)
    claymore_loss_chance: float = attrs.field(validator=chance)  # 1/50 per round (CC-WPN-07)
    population_per_round: Range       # 6–10 (CC-CBC-11)
    shelter_population_per_round: Range  # 3–5 (AMB-27)
    pillage: FloatRange               # 11–15% of the population on conquest
    shelter_pillage: FloatRange       # 3–5% with a Shelter
    token_garrison: Range             # 5–10 troops stay after a conquest (AMB-08)
    # ≤ 50% of capacity in the turn of capture (AMB-68)
    capture_turn_garrison_cap: float = attrs.field(validator=number(0, 1))
    vigilance_max: int = attrs.field(validator=percent)  # VIGILANCE 0–50 (percent)


@attrs.frozen(field_transformer=rulebook_numbers)
class HexAttackRules:
    """Attacking a hex (CC-CBH-*, AMB-42)."""

    commander_caution: bool           # short of R, the commander usually calls the attack off
    # … but misjudges it this share of the time: the attack is made and every troop dies
    misjudge_chance: float = attrs.field(validator=chance)


@attrs.frozen(field_transformer=rulebook_numbers)
class BombingRules:
    """BOMB (T§3.3, CC-CO-BOMB-*). Battery and Hospital effects: `BuildingEffects`."""

    # by fortification level 1..6: 1.0 1.0 0.9 0.8 0.7 0.6
    hit_chance: tuple[float, ...] = attrs.field(validator=all_of(not_empty, every(chance)))
    population_hit: Range             # 8,000–16,000 per bomb that hits
    population_miss: Range            # 4,000–8,000 per bomb that misses
    population_floor: int             # 5,000: no effect at or below, never below (AMB-66)
    troops_hit: Range                 # 10–30
    troops_miss: Range                # 5–10
    # 1.0 if ≥1 bomb hits (Hospital: 0.5)
    scourge_infection_chance: float = attrs.field(validator=chance)
    # "B", "P", "T": picked per bomb when no target is given
    random_targets: tuple[str, ...] = attrs.field(
        validator=all_of(not_empty, unique, one_of(BOMB_TARGETS, "bomb target")))
    per_convoy_per_turn: int = attrs.field(validator=whole(1))  # 1

    def hit_chance_at(self, fortification: int) -> float:
        """Chance a bomb hits a city of this fortification level (1-based)."""
        index = min(max(fortification, 1), len(self.hit_chance)) - 1
        return self.hit_chance[index]


@attrs.frozen(field_transformer=rulebook_numbers)
class RazeRules:
    """RAZE (CC-CO-RAZE-*)."""

    population_per_point: Range       # 100–1,000 killed per size point and per 10 troops
    troops_per_point: int = attrs.field(validator=whole(1))  # 10
    # vehicle class → chance to burn one building
    building_chance: Mapping[str, float] = attrs.field(
        validator=all_of(one_of(VEHICLE_CLASSES, "vehicle class"), each(chance)))
    troop_kill_chance: float = attrs.field(validator=chance)  # 0.10 for convoy and garrison troops
    claymore_recovery_chance: float = attrs.field(validator=chance)  # 0.50


@attrs.frozen(field_transformer=rulebook_numbers)
class CombatRules:
    """Convoy-against-convoy numbers (CC-CBV-*, AMB-01/02/03/19/20/26/41) and the other fights.

    Modifiers (AMB-02, AMB-26): ±1% per full `modifier_points_per_percent` points of morale and of
    training away from `modifier_pivot`; −1% per full `health_points_per_percent` below 100.
    """

    modifier_pivot: int               # 30
    modifier_points_per_percent: int = attrs.field(validator=whole(1))  # 5
    health_points_per_percent: int = attrs.field(validator=whole(1))  # 3
    # 0.20: a point of damage kills a troop (Kill Mode N, V)
    troop_hit_chance: float = attrs.field(validator=chance)
    troop_hit_chance_kill_troops: float = attrs.field(validator=chance)  # 0.50 with Kill Mode T
    troop_damage: int                 # 1 point per troop …
    # … with 50% chance per round (AMB-03)
    troop_damage_chance: float = attrs.field(validator=chance)
    vehicle_hit: Range                # 5–10 points land on a chosen vehicle at once
    kill_mode_factor: float           # 0.80 damage with Kill Mode T or V
    military_first_round_factor: float  # ×2 in the first round of a HUNT/PATROL battle
    air_vs_surface_factor: float      # ×0.5 for an air convoy against a non-air one (AMB-19)
    amphibious_open_water_factor: float  # ×0.5 in Water / Sea Lane (AMB-20)
    gunner_bonus: float               # +0.10 combat and Combat Strength
    pilot_bonus: float                # +0.10 (air only)
    strength_per_troop: int           # Combat Strength: +1 per troop …
    strength_per_rocket: int          # … +20 per rocket (CC-CNV-46)
    rocket_damage: Range              # 20–50
    # no rocket if own size ≥ 2 × the enemy's
    rocket_restraint_size_ratio: int = attrs.field(validator=whole(1))
    rocket_power: int                 # AMB-41 power bonus with rockets (35)
    troop_power: float                # AMB-41 expected damage per troop (0.5)
    engage_ratio: float               # engage if own threat ≥ 0.75 × enemy's
    flee_ratio: float                 # flee if own threat < 0.5 × enemy's
    max_rounds: int = attrs.field(validator=whole(1))  # 20, then the weaker side hides
    # convoy-war: PATROL fuel = this × the fuel rate, military free (CC-CO-PATROL-02)
    patrol_fuel_multiple: int = attrs.field(validator=whole(1))
    assault: AssaultRules
    hex_attack: HexAttackRules
    bombing: BombingRules
    raze: RazeRules

    def step_percent(self, value: int) -> int:
        """±1 per full step of morale or training away from the pivot, truncated toward it."""
        return int((value - self.modifier_pivot) / self.modifier_points_per_percent)

    def health_percent(self, health: int) -> int:
        """−1 per full `health_points_per_percent` points below 100 (0 or negative)."""
        return -(max(0, 100 - health) // self.health_points_per_percent)


def _above_minimum(morale: MoraleRules, attribute: attrs.Attribute[int], value: int) -> None:
    if value <= morale.minimum:
        raise InvalidValue(attribute.name, f"expected more than minimum ({morale.minimum})")


@attrs.frozen(field_transformer=rulebook_numbers)
class MoraleRules:
    """Morale (AMB-37, CC-CNV-14..20) and training (AMB-39, CC-CNV-21..24) changes."""

    minimum: int                      # 0
    # 100 (may exceed during a turn; capped at turn end)
    maximum: int = attrs.field(validator=_above_minimum)
    decay: Range                      # 3–6 lost at the end of each turn
    desertion_loss: int               # 2 per pulse with desertions
    battle_lost: Range                # 5–10 lost per battle lost or fled
    attack_failed: Range              # 5–10 lost per failed city ATTACK
    battle_won: Range                 # 5–10 gained
    city_captured: Range              # 10–15 gained
    hex_captured: int                 # +1 per hex …
    hex_captured_max_per_turn: int    # … at most +5 per turn
    celebrate: Range                  # 10–15 (CC-CO-CELEBRATE-03)
    celebrate_captured_city: Range    # a further 10–15 in a city captured this turn
    raze: Range                       # 2–8 morale gained and training lost (CC-CO-RAZE-05)
    # 1 whole turn at 0 disbands (AMB-81)
    disband_after_zero_turns: int = attrs.field(validator=whole(1))
    training_minimum: int             # 0
    training_maximum: int = attrs.field(validator=whole(1))  # 100
    training_per_battle: Range        # 1–3 per battle fought
    trainer_per_turn: Range           # 2–4 with an Expert Trainer
    sergeant_per_turn: int            # 1 with an Expert Sergeant
    practice_training: Range          # 10–15 (CC-CO-PRACTICE-04)
