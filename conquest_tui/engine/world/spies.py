"""Planted spies: PLANT, counterspies and the reports spies send home (CC-CO-PLANT, CC-RPT-12)."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityMemory, CityState, Clan, Convoy, Sighting, SpyReport
from conquest_tui.engine.world import knowledge

SPY = "SPY"
"""The Expert Spy's code (CC-CNV-64: useless in a convoy, used only through PLANT)."""


def plant_problem(game: Game, clan: Clan, convoy: Convoy) -> str:
    """Why the convoy cannot plant a spy now ("" if it can): a `why` code (CC-CO-PLANT-01)."""
    if SPY not in convoy.experts:
        return "no_spy"
    city = game.city(convoy.hex)
    if city is None:
        return "no_city"
    if clan.number in city.spies:
        return "spy_there"
    return ""


def plant(game: Game, clan: Clan, convoy: Convoy) -> CityState:
    """The spy leaves the convoy and hides in the city for good (CC-CO-PLANT-01)."""
    city = game.city(convoy.hex)
    assert city is not None
    convoy.experts.remove(SPY)
    city.spies.append(clan.number)
    city.spies.sort()
    return city


def has_counterspy(city: CityState) -> bool:
    """Whether the city's owner has a spy of its own there (CC-CO-PLANT-03)."""
    return bool(city.owner) and city.owner in city.spies


def remove_spy(city: CityState, clan: int) -> bool:
    """Take the Clan's spy out of the city (caught, or killed by RAZE); whether there was one."""
    city.spy_attempts.pop(str(clan), None)
    if clan not in city.spies:
        return False
    city.spies.remove(clan)
    return True


def spied_cities(game: Game, clan: int) -> list[CityState]:
    """Foreign cities where the Clan has a spy (its own cities hold counterspies)."""
    return [city for city in game.state.cities if clan in city.spies and city.owner != clan]


def turn_end(game: Game, clan: Clan, rng: Random) -> None:
    """End of the Clan's turn, after its cities' spotting: sabotaged spotting reports of its
    own cities are falsified (AMB-33), then every spy it planted reports (CC-CO-PLANT-02)."""
    for city in game.state.cities:
        if city.owner == clan.number and city.spotting_falsified:
            falsify_spotting(game, clan, city, rng)
    clan.spy_reports = []
    seen = {(old.hex, old.owner) for old in clan.sightings}  # what `_add` looks for, indexed
    for city in spied_cities(game, clan.number):
        report = spy_report(game, clan, city, rng)
        clan.spy_reports.append(report)
        memory = report.city
        clan.city_memory[city.hex] = CityMemory(
            hex=memory.hex, game_turn=memory.game_turn, owner=memory.owner,
            population=memory.population, fortification=memory.fortification,
            troops=memory.troops, buildings=list(memory.buildings))
        clan.known_hexes[city.hex] = game.state.game_turn
        for sighting in report.sightings:
            if (sighting.hex, sighting.owner) not in seen:  # as `_add`, in one look-up
                seen.add((sighting.hex, sighting.owner))
                clan.sightings.append(Sighting(
                    hex=sighting.hex, game_turn=sighting.game_turn, owner=sighting.owner,
                    size_name=sighting.size_name, how=sighting.how))


def spy_report(game: Game, clan: Clan, city: CityState, rng: Random) -> SpyReport:
    """The city as the spy sees it, and the convoys in its spotting range; with a counterspy
    there each detail may be wrong and the range is halved (CC-CITY-61, CC-CO-PLANT-05)."""
    countered = has_counterspy(city)
    rules = game.rules.spies

    def wrong() -> bool:
        return countered and rng.random() < rules.counterspy_false_report_chance

    population = _off(city.population, rng, game) if wrong() else city.population
    fortification = _wrong_level(city.fortification, rng, game) if wrong() else city.fortification
    troops = _off(city.troops, rng, game) if wrong() else city.troops
    buildings = sorted(city.buildings)
    if wrong():
        buildings = _wrong_buildings(buildings, rng, game)
    memory = CityMemory(hex=city.hex, game_turn=game.state.game_turn, owner=city.owner,
                        population=population, fortification=fortification, troops=troops,
                        buildings=buildings)
    reach = knowledge.spotting_range(game, city.fortification, city.buildings)
    if countered:
        reach = int(reach * rules.counterspy_spotting_factor)
    return SpyReport(city=memory, sightings=_spotted(game, clan, city, reach))


