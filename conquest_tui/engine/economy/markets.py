"""Market and goods prices drifting at each game-turn end, within their bounds (AMB-29, AMB-30)."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.rules.ruleset_tables import round_by
from conquest_tui.engine.rules.ruleset_values import FloatRange


def drifted(price: int, start: int, drift: FloatRange, floor: float, ceiling: float,
            rng: Random) -> int:
    """price × U(drift), clamped to floor..ceiling × the starting price, in whole dollars."""
    low = max(1, round_by("nearest", start * floor))
    high = max(low, round_by("nearest", start * ceiling))
    return min(high, max(low, round_by("nearest", price * drift.roll(rng))))


def drift_prices(game: Game, rng: Random) -> None:
    """Move every drifting market price (CC-RES-04) and every goods price (CC-CITY-21) once."""
    rules = game.rules
    market = rules.market_rules
    prices = game.state.prices
    for key in sorted(prices):
        item = rules.market.get(key)
        if item is None or not item.drifts:
            continue
        prices[key] = drifted(prices[key], item.start_price, market.price_drift,
                              market.price_floor, market.price_ceiling, rng)
    goods = game.state.goods_prices
    for key in sorted(goods):
        start = rules.goods.get(key)
        if start is None:
            continue
        goods[key] = drifted(goods[key], start, market.goods_drift, market.goods_floor,
                             market.goods_ceiling, rng)
