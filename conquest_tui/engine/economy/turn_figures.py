"""Every Clan's figures at each game-turn end, for the history's plots (issue 16)."""

from __future__ import annotations

from collections import Counter

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import TurnFigures


def record(game: Game) -> None:
    """Append every Clan's popularity, income, hexes, cities, troops and money this game turn.

    Called at the game turn's end after popularity is worked out; resigned Clans too (their
    holdings still count), in playing order.
    """
    state = game.state
    turn = state.game_turn
    hexes = Counter(hex_state.owner for hex_state in state.hexes)
    guards: Counter[int] = Counter()
    for hex_state in state.hexes:
        if hex_state.garrison:
            guards[hex_state.owner] += hex_state.garrison
    cities: Counter[int] = Counter()
    troops: Counter[int] = Counter()
    for city in state.cities:
        cities[city.owner] += 1
        troops[city.owner] += city.troops
    for convoy in state.convoys:
        troops[convoy.owner] += convoy.troops
    for number in state.clan_order:
        clan = game.clan(number)
        last = clan.last_turn
        income = last.income.get("money", 0) if last.game_turn == turn else 0
        state.turn_figures.append(TurnFigures(
            game_turn=turn, clan=number, popularity=clan.popularity, income=income,
            hexes=hexes[number], cities=cities[number],
            troops=troops[number] + guards[number] + clan.stock.troops,
            money=clan.stock.money))


MEASURES = ("popularity", "income", "hexes", "cities", "troops", "money")
"""What the plots can show, in the order the history screen offers them."""
