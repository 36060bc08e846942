"""Declarative reading of TOML rule tables into frozen records, with uniform error messages."""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

import attrs

from conquest_tui.engine.rules.ruleset_values import Dice, FloatRange, FrozenDict, Range

Converter = Callable[[Any, str], Any]
Files = Callable[[str], "Table"]  # file name (no .toml) → its top table
MISSING: Any = object()


class RulesError(ValueError):
    """A rules file that cannot be used; the message names the file, the key and the problem."""


def show(value: Any) -> str:
    """A value as it would look in TOML: "forty", 12, [1, 2], true."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {show(v)}" for k, v in value.items()) + " }"
    return str(value)


def fail(where: str, message: str) -> NoReturn:
    raise RulesError(f"{where}: {message}")


def bad(where: str, expected: str, value: Any) -> NoReturn:
    fail(where, f"expected {expected}, got {show(value)}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _bounds(minimum: float | None, maximum: float | None) -> str:
    if minimum is not None and maximum is not None:
        return f" from {minimum:g} to {maximum:g}"
    if minimum is not None:
        return f" ≥ {minimum:g}"
    if maximum is not None:
        return f" ≤ {maximum:g}"
    return ""


# --- converters: (raw value, where) → value ------------------------------------------------
def whole(minimum: int | None = 0, maximum: int | None = None) -> Converter:
    expected = "a whole number" + _bounds(minimum, maximum)

    def convert(value: Any, where: str) -> int:
        if not _is_int(value) or (minimum is not None and value < minimum) or (
                maximum is not None and value > maximum):
            bad(where, expected, value)
        return value
    return convert


def number(minimum: float | None = 0, maximum: float | None = None) -> Converter:
    expected = "a number" + _bounds(minimum, maximum)

    def convert(value: Any, where: str) -> float:
        if not _is_number(value) or (minimum is not None and value < minimum) or (
                maximum is not None and value > maximum):
            bad(where, expected, value)
        return float(value)
    return convert


def fraction() -> Converter:
    return number(0, 1)


def flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        bad(where, "true or false", value)
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        bad(where, "a non-empty text in quotes", value)
    return value


def choice(options: typing.Iterable[str], what: str = "value") -> Converter:
    known = tuple(options)

    def convert(value: Any, where: str) -> str:
        if not isinstance(value, str):
            bad(where, f"a {what} in quotes", value)
        if value not in known:
            fail(where, f"unknown {what} {show(value)} (known: {', '.join(known)})")
        return value
    return convert


def int_range(minimum: int | None = 0) -> Converter:
    expected = "a whole number or a range [low, high] of whole numbers" + _bounds(minimum, None)
    single = whole(minimum)

    def convert(value: Any, where: str) -> Range:
        if _is_int(value):
            number_ = single(value, where)
            return Range(number_, number_)
        if not (isinstance(value, list) and len(value) == 2 and all(map(_is_int, value))):
            bad(where, expected, value)
        low, high = value
        if minimum is not None and low < minimum:
            bad(where, expected, value)
        if low > high:
            bad(where, "low ≤ high", value)
        return Range(low, high)
    return convert


def float_range(minimum: float | None = 0, maximum: float | None = None) -> Converter:
    expected = "a number or a range [low, high] of numbers" + _bounds(minimum, maximum)

    def inside(value: float) -> bool:
        return (minimum is None or value >= minimum) and (maximum is None or value <= maximum)

    def convert(value: Any, where: str) -> FloatRange:
        if _is_number(value) and inside(value):
            return FloatRange(float(value), float(value))
        if not (isinstance(value, list) and len(value) == 2 and all(map(_is_number, value))
                and all(map(inside, value))):
            bad(where, expected, value)
        low, high = value
        if low > high:
            bad(where, "low ≤ high", value)
        return FloatRange(float(low), float(high))
    return convert


def dice(value: Any, where: str) -> Dice:
    expected = 'dice like "8d6+4" (at least 1 die of at least 1 side)'
    if not isinstance(value, str):
        bad(where, expected, value)
    try:
        result = Dice.parse(value)
    except ValueError:
        bad(where, expected, value)
    if result.count < 1 or result.sides < 1:
        bad(where, expected, value)
    return result


def pair(value: Any, where: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(map(_is_int, value))):
        bad(where, "a pair [a, b] of whole numbers", value)
    return (value[0], value[1])


def list_of(item: Converter, *, unique: bool = False, min_length: int = 0) -> Converter:
    def convert(value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            bad(where, "a list [ … ]", value)
        if len(value) < min_length:
            bad(where, f"a list of at least {min_length} item{'s' * (min_length != 1)}", value)
        result = tuple(item(v, f"{where}[{i}]") for i, v in enumerate(value))
        if unique and len(set(result)) != len(result):
            dup = next(v for i, v in enumerate(result) if v in result[:i])
            fail(where, f"{show(dup)} is listed twice")
        return result
    return convert


def mapping_of(item: Converter, keys: Converter | None = None) -> Converter:
    def convert(value: Any, where: str) -> FrozenDict:
        if not isinstance(value, dict):
            bad(where, "a table { key = value, … }", value)
        out = {}
        for key, raw in value.items():
            if keys is not None:
                keys(key, f"{where}.{key}")
            out[key] = item(raw, f"{where}.{key}")
        return FrozenDict(out)
    return convert


@attrs.frozen
class Omittable:
    """A key that may be left out; `default` is used then."""

    convert: Converter | None = None
    default: Any = None


# --- tables ----------------------------------------------------------------------------------
class Table:
    """One TOML table being read: knows its file and key path, and which keys were used."""

    def __init__(self, source: str, path: str, data: Any) -> None:
        self.source = source
        self.path = path
        if not isinstance(data, dict):
            bad(f"{source}: {path}" if path else source, "a table", data)
        self.data: dict[str, Any] = data
        self.used: set[str] = set()

    def where(self, key: str | None = None) -> str:
        dotted = ".".join(part for part in (self.path, key) if part)
        return f"{self.source}: {dotted}" if dotted else self.source

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, convert: Converter, default: Any = MISSING) -> Any:
        """The converted value of `key`; a missing key is an error unless a default is given."""
        self.used.add(key)
        if key not in self.data:
            if default is MISSING:
                fail(self.where(key), "missing")
            return default
        return convert(self.data[key], self.where(key))

    def sub(self, key: str) -> Table:
        """A required sub-table."""
        self.used.add(key)
        if key not in self.data:
            fail(self.where(key), "missing table")
        return Table(self.source, ".".join(p for p in (self.path, key) if p), self.data[key])

    def subtables(self, key: str | None = None) -> list[tuple[str, Table]]:
        """(name, table) for each entry of a table of tables (the whole table if key is None)."""
        parent = self if key is None else self.sub(key)
        if key is None:
            self.used.update(self.data)
        out = []
        for name in parent.data:
            parent.used.add(name)
            out.append((name, parent.child(name)))
        return out

    def child(self, name: str) -> Table:
        return Table(self.source, ".".join(p for p in (self.path, name) if p), self.data[name])

    def rows(self, key: str) -> list[Table]:
        """Each table of an array of tables."""
        self.used.add(key)
        if key not in self.data:
            fail(self.where(key), "missing list")
        value = self.data[key]
        if not isinstance(value, list) or not value:
            bad(self.where(key), "a non-empty list of tables", value)
        base = ".".join(p for p in (self.path, key) if p)
        return [Table(self.source, f"{base}[{i}]", row) for i, row in enumerate(value)]

    def finish(self) -> None:
        """Unknown keys are errors (they are usually typos)."""
        unknown = [key for key in self.data if key not in self.used]
        if unknown:
            known = ", ".join(sorted(self.used)) or "none"
            fail(self.where(unknown[0]), f"unknown key (known keys here: {known})")


# --- records ---------------------------------------------------------------------------------
def _converter_for(hint: Any, name: str) -> tuple[Converter, bool]:
    """(converter, optional) for a field's resolved type annotation."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        if len(args) == 1:
            return _converter_for(args[0], name)[0], True
    chance = "chance" in name or "fraction" in name
    simple: dict[Any, Converter] = {
        int: whole(), bool: flag, str: text, Range: int_range(), Dice: dice,
        float: fraction() if chance else number(), FloatRange: float_range(),
    }
    if hint in simple:
        return simple[hint], False
    args = typing.get_args(hint)
    if origin is tuple and args == (str, Ellipsis):
        return list_of(text, unique=True), False
    if origin is tuple and args == (float, Ellipsis):
        return list_of(number()), False
    if origin is tuple and args == (int, int):
        return pair, False
    if origin is Mapping and len(args) == 2 and args[0] is str and args[1] in simple:
        return mapping_of(simple[args[1]]), False
    raise TypeError(f"no converter for field {name!r} of type {hint!r}")


