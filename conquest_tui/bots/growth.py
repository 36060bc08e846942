"""Growth: vehicles and troops for the convoys, new convoys, garrisons for the cities."""

from __future__ import annotations

import attrs

from conquest_tui.bots import treaties
from conquest_tui.bots.levels import Level
from conquest_tui.bots.supply import Budget
from conquest_tui.engine.orderbook.cities import Assign
from conquest_tui.engine.orderbook.guards import Defend
from conquest_tui.engine.orderbook.market import Buy, Create, Enlist
from conquest_tui.engine.orderbook.transfers import Convert
from conquest_tui.engine.reports.view import ClanView, ConvoyInfo
from conquest_tui.engine.rules.ruleset import Ruleset


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


def garrison_orders(view: ClanView, level: Level, pool: int) -> tuple[list[Assign], int]:
    """ASSIGN stockpile troops (`pool`, this turn's ENLIST counted) to the Clan's cities that
    hold too few."""
    if not level.garrison:
        return [], 0
    orders: list[Assign] = []
    used = 0
    for hex_id in view.owned_cities():
        info = view.city_info(hex_id)
        floor = treaties.garrison_floor(view, hex_id, level.garrison_troops)  # house rule revolt
        if info is None or info.troops >= floor:
            continue
        count = min(floor - info.troops, pool - used)
        if count <= 0:
            break
        orders.append(Assign(hex=hex_id, troops=count))
        used += count
    return orders, used


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


__all__ = ["convert_order", "create_order", "defend_order", "enlist", "garrison_orders",
           "troop_vehicle", "vehicles_to_buy"]
