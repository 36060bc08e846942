"""Attacking a hex in Capture mode: defense level and garrison against troops (CC-CBH, AMB-42)."""

from __future__ import annotations

from conquest_tui.engine.combat import hex_attack
from conquest_tui.engine.convoys import experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy


def attack_hex(ctx: TurnContext, convoy: Convoy) -> None:
    """Attack the convoy's hex if the rules say it must (CC-CBH-01…09). The defender is told of
    every attack made, won or lost, with the numbers on both sides."""
    game, clan = ctx.game, ctx.clan
    if not hex_attack.attacks(game, clan, convoy.hex, convoy.mode, convoy.hidden):
        return
    hex_id = convoy.hex
    hex_state = game.hex(hex_id)
    defense = hex_attack.defense_of(game, hex_id)
    troops, owner, guards = convoy.troops, hex_state.owner, hex_state.garrison
    outcome = hex_attack.resolve(defense, troops, game.rules.combat.hex_attack, ctx.rng())
    if outcome.result == hex_attack.TOO_STRONG:
        ctx.report(EventKind.HEX_TOO_STRONG, "CC-CBH-03", convoy=convoy.number, hex=hex_id,
                   troops=troops, low=defense.low, high=defense.high)
        return
    if outcome.result == hex_attack.CALLED_OFF:
        ctx.report(EventKind.HEX_CALLED_OFF, "CC-AMB-42", convoy=convoy.number, hex=hex_id,
                   troops=troops, needed=outcome.needed)
        return
    convoy.troops -= outcome.lost
    battle = {"hex": hex_id, "troops": troops, "guards": guards, "defense": hex_state.defense}
    if outcome.result == hex_attack.FAILED:
        ctx.report(EventKind.HEX_ATTACK_FAILED, "CC-CBH-05", convoy=convoy.number,
                   lost=outcome.lost, needed=outcome.needed, owner=owner, **battle)
        if owner:
            ctx.notify(owner, EventKind.HEX_DEFENDED, "CC-CBH-05", killed=outcome.lost,
                       **battle)
        return
    hex_state.set_owner(clan.number)
    hex_state.garrison = 0
    hex_state.conquered_turn = game.state.game_turn
    ctx.conquered.append(hex_id)
    morale = _capture_morale(ctx, convoy)
    ctx.report(EventKind.HEX_CAPTURED, "CC-CBH-06", convoy=convoy.number, previous=owner,
               lost=outcome.lost, morale=morale, **battle)
    if owner:
        ctx.notify(owner, EventKind.HEX_LOST, "CC-CBH-06", attackers_lost=outcome.lost,
                   **battle)


def _capture_morale(ctx: TurnContext, convoy: Convoy) -> int:
    """+1 morale per hex captured, at most +5 a turn for the convoy, Gourmet counted (AMB-37/62)."""
    rules = ctx.game.rules
    earlier = ctx.hex_morale.get(convoy.number, 0)  # this turn's HEX_CAPTURED morale so far
    gain = min(rules.morale.hex_captured, rules.morale.hex_captured_max_per_turn - earlier)
    gain = experts.gourmet_morale_gain(convoy, max(0, gain), rules)
    convoy.morale += gain
    ctx.hex_morale[convoy.number] = earlier + gain
    return gain
