"""Attacking a hex in Capture mode: defense level and garrison against troops (CC-CBH, AMB-42)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.world.hex_defense import requirement


def attack_hex(ctx: TurnContext, convoy: Convoy) -> None:
    """Attack the convoy's hex if the rules say it must (CC-CBH-01…09)."""
    game, clan = ctx.game, ctx.clan
    hex_id = convoy.hex
    if convoy.mode != "capture" or convoy.hidden or game.map.is_water(hex_id):
        return
    hex_state = game.hex(hex_id)
    if hex_state.owner == clan.number or hex_state.owner in clan.allies:
        return
    low, high = requirement(game, hex_id, hex_state.defense, hex_state.garrison)
    if convoy.troops < low:
        ctx.report(EventKind.HEX_TOO_STRONG, "CC-CBH-03", convoy=convoy.number, hex=hex_id,
                   troops=convoy.troops, low=low, high=high)
        return
    rng = ctx.rng()
    rules = game.rules
    needed = rules.defense_levels[hex_state.defense - 1].conquer.roll(rng)
    guard_cost = rules.terrains[game.map.terrain_of(hex_id)].guard_cost
    needed += sum(guard_cost.roll(rng) for _ in range(hex_state.garrison))
    if convoy.troops < needed - rules.combat.hex_attack.caution_margin:
        ctx.report(EventKind.HEX_CALLED_OFF, "CC-AMB-42", convoy=convoy.number, hex=hex_id,
                   troops=convoy.troops, needed=needed)
        return
    previous = hex_state.owner
    if convoy.troops < needed:
        lost = convoy.troops
        convoy.troops = 0
        ctx.report(EventKind.HEX_ATTACK_FAILED, "CC-CBH-05", convoy=convoy.number, hex=hex_id,
                   lost=lost, needed=needed, owner=previous)
        if previous:
            ctx.notify(previous, EventKind.HEX_DEFENDED, "CC-CBH-05", hex=hex_id)
        return
    convoy.troops -= needed
    guards = hex_state.garrison
    hex_state.owner = clan.number
    hex_state.garrison = 0
    hex_state.conquered_turn = game.state.game_turn
    ctx.conquered.append(hex_id)
    ctx.report(EventKind.HEX_CAPTURED, "CC-CBH-06", convoy=convoy.number, hex=hex_id,
               previous=previous, lost=needed, guards=guards)
    if previous:
        ctx.notify(previous, EventKind.HEX_LOST, "CC-CBH-06", hex=hex_id, guards=guards)
