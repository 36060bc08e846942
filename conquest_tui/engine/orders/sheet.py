"""Read an order sheet: [PRE], [CONVOY n], [POST] sections, one order a line, problems kept."""

from __future__ import annotations

import re

import attrs

from conquest_tui.engine.core.state import Problem
from conquest_tui.engine.orders import arguments, model, parsers
from conquest_tui.engine.orders.registry import (
    BASE_REGISTRY,
    CLAN,
    CONVOY,
    OrderRegistry,
    OrderSpec,
)
from conquest_tui.engine.orders.tokens import Token, TokenError, strip_comment, tokenize
from conquest_tui.engine.rules.ruleset import Ruleset


def _parse_move_keyword(spec: OrderSpec, words: list[Token], line: int, text: str,
                        rules: Ruleset) -> model.Order:
    if len(words) != 1 or (move := arguments.parse_move(words[0], line, text)) is None:
        raise arguments.OrderSyntaxError("bad_move", "MOVE needs one direction (N NE SE S SW NW) "
                                         "or a hex number")
    return move


REGISTRY: OrderRegistry = BASE_REGISTRY.with_parsers(
    {**parsers.PARSERS, "convoy:MOVE": _parse_move_keyword}
)
"""Every order of the rulebook, with the parsers of those this version carries out."""

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


def parse_order_line(text: str, line: int, section: str, rules: Ruleset,
                     registry: OrderRegistry = REGISTRY) -> model.Order:
    """Read one order line of a section (CONVOY or CLAN). Raises OrderSyntaxError."""
    try:
        words = tokenize(text)
    except TokenError as error:
        raise arguments.OrderSyntaxError("quote", str(error)) from None
    if not words:
        raise arguments.OrderSyntaxError("empty", "the line is empty")
    first = words[0].upper.rstrip(".")
    if section == CONVOY:
        move = arguments.parse_move(words[0], line, text)
        if move is not None:
            if len(words) > 1:
                raise arguments.OrderSyntaxError("extra_words", "a move takes nothing after the "
                                                 "direction or hex number")
            return move
    rest = words[1:]
    spec = registry.lookup(section, first)
    if spec is None and len(words) > 1:
        spec = registry.lookup(section, f"{first} {words[1].upper}")
        rest = words[2:]
    if spec is None:
        if first == "HIDE" and section == CONVOY:
            raise arguments.OrderSyntaxError("hide", "there is no voluntary hiding: HIDE is not "
                                             "an order (CC-CNV-79)")
        other = registry.other_section(section, first)
        if other is not None:
            where = "a [CONVOY n] section" if other.section == CONVOY else "[PRE] or [POST]"
            kind = "a convoy order" if other.section == CONVOY else "a Clan order"
            raise arguments.OrderSyntaxError("wrong_section", f"{other.keyword} is {kind}; "
                                             f"it belongs in {where}")
        raise arguments.OrderSyntaxError("unknown", f'"{words[0].text}" is not an order')
    if spec.parse is None:
        return model.Unsupported(spec.keyword, line, text, args=tuple(t.text for t in rest))
    return spec.parse(spec, rest, line, text, rules)


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


def parse_sheet(text: str, rules: Ruleset, registry: OrderRegistry = REGISTRY) -> OrderSheet:
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
            current.append(SheetLine(number, stripped, model.Unsupported("AGENT", number,
                                                                         stripped)))
            continue
        try:
            order = parse_order_line(raw, number, CONVOY if section == CONVOY else CLAN, rules,
                                     registry)
        except arguments.OrderSyntaxError as error:
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
