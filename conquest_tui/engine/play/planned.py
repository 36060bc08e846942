"""The odds of a fight on a convoy's planned route: the convoy as the sheet brings it there."""

from __future__ import annotations

import copy

import attrs

from conquest_tui.engine.combat import odds
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.orders.sheet import OrderSheet, parse_sheet
from conquest_tui.engine.play.forecast import private_game
from conquest_tui.engine.play.turn import PHASES
from conquest_tui.engine.reports.view import ClanView


@attrs.frozen
class Planned:
    """The convoy just before it reaches the hex (or when its moves are done, `on_route` False):
    `pulse` 0 is after the Clan orders before the pulses (this turn's purchases and ENLIST)."""

    convoy: Convoy
    pulse: int
    on_route: bool


class _Reached(Exception):
    """The convoy is about to enter the hex: the private turn need go no further."""


def planned_estimates(game: Game, clan_number: int, sheet: OrderSheet | str, convoy_number: int,
                      hex_id: str | None, *, attack_city: bool = False,
                      troops: int | None = None, runs: int | None = None,
                      seed: int = 0) -> list[odds.Estimate]:
    """`odds.estimates` for the convoy as the sheet will have it when it enters `hex_id` (its
    own hex by default): its pre-turn orders run, its pulses up to that hex, on the forecast's
    fog-safe copy. A hex off its route takes the convoy as its moves leave it."""
    view = ClanView(game, clan_number)
    live = game.convoy(clan_number, convoy_number)
    if isinstance(sheet, str):
        sheet = parse_sheet(sheet, game.rules, game.house)
    if not _has_orders(sheet):
        if live is None:
            raise odds.OddsError("no_convoy", number=convoy_number)
        return odds.estimates(game, view, live, hex_id, attack_city=attack_city, troops=troops,
                              runs=runs, seed=seed)
    target = hex_id or (live.hex if live is not None else "")
    plan = plan_convoy(game, clan_number, sheet, convoy_number, target)
    if plan is None:
        raise odds.OddsError("no_convoy", number=convoy_number)
    found = odds.estimates(game, view, plan.convoy, target or plan.convoy.hex,
                           attack_city=attack_city, troops=troops, runs=runs, seed=seed)
    note = odds.Assumption("planned", (
        ("pulse", plan.pulse), ("hex", target or plan.convoy.hex),
        ("troops", plan.convoy.troops), ("on_route", int(plan.on_route))))
    return [attrs.evolve(estimate, assumptions=(note, *estimate.assumptions))
            for estimate in found]


def _has_orders(sheet: OrderSheet) -> bool:
    return bool(sheet.pre or any(lines for _, lines in sheet.convoys))


def plan_convoy(game: Game, clan_number: int, sheet: OrderSheet, convoy_number: int,
                hex_id: str) -> Planned | None:
    """The convoy as the sheet brings it next to `hex_id`, on a private copy of the game (the
    forecast's, with its own dice); None when the Clan has no such convoy then."""
    private = private_game(game, clan_number)
    seen: list[tuple[int, Convoy]] = []

    def after_pulse(ctx: TurnContext, pulse: int) -> None:
        now = private.convoy(clan_number, convoy_number)
        if now is None:
            raise _Reached
        if now.hex == hex_id:
            raise _Reached
        seen.append((pulse, copy.deepcopy(now)))

    ctx = TurnContext(game=private, clan=private.clan(clan_number), sheet=sheet,
                      after_pulse=after_pulse)
    reached = False
    for phase in PHASES:
        ctx.phase = phase.key
        ctx.pulse = ctx.line = ctx.convoy = 0
        if phase.key == TurnPhase.PULSES:
            before = private.convoy(clan_number, convoy_number)
            if before is None:
                return None
            seen.append((0, copy.deepcopy(before)))
            if before.hex == hex_id:
                return Planned(seen[-1][1], 0, True)
        try:
            phase.run(ctx)
        except _Reached:
            reached = True
            break
        if phase.key == TurnPhase.PULSES:
            break
    pulse, convoy = seen[-1]
    return Planned(convoy, pulse, reached and private.convoy(clan_number, convoy_number)
                   is not None)
