"""Entering a hex by a move or PAUSE: the steps of CC-MOVE-15 this version carries out."""

from __future__ import annotations

from conquest_tui.engine.combat import convoy_clash
from conquest_tui.engine.convoys import encounters
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import plague_health
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
    convoy.patrolling = False  # convoy-war: moving or pausing ends a patrol (AMB-52)
    was_hidden = convoy.hidden  # war-coverage
    clear = convoy_clash.on_entry(ctx, convoy)  # convoy-war: battles first (CC-CBV-01)
    if not game.has_convoy(convoy):
        return
    if convoy.hidden and not was_hidden:  # war-coverage: beaten, it hides and does nothing
        return                            # else on this move (CC-MOVE-15 step 1)
    if clear:  # the hex only after every enemy convoy met was beaten (CC-CBH-01)
        capture.attack_hex(ctx, convoy)
    expert_entry.on_enter(ctx, convoy)  # step 3, scavenging, before step 4's structures
    structures.visit(ctx, convoy)
    plague_health.on_enter(ctx, convoy)  # AID cures, then the Scourge may infect (AMB-93)
    pickup.on_entry(ctx, convoy)
