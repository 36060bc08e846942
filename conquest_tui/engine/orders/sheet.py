"""Read an order sheet: [PRE], [CONVOY n], [POST] sections, one order a line, problems kept."""

from __future__ import annotations

import re

import attrs

from conquest_tui.engine.core.state import Problem
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.arguments import OrderSyntaxError, is_move_word
from conquest_tui.engine.orders.registry import CLAN, CONVOY
from conquest_tui.engine.orders.tokens import TokenError, strip_comment, tokenize
from conquest_tui.engine.rules.ruleset import Ruleset

MOVE = "MOVE"
"""The convoy order a bare direction or hex number stands for (CC-CO-MOVE-01)."""

_HEADER = re.compile(r"^\s*\[\s*([A-Za-z]+)\s*(#?\s*\d+)?\s*\]\s*$")

PRE = "pre"
POST = "post"
AGENTS = "agents"


@attrs.frozen
class SheetLine:
    """One order line of the sheet: its number, text and the order read from it (if any)."""

    line: int
    text: str
    order: model.Order | None


@attrs.frozen
class OrderSheet:
    """A parsed sheet. Lines with problems keep order None; everything else is kept in order."""

    pre: tuple[SheetLine, ...] = ()
    post: tuple[SheetLine, ...] = ()
    convoys: tuple[tuple[int, tuple[SheetLine, ...]], ...] = ()
    agents: tuple[SheetLine, ...] = ()
    problems: tuple[Problem, ...] = ()
    text: str = ""

    def convoy_lines(self, number: int) -> tuple[SheetLine, ...]:
        """The order lines written for one convoy."""
        for convoy, lines in self.convoys:
            if convoy == number:
                return lines
        return ()


def parse_order_line(text: str, line: int, section: str, rules: Ruleset) -> model.Order:
    """Read one order line of a section (CONVOY or CLAN). Raises OrderSyntaxError."""
    registry = rules.orders
    try:
        words = tokenize(text)
    except TokenError as error:
        raise OrderSyntaxError("quote", str(error)) from None
    if not words:
        raise OrderSyntaxError("empty", "the line is empty")
    first = words[0].upper.rstrip(".")
    if section == CONVOY and is_move_word(words[0]):
        if len(words) > 1:
            raise OrderSyntaxError("extra_words", "a move takes nothing after the direction or "
                                   "hex number")
        move = registry.lookup(CONVOY, MOVE)
        assert move is not None, "the order registry declares no MOVE"
        return move.parse(words, line, text, rules)
    rest = words[1:]
    spec = registry.lookup(section, first)
    if spec is None and len(words) > 1:
        spec = registry.lookup(section, f"{first} {words[1].upper}")
        rest = words[2:]
    if spec is None:
        if first == "HIDE" and section == CONVOY:
            raise OrderSyntaxError("hide", "there is no voluntary hiding: HIDE is not an order "
                                   "(CC-CNV-79)")
        other = registry.other_section(section, first)
        if other is not None:
            where = "a [CONVOY n] section" if other.section == CONVOY else "[PRE] or [POST]"
            kind = "a convoy order" if other.section == CONVOY else "a Clan order"
            raise OrderSyntaxError("wrong_section", f"{other.keyword} is {kind}; it belongs in "
                                   f"{where}")
        raise OrderSyntaxError("unknown", f'"{words[0].text}" is not an order')
    return spec.parse(rest, line, text, rules)


def header_of(line: str) -> tuple[str, int] | None:
    """(kind, convoy number) if the line is a section header ("bad" for a malformed one)."""
    match = _HEADER.match(strip_comment(line).strip())
    if not match:
        return None
    name = match.group(1).upper()
    number = match.group(2)
    if name == "CONVOY" and number:
        return CONVOY, int(number.replace("#", "").strip())
    if name in ("PRE", "POST", "AGENTS") and not number:
        return name.lower(), 0
    return "bad", 0


def parse_sheet(text: str, rules: Ruleset) -> OrderSheet:
    """Read a whole sheet. Never raises: each bad line becomes a Problem naming its line."""
    pre: list[SheetLine] = []
    post: list[SheetLine] = []
    agents: list[SheetLine] = []
    convoys: dict[int, list[SheetLine]] = {}
    problems: list[Problem] = []
    section = ""
    current: list[SheetLine] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(";"):
            continue
        header = header_of(raw)
        if header is not None:
            kind, convoy = header
            if kind == "bad":
                problems.append(Problem(number, "bad_header", f'"{stripped}" is not a section: '
                                        "use [PRE], [CONVOY n] or [POST]"))
                section, current = "", None
            elif kind == CONVOY:
                section = CONVOY
                if convoy in convoys:
                    problems.append(Problem(number, "duplicate_section", f"convoy #{convoy} has "
                                            "a second section; its lines are added to the first"))
                current = convoys.setdefault(convoy, [])
            else:
                section = kind
                current = {PRE: pre, POST: post, AGENTS: agents}[kind]
            continue
        if current is None:
            if not tokenize_safe(raw):
                continue
            problems.append(Problem(number, "no_section", "this line is outside any section: "
                                    "start with [PRE], [CONVOY n] or [POST]"))
            continue
        if not tokenize_safe(raw):
            continue
        if section == AGENTS:
            current.append(SheetLine(number, stripped, model.NotYetSupported("AGENT", number,
                                                                             stripped)))
            continue
        try:
            order = parse_order_line(raw, number, CONVOY if section == CONVOY else CLAN, rules)
        except OrderSyntaxError as error:
            problems.append(Problem(number, error.code, error.message))
            current.append(SheetLine(number, stripped, None))
            continue
        current.append(SheetLine(number, stripped, order))
    return OrderSheet(
        pre=tuple(pre),
        post=tuple(post),
        convoys=tuple((n, tuple(lines)) for n, lines in sorted(convoys.items())),
        agents=tuple(agents),
        problems=tuple(problems),
        text=text,
    )


def tokenize_safe(raw: str) -> bool:
    """Whether the line holds anything but a comment (an unclosed quote counts as content)."""
    try:
        return bool(tokenize(raw))
    except TokenError:
        return True