def read_record(table: Table, cls: type, *, given: Mapping[str, Any] | None = None,
                fields: Mapping[str, Converter | Omittable] | None = None,
                positive: typing.Iterable[str] = (), finish: bool = True) -> Any:
    """Build `cls` from `table`: each field not in `given` is read from the key of its name.

    A field's converter comes from its type annotation (int → whole number ≥ 0, float → number
    ≥ 0, or a chance in 0..1 when the name says "chance" or "fraction", Range → [low, high] or
    one whole number, X | None → may be left out, …). Keys the record does not know are errors.
    Problems read `<file>: <dotted.key>: expected …, got …` (RulesError).

    `fields` overrides a field's converter (an `Omittable` may be left out); names in
    `positive` must be whole numbers ≥ 1 (divisors, steps).
    """
    given = dict(given or {})
    overrides = dict(fields or {})
    for name in positive:
        overrides.setdefault(name, whole(1))
    hints = typing.get_type_hints(cls)
    if finish:  # a typo is reported as the unknown key, not as the missing one
        table.used.update(a.name for a in attrs.fields(cls) if a.name not in given)
        table.finish()
    values: dict[str, Any] = {}
    for name in tuple(a.name for a in attrs.fields(cls)):
        if name in given:
            values[name] = given[name]
            continue
        spec = overrides.get(name)
        default: Any = MISSING
        if isinstance(spec, Omittable):
            default = spec.default
            spec = spec.convert
        if spec is None:
            spec, optional = _converter_for(hints[name], name)
            if optional and default is MISSING:
                default = None
        values[name] = table.get(name, spec, default)
    return cls(**values)


