"""BOMB: an air convoy drops every bomb it carries on the city in its hex (CC-CO-BOMB, T§3.3)."""

from __future__ import annotations

from collections import Counter
from random import Random

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Clan, Convoy
from conquest_tui.engine.world import buildings

BOMB_KEY = "BOMB"
"""The `last_done` key: one bombing attack per convoy per turn (CC-CO-BOMB-01)."""
BATTERY, SHELTER, HOSPITAL = "BAT", "SHE", "HOS"
BUILDINGS, POPULATION, TROOPS, SCOURGE = "B", "P", "T", "S"


@attrs.frozen
class Bombing:
    """What the bombs did: counted per outcome, the buildings they destroyed, who died."""

    bombs: int
    hits: int
    misses: int
    duds: int
    """Bombs a Battery made harmless (CC-CO-BOMB-03)."""
    targets: tuple[tuple[str, int], ...]
    """(target letter, bombs aimed at it), in B, P, T, S order."""
    destroyed: tuple[str, ...]
    """Building codes destroyed, in the order they fell."""
    people: int
    killed: int
    """Garrison troops killed."""
    infected: bool


def bomb_problem(game: Game, clan: Clan, convoy: Convoy) -> str:
    """Why the convoy cannot bomb now ("" if it can) (CC-CO-BOMB-01): a `why` code."""
    if convoy.convoy_type != "air":
        return "not_air"
    if convoy.hidden:
        return "hidden"
    if convoy.last_done.get(BOMB_KEY) == game.state.game_turn:
        return "twice"
    if convoy.bombs <= 0:
        return "no_bombs"
    city = game.city(convoy.hex)
    if city is None:
        return "no_city"
    if city.owner == clan.number:
        return "own_city"
    if city.owner and city.owner in clan.allies:
        return "ally"
    return ""


def drop_bombs(game: Game, convoy: Convoy, city: CityState, target: str,
               rng: Random) -> Bombing:
    """Drop all the convoy's bombs on the city; `target` "" lets each bomb pick Buildings,
    Population or Troops at random (CC-CO-BOMB-02…08). Changes the city and the convoy."""
    rules = game.rules.combat.bombing
    effects = game.rules.building_effects
    chance = rules.hit_chance_at(city.fortification)
    battery = buildings.works(game, city, BATTERY)
    shelter = buildings.works(game, city, SHELTER)
    bombs, convoy.bombs = convoy.bombs, 0
    convoy.last_done[BOMB_KEY] = game.state.game_turn
    aimed: Counter[str] = Counter()
    hits = misses = duds = people = killed = 0
    scourge_hit = False
    destroyed: list[str] = []
    for _ in range(bombs):
        aim = target or rng.choice(rules.random_targets)
        aimed[aim] += 1
        if battery and rng.random() < effects.battery_no_effect_chance:
            duds += 1
            continue
        hit = rng.random() < chance
        hits += hit
        misses += not hit
        if aim == BUILDINGS and hit:
            standing = [code for code in city.buildings if code != BATTERY]
            if standing:
                fallen = rng.choice(standing)
                city.buildings.remove(fallen)
                city.built_turns.pop(fallen, None)
                destroyed.append(fallen)
        elif aim == POPULATION:
            dead = (rules.population_hit if hit else rules.population_miss).roll(rng)
            if shelter:
                dead = int(dead * effects.shelter_bomb_population_factor)
            dead = max(0, min(dead, city.population - rules.population_floor))
            city.population -= dead
            people += dead
        elif aim == TROOPS:
            dead = min((rules.troops_hit if hit else rules.troops_miss).roll(rng), city.troops)
            city.troops -= dead
            killed += dead
        elif aim == SCOURGE:
            scourge_hit = scourge_hit or hit
    infected = False
    if scourge_hit and not city.plague:
        infection = (effects.hospital_scourge_infection_chance
                     if buildings.works(game, city, HOSPITAL) else rules.scourge_infection_chance)
        infected = rng.random() < infection
        city.plague = city.plague or infected
    order = (BUILDINGS, POPULATION, TROOPS, SCOURGE)
    return Bombing(bombs=bombs, hits=hits, misses=misses, duds=duds,
                   targets=tuple((key, aimed[key]) for key in order if aimed[key]),
                   destroyed=tuple(destroyed), people=people, killed=killed, infected=infected)
