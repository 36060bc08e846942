"""One judgement of a sheet: the checker's problems and the forecast's warnings on their lines."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import NOTICE, Problem
from conquest_tui.engine.orders.sheet import OrderSheet, counted, parse_sheet
from conquest_tui.engine.paper.forecast_text import sheet_warnings
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.forecast import FORECAST_SEED, forecast_turn
from conquest_tui.engine.play.turn import NotYourTurnError
from conquest_tui.engine.reports.forecast_records import Forecast, Judgement


def judge_sheet(game: Game, clan: int, sheet: OrderSheet | str, *,
                seed_suffix: str = FORECAST_SEED, notices: bool = True) -> Judgement:
    """The sheet's problems (lines the turn will skip), the checker's notices, and the
    forecast's warnings on the lines that run (no fuel, no money, a convoy too sick for orders,
    an attack on an ally's city, a fight that leaves a convoy no troops, the lines of a convoy
    gone before their pulse…), all by line.

    The forecast rolls its own dice (`seed_suffix`: "" rolls the turn's, for tests).
    `notices=False`: without the checker's notices of fights and their odds (a bot's judgement;
    the lines skipped and warned of are the same)."""
    if isinstance(sheet, str):
        sheet = parse_sheet(sheet, game.rules, game.house)
    problems = check_sheet(game, clan, sheet, notices=notices)
    try:
        forecast = forecast_turn(game, clan, sheet, seed_suffix=seed_suffix)
    except NotYourTurnError:  # the game is over: there is no turn to play ahead
        return Judgement(tuple(problems), None)
    skipped = {problem.line for problem in problems if not problem.is_warning}
    warnings = sheet_warnings(forecast, skipped)
    failing = skipped | {warning.line for warning in warnings}
    refused = {problem.line for problem in problems if problem.code == ProblemCode.NO_CONVOY}
    warnings += [warning for warning in _after_gone(game, clan, sheet, forecast, refused)
                 if warning.line not in failing]
    merged = sorted([*problems, *warnings], key=lambda problem: problem.line)
    return Judgement(tuple(merged), forecast)


def _after_gone(game: Game, clan: int, sheet: OrderSheet, forecast: Forecast,
                refused: set[int]) -> list[Problem]:
    """A warning on each line of a convoy that the forecast has gone (destroyed, sold, merged)
    before the line's pulse: the turn passes over it. A convoy gone in the first pulse has no
    pulse of its own in the forecast; one that was not there when the pulses began has its
    section refused on its first line (by the checker or the forecast) and is left out."""
    found: list[Problem] = []
    convoys = {convoy.number: convoy for convoy in forecast.convoys}
    refused = refused | {found.line for found in forecast.problems
                         if found.problem.code == ProblemCode.NO_CONVOY.value}
    for number, lines in sheet.convoys:
        good = counted(lines)
        if not good or lines[0].line in refused:
            continue
        planned = convoys.get(number)
        rows = planned.pulses if planned is not None else ()
        gone = next((row.pulse for row in rows if row.gone), 0)
        if not rows and (planned is None or planned.gone):
            gone = 1  # there when the pulses began (no refusal), gone before the first ended
        if not gone:
            continue
        existing = game.convoy(clan, number)
        allowed = convoy_stats.pulses(existing, game.rules) if existing else len(good)
        for pulse, sheet_line in enumerate(good[:allowed], start=1):
            if pulse > gone:
                found.append(Problem(sheet_line.line, ProblemCode.FORECAST_GONE, NOTICE,
                                     {"number": number, "at_pulse": pulse}))
    return found
