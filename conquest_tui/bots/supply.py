"""Supply: food, fuel and parts bought ahead so no convoy starves, and money kept for upkeep."""

from __future__ import annotations

import math

import attrs

from conquest_tui.bots.levels import Level
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.orderbook.market import Buy, Sell
from conquest_tui.engine.reports.view import ClanView, ConvoyInfo

FUEL_MARGIN = 1.6
"""Fuel for rough going (rivers, seas, pauses) over the plain cost of every move."""
TERRAIN_MARGIN = 1.25
"""Fuel and parts over what the terrain around a convoy costs to cross (rivers, pauses, a
longer way)."""
TERRAIN_RADIUS = 2
"""Rings of hexes around a convoy whose terrain it is reckoned to cross next turn."""
PARTS_MARGIN = 1.5


@attrs.define
class Budget:
    """Money the bot may still spend this turn, after what upkeep and supplies need."""

    money: int
    reserve: int

    @property
    def spare(self) -> int:
        """Money above the reserve."""
        return max(0, self.money - self.reserve)

    def spend(self, amount: int) -> bool:
        """Take `amount` if it leaves the reserve intact."""
        if amount <= 0 or amount > self.spare:
            return False
        self.money -= amount
        return True


def troops_to_feed(view: ClanView) -> int:
    """Every troop that eats: the stockpile's and the convoys'."""
    return view.clan.stock.troops + sum(c.troops for c in view.convoys())


def needs(view: ClanView, extra_troops: int = 0,
          convoys: list[ConvoyInfo] | None = None) -> dict[str, int]:
    """Food, fuel and parts one game turn of the Clan's convoys uses (generous estimates).

    `convoys`: the convoys as this turn's purchases leave them, their fuel and parts reckoned
    move by move from the terrain around each (a level that reads the map); None: as they
    stand, at flat margins.
    """
    rules = view.rules
    use = rules.consumption
    food = math.ceil((troops_to_feed(view) + extra_troops) * use.food_per_troop * 1.1)
    if convoys is None:
        convoys = view.convoys()
        fuel = math.ceil(sum(c.fuel_cost * c.moves for c in convoys) * FUEL_MARGIN)
        parts = math.ceil(sum(c.size for c in convoys) * use.parts_per_size
                          * use.parts_turn_factor.high * PARTS_MARGIN)
        return {"food": food, "fuel": fuel, "parts": parts}
    fuel_used = parts_used = 0.0
    for convoy in convoys:
        fuel_rate, parts_rate = going(view, convoy)
        kind = rules.convoy_types[convoy.convoy_type]
        fuel_used += convoy.fuel_cost * convoy.moves * fuel_rate
        parts_used += convoy.size * use.parts_per_size * kind.parts_type_multiplier \
            * use.parts_turn_factor.high * convoy.moves * parts_rate
    return {"food": food, "fuel": math.ceil(fuel_used), "parts": math.ceil(parts_used)}


def going(view: ClanView, convoy: ConvoyInfo) -> tuple[float, float]:
    """(fuel, parts) multipliers per move the convoy should reckon with: the means over the
    hexes it may enter within TERRAIN_RADIUS (land for a land convoy, water for a sea one),
    with a margin (CC-TER-02, AMB-28)."""
    world, terrains = view.map, view.rules.terrains
    ring, seen = {convoy.hex}, {convoy.hex}
    for _ in range(TERRAIN_RADIUS):
        ring = {there for here in ring for _direction, there in world.neighbors(here)} - seen
        seen |= ring
    usable = [h for h in seen if convoy.convoy_type != "land" or world.is_land(h)]
    usable = [h for h in usable if convoy.convoy_type != "sea" or world.is_water(h)] or [convoy.hex]
    kinds = [terrains[world.terrain_of(h)] for h in usable]
    fuel = sum(kind.fuel_multiplier for kind in kinds) / len(kinds)
    parts = sum(kind.parts_multiplier for kind in kinds) / len(kinds)
    return TERRAIN_MARGIN * fuel, TERRAIN_MARGIN * parts


def top_ups(view: ClanView, level: Level, turns: int, extra_troops: int = 0,
            convoys: list[ConvoyInfo] | None = None) -> dict[str, int]:
    """Units of food, fuel and parts to buy so the stockpile lasts `turns` game turns
    (`convoys`: as this turn's purchases leave them, see `needs`)."""
    stock = view.clan.stock
    wanted = needs(view, extra_troops, convoys)
    out: dict[str, int] = {}
    for item, per_turn in wanted.items():
        short = per_turn * turns + 5 - stock.get(Item(item))
        if short > 0:
            out[item] = short
    return out


def surplus_sales(view: ClanView, keep_turns: int, least: int = 0,
                  convoys: list[ConvoyInfo] | None = None) -> list[tuple[Sell, int]]:
    """(SELL order, money it brings) for each supply the Clan's hexes produce more of than its
    convoys use, of the stock beyond `keep_turns` game turns of use, worth at least `least`
    dollars, most money first (CC-CL-SELL-01: half the market price, AMB-45). A supply the
    Clan uses faster than it makes is never sold: it will be bought back dearer. `convoys`:
    see `needs`."""
    stock = view.clan.stock
    fraction = view.rules.market_rules.sell_fraction
    prices = view.prices()
    made = view.income_estimate()
    sales = []
    for item, per_turn in needs(view, 0, convoys).items():
        if made.get(item, 0) <= 0 or made.get(item, 0) < per_turn:
            continue
        units = stock.get(Item(item)) - per_turn * keep_turns - 5
        money = units * int(prices[item] * fraction)
        if units > 0 and money >= max(1, least):
            sales.append((Sell(quantity=units, item=item), money))
    return sorted(sales, key=lambda sale: -sale[1])


def sales_for(sales: list[tuple[Sell, int]], wanted: int, beyond: dict[str, int],
              room: int = 0) -> list[tuple[Sell, int]]:
    """The part of `sales` (most money first) that brings the `wanted` money, or else the units
    of each supply beyond what a level ever keeps (`beyond`) while they bring no more than
    `room` money in all; sales that bring nothing drop out."""
    cut: list[tuple[Sell, int]] = []
    for sale, money in sales:
        unit = max(1, money // max(1, sale.quantity))
        hoard = min(beyond.get(sale.item, 0), max(0, room) // unit)
        units = min(sale.quantity, max(-(-max(0, wanted) // unit), hoard))
        if units <= 0:
            continue
        wanted -= units * unit
        room -= units * unit
        cut.append((Sell(quantity=units, item=sale.item), units * unit))
    return cut


def buy_lines(view: ClanView, budget: Budget, amounts: dict[str, int]) -> list[Buy]:
    """BUY orders for the amounts, cheapest needs first (food before fuel before parts), as far
    as money goes (supplies may eat into the reserve: starving costs more)."""
    prices = view.prices()
    lines: list[Buy] = []
    for item in ("food", "fuel", "parts"):
        amount = amounts.get(item, 0)
        if amount <= 0:
            continue
        affordable = min(amount, budget.money // max(1, prices[item]))
        if affordable <= 0:
            continue
        budget.money -= affordable * prices[item]
        lines.append(Buy(quantity=affordable, item=item))
    return lines


__all__ = ["Budget", "buy_lines", "needs", "sales_for", "surplus_sales", "top_ups",
           "troops_to_feed"]
