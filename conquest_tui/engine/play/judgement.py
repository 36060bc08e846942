"""One judgement of a sheet: the checker's problems and the forecast's warnings on their lines."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.orders.sheet import OrderSheet, parse_sheet
from conquest_tui.engine.paper.forecast_text import sheet_warnings
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.forecast import FORECAST_SEED, forecast_turn
from conquest_tui.engine.play.turn import NotYourTurnError
from conquest_tui.engine.reports.forecast_records import Judgement


def judge_sheet(game: Game, clan: int, sheet: OrderSheet | str, *,
                seed_suffix: str = FORECAST_SEED) -> Judgement:
    """The sheet's problems (lines the turn will skip), the checker's notices, and the
    forecast's warnings on the lines that run (no fuel, no money, a convoy too sick for orders,
    an attack on an ally's city, a fight that leaves a convoy no troops…), all by line.

    The forecast rolls its own dice (`seed_suffix`: "" rolls the turn's, for tests)."""
    if isinstance(sheet, str):
        sheet = parse_sheet(sheet, game.rules)
    problems = check_sheet(game, clan, sheet)
    try:
        forecast = forecast_turn(game, clan, sheet, seed_suffix=seed_suffix)
    except NotYourTurnError:  # the game is over: there is no turn to play ahead
        return Judgement(tuple(problems), None)
    skipped = {problem.line for problem in problems if not problem.is_warning}
    warnings = sheet_warnings(forecast, skipped)
    merged = sorted([*problems, *warnings], key=lambda problem: problem.line)
    return Judgement(tuple(merged), forecast)
