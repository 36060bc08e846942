"""Entering a hex by a move or PAUSE: the steps of CC-MOVE-15 this version carries out."""

from __future__ import annotations

from conquest_tui.engine.convoys import encounters
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.steps import capture, expert_entry, pickup
from conquest_tui.engine.world import knowledge, structures


def enter_hex(ctx: TurnContext, convoy: Convoy) -> None:
    """Meet, attack the hex, loot with a Scout, use its structure, pick up troops; note what the
    Clan saw (CC-MOVE-15, CC-HEX-04/05, CC-HEX-24…26, CC-HEX-42)."""
    game = ctx.game
    hex_id = convoy.hex
    ctx.visited.add(hex_id)
    knowledge.see_hex(game, ctx.clan, hex_id)
    encounters.introduce(ctx, knowledge.meet_convoys(game, ctx.clan, convoy), hex_id)
    hex_state = game.hex(hex_id)
    if hex_state.owner and hex_state.owner != ctx.clan.number and convoy.mode != "recon":
        ctx.notify(hex_state.owner, EventKind.PASSAGE, "CC-HEX-04", hex=hex_id,
                   mode=convoy.mode)
    capture.attack_hex(ctx, convoy)
    expert_entry.on_enter(ctx, convoy)  # step 3, scavenging, before step 4's structures
    structures.visit(ctx, convoy)
    pickup.on_entry(ctx, convoy)
