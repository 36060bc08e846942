"""What can be wrong with a line of an order sheet: the problem codes (no sentences).

A problem is a code and its facts, like an event (`core/events.py`): its sentence is rendered
when it is shown (engine/sentences/problem_sentences.py), and what each code's facts must hold is
declared once (`facts/problem_needs.py`) and checked on every load of a save.

Which set a problem's code belongs to follows from its level: a parse or check problem and a
notice carry a `ProblemCode`; a resolve problem (an order that failed when its time came) carries
the `EventKind` of the event that reports it, and is worded like that event. The same word may
name both (the checker's "illegal_move" and the turn's `EventKind.ILLEGAL_MOVE`): the level says
which is meant, so a problem's `code` field is the plain value and the closed sets are checked
where problems are made and loaded.
"""

from __future__ import annotations

import enum

RESOLVE = "resolve"
"""The level of a problem found when the order ran: its code is an `EventKind`."""

SAID = "said"
"""The fact of a `ProblemCode.LEGACY` problem: the words it was shown with (a parse or check
problem saved before problems were typed, save version 4 and older)."""


class ProblemCode(enum.StrEnum):
    """Every code of a parse or check problem and of a notice; the value is the stable code
    saves, `conquest check`, the JSON report and the sheet pane use."""

    # --- saved before problems were typed: the sentence as shown is the fact `SAID` ------------
    LEGACY = "legacy"

    # --- the sheet as a whole and its sections ---------------------------------------------------
    SHEET_TOO_BIG = "sheet_too_big"
    BAD_HEADER = "bad_header"
    DUPLICATE_SECTION = "duplicate_section"
    NO_SECTION = "no_section"
    MORE_PROBLEMS = "more_problems"

    # --- a line's words (parse) ----------------------------------------------------------------
    QUOTE = "quote"
    EMPTY = "empty"
    EXTRA_WORDS = "extra_words"
    HIDE = "hide"
    STANDING_OFF = "standing_off"
    WRONG_SECTION = "wrong_section"
    UNKNOWN = "unknown"
    MISSING_QUANTITY = "missing_quantity"
    BAD_QUANTITY = "bad_quantity"
    MISSING_CONVOY = "missing_convoy"
    BAD_CONVOY = "bad_convoy"
    MISSING_HEX = "missing_hex"
    BAD_HEX = "bad_hex"
    MISSING_NAME = "missing_name"
    LONG_NAME = "long_name"
    THE_NAME = "the_name"
    BAD_TARGET = "bad_target"
    MISSING_ITEM = "missing_item"
    TROOPS = "troops"
    UNKNOWN_ITEM = "unknown_item"
    MISSING_TYPE = "missing_type"
    BAD_TYPE = "bad_type"
    UNKNOWN_EXPERT = "unknown_expert"
    TOO_MANY_HEXES = "too_many_hexes"
    MISSING_STRUCTURE = "missing_structure"
    UNKNOWN_STRUCTURE = "unknown_structure"
    MISSING_DIRECTION = "missing_direction"
    BAD_DIRECTION = "bad_direction"
    MISSING_BUILDING = "missing_building"
    TOO_MANY = "too_many"
    UNKNOWN_BUILDING = "unknown_building"
    TWICE = "twice"
    NOT_CARRIED = "not_carried"
    GIVE_ALL = "give_all"
    ONE_EXPERT = "one_expert"
    SAME_CONVOY = "same_convoy"
    MISSING_CLAN = "missing_clan"
    BAD_CLAN = "bad_clan"
    MISSING_DESTINATION = "missing_destination"
    MISSING_TEXT = "missing_text"
    LONG_MESSAGE = "long_message"
    ARROW_IN_MESSAGE = "arrow_in_message"
    BAD_CHARACTER = "bad_character"
    BAD_KEYWORD = "bad_keyword"
    MISSING_KEYWORD = "missing_keyword"
    BAD_MOVE = "bad_move"
    BAD_SWITCH = "bad_switch"
    BAD_KILL_MODE = "bad_kill_mode"
    TOO_MANY_LINES = "too_many_lines"
    LONG_SLOGAN = "long_slogan"
    BAD_PHONE = "bad_phone"
    BAD_PERCENT = "bad_percent"

    # --- against what the Clan has now (check) ---------------------------------------------------
    NOT_SUPPORTED = "not_supported"
    OVER_LIMIT = "over_limit"
    NO_CONVOY = "no_convoy"
    OFF_MAP = "off_map"
    SAME_HEX = "same_hex"
    NEW_CONVOY = "new_convoy"
    ILLEGAL_MOVE = "illegal_move"
    NO_MOVES = "no_moves"
    AIR_OVER_WATER = "air_over_water"
    NO_CITY = "no_city"
    NOT_OWNER = "not_owner"
    ALREADY_BUILT = "already_built"
    NOT_OWNED = "not_owned"
    WRONG_TYPE = "wrong_type"
    NOT_ENOUGH = "not_enough"
    CANNOT_BUILD = "cannot_build"
    CANNOT_GAMBLE = "cannot_gamble"
    CANNOT_FISH = "cannot_fish"
    CANNOT_PAVE = "cannot_pave"
    CANNOT_CREATE = "cannot_create"
    CANNOT_HIRE = "cannot_hire"
    CANNOT_FORTIFY = "cannot_fortify"
    CANNOT_CONVERT = "cannot_convert"
    CANNOT_SPLIT = "cannot_split"
    CANNOT_ABSORB = "cannot_absorb"
    CANNOT_BOMB = "cannot_bomb"
    CANNOT_SABOTAGE = "cannot_sabotage"
    TOO_LATE = "too_late"
    DIP_SELF = "dip_self"
    DIP_UNKNOWN_CLAN = "dip_unknown_clan"
    DIP_OFF_MAP = "dip_off_map"
    DIP_TOO_MANY = "dip_too_many"
    DIP_TOO_MANY_ALL = "dip_too_many_all"
    CANNOT_TREATY = "cannot_treaty"
    TREATY_WORDS = "treaty_words"
    TOO_EARLY = "too_early"
    OWN_CLAN = "own_clan"
    NO_CLAN = "no_clan"

    # --- notices: the line runs as written --------------------------------------------------------
    ATTACKS_HEX = "attacks_hex"
    MEETS_CONVOY = "meets_convoy"
    FORECAST = "forecast"
    FORECAST_NO_TROOPS = "forecast_no_troops"
    FORECAST_GONE = "forecast_gone"


