"""Checking facts against what their kind needs: the first that does not hold, and why, in words."""

from __future__ import annotations

from collections.abc import Mapping

from conquest_tui.engine.facts.shapes import FactType, Needs, Row, Seq, Words

EVENT_FIELDS: Mapping[str, FactType] = {"convoy": int, "actor": int}
"""Facts an event's own fields give its sentence (engine/sentences/event_text): a saved event
need not carry them; a resolve problem, worded from its facts alone, must."""

ALWAYS_OPTIONAL: Mapping[str, FactType] = {**EVENT_FIELDS, "overflow": int}
"""Facts any event may carry (`overflow`: goods lost when a convoy lost room)."""


def fits(expected: FactType, value: object) -> bool:
    """Whether a fact is of the expected type (a bool is not a number)."""
    if isinstance(expected, type):
        return value.__class__ is expected or (expected is tuple and value.__class__ is tuple)
    if isinstance(expected, Words):
        return value.__class__ is str and value in expected.words
    if value.__class__ is not tuple:
        return False
    if isinstance(expected, Seq):
        return all(fits(expected.of, item) for item in value)
    return len(value) == len(expected.of) and all(
        fits(kind, item) for kind, item in zip(expected.of, value, strict=False))


def describe_type(expected: FactType) -> str:
    """How an error names a fact's expected type."""
    if expected is int:
        return "a whole number"
    if expected is str:
        return "a text"
    if isinstance(expected, type):
        return "a list"
    if isinstance(expected, Words):
        return "one of " + ", ".join(repr(word) for word in sorted(expected.words))
    if isinstance(expected, Seq):
        return f"a list of {_items(expected.of)}"
    return f"a list of {len(expected.of)}: " + ", ".join(describe_type(t) for t in expected.of)


def _items(expected: FactType) -> str:
    if expected is int:
        return "whole numbers"
    if expected is str:
        return "texts"
    if isinstance(expected, Row):
        return f"lists of {len(expected.of)} (" + ", ".join(describe_type(t)
                                                           for t in expected.of) + ")"
    return "such items"


def unmet(needs: Needs, found: Mapping[str, object], *,
          given: Mapping[str, object] | None = None) -> tuple[str, str] | None:
    """The first fact of `found` that does not hold to `needs`: (its name, the reason), or None.

    `given`: facts the event's own fields give when `found` lacks them (`EVENT_FIELDS`).
    """
    for name, expected in needs.needed.items():
        if name in found:
            value = found[name]
        elif given is not None and name in given:
            value = given[name]
        else:
            return name, "missing"
        if not fits(expected, value):
            return name, f"expected {describe_type(expected)}"
    for table in (needs.optional, ALWAYS_OPTIONAL):
        for name, expected in table.items():
            if name in found and not fits(expected, found[name]):
                return name, f"expected {describe_type(expected)}"
    for name, more in needs.present.items():
        if name in found:
            problem = unmet(more, found, given=given)
            if problem is not None:
                return problem
    for name, more in needs.absent.items():
        if name not in found:
            problem = unmet(more, found, given=given)
            if problem is not None:
                return problem
    if needs.key:
        value = found.get(needs.key)
        if value.__class__ is not str:
            if needs.key not in found:
                return (needs.key, "missing")
            return needs.key, "expected a text"
        case = needs.cases.get(value)
        if case is None:
            case = needs.otherwise
        if case is None:
            known = ", ".join(repr(word) for word in sorted(needs.cases))
            return needs.key, f"{value!r} is not one of {known}"
        return unmet(case, found, given=given)
    return None
