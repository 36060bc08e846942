"""What a sheet will do, pulse by pulse: the Clan's turn run by its own code on a fog-safe copy."""

from __future__ import annotations

import contextlib
import copy
from operator import attrgetter

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import (
    CityState,
    Clan,
    Convoy,
    GameState,
    HexState,
    LastTurn,
)
from conquest_tui.engine.orders.sheet import OrderSheet, parse_sheet
from conquest_tui.engine.play.turn import run_clan_turn
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
        sheet = parse_sheet(sheet, game.rules)
    private = private_game(game, clan_number, seed_suffix)
    clan = private.clan(clan_number)
    before = {convoy.number: convoy for convoy in game.convoys_of(clan_number)}
    start = Stocks.of(game.clan(clan_number))
    watch = _Watch(private, clan_number)
    with contextlib.suppress(_Done):
        run_clan_turn(private, clan_number, sheet, after_pulse=watch.after_pulse,
                      before_close=watch.before_close, after_line=watch.after_line)
    ctx = watch.ctx
    assert ctx is not None
    return Forecast(
        clan=clan_number, game_turn=game.state.game_turn, start=start,
        income=dict(clan.last_turn.income), pulses=tuple(watch.stocks),
        end=Stocks.of(clan), convoys=watch.convoys(before),
        problems=_problems(ctx), lines=tuple(watch.lines),
    )


def private_game(game: Game, clan_number: int, seed_suffix: str = FORECAST_SEED) -> Game:
    """A fog-safe copy of the game (`fog_safe_state`) where it is the Clan's turn, its dice
    the game's seed plus `seed_suffix`: what the forecast and the planned odds play on."""
    private = Game(game.rules, game.map, fog_safe_state(game, clan_number))
    private.state.seed = f"{private.state.seed}{seed_suffix}"
    if clan_number in private.state.clan_order and not private.state.finished:
        private.state.turn_index = private.state.clan_order.index(clan_number)  # as if now
    return private


def fog_safe_state(game: Game, clan_number: int) -> GameState:
    """A deep copy of the state as far as the Clan knows it: the other Clans' convoys only where
    its sightings of their Clan (or of an unknown one) put them, and the hexes it does not see
    now (neither its own nor entered last turn, as its view shows them) presumed: unclaimed,
    unguarded, of the usual defense for their terrain, with nothing to pick up or loot; the
    cities it does not see as it last learned them (`_presume_city`); no other Clan's spies."""
    state = game.state
    clan = game.clan(clan_number)
    seen = {(s.hex, s.owner) for s in clan.sightings}
    seen |= {(s.hex, s.owner) for report in clan.spy_reports for s in report.sightings}
    kept = [convoy for convoy in state.convoys if convoy.owner == clan_number
            or (convoy.hex, convoy.owner) in seen or (convoy.hex, 0) in seen]
    clans = [_slim(other, other.number == clan_number) for other in state.clans]
    shallow = attrs.evolve(state, convoys=kept, clans=clans, hexes=[])
    private = copy.deepcopy(shallow)
    private.hexes = [HexState(*_HEX_FIELDS(hex_state)) for hex_state in state.hexes]
    visited = set(clan.last_turn.visited_hexes)
    for hex_id, hex_state in zip(game.map.hex_ids(), private.hexes, strict=True):
        if hex_state.owner != clan_number and hex_id not in visited:
            _presume(game, hex_id, hex_state)
    for city in private.cities:
        city.spies = [number for number in city.spies if number == clan_number]
        if city.owner != clan_number and city.hex not in visited:
            _presume_city(game, clan, city)
    return private


def _presume_city(game: Game, clan: Clan, city: CityState) -> None:
    """A city the Clan does not see: as it last learned it, or, never learned, an unowned city
    of its printed size at the fullest garrison an unowned city starts with (the worst case)."""
    memory = clan.city_memory.get(city.hex)
    city.claymores, city.plague, city.hostile_to = 0, False, \
        [number for number in city.hostile_to if number == clan.number]
    if memory is not None:
        city.owner, city.population, city.troops = memory.owner, memory.population, memory.troops
        city.fortification = max(memory.fortification, 1)
        city.buildings = list(memory.buildings)
        return
    site = game.map.city_at(city.hex)
    assert site is not None
    level = game.rules.fortifications[site.fortification - 1]
    share = game.rules.unowned_cities
    top = (share.major_garrison if site.major else share.minor_garrison).high
    city.owner, city.population, city.fortification = 0, site.population, site.fortification
    city.buildings = []
    city.troops = level.troop_capacity(False) * top // 100


