"""Market and convoy-creation Clan orders: BUY, SELL, SELL CONVOY, ENLIST, CREATE (CC-CL)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.convoys import convoys as convoy_rules
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orders import model
from conquest_tui.engine.phases.handler_types import ClanHandler

INDOCTRINATION = "IND"
"""Building code of the Indoctrination Center (CC-CITY-49)."""


def pay(ctx: TurnContext, cost: int, what: str) -> bool:
    """Take the cost from the treasury, or fail the order and take nothing (CC-CL-GEN-03)."""
    money = ctx.clan.stock.money
    if cost > money:
        ctx.fail("no_money", f"{what} costs ${cost:,} but the treasury holds only ${money:,}; "
                 "nothing was bought", "CC-CL-GEN-03")
        return False
    ctx.clan.stock.money -= cost
    return True


def _buy(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, model.Buy)
    rules = ctx.game.rules
    if order.convoy:
        convoy = ctx.game.convoy(ctx.clan.number, order.convoy)
        vehicle = rules.vehicles[order.item]
        name = vehicle.name if order.quantity == 1 else vehicle.plural
        if convoy is None:
            ctx.fail("no_convoy", f"you have no convoy #{order.convoy} to receive the "
                     f"{name.lower()}", "CC-CL-BUYV-01")
            return
        if vehicle.convoy_type != convoy.convoy_type:
            ctx.fail("wrong_type", f"{name.lower()} are {vehicle.convoy_type} vehicles; "
                     f"convoy #{convoy.number} is a {convoy.convoy_type} convoy", "CC-CL-BUYV-02")
            return
        cost = vehicle.cost * order.quantity
        if not pay(ctx, cost, f"{order.quantity} {name.lower()}"):
            return
        convoy_rules.add_vehicles(ctx.game, convoy, vehicle.key, order.quantity)
        ctx.report(f"Bought {order.quantity} {name.lower()} for convoy #{convoy.number} "
                   f"(${cost:,}); training is now {convoy.training}.", "buy", "CC-CL-BUYV-03",
                   convoy=convoy.number)
        return
    price = ctx.game.state.prices[order.item]
    cost = price * order.quantity
    if not pay(ctx, cost, f"{order.quantity:,} {order.item}"):
        return
    ctx.clan.stock.add(order.item, order.quantity)
    ctx.report(f"Bought {order.quantity:,} {order.item} at ${price:,} each (${cost:,}).", "buy",
               "CC-CL-BUYS-02")


def _sell(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, model.Sell)
    rules = ctx.game.rules
    fraction = rules.market_rules.sell_fraction
    if order.convoy:
        convoy = ctx.game.convoy(ctx.clan.number, order.convoy)
        vehicle = rules.vehicles[order.item]
        if convoy is None:
            ctx.fail("no_convoy", f"you have no convoy #{order.convoy}", "CC-CL-SELL-01")
            return
        have = convoy.vehicles.get(vehicle.key, 0)
        if have < order.quantity:
            ctx.fail("not_enough", f"convoy #{convoy.number} has {have} "
                     f"{vehicle.plural.lower()}, not {order.quantity}", "CC-CL-SELL-01")
            return
        value = int(vehicle.cost * fraction) * order.quantity
        ctx.clan.stock.money += value
        convoy_rules.remove_vehicles(ctx.game, convoy, vehicle.key, order.quantity)
        ctx.report(f"Sold {order.quantity} {vehicle.plural.lower()} of convoy #{convoy.number} "
                   f"for ${value:,}.", "sell", "CC-CL-SELL-01", convoy=convoy.number)
        if not convoy.vehicles:
            ctx.game.remove_convoy(convoy)
            ctx.report(f"Convoy #{convoy.number} has no vehicles left and disbands.", "disband",
                       "CC-CNV-72", convoy=convoy.number)
        return
    have = ctx.clan.stock.get(order.item)
    if have < order.quantity:
        ctx.fail("not_enough", f"the stockpile holds {have:,} {order.item}, not "
                 f"{order.quantity:,}", "CC-CL-SELL-01")
        return
    price = int(ctx.game.state.prices[order.item] * fraction)
    ctx.clan.stock.add(order.item, -order.quantity)
    ctx.clan.stock.money += price * order.quantity
    ctx.report(f"Sold {order.quantity:,} {order.item} at ${price:,} each "
               f"(${price * order.quantity:,}).", "sell", "AMB-45")


def _sell_convoy(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, model.SellConvoy)
    convoy = ctx.game.convoy(ctx.clan.number, order.convoy)
    if convoy is None:
        ctx.fail("no_convoy", f"you have no convoy #{order.convoy}", "CC-CL-SELL-02")
        return
    value = convoy_rules.sell_convoy(ctx.game, convoy)
    ctx.report(f"Sold convoy #{order.convoy} for ${value:,}; its troops and weapons returned to "
               "the stockpile and its experts left.", "sell_convoy", "CC-CNV-71",
               convoy=order.convoy)


def _enlist(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, model.Enlist)
    price = ctx.game.state.prices["troops"]
    affordable = min(order.quantity, ctx.clan.stock.money // price) if price else order.quantity
    if affordable <= 0:
        ctx.fail("no_money", f"troops cost ${price:,} each and the treasury holds "
                 f"${ctx.clan.stock.money:,}; nobody enlisted", "CC-CL-ENLIST-01")
        return
    ctx.clan.stock.money -= affordable * price
    ctx.clan.stock.troops += affordable
    short = "" if affordable == order.quantity else f" (money for only {affordable} of " \
                                                    f"{order.quantity})"
    ctx.report(f"Enlisted {affordable} troops at ${price:,} each{short}.", "enlist", "AMB-46")


def _create(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, model.Create)
    problem = convoy_rules.create_problem(ctx.game, ctx.clan.number, order.hex,
                                          order.convoy_type)
    if problem:
        ctx.fail("cannot_create", problem, "CC-CL-CREATE-01")
        return
    number = convoy_rules.next_number(ctx.game, ctx.clan.number)
    cost = ctx.game.rules.creation_cost(len(ctx.game.convoys_of(ctx.clan.number)) + 1)
    if cost is None:
        ctx.fail("too_many", "you already have the most convoys a Clan may have (AMB-55)",
                 "CC-CNV-68")
        return
    if not pay(ctx, cost, f"a new convoy #{number}"):
        return
    convoy = convoy_rules.create_convoy(ctx.game, ctx.clan.number, number, order.hex,
                                        order.convoy_type, order.name)
    ctx.report(f"Created {order.convoy_type} convoy #{number} \"{convoy.name}\" in "
               f"{order.hex} for ${cost:,}; it starts hidden and cannot move this turn.",
               "create", "CC-CNV-70", convoy=number)
    city = ctx.game.city(order.hex)
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
    convoy.troops = convoy_stats.troop_capacity(convoy, rules)
    name = rules.vehicles[scout].name.lower()
    ctx.report(f"The Indoctrination Center gives convoy #{convoy.number} a free {name}, "
               f"+{morale} morale, +{training} training and {convoy.troops} new troops at no "
               "charge.", "indoctrination", "CC-CITY-49", convoy=convoy.number)


CLAN_HANDLERS: dict[type[model.Order], ClanHandler] = {
    model.Buy: _buy,
    model.Sell: _sell,
    model.SellConvoy: _sell_convoy,
    model.Enlist: _enlist,
    model.Create: _create,
}
