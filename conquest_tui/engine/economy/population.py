"""City population at the game-turn end: growth, caps, bands and the Plague (CC-CITY-12…18)."""

from __future__ import annotations

import math
from random import Random

from conquest_tui.engine.core.events import EventKind, facts_of
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Event
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.rules.ruleset_tables import PopulationBand

CHURCH = "CHU"
STOCKYARD = "STO"
HOSPITAL = "HOS"


def band_rules(game: Game, city: CityState) -> PopulationBand:
    """The minor or major population rules of a city (T§5)."""
    site = game.city_site(city.hex)
    return game.rules.population["major" if site is not None and site.major else "minor"]


def maximum_population(game: Game, city: CityState) -> int:
    """100,000 (minor) or 400,000 (major); 150,000 / 500,000 with a Stockyard (CC-CITY-14/56)."""
    return band_rules(game, city).max_population(STOCKYARD in city.buildings)


def growth(game: Game, city: CityState, rng: Random) -> int:
    """People an owned, healthy city gains: +8–12 %, doubled by a Church, up to its maximum."""
    rules = game.rules
    percent = rules.cities.growth_percent.roll(rng)
    if CHURCH in city.buildings:
        percent *= rules.building_effects.church_growth_factor
    room = maximum_population(game, city) - city.population
    return max(0, min(room, city.population * percent // 100))


def plague_loss(game: Game, city: CityState, rng: Random) -> int:
    """People an afflicted city loses: 5–10 %, halved by a Hospital, never below its floor."""
    rules = game.rules
    share = rules.plague.city_loss.roll(rng)
    if HOSPITAL in city.buildings:
        share *= rules.building_effects.hospital_plague_loss_factor
    floor = band_rules(game, city).floor
    lost = rules.consumption.rounding.apply("population_loss", city.population * share)
    return max(0, min(lost, city.population - floor))


def plague_shows(city: CityState) -> bool:
    """Whether the owner is told of the Plague itself, not only the fall (AMB-67: a Hospital)."""
    return HOSPITAL in city.buildings


def may_break_out(city: CityState, game_turn: int, minimum_population: int) -> bool:
    """Whether the Plague may break out in the city at this game turn's end: not afflicted, big
    enough, and not cured in the last game turns (AMB-35's immunity)."""
    return (not city.plague and city.population >= minimum_population
            and game_turn > city.plague_immune_until)


def _bands(game: Game, city: CityState, before: int) -> dict[str, object]:
    """The population band before and now, and the floor below which a city produces nothing."""
    rules = band_rules(game, city)
    return {"band_was": rules.band(before), "band": rules.band(city.population),
            "band_floor": rules.low_min}


def update_cities(game: Game, rng: Random) -> list[Event]:
    """Grow owned cities, shrink afflicted ones, then roll new outbreaks; events for owners."""
    state = game.state
    events: list[Event] = []

    def tell(city: CityState, name: str, kind: EventKind, rule: str, **facts: object) -> None:
        if city.owner:
            events.append(Event(clan=city.owner, phase=TurnPhase.BETWEEN, kind=kind,
                                facts=facts_of({"city": name, "hex": city.hex, **facts}),
                                rule=rule, game_turn=state.game_turn))

    for city in state.cities:
        site = game.city_site(city.hex)
        name = (site.name.upper() if site.major else site.name) if site else city.hex
        before = city.population
        if city.plague:
            city.population -= plague_loss(game, city, rng)
            if city.owner and city.population < before:
                tell(city, name, EventKind.POPULATION_FELL, "CC-CITY-18",
                     plague_known=int(plague_shows(city)), lost=before - city.population,
                     population=city.population, **_bands(game, city, before))
        elif city.owner:
            city.population += growth(game, city, rng)
            if city.population > before:
                percent = math.floor((city.population - before) * 100 / before + 0.5)
                tell(city, name, EventKind.POPULATION_GREW, "CC-CITY-12",
                     gained=city.population - before, percent=percent,
                     population=city.population, **_bands(game, city, before))
            elif before >= maximum_population(game, city):
                tell(city, name, EventKind.POPULATION_FULL, "CC-CITY-14",
                     maximum=maximum_population(game, city))
    plague = game.rules.plague
    for city in state.cities:
        if not may_break_out(city, state.game_turn, plague.city_minimum_population):
            continue
        if rng.random() < plague.city_chance:
            city.plague = True
            if plague_shows(city):
                site = game.city_site(city.hex)
                tell(city, site.name if site else city.hex, EventKind.PLAGUE, "CC-AMB-35")
    return events
