"""What a sheet will do, pulse by pulse: the Clan's turn run by its own code on a fog-safe copy."""

from __future__ import annotations

import contextlib

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.orders.sheet import OrderSheet, parse_sheet
from conquest_tui.engine.play.fog_state import fog_safe_state
from conquest_tui.engine.play.turn import PHASES, run_clan_turn
from conquest_tui.engine.reports.forecast_records import (
    ConvoyForecast,
    ConvoyPulse,
    Forecast,
    ForecastProblem,
    LineMoney,
    Stocks,
)

FORECAST_SEED = ":forecast"
"""Added to the game's seed: the forecast rolls its own dice, so it cannot tell the real ones."""

FIGHTS = frozenset({
    EventKind.CONVOY_BATTLE, EventKind.HEX_ATTACK_FAILED, EventKind.HEX_CAPTURED,
    EventKind.HEX_DEFENDED, EventKind.CITY_ATTACK_FAILED, EventKind.CITY_CAPTURED,
})
"""Event kinds that mean the convoy fought in that pulse."""


FORECAST_PHASES = tuple(phase for phase in PHASES if phase.key is not TurnPhase.CLOSE)
"""The phases the forecast plays: all but the turn's close, which records what the Clan saw
(its sightings, spy reports, radio news, known hexes and cities, CC-SEQ-12) and may fill its
cities from the unallocated troops, and changes nothing a forecast shows: not the money, food,
fuel and parts, not a convoy, not the problem of a sheet line."""


_Seen = tuple[str, int, float]
"""A convoy after a pulse, as the forecast shows it: its hex, troops and parts owed."""


class _Done(Exception):
    """Raised at the Clan's turn's end: the forecast needs nothing after it."""


def forecast_turn(game: Game, clan_number: int, sheet: OrderSheet | str, *,
                  seed_suffix: str = FORECAST_SEED) -> Forecast:
    """Run the Clan's turn on a private, fog-safe copy of the game and tell what happened.

    The copy keeps only the other Clans' convoys the Clan saw where it saw them; its seed is the
    game's plus `seed_suffix` (the real turn's dice stay unknown; "" rolls the real dice, for
    tests). The game itself is not changed. Raises NotYourTurnError as the turn does.
    """
    if isinstance(sheet, str):
        sheet = parse_sheet(sheet, game.rules, game.house)
    private = private_game(game, clan_number, seed_suffix)
    clan = private.clan(clan_number)
    before = {convoy.number: convoy for convoy in game.convoys_of(clan_number)}
    start = Stocks.of(game.clan(clan_number))
    watch = _Watch(private, clan_number)
    with contextlib.suppress(_Done):
        run_clan_turn(private, clan_number, sheet, after_pulse=watch.after_pulse,
                      before_close=watch.before_close, after_line=watch.after_line,
                      phases=FORECAST_PHASES)
    ctx = watch.ctx
    assert ctx is not None
    forecast = Forecast(
        clan=clan_number, game_turn=game.state.game_turn, start=start,
        income=dict(clan.last_turn.income), pulses=tuple(watch.stocks),
        end=Stocks.of(clan), convoys=watch.convoys(before),
        problems=_problems(ctx), lines=tuple(watch.lines),
    )
    watch.ctx = None  # the watch and the turn hold each other: let go, so the copy goes at once
    return forecast


def private_game(game: Game, clan_number: int, seed_suffix: str = FORECAST_SEED) -> Game:
    """A fog-safe copy of the game (`fog_safe_state`) where it is the Clan's turn, its dice
    the game's seed plus `seed_suffix`: what the forecast and the planned odds play on."""
    private = Game(game.rules, game.map, fog_safe_state(game, clan_number))
    private.state.seed = f"{private.state.seed}{seed_suffix}"
    if clan_number in private.state.clan_order and not private.state.finished:
        private.state.turn_index = private.state.clan_order.index(clan_number)  # as if now
    return private


