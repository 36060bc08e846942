"""Growth: vehicles and troops for the convoys, new convoys, garrisons for the cities."""

from __future__ import annotations

import attrs

from conquest_tui.bots import treaties
from conquest_tui.bots.levels import Level
from conquest_tui.bots.supply import Budget
from conquest_tui.engine.orderbook.cities import Assign, Fortify
from conquest_tui.engine.orderbook.guards import Defend
from conquest_tui.engine.orderbook.market import Buy, Create, Enlist
from conquest_tui.engine.orderbook.transfers import Convert
from conquest_tui.engine.reports.view import ClanView, ConvoyInfo
from conquest_tui.engine.rules.ruleset import Ruleset

GARRISON_FLOOR = 25
"""Troops a bot keeps in each of its cities (from the stockpile, ASSIGN)."""
FORTIFY_PER_TURN = 2
"""Cities a bot FORTIFYs in one game turn, at most (each takes one of the few post lines)."""


def troop_vehicle(rules: Ruleset, convoy_type: str) -> tuple[str, int, int, int, int] | None:
    """(vehicle key, troops, cost, size, fuel) of the vehicle of that type that carries troops
    cheapest."""
    best = None
    for vehicle in rules.vehicles.values():
        if vehicle.convoy_type != convoy_type or vehicle.troops <= 0:
            continue
        key = (vehicle.troops / vehicle.cost, vehicle.troops)
        if best is None or key > best[0]:
            best = (key, vehicle)
    if best is None:
        return None
    vehicle = best[1]
    return vehicle.key, vehicle.troops, vehicle.cost, vehicle.size, vehicle.fuel


