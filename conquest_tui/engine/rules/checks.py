"""attrs validators for the rules and map records; a failure names its field and the reason."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar

import attrs

T = TypeVar("T")

Validator: TypeAlias = Callable[[Any, "attrs.Attribute[Any]", T], None]
"""An attrs validator of a field holding a T: (the record, the field, the value) → None or
InvalidValue. attrs.field(validator=…) takes it, and mypy's attrs plugin checks it against the
field's type."""

Words: TypeAlias = str | tuple[str, ...] | Mapping[str, object]
"""What `one_of` checks: a word, a tuple of words or a mapping's keys."""


class Bounded(Protocol):
    """A Range or a FloatRange: what `span` checks."""

    @property
    def low(self) -> float: ...

    @property
    def high(self) -> float: ...


class InvalidValue(ValueError):
    """A value a record refuses: `field` is its path inside the record ("" for the record as a
    whole, "food", "table[1]"), `reason` one clause for a player or a rules author."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        self.field = field
        self.reason = reason


class InvalidValues(ValueError):
    """Several values a record refuses at once (a whole-map check lists every problem)."""

    def __init__(self, problems: list[InvalidValue]) -> None:
        super().__init__("; ".join(map(str, problems)))
        self.problems = problems


def show(value: object) -> str:
    """A value as a rules or map file spells it: "forty", 12, 1.5, [13, 10], true."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(item) for item in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _bounds(minimum: float | None, maximum: float | None) -> str:
    if minimum is not None and maximum is not None:
        return f" from {minimum:g} to {maximum:g}"
    if minimum is not None:
        return f" ≥ {minimum:g}"
    if maximum is not None:
        return f" ≤ {maximum:g}"
    return ""


def _inside(value: float, minimum: float | None, maximum: float | None) -> bool:
    return (minimum is None or value >= minimum) and (maximum is None or value <= maximum)


def whole(minimum: int | None = 0, maximum: int | None = None) -> Validator[int]:
    """A whole number within the bounds (None: unbounded on that side)."""
    expected = "a whole number" + _bounds(minimum, maximum)

    def check(_: Any, attribute: attrs.Attribute[Any], value: int) -> None:
        if not _inside(value, minimum, maximum):
            raise InvalidValue(attribute.name, f"expected {expected}, got {show(value)}")
    return check


def number(minimum: float | None = 0, maximum: float | None = None) -> Validator[float]:
    """A finite number within the bounds."""
    expected = "a number" + _bounds(minimum, maximum)

    def check(_: Any, attribute: attrs.Attribute[Any], value: float) -> None:
        if not math.isfinite(value) or not _inside(value, minimum, maximum):
            raise InvalidValue(attribute.name, f"expected {expected}, got {show(value)}")
    return check


chance = number(0, 1)
"""A probability or a share: 0 to 1."""

percent = whole(0, 100)
"""A whole percentage: 0 to 100."""


def span(minimum: float | None = 0, maximum: float | None = None) -> Validator[Bounded]:
    """A Range or FloatRange whose ends lie within the bounds."""
    def check(_: Any, attribute: attrs.Attribute[Any], value: Bounded) -> None:
        if not (_inside(value.low, minimum, maximum) and _inside(value.high, minimum, maximum)):
            raise InvalidValue(attribute.name, f"expected values{_bounds(minimum, maximum)}, "
                               f"got {show([value.low, value.high])}")
    return check


def optional(validator: Validator[T]) -> Validator[T | None]:
    """`validator` for a value that may be left out (None)."""
    def check(instance: Any, attribute: attrs.Attribute[Any], value: T | None) -> None:
        if value is not None:
            validator(instance, attribute, value)
    return check


def one_of(options: Collection[str], what: str) -> Validator[Words]:
    """One of the given words (a list's items each, for a tuple)."""
    def known(attribute: attrs.Attribute[Any], value: str, where: str) -> None:
        if value not in options:
            raise InvalidValue(where, f"unknown {what} {show(value)} "
                               f"(known: {', '.join(options)})")

    def check(_: Any, attribute: attrs.Attribute[Any], value: Words) -> None:
        if isinstance(value, tuple):
            for index, item in enumerate(value):
                known(attribute, item, f"{attribute.name}[{index}]")
        elif isinstance(value, str):
            known(attribute, value, attribute.name)
        else:  # a mapping: its keys
            for key in value:
                known(attribute, key, f"{attribute.name}.{key}")
    return check


