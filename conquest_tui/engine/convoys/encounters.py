"""First meetings between Clans: each learns the other's name, slogan and phone (CC-GEN-12)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.state import Clan


def introduction(clan: Clan) -> str:
    """What a Clan met for the first time shows of itself: name, slogan, phone if ON."""
    text = f"Clan {clan.number} ({clan.name})"
    if clan.slogan:
        text += f', whose slogan is "{clan.slogan}"'
    if clan.phone_on and clan.phone:
        text += f", phone {clan.phone}"
    return text


def introduce(ctx: TurnContext, first_met: list[int], hex_id: str) -> None:
    """Tell the active Clan who it just met, and tell each of them who met them (CC-GEN-12)."""
    game, clan = ctx.game, ctx.clan
    for number in first_met:
        other = game.clan(number)
        ctx.report(f"In {hex_id} you met {introduction(other)} for the first time.", "met_clan",
                   "CC-GEN-12")
        if clan.number in other.met_clans:
            continue
        other.met_clans.append(clan.number)
        other.met_clans.sort()
        ctx.notify(number, f"In {hex_id} your convoy was met by {introduction(clan)}; the "
                   "first meeting of your Clans.", "met_clan", "CC-GEN-12")
