"""What city buildings do by themselves: Armory, Junkyard, Recruiting Center, Helipad (CC-CITY)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.world import buildings, goods


def _own_cities(ctx: TurnContext) -> list[CityState]:
    return [city for city in ctx.game.state.cities if city.owner == ctx.clan.number]


def _where(ctx: TurnContext, city: CityState) -> str:
    return f"{goods.city_name(ctx.game, city.hex)} ({city.hex})"


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
            ctx.report(f"The Junkyard of {_where(ctx, city)} has a car ready for the first of "
                       "your land convoys to enter the hex this turn.", "junkyard", "CC-CITY-50")
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
    ctx.report(f"Convoy #{convoy.number} took the Junkyard {name} in {_where(ctx, city)}; "
               f"training is now {convoy.training}.", "junkyard", "CC-CITY-50",
               convoy=convoy.number)


def turn_end(ctx: TurnContext) -> None:
    """End of turn: Recruiting Centers enlist, Helipads fill, unclaimed Junkyard cars are lost."""
    _recruit(ctx)
    _helipad_fill(ctx)
    for city in _own_cities(ctx):
        if city.junkyard_car:
            city.junkyard_car = False
            ctx.report(f"No land convoy came for the Junkyard car of {_where(ctx, city)}; it "
                       "is lost.", "junkyard", "AMB-54")


def _recruit(ctx: TurnContext) -> None:
    """One free troop per full 5,000 people, into the unallocated pool (CC-CITY-53)."""
    per_troop = ctx.game.rules.building_effects.recruiting_population_per_troop
    for city in _own_cities(ctx):
        if not buildings.works(ctx.game, city, "REC"):
            continue
        recruits = city.population // per_troop
        if recruits:
            ctx.clan.stock.troops += recruits
            ctx.report(f"{recruits} citizens of {_where(ctx, city)} enlisted at the Recruiting "
                       "Center.", "recruits", "CC-CITY-53")


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
        ctx.report(f"The Helipad flew {flown} unallocated troops into {_where(ctx, city)}; it "
                   f"now holds {city.troops}.", "helipad", "CC-CITY-47")
