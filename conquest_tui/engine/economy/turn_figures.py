"""Every Clan's figures at each game-turn end, for the history's plots (issue 16)."""

from __future__ import annotations

from collections import Counter

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import TurnFigures


@attrs.frozen
class Holdings:
    """What every Clan holds now, by Clan number: hexes, cities, and troops anywhere (convoys,
    city garrisons, hex guards and the stockpile)."""

    hexes: Counter[int]
    cities: Counter[int]
    troops: Counter[int]


def holdings(game: Game) -> Holdings:
    """Every Clan's hexes, cities and troops now, in one pass over the state."""
    state = game.state
    hexes: Counter[int] = Counter()
    troops: Counter[int] = Counter()
    for hex_state in state.hexes:
        hexes[hex_state.owner] += 1
        troops[hex_state.owner] += hex_state.garrison
    cities: Counter[int] = Counter()
    for city in state.cities:
        cities[city.owner] += 1
        troops[city.owner] += city.troops
    for convoy in state.convoys:
        troops[convoy.owner] += convoy.troops
    for clan in state.clans:
        troops[clan.number] += clan.stock.troops
    return Holdings(hexes, cities, troops)


def record(game: Game) -> None:
    """Append every Clan's popularity, income, hexes, cities, troops and money this game turn.

    Called at the game turn's end after popularity is worked out; resigned Clans too (their
    holdings still count), in playing order.
    """
    state = game.state
    turn = state.game_turn
    held = holdings(game)
    for number in state.clan_order:
        clan = game.clan(number)
        last = clan.last_turn
        income = last.income.get("money", 0) if last.game_turn == turn else 0
        state.turn_figures.append(TurnFigures(
            game_turn=turn, clan=number, popularity=clan.popularity, income=income,
            hexes=held.hexes[number], cities=held.cities[number], troops=held.troops[number],
            money=clan.stock.money))


MEASURES = ("popularity", "income", "hexes", "cities", "troops", "money")
"""What the plots can show, in the order the history screen offers them."""
