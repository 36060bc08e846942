"""Troop and weapon pickup in friendly cities: before the pulses, after each, at maintenance."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoys, sick_troops
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import plague_health
from conquest_tui.engine.steps import cargo_sale, city_buildings


def pick_up_one(ctx: TurnContext, convoy: Convoy) -> None:
    """Let one convoy pick up at its hex if it is a friendly city (CC-RES-14, AMB-75)."""
    if not convoys.can_pick_up_at(ctx.game, convoy):
        return
    taken = convoys.pick_up(ctx.game, convoy)
    if taken:
        ctx.report(EventKind.PICKUP, "CC-RES-14", line=0, convoy=convoy.number, hex=convoy.hex,
                   taken=tuple(taken.items()))


def on_entry(ctx: TurnContext, convoy: Convoy) -> None:
    """After a move or PAUSE into a hex: Junkyard car, Merchant sale, then pickup (AMB-93)."""
    city_buildings.junkyard_pickup(ctx, convoy)
    cargo_sale.merchant_dropoff(ctx, convoy)
    pick_up_one(ctx, convoy)


def run(ctx: TurnContext) -> None:
    """Vaccine heals; sick convoys' troops desert; every convoy in a friendly city picks up
    (CC-SEQ-05)."""
    plague_health.heal(ctx)  # CC-CNV-27: after the pre-turn orders, so bought vaccine serves
    sick_troops.desert_if_sick(ctx)
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        pick_up_one(ctx, convoy)
