"""Every sentence of a parse or check problem and of a notice, rendered from its code and facts.

A problem is stored as a code and facts (`core/problems.ProblemCode`, what each code needs in
`facts/problem_needs.py`); this module words it when a report, the sheet pane or the command
line shows it (through `event_text.problem_text`). A resolve problem is worded as the event of
its kind (`event_text.render`), and so are the check codes that share an event's sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.core.problems import SAID, SAID_AS_DIPLOMACY, SAID_BY_REASON, ProblemCode
from conquest_tui.engine.sentences import diplomacy_sentences, espionage_sentences, odds_text
from conquest_tui.engine.sentences.reason_sentences import REASONS
from conquest_tui.engine.sentences.turn_sentences import Facts

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
    """A fact declared a whole number (`facts/problem_needs.py`, checked on every load)."""
    return fact if isinstance(fact, int) else int(str(fact))


def listed(fact: Fact) -> tuple[Fact, ...]:
    """A fact declared a tuple."""
    return fact if isinstance(fact, tuple) else (fact,)


def reason_text(f: Facts) -> str:
    """The sentence of a problem's "reason" fact."""
    code = str(f["reason"])
    sentence = CHECK_REASONS.get(code) or REASONS[code]
    return sentence.format_map(f) if isinstance(sentence, str) else sentence(f)


def known(f: Facts) -> str:
    """What ESPIONAGE can find out, as a problem lists it: "OWNER, ALLIES, …"."""
    return ", ".join(map(str, listed(f["known"])))


def _market_words(f: Facts) -> str:
    """": fuel, food, parts, … or a vehicle for a convoy: bikes, cars, …" ("" for a problem
    saved before they were listed)."""
    if "supplies" not in f or "vehicles" not in f:
        return ""
    return (f": {_either(listed(f['supplies']))}; or vehicles for a convoy (#n): "
            f"{_either(listed(f['vehicles']))}")


def _either(names: tuple[Fact, ...]) -> str:
    """("a", "b", "c") → "a, b or c"."""
    words = [str(name) for name in names]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


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
    if f.get("why") == "sold":  # saved before lines were checked against the lines before them
        return f"convoy #{f['number']} is sold by this sheet's SELL CONVOY before its orders run"
    if f.get("why") == "gone":
        return (f"convoy #{f['number']} is gone by then: a line before this one sells, gives "
                "away or merges it")
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


def _forecast_no_troops(f: Facts) -> str:
    troops = whole(f["troops"])
    them = f"its {troops} troops" if troops != 1 else "its one troop"
    if whole(f["lost"]):
        return (f"forecast: convoy #{f['number']} fights at pulse {f['at_pulse']} and is lost, "
                f"with {them}")
    return (f"forecast: convoy #{f['number']} fights at pulse {f['at_pulse']} and loses all "
            f"{them}")


