"""Market and convoy-creation Clan orders: BUY, SELL (and SELL CONVOY), ENLIST, CREATE (CC-CL)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.convoys import convoys as convoy_rules
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import offers
from conquest_tui.engine.orderbook.declare import clan_order
from conquest_tui.engine.orders.arguments import (
    SUPPLIES,
    OrderSyntaxError,
    convoy_number,
    hex_arg,
    no_more,
    quantity,
)
from conquest_tui.engine.orders.model import ClanOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import (
    convoy_word,
    quoted,
    spaced,
    supply_word,
    vehicle_word,
)
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.steps import food

INDOCTRINATION = "IND"
"""Building code of the Indoctrination Center (CC-CITY-49)."""


def pay(ctx: TurnContext, cost: int, why: str, **facts: object) -> bool:
    """Take the cost from the treasury, or fail the order and take nothing (CC-CL-GEN-03).

    `why` and the facts say what was to be bought, for the sentence of the failure."""
    money = ctx.clan.stock.money
    if cost > money:
        ctx.fail(EventKind.NO_MONEY, "CC-CL-GEN-03", why=why, cost=cost, money=money, **facts)
        return False
    ctx.clan.stock.money -= cost
    return True


def market_words(rules: Ruleset) -> dict[str, tuple[str, ...]]:
    """What BUY and SELL trade, for a problem's facts: supplies and weapons of the market, then
    every vehicle by its plural, smallest first in each convoy type."""
    stocked = set(SUPPLIES.values())
    return {"supplies": tuple(key for key in rules.market if key in stocked),
            "vehicles": tuple(rules.vehicles[key].plural for convoy_type in
                              rules.convoy_types.values() for key in convoy_type.vehicles)}


def _item(token: Token | None, spec: OrderSpec, rules: Ruleset) -> tuple[str, bool]:
    """(item key, is_vehicle) for BUY and SELL."""
    if token is None:
        raise OrderSyntaxError("missing_item", why="market", keyword=spec.keyword,
                               syntax=spec.syntax, **market_words(rules))
    word = token.upper
    if word in SUPPLIES:
        return SUPPLIES[word], False
    if word in ("TROOP", "TROOPS"):
        raise OrderSyntaxError("troops", verb=spec.keyword.lower())
    vehicle = rules.vehicle_by_word(token.text)
    if vehicle is not None:
        return vehicle.key, True
    raise OrderSyntaxError("unknown_item", why="market", text=token.text,
                           verb=spec.keyword.lower(), **market_words(rules))


def _trade(spec: OrderSpec, words: list[Token], rules: Ruleset) -> tuple[int, str, int]:
    """(quantity, item, convoy number or 0) of BUY and SELL."""
    amount = quantity(words[0] if words else None, spec.keyword)
    item, is_vehicle = _item(words[1] if len(words) > 1 else None, spec, rules)
    if is_vehicle:
        convoy = convoy_number(words[2] if len(words) > 2 else None,
                               f"{spec.keyword} of vehicles")
        no_more(words, spec, 3)
    else:
        if len(words) > 2:
            raise OrderSyntaxError("extra_words", why="stockpile", item=item)
        convoy = 0
    return amount, item, convoy


def _trade_line(keyword: str, amount: int, item: str, convoy: int, rules: Ruleset) -> str:
    """BUY or SELL of a quantity: a stockpile item, or vehicles of a convoy."""
    if convoy:
        return spaced(keyword, str(amount), vehicle_word(rules, item), convoy_word(convoy))
    return spaced(keyword, str(amount), supply_word(item))


def _vehicle_finding(game: Game, clan: int, convoy_no: int, item: str, selling: int
                     ) -> Finding | None:
    """While typing: the convoy that receives (or gives up) vehicles, and their type."""
    convoy = game.convoy(clan, convoy_no)
    vehicle = game.rules.vehicles[item]
    if convoy is None:
        return "no_convoy", {"number": convoy_no}
    if vehicle.convoy_type != convoy.convoy_type:
        return "wrong_type", reason("vehicle_type", vehicles=vehicle.plural.lower(),
                                    vehicle_type=vehicle.convoy_type, number=convoy.number,
                                    convoy_type=convoy.convoy_type).as_facts()
    if selling and convoy.vehicles.get(vehicle.key, 0) < selling:
        return "not_enough", reason("few_vehicles", number=convoy.number,
                                    have=convoy.vehicles.get(vehicle.key, 0),
                                    vehicles=vehicle.plural.lower()).as_facts()
    return None


@clan_order("BUY", abbr="BU", syntax="BUY quantity item [#convoy]",
            summary="buy supplies, weapons or vehicles", rule="CC-CL-BUYS-01")
@attrs.frozen
class Buy(ClanOrder):
    """Buy supplies or weapons, or vehicles for a convoy (CC-CL-BUYS, CC-CL-BUYV)."""

    quantity: int = 0
    item: str = ""
    convoy: int = 0
    """Convoy number for vehicles; 0 for supplies."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """quantity item, and #convoy for vehicles."""
        amount, item, convoy = _trade(spec, words, rules)
        return cls(spec.keyword, line_number, text, quantity=amount, item=item, convoy=convoy)

    def words(self, rules: Ruleset) -> str:
        """BUY 3 FOOD; vehicles by their plural, for a convoy: BUY 2 BUSES #1."""
        return _trade_line(self.keyword, self.quantity, self.item, self.convoy, rules)

    def check(self, game: Game, clan: int) -> Finding | None:
        """Vehicles need a convoy of their type."""
        return _vehicle_finding(game, clan, self.convoy, self.item, 0) if self.convoy else None

    def forecast(self, game: Game, clan: int) -> None:
        """Vehicles join the convoy, for the lines after this one."""
        convoy = game.convoy(clan, self.convoy) if self.convoy else None
        if convoy is not None:
            convoy_rules.add_vehicles(game, convoy, self.item, self.quantity)

    def run(self, ctx: TurnContext) -> None:
        """Pay the market price; vehicles join the convoy wherever it is (CC-CL-BUYV-02)."""
        rules = ctx.game.rules
        if self.convoy:
            convoy = ctx.game.convoy(ctx.clan.number, self.convoy)
            vehicle = rules.vehicles[self.item]
            name = vehicle.name if self.quantity == 1 else vehicle.plural
            if convoy is None:
                ctx.fail(EventKind.NO_CONVOY, "CC-CL-BUYV-01", why="buy", number=self.convoy,
                         name=name.lower())
                return
            if vehicle.convoy_type != convoy.convoy_type:
                ctx.fail(EventKind.WRONG_TYPE, "CC-CL-BUYV-02", why="buy", name=name.lower(),
                         vehicle_type=vehicle.convoy_type, number=convoy.number,
                         convoy_type=convoy.convoy_type)
                return
            cost = vehicle.cost * self.quantity
            if not pay(ctx, cost, "vehicles", quantity=self.quantity, name=name.lower()):
                return
            convoy_rules.add_vehicles(ctx.game, convoy, vehicle.key, self.quantity)
            ctx.report(EventKind.BUY, "CC-CL-BUYV-03", convoy=convoy.number, why="vehicles",
                       vehicle=vehicle.key, name=name.lower(), quantity=self.quantity,
                       cost=cost, training=convoy.training)
            return
        price, offer = offers.buy_price(ctx.game, self.item)
        cost = price * self.quantity
        if not pay(ctx, cost, "items", quantity=self.quantity, item=self.item):
            return
        ctx.clan.stock.add(Item(self.item), self.quantity)
        if offer is not None:  # the radio's special buying opportunity (CC-RES-16)
            ctx.report(EventKind.BUY, "CC-RES-16", why="offer", item=self.item,
                       quantity=self.quantity, price=price, cost=cost, usual=offer.usual)
            return
        ctx.report(EventKind.BUY, "CC-CL-BUYS-02", why="items", item=self.item,
                   quantity=self.quantity, price=price, cost=cost)


