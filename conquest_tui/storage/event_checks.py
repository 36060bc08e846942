"""Every saved event, resolve problem and radio broadcast holds the facts its kind needs.

Checked on every load, whatever the checksum says (a checksum is no secret: a forged one
vouches for nothing), against the one declaration of what each kind's sentences read,
`engine/facts/event_needs.NEEDS` (`needs_of`, `unmet`), in two steps:
* `prepare_saved_events`, on the data as read (after migrating, before structuring): every
  Clan's events together, a kind at a time, one fact across all of them at once (in C:
  `itemgetter`, `map(type, …)`, sets), the lists of the facts that are tuples turned into
  tuples as they are checked (so the structuring hook has no list left to walk);
* `check_saved_events`, on the structured state: the problems and broadcasts (few), the
  inboxes built on load (a load does not prepare them: storage/saved_events keeps them as read)
  and, only when the first step did not vouch for every event, the events one by one, to name
  the first bad field: "state.clans[1].last_turn.events[3].facts.cost: missing";
* `check_events`, on an edited save only (its checksum does not match): every event, problem
  and broadcast is worded by the sentences themselves.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from functools import cache
from itertools import chain, compress, repeat
from operator import contains, itemgetter
from typing import Any

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.problems import RESOLVE
from conquest_tui.engine.core.state import Broadcast, Event, GameState, Problem
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.facts.event_needs import NEEDS, needs_of
from conquest_tui.engine.facts.fact_checks import (
    ALWAYS_OPTIONAL,
    EVENT_FIELDS,
    unmet,
)
from conquest_tui.engine.facts.problem_needs import problem_needs, problem_unmet
from conquest_tui.engine.facts.shapes import (
    FactType,
    Needs,
    Row,
    Seq,
    Words,
)
from conquest_tui.storage.hooks import BadValue, Made
from conquest_tui.storage.hooks_facts import convert_lists
from conquest_tui.storage.save_checks import SaveCheckError

_KINDS: dict[str, EventKind] = {kind.value: kind for kind in EventKind}
_FACT_OR_LIST = frozenset({int, str, list})
_INT, _STR, _LIST, _TUPLE, _DICT = (frozenset({t}) for t in (int, str, list, tuple, dict))
_NONE = type(None)


def check_saved_events(state: GameState, *, events_hold: bool = False,
                       last_turns: bool = True) -> None:
    """Raise SaveCheckError naming the first saved event, problem or broadcast whose facts do
    not hold to what its kind needs (a missing fact, a fact of the wrong type, an unknown case).

    `events_hold`: `prepare_saved_events` found that every event holds (they are not walked);
    the inboxes built are walked anyway (a load does not prepare them: it keeps them as read).
    `last_turns`: the last turns' events too (a load leaves them to their first use:
    storage/saved_events).
    """
    for c, clan in enumerate(state.clans):
        inbox = clan.kept_inbox()
        if isinstance(inbox, list) and inbox:  # an unread inbox is checked when first used
            name_the_first(inbox, f"state.clans[{c}].inbox")
    if not events_hold:
        for c, clan in enumerate(state.clans):
            mail = clan.kept_mail()
            if isinstance(mail, list):  # an unread mail is checked when first used
                name_the_first(mail, f"state.clans[{c}].mail")
            if last_turns:
                name_the_first(clan.last_turn.events, f"state.clans[{c}].last_turn.events")
    for c, clan in enumerate(state.clans):
        _check_problems(clan.last_turn.problems, f"state.clans[{c}].last_turn.problems")
    _check_broadcasts(state.broadcasts)


def name_the_first(events: Sequence[Event], base: str) -> None:
    """Raise SaveCheckError naming the first of the events whose facts do not hold."""
    for index, event in enumerate(events):
        told = event.actor != 0 and event.actor != event.clan
        problem = unmet(needs_of(event.kind, told=told), event.facts,
                        given={"convoy": event.convoy, "actor": event.actor})
        if problem is not None:
            _refuse(f"{base}[{index}].facts", problem, event.facts)


def _refuse(where: str, problem: tuple[str, str], found: Mapping[str, Any]) -> None:
    name, reason = problem
    if reason.startswith("expected") and name in found:
        reason += f", got {_shown(found[name])}"
    raise SaveCheckError(f"{where}.{name}", reason)


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "…"


# --- before structuring: every Clan's events, a kind at a time -----------------------------------


def prepare_saved_events(state: Any, *, last_turns: bool = True, inboxes: bool = True) -> bool:
    """Whether every event of the state's data (migrated, not yet structured) holds to what its
    kind needs; the facts that are tuples become tuples on the way (in place: the data is the
    load's own). False, and nothing vouched for, when any table is not laid out as events are
    (structuring then names it) or any event falls short (`check_saved_events` names it).
    `inboxes`: the Clans' inboxes too (a load leaves them to their first use, like the last
    turns': storage/saved_events)."""
    tables = _event_tables(state, last_turns=last_turns, inboxes=inboxes)
    if tables is None:
        return False
    if not tables:
        return True
    kinds = list(chain.from_iterable(table["kind"] for table in tables))
    rows = list(chain.from_iterable(table["facts"] for table in tables))
    clans = list(chain.from_iterable(table["clan"] for table in tables))
    actors = list(chain.from_iterable(table.get("actor") or repeat(0, len(table["kind"]))
                                      for table in tables))
    try:
        if not (len(kinds) == len(rows) == len(clans) == len(actors)
                and set(kinds) <= _KINDS.keys() and set(map(type, rows)) <= _DICT):
            return False
    except TypeError:  # a kind that is a list or an object: structuring names it
        return False
    told = [i for i in compress(range(len(kinds)), actors) if actors[i] != clans[i]]
    groups: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    for i in told:
        groups.setdefault((kinds[i], True), []).append(rows[i])
    pairs: Iterable[tuple[str, dict[str, Any]]] = zip(kinds, rows, strict=True)
    if told:
        own = [True] * len(kinds)
        for i in told:
            own[i] = False
        pairs = compress(pairs, own)
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for kind, row in pairs:
        by_kind[kind].append(row)
    groups.update(((kind, False), found) for kind, found in by_kind.items())
    if not all(_compiled(_KINDS[kind], is_told)(found)
               for (kind, is_told), found in groups.items()):
        return False
    for table in tables:  # vouched for: the hooks take these columns as they are
        table["kind"] = Made(map(_KINDS.__getitem__, table["kind"]))
        table["facts"] = Made(table["facts"])
    return True


def _event_tables(state: Any, *, last_turns: bool,
                  inboxes: bool = True) -> list[dict[str, Any]] | None:
    """Each Clan's inbox, mail and (`last_turns`) last turn's events, tables as saved (one list
    per field; a table kept as its JSON text is left to its first use: storage/saved_events);
    None when the data is not laid out so."""
    if state.__class__ is not dict or state.get("clans", []).__class__ is not list:
        return None
    tables = []
    for clan in state.get("clans", []):
        if clan.__class__ is not dict:
            return None
        last = clan.get("last_turn", {})
        if last.__class__ is not dict:
            return None
        found = (clan.get("inbox", {}) if inboxes else {}, clan.get("mail", {}),
                 last.get("events", {}) if last_turns else {})
        for table in found:
            if table.__class__ is str:
                continue  # a table kept as its JSON text: checked when first used
            if table.__class__ is not dict:
                return None
            if not table:
                continue
            columns = (table.get("kind"), table.get("facts"), table.get("clan"),
                       table.get("actor", []))
            if not set(map(type, columns)) <= _LIST:
                return None
            tables.append(table)
    return tables


Check = Callable[[list[dict[str, Any]], Set[str]], bool]
"""Whether every one of a list of fact dicts holds to a kind's needs (as read: lists, not
tuples), given the facts any of them has; a fact that is a tuple is made one in each dict once
its whole column holds."""


@cache
def _compiled(kind: EventKind, told: bool, given: frozenset[str] = frozenset(EVENT_FIELDS)
              ) -> Callable[[list[dict[str, Any]]], bool]:
    """Whether every one of a list of fact dicts holds to what an event of `kind` needs, all at
    once; `given`: the facts the event's own fields give when the dicts lack them (none for a
    broadcast, heard as a RADIO event)."""
    needs = needs_of(kind, told=told)
    check, known = _compile(needs, given), _names(needs) | ALWAYS_OPTIONAL.keys()
    flat = not (needs.key or needs.present or needs.absent or needs.optional)
    exactly = frozenset(name for name in needs.needed if name not in given)
    count = {len(exactly)}

    def check_all(rows: list[dict[str, Any]]) -> bool:
        if flat and set(map(len, rows)) == count:
            keys: Set[str] = exactly  # every needed fact is there (checked next), nothing else
        else:
            keys = set(chain.from_iterable(rows))
        if not check(rows, keys):
            return False
        return all(_made(list(compress(rows, map(contains, rows, repeat(name)))), name,
                         _ANY_FACT) for name in keys - known)

    return check_all


def _names(needs: Needs) -> set[str]:
    """Every fact a declaration names, in any of its cases."""
    found = {*needs.needed, *needs.optional, *([needs.key] if needs.key else [])}
    for more in (*needs.present.values(), *needs.absent.values(), *needs.cases.values(),
                 *([needs.otherwise] if needs.otherwise else [])):
        found |= _names(more)
    return found


def _any_fact(values: list[Any]) -> bool:
    return set(map(type, values)) <= _FACT_OR_LIST


def _make_any(values: list[Any]) -> Iterable[Any]:
    """Facts no declaration names (the books' amounts, dice rolls): made as structuring would."""
    lists = [value for value in values if value.__class__ is list]
    if not lists:
        return values
    convert = convert_lists(lists)
    return [convert(value) if value.__class__ is list else value for value in values]


def _compile(needs: Needs, given: frozenset[str] = frozenset(EVENT_FIELDS)) -> Check:
    """The needs as one check over a list of fact dicts (and the facts any of them has), each
    fact across all dicts at once; an event's own fields give the facts `given`."""
    plain = [(name, expected) for name, expected in needs.needed.items()
             if (expected is int or expected is str or isinstance(expected, Words))
             and name not in given]
    getter = itemgetter(*(name for name, _ in plain)) if plain else None
    types = tuple(str if isinstance(expected, Words) else expected for _, expected in plain)
    column_types = tuple(frozenset({kind}) for kind in types)
    one = len(plain) == 1
    words = [(i, expected.words) for i, (_, expected) in enumerate(plain)
             if isinstance(expected, Words)]
    shaped = [(name, _raw_shape(expected)) for name, expected in needs.needed.items()
              if not isinstance(expected, Words) and expected not in (int, str)
              and name not in given]
    optional = {**needs.optional, **ALWAYS_OPTIONAL,
                **{name: kind for name, kind in needs.needed.items() if name in given}}
    maybe = [(name, _raw_shape(expected)) for name, expected in optional.items()]
    present = [(name, _compile(more, given)) for name, more in needs.present.items()]
    absent = [(name, _compile(more, given)) for name, more in needs.absent.items()]
    key = needs.key
    cases = {value: _compile(case, given) for value, case in needs.cases.items()}
    otherwise = None if needs.otherwise is None else _compile(needs.otherwise, given)

    def check(rows: list[dict[str, Any]], keys: Set[str]) -> bool:
        try:
            if getter is not None:
                values = list(map(getter, rows))
                if one:
                    if not set(map(type, values)) <= {types[0]}:
                        return False
                    if words and not set(values) <= words[0][1]:
                        return False
                else:  # each fact's column, of its one class (in C: no tuple made a row)
                    if not all(map(frozenset.issuperset, column_types,
                                   map(map, repeat(type), zip(*values, strict=True)))):
                        return False
                    for index, allowed in words:
                        if not set(map(itemgetter(index), values)) <= allowed:
                            return False
            for name, shape in shaped:
                if not _made(rows, name, shape):
                    return False
        except KeyError:
            return False
        for name, shape in maybe:
            if name in keys and not _made(
                    list(compress(rows, map(contains, rows, repeat(name)))), name, shape):
                return False
        for name, inner in present:
            if name in keys and not inner(
                    list(compress(rows, map(contains, rows, repeat(name)))), keys):
                return False
        for name, inner in absent:
            subset = [row for row in rows if name not in row] if name in keys else rows
            if subset and not inner(subset, keys):
                return False
        if key:
            return _cases_hold(rows, keys, key, cases, otherwise)
        return True

    return check


def _cases_hold(rows: list[dict[str, Any]], keys: Set[str], key: str,
                cases: Mapping[str, Check], otherwise: Check | None) -> bool:
    values: list[Any] = list(map(dict.get, rows, repeat(key)))
    if not set(map(type, values)) <= _STR:
        return False
    if len(set(values)) == 1:
        inner = cases.get(values[0], otherwise)
        return inner is not None and inner(rows, keys)
    by_case: dict[str, list[dict[str, Any]]] = {}
    for row, value in zip(rows, values, strict=True):
        by_case.setdefault(value, []).append(row)
    for value, subset in by_case.items():
        inner = cases.get(value, otherwise)
        if inner is None or not inner(subset, keys):
            return False
    return True


Shape = tuple[Callable[[list[Any]], bool], Callable[[list[Any]], Iterable[Any]] | None]
"""How a fact is checked across a column of it as read, and, for a tuple, made one."""


def _made(rows: list[dict[str, Any]], name: str, shape: Shape) -> bool:
    """Whether the `name` fact of every dict holds to its shape; if a tuple, made one in each."""
    holds, make = shape
    values = list(map(itemgetter(name), rows))
    if not holds(values):
        return False
    if make is not None:
        try:
            made = list(make(values))
        except BadValue:
            return False
        any(map(dict.__setitem__, rows, repeat(name), made))  # in C: sets each dict's fact
    return True


_ANY_FACT: Shape = (_any_fact, _make_any)


def _raw_shape(expected: FactType) -> Shape:
    """The check of a fact's column as read (a tuple is a list there) and how to make it."""
    if expected is int or expected is str:
        allowed = frozenset({expected})
        return (lambda values: set(map(type, values)) <= allowed), None
    if isinstance(expected, Words):
        words = expected.words
        return (lambda values: set(map(type, values)) <= _STR and set(values) <= words), None
    flat = _flat(expected)
    if flat is not None:
        return flat
    after = _column_check(expected)

    def generic(values: list[Any]) -> bool:  # nested deeper: made, then checked as tuples
        return set(map(type, values)) <= _LIST

    def make(values: list[Any]) -> list[Any]:
        made = list(map(convert_lists(values), values))
        if not after(made):
            raise BadValue("does not fit")
        return made

    return generic, make


def _flat(expected: FactType) -> Shape | None:
    """Lists of scalars, of rows of scalars, or a row of scalars: checked and made in C."""
    scalar = (int, str)
    if isinstance(expected, Seq) and expected.of in scalar:
        allowed = frozenset({expected.of})
        return (lambda values: set(map(type, values)) <= _LIST and set(
            map(type, chain.from_iterable(values))) <= allowed), _tuples
    row_of = expected.of if isinstance(expected, Seq) else None
    if isinstance(row_of, Row) and all(kind in scalar for kind in row_of.of):
        check_rows = _rows_check(row_of)
        return (lambda values: set(map(type, values)) <= _LIST and check_rows(
            list(chain.from_iterable(values)))), _tuples_of_tuples
    if isinstance(expected, Row) and all(kind in scalar for kind in expected.of):
        return _rows_check(expected), _tuples
    return None


def _rows_check(expected: Row) -> Callable[[list[Any]], bool]:
    getters = [(itemgetter(i), frozenset({kind})) for i, kind in enumerate(expected.of)]
    size = {len(expected.of)}

    def holds(values: list[Any]) -> bool:
        if not set(map(type, values)) <= _LIST or not set(map(len, values)) <= size:
            return False
        return all(set(map(type, map(getter, values))) <= allowed for getter, allowed in getters)

    return holds


def _tuples(values: list[Any]) -> Iterable[Any]:
    return map(tuple, values)


def _tuples_of_tuples(values: list[Any]) -> Iterable[Any]:
    return map(tuple, map(map, repeat(tuple), values))


def _column_check(expected: FactType) -> Callable[[list[Any]], bool]:
    """Whether every value of a column (facts already tuples) is of the expected type."""
    if isinstance(expected, type):
        allowed = frozenset({expected})
        return lambda values: set(map(type, values)) <= allowed
    if isinstance(expected, Words):
        words = expected.words
        return lambda values: set(map(type, values)) <= _STR and set(values) <= words
    if isinstance(expected, Seq):
        inner = _column_check(expected.of)
        return lambda values: set(map(type, values)) <= _TUPLE and inner(
            list(chain.from_iterable(values)))
    items = [(itemgetter(i), _column_check(kind)) for i, kind in enumerate(expected.of)]
    size = {len(expected.of)}

    def rows_hold(values: list[Any]) -> bool:
        if not set(map(type, values)) <= _TUPLE or not set(map(len, values)) <= size:
            return False
        return all(holds(list(map(getter, values))) for getter, holds in items)

    return rows_hold


# --- problems and broadcasts: few, checked one by one ------------------------------------------


def _check_problems(problems: Iterable[Problem], base: str) -> None:
    """Every problem is a code of its level and the facts its sentence needs: a resolve problem
    an event kind, worded like that event; a parse or check problem or a notice a problem code
    (`engine/facts/problem_needs.py`)."""
    for index, problem in enumerate(problems):
        code = problem.code
        if code.__class__ is not str or problem_needs(code, problem.level) is None:
            which = "a kind of event" if problem.level == RESOLVE else "a problem code"
            raise SaveCheckError(f"{base}[{index}].code", f"{_shown(code)} is not {which}")
        found = problem_unmet(code, problem.level, problem.facts)
        if found is not None:
            _refuse(f"{base}[{index}].facts", found, problem.facts)


def _check_broadcasts(broadcasts: Sequence[Broadcast]) -> None:
    """A pending broadcast is heard as a RADIO event: its facts are what its kind's news needs
    (all at once, a kind of news at a time; one by one only to name the first that is not)."""
    heard = [{**item.facts, "listener": "", "heard": item.kind.value, "hex": item.hex,
              "turn": item.game_turn} for item in broadcasts]
    if not heard or _compiled(EventKind.RADIO, False, frozenset())(heard):
        return
    for index, item in enumerate(broadcasts):
        found = unmet(NEEDS[EventKind.RADIO], {
            **item.facts, "listener": "", "heard": item.kind.value, "hex": item.hex,
            "turn": item.game_turn})
        if found is None:
            continue
        if found[0] == "heard":
            raise SaveCheckError(f"state.broadcasts[{index}].kind",
                                 f"{_shown(item.kind.value)} is not news the radio gives")
        _refuse(f"state.broadcasts[{index}].facts", found, item.facts)


# --- an edited save: every event, problem and broadcast worded ---------------------------------


def check_events(state: GameState, render: Callable[[Event], str],
                 word: Callable[[Problem], str]) -> None:
    """Every saved event and problem can be worded (their facts are what their kind needs)."""
    for c, clan in enumerate(state.clans):
        for base, events in ((f"state.clans[{c}].inbox", clan.inbox),
                             (f"state.clans[{c}].mail", clan.mail),
                             (f"state.clans[{c}].last_turn.events", clan.last_turn.events)):
            for index, event in enumerate(events):
                _worded(render, event, f"{base}.facts[{index}]",
                        f"the kind {_shown(event.kind.value)}")
        for index, problem in enumerate(clan.last_turn.problems):
            _worded(word, problem, f"state.clans[{c}].last_turn.problems.facts[{index}]",
                    f"the code {_shown(problem.code)}")
    for index, item in enumerate(state.broadcasts):
        # heard as the news a Clan will hear (CC-CITY-63)
        heard = Event(clan=0, phase=TurnPhase.CLOSE, kind=EventKind.RADIO,
                      facts={**item.facts, "listener": "", "heard": item.kind.value,
                             "hex": item.hex, "turn": item.game_turn,
                             "clans": tuple(item.clans)})
        _worded(render, heard, f"state.broadcasts.facts[{index}]",
                f"the kind {_shown(item.kind.value)}")


def _worded(word: Callable[[Any], str], record: Any, where: str, kind: str) -> None:
    """Word the record; if that fails its facts do not fit `kind` ("the kind ...", "the code
    ..."), refused at `where`."""
    try:
        word(record)
    except Exception:  # noqa: BLE001 — any failure to word it means the facts are wrong
        raise SaveCheckError(where, f"the facts do not fit {kind}") from None
