"""A Clan's report as data: status, market, convoys, cities, hexes, events (CC-SEQ-13, CC-RPT)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.events import shown
from conquest_tui.engine.core.state import STOCK_ITEMS, Event, Problem, Sighting
from conquest_tui.engine.economy.top_lists import TopList
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.orders.standing import StandingSection, standing_sections
from conquest_tui.engine.reports.view import (
    CityInfo,
    ClanView,
    ConvoyInfo,
    HexInfo,
    SpyReportInfo,
)
from conquest_tui.engine.rules.house import HouseRuleName


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
    since_last_turn: tuple[Event, ...] = ()
    """What other Clans' turns did to this Clan since its last turn (CC-SEQ-16, CC-GEN-04)."""
    spy_reports: tuple[SpyReportInfo, ...] = ()
    """What its planted spies reported, city by city (CC-CO-PLANT-02, CC-RPT-12)."""
    pre_lines: int = 0
    """Pre-turn Clan order lines on next turn's sheet, bought ones included (CC-RPT-11)."""
    post_lines: int = 0
    """Post-turn Clan order lines on next turn's sheet, bought ones included (CC-RPT-11)."""
    agents: int = 0
    """Agents trained: one agent-destination line each on the sheet (CC-RPT-11)."""
    expert_names: dict[str, str] = attrs.field(factory=dict)
    """Expert code → name, for the orders sheet's Experts line ("GUN" → "Gunner")."""
    top_lists: tuple[TopList, ...] = ()
    """Most cities, hexes, income and power at the last game-turn end (CC-RPT-09, AMB-58)."""
    house_rules: tuple[str, ...] = ()
    """The titles of the house rules in play (none: the rulebook's game, HOUSE-03)."""
    standing_lines: tuple[StandingSection, ...] = ()
    """The standing lines the Clan's next sheet starts with, by section (HOUSE-STANDING-05)."""


def build_report(view: ClanView) -> Report:
    """The Clan's current report, built only from what its view lets it know."""
    clan, last, standing = view.clan, view.last_turn(), view.standing()
    return Report(
        clan=clan.number,
        clan_name=clan.name,
        game_turn=last.game_turn or view.game_turn,
        map_title=view.map.title,
        popularity=clan.popularity,
        victory_threshold=standing.victory_threshold,
        stock={item.value: clan.stock.get(item) for item in STOCK_ITEMS},
        income_estimate=view.income_estimate(),
        prices=view.prices(),
        goods_prices=view.goods_prices(),
        convoys=tuple(view.convoys()),
        cities=tuple(view.listed_cities()),
        hexes=tuple(view.listed_hexes()),
        sightings=tuple(view.sightings()),
        events=tuple(event for event in last.events if shown(event.kind)),
        problems=last.problems,
        top_clans=standing.top_clans,
        top_lists=standing.top_lists,
        next_clan=standing.next_clan,
        finished=standing.finished,
        winners=standing.winners,
        game_over=standing.game_over,
        victory_watch=standing.victory_watch,
        turn_limit=standing.turn_limit,
        since_last_turn=view.since_last_turn(),
        spy_reports=view.spy_reports(),
        pre_lines=view.rules.order_lines.pre + clan.extra_pre_lines,
        post_lines=view.rules.order_lines.post + clan.extra_post_lines,
        agents=clan.agents,
        expert_names={code: expert.name for code, expert in view.rules.experts.items()},
        house_rules=tuple(view.rules.house_rules.rule(name).title
                          for name in view.house.ordered()),
        standing_lines=_standing_lines(view),
    )


def _standing_lines(view: ClanView) -> tuple[StandingSection, ...]:
    """The standing lines of the Clan's sheet as it stands (none where the rule is off)."""
    if not view.house.on(HouseRuleName.STANDING) or not view.clan.draft_sheet:
        return ()
    return standing_sections(parse_sheet(view.clan.draft_sheet, view.rules, view.house))
