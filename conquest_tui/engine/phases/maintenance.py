"""Maintenance: pickup, air convoys over water sink, parts are paid, morale drifts (CC-SEQ-11)."""

from __future__ import annotations

import math

from conquest_tui.engine.convoys import condition, convoys, dealer, sick_troops
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import plague_health
from conquest_tui.engine.steps import expert_upkeep, pickup


def run(ctx: TurnContext) -> None:
    """Vaccine heals, sick troops desert; pickup; air on water sinks; parts in number order;
    morale drifts."""
    plague_health.heal(ctx)  # CC-CNV-27, CC-SEQ-11 step 1
    sick_troops.desert_if_sick(ctx)
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        pickup.pick_up_one(ctx, convoy)
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        _sink_if_air_on_water(ctx, convoy)
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        _pay_parts(ctx, convoy)
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        _close_morale(ctx, convoy)
    expert_upkeep.run(ctx)
    ctx.convoy = 0


def _sink_if_air_on_water(ctx: TurnContext, convoy: Convoy) -> None:
    """An air convoy ending its turn over water is lost with all aboard (CC-MOVE-12)."""
    if convoy.convoy_type != "air" or not ctx.game.map.is_water(convoy.hex):
        return
    ctx.game.remove_convoy(convoy)
    ctx.report(EventKind.SUNK, "CC-MOVE-12", convoy=convoy.number, hex=convoy.hex,
               **_aboard(convoy))


def _aboard(convoy: Convoy) -> dict[str, int]:
    """What a convoy that leaves the game takes with it (CC-CNV-72)."""
    return convoys.aboard(convoy)


def scrap_value(ctx: TurnContext, convoy: Convoy, vehicle: str) -> int:
    """Parts from scrapping a vehicle: price / $1,000, doubled by a Tinkerer (AMB-43, CC-CNV-65)."""
    rules = ctx.game.rules
    parts = rules.vehicles[vehicle].cost // rules.consumption.scrap_dollars_per_part
    return parts * (rules.consumption.tinkerer_scrap_factor if "TIN" in convoy.experts else 1)


def _pay_parts(ctx: TurnContext, convoy: Convoy) -> None:
    """Pay the turn's parts bill; the Dealer buys a shortfall, else scrap (CC-CNV-38/40)."""
    need = math.ceil(round(convoy.parts_owed, 6))
    convoy.parts_owed = 0.0
    if need <= 0:
        return
    stock = ctx.clan.stock
    ctx.convoy = convoy.number
    if dealer.cover(ctx, convoy, "parts", need, "maintenance"):
        stock.parts -= need
        ctx.report(EventKind.PARTS, "CC-CNV-38", convoy=convoy.number, parts=need)
        return
    rules = ctx.game.rules
    scrapped: list[str] = []
    gained = 0
    while stock.parts < need and convoy.vehicles:
        smallest = min(convoy.vehicles, key=lambda key: (rules.vehicles[key].size, key))
        value = scrap_value(ctx, convoy, smallest)
        gained += value
        stock.parts += value
        convoy.vehicles[smallest] -= 1
        if convoy.vehicles[smallest] == 0:
            del convoy.vehicles[smallest]
        scrapped.append(rules.vehicles[smallest].name.lower())
    paid = min(need, stock.parts)
    stock.parts -= paid
    dumped = convoys.shed_overflow(ctx.game, convoy) if convoy.vehicles else 0
    ctx.report(EventKind.SCRAPPED, "CC-CNV-40", convoy=convoy.number, need=need,
               scrapped=scrapped, paid=paid, gained=gained, **convoys.overflow_fact(dumped))
    if not convoy.vehicles:
        ctx.game.remove_convoy(convoy)
        ctx.report(EventKind.DISBAND, "CC-CNV-72", convoy=convoy.number, why="no_vehicles",
                   **_aboard(convoy))


def _close_morale(ctx: TurnContext, convoy: Convoy) -> None:
    """Zero-morale disbanding, the end-of-turn decay and the cap at 100 (CC-CNV-14/16/17)."""
    ctx.convoy = convoy.number
    result = condition.close_morale(convoy, ctx.game.rules, ctx.rng())
    if result.disbands:
        ctx.game.remove_convoy(convoy)
        ctx.report(EventKind.DISBAND, "CC-CNV-17", convoy=convoy.number, why="zero_morale",
                   **_aboard(convoy))
        return
    if result.decay or result.capped:
        ctx.report(EventKind.MORALE, "CC-CNV-16" if result.decay else "CC-CNV-14",
                   convoy=convoy.number, decay=result.decay, morale=convoy.morale,
                   capped=int(result.capped))
    if convoy.morale == 0:
        ctx.report(EventKind.MORALE_ZERO, "CC-CNV-17", convoy=convoy.number)
