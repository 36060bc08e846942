"""The state as far as one Clan knows it: the fog-safe copy its forecast and odds play on."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import (
    CityState,
    Clan,
    GameState,
    LastTurn,
)
from conquest_tui.engine.play.presumed_hexes import PresumedHexes, usual_defenses
from conquest_tui.engine.play.record_copy import copy_record, copy_replacing


def fog_safe_state(game: Game, clan_number: int) -> GameState:
    """A deep copy of the state as far as the Clan knows it: the other Clans' convoys only where
    its sightings of their Clan (or of an unknown one) put them, and the hexes it does not see
    now (neither its own nor entered last turn, as its view shows them) presumed: unclaimed,
    unguarded, of the usual defense for their terrain, with nothing to pick up or loot; the
    cities it does not see as it last learned them (`_presume_city`); no other Clan's spies; no
    past reports and no figures of past game turns (a Clan's turn reads neither)."""
    state = game.state
    clan = game.clan(clan_number)
    seen = {(s.hex, s.owner) for s in clan.sightings}
    seen |= {(s.hex, s.owner) for report in clan.spy_reports for s in report.sightings}
    kept = [copy_record(convoy) for convoy in state.convoys if convoy.owner == clan_number
            or (convoy.hex, convoy.owner) in seen or (convoy.hex, 0) in seen]
    clans = [_slim(other, other.number == clan_number) for other in state.clans]
    visited = set(clan.last_turn.visited_hexes)
    cities = [copy_replacing(city, spies=[clan_number] * city.spies.count(clan_number))
              if city.owner == clan_number or city.hex in visited
              else _presume_city(game, clan, city) for city in state.cities]
    private: GameState = copy_replacing(state, convoys=kept, clans=clans, cities=cities,
                                        hexes=_hexes(game, clan), turn_figures=[])
    return private


def _hexes(game: Game, clan: Clan) -> PresumedHexes:
    """Every hex presumed (`presumed_hexes.presume`), but those the Clan sees now (its own and
    those it entered last turn): copied as they are."""
    contains, index_of = game.map.contains, game.map.index_of
    seen = {index_of(hex_id) for hex_id in clan.last_turn.visited_hexes if contains(hex_id)}
    seen.update(map(index_of, game.owned_hexes(clan.number)))
    return PresumedHexes(game.state.hexes, usual_defenses(game.rules, game.map), seen)


def _presume_city(game: Game, clan: Clan, city: CityState) -> CityState:
    """A copy of a city the Clan does not see: as it last learned it, or, never learned, an
    unowned city of its printed size at the fullest garrison an unowned city starts with (the
    worst case); no spies but the Clan's, no claymores, no plague, hostile to the Clan alone if
    to it at all."""
    number = clan.number
    memory = clan.city_memory.get(city.hex)
    hostile = [number] * city.hostile_to.count(number)  # the Clan's own entries alone
    spies = [number] * city.spies.count(number)
    if memory is not None:
        return copy_replacing(
            city, claymores=0, plague=False, hostile_to=hostile, spies=spies,
            owner=memory.owner, population=memory.population, troops=memory.troops,
            fortification=max(memory.fortification, 1), buildings=list(memory.buildings))
    site = game.map.city_at(city.hex)
    assert site is not None
    level = game.rules.fortifications[site.fortification - 1]
    share = game.rules.unowned_cities
    top = (share.major_garrison if site.major else share.minor_garrison).high
    return copy_replacing(
        city, claymores=0, plague=False, hostile_to=hostile, spies=spies, owner=0,
        population=site.population, fortification=site.fortification, buildings=[],
        troops=level.troop_capacity(False) * top // 100)


def _slim(clan: Clan, own: bool) -> Clan:
    """A copy of a Clan without what the forecast must not read or need not copy: the other
    Clans' knowledge and histories, and every Clan's past reports."""
    past = clan.last_turn
    if own:
        return copy_replacing(clan, last_turn=LastTurn(game_turn=past.game_turn,
                                                       income=dict(past.income)),
                              inbox=[], mail=[], past_reports=[])
    return copy_replacing(clan, last_turn=LastTurn(), inbox=[], mail=[], known_hexes={},
                          city_memory={}, sightings=[], spy_reports=[], past_reports=[])
