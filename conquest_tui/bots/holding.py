"""Holding what it takes: FORTIFY and fill the Clan's cities that rivals can reach."""

from __future__ import annotations

from conquest_tui.bots import campaign
from conquest_tui.bots.levels import Level
from conquest_tui.bots.supply import Budget
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.orderbook.cities import Assign, Fortify
from conquest_tui.engine.reports.view import CityInfo, ClanView

THREAT_REACH = 12
"""Hexes (as the crow flies) within which a rival's city or a rival seen lately makes one of
the Clan's cities worth holding (a convoy makes about five moves a game turn)."""
THREAT_TURNS = 3
"""Game turns a rival seen (`campaign.traces`) still counts as near."""


def threatened(view: ClanView) -> list[CityInfo]:
    """The Clan's cities a rival can reach soon, the most populous first: within THREAT_REACH
    of a rival's city it knows of, or of a place it saw or heard of a rival lately."""
    allies = set(view.clan.allies)
    near = [info.hex for info in view.listed_cities()
            if info.owner > 0 and info.owner != view.number and info.owner not in allies]
    near += [hex_id for _clan, turn, hex_id in campaign.traces(view)
             if turn >= view.game_turn - THREAT_TURNS]
    if not near:
        return []
    found = []
    for hex_id in view.owned_cities():
        info = view.city_info(hex_id)
        if info is not None and min(hexgrid.distance(hex_id, place) for place in near) \
                <= THREAT_REACH:
            found.append(info)
    return sorted(found, key=lambda info: (-info.population, info.hex))


def capacity(view: ClanView, info: CityInfo, level: int) -> int:
    """Troops the city may hold at that fortification level."""
    return view.rules.fortification(level).troop_capacity("BAR" in info.buildings)


def troops_wanted(view: ClanView, level: Level) -> int:
    """Troops the threatened cities lack to be full at the fortification the level raises
    them to (or theirs, when higher)."""
    if level.fortify_to <= 0:
        return 0
    return sum(max(0, capacity(view, info, max(info.fortification, level.fortify_to))
                   - info.troops) for info in threatened(view))


def raises(view: ClanView, level: Level, budget: Budget) -> list[str]:
    """The threatened cities it FORTIFYs one level this turn (below the level's `fortify_to`,
    not taken this turn, most populous first), paid from `budget` as far as it goes."""
    if level.fortify_to <= 0:
        return []
    raised = []
    for info in threatened(view):
        if not 0 < info.fortification < level.fortify_to or info.conquered:
            continue
        cost = view.rules.fortification(info.fortification).cost_to_raise or 0
        if cost > 0 and budget.spend(cost):
            raised.append(info.hex)
    return raised


def holding_orders(view: ClanView, level: Level, raised: list[str],
                   pool: int) -> list[Fortify | Assign]:
    """FORTIFY the `raised` cities, and fill every threatened city with stockpile troops
    (`pool`) to its capacity (ASSIGN where it is not raised)."""
    if level.fortify_to <= 0:
        return []
    orders: list[Fortify | Assign] = []
    for info in threatened(view):
        up = info.hex in raised
        room = capacity(view, info, info.fortification + up) - info.troops
        troops = max(0, min(room, pool))
        pool -= troops
        if up:
            orders.append(Fortify(hex=info.hex, troops=troops))
        elif troops > 0:
            orders.append(Assign(hex=info.hex, troops=troops))
    return orders


__all__ = ["holding_orders", "raises", "threatened", "troops_wanted"]
