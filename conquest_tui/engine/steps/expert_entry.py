"""What a convoy's experts do on entering a hex: Scout auto-loot, Doctor's Plague report."""

from __future__ import annotations

from conquest_tui.engine.convoys import experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.steps import loot


def on_enter(ctx: TurnContext, convoy: Convoy) -> None:
    """Step 3 of hex entry and the Doctor's detection (CC-MOVE-15, CC-HEX-42, AMB-67, AMB-93)."""
    if experts.auto_loots(convoy) and _may_search(ctx, convoy):
        loot.loot_hex(ctx, convoy)
    if experts.detects_plague(convoy):
        _detect_plague(ctx, convoy)


def _may_search(ctx: TurnContext, convoy: Convoy) -> bool:
    """A Scout loots only hexes with something left, never hidden or in Recon (CC-HEX-42/43).

    A Bank has something left once a turn for each Clan (AMB-76).
    """
    if convoy.hidden or convoy.mode == "recon":
        return False
    return loot.has_something(ctx, convoy.hex)


def _detect_plague(ctx: TurnContext, convoy: Convoy) -> None:
    city = ctx.game.city(convoy.hex)
    site = ctx.game.city_site(convoy.hex)
    if city is None or site is None or not city.plague:
        return
    ctx.report(EventKind.PLAGUE_DETECTED, "CC-CNV-54", convoy=convoy.number, city=site.name,
               hex=convoy.hex)
