"""RAZE: a Clan burns a city it owns with every convoy it has there (CC-CO-RAZE-01…07)."""

from __future__ import annotations

from random import Random

import attrs

from conquest_tui.engine.convoys import convoy_stats, experts
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Clan, Convoy
from conquest_tui.engine.economy.population import band_rules
from conquest_tui.engine.world import buildings
from conquest_tui.engine.world.structure_uses import mark_used, use_key, used_this_turn

RAZE_KEY = "RAZE"
"""The Clan's once-a-turn use of a city: "RAZE 0512" (CC-CO-RAZE-01)."""


@attrs.frozen
class Razing:
    """What the razing did to the city and to the convoys that took part."""

    convoys: tuple[tuple[int, int], ...]
    """(convoy number, morale gained = training lost) per participating convoy."""
    people: int
    burned: tuple[str, ...]
    """Building codes burned, in the order they burned."""
    killed: int
    """Troops of the participating convoys killed."""
    garrison_killed: int
    returned: int
    """Surviving garrison troops back in the stockpile."""
    claymores_recovered: int
    claymores_lost: int
    fortification: int
    """The city's level afterwards."""
    garrison: int
    """The troops the city holds afterwards, uncontrolled."""


def raze_problem(game: Game, clan: Clan, convoy: Convoy) -> str:
    """Why the convoy cannot raze now ("" if it can): a `why` code (CC-CO-RAZE-01)."""
    city = game.city(convoy.hex)
    if city is None:
        return "no_city"
    if city.owner != clan.number:
        return "not_yours"
    if used_this_turn(game, clan, use_key(RAZE_KEY, city.hex)):
        return "razed"
    return ""


def _each(count: int, chance: float, rng: Random) -> int:
    """How many of `count` independent chances come up."""
    return sum(rng.random() < chance for _ in range(count))


def raze(game: Game, clan: Clan, city: CityState, rng: Random) -> Razing:
    """Burn the city with every convoy of the Clan in its hex (CC-CO-RAZE-02…07); the city is
    left uncontrolled, one level lower, fully garrisoned and hostile to the Clan."""
    rules = game.rules
    raze_rules, morale = rules.combat.raze, rules.morale
    mark_used(game, clan, use_key(RAZE_KEY, city.hex))
    party = [convoy for convoy in game.convoys_in(city.hex) if convoy.owner == clan.number]
    size = sum(convoy_stats.size(convoy, rules) for convoy in party)
    troops = sum(convoy.troops for convoy in party)
    points = size + (troops + city.troops) // raze_rules.troops_per_point
    floor = band_rules(game, city).floor
    dead = sum(raze_rules.population_per_point.roll(rng) for _ in range(points))
    people = max(0, min(dead, city.population - floor))
    city.population -= people
    burned: list[str] = []
    for convoy in party:
        for key, count in sorted(convoy.vehicles.items()):
            chance = raze_rules.building_chance.get(rules.vehicles[key].vehicle_class, 0.0)
            for _ in range(_each(count, chance, rng) if chance else 0):
                if city.buildings:
                    fallen = rng.choice(city.buildings)
                    city.buildings.remove(fallen)
                    city.built_turns.pop(fallen, None)
                    burned.append(fallen)
    killed = 0
    for convoy in party:
        lost = _each(convoy.troops, raze_rules.troop_kill_chance, rng)
        convoy.troops -= lost
        killed += lost
    garrison_killed = _each(city.troops, raze_rules.troop_kill_chance, rng)
    returned = city.troops - garrison_killed
    clan.stock.troops += returned
    changes: list[tuple[int, int]] = []
    for convoy in party:
        gain = morale.raze.roll(rng)
        convoy.morale += experts.gourmet_morale_gain(convoy, gain, rules)
        convoy.training = max(morale.training_minimum, convoy.training - gain)
        changes.append((convoy.number, gain))
    recovered = _each(city.claymores, raze_rules.claymore_recovery_chance, rng)
    claymores_lost = city.claymores - recovered
    clan.stock.claymores += recovered
    city.claymores = 0
    city.fortification = max(1, city.fortification - 1)
    city.owner = 0
    city.troops = buildings.troop_capacity(game, city)
    if clan.number not in city.hostile_to:
        city.hostile_to.append(clan.number)
    return Razing(convoys=tuple(changes), people=people, burned=tuple(burned), killed=killed,
                  garrison_killed=garrison_killed, returned=returned,
                  claymores_recovered=recovered, claymores_lost=claymores_lost,
                  fortification=city.fortification, garrison=city.troops)
