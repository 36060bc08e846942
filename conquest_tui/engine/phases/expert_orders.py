"""Expert orders: HIRE, CELEBRATE, PRACTICE, SCAN (CC-CNV experts)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.convoys import convoy_stats, dealer, experts, hiring
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.args_experts import Celebrate, Hire, Practice, Scan
from conquest_tui.engine.phases import scan
from conquest_tui.engine.phases.handler_types import (
    ClanCheck,
    ClanHandler,
    ConvoyCheck,
    ConvoyHandler,
)

REC_CENTER = "REC"
POLICE_STATION = "POL"


def _hire(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    assert isinstance(order, Hire)
    rules = ctx.game.rules
    if convoy.hidden:
        ctx.fail("hidden", f"convoy #{convoy.number} is hidden and cannot hire", "CC-CNV-75")
        return
    site = hiring.hiring_site(ctx.game, ctx.clan.number, convoy.hex)
    code, problem = hiring.expert_to_hire(site, order.expert)
    if problem:
        ctx.fail("cannot_hire", f"convoy #{convoy.number} cannot hire here: {problem}",
                 "CC-CO-HIRE-04")
        return
    problem = experts.hire_problem(convoy, code, rules)
    if problem:
        ctx.fail("cannot_hire", problem, "CC-CNV-49")
        return
    expert = rules.experts[code]
    money = ctx.clan.stock.money
    if money < expert.cost:
        ctx.fail("no_money", f"an Expert {expert.name} costs ${expert.cost:,} but the treasury "
                 f"holds only ${money:,}; nobody was hired", "CC-CO-HIRE-01")
        return
    ctx.clan.stock.money -= expert.cost
    convoy.experts.append(code)
    note = ""
    if code == "SPY":
        note = " A Spy is of no use inside a convoy: PLANT him in a city (CC-CNV-64)."
    ctx.report(f"Convoy #{convoy.number} hired an Expert {expert.name} at {site.place} for "
               f"${expert.cost:,}: {expert.effect}{note}", "hire", "CC-CO-HIRE-01")


def _done_this_turn(ctx: TurnContext, convoy: Convoy, keyword: str) -> bool:
    return convoy.last_done.get(keyword) == ctx.turn


def _place(game: Game, clan: int, convoy: Convoy, structure: str) -> str:
    """The friendly city, or owned hex with the structure, the convoy stands in; "" if neither."""
    site = game.city_site(convoy.hex)
    if site is not None and game.is_friendly_city(convoy.hex, clan):
        return f"{site.name} ({convoy.hex})"
    hex_state = game.hex(convoy.hex)
    if hex_state.special == structure and hex_state.owner == clan:
        name = game.rules.special_structures[structure].name
        return f"the {name} in {convoy.hex}"
    return ""


def _not_full(ctx: TurnContext, convoy: Convoy, what: str, rule: str) -> bool:
    capacity = convoy_stats.troop_capacity(convoy, ctx.game.rules)
    if capacity > 0 and convoy.troops >= capacity:
        return False
    ctx.fail("not_full", f"convoy #{convoy.number} must be full of troops to {what} "
             f"({convoy.troops} of {capacity})", rule)
    return True


@attrs.frozen
class _Gathering:
    """What CELEBRATE and PRACTICE share: where, how often, and the stat they raise."""

    keyword: str
    verb: str
    past: str
    structure: str
    """The special structure that stands in for a friendly city."""
    stat: str
    rule: str


CELEBRATION = _Gathering("CELEBRATE", "celebrate", "celebrated", REC_CENTER, "morale",
                         "CC-CO-CELEBRATE-01")
DRILL = _Gathering("PRACTICE", "practice", "practiced", POLICE_STATION, "training",
                   "CC-CO-PRACTICE-02")


def _gathering_place(ctx: TurnContext, convoy: Convoy, what: _Gathering, current: int,
                     maximum: int) -> str:
    """Where the convoy may celebrate or practice now; "" once the order has failed."""
    number, rule = convoy.number, what.rule
    if convoy.hidden:
        ctx.fail("hidden", f"convoy #{number} is hidden and cannot {what.verb}", "CC-CNV-75")
        return ""
    if _done_this_turn(ctx, convoy, what.keyword):
        ctx.fail("once_per_turn", f"convoy #{number} has already {what.past} this turn", rule)
        return ""
    place = _place(ctx.game, ctx.clan.number, convoy, what.structure)
    if not place:
        name = ctx.game.rules.special_structures[what.structure].name
        ctx.fail("no_place", f"convoy #{number} can {what.verb} only in a friendly city or in "
                 f"a hex you own with a {name}", rule)
        return ""
    if current >= maximum:
        ctx.fail(f"{what.stat}_full", f"convoy #{number}'s {what.stat} is already {current}",
                 rule)
        return ""
    if _not_full(ctx, convoy, what.verb, rule):
        return ""
    return place


def _celebrate(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    game, rules = ctx.game, ctx.game.rules
    number = convoy.number
    place = _gathering_place(ctx, convoy, CELEBRATION, convoy.morale, rules.morale.maximum)
    if not place:
        return
    food = convoy.troops * rules.consumption.celebrate_food_per_troop
    if ctx.clan.stock.food < food:
        ctx.fail("no_food", f"convoy #{number}'s celebration needs {food} food but only "
                 f"{ctx.clan.stock.food} is left", "CC-CO-CELEBRATE-02")
        return
    ctx.clan.stock.food -= food
    convoy.last_done["CELEBRATE"] = ctx.turn
    rng = ctx.rng()
    gain = rules.morale.celebrate.roll(rng)
    city = game.city(convoy.hex)
    captured = (city is not None and city.owner == ctx.clan.number
                and city.conquered_turn == ctx.turn)
    if captured:
        gain += rules.morale.celebrate_captured_city.roll(rng)
    gain = experts.gourmet_morale_gain(convoy, gain, rules)
    convoy.morale += gain
    notes = " (a city taken this turn)" if captured else ""
    if "GOU" in convoy.experts:
        notes += " with the Gourmet's feast"
    ctx.report(f"Convoy #{number} celebrated in {place}{notes}: {food} food eaten, morale "
               f"+{gain} to {convoy.morale}.", "celebrate", "CC-CO-CELEBRATE-03")


def _practice(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    rules = ctx.game.rules
    number = convoy.number
    if "TRA" not in convoy.experts:
        ctx.fail("no_expert", f"convoy #{number} has no Expert Trainer to run the drills",
                 "CC-CO-PRACTICE-01")
        return
    place = _gathering_place(ctx, convoy, DRILL, convoy.training,
                             rules.morale.training_maximum)
    if not place:
        return
    fuel = experts.order_fuel(convoy, rules, rules.consumption.practice_fuel_rates)
    if not dealer.cover(ctx, convoy, "fuel", fuel, "its drills"):
        ctx.fail("no_fuel", f"convoy #{number}'s drills need {fuel} fuel but only "
                 f"{ctx.clan.stock.fuel} is left", "CC-CO-PRACTICE-03")
        return
    ctx.clan.stock.fuel -= fuel
    convoy.last_done["PRACTICE"] = ctx.turn
    gained = experts.raise_training(convoy, rules.morale.practice_training.roll(ctx.rng()), rules)
    ctx.report(f"Convoy #{number} practiced in {place} for {fuel} fuel: training +{gained} to "
               f"{convoy.training}.", "practice", "CC-CO-PRACTICE-04")


def _check_hire(game: Game, convoy: Convoy, order: model.Order) -> tuple[str, str] | None:
    assert isinstance(order, Hire)
    if not order.expert:
        return None
    problem = experts.hire_problem(convoy, order.expert, game.rules)
    return ("cannot_hire", problem) if problem else None


CLAN_HANDLERS: dict[type[model.Order], ClanHandler] = {}
CONVOY_HANDLERS: dict[type[model.Order], ConvoyHandler] = {
    Hire: _hire,
    Celebrate: _celebrate,
    Practice: _practice,
    Scan: scan.scan,
}
CLAN_CHECKS: dict[type[model.Order], ClanCheck] = {}
CONVOY_CHECKS: dict[type[model.Order], ConvoyCheck] = {
    Hire: _check_hire,
}
