"""Read an order sheet: [PRE], [CONVOY n], [POST] sections, one order a line, problems kept."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import Problem
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.agent_lines import parse_agent_line
from conquest_tui.engine.orders.arguments import (
    MAX_CONVOY_NUMBER,
    OrderSyntaxError,
    is_move_word,
    shown,
    whole_number,
)
from conquest_tui.engine.orders.paper_form import is_form, plain_lines
from conquest_tui.engine.orders.registry import CLAN, CONVOY
from conquest_tui.engine.orders.standing import split_mark
from conquest_tui.engine.orders.tokens import TokenError, strip_comment, tokenize
from conquest_tui.engine.rules.house import NO_HOUSE_RULES, HouseRuleName, HouseRulesInPlay
from conquest_tui.engine.rules.ruleset import Ruleset

MOVE = "MOVE"
"""The convoy order a bare direction or hex number stands for (CC-CO-MOVE-01)."""

PRE = "pre"
POST = "post"
AGENTS = "agents"


@attrs.frozen
class SheetLine:
    """One order line of the sheet: its number, text and the order read from it (if any)."""

    line: int
    text: str
    order: model.Order | None
    standing: bool = False
    """Marked to repeat on the Clan's next sheet (house rule `standing`; its order, if read,
    says so too)."""


@attrs.frozen
class OrderSheet:
    """A parsed sheet. Lines with problems keep order None; everything else is kept in order."""

    pre: tuple[SheetLine, ...] = ()
    post: tuple[SheetLine, ...] = ()
    convoys: tuple[tuple[int, tuple[SheetLine, ...]], ...] = ()
    agents: tuple[SheetLine, ...] = ()
    problems: tuple[Problem, ...] = ()
    text: str = ""
    refused: bool = False
    """Too large to read (parse_sheet's refusal): no lines, one problem, only its start kept."""

    def convoy_lines(self, number: int) -> tuple[SheetLine, ...]:
        """The order lines written for one convoy."""
        for convoy, lines in self.convoys:
            if convoy == number:
                return lines
        return ()


def parse_order_line(text: str, line_number: int, section: str, rules: Ruleset) -> model.Order:
    """Read one order line of a section (CONVOY or CLAN). Raises OrderSyntaxError."""
    registry = rules.orders
    try:
        words = tokenize(text)
    except TokenError:
        raise OrderSyntaxError("quote") from None
    if not words:
        raise OrderSyntaxError("empty")
    first = words[0].upper.rstrip(".")
    if section == CONVOY and is_move_word(words[0]):
        if len(words) > 1:
            raise OrderSyntaxError("extra_words", why="move")
        move = registry.lookup(CONVOY, MOVE)
        assert move is not None, "the order registry declares no MOVE"
        return move.parse(words, line_number, text, rules)
    rest = words[1:]
    spec = registry.lookup(section, first)
    if spec is None and len(words) > 1:
        spec = registry.lookup(section, f"{first} {words[1].upper}")
        rest = words[2:]
    if spec is None:
        if first == "HIDE" and section == CONVOY:
            raise OrderSyntaxError("hide")
        other = registry.other_section(section, first)
        if other is not None:
            raise OrderSyntaxError("wrong_section", keyword=other.keyword,
                                   section="convoy" if other.section == CONVOY else "clan")
        raise OrderSyntaxError("unknown", text=shown(words[0].text))
    return spec.parse(rest, line_number, text, rules)


def header_of(line: str) -> tuple[str, int] | None:
    """(kind, convoy number) if the line is a section header ("bad" for a malformed one).

    A convoy number over MAX_CONVOY_NUMBER is given as MAX_CONVOY_NUMBER + 1, unconverted.
    """
    text = strip_comment(line).strip()
    if len(text) < 2 or text[0] != "[" or text[-1] != "]":
        return None
    inner = text[1:-1].strip()
    letters = 0
    while letters < len(inner) and inner[letters].isascii() and inner[letters].isalpha():
        letters += 1
    name, rest = inner[:letters].upper(), inner[letters:].strip()
    hashed = rest.startswith("#")
    digits = rest.removeprefix("#").strip()
    number = whole_number(digits, MAX_CONVOY_NUMBER)
    if not name or (rest and number is None) or (hashed and not digits):
        return None
    if name == "CONVOY" and number is not None:
        return CONVOY, number
    if name in ("PRE", "POST", "AGENTS") and not rest:
        return name.lower(), 0
    return "bad", 0


def sheet_lines(text: str) -> list[str]:
    """The sheet's lines as an editor numbers them: split at each newline (or CR LF) only."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def refusal(text: str, rules: Ruleset) -> Problem | None:
    """The one problem of a sheet too large to read at all, or None (checked before anything)."""
    limits = rules.order_limits
    size = len(text)
    if size <= limits.sheet_max_bytes:
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.sheet_max_bytes:
        return Problem(1, ProblemCode.SHEET_TOO_BIG, facts={"why": "bytes",
                                                            "most": limits.sheet_max_bytes})
    lines = text.count("\n") + (0 if text.endswith("\n") else 1)  # as an editor counts them
    if lines > limits.sheet_max_lines:
        return Problem(1, ProblemCode.SHEET_TOO_BIG, facts={
            "why": "lines", "lines": lines, "most": limits.sheet_max_lines})
    return None


def kept_text(text: str, rules: Ruleset) -> str:
    """What is kept of a refused sheet: its start, at most the size limit in UTF-8 bytes."""
    limit = rules.order_limits.sheet_max_bytes
    head = text[:limit].encode("utf-8", "surrogatepass")[:limit]
    return head.decode("utf-8", "ignore")


@attrs.define
class _Reader:
    """The sections read so far and where the lines now go."""

    rules: Ruleset
    house: HouseRulesInPlay = NO_HOUSE_RULES
    mark: str = "@"
    """The repeat mark of a standing order (`house_rules.toml`)."""
    pre: list[SheetLine] = attrs.field(factory=list)
    post: list[SheetLine] = attrs.field(factory=list)
    agents: list[SheetLine] = attrs.field(factory=list)
    convoys: dict[int, list[SheetLine]] = attrs.field(factory=dict)
    problems: list[Problem] = attrs.field(factory=list)
    first_lines: dict[tuple[str, int], int] = attrs.field(factory=dict)
    section: str = ""
    current: list[SheetLine] | None = None
    skipping: bool = False
    """In a repeated section: its lines are ignored (the header's problem says so)."""

    def header(self, number: int, stripped: str, kind: str, convoy: int) -> None:
        """Start a section, or name what is wrong with its header."""
        self.section, self.current, self.skipping = "", None, False
        if kind == "bad" or convoy > MAX_CONVOY_NUMBER:
            self.problems.append(Problem(number, ProblemCode.BAD_HEADER, facts={
                "why": "convoy" if kind == CONVOY else "name", "text": shown(stripped),
                "most": MAX_CONVOY_NUMBER}))
            return
        first = self.first_lines.setdefault((kind, convoy), number)
        if first != number:
            name = f"CONVOY {convoy}" if kind == CONVOY else kind.upper()
            self.problems.append(Problem(number, ProblemCode.DUPLICATE_SECTION,
                                         facts={"section": name, "first": first}))
            self.skipping = True
            return
        self.section = kind
        if kind == CONVOY:
            self.current = self.convoys.setdefault(convoy, [])
        else:
            self.current = {PRE: self.pre, POST: self.post, AGENTS: self.agents}[kind]

    def order_line(self, number: int, raw: str, stripped: str) -> None:
        """Read one line of the current section into it."""
        current = self.current
        if current is None:
            if not self.skipping and tokenize_safe(raw):
                self.problems.append(Problem(number, ProblemCode.NO_SECTION))
            return
        if not tokenize_safe(raw):
            return
        standing = False
        if self.mark in raw:  # rare: most lines hold no mark
            raw, standing = split_mark(raw, self.mark)
        if standing and not self.house.on(HouseRuleName.STANDING):
            self.problems.append(Problem(number, ProblemCode.STANDING_OFF,
                                         facts={"mark": self.mark}))
            current.append(SheetLine(number, stripped, None))
            return
        try:
            if self.section == AGENTS:
                order: model.Order = parse_agent_line(raw, number)
            else:
                order = parse_order_line(raw, number, CONVOY if self.section == CONVOY else CLAN,
                                         self.rules)
        except OrderSyntaxError as error:
            self.problems.append(Problem(number, ProblemCode(error.code), facts=error.facts))
            current.append(SheetLine(number, stripped, None, standing))
            return
        if standing:
            order = attrs.evolve(order, standing=True)
        current.append(SheetLine(number, stripped, order, standing))

    def sheet(self, text: str) -> OrderSheet:
        """The sheet as read."""
        return OrderSheet(
            pre=tuple(self.pre),
            post=tuple(self.post),
            convoys=tuple((n, tuple(lines)) for n, lines in sorted(self.convoys.items())),
            agents=tuple(self.agents),
            problems=tuple(self.problems),
            text=text,
        )


def parse_sheet(text: str, rules: Ruleset, house: HouseRulesInPlay = NO_HOUSE_RULES
                ) -> OrderSheet:
    """Read a whole sheet. Never raises: each bad line becomes a Problem naming its line.

    `house`: the game's house rules in play (`Game.house`, `ClanView.house`); a line's repeat
    mark is a standing order only where `standing` is (orders/standing.py), else a problem.

    A sheet over the size limits is refused whole with one problem on line 1, and only its
    start is kept (kept_text), so nothing a sheet holds can make a save much larger. The 1995
    paper orders sheet, filled in, reads the same as the sections it prints (`paper_form`).
    """
    refused = refusal(text, rules)
    if refused is not None:
        return OrderSheet(problems=(refused,), text=kept_text(text, rules), refused=True)
    reader = _Reader(rules, house, rules.house_rules.standing.mark)
    lines = sheet_lines(text)
    if is_form(lines):
        lines = plain_lines(lines)
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(";"):
            continue
        header = header_of(raw)
        if header is not None:
            reader.header(number, stripped, *header)
        else:
            reader.order_line(number, raw, stripped)
    return reader.sheet(text)


def counted(lines: tuple[SheetLine, ...]) -> tuple[SheetLine, ...]:
    """The lines that take a place in a section's line limit: those read without a problem.

    A line with a problem is skipped and uses up no order line and no pulse (CC-SEQ-15).
    """
    return tuple(line for line in lines if line.order is not None)


def tokenize_safe(raw: str) -> bool:
    """Whether the line holds anything but a comment (an unclosed quote counts as content)."""
    return bool(strip_comment(raw).strip())  # a word, or a quote (closed or not)
