"""The figures behind the extra Top Clans lists, taken at each game-turn end (CC-RPT-09, AMB-58)."""

from __future__ import annotations

from collections import Counter

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import TopFigures


def record(game: Game, ranking: list[int]) -> None:
    """From AMB-58's game turn on, keep every Clan's cities, hexes, income and power.

    `ranking`: the Clans by popularity, so that equal figures keep the popularity order.
    """
    state = game.state
    turn = state.game_turn
    if turn < game.rules.game.top_lists_from_turn:
        return
    cities = Counter(city.owner for city in state.cities)
    hexes = Counter(hex_state.owner for hex_state in state.hexes)
    maximum = {key: vehicle.damage.maximum for key, vehicle in game.rules.vehicles.items()}
    power: Counter[int] = Counter()
    for convoy in state.convoys:
        power[convoy.owner] += sum(maximum[key] * count for key, count in convoy.vehicles.items())
    figures = []
    for number in ranking:
        last = game.clan(number).last_turn
        income = last.income.get("money", 0) if last.game_turn == turn else 0
        figures.append(TopFigures(clan=number, cities=cities[number], hexes=hexes[number],
                                  income=income, power=power[number]))
    state.top_figures = figures


MEASURES = ("cities", "hexes", "income", "power")
"""The extra lists, in the order the report prints them."""


@attrs.frozen
class TopList:
    """One extra Top Clans list: what it ranks and its rows, most first."""

    measure: str
    """"cities", "hexes", "income" or "power"."""
    rows: tuple[tuple[int, str, int], ...]
    """(Clan number, name, figure); equal figures keep the popularity order."""


def lists(game: Game) -> tuple[TopList, ...]:
    """The extra lists as of the last game-turn end; () before AMB-58's game turn ended."""
    if not game.state.top_figures:
        return ()
    return tuple(TopList(measure, _rows(game, measure)) for measure in MEASURES)


def _rows(game: Game, measure: str) -> tuple[tuple[int, str, int], ...]:
    ranked = sorted(((f.clan, getattr(f, measure)) for f in game.state.top_figures),
                    key=lambda row: -row[1])
    return tuple((clan, game.clan(clan).name, figure) for clan, figure in ranked)
