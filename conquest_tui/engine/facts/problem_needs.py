"""The facts each problem code needs: what its sentence reads, declared once per code.

Like `facts/event_needs.py` for events: what the problem sentences
(engine/sentences/problem_sentences.py) read of a parse or check problem's or a notice's facts. A
resolve problem is worded as the event of its kind and needs what that kind needs
(`event_needs.NEEDS`, the event's own fields among its facts). Saves are checked against it on
every load (storage/event_checks.py); tests/test_problem_facts.py renders every code from only
its declared facts and holds the problems of sheets of every order to it.
"""

from __future__ import annotations

from collections.abc import Mapping

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.problems import (
    RESOLVE,
    SAID_AS_DIPLOMACY,
    SAID_BY_REASON,
    ProblemCode,
)
from conquest_tui.engine.facts.event_needs import NEEDS, REASON_FACTS
from conquest_tui.engine.facts.fact_checks import unmet
from conquest_tui.engine.facts.shapes import (
    NAMES,
    NOTHING,
    Needs,
    Seq,
    by_why,
    facts,
    words,
)

NUMBER = {"number": int}
"""The convoy a check names ("convoy #3 …")."""


def _check_reasons() -> dict[str, Needs]:
    """The reasons only a sheet check gives (sentences/problem_sentences.CHECK_REASONS)."""
    return {
        "pave_type": facts(**NUMBER, convoy_type=str),
        "vehicle_type": facts(**NUMBER, vehicles=str, vehicle_type=str, convoy_type=str),
        "few_vehicles": facts(**NUMBER, have=int, vehicles=str),
        "merge_type": facts(**NUMBER, convoy_type=str),
        "pilot_type": facts(needed=str),
    }


CHECK_REASON_FACTS: Mapping[str, Needs] = _check_reasons()
"""Reason code → the facts a reason only the sheet check gives needs."""

BY_REASON = facts(reason=str).by("reason", {**REASON_FACTS, **CHECK_REASON_FACTS})
"""A problem worded by its `reason` fact (engine/sentences/reason_sentences and the checks' own)."""

_ODDS = words("no_fight", "certain", "none", "almost_none", "almost_certain", "about")

