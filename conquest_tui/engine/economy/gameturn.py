"""Passing the turn on, and the game-turn end after the last Clan (CC-SEQ-14, CC-POP-02)."""

from __future__ import annotations

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.rng import game_turn_rng
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.economy import (
    markets,
    offers,
    population,
    top_lists,
    turn_figures,
    victory,
)


def popularity(game: Game, clan: int) -> int:
    """100 + 1 per hex (5 with a Stadium) + 1 per full 10,000 people in owned cities (AMB-17)."""
    rules = game.rules.popularity
    points = rules.base
    for hex_state in game.state.hexes:
        if hex_state.owner == clan:
            points += rules.stadium_hex if hex_state.special == "STA" else rules.per_hex
    people = sum(city.population for city in game.state.cities if city.owner == clan)
    return points + people // rules.population_divisor


def all_popularity(game: Game) -> dict[int, int]:
    """Every Clan's popularity in one pass over the hexes and cities (same as popularity())."""
    rules = game.rules.popularity
    points = {clan.number: rules.base for clan in game.state.clans}
    people = dict.fromkeys(points, 0)
    for hex_state in game.state.hexes:
        if hex_state.owner in points:
            points[hex_state.owner] += (rules.stadium_hex if hex_state.special == "STA"
                                        else rules.per_hex)
    for city in game.state.cities:
        if city.owner in people:
            people[city.owner] += city.population
    return {n: points[n] + people[n] // rules.population_divisor for n in points}


def end_game_turn(game: Game) -> None:
    """After the last Clan: population, prices, popularity, Top Clans, victory, next game turn.

    Each Clan learns its cities' changes and its new popularity on its next turn (CC-SEQ-16).
    """
    state = game.state
    turn = state.game_turn
    growth = game_turn_rng(game, turn, "population", "gameturn", turn, "population")
    events = population.update_cities(game, growth)
    markets.drift_prices(game, game_turn_rng(game, turn, "market prices", "gameturn", turn,
                                             "market"))
    before = {clan.number: clan.popularity for clan in state.clans}
    points = all_popularity(game)
    for clan in state.clans:
        clan.popularity = points[clan.number]
    ranking = sorted(state.clans, key=lambda c: (-c.popularity, c.sequence))
    state.top_clans.append([clan.number for clan in ranking])
    top_lists.record(game, state.top_clans[-1])
    turn_figures.record(game)
    victory.decide(game)
    for clan in state.clans:
        events.append(Event(
            clan=clan.number, phase=TurnPhase.BETWEEN, kind=EventKind.POPULARITY, rule="CC-POP-02",
            game_turn=turn,
            facts={"turn": turn, "popularity": clan.popularity,
                   "change": clan.popularity - before[clan.number],
                   "threshold": state.victory_threshold}))
        last = victory.watch_last_turn(game, clan)
        if last:
            events.append(Event(
                clan=clan.number, phase=TurnPhase.BETWEEN, kind=EventKind.VICTORY_WATCH,
                rule="CC-POP-07", game_turn=turn,
                facts={"threshold": state.victory_threshold,
                       "since": clan.victory_watch_since, "last": last}))
    for event in events:
        game.clan(event.clan).inbox.append(event)
    if not state.finished:
        state.game_turn += 1
        offers.announce(game)  # the moderator's radio offer for the new game turn (CC-RES-16)


def advance(game: Game) -> bool:
    """Hand the turn to the next Clan that still plays; True if a game turn ended.

    Resigned Clans are skipped (CC-GEN-11); the game stops handing out turns once it is over.
    """
    state = game.state
    ended = False
    for _ in range(len(state.clan_order)):
        state.turn_index += 1
        if state.turn_index >= len(state.clan_order):
            state.turn_index = 0
            end_game_turn(game)
            ended = True
            if state.finished:
                break
        if not game.clan(state.active_clan).resigned:
            break
    return ended


def resign(game: Game, clan_number: int) -> bool:
    """The Clan drops out: its units stay and defend but never act again (CC-GEN-11, hot-seat).

    If it was the Clan's turn, the turn passes on; True if that ended a game turn.
    """
    state = game.state
    clan = game.clan(clan_number)
    if clan.resigned or state.finished:
        return False
    clan.resigned = True
    if state.active_clan != clan_number:
        return False
    if all(other.resigned for other in state.clans):
        victory.decide(game)
        return False
    return advance(game)
