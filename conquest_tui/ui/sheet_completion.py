"""Tab completion in the sheet: the word at the cursor, what it completes to, the next on Tab."""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from conquest_tui.engine.face import CLAN, OrderRegistry
from conquest_tui.ui.sheet_outline import candidates, is_header, section_at

FIRST_WORD = re.compile(r"(\s*)([A-Za-z]*)")
"""Leading blanks and the (partial) keyword before the cursor."""

TRADE_WORD = re.compile(r"(\s*)([A-Za-z.]+)\s+(\d+)\s+([A-Za-z]*)")
"""A BUY or SELL line up to the (partial) item word at the cursor: keyword, quantity, item."""

TRADES: frozenset[str] = frozenset({"BUY", "SELL"})
"""The orders whose third word is an item of the market or a vehicle."""

TradeNames = Callable[[str], list[str]]
"""What BUY and SELL trade that starts with a prefix, as the sheet writes it."""


@attrs.frozen
class Completion:
    """The word from `start` to `end` of a row (a space after it included) and what it may be
    completed to, in order (none: nothing fits, though Tab was for completing)."""

    row: int
    start: int
    end: int
    candidates: list[str]


@attrs.define
class Cycle:
    """Where the last Tab completion put a word, so the next Tab can replace it."""

    row: int
    start: int
    word: str
    """The word as put, its space after it."""
    candidates: list[str]
    index: int = 0

    def continues_at(self, line: str, row: int, column: int) -> bool:
        """Whether a Tab with the cursor here cycles on: just after the word put, unchanged,
        with another candidate to put."""
        return (self.row == row and column == self.start + len(self.word)
                and line[self.start:column] == self.word and len(self.candidates) > 1)

    def next_word(self) -> str:
        """Move on to the next candidate; it, with a space after it."""
        self.index = (self.index + 1) % len(self.candidates)
        return self.candidates[self.index] + " "


def completion_at(lines: list[str], row: int, column: int, orders: OrderRegistry,
                  trade_names: TradeNames) -> Completion | None:
    """What Tab completes at the cursor: the order keyword at the start of an order line of a
    section, or what BUY and SELL trade; None when there is nothing to complete here.

    Args:
        lines: The sheet's lines.
        row: The cursor's row.
        column: The cursor's column.
        orders: The orders of the game's rules.
        trade_names: What BUY and SELL trade, starting with a prefix.
    """
    line = lines[row]
    section = section_at(lines, row)
    if (section is None or section.order_section is None or is_header(line)
            or row == section.header_row):
        return None
    trade = TRADE_WORD.fullmatch(line[:column])
    if trade is not None and section.order_section == CLAN:
        spec = orders.lookup(CLAN, trade.group(2).upper().rstrip("."))
        if spec is not None and spec.keyword in TRADES:
            return _word_from(row, column, line, trade.start(4),
                              trade_names(trade.group(4).upper()))
    match = FIRST_WORD.fullmatch(line[:column])
    if match is None:
        return None
    prefix = match.group(2).upper()
    words = candidates(orders, section.order_section, prefix)
    return _word_from(row, column, line, len(match.group(1)),
                      [word for word in words if word != prefix])


def _word_from(row: int, column: int, line: str, start: int, words: list[str]) -> Completion:
    """The word from `start` to its end past the cursor, the separator after it included (it is
    replaced, not doubled)."""
    end = column
    while end < len(line) and line[end].isalpha():
        end += 1
    if line[end:end + 1] == " ":
        end += 1
    return Completion(row, start, end, words)
