"""Passing the turn on, and the game-turn end after the last Clan (CC-SEQ-14, CC-POP-02)."""

from __future__ import annotations

from conquest_tui.engine.game import Game


def popularity(game: Game, clan: int) -> int:
    """100 + 1 per hex (5 with a Stadium) + 1 per full 10,000 people in owned cities (AMB-17)."""
    rules = game.rules.popularity
    points = rules.base
    for hex_state in game.state.hexes:
        if hex_state.owner == clan:
            points += rules.stadium_hex if hex_state.special == "STA" else rules.per_hex
    people = sum(city.population for city in game.state.cities if city.owner == clan)
    return points + people // rules.population_divisor


def end_game_turn(game: Game) -> None:
    """Recalculate popularity, record the Top Clans, start the next game turn."""
    state = game.state
    for clan in state.clans:
        clan.popularity = popularity(game, clan.number)
    ranking = sorted(state.clans, key=lambda c: (-c.popularity, c.sequence))
    state.top_clans.append([clan.number for clan in ranking])
    state.game_turn += 1


def advance(game: Game) -> bool:
    """Hand the turn to the next Clan that still plays; True if a game turn ended."""
    state = game.state
    ended = False
    for _ in range(len(state.clan_order)):
        state.turn_index += 1
        if state.turn_index >= len(state.clan_order):
            state.turn_index = 0
            end_game_turn(game)
            ended = True
        if not game.clan(state.active_clan).resigned:
            break
    return ended
