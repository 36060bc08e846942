"""Every sentence of a parse or check problem and of a notice, rendered from its code and facts.

A problem is stored as a code and facts (`core/problems.ProblemCode`, what each code needs in
`core/problem_needs.py`); this module words it when a report, the sheet pane or the command
line shows it (through `event_text.problem_text`). A resolve problem is worded as the event of
its kind (`event_text.render`), and so are the check codes that share an event's sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.core.problems import SAID, ProblemCode
from conquest_tui.engine.reports import diplomacy_sentences, espionage_sentences, odds_text
from conquest_tui.engine.reports.reason_sentences import REASONS
from conquest_tui.engine.reports.sentences import Facts

ProblemSentence = str | Callable[[Facts], str] | Mapping[str, "str | Callable[[Facts], str]"]
"""A code's sentence: a str.format template over its facts, a function of them, or either keyed
by the code's "why" fact."""

CHECK_REASONS: dict[str, str | Callable[[Facts], str]] = {
    "pave_type": "only land convoys can pave; convoy #{number} is {convoy_type}",
    "vehicle_type": "{vehicles} are {vehicle_type} vehicles; convoy #{number} is a "
                    "{convoy_type} convoy",
    "few_vehicles": "convoy #{number} has {have} {vehicles}",
    "merge_type": "convoy #{number} is a {convoy_type} convoy: only the same type can merge",
    "pilot_type": "an Expert Pilot serves only in {needed} convoys",
}
"""Why an order cannot work, for the reasons only the sheet check gives (the turn's own
reasons are `reason_sentences.REASONS`)."""


def whole(fact: Fact) -> int:
    """A fact declared a whole number (`core/problem_needs.py`, checked on every load)."""
    return fact if isinstance(fact, int) else int(str(fact))


def listed(fact: Fact) -> tuple[Fact, ...]:
    """A fact declared a tuple."""
    return fact if isinstance(fact, tuple) else (fact,)


def reason_text(f: Facts) -> str:
    """The sentence of a problem's "reason" fact."""
    code = str(f["reason"])
    sentence = CHECK_REASONS.get(code) or REASONS[code]
    return sentence.format_map(f) if isinstance(sentence, str) else sentence(f)


def _bad_header(f: Facts) -> str:
    why = (f"convoys are numbered #1 to #{f['most']}" if f["why"] == "convoy"
           else "use [PRE], [CONVOY n], [POST] or [AGENTS]")
    return f'"{f["text"]}" is not a section: {why}'


def _wrong_section(f: Facts) -> str:
    if f["section"] == "convoy":
        return f"{f['keyword']} is a convoy order; it belongs in a [CONVOY n] section"
    return f"{f['keyword']} is a Clan order; it belongs in [PRE] or [POST]"


def _agents(f: Facts) -> str:
    agents = whole(f["agents"])
    have = (f"you have only {agents} agents" if agents > 1 else
            "you have only one agent" if agents == 1 else "you have no agents")
    return f"{have}; this line will not run (agents trained this turn are sent from next turn)"


def _no_moves(f: Facts) -> str:
    unit = "hexes of range" if f["convoy_type"] == "air" else "moves"
    return (f"convoy #{f['number']} has only {f['allowance']} {unit} a turn and {f['left']} "
            "left here")


def _no_convoy(f: Facts) -> str:
    if f.get("why") == "sold":
        return f"convoy #{f['number']} is sold by this sheet's SELL CONVOY before its orders run"
    return f"you have no convoy #{f['number']}"


def _not_owned(f: Facts) -> str:
    pattern = f["pattern"]
    if "*" in str(pattern):
        return f"you own no hex that matches {pattern}"
    return f"you do not own hex {pattern}"


def _attacks_hex(f: Facts) -> str:
    chance = ("enough to take it for certain" if f["certain"]
              else f"about {f['percent']}% to take it")
    return (f"this {f['what']} attacks hex {f['hex']}, Clan {f['owner']}'s, in Capture mode: "
            f"you will fight its guards (needs {f['low']}–{f['high']} troops; you have "
            f"{f['troops']}: {chance})")


def _meets_convoy(f: Facts) -> str:
    owners = tuple(map(whole, listed(f["owners"])))
    enemies = odds_text.enemies(whole(f["convoys"]), owners)
    return f"this {f['what']} meets {enemies} in {f['hex']}: {odds_text.chance_words(f)}"


