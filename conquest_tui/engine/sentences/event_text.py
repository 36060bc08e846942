"""An event or resolve problem as the sentence its Clan reads, rendered from its kind and facts."""

from __future__ import annotations

from collections.abc import Mapping

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.core.problems import RESOLVE, ProblemCode
from conquest_tui.engine.core.state import Event, Problem
from conquest_tui.engine.sentences import (
    city_war_sentences,  # city war (helper "city-war")
    convoy_war_sentences,  # convoy battles, PATROL, HUNT, KILL MODE (helper "convoy-war")
    diplomacy_sentences,  # ALLY, BAN, MESSAGE, BROADCAST; house rules treaties and revolt
    espionage_sentences,  # agents sent to hexes, ESPIONAGE (helper "espionage")
    order_sentences,
    plague_sentences,  # the Plague (helper "plague")
    problem_sentences,  # parse and check problems, notices
    radio_sentences,  # the radio's news (helper "paper")
    spies_sentences,  # PLANT, SABOTAGE, counterspies (helper "spies")
    strike_sentences,  # hex attacks told as battles, BOMB, RAZE (helper "strike")
    turn_sentences,
)

Sentence = turn_sentences.Sentence


def _merged(*tables: Mapping[EventKind, Sentence]) -> dict[EventKind, Sentence]:
    """One table of sentences; a kind with sentences by "why" in several tables gets them all."""
    out: dict[EventKind, Sentence] = {}
    for table in tables:
        for kind, sentence in table.items():
            known = out.get(kind)
            if isinstance(known, Mapping) and isinstance(sentence, Mapping):
                sentence = {**known, **sentence}
            out[kind] = sentence
    return out


SENTENCES: dict[EventKind, Sentence] = _merged(turn_sentences.OWN, order_sentences.OWN,
                                             plague_sentences.OWN, city_war_sentences.OWN,
                                             strike_sentences.OWN, convoy_war_sentences.OWN,
                                             diplomacy_sentences.OWN,
                                             spies_sentences.OWN, espionage_sentences.OWN,
                                             radio_sentences.OWN)
"""The sentence of each kind, as the Clan it happened to reads it."""

TOLD: dict[EventKind, Sentence] = _merged(turn_sentences.TOLD, order_sentences.TOLD,
                                         plague_sentences.TOLD, city_war_sentences.TOLD,
                                         strike_sentences.TOLD, convoy_war_sentences.TOLD,
                                         diplomacy_sentences.TOLD,
                                         spies_sentences.TOLD, espionage_sentences.TOLD)
"""The sentence of each kind another Clan's turn brought about, as the Clan told of it reads it."""


def render(kind: EventKind, facts: Mapping[str, Fact], *, told: bool = False) -> str:
    """The sentence of one kind with these facts (told: as read by a Clan it was done to).

    A kind with only one form is read in it either way (a damaged save may give any event an
    actor); its facts are those `core.events.needs_of` declares, checked when a save loads.
    """
    first, second = (TOLD, SENTENCES) if told else (SENTENCES, TOLD)
    sentence = first.get(kind) or second[kind]
    if isinstance(sentence, Mapping):
        sentence = sentence[str(facts["why"])]
    text = sentence.format_map(facts) if isinstance(sentence, str) else sentence(facts)
    return text + overflow_text(facts)


def overflow_text(facts: Mapping[str, Fact]) -> str:
    """What a step that left a convoy less room lost of its goods (the `overflow` fact of SELL,
    GIVE, SPLIT, ABSORB, SCRAPPED, a vehicle deserting, a mode switch), or ""."""
    lost = facts.get("overflow", 0)
    if not lost:
        return ""
    if lost == 1:
        return " 1 unit of goods no longer fit and was lost."
    return f" {lost:,} units of goods no longer fit and were lost."


def event_text(event: Event) -> str:
    """The sentence the event's Clan reads (the told form when another Clan's turn caused it)."""
    facts = {"convoy": event.convoy, "actor": event.actor, **event.facts}
    return render(event.kind, facts, told=event.actor not in (0, event.clan))


def problem_text(problem: Problem) -> str:
    """What went wrong on a line, rendered from the problem's code and facts: a resolve problem
    as the event of its kind, a parse or check problem or a notice by its code
    (`problem_sentences`)."""
    if problem.level == RESOLVE:
        return render(EventKind(problem.code), problem.facts)
    code = ProblemCode(problem.code)
    kind = problem_sentences.AS_EVENT.get(code)
    if kind is not None:
        return render(kind, problem.facts)
    if code is ProblemCode.FORECAST:
        return _forecast_warning(problem.facts)
    return problem_sentences.sentence(code, problem.facts)


FORECAST_PHASES: dict[str, str] = {
    "income": "at income", "pre": "in the pre-turn orders", "pickup": "at the pre-turn pickup",
    "post": "in the post-turn orders", "maintenance": "at maintenance",
    "close": "at the turn's end",
}
"""When in the turn a forecast failure happens, in words (a pulse reads "at pulse 4")."""


def forecast_failure(problem: Problem, pulse: int, phase: str) -> str:
    """"forecast: will fail at pulse 4: …the turn's own reason…", the reason worded as the
    turn would word the failed problem."""
    when = f"at pulse {pulse}" if pulse else FORECAST_PHASES.get(phase, "this turn")
    return f"forecast: will fail {when}: {problem_text(problem)}"


def _forecast_warning(facts: Mapping[str, Fact]) -> str:
    """A forecast notice's sentence: its facts are the failed problem's, its code and when."""
    rest = {name: value for name, value in facts.items()
            if name not in ("failed", "at_pulse", "at_phase")}
    failed = Problem(0, str(facts["failed"]), RESOLVE, rest)
    return forecast_failure(failed, problem_sentences.whole(facts["at_pulse"]),
                            str(facts["at_phase"]))


def problem_line(problem: Problem) -> str:
    """The problem with its line number, as the report lists it."""
    text = problem_text(problem)
    return f"line {problem.line}: {text}" if problem.line else text
