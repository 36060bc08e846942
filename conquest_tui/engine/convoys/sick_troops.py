"""Troops of a convoy still below 75% health after healing desert, all of them (CC-CNV-30)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind


def desert_if_sick(ctx: TurnContext) -> None:
    """Every convoy of the Clan below the troop-loss health loses all its troops (AMB-88).

    Runs at both healing steps (pre-turn pickup and post-turn maintenance), after any healing
    and before pickup; the troops are lost, weapons stay aboard (AMB-88).
    """
    limit = ctx.game.rules.consumption.troop_loss_health
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        if convoy.health >= limit or convoy.troops == 0:
            continue
        lost = convoy.troops
        convoy.troops = 0
        ctx.report(EventKind.SICK_DESERTION, "CC-CNV-30", convoy=convoy.number,
                   health=convoy.health, limit=limit, lost=lost)
