"""Convoy orders phase: ten pulses (twelve for sea convoys with an Engineer) (CC-SEQ-06…09)."""

from __future__ import annotations

from functools import partial

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import plague_health
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.sheet import counted
from conquest_tui.engine.steps import food, pickup


def run(ctx: TurnContext) -> None:
    """Each pulse, every convoy runs one line in number order; then pickup, then food."""
    game, clan = ctx.game, ctx.clan
    rules = game.rules
    own = game.convoys_of(clan.number)
    for convoy in own:
        convoy.start_hex = convoy.hex  # the Airport range bonus looks here (CC-CNV-12)
    _report_orphan_sections(ctx, {c.number for c in own})
    last_pulse = max([rules.order_lines.convoy, *(convoy_stats.pulses(c, rules) for c in own)])
    starters = {id(c) for c in own}  # `own` keeps them alive: their ids stay theirs
    sections = dict(ctx.sheet.convoys)  # the sheet does not change during the turn
    written = {c.number: counted(sections.get(c.number, ())) for c in own}  # bad lines: no pulse
    for pulse in range(1, last_pulse + 1):
        ctx.pulse = pulse
        for convoy in game.convoys_of(clan.number):
            if id(convoy) not in starters or not game.has_convoy(convoy):
                continue  # SPLIT off, absorbed or destroyed during the pulses: no lines (AMB-69)
            lines = written[convoy.number]
            allowed = convoy_stats.pulses(convoy, rules)
            if pulse == allowed + 1:
                for extra in lines[allowed:]:
                    ctx.line, ctx.convoy = extra.line, convoy.number
                    ctx.fail(EventKind.OVER_LIMIT, "CC-SEQ-15", why="convoy_lines",
                             convoy=convoy.number, limit=allowed, text=extra.text)
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
        plague_health.sicken(ctx, pulse)  # the Scourge saps infected convoys (AMB-35)
        if ctx.after_pulse is not None:
            ctx.after_pulse(ctx, pulse)
    for convoy in game.convoys_of(clan.number):  # lines past the last pulse: none came for them
        allowed = convoy_stats.pulses(convoy, rules)
        if id(convoy) in starters and allowed >= last_pulse:
            for extra in written[convoy.number][allowed:]:
                ctx.line, ctx.convoy = extra.line, convoy.number
                ctx.fail(EventKind.OVER_LIMIT, "CC-SEQ-15", why="convoy_lines",
                         convoy=convoy.number, limit=allowed, text=extra.text)
    ctx.pulse = ctx.line = ctx.convoy = 0


def _report_orphan_sections(ctx: TurnContext, numbers: set[int]) -> None:
    for number, lines in ctx.sheet.convoys:
        if number not in numbers and lines:
            ctx.line = lines[0].line
            ctx.fail(EventKind.NO_CONVOY, "", why="orphan_section", number=number,
                     count=len(lines))
    ctx.line = 0


def _run_order(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    if convoy.health < ctx.game.rules.consumption.no_orders_health:
        ctx.fail(EventKind.TOO_SICK, "CC-CNV-31", convoy=convoy.number)
        return
    spec = ctx.game.rules.orders.spec_of(order)
    if spec is None or not spec.supported or not isinstance(order, model.ConvoyOrder):
        ctx.fail(EventKind.NOT_SUPPORTED, "", convoy=convoy.number, keyword=order.keyword)
        return
    ctx.carry_out(partial(order.run, ctx, convoy))
