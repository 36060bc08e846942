"""The converter's hooks for an event's facts: whole numbers, texts and tuples of them.

JSON lists come back as tuples; a column of facts (a table of events) is checked at once.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, get_args, get_origin

import cattrs

from conquest_tui.storage.hooks import PRIMITIVES, BadValue, Made, describe, expected_kind


def is_fact(t: Any) -> bool:
    """`int | str | tuple[Fact, ...]` (engine/core/events.py `Fact`)."""
    args = get_args(t)
    return (len(args) == 3 and int in args and str in args
            and any(get_origin(arg) is tuple for arg in args))


_FACT_ITEMS = frozenset({int, str})
_SEQUENCES = frozenset({list, tuple})
_DONE = frozenset({int, str, tuple})
_DICT = frozenset({dict})


MAX_FACT_DEPTH = 6
"""Lists in a fact nest at most this deep (the game's deepest, an ESPIONAGE answer's convoys
with their vehicles, are four deep): a damaged save's 1,000-deep list is refused here."""


def _structure_fact(value: Any, _: Any, depth: int = 1) -> Any:
    if value.__class__ in _FACT_ITEMS:
        return value
    if value.__class__ in _SEQUENCES:  # a JSON list; a tuple when read back without JSON
        kinds = set(map(type, value))
        if kinds <= _FACT_ITEMS:
            return tuple(value)
        if kinds <= _SEQUENCES and set(map(type, chain.from_iterable(value))) <= _FACT_ITEMS:
            return tuple(map(tuple, value))  # pairs such as (("troops", 5), ("fuel", 2))
        if depth >= MAX_FACT_DEPTH:
            raise BadValue(f"lists nested more than {MAX_FACT_DEPTH} deep")
        return tuple([_structure_fact(item, None, depth + 1) for item in value])
    raise BadValue(f"expected a whole number, text or a list of them, got {describe(value)}")


def _unstructure_fact(value: Any) -> Any:
    """A fact as it is: tuples are JSON arrays to orjson and json alike (and immutable)."""
    return value


def _structure_facts(value: Any, _: Any) -> dict[str, Any]:
    """An event's facts: most are whole numbers and texts, kept as they are; a tuple is a fact
    already (the engine's, or made by the load's check of events, storage/event_checks)."""
    if value.__class__ is not dict or not set(map(type, value)) <= PRIMITIVES[str]:
        raise expected_kind(dict, value)
    facts = dict(value)
    if not set(map(type, value.values())) <= _DONE:
        for key, item in value.items():
            if item.__class__ is not int and item.__class__ is not str \
                    and item.__class__ is not tuple:
                facts[key] = _structure_fact(item, None)
    return facts


def _is_facts_column(t: Any) -> bool:
    return get_origin(t) is list and _is_facts(get_args(t)[0])


def _structure_facts_column(value: Any, t: Any) -> list[dict[str, Any]]:
    """The facts of a table of events at once: the checks run over the whole column in C, and
    only the facts holding lists are visited one by one."""
    if value.__class__ is not list:
        if value.__class__ is Made:
            return value  # checked and made by the load's check of events
        raise expected_kind(list, value)
    if not set(map(type, value)) <= _DICT:
        return [_structure_facts(item, None) for item in value]  # names the bad one
    column = list(map(dict, value))
    keys = set(map(type, chain.from_iterable(column)))
    values = set(map(type, chain.from_iterable(map(dict.values, column))))
    if not keys <= PRIMITIVES[str] or not values <= _FACT_ITEMS | _SEQUENCES:
        return [_structure_facts(item, None) for item in value]
    if values <= _DONE:  # tuples are facts already (see `_structure_facts`)
        return column
    lists = [(facts, key, item) for facts in column for key, item in facts.items()
             if item.__class__ is list]
    convert = convert_lists([item for _, _, item in lists])
    for facts, key, item in lists:
        facts[key] = convert(item)
    return column


def convert_lists(items: list[Any]) -> Any:
    """How to turn a column's list facts into tuples: all at once when they are all flat or
    all pairs (the usual cases), else one by one (BadValue for what is no fact)."""
    inner = set(map(type, chain.from_iterable(items)))
    if inner <= _FACT_ITEMS:
        return tuple
    if inner <= _SEQUENCES and set(map(
            type, chain.from_iterable(chain.from_iterable(items)))) <= _FACT_ITEMS:
        return _pairs
    return _each_fact


def _pairs(item: Any) -> tuple[tuple[Any, ...], ...]:
    return tuple(map(tuple, item))


def _each_fact(item: Any) -> Any:
    return _structure_fact(item, None)


_unstructure_facts = dict
"""A fresh dict of the same facts (see `_unstructure_fact`)."""


def _is_facts(t: Any) -> bool:
    return get_origin(t) is dict and get_args(t)[0] is str and is_fact(get_args(t)[1])



def register(converter: cattrs.Converter) -> None:
    """Register the facts hooks (after `hooks.register`, so that they win)."""
    converter.register_structure_hook_func(is_fact, _structure_fact)
    converter.register_unstructure_hook_func(is_fact, _unstructure_fact)
    if not converter.detailed_validation:  # the detailed pass names a bad fact by its key
        converter.register_structure_hook_func(_is_facts, _structure_facts)
        converter.register_structure_hook_func(_is_facts_column, _structure_facts_column)
    converter.register_unstructure_hook_func(_is_facts, _unstructure_facts)