PROBLEM_NEEDS: dict[ProblemCode, Needs] = {
    ProblemCode.LEGACY: facts(said=str).maybe(code=str),  # `problems.SAID`
    ProblemCode.SHEET_TOO_BIG: by_why({"bytes": NOTHING, "lines": facts(lines=int)}, most=int),
    ProblemCode.BAD_HEADER: by_why({"convoy": facts(most=int), "name": NOTHING}, text=str),
    ProblemCode.DUPLICATE_SECTION: facts(section=str, first=int),
    ProblemCode.NO_SECTION: NOTHING,
    ProblemCode.MORE_PROBLEMS: NEEDS[EventKind.MORE_PROBLEMS],
    ProblemCode.QUOTE: NOTHING,
    ProblemCode.EMPTY: NOTHING,
    ProblemCode.EXTRA_WORDS: by_why({
        "move": NOTHING, "agent": facts(extra=str),
        "order": facts(keyword=str, extra=str, syntax=str), "stockpile": facts(item=str)}),
    ProblemCode.MISSING_QUANTITY: by_why({
        "quantity": facts(what=str), "number": facts(what=str),
        "troops": facts(keyword=str, syntax=str), "garrison": facts(digits=int, syntax=str)}),
    ProblemCode.BAD_QUANTITY: by_why({
        "not_number": facts(text=str), "zero": NOTHING, "too_big": facts(text=str, most=int),
        "of": facts(text=str, what=str), "more": facts(text=str, what=str, most=int),
        "assign_nothing": NOTHING, "no_lines": NOTHING, "no_guards": facts(keyword=str)}),
    ProblemCode.MISSING_CONVOY: facts(what=str),
    ProblemCode.BAD_CONVOY: by_why({"not_number": facts(text=str),
                                    "too_big": facts(text=str, most=int)}),
    ProblemCode.MISSING_HEX: by_why({"hex": facts(what=str), "agent": NOTHING,
                                     "guards": facts(keyword=str, syntax=str)}),
    ProblemCode.BAD_HEX: by_why({"not_hex": facts(text=str), "pattern": facts(text=str)}),
    ProblemCode.MISSING_NAME: by_why({"name": facts(what=str), "rename": facts(word=str)}),
    ProblemCode.LONG_NAME: by_why({"name": facts(name=str, most=int),
                                   "convoy": facts(name=str)}),
    ProblemCode.THE_NAME: by_why({"name": NOTHING, "convoy": NOTHING}),
    ProblemCode.BAD_TARGET: facts(text=str),
    ProblemCode.MISSING_ITEM: by_why({"market": facts(keyword=str, syntax=str).maybe(
                                          supplies=NAMES, vehicles=NAMES),
                                      "give": NOTHING}),
    ProblemCode.TROOPS: facts(verb=str),
    ProblemCode.UNKNOWN_ITEM: by_why({"market": facts(text=str, verb=str).maybe(
                                          supplies=NAMES, vehicles=NAMES),
                                      "give": facts(text=str)}),
    ProblemCode.MISSING_TYPE: NOTHING,
    ProblemCode.BAD_TYPE: by_why({"not_type": facts(text=str), "convert_missing": NOTHING}),
    ProblemCode.UNKNOWN_EXPERT: facts(text=str, codes=NAMES),
    ProblemCode.TOO_MANY_HEXES: facts(keyword=str, most=int, count=int),
    ProblemCode.MISSING_STRUCTURE: facts(names=str),
    ProblemCode.UNKNOWN_STRUCTURE: facts(text=str, names=str),
    ProblemCode.MISSING_DIRECTION: NOTHING,
    ProblemCode.BAD_DIRECTION: facts(text=str),
    ProblemCode.MISSING_BUILDING: NOTHING,
    ProblemCode.TOO_MANY: facts(most=int, count=int),
    ProblemCode.UNKNOWN_BUILDING: facts(text=str, codes=NAMES),
    ProblemCode.TWICE: by_why({"building": facts(name=str), "keyword": facts(keyword=str)}),
    ProblemCode.NOT_CARRIED: by_why({"claymores": NOTHING, "stock": facts(item=str)}),
    ProblemCode.GIVE_ALL: NOTHING,
    ProblemCode.ONE_EXPERT: NOTHING,
    ProblemCode.SAME_CONVOY: facts(number=int),
    ProblemCode.MISSING_CLAN: by_why({"order": facts(keyword=str),
                                      "espionage": facts(known=NAMES)}),
    ProblemCode.BAD_CLAN: by_why({"order": facts(text=str), "espionage": facts(text=str)}),
    ProblemCode.MISSING_DESTINATION: facts(keyword=str),
    ProblemCode.MISSING_TEXT: facts(keyword=str),
    ProblemCode.LONG_MESSAGE: facts(most=int, count=int),
    ProblemCode.ARROW_IN_MESSAGE: NOTHING,
    ProblemCode.BAD_CHARACTER: NOTHING,
    ProblemCode.BAD_KEYWORD: facts(text=str, known=NAMES),
    ProblemCode.MISSING_KEYWORD: facts(target=int, known=NAMES),
    ProblemCode.BAD_MOVE: NOTHING,
    ProblemCode.BAD_SWITCH: by_why({"phone": NOTHING, "aid": NOTHING.maybe(got=str)}),
    ProblemCode.BAD_KILL_MODE: by_why({"missing": NOTHING, "unknown": facts(text=str)}),
    ProblemCode.TOO_MANY_LINES: facts(most=int, count=int),
    ProblemCode.LONG_SLOGAN: facts(most=int, count=int),
    ProblemCode.BAD_PHONE: facts(number=str),
    ProblemCode.BAD_PERCENT: facts(most=int),
    ProblemCode.HIDE: NOTHING,
    ProblemCode.STANDING_OFF: facts(mark=str),
    ProblemCode.WRONG_SECTION: facts(keyword=str, section=words("convoy", "clan")),
    ProblemCode.UNKNOWN: facts(text=str),
    # a line checked against what the Clan has now
    ProblemCode.NOT_SUPPORTED: facts(keyword=str),
    ProblemCode.OVER_LIMIT: by_why({
        "pre": facts(most=int), "post": facts(most=int), "convoy": facts(most=int, **NUMBER),
        "agents": facts(agents=int), "added": facts(**NUMBER, most=int, move=str)}),
    ProblemCode.NO_CONVOY: facts(**NUMBER).maybe(why=words("sold", "gone")),
    ProblemCode.OFF_MAP: by_why({"agent": facts(hex=str),
                                 "move": facts(target=str, origin=str)}),
    ProblemCode.SAME_HEX: facts(**NUMBER, hex=str),
    ProblemCode.NEW_CONVOY: facts(**NUMBER),
    ProblemCode.NO_MOVES: facts(**NUMBER, convoy_type=str, allowance=int, left=int),
    ProblemCode.AIR_OVER_WATER: facts(**NUMBER, hex=str),
    ProblemCode.NO_CITY: facts(hex=str),
    ProblemCode.NOT_OWNER: facts(hex=str),
    ProblemCode.ALREADY_BUILT: facts(hex=str, built=NAMES),
    ProblemCode.NOT_OWNED: facts(pattern=str),
    ProblemCode.CANNOT_BOMB: NEEDS[EventKind.CANNOT_BOMB].plus(convoy=int),
    ProblemCode.CANNOT_SABOTAGE: NEEDS[EventKind.CANNOT_SABOTAGE],
    # notices
    ProblemCode.ATTACKS_HEX: facts(what=words("move", "pause"), hex=str, owner=int, low=int,
                                   high=int, troops=int, certain=int, percent=int),
    ProblemCode.MEETS_CONVOY: facts(what=words("move", "pause"), hex=str, convoys=int,
                                    owners=Seq(int), odds=_ODDS, percent=int),
    ProblemCode.FORECAST_NO_TROOPS: facts(**NUMBER, at_pulse=int, troops=int, lost=int),
    ProblemCode.FORECAST_GONE: facts(**NUMBER, at_pulse=int),
    ProblemCode.FORECAST: facts(at_pulse=int, at_phase=str).by(
        "failed", {kind.value: needs for kind, needs in NEEDS.items()}),
}
"""Code → the facts its sentence needs (the codes below: their `reason` fact, `BY_REASON`, or
for diplomacy and espionage what the event of their kind needs)."""

