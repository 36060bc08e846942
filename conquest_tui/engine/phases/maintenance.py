"""Maintenance: a last pickup, then each convoy pays its parts or scraps vehicles (CC-SEQ-11)."""

from __future__ import annotations

import math

from conquest_tui.engine import convoys
from conquest_tui.engine.context import TurnContext
from conquest_tui.engine.phases import pickup
from conquest_tui.engine.state import Convoy


def run(ctx: TurnContext) -> None:
    """Pickup, then parts in convoy-number order, scrapping smallest-first when short."""
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        pickup.pick_up_one(ctx, convoy)
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        _pay_parts(ctx, convoy)


def scrap_value(ctx: TurnContext, convoy: Convoy, vehicle: str) -> int:
    """Parts from scrapping a vehicle: price / $1,000, doubled by a Tinkerer (AMB-43, CC-CNV-65)."""
    rules = ctx.game.rules
    parts = rules.vehicles[vehicle].cost // rules.consumption.scrap_dollars_per_part
    return parts * (2 if "TIN" in convoy.experts else 1)


def _pay_parts(ctx: TurnContext, convoy: Convoy) -> None:
    need = math.ceil(round(convoy.parts_owed, 6))
    convoy.parts_owed = 0.0
    if need <= 0:
        return
    stock = ctx.clan.stock
    ctx.convoy = convoy.number
    if stock.parts >= need:
        stock.parts -= need
        ctx.report(f"Convoy #{convoy.number} used {need} parts for maintenance.", "parts",
                   "CC-CNV-38")
        ctx.convoy = 0
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
    ctx.convoy = 0