def _spotted(game: Game, clan: Clan, city: CityState, reach: int) -> list[Sighting]:
    """Foreign convoys within reach of the city, worded as a city's spotting (CC-CITY-58/59)."""
    rules, turn = game.rules.spotting, game.state.game_turn
    tower = "SPO" in city.buildings
    found: list[Sighting] = []
    seen: set[tuple[str, int]] = set()
    area = knowledge.reach_area(city.hex, reach)
    for _, other in game.convoys_among(area):  # in the convoy list's order
        distance = area[other.hex]
        if other.owner == clan.number:
            continue
        owner = other.owner if distance <= reach - rules.owner_margin else 0
        size = ""
        if tower and distance <= reach - rules.size_margin:
            size = convoy_stats.size_name(other, game.rules)
        if (other.hex, owner) not in seen:
            seen.add((other.hex, owner))
            found.append(Sighting(hex=other.hex, game_turn=turn, owner=owner, size_name=size,
                                  how="spotted"))
    return found


def _off(value: int, rng: Random, game: Game) -> int:
    """A wrong number: off by a share of itself, up or down (CC-RPT-12)."""
    error = game.rules.spies.false_report_error.roll(rng)
    sign = rng.choice((-1, 1))
    return max(0, round(value * (1 + sign * error)))


def _wrong_level(level: int, rng: Random, game: Game) -> int:
    """A fortification one level off, within the levels that exist."""
    top = len(game.rules.fortifications)
    choices = [other for other in (level - 1, level + 1) if 1 <= other <= top]
    return rng.choice(choices) if choices else level


def _wrong_buildings(buildings: list[str], rng: Random, game: Game) -> list[str]:
    """The buildings with one missing or one that is not there."""
    absent = sorted(set(game.rules.buildings) - set(buildings))
    if buildings and (not absent or rng.random() < 0.5):
        buildings = list(buildings)
        buildings.remove(rng.choice(buildings))
        return buildings
    return sorted([*buildings, rng.choice(absent)]) if absent else buildings


def falsify_spotting(game: Game, clan: Clan, city: CityState, rng: Random) -> None:
    """A sabotaged city's spotting report: true entries dropped, others invented (AMB-33)."""
    city.spotting_falsified = False
    rules, spotting = game.rules.spies, game.rules.spotting
    reach = knowledge.spotting_range(game, city.fortification, city.buildings)
    kept = []
    for sighting in clan.sightings:
        if (sighting.how == "spotted" and hexgrid.distance(city.hex, sighting.hex) <= reach
                and rng.random() < rules.falsified_sighting_drop):
            continue
        kept.append(sighting)
    clan.sightings = kept
    around = [hex_id for hex_id in hexgrid.hexes_within(city.hex, reach)
              if hex_id != city.hex and game.map.contains(hex_id)]
    others = [other.number for other in game.state.clans if other.number != clan.number]
    if not around:
        return
    for _ in range(rules.falsified_sightings_invented.roll(rng)):
        hex_id = rng.choice(around)
        near = hexgrid.distance(city.hex, hex_id) <= reach - spotting.owner_margin
        owner = rng.choice(others) if near and others else 0
        _add(clan, Sighting(hex=hex_id, game_turn=game.state.game_turn, owner=owner,
                            how="spotted"))


def _add(clan: Clan, sighting: Sighting) -> None:
    """Add a sighting unless the Clan already has one of that hex and owner."""
    if not any(old.hex == sighting.hex and old.owner == sighting.owner
               for old in clan.sightings):
        clan.sightings.append(sighting)


def income_lost(city: CityState) -> bool:
    """Whether sabotage took this turn's money of the city (AMB-33)."""
    return city.income_sabotaged


def income_collected(game: Game, clan: int) -> None:
    """After the owner's Income Phase: its sabotaged cities produce again (AMB-33)."""
    for city in game.state.cities:
        if city.owner == clan:
            city.income_sabotaged = False
