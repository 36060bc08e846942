"""Income Phase: hexes, structures and cities produce; convoys start a fresh turn (CC-SEQ-03)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.economy import economy, random_events
from conquest_tui.engine.steps import city_buildings
from conquest_tui.engine.world import spies, structures

RESOURCES = ("money", "food", "fuel", "parts", "vaccine")


def run(ctx: TurnContext) -> None:
    """Collect what the Clan owns at this moment produces, and reset per-turn convoy counters."""
    game, clan = ctx.game, ctx.clan
    totals = economy.hex_income(game, clan.number, ctx.rng())
    for key, amount in economy.city_income(game, clan.number, ctx.rng()).items():
        totals[key] = totals.get(key, 0) + amount
    spies.income_collected(game, clan.number)  # sabotaged cities produce again (AMB-33)
    for key, amount in city_buildings.income_production(ctx).items():
        totals[key] = totals.get(key, 0) + amount
    for item, amount in totals.items():
        clan.stock.add(Item(item), amount)
    clan.last_turn.income = dict(sorted(totals.items()))
    if any(totals.values()):
        ctx.report(EventKind.INCOME, "CC-SEQ-03",
                   amounts=tuple((item, amount) for item, amount in totals.items() if amount))
    low, high = game.rules.consumption.parts_turn_factor
    for convoy in game.convoys_of(clan.number):
        convoy.moves_made = 0
        convoy.parts_owed = 0.0
        convoy.parts_factor = round(ctx.rng().uniform(low, high), 3)
    random_events.roll_at_income(ctx)
    structures.recruit_garrison_guards(ctx)
