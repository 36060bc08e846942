"""The order sheet as the app reads it: sections, order lines, a line's order, a convoy's moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from conquest_tui.engine.face import (
    CLAN,
    CONVOY,
    MOVE,
    POST,
    PRE,
    Order,
    Token,
    TokenError,
    header_of,
    is_move_word,
    parse_sheet,
    strip_comment,
    tokenize,
)

if TYPE_CHECKING:
    from conquest_tui.engine.face import OrderRegistry, OrderSpec, Ruleset

BAD_HEADER = "bad"
"""The kind of a header the parser will not accept."""


@attrs.frozen
class SheetSection:
    """One section of the sheet text: `[PRE]`, `[CONVOY n]`, `[POST]` or `[AGENTS]`."""

    kind: str
    """PRE, POST, AGENTS, CONVOY, or BAD_HEADER."""
    number: int
    """The convoy number (0 for the Clan sections)."""
    header_row: int
    """0-based row of the header line."""
    end_row: int
    """0-based row after the section's last line."""

    @property
    def order_section(self) -> str | None:
        """CLAN or CONVOY: which orders the section takes (None: neither)."""
        if self.kind in (PRE, POST):
            return CLAN
        return CONVOY if self.kind == CONVOY else None


def sections(lines: list[str]) -> list[SheetSection]:
    """The sections of a sheet, in order."""
    found: list[SheetSection] = []
    for row, line in enumerate(lines):
        header = header_of(line)
        if header is None:
            continue
        if found:
            found[-1] = attrs.evolve(found[-1], end_row=row)
        found.append(SheetSection(header[0], header[1], row, len(lines)))
    return found


def section_at(lines: list[str], row: int) -> SheetSection | None:
    """The section a row (0-based) belongs to, or None above the first header."""
    current: SheetSection | None = None
    for section in sections(lines):
        if section.header_row > row:
            break
        current = section
    return current


def is_header(line: str) -> bool:
    """Whether a line is a section header (a malformed one included)."""
    return header_of(line) is not None


def is_order_line(line: str) -> bool:
    """Whether a line holds an order (not blank, not only a comment, not a header)."""
    if is_header(line):
        return False
    try:
        return bool(tokenize(line))
    except TokenError:
        return True


def order_words(line: str) -> list[Token] | None:
    """The words of a line's order (its comment left out); None when a quote is not closed."""
    try:
        return tokenize(line)
    except TokenError:
        return None


def order_text(line: str) -> str:
    """The order a line holds, without its comment: a `;` inside quotes is part of the order."""
    return strip_comment(line).strip()


def sheet_line(sheet_text: str, number: int) -> str:
    """The order on sheet line `number` (1-based), without its comment, or ""."""
    lines = sheet_text.splitlines()
    if not 1 <= number <= len(lines):
        return ""
    return order_text(lines[number - 1])


MOVE_KEYWORD = "MOVE"
"""The keyword of a move (written as a bare direction or hex number, too)."""


def convoy_moves(sheet_text: str, rules: Ruleset, convoy_number: int) -> list[Order]:
    """The moves written for one convoy, in sheet order (other orders and bad lines left out)."""
    return [line.order for line in parse_sheet(sheet_text, rules).convoy_lines(convoy_number)
            if line.order is not None and line.order.keyword == MOVE_KEYWORD]


def clan_order_rows(lines: list[str], rules: Ruleset, keyword: str, clan: int) -> list[int]:
    """0-based rows of the [PRE] and [POST] lines that give the Clan order `keyword` (ALLY,
    BAN: its abbreviation too) for Clan `clan` (`133` or `#133`), in sheet order."""
    found: list[int] = []
    for section in sections(lines):
        if section.kind not in (PRE, POST):
            continue
        for row in range(section.header_row + 1, section.end_row):
            words = order_words(lines[row])
            if not words or len(words) != 2 or words[1].quoted:
                continue
            spec = rules.orders.lookup(CLAN, words[0].upper.rstrip("."))
            if spec is not None and spec.keyword == keyword \
                    and words[1].text.removeprefix("#") == str(clan):
                found.append(row)
    return found


def spec_of(orders: OrderRegistry, words: list[Token], section: str) -> OrderSpec | None:
    """The order a line's words begin, in a section taking `section` orders (a move word or a
    hex: MOVE)."""
    first = words[0].upper.rstrip(".")
    spec = orders.lookup(section, first)
    if spec is None and len(words) > 1:
        spec = orders.lookup(section, f"{first} {words[1].upper}")
    if spec is None and section == CONVOY and is_move_word(words[0]):
        spec = orders.lookup(CONVOY, MOVE)
    return spec


def candidates(orders: OrderRegistry, section: str, prefix: str) -> list[str]:
    """Order words of a section starting with `prefix`: the order whose abbreviation was
    typed first ("BU" → BUY, not BUILD), then the other keywords, then abbreviations."""
    words = [word for word in orders.words(section) if word.startswith(prefix)]
    specs = [spec for spec in orders.specs if spec.section == section]
    keywords = {spec.keyword for spec in specs}
    typed = {spec.keyword for spec in specs if spec.abbreviation == prefix}
    return sorted(words, key=lambda word: (word not in typed, word not in keywords, word))