SENTENCES: dict[ProblemCode, ProblemSentence] = {
    ProblemCode.SHEET_TOO_BIG: {
        "bytes": lambda f: (f"the sheet is larger than {f['most']:,} bytes; no order sheet is "
                            "that long, so none of it is read"),
        "lines": lambda f: (f"the sheet has {f['lines']:,} lines, more than the {f['most']:,} "
                            "any order sheet needs, so none of it is read")},
    ProblemCode.BAD_HEADER: _bad_header,
    ProblemCode.DUPLICATE_SECTION: "a second [{section}] section (the first is on line "
                                   "{first}); its lines are ignored",
    ProblemCode.NO_SECTION: "this line is outside any section: start with [PRE], [CONVOY n] or "
                            "[POST]",
    ProblemCode.QUOTE: "a quote is opened but never closed",
    ProblemCode.EMPTY: "the line is empty",
    ProblemCode.EXTRA_WORDS: {
        "move": "a move takes nothing after the direction or hex number",
        "agent": 'an agent line takes one hex number, like 0516; "{extra}" is too much',
        "order": '{keyword} does not take "{extra}" (format: {syntax})'},
    ProblemCode.MISSING_QUANTITY: {"quantity": "{what} needs a quantity"},
    ProblemCode.BAD_QUANTITY: {
        "not_number": '"{text}" is not a whole number', "zero": "the quantity must be at least 1",
        "too_big": "{text} is more than anyone could ever use (at most {most:,})"},
    ProblemCode.MISSING_CONVOY: "{what} needs a convoy number, like #1",
    ProblemCode.BAD_CONVOY: {
        "not_number": '"{text}" is not a convoy number, like #1',
        "too_big": '"{text}" is not a convoy number: convoys are numbered #1 to #{most}'},
    ProblemCode.MISSING_HEX: {
        "hex": "{what} needs a hex number, like 0516",
        "agent": "an agent line needs the hex number the agent goes to, like 0516"},
    ProblemCode.BAD_HEX: {"not_hex": '"{text}" is not a hex number, like 0516'},
    ProblemCode.MISSING_NAME: {"name": '{what} needs a name in quotes, like "Iron Fist"'},
    ProblemCode.LONG_NAME: {
        "name": 'the name "{name}" is longer than {most} characters (CC-CL-NAME-01)'},
    ProblemCode.THE_NAME: {"name": 'names must not begin with "the" (CC-CL-NAME-01)'},
    ProblemCode.HIDE: "there is no voluntary hiding: HIDE is not an order (CC-CNV-79)",
    ProblemCode.WRONG_SECTION: _wrong_section,
    ProblemCode.UNKNOWN: '"{text}" is not an order',
    ProblemCode.NOT_SUPPORTED: "{keyword} is not yet supported in this version; the line will "
                               "be skipped",
    ProblemCode.OVER_LIMIT: {
        "pre": "only {most} pre-turn Clan order lines are allowed; this line will not run",
        "post": "only {most} post-turn Clan order lines are allowed; this line will not run",
        "convoy": "only {most} convoy #{number} order lines are allowed; this line will not run",
        "agents": _agents,
        "added": "convoy #{number} already has its {most} order lines; {move} was not added"},
    ProblemCode.NO_CONVOY: _no_convoy,
    ProblemCode.OFF_MAP: {"agent": "hex {hex} is not on the map",
                          "move": "{target} from {origin} leaves the map"},
    ProblemCode.SAME_HEX: "convoy #{number} would already be in {hex}; use PAUSE",
    ProblemCode.NEW_CONVOY: "convoy #{number} was created this turn and cannot move",
    ProblemCode.NO_MOVES: _no_moves,
    ProblemCode.AIR_OVER_WATER: "convoy #{number} would end the turn over the water of {hex} and "
                                "be lost (CC-MOVE-12)",
    ProblemCode.NO_CITY: "there is no city in {hex}",
    ProblemCode.NOT_OWNER: "you do not own the city in {hex}",
    ProblemCode.ALREADY_BUILT: lambda f: (f"the city in {f['hex']} already has: "
                                          f"{', '.join(map(str, listed(f['built'])))}"),
    ProblemCode.NOT_OWNED: _not_owned,
    ProblemCode.ATTACKS_HEX: _attacks_hex,
    ProblemCode.MEETS_CONVOY: _meets_convoy,
}
"""The sentence of each code worded here; see `sentence_of` for the others."""

for _code in (ProblemCode.DIP_SELF, ProblemCode.DIP_UNKNOWN_CLAN, ProblemCode.DIP_OFF_MAP,
              ProblemCode.DIP_TOO_MANY, ProblemCode.DIP_TOO_MANY_ALL):
    SENTENCES[_code] = diplomacy_sentences.reason_text
for _code in (ProblemCode.TOO_EARLY, ProblemCode.OWN_CLAN, ProblemCode.NO_CLAN):
    SENTENCES[_code] = espionage_sentences.cannot_espionage
for _code in (ProblemCode.ILLEGAL_MOVE, ProblemCode.WRONG_TYPE, ProblemCode.NOT_ENOUGH,
              ProblemCode.CANNOT_BUILD, ProblemCode.CANNOT_GAMBLE, ProblemCode.CANNOT_FISH,
              ProblemCode.CANNOT_PAVE, ProblemCode.CANNOT_CREATE, ProblemCode.CANNOT_HIRE,
              ProblemCode.CANNOT_FORTIFY, ProblemCode.CANNOT_CONVERT, ProblemCode.CANNOT_SPLIT,
              ProblemCode.CANNOT_ABSORB, ProblemCode.TOO_LATE):
    SENTENCES[_code] = reason_text

AS_EVENT: dict[ProblemCode, EventKind] = {
    ProblemCode.MORE_PROBLEMS: EventKind.MORE_PROBLEMS,
    ProblemCode.CANNOT_BOMB: EventKind.CANNOT_BOMB,
    ProblemCode.CANNOT_SABOTAGE: EventKind.CANNOT_SABOTAGE,
}
"""Codes worded as the event of a kind (the turn reports the same trouble in the same words)."""


def sentence(code: ProblemCode, f: Facts) -> str:
    """The sentence of a code worded here (not `AS_EVENT`, not `FORECAST`, not kept as said)."""
    said = f.get(SAID)
    if said is not None:
        return str(said)
    found = SENTENCES[code]
    if isinstance(found, Mapping):
        found = found[str(f["why"])]
    return found.format_map(f) if isinstance(found, str) else found(f)