@attrs.define
class _Watch:
    """Snapshots of the private turn: the Clan's stocks and convoys after each pulse."""

    game: Game
    clan: int
    ctx: TurnContext | None = None
    stocks: list[tuple[int, Stocks]] = attrs.field(factory=list)
    seen: dict[int, list[tuple[int, _Seen | None]]] = attrs.field(factory=dict)
    """Convoy number → (pulse, its hex, troops and parts owed then, or None once gone)."""
    names: dict[int, tuple[str, str, int]] = attrs.field(factory=dict)
    """Convoy number → its name, hex and troops when last seen after a pulse."""
    final: dict[int, Convoy] = attrs.field(factory=dict)
    """The convoys when the Clan's last phase is done."""
    lines: list[LineMoney] = attrs.field(factory=list)
    """The money before and after each sheet line carried out."""

    def after_line(self, ctx: TurnContext, before: int) -> None:
        self.lines.append(LineMoney(ctx.line, ctx.phase.value, ctx.pulse, before,
                                    ctx.clan.stock.money))

    def after_pulse(self, ctx: TurnContext, pulse: int) -> None:
        self.ctx = ctx
        self.stocks.append((pulse, Stocks.of(ctx.clan)))
        present = {convoy.number: convoy for convoy in self.game.convoys_of(self.clan)}
        seen, names = self.seen, self.names
        for number in set(present) | set(seen):
            convoy = present.get(number)
            now = None
            if convoy is not None:
                now = (convoy.hex, convoy.troops, convoy.parts_owed)
                names[number] = (convoy.name, convoy.hex, convoy.troops)
            seen.setdefault(number, []).append((pulse, now))

    def before_close(self, ctx: TurnContext) -> None:
        self.ctx = ctx
        self.final = {c.number: c for c in self.game.convoys_of(self.clan)}
        raise _Done

    def convoys(self, before: dict[int, Convoy]) -> tuple[ConvoyForecast, ...]:
        ctx = self.ctx
        assert ctx is not None
        final = self.final
        numbers = sorted(set(before) | set(self.seen) | set(final))
        fights: dict[tuple[int, int | None], int] = {}
        for event in ctx.events:
            if event.kind in FIGHTS and event.pulse:
                fights.setdefault((event.pulse, event.convoy), event.line or 0)
        failed = {(p.line, p.code) for p in ctx.problems if p.level == "resolve"}
        stops = {(e.pulse, e.convoy) for e in ctx.events
                 if e.pulse and (e.line, e.kind.value) in failed} if failed else set()
        result = []
        for number in numbers:
            known = before.get(number)
            first = (known.name, known.hex, known.troops) if known else self.names.get(number)
            if first is None:
                continue
            rows = tuple(
                ConvoyPulse(pulse, now[0], now[1], _whole(now[2]),
                            (pulse, number) in fights, (pulse, number) in stops,
                            line=fights.get((pulse, number), 0))
                if now is not None else ConvoyPulse(pulse, "", 0, 0, (pulse, number) in fights,
                                                    gone=True, line=fights.get((pulse, number), 0))
                for pulse, now in self.seen.get(number, []))
            last = final.get(number)
            result.append(ConvoyForecast(
                number=number, name=first[0], start_hex=first[1],
                start_troops=first[2], created=number not in before, pulses=rows,
                end_hex=last.hex if last else "", end_troops=last.troops if last else 0,
                gone=last is None))
        return tuple(result)


def _whole(amount: float) -> int:
    whole = int(amount)
    return whole + (amount > whole)


def _problems(ctx: TurnContext) -> tuple[ForecastProblem, ...]:
    """The resolve problems of the turn with the pulse and phase they happened in."""
    failed = [problem for problem in ctx.problems
              if problem.level == "resolve" and problem.line > 0]
    if not failed:
        return ()
    asked = {(problem.line, problem.code) for problem in failed}
    where: dict[tuple[int, str], tuple[int, str]] = {}  # each asked for: its first event's
    for e in ctx.events:
        key = (e.line, e.kind.value)
        if key in asked and key not in where:
            where[key] = (e.pulse, e.phase.value)
    found = []
    for problem in failed:
        pulse, phase = where.get((problem.line, problem.code), (0, ""))
        found.append(ForecastProblem(problem.line, pulse, phase, problem))
    return tuple(sorted(found, key=lambda f: (f.line, f.pulse)))
