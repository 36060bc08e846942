"""City care for bots: CURE plagued cities (buying vaccine), ERECT buildings, BUILD structures."""

from __future__ import annotations

import math

from conquest_tui.bots.extras_state import Extras
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.orderbook.cities import Erect
from conquest_tui.engine.orderbook.hexes import Build
from conquest_tui.engine.orderbook.market import Buy
from conquest_tui.engine.orderbook.plague import Cure
from conquest_tui.engine.reports.view import CityInfo

BUILDING_ORDER = ("MAR", "CHU", "REC", "HOS", "SHE", "BAR")
"""Buildings a bot erects, most worthwhile first: money, people, troops, then safety."""

HARD_BUILDING_ORDER = ("CHU", "HOS", "MAR", "STO")
"""Buildings a bot that builds for growth (hard, easy) erects: people first (popularity counts
them), then their health, money and room to grow."""
HARD_ERECTS = 3
"""Cities a bot that builds for growth erects buildings in per game turn, at most."""

PAYBACK_TURNS = 5
"""A custom structure is built when its production repays it within this many game turns."""
STRUCTURE_SEARCH = 30
"""Own hexes near the Clan's cities looked at for a custom structure, at most."""

def _curable(extras: Extras, info: CityInfo) -> bool:
    """Whether the bot cares to cure this city: its own, and others' if its level cures them."""
    if not (info.plague and info.cure_vaccine):
        return False
    return extras.level.cures_rivals or info.owner == extras.view.number


def healing(extras: Extras) -> int:
    """Vaccine the sick convoys take before the first pulse (AMB-36): size × health lost."""
    return sum(math.ceil(convoy.size * (100 - convoy.health) / 100)
               for convoy in extras.convoys() if convoy.health < 100)


