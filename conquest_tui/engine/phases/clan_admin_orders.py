"""Clan housekeeping orders: GIVE, SPLIT, ABSORB, CONVERT, ORDER, EVENT, NAME, SLOGAN and more."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_transfers
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import bought_lines, random_events
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.args_clan import (
    Absorb,
    BuyOrderLines,
    Convert,
    Give,
    Rename,
    RequestEvent,
    SetPhone,
    SetSlogan,
    SetVigilance,
    Split,
    TrainAgents,
)
from conquest_tui.engine.phases.handler_types import (
    ClanCheck,
    ClanHandler,
    ConvoyCheck,
    ConvoyHandler,
)
from conquest_tui.engine.phases.trade_orders import pay


def _give(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, Give)
    game, clan = ctx.game, ctx.clan.number
    sender = game.convoy(clan, order.sender)
    recipient = game.convoy(clan, order.recipient)
    for number, convoy in ((order.sender, sender), (order.recipient, recipient)):
        if convoy is None:
            ctx.fail("no_convoy", f"you have no convoy #{number}; you can give only between "
                     "your own convoys", "CC-CL-GIVE-03")
            return
    assert sender is not None and recipient is not None
    problem = convoy_transfers.give_problem(game, sender, recipient, order.kind, order.item,
                                            order.quantity)
    if problem:
        ctx.fail("cannot_give", f"GIVE failed: {problem}", "CC-CL-GIVE-02")
        return
    done = convoy_transfers.give(game, sender, recipient, order.kind, order.item,
                                 order.quantity)
    ctx.report(f"Convoy #{sender.number} gave {done.moved} to convoy #{recipient.number} in "
               f"{recipient.hex}.", "give", "CC-CL-GIVE-01", convoy=recipient.number)
    if done.settings_reset:
        ctx.report(f"Without the expert, convoy #{sender.number}'s "
                   f"{' and '.join(done.settings_reset)} setting lapsed to its default.",
                   "setting_reset", "CC-CNV-80", convoy=sender.number)
    if done.sender_disbanded:
        ctx.report(f"Convoy #{sender.number} has no vehicles left and disbands.", "disband",
                   "CC-CNV-72", convoy=sender.number)


def _check_give(game: Game, clan: int, order: model.Order) -> tuple[str, str] | None:
    assert isinstance(order, Give)
    sender = game.convoy(clan, order.sender)
    recipient = game.convoy(clan, order.recipient)
    for number, convoy in ((order.sender, sender), (order.recipient, recipient)):
        if convoy is None:
            return "no_convoy", f"you have no convoy #{number}"
    assert sender is not None and recipient is not None
    if order.kind == "vehicle":
        vehicle = game.rules.vehicles[order.item]
        if vehicle.convoy_type != recipient.convoy_type:
            return ("wrong_type", f"{vehicle.plural.lower()} are {vehicle.convoy_type} vehicles "
                    f"and convoy #{recipient.number} is a {recipient.convoy_type} convoy")
    if order.kind == "expert" and order.item == "PIL":
        needed = game.rules.expert_effects.pilot_requires_type
        if recipient.convoy_type != needed:
            return "wrong_type", f"an Expert Pilot serves only in {needed} convoys"
    return None


def _split(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    assert isinstance(order, Split)
    problem = convoy_transfers.split_problem(ctx.game, convoy)
    cost = convoy_transfers.split_cost(ctx.game, convoy.owner)
    if problem or cost is None:
        ctx.fail("cannot_split", f"SPLIT failed: {problem}", "CC-CO-SPLIT-02")
        return
    if not pay(ctx, cost, f"splitting convoy #{convoy.number}"):
        return
    secondary = convoy_transfers.split(ctx.game, convoy)
    ctx.report(f"Convoy #{convoy.number} split in {convoy.hex} for ${cost:,}: the new convoy "
               f"#{secondary.number} \"{secondary.name}\" has {_vehicles(ctx, secondary)} and "
               f"{secondary.troops} troops; both have morale {convoy.morale} and training "
               f"{convoy.training}. The new convoy can do nothing more this turn.", "split",
               "CC-CO-SPLIT-03", convoy=convoy.number)


def _vehicles(ctx: TurnContext, convoy: Convoy) -> str:
    return ", ".join(convoy_transfers.vehicle_words(ctx.game, key, count)
                     for key, count in convoy.vehicles.items())


def _check_split(game: Game, convoy: Convoy, order: model.Order) -> tuple[str, str] | None:
    problem = convoy_transfers.split_problem(game, convoy)
    return ("cannot_split", problem) if problem else None


def _absorb(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    assert isinstance(order, Absorb)
    target = ctx.game.convoy(convoy.owner, order.target)
    problem = convoy_transfers.absorb_problem(ctx.game, convoy, target, order.target)
    if problem or target is None:
        ctx.fail("cannot_absorb", f"ABSORB failed: {problem}", "CC-CO-ABSORB-01")
        return
    done = convoy_transfers.absorb(ctx.game, convoy, target)
    extra = ""
    if done.experts_lost:
        names = ", ".join(ctx.game.rules.experts[code].name for code in done.experts_lost)
        extra += f" Duplicate experts left: {names}."
    if done.cargo_dumped:
        extra += f" {done.cargo_dumped} {target.cargo_type} of a different kind were dumped."
    if done.returned:
        back = ", ".join(f"{amount} {item}" for item, amount in done.returned.items())
        extra += f" {back} did not fit and went back to the stockpile."
    ctx.report(f"Convoy #{convoy.number} absorbed convoy #{target.number} in {convoy.hex}: "
               f"morale {convoy.morale}, training {convoy.training}, health {convoy.health}%."
               f"{extra}", "absorb", "CC-CO-ABSORB-02", convoy=convoy.number)


def _check_absorb(game: Game, convoy: Convoy, order: model.Order) -> tuple[str, str] | None:
    assert isinstance(order, Absorb)
    target = game.convoy(convoy.owner, order.target)
    if target is None:
        return "no_convoy", f"you have no convoy #{order.target}"
    if target is convoy:
        return "cannot_absorb", f"convoy #{convoy.number} cannot absorb itself"
    if target.convoy_type != convoy.convoy_type:
        return ("cannot_absorb", f"convoy #{target.number} is a {target.convoy_type} convoy: "
                "only the same type can merge")
    return None


def _convert(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, Convert)
    game = ctx.game
    convoy = game.convoy(ctx.clan.number, order.convoy)
    if convoy is None:
        ctx.fail("no_convoy", f"you have no convoy #{order.convoy}", "CC-CL-CONVERT-01")
        return
    problem = convoy_transfers.convert_problem(game, convoy, order.convoy_type)
    if problem:
        ctx.fail("cannot_convert", f"CONVERT failed: {problem}", "CC-CL-CONVERT-01")
        return
    sale, scout_cost = convoy_transfers.convert_price(game, convoy, order.convoy_type)
    if ctx.clan.stock.money + sale < scout_cost:
        ctx.fail("no_money", f"the new scout costs ${scout_cost:,} and the old vehicles fetch "
                 f"only ${sale:,} with ${ctx.clan.stock.money:,} in the treasury; nothing was "
                 "converted", "AMB-70")
        return
    old_type = convoy.convoy_type
    dumped = convoy_transfers.convert(game, convoy, order.convoy_type, order.name)
    scout = game.rules.vehicles[next(iter(convoy.vehicles))].name.lower()
    lost = f"; {dumped} goods were lost" if dumped else ""
    ctx.report(f"Convoy #{convoy.number} \"{convoy.name}\" converted from {old_type} to "
               f"{convoy.convoy_type}: its vehicles sold for ${sale:,}, one {scout} bought for "
               f"${scout_cost:,}; troops and weapons went back to the stockpile{lost}.",
               "convert", "CC-CL-CONVERT-02", convoy=convoy.number)


def _check_convert(game: Game, clan: int, order: model.Order) -> tuple[str, str] | None:
    assert isinstance(order, Convert)
    convoy = game.convoy(clan, order.convoy)
    if convoy is None:
        return "no_convoy", f"you have no convoy #{order.convoy}"
    if convoy.convoy_type == order.convoy_type:
        return "cannot_convert", f"convoy #{convoy.number} is already a {order.convoy_type} convoy"
    return None


def _order_lines(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, BuyOrderLines)
    clan = ctx.clan
    if bought_lines.already_ordered(clan):
        ctx.fail("twice", "ORDER may be given once a turn; this second ORDER was ignored",
                 "CC-CL-ORDER-01")
        return
    lines = order.pre + order.post
    cost = lines * ctx.game.rules.fixed_costs["order_line"]
    if not pay(ctx, cost, f"{lines} extra order lines"):
        return
    clan.next_pre_lines, clan.next_post_lines = order.pre, order.post
    ctx.report(f"Bought {order.pre} pre-turn and {order.post} post-turn Clan order lines for "
               f"${cost:,}; they appear on next turn's orders sheet.", "order_lines",
               "CC-CL-ORDER-02")


def _event(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, RequestEvent)
    if not random_events.requested(ctx):
        ctx.fail("twice", "you already had your random event this turn", "CC-CL-EVENT-01")


def _rename(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, Rename)
    game, clan = ctx.game, ctx.clan
    if order.convoy:
        convoy = game.convoy(clan.number, order.convoy)
        if convoy is None:
            ctx.fail("no_convoy", f"you have no convoy #{order.convoy} to rename",
                     "CC-CL-NAME-01")
            return
        old, convoy.name = convoy.name, order.name
        ctx.report(f"Convoy #{convoy.number} \"{old}\" is now called \"{convoy.name}\".",
                   "rename", "CC-CL-NAME-01", convoy=convoy.number)
        return
    problem = _clan_rename_problem(game)
    if problem:
        ctx.fail("too_late", problem, "AMB-59")
        return
    old, clan.name = clan.name, order.name
    ctx.report(f"Clan {clan.number} \"{old}\" is now called \"{clan.name}\".", "rename",
               "CC-CL-NAME-01")


def _clan_rename_problem(game: Game) -> str | None:
    last = game.rules.game.clan_rename_until_turn
    if game.state.game_turn > last:
        return f"a Clan may rename itself only up to game turn {last}; the name stays"
    return None


def _check_rename(game: Game, clan: int, order: model.Order) -> tuple[str, str] | None:
    assert isinstance(order, Rename)
    if order.convoy:
        if game.convoy(clan, order.convoy) is None:
            return "no_convoy", f"you have no convoy #{order.convoy}"
        return None
    problem = _clan_rename_problem(game)
    return ("too_late", problem) if problem else None


def _slogan(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, SetSlogan)
    ctx.clan.slogan = order.slogan
    said = f"Your slogan is now \"{order.slogan}\"." if order.slogan else "Your slogan is cleared."
    ctx.report(said, "slogan", "CC-CL-SLOGAN-01")


def _phone(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, SetPhone)
    clan = ctx.clan
    if not order.on:
        clan.phone_on = False
        ctx.report("Your phone number is no longer shown to Clans you meet.", "phone",
                   "CC-CL-PHONE-01")
        return
    number = order.number or clan.phone
    if not number:
        ctx.fail("no_phone", "PHONE ON needs a number the first time, like PHONE ON "
                 "(513)555-3902", "CC-CL-PHONE-01")
        return
    clan.phone, clan.phone_on = number, True
    ctx.report(f"Clans you meet will see your phone number {number}.", "phone",
               "CC-CL-PHONE-01")


def _train(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, TrainAgents)
    rules, clan = ctx.game.rules, ctx.clan
    cost = 0
    for number in range(clan.agents + 1, clan.agents + order.quantity + 1):
        cost += rules.agent_cost(number)
        if cost > clan.stock.money:
            break
    if not pay(ctx, cost, f"training {order.quantity} agents"):
        return
    clan.agents += order.quantity
    ctx.report(f"Trained {order.quantity} agents for ${cost:,}; you now have {clan.agents}.",
               "train", "CC-CL-TRAIN-01")


def _vigilance(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, SetVigilance)
    ctx.clan.vigilance = order.percent
    ctx.report(f"Vigilance set to {order.percent}%: convoys with an Expert Politician leave "
               f"{order.percent}% of a captured city's troop capacity there as its garrison.",
               "vigilance", "CC-CL-VIGILANCE-01")


CLAN_HANDLERS: dict[type[model.Order], ClanHandler] = {
    Give: _give,
    Convert: _convert,
    BuyOrderLines: _order_lines,
    RequestEvent: _event,
    Rename: _rename,
    SetSlogan: _slogan,
    SetPhone: _phone,
    TrainAgents: _train,
    SetVigilance: _vigilance,
}
CONVOY_HANDLERS: dict[type[model.Order], ConvoyHandler] = {
    Split: _split,
    Absorb: _absorb,
}
CLAN_CHECKS: dict[type[model.Order], ClanCheck] = {
    Give: _check_give,
    Convert: _check_convert,
    Rename: _check_rename,
}
CONVOY_CHECKS: dict[type[model.Order], ConvoyCheck] = {
    Split: _check_split,
    Absorb: _check_absorb,
}