for _code in SAID_BY_REASON:
    PROBLEM_NEEDS[_code] = BY_REASON
for _code in SAID_AS_DIPLOMACY:
    PROBLEM_NEEDS[_code] = NEEDS[EventKind.CANNOT_ALLY]
for _code in (ProblemCode.TOO_EARLY, ProblemCode.OWN_CLAN, ProblemCode.NO_CLAN):
    PROBLEM_NEEDS[_code] = NEEDS[EventKind.CANNOT_ESPIONAGE]
PROBLEM_NEEDS[ProblemCode.CANNOT_TREATY] = NEEDS[EventKind.CANNOT_TREATY]
PROBLEM_NEEDS[ProblemCode.TREATY_WORDS] = facts(syntax=str)

def problem_needs(code: str, level: str) -> Needs | None:
    """What a problem of this code and level must carry, or None when the code is not one of
    its level's (an `EventKind` for a resolve problem, a `ProblemCode` otherwise)."""
    if level == RESOLVE:
        kind = EventKind._value2member_map_.get(code)
        return NEEDS[kind] if isinstance(kind, EventKind) else None
    member = ProblemCode._value2member_map_.get(code)
    return PROBLEM_NEEDS[member] if isinstance(member, ProblemCode) else None


def problem_unmet(code: str, level: str, found: Mapping[str, object]) -> tuple[str, str] | None:
    """The first fact of a problem that does not hold to what its code needs, or None."""
    needs = problem_needs(code, level)
    assert needs is not None, "check the code first (problem_needs)"
    return unmet(needs, found)
