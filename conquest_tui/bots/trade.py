"""Trade for bots: PICKUP a city's goods where some known city needs them, DROPOFF where it does."""

from __future__ import annotations

from conquest_tui.bots.extras_state import Extras
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.orderbook.cities import Dropoff, PickupGoods
from conquest_tui.engine.reports.view import CityInfo, ConvoyInfo

WORTH = 1_000
"""Least value of a load (at today's goods price) worth a trip."""
OPEN = ("owned", "friendly")


def _open(info: CityInfo, convoy: ConvoyInfo) -> bool:
    """Whether the city trades with the convoy (a Merchant trades anywhere, CC-CNV-58)."""
    return info.status.lower() in OPEN or "MER" in convoy.experts


def _needs(info: CityInfo, goods: str) -> bool:
    """Whether the city buys these goods ("anything": all but its own, CC-CITY-24)."""
    if not goods or not info.needs:
        return False
    if info.needs == "anything":
        return goods != info.produces
    return info.needs == goods


def _buyer(extras: Extras, convoy: ConvoyInfo, goods: str, reach: int) -> str:
    """The nearest known city within reach that buys these goods from this convoy, own cities
    first (a met need raises their income, CC-CITY-25); ""."""
    me = extras.view.number
    best: tuple[bool, int, str] | None = None
    for info in extras.listed_cities():
        if info.hex == convoy.hex or not _needs(info, goods) or not _open(info, convoy):
            continue
        distance = hexgrid.distance(convoy.hex, info.hex)
        candidate = (info.owner != me, distance, info.hex)
        if distance <= reach and (best is None or candidate < best):
            best = candidate
    return best[2] if best else ""


def add_trade(extras: Extras) -> None:
    """For each convoy with cargo room: DROPOFF where the city needs its cargo (CC-CO-DROPOFF-01),
    else head for a buyer; PICKUP where the city's goods have a buyer in reach (CC-CO-PICKUP-01)."""
    reach = extras.level.trade_reach
    if not reach:
        return
    prices = extras.view.goods_prices()
    for convoy in extras.convoys():
        if convoy.cargo_capacity <= 0 or convoy.hidden or convoy.health < 50:
            continue
        info = extras.city(convoy.hex)
        here = info is not None and _open(info, convoy)
        if convoy.cargo:
            if here and info is not None and _needs(info, convoy.cargo_type):
                extras.convoy_line(convoy.number, Dropoff())
                continue
            buyer = _buyer(extras, convoy, convoy.cargo_type, reach)
            if buyer and extras.free_errand(convoy):
                extras.plan.errands[convoy.number] = buyer
            continue
        if not here or info is None or not info.produces:
            continue
        value = prices.get(info.produces, 0) * convoy.cargo_capacity
        if value >= WORTH and _buyer(extras, convoy, info.produces, reach):
            extras.convoy_line(convoy.number, PickupGoods())


__all__ = ["add_trade"]