def _margin(need: int) -> int:
    """Vaccine bought over the cure's need: sick convoys heal with vaccine before it runs."""
    return max(3, need // 10)


def add_cures(extras: Extras) -> None:
    """CURE where a convoy stands in a plagued city it can pay the vaccine for (CC-CO-CURE-01),
    buying the vaccine it lacks; send a convoy toward the nearest other plagued city."""
    view = extras.view
    stock = extras.clan.stock
    vaccine = stock.vaccine - healing(extras)
    price = view.prices()["vaccine"]
    cured: set[str] = set()
    for convoy in extras.convoys():
        info = extras.city(convoy.hex)
        if info is None or convoy.health < 50 or info.hex in cured or not _curable(extras, info):
            continue
        need = info.cure_vaccine
        short = max(0, need + _margin(need) - vaccine)
        if short and extras.budget.spare >= short * price \
                and extras.pre_line(Buy(quantity=short, item="vaccine")):
            extras.budget.afford(short * price)
            vaccine += short
        if vaccine >= need and extras.convoy_line(convoy.number, Cure()):
            vaccine -= need
            cured.add(info.hex)
    _send_to_plague(extras, cured, vaccine, price)


def _send_to_plague(extras: Extras, cured: set[str], vaccine: int, price: int) -> None:
    """Give the nearest free convoy an errand to one plagued city it could afford to cure."""
    reach = extras.level.cure_reach
    plagued = [info for info in extras.listed_cities()
               if info.hex not in cured and _curable(extras, info)
               and info.cure_vaccine <= vaccine + extras.budget.spare // max(1, price)]
    busy = {convoy.hex for convoy in extras.convoys()}
    for info in sorted(plagued, key=lambda c: (c.owner != extras.view.number, -c.population)):
        if info.hex in busy:
            continue
        options = [(hexgrid.distance(convoy.hex, info.hex), convoy.number)
                   for convoy in extras.convoys() if extras.free_errand(convoy)]
        options = [option for option in options if option[0] <= reach]
        if options:
            extras.plan.errands[min(options)[1]] = info.hex
            return


def add_buildings(extras: Extras) -> None:
    """ERECT one worthwhile building in an own city when the money is there (CC-CL-ERECT-01);
    easy bots rarely build."""
    view = extras.view
    if extras.level.builds_for_growth:
        _add_buildings_for_growth(extras)
        return
    if extras.level.build_chance < 1 and extras.rng.random() > extras.level.build_chance:
        return
    cost = view.rules.fixed_costs["building"]
    if extras.budget.spare < 3 * cost:
        return
    best: tuple[int, int, str, str] | None = None
    for hex_id in extras.owned_cities():
        info = extras.city(hex_id)
        if info is None or info.conquered:
            continue
        for rank, code in enumerate(BUILDING_ORDER):
            if code not in info.buildings and code in view.rules.buildings:
                candidate = (rank, -info.population, hex_id, code)
                if best is None or candidate < best:
                    best = candidate
                break
    if best is not None and extras.post_line(Erect(hex=best[2], buildings=(best[3],))):
        extras.budget.afford(cost)


def _add_buildings_for_growth(extras: Extras) -> None:
    """The bot ERECTs Churches first (a city's people grow twice as fast, CC-CITY-46), then a
    Hospital, a Market and, in a city filling up, a Stockyard, in its most populous cities."""
    view = extras.view
    cost = view.rules.fixed_costs["building"]
    cities = [info for info in map(extras.city, extras.owned_cities())
              if info is not None and not info.conquered]
    cities.sort(key=lambda info: (-info.population, info.hex))
    erected = 0
    for info in cities:
        band = view.rules.population["major" if info.major else "minor"]
        wanted = [code for code in HARD_BUILDING_ORDER
                  if code not in info.buildings and code in view.rules.buildings
                  and (code != "STO" or 2 * info.population >= band.maximum)]
        count = min(len(wanted), extras.budget.spare // cost)
        if count <= 0 or erected >= HARD_ERECTS:
            return
        if extras.post_line(Erect(hex=info.hex, buildings=tuple(wanted[:count]))):
            extras.budget.afford(count * cost)
            erected += 1


def _near_cities(extras: Extras) -> list[str]:
    """Own hexes one or two steps from the Clan's cities, the nearer ring first (safer there)."""
    world = extras.view.map
    owned = set(extras.view.owned_hexes())
    rings: list[str] = []
    seen = set(extras.owned_cities())
    frontier = list(extras.owned_cities())
    for _ring in range(2):
        nearer = []
        for hex_id in frontier:
            for _direction, there in world.neighbors(hex_id):
                if there not in seen:
                    seen.add(there)
                    nearer.append(there)
        rings += sorted(h for h in nearer if h in owned)
        frontier = nearer
    return rings


def _yield_value(extras: Extras, code: str) -> int:
    """What a custom structure's production is worth a turn at today's prices."""
    prices = extras.view.prices()
    production = extras.view.rules.custom_structures[code].production
    return sum(amount if item == "money" else amount * prices.get(item, 0)
               for item, amount in production.items())


def add_structures(extras: Extras) -> None:
    """BUILD the custom structure worth most a turn in an own hex one or two steps from an own
    city, when it repays itself within PAYBACK_TURNS and the money is there (CC-CL-BUILD-01)."""
    view, rules = extras.view, extras.view.rules
    if not extras.level.builds_structures or not extras.owned_cities():
        return
    cheapest = min((rule.cost for rule in rules.custom_structures.values()), default=0)
    if not cheapest or extras.budget.spare < 2 * cheapest:
        return
    best: tuple[int, str, str] | None = None
    for hex_id in _near_cities(extras)[:STRUCTURE_SEARCH]:
        codes = rules.terrains[view.map.terrain_of(hex_id)].custom_structures
        if not codes or view.map.city_at(hex_id) is not None:
            continue
        info = view.hex_info(hex_id)
        if info.custom or info.special or info.conquered:
            continue
        for code in codes:
            value = _yield_value(extras, code)
            cost = rules.custom_structures[code].cost
            if value * PAYBACK_TURNS >= cost and (best is None or (-value, hex_id, code) < best):
                best = (-value, hex_id, code)
    if best is None:
        return
    cost = rules.custom_structures[best[2]].cost
    if extras.budget.spare >= 2 * cost and \
            extras.post_line(Build(hex=best[1], structure=best[2])):
        extras.budget.afford(cost)


__all__ = ["add_buildings", "add_cures", "add_structures"]
