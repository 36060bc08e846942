"""Selling a convoy's cargo in a city: by DROPOFF, or by a Merchant on entering (CC-CITY-23)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.world import goods


def sell(ctx: TurnContext, convoy: Convoy, rule: str) -> None:
    """Sell the convoy's cargo here and tell the seller and the city's owner (CC-CITY-23)."""
    game = ctx.game
    city = goods.city_name(game, convoy.hex)
    sale = goods.sell_cargo(game, convoy)
    if sale.kickback and sale.city_owner != ctx.clan.number:
        ctx.notify(sale.city_owner, EventKind.KICKBACK, "CC-CITY-23", amount=sale.amount,
                   goods=sale.goods, city=city, hex=convoy.hex, kickback=sale.kickback)
    ctx.report(EventKind.GOODS_SALE, rule, convoy=convoy.number, amount=sale.amount,
               goods=sale.goods, city=city, hex=convoy.hex, price=sale.price, value=sale.value,
               kickback=sale.kickback, city_owner=sale.city_owner,
               own_city=int(sale.city_owner == ctx.clan.number))


def merchant_dropoff(ctx: TurnContext, convoy: Convoy) -> None:
    """A Merchant sells the cargo on entering a city that needs it (CC-CO-DROPOFF-03, AMB-93)."""
    if not goods.has_merchant(convoy) or not convoy.cargo:
        return
    if goods.dropoff_problem(ctx.game, convoy) is None:
        sell(ctx, convoy, "CC-CO-DROPOFF-03")
