"""Once a turn, at maintenance: Trainer, Sergeant and Armsmaster work; orphaned settings reset."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats, experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.rng import turn_rng
from conquest_tui.engine.core.state import Convoy


def run(ctx: TurnContext) -> None:
    """Every convoy of the active Clan in number order (CC-CNV-51/63/66/80, AMB-39, AMB-64)."""
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        ctx.convoy = convoy.number
        _reset_settings(ctx, convoy)
        _train(ctx, convoy)
        _make_rifles(ctx, convoy)
    ctx.convoy = 0


def _reset_settings(ctx: TurnContext, convoy: Convoy) -> None:
    reset = experts.settings_without_expert(convoy)
    if reset:
        ctx.report(EventKind.SETTING_RESET, "CC-CNV-80", convoy=convoy.number, why="no_expert",
                   settings=reset)


def _train(ctx: TurnContext, convoy: Convoy) -> None:
    rules = ctx.game.rules
    who = []
    gain = 0
    if "TRA" in convoy.experts:
        rng = turn_rng(ctx, ctx.turn, ctx.clan.number, "trainer", convoy.number)
        gain += rules.morale.trainer_per_turn.roll(rng)
        who.append("Trainer")
    if "SER" in convoy.experts:
        gain += rules.morale.sergeant_per_turn
        who.append("Sergeant")
    if not who:
        return
    gained = experts.raise_training(convoy, gain, rules)
    rule = "CC-CNV-66" if "TRA" in convoy.experts else "CC-CNV-63"
    if gained:
        ctx.report(EventKind.TRAINING, rule, convoy=convoy.number, experts=who, gained=gained,
                   training=convoy.training)


def _make_rifles(ctx: TurnContext, convoy: Convoy) -> None:
    rules = ctx.game.rules
    if "ARM" not in convoy.experts or convoy.mode == "empty":
        return
    room = convoy_stats.weapon_limits(convoy, rules)["rifles"] - convoy.rifles
    made = min(room, rules.expert_effects.armsmaster_rifles_per_turn)
    if made <= 0:
        return
    convoy.rifles += made
    ctx.report(EventKind.RIFLES_MADE, "CC-CNV-51", convoy=convoy.number, made=made,
               rifles=convoy.rifles)
