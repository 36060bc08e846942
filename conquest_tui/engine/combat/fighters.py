"""A convoy as a side in a convoy battle: its vehicles and damage modifiers (CC-CBV-07/09)."""

from __future__ import annotations

from conquest_tui.engine.combat import judgement
from conquest_tui.engine.combat.convoy_battle import Fighter, Unit
from conquest_tui.engine.convoys import experts, movement
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.world import structures

AIR = "air"
MILITARY = "military"


def damage_factor(game: Game, convoy: Convoy, enemy: Convoy) -> float:
    """Training, morale, health, Gunner, Pilot and Police Station add up (AMB-02, AMB-26,
    AMB-79); then Kill Mode T or V ×0.8, an air convoy against a non-air one ×0.5 (AMB-19), an
    amphibious convoy in open water ×0.5 (AMB-20)."""
    combat = game.rules.combat
    percent = (combat.step_percent(convoy.training) + combat.step_percent(convoy.morale)
               + combat.health_percent(convoy.health))
    factor = 1.0 + percent / 100
    if "GUN" in convoy.experts:
        factor += combat.gunner_bonus
    if "PIL" in convoy.experts and convoy.convoy_type == AIR:
        factor += combat.pilot_bonus
    factor += structures.police_bonus(game, convoy)
    factor = max(0.0, factor)
    if convoy.kill_mode in ("T", "V"):
        factor *= combat.kill_mode_factor
    if convoy.convoy_type == AIR and enemy.convoy_type != AIR:
        factor *= combat.air_vs_surface_factor
    return factor * movement.open_water_combat_factor(game, convoy)


def fighter(game: Game, convoy: Convoy, enemy: Convoy, *, surprise: bool = False) -> Fighter:
    """The convoy going into battle against `enemy`; `surprise`: it hunts or patrols, so a
    Military convoy does double damage in the first round (CC-CNV-05)."""
    rules = game.rules
    combat = rules.combat
    hp_factor = experts.hit_point_factor(convoy, rules)
    units = []
    for key, count in convoy.vehicles.items():
        vehicle = rules.vehicles[key]
        units.extend([Unit(key, vehicle.vehicle_class, vehicle.size,
                           round(vehicle.hit_points * hp_factor), vehicle.damage)] * count)
    units.sort(key=lambda unit: (unit.size, unit.key))
    kill_troops = convoy.kill_mode == "T"
    return Fighter(
        owner=convoy.owner, number=convoy.number, units=tuple(units), troops=convoy.troops,
        rockets=convoy.rockets, factor=damage_factor(game, convoy, enemy),
        first_round_factor=(combat.military_first_round_factor
                            if surprise and convoy.convoy_type == MILITARY else 1.0),
        troop_hit_chance=(combat.troop_hit_chance_kill_troops if kill_troops
                          else combat.troop_hit_chance),
        kill_vehicles=convoy.kill_mode == "V",
    )


def assessment(game: Game, convoy: Convoy, enemy: Convoy) -> judgement.Assessment:
    """The convoy against `enemy` as its commander sizes it up before a battle (AMB-41): the very
    figures of the `Fighter` its battle would build, worked out without building it (most battles
    a convoy could start on entering a hex are declined, CC-CBV-02)."""
    rules = game.rules
    hp_factor = experts.hit_point_factor(convoy, rules)
    averages: list[float] = []
    left = 0
    for key in sorted(convoy.vehicles, key=lambda key: (rules.vehicles[key].size, key)):
        vehicle = rules.vehicles[key]
        hit_points = round(vehicle.hit_points * hp_factor)
        if hit_points > 0:  # as `convoy_battle._Force` counts them: whole ones, in battle order
            count = convoy.vehicles[key]
            averages.extend([vehicle.damage.average] * count)
            left += hit_points * count
    return judgement.assess(sum(averages), convoy.troops, convoy.rockets,
                            damage_factor(game, convoy, enemy), left, rules.combat)
