"""A Clan's report as data: status, market, convoys, cities, hexes, events (CC-SEQ-13, CC-RPT)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import STOCK_ITEMS, Event, Problem, Sighting
from conquest_tui.engine.economy import economy, victory
from conquest_tui.engine.reports.view import CityInfo, ClanView, ConvoyInfo, HexInfo


@attrs.frozen
class Report:
    """Everything one Clan may read after its turn, fog-filtered through ClanView."""

    clan: int
    clan_name: str
    game_turn: int
    """The game turn the report's events belong to."""
    map_title: str
    popularity: int
    victory_threshold: int
    stock: dict[str, int]
    income_estimate: dict[str, int]
    prices: dict[str, int]
    goods_prices: dict[str, int]
    convoys: tuple[ConvoyInfo, ...]
    cities: tuple[CityInfo, ...]
    hexes: tuple[HexInfo, ...]
    sightings: tuple[Sighting, ...]
    events: tuple[Event, ...]
    problems: tuple[Problem, ...]
    top_clans: tuple[tuple[int, str, int], ...]
    """(clan number, name, popularity) as of the last game-turn end (CC-RPT-09)."""
    next_clan: int
    finished: bool
    winners: tuple[int, ...] = ()
    """The winning Clans once the game is over (CC-POP-08)."""
    game_over: str = ""
    """The end-of-game sentence, "" while the game goes on (CC-POP-09)."""
    victory_watch: str = ""
    """What this Clan must still do to win while it holds the threshold (CC-POP-07)."""
    turn_limit: int = 0
    """Last game turn, 0 for none (AMB-57)."""


def build_report(game: Game, clan_number: int) -> Report:
    """The Clan's current report, built only from what the Clan may know."""
    view = ClanView(game, clan_number)
    clan = game.clan(clan_number)
    state = game.state
    ranking: tuple[tuple[int, str, int], ...] = ()
    if state.top_clans:
        ranking = tuple((n, game.clan(n).name, game.clan(n).popularity)
                        for n in state.top_clans[-1])
    return Report(
        clan=clan.number,
        clan_name=clan.name,
        game_turn=clan.last_turn.game_turn or state.game_turn,
        map_title=game.map.title,
        popularity=clan.popularity,
        victory_threshold=state.victory_threshold,
        stock={item: clan.stock.get(item) for item in STOCK_ITEMS},
        income_estimate=economy.income_estimate(game, clan_number),
        prices=dict(state.prices),
        goods_prices=dict(state.goods_prices),
        convoys=tuple(view.convoys()),
        cities=tuple(view.listed_cities()),
        hexes=tuple(view.listed_hexes()),
        sightings=tuple(view.sightings()),
        events=tuple(clan.last_turn.events),
        problems=tuple(clan.last_turn.problems),
        top_clans=ranking,
        next_clan=state.active_clan,
        finished=state.finished,
        winners=tuple(state.winners),
        game_over=victory.end_sentence(game),
        victory_watch=victory.watch_sentence(game, clan),
        turn_limit=state.turn_limit,
    )