def each(validator: Validator[T]) -> Validator[Mapping[str, T]]:
    """`validator` for every value of a mapping (the key joins the field's path)."""
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Mapping[str, T]) -> None:
        for key, item in value.items():
            try:
                validator(instance, attribute, item)
            except InvalidValue as error:
                raise InvalidValue(f"{attribute.name}.{key}", error.reason) from None
    return check


def unique(_: Any, attribute: attrs.Attribute[Any], value: Sequence[object]) -> None:
    """No item twice."""
    seen: set[object] = set()
    for item in value:
        if item in seen:
            raise InvalidValue(attribute.name, f"{show(item)} is listed twice")
        seen.add(item)


def not_empty(_: Any, attribute: attrs.Attribute[Any], value: Collection[object]) -> None:
    """At least one item (or character, for a text)."""
    if isinstance(value, str) and not value.strip():
        raise InvalidValue(attribute.name,
                           f"expected a non-empty text in quotes, got {show(value)}")
    if not value:
        raise InvalidValue(attribute.name, f"expected at least one item, got {show(value)}")


def used_once(where: str, values: Iterable[Any], what: str) -> None:
    """InvalidValue at `where` when a value comes twice."""
    seen: set[Any] = set()
    for value in values:
        if value in seen:
            raise InvalidValue(where, f"{what} {show(value)} is used twice")
        seen.add(value)


def exactly(where: str, found: Iterable[str], required: Iterable[str], what: str) -> None:
    """Exactly the required names: none missing, none extra."""
    found_set, required_set = set(found), set(required)
    missing = sorted(required_set - found_set)
    extra = sorted(found_set - required_set)
    if missing:
        raise InvalidValue(where, f"missing {what}: {', '.join(missing)}")
    if extra:
        raise InvalidValue(where, f"unknown {what}: {', '.join(extra)} "
                           f"(expected: {', '.join(sorted(required_set))})")


def covers(where: str, rows: Sequence[Any], low: int, high: int) -> None:
    """Rows with .low/.high cover low..high exactly, in order, without gaps or overlaps."""
    expected = low
    for index, row in enumerate(rows):
        if row.low != expected:
            raise InvalidValue(f"{where}[{index}]",
                               f"expected the row to start at {expected}, got {row.low}")
        if row.high < row.low:
            raise InvalidValue(f"{where}[{index}]",
                               f"expected low ≤ high, got {row.low}..{row.high}")
        expected = row.high + 1
    if expected != high + 1:
        raise InvalidValue(where, f"expected the rows to end at {high}, got {expected - 1}")


def _each_item(validator: Validator[T]) -> Validator[Sequence[T]]:
    """`validator` for every item of a tuple (the index joins the field's path)."""
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Sequence[T]) -> None:
        for index, item in enumerate(value):
            try:
                validator(instance, attribute, item)
            except InvalidValue as error:
                raise InvalidValue(f"{attribute.name}[{index}]", error.reason) from None
    return check


def all_of(*validators: Validator[T]) -> Validator[T]:
    """Every validator, in order."""
    def check(instance: Any, attribute: attrs.Attribute[Any], value: T) -> None:
        for validator in validators:
            validator(instance, attribute, value)
    return check


def every(validator: Validator[T]) -> Validator[Sequence[T]]:
    """`validator` for each item of a tuple."""
    return _each_item(validator)


_TYPE_DEFAULTS: dict[str, Validator[Any]] = {
    "int": whole(0),
    "float": number(0),
    "Range": span(0),
    "FloatRange": span(0),
    "int | None": optional(whole(0)),
    "FloatRange | None": optional(span(0)),
    "str": not_empty,
    "tuple[str, ...]": all_of(unique, _each_item(not_empty)),
    "tuple[int, ...]": _each_item(whole(0)),
    "tuple[float, ...]": _each_item(number(0)),
    "Mapping[str, int]": each(whole(0)),
    "Mapping[str, float]": each(number(0)),
    "Mapping[str, Range]": each(span(0)),
}
"""The check of a field that names none of its own, by its declared type."""


def rulebook_numbers(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """attrs `field_transformer` of the rules records: the rulebook has no negative numbers and
    no empty names, so a field without a validator of its own gets the check of its type
    (whole numbers and numbers ≥ 0, ranges within ≥ 0, texts not empty, names listed once)."""
    return [spec if spec.validator is not None or _spelling(spec.type) not in _TYPE_DEFAULTS
            else spec.evolve(validator=_TYPE_DEFAULTS[_spelling(spec.type)])
            for spec in fields]


def _spelling(annotation: Any) -> str:
    """A field's type as its module spells it (records use `from __future__ import
    annotations`, so attrs sees the text)."""
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