def vehicles_to_buy(view: ClanView, level: Level, convoy: ConvoyInfo, budget: Budget,
                    aim: int = 0) -> tuple[Buy, ConvoyInfo] | None:
    """A BUY order growing the convoy toward the level's troops (or `aim` troops, when more),
    with money left to enlist the troops to fill them; and the convoy as it will be (room for
    more troops, training diluted by the new vehicles, AMB-39, and a higher fuel cost)."""
    found = troop_vehicle(view.rules, convoy.convoy_type)
    target = max(level.convoy_troops, aim)
    if found is None or convoy.troop_capacity >= target:
        return None
    vehicle, troops, cost, size, fuel = found
    wanted = -(-(target - convoy.troop_capacity) // troops)
    filled = cost + troops * view.prices()["troops"]
    count = min(wanted, budget.spare // filled)
    if count <= 0 or not budget.spend(count * cost):
        return None
    grown = convoy.size + count * size
    after = attrs.evolve(convoy, troop_capacity=convoy.troop_capacity + count * troops,
                         training=convoy.training * convoy.size // max(1, grown), size=grown,
                         fuel_cost=convoy.fuel_cost + count * fuel)
    return Buy(quantity=count, item=vehicle, convoy=convoy.number), after


def enlist(view: ClanView, wanted: int, budget: Budget) -> tuple[Enlist | None, int]:
    """An ENLIST order for `wanted` troops as far as money goes, and how many."""
    price = max(1, view.prices()["troops"])
    count = min(wanted, budget.spare // price)
    if count <= 0 or not budget.spend(count * price):
        return None, 0
    return Enlist(quantity=count), count


def create_order(view: ClanView, level: Level, budget: Budget, *,
                 by_sea: bool = False) -> Create | None:
    """CREATE a convoy in the Clan's best city when it has fewer than its level wants
    (`by_sea`: an amphibious one, when land convoys have nothing left in reach)."""
    convoys = view.convoys()
    if len(convoys) >= min(level.max_convoys, view.rules.max_convoys):
        return None
    used = {c.number for c in convoys}
    cost = view.rules.creation_cost(min(n for n in range(1, len(used) + 2) if n not in used))
    cities = view.owned_cities()
    if cost is None or not cities:
        return None
    home = _frontier_city(view, cities) if level.frontier_creates else cities[0]
    convoy_type = "amphibious" if by_sea or view.map.is_island(home) else "land"
    found = troop_vehicle(view.rules, convoy_type)
    vehicle_cost = found[2] if found else 0
    if budget.spare < cost + vehicle_cost:
        return None
    if not budget.spend(cost):
        return None
    return Create(hex=home, convoy_type=convoy_type)


def garrison_wanted(view: ClanView, level: Level, hex_id: str) -> int:
    """Troops the bot keeps in one of its cities: GARRISON_FLOOR, the level's share of the
    city's troop capacity when that is more, or a conquered city's safe garrison (house rule
    revolt) when that is more still."""
    floor = GARRISON_FLOOR
    info = view.city_info(hex_id)
    if level.garrison_share > 0 and info is not None and info.fortification > 0:
        capacity = view.rules.fortification(info.fortification).troop_capacity(
            "BAR" in info.buildings)
        floor = max(floor, round(capacity * level.garrison_share))
    return treaties.garrison_floor(view, hex_id, floor)


def garrison_orders(view: ClanView, level: Level, pool: int) -> tuple[list[Assign], int]:
    """ASSIGN stockpile troops (`pool`, this turn's ENLIST counted) to the Clan's cities that
    hold too few."""
    if not level.garrison:
        return [], 0
    orders: list[Assign] = []
    used = 0
    for hex_id in view.owned_cities():
        info = view.city_info(hex_id)
        floor = garrison_wanted(view, level, hex_id)
        if info is None or info.troops >= floor:
            continue
        count = min(floor - info.troops, pool - used)
        if count <= 0:
            break
        orders.append(Assign(hex=hex_id, troops=count))
        used += count
    return orders, used


def fortify_orders(view: ClanView, level: Level, budget: Budget) -> list[Fortify]:
    """FORTIFY the Clan's most populous cities below the level's fortification, while the money
    to spare covers twice the cost (a city that holds against its neighbours keeps its people's
    popularity and its income; troops come first)."""
    if level.fortify_to <= 0:
        return []
    orders: list[Fortify] = []
    cities = [info for info in map(view.city_info, view.owned_cities())
              if info is not None and 0 < info.fortification < level.fortify_to]
    for info in sorted(cities, key=lambda info: (-info.population, info.hex)):
        cost = view.rules.fortification(info.fortification).cost_to_raise
        if len(orders) >= FORTIFY_PER_TURN or cost is None or budget.spare < 2 * cost:
            break
        budget.spend(cost)
        orders.append(Fortify(hex=info.hex))
    return orders


def defend_order(view: ClanView, level: Level, budget: Budget) -> Defend | None:
    """DEFEND **** (every hex the Clan owns one level up) when the level's share of the spare
    money covers it: held hexes are popularity kept (CC-CL-DEFEND-01/03)."""
    if level.defend_share <= 0:
        return None
    levels = view.rules.defense_levels
    cost = 0
    for hex_id in view.owned_hexes():
        defense = view.hex_info(hex_id).defense
        if 1 <= defense <= len(levels):
            cost += levels[defense - 1].cost_to_raise or 0
    if cost <= 0 or cost > budget.spare * level.defend_share or not budget.spend(cost):
        return None
    return Defend(hexes=("****",))


def _frontier_city(view: ClanView, cities: list[str]) -> str:
    """The owned city with the most land the Clan does not own within two hexes."""
    owned = set(view.owned_hexes())
    world = view.map

    def open_land(city: str) -> int:
        near = {city} | {h for _, h in world.neighbors(city)}
        near |= {h2 for h in list(near) for _, h2 in world.neighbors(h)}
        return sum(1 for h in near if world.is_land(h) and h not in owned)

    return max(cities, key=lambda city: (open_land(city), city))


def convert_order(view: ClanView, convoy: ConvoyInfo, budget: Budget) -> Convert | None:
    """CONVERT a land convoy with nothing left in reach into an amphibious one, in a city."""
    if convoy.convoy_type != "land" or convoy.hex not in view.owned_cities():
        return None
    found = troop_vehicle(view.rules, "amphibious")
    if found is None or not budget.spend(found[2]):
        return None
    return Convert(convoy=convoy.number, convoy_type="amphibious")


__all__ = ["convert_order", "create_order", "defend_order", "enlist", "fortify_orders",
           "garrison_orders",
           "garrison_wanted", "troop_vehicle", "vehicles_to_buy"]