def check_unique(where: str, values: typing.Iterable[Any], what: str) -> None:
    seen: set[Any] = set()
    for value in values:
        if value in seen:
            fail(where, f"{what} {show(value)} is used twice")
        seen.add(value)


def check_keys(where: str, found: typing.Iterable[str], required: typing.Iterable[str],
               what: str) -> None:
    """Exactly the required names: none missing, none extra."""
    found_set, required_set = set(found), set(required)
    missing = sorted(required_set - found_set)
    extra = sorted(found_set - required_set)
    if missing:
        fail(where, f"missing {what}: {', '.join(missing)}")
    if extra:
        expected = ", ".join(sorted(required_set))
        fail(where, f"unknown {what}: {', '.join(extra)} (expected: {expected})")


def check_cover(where: str, rows: typing.Sequence[Any], low: int, high: int) -> None:
    """Rows with .low/.high must cover low..high exactly, in order, without gaps or overlaps."""
    expected = low
    for index, row in enumerate(rows):
        if row.low != expected:
            fail(f"{where}[{index}]", f"expected the row to start at {expected}, got {row.low}")
        if row.high < row.low:
            fail(f"{where}[{index}]", f"expected low ≤ high, got {row.low}..{row.high}")
        expected = row.high + 1
    if expected != high + 1:
        fail(where, f"expected the rows to end at {high}, got {expected - 1}")
