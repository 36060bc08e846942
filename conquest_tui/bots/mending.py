"""A bot's sheet held to the judgement a player sees: the lines it condemns dropped or cut short."""

from __future__ import annotations

from collections.abc import Callable

from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.orderbook.movement import Move
from conquest_tui.engine.orders.registry import CONVOY
from conquest_tui.engine.orders.sheet import OrderSheet, header_of, parse_sheet, sheet_lines
from conquest_tui.engine.reports.forecast_records import Judgement
from conquest_tui.engine.rules.house import NO_HOUSE_RULES, HouseRulesInPlay
from conquest_tui.engine.rules.ruleset import Ruleset

ROUNDS = 1
"""Judgements a sheet gets: the first, and one more after each mending but the last. One is
enough in practice (of 550 mended sheets of normal bots on Europe and the British Isles, 2 would
be condemned again, and none of those lines failed when the turn ran) and each judgement costs
about a Clan turn played ahead."""

CONDEMNING: frozenset[str] = frozenset({
    ProblemCode.FORECAST, ProblemCode.FORECAST_NO_TROOPS, ProblemCode.FORECAST_GONE})
"""The forecast's warnings that condemn a line: it could not be carried out, its fight leaves
the convoy no troops, or its convoy is gone before its pulse."""

Judge = Callable[[OrderSheet], Judgement]
"""The one judgement of a sheet a player sees (`Seat.judge`, `play.judgement.judge_sheet`)."""


def condemned(judgement: Judgement) -> set[int]:
    """The sheet lines the judgement condemns: those the turn will skip and those the forecast
    could not carry out (or that lose the convoy, or come after it is gone)."""
    lines = set(judgement.skipped) | set(judgement.failing)
    lines |= {problem.line for problem in judgement.problems
              if str(problem.code) in CONDEMNING}
    lines.discard(0)  # the sheet as a whole (too many problems to list): no line to drop
    return lines


def mend(text: str, rules: Ruleset, lines: set[int],
         house: HouseRulesInPlay = NO_HOUSE_RULES) -> str:
    """The sheet without the condemned `lines`. In a convoy's section a condemned move, and
    every line after it, is dropped: the moves after it would set out from another hex, at
    other pulses. A section left empty is left out."""
    if not lines:
        return text
    return _mended(parse_sheet(text, rules, house), text, lines)


def _mended(sheet: OrderSheet, text: str, lines: set[int]) -> str:
    """`mend` of a sheet already read from `text`."""
    cut: set[int] = set(lines)
    for _, section in sheet.convoys:
        first = next((line.line for line in section
                      if line.line in lines and isinstance(line.order, Move)), None)
        if first is not None:
            cut |= {line.line for line in section if line.line >= first}
    kept: list[str] = []
    waiting = ""  # a convoy's header, kept once a line of its section is
    for number, raw in enumerate(sheet_lines(text), start=1):
        if number in cut:
            continue
        found = header_of(raw)
        if found is not None:
            waiting = raw if found[0] == CONVOY else ""
            if not waiting:
                kept.append(raw)
            continue
        if waiting and raw.strip():
            kept.append(waiting)
            waiting = ""
        kept.append(raw)
    return "\n".join(kept)


def judged(text: str, rules: Ruleset, judge: Judge, rounds: int = ROUNDS,
           house: HouseRulesInPlay = NO_HOUSE_RULES) -> str:
    """The sheet without the lines the judgement condemns: judged, mended, and judged again
    after each mending but the last (`rounds` judgements at most)."""
    return judged_read(text, rules, judge, rounds, house)[0]


def judged_read(text: str, rules: Ruleset, judge: Judge, rounds: int = ROUNDS,
                house: HouseRulesInPlay = NO_HOUSE_RULES) -> tuple[str, OrderSheet | None]:
    """`judged`, with the sheet as read from the text it returns (`house`: the game's house
    rules in play, read with), or None when the last judgement mended it (not read again):
    each text is read once, for its judgement and then the turn."""
    sheet: OrderSheet | None = parse_sheet(text, rules, house)
    for _ in range(rounds):
        if sheet is None:
            sheet = parse_sheet(text, rules, house)
        lines = condemned(judge(sheet))
        if not lines:
            break
        text, sheet = _mended(sheet, text, lines), None
    return text, sheet


__all__ = ["CONDEMNING", "ROUNDS", "Judge", "condemned", "judged", "judged_read", "mend"]
