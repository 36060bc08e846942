"""The forecast in words: its warnings on sheet lines, its tables' cells and its money line."""

from __future__ import annotations

from conquest_tui.engine.core.events import Facts
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import NOTICE, Problem
from conquest_tui.engine.reports.forecast_records import (
    ConvoyForecast,
    Forecast,
    ForecastProblem,
)
from conquest_tui.engine.sentences.event_text import forecast_failure

FORECAST_CODE = ProblemCode.FORECAST.value
"""The code of a sheet problem that comes from the forecast (a warning: the line runs)."""

CANNOT_KNOW_WORDS: dict[str, str] = {
    "dice": "the dice (income, fights and events are rolled again)",
    "unseen_convoys": "convoys you have not seen",
    "unseen_hexes": "hexes you do not see now (taken as unclaimed, of the usual defense, with "
                    "nothing to pick up)",
    "unseen_cities": "cities you do not see now (taken as you last saw them; never seen: "
                     "unowned, with a full garrison)",
    "other_clans": "what other Clans do before your turn",
}
"""How a player reads each thing a forecast cannot know (`forecast_records.CANNOT_KNOW`)."""

COLUMNS: tuple[str, ...] = ("Pulse", "Hex", "Fuel", "Food", "Parts", "Troops", "")
"""A convoy's pulse table: fuel and food are the Clan's stock after the pulse; parts are what
the convoy's moves so far cost, paid at maintenance."""


def problem_sentence(found: ForecastProblem) -> str:
    """"forecast: will fail at pulse 4: …the turn's own reason…"."""
    return forecast_failure(found.problem, found.pulse, found.phase)


def warning_facts(found: ForecastProblem) -> Facts:
    """A forecast failure as a notice's facts: the failed problem's code and facts, and when."""
    return {**found.problem.facts, "failed": found.problem.code, "at_pulse": found.pulse,
            "at_phase": found.phase}


def sheet_warnings(forecast: Forecast, taken: set[int]) -> list[Problem]:
    """The forecast's failures as warnings on their sheet lines, except on lines in `taken`
    (those the checker already has a problem with)."""
    return [Problem(found.line, ProblemCode.FORECAST, NOTICE, warning_facts(found))
            for found in forecast.problems if found.line not in taken]


def money_line(forecast: Forecast) -> str:
    """"$25,000 now → $41,270 after this turn (income $16,270)"."""
    income = forecast.income.get("money", 0)
    return (f"${forecast.start.money:,} now → ${forecast.end.money:,} after this turn "
            f"(income ${income:,})")


def stock_line(forecast: Forecast) -> str:
    """"Food 100 → 93  Fuel 20 → 8  Parts 50 → 53"."""
    start, end = forecast.start, forecast.end
    return (f"Food {start.food:,} → {end.food:,}  Fuel {start.fuel:,} → {end.fuel:,}  "
            f"Parts {start.parts:,} → {end.parts:,}")


def convoy_title(convoy: ConvoyForecast) -> str:
    """"Convoy #1 Land 1: 0308 → 0307" (new, lost)."""
    title = f"Convoy #{convoy.number} {convoy.name}: {convoy.start_hex}"
    if convoy.gone:
        return f"{title} → lost this turn"
    if convoy.end_hex != convoy.start_hex:
        title += f" → {convoy.end_hex}"
    return f"{title} (new)" if convoy.created else title


def convoy_rows(forecast: Forecast, convoy: ConvoyForecast) -> list[tuple[str, ...]]:
    """The cells of the convoy's pulse table (COLUMNS), one row per pulse until it is gone;
    after its last change (a move, a fight, a failure, troops) only the last pulse is shown."""
    stocks = dict(forecast.pulses)
    rows: list[tuple[str, ...]] = []
    pulses = list(convoy.pulses)
    last = 0
    for index in range(1, len(pulses)):
        before, now = pulses[index - 1], pulses[index]
        if (now.hex, now.troops, now.parts_owed, now.gone) != \
                (before.hex, before.troops, before.parts_owed, before.gone) \
                or now.fought or now.stopped:
            last = index
    shown = pulses[:last + 1] + pulses[-1:] if last + 1 < len(pulses) else pulses
    for row in shown:
        stock = stocks.get(row.pulse)
        if row.gone:
            rows.append((str(row.pulse), "—", "", "", "", "", "lost"))
            break
        note = ", ".join(word for word, on in (("fights", row.fought), ("fails", row.stopped))
                         if on)
        rows.append((str(row.pulse), row.hex, f"{stock.fuel:,}" if stock else "",
                     f"{stock.food:,}" if stock else "", str(row.parts_owed),
                     str(row.troops), note))
    return rows


def cannot_know(forecast: Forecast) -> str:
    """"Not known: the dice (…), convoys you have not seen, …"."""
    words = [CANNOT_KNOW_WORDS.get(code, code) for code in forecast.cannot_know]
    return "Not known: " + "; ".join(words) + "."
