"""Attacking a hex in Capture mode: defense level and garrison against troops (CC-CBH, AMB-42)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
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
        ctx.report(f"Convoy #{convoy.number} has {convoy.troops} troops; {hex_id} needs "
                   f"{low}–{high} to attack, so it was left alone.", "hex_too_strong",
                   "CC-CBH-03")
        return
    rng = ctx.rng()
    rules = game.rules
    needed = rules.defense_levels[hex_state.defense - 1].conquer.roll(rng)
    guard_cost = rules.terrains[game.map.terrain_of(hex_id)].guard_cost
    needed += sum(guard_cost.roll(rng) for _ in range(hex_state.garrison))
    if convoy.troops < needed - rules.combat.hex_attack.caution_margin:
        ctx.report(f"Convoy #{convoy.number}'s commander judged {hex_id} too strong for "
                   f"{convoy.troops} troops and called the attack off.", "hex_called_off",
                   "CC-AMB-42")
        return
    previous = hex_state.owner
    if convoy.troops < needed:
        lost = convoy.troops
        convoy.troops = 0
        ctx.report(f"Convoy #{convoy.number} attacked {hex_id} and failed; all {lost} attacking "
                   "troops were killed.", "hex_attack_failed", "CC-CBH-05")
        if previous:
            ctx.notify(previous, f"Your hex {hex_id} beat off an attack by Clan "
                       f"{clan.number}.", "hex_defended", "CC-CBH-05")
        return
    convoy.troops -= needed
    guards = hex_state.garrison
    hex_state.owner = clan.number
    hex_state.garrison = 0
    hex_state.conquered_turn = game.state.game_turn
    ctx.conquered.append(hex_id)
    whose = f" from Clan {previous}" if previous else ""
    ctx.report(f"Convoy #{convoy.number} captured {hex_id}{whose}, losing {needed} troops"
               f"{f' and killing {guards} guards' if guards else ''}.", "hex_captured",
               "CC-CBH-06")
    if previous:
        ctx.notify(previous, f"Clan {clan.number} captured your hex {hex_id}.", "hex_lost",
                   "CC-CBH-06")