PROBLEM_CODES: frozenset[str] = frozenset(code.value for code in ProblemCode)
"""Every value of `ProblemCode`, for checks of a code read from outside (a save)."""

SAID_BY_REASON: tuple[ProblemCode, ...] = (
    ProblemCode.ILLEGAL_MOVE, ProblemCode.WRONG_TYPE, ProblemCode.NOT_ENOUGH,
    ProblemCode.CANNOT_BUILD, ProblemCode.CANNOT_GAMBLE, ProblemCode.CANNOT_FISH,
    ProblemCode.CANNOT_PAVE, ProblemCode.CANNOT_CREATE, ProblemCode.CANNOT_HIRE,
    ProblemCode.CANNOT_FORTIFY, ProblemCode.CANNOT_CONVERT, ProblemCode.CANNOT_SPLIT,
    ProblemCode.CANNOT_ABSORB, ProblemCode.TOO_LATE)
"""The codes whose sentence is their `reason` fact's (the facts each reason needs: facts'
`BY_REASON`; its words: sentences' `REASONS`)."""
SAID_AS_DIPLOMACY: tuple[ProblemCode, ...] = (
    ProblemCode.DIP_SELF, ProblemCode.DIP_UNKNOWN_CLAN, ProblemCode.DIP_OFF_MAP,
    ProblemCode.DIP_TOO_MANY, ProblemCode.DIP_TOO_MANY_ALL)
"""The codes of a diplomacy order refused, said as the event of an alliance refused is."""