def _presume(game: Game, hex_id: str, hex_state: HexState) -> None:
    """A hex the Clan does not see: what it may assume of it (the per-game rolls are hidden)."""
    generation = game.rules.hexgen
    terrain = game.rules.terrains[game.map.terrain_of(hex_id)]
    usual = (generation.defense_roll.low + generation.defense_roll.high) // 2
    usual += terrain.defense_bonus
    if game.map.has_river(hex_id):
        usual += generation.river_defense_bonus
    hex_state.owner, hex_state.garrison = 0, 0
    hex_state.defense = min(usual, generation.max_defense_level)
    hex_state.looted, hex_state.special, hex_state.custom = True, "", ""
    hex_state.money = hex_state.food = hex_state.fuel = hex_state.parts = 0
    hex_state.vaccine = 0


_HEX_FIELDS = attrgetter(*(field.name for field in attrs.fields(HexState)))
"""A hex's fields in order: a HexState holds only numbers, strings and flags, so a new one
made from them is a copy (four times faster than copy.copy on a 60×60 map)."""


def _slim(clan: Clan, own: bool) -> Clan:
    """A Clan without what the forecast must not read or need not copy: the other Clans'
    knowledge and histories, and the Clan's own past reports."""
    past = clan.last_turn
    if own:
        return attrs.evolve(clan, last_turn=LastTurn(game_turn=past.game_turn,
                                                     income=past.income), inbox=[], mail=[])
    return attrs.evolve(clan, last_turn=LastTurn(), inbox=[], mail=[], known_hexes={},
                        city_memory={}, sightings=[], spy_reports=[])


@attrs.define
class _Watch:
    """Snapshots of the private turn: the Clan's stocks and convoys after each pulse."""

    game: Game
    clan: int
    ctx: TurnContext | None = None
    stocks: list[tuple[int, Stocks]] = attrs.field(factory=list)
    seen: dict[int, list[tuple[int, Convoy | None]]] = attrs.field(factory=dict)
    """Convoy number → (pulse, a copy of it then, or None once gone)."""
    names: dict[int, Convoy] = attrs.field(factory=dict)
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
        for number in set(present) | set(self.seen):
            convoy = present.get(number)
            if convoy is not None:
                self.names[number] = copy.copy(convoy)
            self.seen.setdefault(number, []).append((pulse, copy.copy(convoy) if convoy
                                                     else None))

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
        stops = {(e.pulse, e.convoy) for e in ctx.events if e.pulse and any(
            p.level == "resolve" and p.line == e.line and p.code == e.kind.value
            for p in ctx.problems)}
        result = []
        for number in numbers:
            first = before.get(number) or self.names.get(number)
            if first is None:
                continue
            rows = tuple(
                ConvoyPulse(pulse, now.hex, now.troops, _whole(now.parts_owed),
                            (pulse, number) in fights, (pulse, number) in stops,
                            line=fights.get((pulse, number), 0))
                if now is not None else ConvoyPulse(pulse, "", 0, 0, (pulse, number) in fights,
                                                    gone=True, line=fights.get((pulse, number), 0))
                for pulse, now in self.seen.get(number, []))
            last = final.get(number)
            result.append(ConvoyForecast(
                number=number, name=first.name, start_hex=first.hex,
                start_troops=first.troops, created=number not in before, pulses=rows,
                end_hex=last.hex if last else "", end_troops=last.troops if last else 0,
                gone=last is None))
        return tuple(result)


def _whole(amount: float) -> int:
    whole = int(amount)
    return whole + (amount > whole)


def _problems(ctx: TurnContext) -> tuple[ForecastProblem, ...]:
    """The resolve problems of the turn with the pulse and phase they happened in."""
    where = {(e.line, e.kind.value): (e.pulse, e.phase.value) for e in reversed(ctx.events)}
    found = []
    for problem in ctx.problems:
        if problem.level != "resolve" or problem.line <= 0:
            continue
        pulse, phase = where.get((problem.line, problem.code), (0, ""))
        found.append(ForecastProblem(problem.line, pulse, phase, problem))
    return tuple(sorted(found, key=lambda f: (f.line, f.pulse)))
