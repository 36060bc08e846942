"""The facts each event kind needs (`core/events.NEEDS`) are what its sentences read.

Two halves prove the declaration: every kind, in every case it declares, renders from only its
declared facts (whatever their values, for the types declared); and every event and resolve
problem of seeded bot games carries what its kind declares (so the emitters give it).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from conquest_tui import session
from conquest_tui.engine.core.events import (
    ALWAYS_OPTIONAL,
    EVENT_FIELDS,
    NEEDS,
    REASON_FACTS,
    TOLD_NEEDS,
    EventKind,
    FactType,
    Needs,
    Row,
    Seq,
    Words,
    needs_of,
    unmet,
)
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event, Problem
from conquest_tui.engine.reports import battle_rounds, paper_news, turn_log
from conquest_tui.engine.reports.event_text import SENTENCES, TOLD, event_text, problem_text
from conquest_tui.engine.reports.reason_sentences import REASONS

OTHER = "zz-unknown"
"""A value of a `key` fact that names none of its cases (its `otherwise`)."""


def sample(expected: FactType, variant: int) -> Any:
    """A value of the type: variant 0 is the emptiest (0, "", ()), 1 and 2 fuller ones."""
    if expected is int:
        return variant
    if expected is str:
        return ("", "Axe", "ore")[variant]
    if expected is tuple:
        return ((), ("a",), ("a", "b"))[variant]
    if isinstance(expected, Words):
        ordered = sorted(expected.words)
        return ordered[variant % len(ordered)]
    if isinstance(expected, Seq):
        return tuple(sample(expected.of, variant) for _ in range(variant))
    assert isinstance(expected, Row)
    return tuple(sample(kind, variant) for kind in expected.of)


Flat = tuple[dict[str, FactType], dict[str, FactType], dict[str, str]]
"""One way to meet a declaration: the facts needed and optional (by type), the case facts."""


def flat_cases(needs: Needs) -> Iterator[Flat]:
    """Each way a fact set can meet `needs`: every case of its key (and one for `otherwise`),
    each fact it is told of present and absent, nested cases expanded."""
    names = sorted(set(needs.present) | set(needs.absent))
    keyed: list[tuple[str, Needs | None]] = [("", None)]
    if needs.key:
        keyed = [*needs.cases.items(),
                 *([(OTHER, needs.otherwise)] if needs.otherwise is not None else [])]
    for states in itertools.product((True, False), repeat=len(names)):
        if any(on and name not in needs.present for name, on in zip(names, states, strict=True)):
            continue
        parts = [more for name, on in zip(names, states, strict=True)
                 if (more := (needs.present if on else needs.absent).get(name)) is not None]
        for value, case in keyed:
            subs = [*parts, *([case] if case is not None else [])]
            for combo in itertools.product(*(list(flat_cases(part)) for part in subs)):
                needed: dict[str, FactType] = dict(needs.needed)
                optional: dict[str, FactType] = dict(needs.optional)
                fixed = {needs.key: value} if needs.key else {}
                if needs.key:
                    needed[needs.key] = str
                for more_needed, more_optional, more_fixed in combo:
                    needed.update(more_needed)
                    optional.update(more_optional)
                    fixed.update(more_fixed)
                yield needed, optional, fixed


def fact_sets(needs: Needs) -> Iterator[dict[str, Any]]:
    """Fact dicts holding only what `needs` declares, case by case, in three variants (the
    fuller two with the optional facts too)."""
    seen = set()
    for needed, optional, fixed in flat_cases(needs):
        for variant in (0, 1, 2):
            types = {**needed, **(optional if variant else {})}
            if variant == 2:
                types.update(ALWAYS_OPTIONAL)
            found = {name: sample(kind, variant) for name, kind in types.items()}
            found.update(fixed)
            key = repr(sorted(found.items()))
            if key not in seen:
                seen.add(key)
                yield found


def test_every_kind_and_every_reason_is_declared() -> None:
    assert set(NEEDS) == set(EventKind)
    assert set(REASON_FACTS) == set(REASONS)
    assert set(TOLD_NEEDS) <= set(TOLD)
    assert set(SENTENCES) | set(TOLD) == set(EventKind)
    for kind, sentence in SENTENCES.items():  # kinds worded by "why" declare its cases
        if isinstance(sentence, dict):
            assert NEEDS[kind].key == "why" and set(NEEDS[kind].cases) == set(sentence), kind


@pytest.mark.parametrize("kind", sorted(EventKind, key=str))
def test_a_kind_renders_from_only_its_declared_facts(kind: EventKind) -> None:
    """Own form, told form and as a resolve problem; the event's convoy and actor come from its
    own fields, a problem's from its facts."""
    for told in (False, True):
        count = 0
        for found in fact_sets(needs_of(kind, told=told)):
            assert unmet(needs_of(kind, told=told), found) is None, (kind, found)
            fields = {name: found.pop(name, 0) for name in EVENT_FIELDS}
            actor = 3 if told else 0
            event = Event(1, "pulses", kind, found, convoy=int(fields["convoy"]), actor=actor)
            assert isinstance(event_text(event), str)
            if not told:
                assert isinstance(problem_text(Problem(4, kind.value, "", "resolve",
                                                       {**found, **fields})), str)
            _read_elsewhere(event)
            count += 1
        assert count


def _read_elsewhere(event: Event) -> None:
    """The other readers of facts: the turn log, the paper report's news, battle replays."""
    turn_log.summary([event])
    paper_news.encounter_lines([event])
    paper_news.passage_lines([event])
    paper_news.radio_lines([event])
    if battle_rounds.has_rounds(event):
        battle_rounds.title(event)
        battle_rounds.moments(event)


def _bot_game(map_name: str, clans: int, seed: str, rounds: int) -> Game:
    game = session.new_game(map_name=map_name, clans=clans, bots=clans, seed=seed,
                            level=[("easy", "normal", "hard")[seat % 3] for seat in range(clans)])
    for _ in range(rounds):
        session.play_bots(game)
    return game


def _unmet_in(game: Game) -> list[str]:
    found = []
    for clan in game.state.clans:
        for event in [*clan.inbox, *clan.last_turn.events]:
            told = event.actor not in (0, event.clan)
            problem = unmet(needs_of(event.kind, told=told), event.facts,
                            given={"convoy": event.convoy, "actor": event.actor})
            if problem:
                found.append(f"{event.kind.value}: {problem}")
        for item in clan.last_turn.problems:
            if item.message:
                continue
            problem = unmet(NEEDS[EventKind(item.code)], item.facts)
            if problem:
                found.append(f"problem {item.code}: {problem}")
    return found


@pytest.mark.parametrize(("map_name", "clans", "seed"), [
    ("test_small", 4, "facts-1"), ("british_isles", 6, "facts-2")])
def test_the_events_of_seeded_bot_games_hold_to_their_declaration(
        map_name: str, clans: int, seed: str) -> None:
    game = _bot_game(map_name, clans, seed, 6)
    kinds = set()
    for _ in range(4):
        assert _unmet_in(game) == []
        kinds |= {e.kind for c in game.state.clans for e in (*c.inbox, *c.last_turn.events)}
        session.play_bots(game)
    assert len(kinds) > 25
