"""Pre-turn and post-turn Clan orders: each line to its declared step (CC-SEQ-04, CC-SEQ-10)."""

from __future__ import annotations

from functools import partial

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.economy import bought_lines
from conquest_tui.engine.orders.model import ClanOrder
from conquest_tui.engine.orders.sheet import SheetLine, counted


def run_pre(ctx: TurnContext) -> None:
    """Pre-turn Clan orders: 5 lines plus any bought last turn (CC-SEQ-04, AMB-49)."""
    clan = ctx.clan
    limit = ctx.game.rules.order_lines.pre + clan.extra_pre_lines
    _run_lines(ctx, ctx.sheet.pre, limit, "pre-turn")


def run_post(ctx: TurnContext) -> None:
    """Post-turn Clan orders: 10 lines plus any bought last turn (CC-SEQ-10, AMB-49)."""
    clan = ctx.clan
    limit = ctx.game.rules.order_lines.post + clan.extra_post_lines
    _run_lines(ctx, ctx.sheet.post, limit, "post-turn")
    clan.extra_pre_lines = 0
    clan.extra_post_lines = 0
    bought_lines.carry_over(clan)


def _run_lines(ctx: TurnContext, lines: tuple[SheetLine, ...], limit: int, label: str) -> None:
    """Run the section's lines up to the limit; lines with a parse problem take no place."""
    for index, sheet_line in enumerate(counted(lines)):
        ctx.line = sheet_line.line
        if index >= limit:
            ctx.fail(EventKind.OVER_LIMIT, "CC-SEQ-15", why="clan_lines", limit=limit,
                     section=label, text=sheet_line.text)
            continue
        order = sheet_line.order
        if order is None:
            continue
        spec = ctx.game.rules.orders.spec_of(order)
        if spec is None or not spec.supported or not isinstance(order, ClanOrder):
            ctx.fail(EventKind.NOT_SUPPORTED, "", keyword=order.keyword)
            continue
        ctx.carry_out(partial(order.run, ctx))
    ctx.line = 0
