"""What a bot does besides moving and fighting: city care, trade, experts, spies, diplomacy.

Each planner reads and writes the `Extras` it is given (`extras_state`); this module runs them
in turn and is imported by none of them.
"""

from __future__ import annotations

import random

from conquest_tui.bots import city_care, diplomacy, hiring, intel, trade
from conquest_tui.bots.extras_state import Budget, Extras, budget_for
from conquest_tui.bots.levels import Level
from conquest_tui.bots.plan import SheetPlan
from conquest_tui.engine.reports.view import ClanView


def add_extras(view: ClanView, level: Level, plan: SheetPlan, rng: random.Random) -> None:
    """Add city care, trade, hiring, intelligence and diplomacy lines to the bot's plan, from
    the view alone, spending only above the level's reserve and two turns' upkeep; what they
    may spend is added to `plan.extras_spent`. `rng` is copied, never advanced."""
    reserve = level.money_reserve
    dice = random.Random()
    dice.setstate(rng.getstate())  # a copy: the extras' draws leave the brain's dice alone
    extras = Extras(view, level, plan, dice, Budget(0))
    if extras.clan.resigned:
        return
    extras.budget = budget_for(extras, reserve)
    before = extras.budget.spare
    diplomacy.add_diplomacy(extras)
    city_care.add_cures(extras)
    hiring.add_hiring(extras)
    intel.add_intel(extras)
    trade.add_trade(extras)
    city_care.add_buildings(extras)
    city_care.add_structures(extras)
    hiring.add_agents(extras)
    plan.extras_spent += before - extras.budget.spare


__all__ = ["add_extras"]
