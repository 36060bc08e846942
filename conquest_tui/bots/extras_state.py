"""What the extras planners share: the view, the judgement, the plan, the dice and the purse.

The planners (`city_care`, `diplomacy`, `hiring`, `intel`, `trade`) each read and write an
`Extras`; `extras.add_extras` runs them in turn. Nothing here imports a planner, so the planners
and the module that runs them import this one and not each other.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

import attrs

from conquest_tui.bots import supply
from conquest_tui.bots.levels import Level
from conquest_tui.bots.plan import SheetPlan
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.orderbook.clan_admin import TrainAgents
from conquest_tui.engine.orderbook.market import Buy, Enlist
from conquest_tui.engine.orders.model import ClanOrder, ConvoyOrder
from conquest_tui.engine.reports.view import (
    CityInfo,
    ClanView,
    ConvoyInfo,
    MetClanInfo,
    OwnClan,
    Standing,
)

SECTION_SHARE = 3
"""The extras take at most a third of a convoy's section: the rest is for movement and war."""

@attrs.define
class Budget:
    """Money the extras may still spend this turn: the treasury above a reserve."""

    spare: int

    def afford(self, cost: int) -> bool:
        """Spend `cost` if there is that much to spare; False (and nothing spent) otherwise."""
        if cost < 0 or cost > self.spare:
            return False
        self.spare -= cost
        return True