@clan_order("SELL", abbr="SE", syntax="SELL quantity item [#convoy] | SELL CONVOY #n",
            summary="sell supplies, weapons, vehicles or a convoy", rule="CC-CL-SELL-01")
@attrs.frozen
class Sell(ClanOrder):
    """Sell supplies or weapons, or vehicles from a convoy (CC-CL-SELL), or with SELL CONVOY
    every vehicle of a convoy, which disbands (CC-CL-SELL-02)."""

    quantity: int = 0
    item: str = ""
    convoy: int = 0
    whole_convoy: bool = False

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """quantity item [#convoy], or CONVOY #n."""
        if words and words[0].upper == "CONVOY":
            number = convoy_number(words[1] if len(words) > 1 else None, "SELL CONVOY")
            no_more(words, spec, 2)
            return cls(spec.keyword, line_number, text, convoy=number, whole_convoy=True)
        amount, item, convoy = _trade(spec, words, rules)
        return cls(spec.keyword, line_number, text, quantity=amount, item=item, convoy=convoy)

    def words(self, rules: Ruleset) -> str:
        """SELL 40 FOOD, SELL 2 BUSES #1, or SELL CONVOY #3."""
        if self.whole_convoy:
            return spaced(self.keyword, "CONVOY", convoy_word(self.convoy))
        return _trade_line(self.keyword, self.quantity, self.item, self.convoy, rules)

    def check(self, game: Game, clan: int) -> Finding | None:
        """The convoy must exist, hold the vehicles and be of their type."""
        if self.whole_convoy:
            if game.convoy(clan, self.convoy) is None:
                return "no_convoy", {"number": self.convoy}
            return None
        if self.convoy:
            return _vehicle_finding(game, clan, self.convoy, self.item, self.quantity)
        return None

    def forecast(self, game: Game, clan: int) -> None:
        """The lines after this one find the convoy gone (SELL CONVOY, or its last vehicles
        sold) or with fewer vehicles."""
        convoy = game.convoy(clan, self.convoy) if self.convoy else None
        if convoy is None:
            return
        if self.whole_convoy:
            convoy_rules.sell_convoy(game, convoy)
            return
        convoy_rules.remove_vehicles(game, convoy, self.item, self.quantity)
        if not convoy.vehicles:
            game.remove_convoy(convoy)

    def run(self, ctx: TurnContext) -> None:
        """Sell at the market's sell fraction; a convoy left without vehicles disbands."""
        if self.whole_convoy:
            self._sell_convoy(ctx)
            return
        rules = ctx.game.rules
        fraction = rules.market_rules.sell_fraction
        if self.convoy:
            convoy = ctx.game.convoy(ctx.clan.number, self.convoy)
            vehicle = rules.vehicles[self.item]
            if convoy is None:
                ctx.fail(EventKind.NO_CONVOY, "CC-CL-SELL-01", why="plain", number=self.convoy)
                return
            have = convoy.vehicles.get(vehicle.key, 0)
            if have < self.quantity:
                ctx.fail(EventKind.NOT_ENOUGH, "CC-CL-SELL-01", why="vehicles",
                         number=convoy.number, have=have, name=vehicle.plural.lower(),
                         quantity=self.quantity)
                return
            value = int(vehicle.cost * fraction) * self.quantity
            ctx.clan.stock.money += value
            dumped = convoy_rules.remove_vehicles(ctx.game, convoy, vehicle.key, self.quantity)
            ctx.report(EventKind.SELL, "CC-CL-SELL-01", convoy=convoy.number, why="vehicles",
                       vehicle=vehicle.key, name=vehicle.plural.lower(), quantity=self.quantity,
                       value=value, **convoy_rules.overflow_fact(dumped))
            if not convoy.vehicles:
                ctx.game.remove_convoy(convoy)
                ctx.report(EventKind.DISBAND, "CC-CNV-72", convoy=convoy.number, why="sold")
            return
        have = ctx.clan.stock.get(Item(self.item))
        if self.item == "food":  # not the unit its troops have begun to eat (AMB-60)
            have = food.whole_food(ctx.clan)
        if have < self.quantity:
            ctx.fail(EventKind.NOT_ENOUGH, "CC-CL-SELL-01", why="items", have=have,
                     item=self.item, quantity=self.quantity)
            return
        price = int(ctx.game.state.prices[self.item] * fraction)
        ctx.clan.stock.add(Item(self.item), -self.quantity)
        ctx.clan.stock.money += price * self.quantity
        ctx.report(EventKind.SELL, "AMB-45", why="items", item=self.item, quantity=self.quantity,
                   price=price)

    def _sell_convoy(self, ctx: TurnContext) -> None:
        convoy = ctx.game.convoy(ctx.clan.number, self.convoy)
        if convoy is None:
            ctx.fail(EventKind.NO_CONVOY, "CC-CL-SELL-02", why="plain", number=self.convoy)
            return
        gone = convoy_rules.aboard(convoy)  # its troops and weapons go home; the rest is sold
        value = convoy_rules.sell_convoy(ctx.game, convoy)
        ctx.report(EventKind.SELL_CONVOY, "CC-CNV-71", convoy=self.convoy, value=value,
                   vehicles=gone["vehicles"], cargo=gone.get("cargo", 0))


