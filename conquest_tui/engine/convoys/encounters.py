"""First meetings between Clans: each learns the other's name, slogan and phone (CC-GEN-12)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Clan


def introduction(clan: Clan) -> dict[str, object]:
    """What a Clan met for the first time shows of itself: number, name, slogan, phone if ON."""
    phone = clan.phone if clan.phone_on else ""
    return {"clan": clan.number, "name": clan.name, "slogan": clan.slogan, "phone": phone}


def introduce(ctx: TurnContext, first_met: list[int], hex_id: str) -> None:
    """Tell the active Clan who it just met, and tell each of them who met them (CC-GEN-12)."""
    game, clan = ctx.game, ctx.clan
    for number in first_met:
        other = game.clan(number)
        ctx.report(EventKind.MET_CLAN, "CC-GEN-12", hex=hex_id, **introduction(other))
        if clan.number in other.met_clans:
            continue
        other.met_clans.append(clan.number)
        other.met_clans.sort()
        ctx.notify(number, EventKind.MET_CLAN, "CC-GEN-12", hex=hex_id, **introduction(clan))
