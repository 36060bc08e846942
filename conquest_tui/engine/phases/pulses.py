"""Convoy orders phase: ten pulses (twelve for sea convoys with an Engineer) (CC-SEQ-06…09)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orders import model
from conquest_tui.engine.phases import food, pickup
from conquest_tui.engine.phases.handlers import CONVOY_HANDLERS


def run(ctx: TurnContext) -> None:
    """Each pulse, every convoy runs one line in number order; then pickup, then food."""
    game, clan = ctx.game, ctx.clan
    rules = game.rules
    own = game.convoys_of(clan.number)
    for convoy in own:
        convoy.start_hex = convoy.hex  # the Airport range bonus looks here (CC-CNV-12)
    _report_orphan_sections(ctx, {c.number for c in own})
    last_pulse = max([rules.order_lines.convoy, *(convoy_stats.pulses(c, rules) for c in own)])
    for pulse in range(1, last_pulse + 1):
        ctx.pulse = pulse
        for convoy in game.convoys_of(clan.number):
            gone = all(c is not convoy for c in game.state.convoys)
            if gone or all(c is not convoy for c in own):
                continue  # SPLIT off, absorbed or destroyed during the pulses: no lines (AMB-69)
            lines = ctx.sheet.convoy_lines(convoy.number)
            allowed = convoy_stats.pulses(convoy, rules)
            if pulse == allowed + 1:
                for extra in lines[allowed:]:
                    ctx.line, ctx.convoy = extra.line, convoy.number
                    ctx.fail("over_limit", f"convoy #{convoy.number} has only {allowed} order "
                             f"lines; {extra.text} was not carried out", "CC-SEQ-15")
            if pulse > allowed or pulse > len(lines):
                continue
            sheet_line = lines[pulse - 1]
            ctx.line, ctx.convoy = sheet_line.line, convoy.number
            if sheet_line.order is not None:
                _run_order(ctx, convoy, sheet_line.order)
        ctx.line = ctx.convoy = 0
        for convoy in game.convoys_of(clan.number):
            pickup.pick_up_one(ctx, convoy)
        food.run_pulse(ctx, pulse)
    ctx.pulse = 0


def _report_orphan_sections(ctx: TurnContext, numbers: set[int]) -> None:
    for number, lines in ctx.sheet.convoys:
        if number not in numbers and lines:
            ctx.line = lines[0].line
            ctx.fail("no_convoy", f"you have no convoy #{number}; its {len(lines)} lines were "
                     "not carried out")
    ctx.line = 0


def _run_order(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    if convoy.health < ctx.game.rules.consumption.no_orders_health:
        ctx.fail("too_sick", f"convoy #{convoy.number} is below 50% health and can carry out "
                 "no orders", "CC-CNV-31")
        return
    handler = CONVOY_HANDLERS.get(type(order))
    if handler is None:
        ctx.fail("not_supported", f"{order.keyword} is not yet supported in this version; "
                 "the line was skipped")
        return
    handler(ctx, convoy, order)
