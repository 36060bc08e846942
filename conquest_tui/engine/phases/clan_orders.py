"""Pre-turn and post-turn Clan order phases: each line to its handler (CC-SEQ-04, CC-SEQ-10)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.economy import bought_lines
from conquest_tui.engine.orders.sheet import SheetLine
from conquest_tui.engine.phases.handlers import CLAN_HANDLERS


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
    for index, sheet_line in enumerate(lines):
        ctx.line = sheet_line.line
        if index >= limit:
            ctx.fail("over_limit", f"only {limit} {label} Clan order lines this turn; "
                     f"{sheet_line.text} was not carried out", "CC-SEQ-15")
            continue
        if sheet_line.order is None:
            continue
        handler = CLAN_HANDLERS.get(type(sheet_line.order))
        if handler is None:
            ctx.fail("not_supported", f"{sheet_line.order.keyword} is not yet supported in "
                     "this version; the line was skipped")
            continue
        handler(ctx, sheet_line.order)
    ctx.line = 0
