"""The facts each event kind needs (`facts/event_needs.NEEDS`) are what its sentences read.

Two halves prove the declaration: every kind, in every case it declares, renders from only its
declared facts (whatever their values, for the types declared); and every event and resolve
problem of seeded bot games carries what its kind declares (so the emitters give it).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conquest_tui import session
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event, Problem
from conquest_tui.engine.facts.event_needs import (
    NEEDS,
    REASON_FACTS,
    TOLD_NEEDS,
    needs_of,
)
from conquest_tui.engine.facts.fact_checks import (
    ALWAYS_OPTIONAL,
    EVENT_FIELDS,
    unmet,
)
from conquest_tui.engine.facts.problem_needs import problem_unmet
from conquest_tui.engine.facts.shapes import (
    FactType,
    Needs,
    Row,
    Seq,
    Words,
)
from conquest_tui.engine.paper import battle_rounds, paper_news
from conquest_tui.engine.reports import turn_log
from conquest_tui.engine.sentences.event_text import SENTENCES, TOLD, event_text, problem_text
from conquest_tui.engine.sentences.reason_sentences import REASONS
from conquest_tui.storage.savefile import SaveError, game_to_text, load_game
from tools.damage_saves import close_event_tables, forged_text, open_event_tables

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
                assert isinstance(problem_text(Problem(4, kind.value, "resolve",
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
            problem = problem_unmet(item.code, item.level, item.facts)
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


# --- on load: whatever the checksum says ----------------------------------------------------------


def _forged(game: Game, edit: Any, tmp_path: Path) -> Path:
    """The game's save with `edit` made to its data and the checksum recomputed."""
    envelope = json.loads(game_to_text(game))
    edit(open_event_tables(envelope["data"]["state"]))
    close_event_tables(envelope["data"]["state"])  # written back as the game writes them
    path = tmp_path / "forged.json"
    path.write_bytes(forged_text(envelope).encode("utf-8"))
    return path


@pytest.fixture(scope="module")
def played() -> Game:
    return _bot_game("test_small", 3, "facts-load", 2)


def _event_with(state: dict[str, Any], fact: str) -> tuple[int, int]:
    """The clan and index of a saved last-turn event carrying `fact`."""
    for c, clan in enumerate(state["clans"]):
        for i, facts in enumerate(clan["last_turn"]["events"]["facts"]):
            if fact in facts:
                return c, i
    raise AssertionError(f"no saved event has {fact}")


def _opened(path: Path) -> None:
    """Load the save and read every Clan's last turn, as its report and its turn do (a load
    checks the next Clan's events, the others' when first used: storage/saved_events)."""
    game = load_game(path)
    for clan in game.state.clans:
        len(clan.last_turn.events)


@pytest.mark.parametrize("fact", ["cost", "hex", "amounts"])
def test_a_save_with_a_fact_removed_and_its_checksum_forged_is_refused_naming_it(
        played: Game, tmp_path: Path, fact: str) -> None:
    where: list[tuple[int, int]] = []

    def remove(state: dict[str, Any]) -> None:
        c, i = _event_with(state, fact)
        del state["clans"][c]["last_turn"]["events"]["facts"][i][fact]
        where.append((c, i))

    path = _forged(played, remove, tmp_path)
    with pytest.raises(SaveError) as caught:
        _opened(path)
    c, i = where[0]
    assert str(caught.value) == (f"{path}: state.clans[{c}].last_turn.events[{i}].facts.{fact}: "
                                 "missing")


def test_a_fact_of_the_wrong_type_is_refused_with_what_it_holds(
        played: Game, tmp_path: Path) -> None:
    def retype(state: dict[str, Any]) -> None:
        c, i = _event_with(state, "hex")
        state["clans"][c]["last_turn"]["events"]["facts"][i]["hex"] = 307

    with pytest.raises(SaveError, match=r"\.facts\.hex: expected a text, got 307$"):
        _opened(_forged(played, retype, tmp_path))


def test_an_unknown_why_and_a_kind_swapped_are_refused(played: Game, tmp_path: Path) -> None:
    def unknown_why(state: dict[str, Any]) -> None:
        c, i = _event_with(state, "why")
        state["clans"][c]["last_turn"]["events"]["facts"][i]["why"] = "because"

    with pytest.raises(SaveError, match=r"\.facts\.why: 'because' is not one of"):
        _opened(_forged(played, unknown_why, tmp_path))

    def swapped(state: dict[str, Any]) -> None:
        c, i = _event_with(state, "amounts")
        state["clans"][c]["last_turn"]["events"]["kind"][i] = EventKind.SCAN.value

    with pytest.raises(SaveError, match=r"last_turn\.events\[\d+\]\.facts\.\w+: missing"):
        _opened(_forged(played, swapped, tmp_path))


def test_a_resolve_problem_and_a_broadcast_are_checked_too(played: Game, tmp_path: Path) -> None:
    def problem(state: dict[str, Any]) -> None:
        state["clans"][0]["last_turn"]["problems"] = {
            "line": [3], "code": ["no_fuel"], "level": ["resolve"],
            "facts": [{"why": "move", "need": 4}]}

    with pytest.raises(SaveError, match=r"state\.clans\[0\]\.last_turn\.problems\[0\]\.facts"
                                        r"\.(have|convoy): missing"):
        load_game(_forged(played, problem, tmp_path))

    def no_kind(state: dict[str, Any]) -> None:
        state["clans"][0]["last_turn"]["problems"] = {
            "line": [3], "code": ["zz"], "level": ["resolve"], "facts": [{}]}

    with pytest.raises(SaveError, match=r"problems\[0\]\.code: \"zz\" is not a kind of event"):
        load_game(_forged(played, no_kind, tmp_path))

    def broadcast(state: dict[str, Any]) -> None:
        state["broadcasts"] = {"hex": ["0101"], "game_turn": [1], "kind": ["convoy_battle"],
                               "facts": [{"attacker": 1}], "clans": [[]], "heard_by": [[]]}

    with pytest.raises(SaveError, match=r"state\.broadcasts\[0\]\.facts\.defender: missing"):
        load_game(_forged(played, broadcast, tmp_path))

    def bomb_without_its_bomber(state: dict[str, Any]) -> None:
        """A bombing's news names who bombed (`actor`): a broadcast has no field to give it."""
        state["broadcasts"] = {
            "hex": ["0101", "0101"], "game_turn": [1, 1], "kind": ["convoy_battle", "bomb"],
            "facts": [{"attacker": 1, "defender": 2, "hex": "0101"},
                      {"city": "Ardmore", "hex": "0101", "owner": 2}],
            "clans": [[], []], "heard_by": [[], []]}

    with pytest.raises(SaveError, match=r"state\.broadcasts\[1\]\.facts\.actor: missing"):
        load_game(_forged(played, bomb_without_its_bomber, tmp_path))
