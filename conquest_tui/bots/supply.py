"""Supply: food, fuel and parts bought ahead so no convoy starves, and money kept for upkeep."""

from __future__ import annotations

import math

import attrs

from conquest_tui.bots.levels import Level
from conquest_tui.engine.reports.view import ClanView

FUEL_MARGIN = 1.6
"""Fuel for rough going (rivers, seas, pauses) over the plain cost of every move."""
PARTS_MARGIN = 1.5


@attrs.define
class Budget:
    """Money the bot may still spend this turn, after what upkeep and supplies need."""

    money: int
    reserve: int

    @property
    def spare(self) -> int:
        """Money above the reserve."""
        return max(0, self.money - self.reserve)

    def spend(self, amount: int) -> bool:
        """Take `amount` if it leaves the reserve intact."""
        if amount <= 0 or amount > self.spare:
            return False
        self.money -= amount
        return True


def troops_to_feed(view: ClanView) -> int:
    """Every troop that eats: the stockpile's and the convoys'."""
    return view.clan.stock.troops + sum(c.troops for c in view.convoys())


def needs(view: ClanView, extra_troops: int = 0) -> dict[str, int]:
    """Food, fuel and parts one game turn of the Clan's convoys uses (generous estimates)."""
    rules = view.rules
    convoys = view.convoys()
    food = math.ceil((troops_to_feed(view) + extra_troops) * rules.consumption.food_per_troop
                     * 1.1)
    fuel = math.ceil(sum(c.fuel_cost * c.moves for c in convoys) * FUEL_MARGIN)
    parts = math.ceil(sum(c.size for c in convoys) * rules.consumption.parts_per_size
                      * rules.consumption.parts_turn_factor.high * PARTS_MARGIN)
    return {"food": food, "fuel": fuel, "parts": parts}


def top_ups(view: ClanView, level: Level, turns: int, extra_troops: int = 0) -> dict[str, int]:
    """Units of food, fuel and parts to buy so the stockpile lasts `turns` game turns."""
    stock = view.clan.stock
    wanted = needs(view, extra_troops)
    out: dict[str, int] = {}
    for item, per_turn in wanted.items():
        short = per_turn * turns + 5 - stock.get(item)
        if short > 0:
            out[item] = short
    return out


def buy_lines(view: ClanView, budget: Budget, amounts: dict[str, int]) -> list[str]:
    """BUY lines for the amounts, cheapest needs first (food before fuel before parts), as far
    as money goes (supplies may eat into the reserve: starving costs more)."""
    prices = view.prices()
    lines = []
    for item in ("food", "fuel", "parts"):
        amount = amounts.get(item, 0)
        if amount <= 0:
            continue
        affordable = min(amount, budget.money // max(1, prices[item]))
        if affordable <= 0:
            continue
        budget.money -= affordable * prices[item]
        lines.append(f"BUY {affordable} {item.upper()}")
    return lines


__all__ = ["Budget", "buy_lines", "needs", "top_ups", "troops_to_feed"]