SENTENCES: dict[ProblemCode, ProblemSentence] = {
    ProblemCode.LEGACY: "{" + SAID + "}",
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
        "order": '{keyword} does not take "{extra}" (format: {syntax})',
        "stockpile": "{item} go to the Clan stockpile: no convoy number is needed or allowed"},
    ProblemCode.MISSING_QUANTITY: {
        "quantity": "{what} needs a quantity", "number": "{what} needs a number",
        "troops": "{keyword} needs a number of troops (format: {syntax})",
        "garrison": "GARRISON needs a troop count of 1 to {digits} digits first, negative to "
                    "withdraw (format: {syntax})"},
    ProblemCode.BAD_QUANTITY: {
        "not_number": '"{text}" is not a whole number', "zero": "the quantity must be at least 1",
        "too_big": "{text} is more than anyone could ever use (at most {most:,})",
        "of": '"{text}" is not a whole number of {what}',
        "more": "{text} is more {what} than anyone could use (at most {most:,})",
        "assign_nothing": "ASSIGN moves no troops and no claymores",
        "no_lines": "ORDER must buy at least one line",
        "no_guards": "{keyword} with 0 troops changes nothing: give a number of guards to "
                     "assign, or a negative one to withdraw"},
    ProblemCode.MISSING_CONVOY: "{what} needs a convoy number, like #1",
    ProblemCode.BAD_CONVOY: {
        "not_number": '"{text}" is not a convoy number, like #1',
        "too_big": '"{text}" is not a convoy number: convoys are numbered #1 to #{most}'},
    ProblemCode.MISSING_HEX: {
        "hex": "{what} needs a hex number, like 0516",
        "agent": "an agent line needs the hex number the agent goes to, like 0516",
        "guards": "{keyword} needs at least one hex number, like 0417 or 12** (format: "
                  "{syntax})"},
    ProblemCode.BAD_HEX: {"not_hex": '"{text}" is not a hex number, like 0516',
                          "pattern": '"{text}" is not a hex number or pattern, like 0516, 051* '
                                     "or ****"},
    ProblemCode.MISSING_NAME: {"name": '{what} needs a name in quotes, like "Iron Fist"',
                               "rename": "NAME {word} needs the new name in quotes"},
    ProblemCode.LONG_NAME: {
        "name": 'the name "{name}" is longer than {most} characters (CC-CL-NAME-01)',
        "convoy": 'the name "{name}" is longer than 20 characters'},
    ProblemCode.THE_NAME: {"name": 'names must not begin with "the" (CC-CL-NAME-01)',
                           "convoy": 'names must not begin with "the"'},
    ProblemCode.BAD_TARGET: '"{text}" is not a bomb target: BUILDINGS, POPULATION, TROOPS or '
                            "SCOURGE (B, P, T, S)",
    ProblemCode.MISSING_ITEM: {
        "market": lambda f: f"{f['keyword']} needs what to {str(f['keyword']).lower()}"
                            f"{_market_words(f)} (format: {f['syntax']})",
        "give": "GIVE needs an item: vehicles, TROOPS, a weapon, goods or an expert (format: "
                "GIVE quantity item #from #to)"},
    ProblemCode.TROOPS: lambda f: (f"troops cannot be {f['verb']}ed this way: " + (
        "use ENLIST" if f["verb"] == "buy" else "troops can never be sold")),
    ProblemCode.UNKNOWN_ITEM: {
        "market": lambda f: f'"{f["text"]}" is not something you can {f["verb"]}'
                            + (_market_words(f) or " (supplies, weapons or a vehicle name)"),
        "give": '"{text}" is nothing a convoy can give (vehicles, troops, rifles, grenades, '
                "rockets, bombs, goods or an expert)"},
    ProblemCode.MISSING_TYPE: "CREATE needs a convoy type: LAND, SEA, AMPHIBIOUS, MILITARY or "
                              "AIR",
    ProblemCode.BAD_TYPE: {
        "not_type": '"{text}" is not a convoy type: LAND, SEA, AMPHIBIOUS, MILITARY or AIR',
        "convert_missing": "CONVERT needs the new convoy type: LAND, SEA, AMPHIBIOUS, MILITARY "
                           "or AIR"},
    ProblemCode.UNKNOWN_EXPERT: lambda f: (f'"{f["text"]}" is not an expert type; use a name or '
                                           f"one of {', '.join(map(str, listed(f['codes'])))}"),
    ProblemCode.TOO_MANY_HEXES: "{keyword} takes at most {most} hex numbers per line, not "
                                "{count}",
    ProblemCode.MISSING_STRUCTURE: "BUILD needs a structure: {names}",
    ProblemCode.UNKNOWN_STRUCTURE: '"{text}" is not a custom structure: {names}',
    ProblemCode.MISSING_DIRECTION: "PAVE needs a direction: N, NE, SE, S, SW or NW",
    ProblemCode.BAD_DIRECTION: '"{text}" is not a direction: N, NE, SE, S, SW or NW',
    ProblemCode.MISSING_BUILDING: "ERECT needs at least one building, like ERECT 2914 AIR ARM "
                                  "STO",
    ProblemCode.TOO_MANY: "ERECT lists at most {most} buildings, not {count}",
    ProblemCode.UNKNOWN_BUILDING: lambda f: (f'"{f["text"]}" is not a building; use the '
                                             "3-letter codes: "
                                             f"{' '.join(map(str, listed(f['codes'])))}"),
    ProblemCode.TWICE: {
        "building": "{name} is listed twice; a city holds one of each type",
        "keyword": "{keyword} is asked for twice; it would be paid twice"},
    ProblemCode.NOT_CARRIED: {
        "claymores": "claymores are kept in cities, never in convoys, so convoys cannot give "
                     "them (CC-WPN-07)",
        "stock": "{item} is kept in the Clan stockpile, not in convoys: every convoy uses it "
                 "from there"},
    ProblemCode.GIVE_ALL: "GIVE ALL works only for experts: GIVE ALL EXPERTS #from #to "
                          "(CC-CL-GIVE-03)",
    ProblemCode.ONE_EXPERT: "experts are given one at a time, by type: GIVE 1 ENG #2 #3, or "
                            "GIVE ALL EXPERTS #2 #3 (CC-CL-GIVE-02)",
    ProblemCode.SAME_CONVOY: "convoy #{number} cannot give to itself",
    ProblemCode.MISSING_CLAN: {
        "order": "{keyword} needs a Clan number, like {keyword} 133",
        "espionage": lambda f: ("ESPIONAGE needs a Clan number and what to find out, like ES "
                                f"455 CITIES HEXES ({known(f)})")},
    ProblemCode.BAD_CLAN: {"order": '"{text}" is not a Clan number, like 133',
                           "espionage": '"{text}" is not a Clan number'},
    ProblemCode.MISSING_DESTINATION: '{keyword} needs a Clan number, a hex or ALL, then the text '
                                     'in quotes, like {keyword} ALL "Get off my continent!"',
    ProblemCode.MISSING_TEXT: '{keyword} needs the text of the message in quotes, like "Get off '
                              'my continent!"',
    ProblemCode.LONG_MESSAGE: "a message may have at most {most} characters, not {count}",
    ProblemCode.ARROW_IN_MESSAGE: 'a message may not contain ">": it marks messages to everyone '
                                  "and signed ones",
    ProblemCode.BAD_CHARACTER: "a message may hold only printable characters",
    ProblemCode.BAD_KEYWORD: lambda f: (f'"{f["text"]}" is not something espionage finds out: '
                                        f"{known(f)}"),
    ProblemCode.MISSING_KEYWORD: lambda f: (f"ESPIONAGE {f['target']} needs what to find out: "
                                            f"{known(f)}"),
    ProblemCode.BAD_MOVE: "MOVE needs one direction (N NE SE S SW NW) or a hex number",
    ProblemCode.BAD_SWITCH: {
        "phone": "PHONE needs ON or OFF, like PHONE ON (513)555-3902 or PHONE OFF",
        "aid": lambda f: "AID needs ON or OFF" + (f' (not "{f["got"]}")' if "got" in f else "")},
    ProblemCode.BAD_KILL_MODE: {"missing": "KILL MODE needs N, V or T",
                                "unknown": '"{text}" is not a kill mode; use N, V or T'},
    ProblemCode.TOO_MANY_LINES: "ORDER buys at most {most} lines at once, not {count} "
                                "(CC-CL-ORDER-01)",
    ProblemCode.LONG_SLOGAN: "a slogan may have at most {most} characters, not {count} (AMB-10)",
    ProblemCode.BAD_PHONE: '"{number}" is not a phone number in the form (513)555-3902; put '
                           "other numbers in your slogan",
    ProblemCode.BAD_PERCENT: "VIGILANCE is at most {most}%: a city cannot receive more than "
                             "half its troop capacity on the turn it is captured "
                             "(CC-CL-VIGILANCE-01)",
    ProblemCode.HIDE: "there is no voluntary hiding: HIDE is not an order (CC-CNV-79)",
    ProblemCode.STANDING_OFF: "standing orders ({mark}) are a house rule not in play in this "
                              "game",
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
    ProblemCode.FORECAST_NO_TROOPS: _forecast_no_troops,
    ProblemCode.TREATY_WORDS: "write this order as {syntax}",
    ProblemCode.FORECAST_GONE: "forecast: convoy #{number} is gone before pulse {at_pulse} "
                               "(lost, sold or merged into another): this line will not run",
}
"""The sentence of each code worded here; see `sentence_of` for the others."""

for _code in SAID_AS_DIPLOMACY:
    SENTENCES[_code] = diplomacy_sentences.reason_text
for _code in (ProblemCode.TOO_EARLY, ProblemCode.OWN_CLAN, ProblemCode.NO_CLAN):
    SENTENCES[_code] = espionage_sentences.cannot_espionage
for _code in SAID_BY_REASON:
    SENTENCES[_code] = reason_text

AS_EVENT: dict[ProblemCode, EventKind] = {
    ProblemCode.MORE_PROBLEMS: EventKind.MORE_PROBLEMS,
    ProblemCode.CANNOT_BOMB: EventKind.CANNOT_BOMB,
    ProblemCode.CANNOT_SABOTAGE: EventKind.CANNOT_SABOTAGE,
    ProblemCode.CANNOT_TREATY: EventKind.CANNOT_TREATY,
}
"""Codes worded as the event of a kind (the turn reports the same trouble in the same words)."""


def sentence(code: ProblemCode, f: Facts) -> str:
    """The sentence of a code worded here (not `AS_EVENT`, not `FORECAST`)."""
    found = SENTENCES[code]
    if isinstance(found, Mapping):
        found = found[str(f["why"])]
    return found.format_map(f) if isinstance(found, str) else found(f)
