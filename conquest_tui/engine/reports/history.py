"""What a Clan may read of the past: its past reports and the figures it may plot (issue 16)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.economy import turn_figures
from conquest_tui.engine.economy.turn_figures import MEASURES
from conquest_tui.engine.reports.past_reports import PastTurn, read_all

Series = tuple[tuple[int, int], ...]
"""(game turn, figure) pairs, oldest first."""


@attrs.frozen
class History:
    """One Clan's past: its reports turn by turn, and the series it may plot.

    During the game only its own series; once the game is over, every Clan's.
    """

    clan: int
    clan_name: str
    finished: bool
    turns: tuple[PastTurn, ...]
    series: dict[int, dict[str, Series]]
    """Clan number → measure ("popularity", "income", "hexes", …) → its points."""
    names: dict[int, str]
    """Clan number → name, for every Clan in `series`."""

    def turn(self, game_turn: int) -> PastTurn | None:
        """The report of one game turn (None: the Clan played no turn then)."""
        return next((past for past in self.turns if past.game_turn == game_turn), None)


def build_history(game: Game, clan_number: int) -> History:
    """The Clan's history; everyone's figures only once the game is over."""
    state = game.state
    clan = game.clan(clan_number)
    shown = ([c.number for c in state.clans] if state.finished else [clan_number])
    points: dict[int, dict[str, list[tuple[int, int]]]] = {
        number: {measure: [] for measure in MEASURES} for number in shown}
    for row in state.turn_figures:
        clan_points = points.get(row.clan)
        if clan_points is None:
            continue
        for measure in MEASURES:
            clan_points[measure].append((row.game_turn, int(getattr(row, measure))))
    series = {number: {measure: tuple(values) for measure, values in by.items()}
              for number, by in points.items()}
    return History(clan=clan_number, clan_name=clan.name, finished=state.finished,
                   turns=tuple(read_all(clan)), series=series,
                   names={number: game.clan(number).name for number in shown})


@attrs.frozen
class FinalRow:
    """One Clan's line in the final standings."""

    rank: int
    clan: int
    name: str
    popularity: int
    hexes: int
    cities: int
    troops: int
    money: int
    winner: bool
    resigned: bool


def final_standings(game: Game) -> tuple[FinalRow, ...]:
    """Every Clan by popularity (the playing order breaks ties), with its holdings now."""
    state = game.state
    held = turn_figures.holdings(game)
    ranked = sorted(state.clans, key=lambda c: (-c.popularity, c.sequence))
    return tuple(
        FinalRow(rank=rank, clan=c.number, name=c.name, popularity=c.popularity,
                 hexes=held.hexes[c.number], cities=held.cities[c.number],
                 troops=held.troops[c.number], money=c.stock.money,
                 winner=c.number in state.winners, resigned=c.resigned)
        for rank, c in enumerate(ranked, start=1))
