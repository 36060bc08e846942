"""The engine's public face: what the layers above a seat (the app, the seat commands) may use.

Everything here describes the game as one Clan may see it, or the rulebook and map every Clan
shares: the Clan's view and report, events and problems and their sentences, the order sheet's
grammar (and the ALLY and BAN orders the relations screen writes), the map and hex grid, routes
over known ground, and the records a seat's forecast and
odds give back. The game itself, the turn's machinery (play, phases, steps, order families),
combat and the economy are not here: they are reached only through a seat
(`conquest_tui.session.Seat`), which the import contracts in `pyproject.toml` keep so.
"""

from __future__ import annotations

from conquest_tui.engine.combat.odds import Estimate
from conquest_tui.engine.convoys import routes
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import MAIL, EventKind
from conquest_tui.engine.core.gamemap import LEGEND, TERRAIN_CHARS, GameMap
from conquest_tui.engine.core.hexgrid import direction_between, format_hex, parse_hex
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import Event, Problem
from conquest_tui.engine.economy.price_list import Price, PriceList
from conquest_tui.engine.orderbook.diplomacy import Ally, Ban
from conquest_tui.engine.orders.arguments import is_move_word
from conquest_tui.engine.orders.model import Order
from conquest_tui.engine.orders.registry import CLAN, CONVOY, OrderRegistry, OrderSpec
from conquest_tui.engine.orders.sheet import AGENTS, MOVE, POST, PRE, header_of, parse_sheet
from conquest_tui.engine.orders.standing import split_mark
from conquest_tui.engine.orders.tokens import Token, TokenError, strip_comment, tokenize
from conquest_tui.engine.paper import forecast_text, price_text
from conquest_tui.engine.paper.battle_rounds import Moment, has_rounds, moments
from conquest_tui.engine.paper.battle_rounds import title as battle_title
from conquest_tui.engine.paper.forecast_text import sheet_warnings
from conquest_tui.engine.paper.paper_report import render_paper
from conquest_tui.engine.paper.report_text import (
    RULE,
    city_row,
    convoy_lines,
    hex_row,
    hide_rule_ids,
    market_lines,
    render_report,
    standings_lines,
    status_lines,
    vehicle_count,
)
from conquest_tui.engine.reports.forecast_records import (
    ConvoyForecast,
    Forecast,
    Judgement,
    LineMoney,
)
from conquest_tui.engine.reports.history import FinalRow, History, Series
from conquest_tui.engine.reports.phase_titles import PHASE_TITLES
from conquest_tui.engine.reports.report import Report
from conquest_tui.engine.reports.turn_log import log_line
from conquest_tui.engine.reports.turn_log import summary as turn_summary
from conquest_tui.engine.reports.view import (
    UNKNOWN,
    CityInfo,
    ClanView,
    ConvoyInfo,
    HexInfo,
    MetClanInfo,
    SpyReportInfo,
)
from conquest_tui.engine.rules.house import HouseRule, HouseRuleName, HouseRulesInPlay
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences import odds_text
from conquest_tui.engine.sentences.event_text import event_text, problem_line, problem_text
from conquest_tui.engine.sentences.turn_sentences import number_of

__all__ = [
    "AGENTS", "CLAN", "CONVOY", "LEGEND", "MAIL", "MOVE", "PHASE_TITLES", "POST", "PRE", "RULE",
    "Ally", "Ban",
    "TERRAIN_CHARS", "UNKNOWN", "CityInfo", "ClanView", "ConvoyForecast", "ConvoyInfo",
    "Estimate", "Event", "EventKind", "FinalRow", "Forecast", "GameMap", "HexInfo", "History",
    "HouseRule", "HouseRuleName", "HouseRulesInPlay",
    "Judgement", "LineMoney", "MetClanInfo", "Moment", "Order", "OrderRegistry", "OrderSpec",
    "Price", "PriceList", "Problem", "ProblemCode",
    "Report", "Ruleset", "Series", "SpyReportInfo", "Token", "TokenError", "battle_title",
    "city_row",
    "convoy_lines", "direction_between", "event_text", "forecast_text", "format_hex",
    "has_rounds", "header_of", "hex_row", "hexgrid", "hide_rule_ids", "is_move_word",
    "log_line", "market_lines", "moments", "number_of", "odds_text", "parse_hex", "parse_sheet",
    "price_text", "problem_line", "problem_text", "render_paper", "render_report", "routes",
    "sheet_warnings", "split_mark",
    "standings_lines", "status_lines", "strip_comment", "tokenize", "turn_summary",
    "vehicle_count",
]
