"""Each sheet line's cost from the forecast: the right margin's figures and the hint's sentence."""

from __future__ import annotations

from dataclasses import dataclass

from conquest_tui.engine.face import EventKind, Forecast, LineMoney, price_text
from conquest_tui.ui.sheet_outline import sections

WHEN: dict[str, str] = {"pre": "in the pre-turn orders", "post": "in the post-turn orders"}
"""When a Clan order's line runs, in words (a convoy line runs at its pulse)."""


@dataclass(frozen=True)
class Margin:
    """What the right margin of one sheet row shows."""

    text: str
    compact: str = ""
    """What fits a narrow sheet (the cost alone); "" when `text` is already that."""
    short: bool = False
    """The money cannot cover the line when it runs (the turn will skip it)."""
    total: bool = False
    """A section's total, on its header."""


@dataclass(frozen=True)
class SheetCosts:
    """The margins and hint sentences of a sheet's rows (0-based), from one forecast."""

    margins: dict[int, Margin]
    sentences: dict[int, str]


def when(phase: str, pulse: int) -> str:
    """"in the pre-turn orders", "at pulse 3"."""
    return f"at pulse {pulse}" if pulse else WHEN.get(phase, "")


def signed(cost: int) -> str:
    """A cost as the margin shows it: "−$39,900", or "+$500" for money coming in."""
    if cost >= 0:
        return f"−{price_text.dollars(cost)}" if cost else "$0"
    return f"+{price_text.dollars(-cost)}"


def sheet_costs(forecast: Forecast, lines: list[str]) -> SheetCosts:
    """Each line that takes or brings money: its cost and the money left after it, at its
    pulse; each line the money cannot cover when it runs; each section's total on its header."""
    margins: dict[int, Margin] = {}
    sentences: dict[int, str] = {}
    for money in forecast.lines:
        if money.cost and money.line > 0:
            row = money.line - 1
            margins[row] = Margin(f"{signed(money.cost)} → {price_text.dollars(money.after)}",
                                  signed(money.cost))
            sentences[row] = _sentence(money)
    for found in forecast.problems:
        problem = found.problem
        if problem.code != EventKind.NO_MONEY.value or found.line <= 0:
            continue
        cost, have = problem.facts.get("cost"), problem.facts.get("money")
        row = found.line - 1
        at = when(found.phase, found.pulse)
        if isinstance(cost, int) and isinstance(have, int):
            margins[row] = Margin(f"✗ {price_text.dollars(cost)} > {price_text.dollars(have)}",
                                  f"✗ {price_text.dollars(cost)}", short=True)
            sentences[row] = (f"Not enough money {at}: this line costs "
                              f"{price_text.dollars(cost)} and you will have "
                              f"{price_text.dollars(have)}; it will be skipped")
        else:
            margins[row] = Margin("✗ not enough money", "✗", short=True)
            sentences[row] = f"Not enough money {at}: this line will be skipped"
    for section in sections(lines):
        rows = range(section.header_row + 1, section.end_row)
        costs = [money.cost for money in forecast.lines if money.line - 1 in rows]
        if any(costs):
            total = sum(costs)
            margins[section.header_row] = Margin(f"total {signed(total)}", signed(total),
                                                 total=True)
    return SheetCosts(margins, sentences)


def _sentence(money: LineMoney) -> str:
    """"This line costs $39,900 in the pre-turn orders: $12,100 left after it"."""
    at = when(money.phase, money.pulse)
    left = price_text.dollars(money.after)
    if money.cost > 0:
        return f"This line costs {price_text.dollars(money.cost)} {at}: {left} left after it"
    return f"This line brings {price_text.dollars(-money.cost)} {at}: {left} after it"