@attrs.define
class Extras:
    """What the extra planners share: the view, the judgement, the plan, the dice, the purse."""

    view: ClanView
    level: Level
    plan: SheetPlan
    rng: random.Random
    budget: Budget
    used: dict[int, int] = attrs.field(factory=dict)
    """Convoy number → lines the extras added to its section."""
    _cities: dict[str, CityInfo | None] = attrs.field(factory=dict)
    _facts: dict[str, Any] = attrs.field(factory=dict)
    """What the view said, read once per sheet: the Clan's record, its convoys, the standing…"""
    post_used: int = 0
    """[POST] lines the extras added."""
    enemies: set[int] = attrs.field(factory=set)
    """Clans the bot treats as enemies this turn (banned, or they attacked it)."""

    def standing(self) -> Standing:
        """The game's standing (read once per sheet)."""
        return cast(Standing, self._once("standing", self.view.standing))

    def _once(self, key: str, read: Callable[[], Any]) -> Any:
        if key not in self._facts:
            self._facts[key] = read()
        return self._facts[key]

    @property
    def clan(self) -> OwnClan:
        """The Clan's own record (read once per sheet)."""
        return cast(OwnClan, self._once("clan", lambda: self.view.clan))

    def met(self) -> tuple[MetClanInfo, ...]:
        """The Clans met (read once per sheet)."""
        return cast(tuple[MetClanInfo, ...], self._once("met", self.view.met_clans))

    def spies(self) -> frozenset[str]:
        """Cities where the Clan has a spy or counterspy (read once per sheet)."""
        return cast(frozenset[str], self._once("spies", lambda: frozenset(self.view.spies())))

    def last_events(self) -> tuple[Event, ...]:
        """The Clan's events of its last turn (read once per sheet)."""
        return cast(tuple[Event, ...], self._once("events", lambda: self.view.last_turn().events))

    def owned_cities(self) -> list[str]:
        """The Clan's cities (read once per sheet)."""
        return cast(list[str], self._once("owned", self.view.owned_cities))

    def home(self) -> list[str]:
        """Where the Clan is: its cities, else its convoys' hexes."""
        return self.owned_cities() or [convoy.hex for convoy in self.convoys()]

    def listed_cities(self) -> list[CityInfo]:
        """The Clan's city list (read once per sheet)."""
        return cast(list[CityInfo], self._once("listed", self.view.listed_cities))

    def rivals(self) -> dict[int, list[str]]:
        """Every other Clan the bot knows of → hexes where it knows the Clan to be: the public
        Top Clans, Clans met, owners of cities in its city list (their cities, convoys seen)."""
        return cast(dict[int, list[str]], self._once("rivals", self._rivals))

    def _rivals(self) -> dict[int, list[str]]:
        me = self.view.number
        found: dict[int, list[str]] = {n: [] for n, _name, _pop in self.standing().top_clans
                                       if n != me}
        for met in self.met():
            found.setdefault(met.number, []).extend(
                h for h in (met.last_seen_hex, met.first_met_hex) if h)
        for info in self.listed_cities():
            if info.owner not in (0, me, -1):
                found.setdefault(info.owner, []).append(info.hex)
        return found

    def popularity(self, clan: int) -> int:
        """A Clan's popularity as the printed Top Clans show it; the starting figure if unlisted."""
        for number, _name, popularity in self.standing().top_clans:
            if number == clan:
                return popularity
        return self.view.rules.start.popularity

    def convoys(self) -> list[ConvoyInfo]:
        """The Clan's convoys (read once per sheet)."""
        return cast(list[ConvoyInfo], self._once("convoys", self.view.convoys))

    def city(self, hex_id: str) -> CityInfo | None:
        """The city in a hex as the Clan knows it, or None (read once per sheet)."""
        if hex_id not in self._cities:
            site = self.view.map.city_at(hex_id)
            self._cities[hex_id] = self.view.city_info(hex_id) if site is not None else None
        return self._cities[hex_id]

    def convoy_line(self, number: int, order: ConvoyOrder) -> bool:
        """Add an order to a convoy's section within the extras' share of it."""
        section = self.plan.convoy(number)
        share = max(1, section.room // SECTION_SHARE)
        if self.used.get(number, 0) >= share or not section.add(order):
            return False
        self.used[number] = self.used.get(number, 0) + 1
        return True

    def pre_line(self, order: ClanOrder) -> bool:
        """Add a pre-turn Clan order if [PRE] has room (the brain wrote its supplies first)."""
        return self.plan.add_pre(order)

    def post_line(self, order: ClanOrder) -> bool:
        """Add a post-turn Clan order within the extras' half of [POST]: the brain's supplies,
        troops and garrisons come after."""
        self.post_used += 1
        if self.post_used > self.plan.post_room // 2 or not self.plan.add_post(order):
            self.post_used -= 1
            return False
        return True

    def free_errand(self, convoy: ConvoyInfo) -> bool:
        """Whether the convoy may be sent on an errand: none yet, fit and in the open."""
        return convoy.number not in self.plan.errands and convoy.health >= 50


def upkeep(view: ClanView, convoys: list[ConvoyInfo], stock_troops: int) -> int:
    """Money one game turn of the Clan's food, fuel and parts costs at today's prices (the
    supply planner's generous estimates)."""
    rules, prices = view.rules, view.prices()
    use = rules.consumption
    food = (stock_troops + sum(c.troops for c in convoys)) * use.food_per_troop * 1.1
    fuel = sum(c.fuel_cost * c.moves for c in convoys) * supply.FUEL_MARGIN
    parts = sum(c.size for c in convoys) * use.parts_per_size * use.parts_turn_factor.high \
        * supply.PARTS_MARGIN
    return int(food * prices["food"] + fuel * prices["fuel"] + parts * prices["parts"])


def planned_spending(view: ClanView, plan: SheetPlan, agents: int) -> int:
    """What the [PRE] orders already on the plan will cost (purchases, troops, agents)."""
    prices, rules, spent = view.prices(), view.rules, 0
    for order in plan.pre:
        if isinstance(order, Enlist):
            spent += order.quantity * prices["troops"]
        elif isinstance(order, TrainAgents):
            spent += order.quantity * rules.agent_cost(agents + 1)
        elif isinstance(order, Buy) and order.convoy:
            spent += order.quantity * rules.vehicles[order.item].cost
        elif isinstance(order, Buy) and order.item in prices:
            spent += order.quantity * prices[order.item]
    return spent


def budget_for(extras: Extras, reserve: int) -> Budget:
    """The treasury less what the plan spends already, a fixed reserve and two turns' upkeep."""
    view, clan = extras.view, extras.clan
    spare = clan.stock.money - planned_spending(view, extras.plan, clan.agents) - reserve \
        - 2 * upkeep(view, extras.convoys(), clan.stock.troops)
    return Budget(max(0, spare))



__all__ = ["Budget", "Extras", "budget_for", "planned_spending", "upkeep"]
