"""Expert Dealer: buys what his own convoy lacks at double the market price (CC-RES-15, AMB-85)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.core.state import Convoy

DEALER_ITEMS = ("fuel", "food", "parts")
"""What a Dealer buys (CC-RES-15)."""


def price(ctx: TurnContext, item: str) -> int:
    """What the Dealer pays per unit: the current market price × 2 (CC-RES-15)."""
    factor = ctx.game.rules.market_rules.dealer_price_factor
    return round(ctx.game.state.prices[item] * factor)


def cover(ctx: TurnContext, convoy: Convoy, item: str, need: int, why: str) -> bool:
    """Make sure the stockpile holds `need` of fuel, food or parts for this convoy.

    True when it already does or the convoy's Dealer bought exactly the shortfall at double
    price; False when there is no Dealer or the money is short too (then nothing is bought).
    """
    stock = ctx.clan.stock
    have = stock.get(Item(item))
    if have >= need:
        return True
    if "DEA" not in convoy.experts or item not in DEALER_ITEMS:
        return False
    shortfall = need - have
    cost = shortfall * price(ctx, item)
    if stock.money < cost:
        ctx.report(EventKind.DEALER_BROKE, "CC-RES-15", convoy=convoy.number, amount=shortfall,
                   item=item, purpose=why, cost=cost, money=stock.money)
        return False
    stock.money -= cost
    stock.add(Item(item), shortfall)
    ctx.report(EventKind.DEALER, "CC-RES-15", convoy=convoy.number, amount=shortfall, item=item,
               purpose=why, cost=cost)
    return True
