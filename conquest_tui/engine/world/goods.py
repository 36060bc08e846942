"""Goods trade at cities: who may trade where, what a city takes, sale value and kickback."""

from __future__ import annotations

import attrs

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core.events import Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.world import buildings

MERCHANT = "MER"


@attrs.frozen
class Sale:
    """One DROPOFF: what the seller gets and the kickback its city's owner gets (CC-CITY-23)."""

    amount: int
    goods: str
    price: int
    value: int
    kickback: int
    city_owner: int


def has_merchant(convoy: Convoy) -> bool:
    """Whether an Expert Merchant rides with the convoy (CC-CITY-08)."""
    return MERCHANT in convoy.experts


def city_name(game: Game, hex_id: str) -> str:
    """The city's map name (CAPITALS for a major city, CC-CITY-01), or the hex number."""
    site = game.map.city_at(hex_id)
    if site is None:
        return hex_id
    return site.name.upper() if site.major else site.name


def status_problem(game: Game, convoy: Convoy, city: CityState) -> Reason | None:
    """Why the city refuses to trade with this convoy, or None (CC-CITY-04…08)."""
    status = game.city_status(city, convoy.owner)
    if status in ("owned", "friendly") or has_merchant(convoy):
        return None
    name = city_name(game, city.hex)
    if status == "banned":
        return reason("trade_banned", owner=city.owner, city=name)
    return reason("trade_hostile", city=name)


def accepts(game: Game, hex_id: str, goods: str) -> bool:
    """Whether the city needs these goods; "anything" takes all but its own (CC-CITY-24)."""
    site = game.map.city_at(hex_id)
    if site is None or not goods:
        return False
    if site.needs == "anything":
        return goods != site.produces
    return goods == site.needs


def pickup_problem(game: Game, convoy: Convoy) -> Reason | None:
    """Why PICKUP cannot load goods here now, or None (CC-CO-PICKUP-01)."""
    city = game.city(convoy.hex)
    site = game.map.city_at(convoy.hex)
    if city is None or site is None:
        return reason("pickup_no_city", hex=convoy.hex)
    if convoy.hidden:
        return reason("pickup_hidden")
    problem = status_problem(game, convoy, city)
    if problem:
        return problem
    if convoy.cargo and convoy.cargo_type != site.produces:
        return reason("pickup_other_goods", cargo=convoy.cargo, goods=convoy.cargo_type,
                      city=city_name(game, city.hex), produces=site.produces)
    if convoy_stats.cargo_capacity(convoy, game.rules) <= convoy.cargo:
        return reason("pickup_full")
    return None


def pick_up_goods(game: Game, convoy: Convoy) -> int:
    """Fill the convoy with the goods the city produces, free of charge (CC-CO-PICKUP-02)."""
    site = game.map.city_at(convoy.hex)
    assert site is not None
    room = convoy_stats.cargo_capacity(convoy, game.rules) - convoy.cargo
    taken = max(0, room)
    convoy.cargo += taken
    convoy.cargo_type = site.produces
    return taken


def dropoff_problem(game: Game, convoy: Convoy) -> Reason | None:
    """Why DROPOFF cannot sell the cargo here now, or None (CC-CO-DROPOFF-01)."""
    city = game.city(convoy.hex)
    site = game.map.city_at(convoy.hex)
    if city is None or site is None:
        return reason("dropoff_no_city", hex=convoy.hex)
    if not convoy.cargo:
        return reason("dropoff_empty")
    if convoy.hidden:
        return reason("dropoff_hidden")
    problem = status_problem(game, convoy, city)
    if problem:
        return problem
    if convoy.cargo_type not in game.rules.goods:  # food or fuel of an early save: no goods
        return reason("dropoff_not_goods", goods=convoy.cargo_type)
    if not accepts(game, convoy.hex, convoy.cargo_type):
        name = city_name(game, city.hex)
        if site.needs == "anything":
            return reason("needs_anything_but", city=name, produces=site.produces)
        return reason("needs_other", city=name, needs=site.needs, goods=convoy.cargo_type)
    return None


def kickback_rate(game: Game, city: CityState) -> float:
    """10% of a sale, 20% with a Marketplace (CC-CITY-23, CC-CITY-51)."""
    rules = game.rules
    rate = rules.market_rules.goods_kickback
    if buildings.works(game, city, "MAR"):
        rate += rules.building_effects.marketplace_kickback_bonus
    return rate


def sell_cargo(game: Game, convoy: Convoy) -> Sale:
    """Sell all cargo at the free-market price; pay the seller and the owner's kickback.

    The kickback is paid on top of the sale, to whoever owns the city (the seller too, when it
    is his own city); an uncontrolled city pays no kickback (CC-CO-DROPOFF-02).
    """
    city = game.city(convoy.hex)
    assert city is not None
    price = game.state.goods_prices.get(convoy.cargo_type, game.rules.goods[convoy.cargo_type])
    value = price * convoy.cargo
    kickback = 0
    if city.owner and game.has_clan(city.owner):
        kickback = int(value * round(kickback_rate(game, city), 6))
        game.clan(city.owner).stock.money += kickback
    game.clan(convoy.owner).stock.money += value
    sale = Sale(amount=convoy.cargo, goods=convoy.cargo_type, price=price, value=value,
                kickback=kickback, city_owner=city.owner if kickback else 0)
    convoy.cargo = 0
    convoy.cargo_type = ""
    return sale


def dump_cargo(convoy: Convoy) -> tuple[int, str]:
    """Throw all cargo away for good; returns what was dumped (CC-CO-DUMP-01)."""
    dumped = (convoy.cargo, convoy.cargo_type)
    convoy.cargo = 0
    convoy.cargo_type = ""
    return dumped
