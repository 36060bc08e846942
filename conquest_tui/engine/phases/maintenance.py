"""Maintenance: pickup, air convoys over water sink, parts are paid, morale drifts (CC-SEQ-11)."""

from __future__ import annotations

import math

from conquest_tui.engine.convoys import condition, convoys, dealer, sick_troops
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.phases import expert_upkeep, pickup


def run(ctx: TurnContext) -> None:
    """Sick troops desert; pickup; air on water sinks; parts in number order; morale drifts."""
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
    ctx.report(f"Convoy #{convoy.number} ended the turn over the water of {convoy.hex} with "
               "nowhere to land and was lost with everything aboard.", "sunk", "CC-MOVE-12",
               convoy=convoy.number)


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
        ctx.report(f"Convoy #{convoy.number} used {need} parts for maintenance.", "parts",
                   "CC-CNV-38")
        return
    rules = ctx.game.rules
    scrapped: list[str] = []
    while stock.parts < need and convoy.vehicles:
        smallest = min(convoy.vehicles, key=lambda key: (rules.vehicles[key].size, key))
        stock.parts += scrap_value(ctx, convoy, smallest)
        convoy.vehicles[smallest] -= 1
        if convoy.vehicles[smallest] == 0:
            del convoy.vehicles[smallest]
        scrapped.append(rules.vehicles[smallest].name.lower())
    paid = min(need, stock.parts)
    stock.parts -= paid
    ctx.report(f"Convoy #{convoy.number} needed {need} parts; short of parts, it scrapped "
               f"{', '.join(scrapped)} and paid {paid}.", "scrapped", "CC-CNV-40")
    if not convoy.vehicles:
        ctx.game.remove_convoy(convoy)
        ctx.report(f"Convoy #{convoy.number} has no vehicles left and disbands.", "disband",
                   "CC-CNV-72")
    else:
        convoys.shed_overflow(ctx.game, convoy)


def _close_morale(ctx: TurnContext, convoy: Convoy) -> None:
    """Zero-morale disbanding, the end-of-turn decay and the cap at 100 (CC-CNV-14/16/17)."""
    ctx.convoy = convoy.number
    result = condition.close_morale(convoy, ctx.game.rules, ctx.rng())
    if result.disbands:
        ctx.game.remove_convoy(convoy)
        ctx.report(f"Convoy #{convoy.number}'s morale stayed at 0 for a whole turn: it "
                   "disbanded, and its vehicles, troops, weapons, experts and cargo are lost.",
                   "disband", "CC-CNV-17")
        return
    capped = " (above 100 it was brought back to 100)" if result.capped else ""
    if result.decay:
        ctx.report(f"Convoy #{convoy.number}'s morale fell by {result.decay} to "
                   f"{convoy.morale}{capped}.", "morale", "CC-CNV-16")
    elif result.capped:
        ctx.report(f"Convoy #{convoy.number}'s morale was brought back to 100 at the turn's "
                   "end.", "morale", "CC-CNV-14")
    if convoy.morale == 0:
        ctx.report(f"Convoy #{convoy.number}'s morale is 0: if it is still 0 when its next turn "
                   "ends, the convoy disbands.", "morale_zero", "CC-CNV-17")
