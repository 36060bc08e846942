"""What city buildings do by themselves: Armory, Junkyard, Recruiting Center, Helipad (CC-CITY)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.world import buildings, goods


def _own_cities(ctx: TurnContext) -> list[CityState]:
    return [city for city in ctx.game.state.cities if city.owner == ctx.clan.number]


def _name(ctx: TurnContext, city: CityState) -> str:
    return goods.city_name(ctx.game, city.hex)


def income_production(ctx: TurnContext) -> dict[str, int]:
    """Income Phase: Armories make rifles and grenades, Junkyards a car (CC-CITY-43/50)."""
    effects = ctx.game.rules.building_effects
    made = {"rifles": 0, "grenades": 0}
    for city in _own_cities(ctx):
        if buildings.works(ctx.game, city, "ARM"):
            made["rifles"] += effects.armory_rifles.roll(ctx.rng())
            made["grenades"] += effects.armory_grenades.roll(ctx.rng())
        if buildings.works(ctx.game, city, "JUN"):
            city.junkyard_car = True
            ctx.report(EventKind.JUNKYARD, "CC-CITY-50", why="ready", city=_name(ctx, city),
                       hex=city.hex)
    return {item: amount for item, amount in made.items() if amount}


def junkyard_pickup(ctx: TurnContext, convoy: Convoy) -> None:
    """The owner's first land convoy entering or pausing in the hex takes the car (AMB-54)."""
    city = ctx.game.city(convoy.hex)
    if city is None or not city.junkyard_car or convoy.convoy_type != "land":
        return
    if city.owner != convoy.owner:
        return
    city.junkyard_car = False
    vehicle = ctx.game.rules.convoy.junkyard_vehicle
    count = ctx.game.rules.building_effects.junkyard_cars
    convoys.add_vehicles(ctx.game, convoy, vehicle, count)
    name = ctx.game.rules.vehicles[vehicle].name.lower()
    ctx.report(EventKind.JUNKYARD, "CC-CITY-50", convoy=convoy.number, why="taken",
               vehicle=name, count=count, city=_name(ctx, city), hex=city.hex,
               training=convoy.training)


def turn_end(ctx: TurnContext) -> None:
    """End of turn: Recruiting Centers enlist, Helipads fill, unclaimed Junkyard cars are lost."""
    _recruit(ctx)
    _helipad_fill(ctx)
    for city in _own_cities(ctx):
        if city.junkyard_car:
            city.junkyard_car = False
            ctx.report(EventKind.JUNKYARD, "AMB-54", why="lost", city=_name(ctx, city),
                       hex=city.hex)


def _recruit(ctx: TurnContext) -> None:
    """One free troop per full 5,000 people, into the unallocated pool (CC-CITY-53)."""
    per_troop = ctx.game.rules.building_effects.recruiting_population_per_troop
    for city in _own_cities(ctx):
        if not buildings.works(ctx.game, city, "REC"):
            continue
        recruits = city.population // per_troop
        if recruits:
            ctx.clan.stock.troops += recruits
            ctx.report(EventKind.RECRUITS, "CC-CITY-53", recruits=recruits,
                       city=_name(ctx, city), hex=city.hex)


def _helipad_fill(ctx: TurnContext) -> None:
    """Fill Helipad cities below capacity from the unallocated troops (CC-CITY-47)."""
    stock = ctx.clan.stock
    for city in _own_cities(ctx):
        if not buildings.works(ctx.game, city, "HEL") or stock.troops <= 0:
            continue
        room = buildings.troop_capacity(ctx.game, city) - city.troops
        flown = min(room, stock.troops)
        if flown <= 0:
            continue
        stock.troops -= flown
        city.troops += flown
        ctx.report(EventKind.HELIPAD, "CC-CITY-47", troops=flown, city=_name(ctx, city),
                   hex=city.hex, garrison=city.troops)
