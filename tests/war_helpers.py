"""Staging the war tests share: a pulse's context, one convoy order, and two Clans' convoys met."""

from __future__ import annotations

from game_helpers import convoy_of, first_clan, second_clan

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.orders.registry import CONVOY
from conquest_tui.engine.orders.sheet import parse_order_line, parse_sheet

Side = tuple[str, dict[str, int], int]
"""Where a convoy stands, its vehicles and its troops."""


def ctx_of(game: Game, pulse: int = 1, clan: int = 0) -> TurnContext:
    """A turn context in the given pulse for the Clan (the active one unless named), empty sheet."""
    ctx = TurnContext(game=game, clan=game.clan(clan or game.state.active_clan),
                      sheet=parse_sheet("", game.rules))
    ctx.phase, ctx.pulse = "pulses", pulse
    return ctx


def order(ctx: TurnContext, convoy: Convoy, text: str) -> None:
    """Run one convoy order line, as line 1 of the sheet."""
    parsed = parse_order_line(text, 1, CONVOY, ctx.game.rules)
    ctx.line, ctx.convoy = 1, convoy.number
    parsed.run(ctx, convoy)  # type: ignore[attr-defined]


def kinds(events: list[Event], kind: EventKind) -> list[Event]:
    """The events of one kind, in order."""
    return [e for e in events if e.kind == kind]


def place(game: Game, convoy: Convoy, hex_id: str, vehicles: dict[str, int],
          troops: int) -> Convoy:
    """Put the convoy, in plain sight, in the hex with these vehicles and troops."""
    game.move_convoy(convoy, hex_id)
    convoy.vehicles, convoy.troops = dict(vehicles), troops
    convoy.hidden = False
    return convoy


def two_clans(game: Game, own: Side, other: Side) -> tuple[Convoy, Convoy]:
    """The first Clan's convoy #1 and the second Clan's, placed in plain sight; both Clans have 500
    parts for repairs and the first Clan 500 fuel to move."""
    first = place(game, convoy_of(game, first_clan(game)), *own)
    second = place(game, convoy_of(game, second_clan(game)), *other)
    game.clan(first.owner).stock.parts = game.clan(second.owner).stock.parts = 500
    game.clan(first.owner).stock.fuel = 500
    return first, second
