"""The forecast in words: its warnings on sheet lines, its tables' cells and its money line."""

from __future__ import annotations

from conquest_tui.engine.core.events import Facts
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import NOTICE, Problem
from conquest_tui.engine.reports.forecast_records import (
    ConvoyForecast,
    Forecast,
    ForecastProblem,
    Judgement,
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
    """The forecast's findings as warnings on their sheet lines, in line order, except on lines
    in `taken` (those the checker already has a problem with, which will be skipped): each line
    it could not carry out (no fuel, no money, a convoy too sick for orders, an attack on an
    ally's city…: the turn's own reason) and each fight that leaves a convoy no troops."""
    warnings = [Problem(found.line, ProblemCode.FORECAST, NOTICE, warning_facts(found))
                for found in forecast.problems if found.line not in taken]
    failing = {found.line for found in forecast.problems}
    warnings += [warning for warning in emptied(forecast)
                 if warning.line not in taken and warning.line not in failing]
    return sorted(warnings, key=lambda warning: warning.line)


def emptied(forecast: Forecast) -> list[Problem]:
    """A warning on the line of each fight after which the forecast has a convoy with no
    troops left, or lost, that had some before it."""
    found: list[Problem] = []
    for convoy in forecast.convoys:
        troops = convoy.start_troops
        for row in convoy.pulses:
            if row.fought and row.line and troops > 0 and (row.gone or row.troops == 0):
                found.append(Problem(row.line, ProblemCode.FORECAST_NO_TROOPS, NOTICE, {
                    "number": convoy.number, "at_pulse": row.pulse, "troops": troops,
                    "lost": int(row.gone)}))
            if row.gone:
                break
            troops = row.troops
    return found


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


LINES_NAMED = 8
"""How many line numbers a summary names before it counts the rest."""


def lines_named(lines: tuple[int, ...]) -> str:
    """"line 3", "lines 3 and 7", "lines 3, 7, 9 … and 4 more"."""
    named = [str(line) for line in lines[:LINES_NAMED]]
    more = len(lines) - len(named)
    if more:
        return f"lines {', '.join(named)} and {more} more"
    if len(named) == 1:
        return f"line {named[0]}"
    return f"lines {', '.join(named[:-1])} and {named[-1]}"


def judgement_summary(judgement: Judgement) -> str:
    """What the turn will do with the sheet, in two sentences: the lines it will skip, and the
    lines that run with a warning (the end-turn box)."""
    skipped, warned = judgement.skipped, judgement.warned
    if skipped:
        have = "has a problem: it" if len(skipped) == 1 else "have problems: they"
        said = f"{lines_named(skipped).capitalize()} {have} will be skipped; the other lines run."
    else:
        said = "The sheet has no problems."
    if warned:
        those = "it runs" if len(warned) == 1 else "they run"
        said += (f" Warnings on {lines_named(warned)}: {those}, but may fail or cost more than "
                 "you expect (the forecast rolls its own dice).")
    return said