@clan_order("ENLIST", abbr="EN", syntax="ENLIST quantity", summary="enlist troops",
            rule="CC-CL-ENLIST-01")
@attrs.frozen
class Enlist(ClanOrder):
    """Enlist troops into the unallocated pool (CC-CL-ENLIST)."""

    quantity: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """quantity."""
        amount = quantity(words[0] if words else None, "ENLIST")
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, quantity=amount)

    def words(self, rules: Ruleset) -> str:
        """ENLIST 40."""
        return spaced(self.keyword, str(self.quantity))

    def run(self, ctx: TurnContext) -> None:
        """As many as the treasury pays for, at the troop price (AMB-46)."""
        price = ctx.game.state.prices["troops"]
        wanted = self.quantity
        affordable = min(wanted, ctx.clan.stock.money // price) if price else wanted
        if affordable <= 0:
            ctx.fail(EventKind.NO_MONEY, "CC-CL-ENLIST-01", why="enlist", price=price,
                     money=ctx.clan.stock.money)
            return
        ctx.clan.stock.money -= affordable * price
        ctx.clan.stock.troops += affordable
        ctx.report(EventKind.ENLIST, "AMB-46", troops=affordable, price=price, wanted=wanted)


def check_name(name: str) -> None:
    """Names: at most 20 characters, not starting with the word "the" (CC-CL-CREATE-05)."""
    if len(name) > 20:
        raise OrderSyntaxError("long_name", why="convoy", name=name)
    if name.split(" ", 1)[0].upper() == "THE" and name:
        raise OrderSyntaxError("the_name", why="convoy")


@clan_order("CREATE", abbr="CR", syntax='CREATE hex# type ["name"]',
            summary="create a convoy in a city you own", rule="CC-CL-CREATE-01")
@attrs.frozen
class Create(ClanOrder):
    """Create a convoy in an owned city (CC-CL-CREATE)."""

    hex: str = ""
    convoy_type: str = ""
    name: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """hex# type ["name"]."""
        hex_id = hex_arg(words[0] if words else None, "CREATE")
        if len(words) < 2:
            raise OrderSyntaxError("missing_type")
        convoy_type = rules.convoy_type_by_word(words[1].text)
        if convoy_type is None:
            raise OrderSyntaxError("bad_type", why="not_type", text=words[1].text)
        name = " ".join(t.text for t in words[2:]).strip()
        check_name(name)
        return cls(spec.keyword, line_number, text, hex=hex_id, convoy_type=convoy_type.key,
                   name=name)

    def words(self, rules: Ruleset) -> str:
        """CREATE 0516 LAND, with the name in quotes if it has one: CREATE 0516 AIR "Hawks"."""
        return spaced(self.keyword, self.hex, self.convoy_type.upper(), quoted(self.name))

    def check(self, game: Game, clan: int) -> Finding | None:
        """The city must be the Clan's and able to launch that type."""
        problem = convoy_rules.create_problem(game, clan, self.hex, self.convoy_type)
        return ("cannot_create", problem.as_facts()) if problem else None

    def forecast(self, game: Game, clan: int) -> None:
        """The new convoy, numbered as the turn numbers it, for its section and the lines after
        this one."""
        if game.rules.creation_cost(len(game.convoys_of(clan)) + 1) is not None:
            convoy_rules.create_convoy(game, clan, convoy_rules.next_number(game, clan),
                                       self.hex, self.convoy_type, self.name)

    def run(self, ctx: TurnContext) -> None:
        """Pay the creation cost of the next convoy; an Indoctrination Center adds gifts."""
        problem = convoy_rules.create_problem(ctx.game, ctx.clan.number, self.hex,
                                              self.convoy_type)
        if problem:
            ctx.fail(EventKind.CANNOT_CREATE, "CC-CL-CREATE-01", **problem.as_facts())
            return
        number = convoy_rules.next_number(ctx.game, ctx.clan.number)
        cost = ctx.game.rules.creation_cost(len(ctx.game.convoys_of(ctx.clan.number)) + 1)
        if cost is None:
            ctx.fail(EventKind.TOO_MANY, "CC-CNV-68", why="convoys")
            return
        if not pay(ctx, cost, "create", number=number):
            return
        convoy = convoy_rules.create_convoy(ctx.game, ctx.clan.number, number, self.hex,
                                            self.convoy_type, self.name)
        ctx.report(EventKind.CREATE, "CC-CNV-70", convoy=number, convoy_type=self.convoy_type,
                   name=convoy.name, hex=self.hex, cost=cost)
        city = ctx.game.city(self.hex)
        if city is not None and INDOCTRINATION in city.buildings:
            _indoctrinate(ctx, convoy)


def _indoctrinate(ctx: TurnContext, convoy: Convoy) -> None:
    """An Indoctrination Center's gifts to a convoy created in its city (CC-CITY-49, AMB-65)."""
    rules = ctx.game.rules
    effects = rules.building_effects
    scout = rules.convoy_types[convoy.convoy_type].scout
    convoy.vehicles[scout] = convoy.vehicles.get(scout, 0) + effects.indoctrination_scouts
    convoy.vehicles = dict(sorted(convoy.vehicles.items()))
    morale = effects.indoctrination_morale.roll(ctx.rng())
    training = effects.indoctrination_training.roll(ctx.rng())
    convoy.morale += morale
    convoy.training = min(rules.morale.training_maximum, convoy.training + training)
    recruits = convoy_stats.troop_capacity(convoy, rules) - convoy.troops
    convoy.troops += recruits
    name = rules.vehicles[scout].name.lower()
    ctx.report(EventKind.INDOCTRINATION, "CC-CITY-49", convoy=convoy.number, name=name,
               scouts=effects.indoctrination_scouts, morale=morale, training=training,
               troops=recruits)
