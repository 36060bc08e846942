"""The converter's hooks for values: strict primitives, containers, records, rules values.

Each hook raises BadValue (a reason a player reads) for a value of the wrong kind; in a
detailed converter the container hooks group their items' errors as cattrs does
(`IterableValidationError` with `IterableValidationNote`s), so that `field_errors` names them.
"""

from __future__ import annotations

import collections.abc
import enum
import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, get_args, get_origin

import attrs
import cattrs
import orjson
from cattrs.errors import AttributeValidationNote, IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from conquest_tui.engine.core.seats import BotLevel, SeatKind
from conquest_tui.engine.core.state import SAVED_WHEN_SET
from conquest_tui.engine.rules.checks import show
from conquest_tui.engine.rules.ruleset_values import Dice, FloatRange, FrozenDict, Range
from conquest_tui.storage.rules_layout import RENAMED

T = TypeVar("T")

_EXPECTED: dict[type, str] = {
    int: "a whole number",
    float: "a number",
    str: "text in quotes",
    bool: "true or false",
    list: "a list",
    dict: "an object",
}

PRIMITIVES: dict[type, frozenset[type]] = {
    int: frozenset({int}),
    str: frozenset({str}),
    bool: frozenset({bool}),
    float: frozenset({float, int}),
}
"""The exact classes each primitive field accepts (bool is not an int here)."""

_TEXT = PRIMITIVES[str]
_ONLY: dict[frozenset[type], bytes] = {
    frozenset({int}): b"0123456789-,",
    frozenset({bool}): b"truefals,",
}
"""What the JSON text of a list holds besides its brackets when every item is a whole number
(no flag), or every item a flag: nothing else, and no other item writes only these."""


def cells_of(values: list[Any], allowed: frozenset[type]) -> bool:
    """Whether every item of a list as read is of the `allowed` classes (`PRIMITIVES`): a list
    of whole numbers or of flags by its JSON text (orjson's, some four times faster than
    `set(map(type, …))` for thousands of cells), of texts by joining them, any other by its
    items' classes."""
    kept = _ONLY.get(allowed)
    if kept is None:
        if allowed == _TEXT:
            return _all_text(values)
        return set(map(type, values)) <= allowed
    try:
        return orjson.dumps(values).translate(None, kept) == b"[]"
    except orjson.JSONEncodeError:  # a number past 64 bits: the hooks' own pass takes it
        return False


def whole_numbers_text(values: list[Any]) -> bytes | None:
    """orjson's text of a list as read when every item is a whole number (`cells_of`), for
    checks that read the numbers from it again (save_checks: none below zero); else None."""
    try:
        text = orjson.dumps(values)
    except orjson.JSONEncodeError:  # a number past 64 bits: the hooks' own pass takes it
        return None
    return text if text.translate(None, _ONLY[PRIMITIVES[int]]) == b"[]" else None


def _all_text(keys: Any) -> bool:
    """Whether every key of a dict as read is text (joining them refuses anything else, in C)."""
    try:
        "".join(keys)
    except TypeError:
        return False
    return True


class BadValue(ValueError):
    """A value of the wrong kind; str() is the reason ("expected a whole number, got "x"")."""


class Made(list[Any]):
    """A column of a table that the load has already checked and made into what the records
    hold (storage/event_checks: the events' kinds and facts): the hooks take it as it is."""


class Prepared:
    """A Clan's table, record (or dict of records) the load has already checked and made, with
    every Clan's of its kind (storage/clan_tables): the hooks take what it holds as it is."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def describe(value: object) -> str:
    """A short picture of a bad value for an error message (never walks a long or nested
    list: a damaged save's may hold 10⁶ items, or lists 1,000 deep)."""
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    if isinstance(value, list) and (len(value) > 8 or any(
            isinstance(item, list | dict) for item in value)):
        return f"a list of {len(value):,} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, str) and len(value) > 40:
        value = value[:40]
    text = show(value) if isinstance(value, list | bool | int | float) else json.dumps(
        value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "…"


def expected_kind(expected: type, value: object) -> BadValue:
    return BadValue(f"expected {_EXPECTED[expected]}, got {describe(value)}")


# --- strict primitives (never coerce "5" into 5) ---------------------------------------------


def _structure_int(value: Any, _: Any) -> int:
    if value.__class__ is int:
        return value
    raise expected_kind(int, value)


def _structure_str(value: Any, t: type[str]) -> str:
    if t is not str:  # a subclass of str: an enumeration of texts
        return _structure_enum(value, t)
    if value.__class__ is str:
        return value
    raise expected_kind(str, value)


def _structure_bool(value: Any, _: Any) -> bool:
    if value.__class__ is bool:
        return value
    raise expected_kind(bool, value)


def _structure_float(value: Any, _: Any) -> float:
    if value.__class__ is float:
        return value
    if value.__class__ is int:
        return float(value)
    raise expected_kind(float, value)


def _primitives(kind: type, values: list[Any]) -> list[Any]:
    """`values` checked to be all of `kind` (a new list); `set(map(type, …))` runs in C."""
    if cells_of(values, PRIMITIVES[kind]):
        return list(map(float, values)) if kind is float else list(values)
    raise ValueError("not all primitives")  # the caller reports the item


# --- errors in detailed validation, as cattrs raises them --------------------------------------


def noted(exc: Exception, note: str) -> Exception:
    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
    return exc


def items_error(t: Any, errors: list[Exception]) -> IterableValidationError:
    return IterableValidationError(f"While structuring {t!r}", errors, t)


def noted_item(exc: Exception, index: int | str, t: Any) -> Exception:
    return noted(exc, IterableValidationNote(f"Structuring {t!r} @ {index!r}", index, t))


def noted_attribute(exc: Exception, name: str, t: Any) -> Exception:
    return noted(exc, AttributeValidationNote(f"Structuring @ attribute {name}", name, t))


# --- containers: strict, fast paths for primitives --------------------------------------------


def _is_sequence(t: Any) -> bool:
    origin = get_origin(t)
    return origin is list or (origin is tuple and len(get_args(t)) == 2
                               and get_args(t)[1] is Ellipsis)


def _is_str_mapping(t: Any) -> bool:
    return get_origin(t) in (dict, Mapping) and get_args(t)[0] is str


def _is_pair(t: Any) -> bool:
    return get_origin(t) is tuple and get_args(t) == (int, int)


def _structure_pair(value: Any, _: Any) -> tuple[int, int]:
    if value.__class__ is list and len(value) == 2 and all(map(_is_whole, value)):
        return (value[0], value[1])
    raise BadValue(f"expected a pair [a, b] of whole numbers, got {describe(value)}")


def _sequence_structure_factory(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    elem = get_args(t)[0]
    build: Callable[[Any], Any] = list if get_origin(t) is list else tuple
    handler = converter.get_structure_hook(elem)
    primitive = elem in PRIMITIVES
    detailed = converter.detailed_validation
    members = {member.value: member for member in elem} if is_enum(elem) else None

    def structure_sequence(value: Any, _: Any) -> Any:
        if value.__class__ is not list:
            if value.__class__ is Made:
                return value  # checked and made by the load (see `Made`)
            raise expected_kind(list, value)
        if members is not None and not detailed:  # a column of kinds: one look-up each
            return build(list(map(members.__getitem__, value)))
        if primitive:
            try:
                return build(_primitives(elem, value))
            except ValueError:
                if not detailed:
                    raise
        if not detailed:
            return build([handler(item, elem) for item in value])
        out, errors = [], []
        for index, item in enumerate(value):
            try:
                out.append(handler(item, elem))
            except Exception as exc:
                errors.append(noted_item(exc, index, elem))
        if errors:
            raise items_error(t, errors)
        return build(out)

    return structure_sequence


def _mapping_structure_factory(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    _, elem = get_args(t)
    build: Callable[[Any], Any] = dict if get_origin(t) is dict else FrozenDict
    handler = converter.get_structure_hook(elem)
    allowed = PRIMITIVES.get(elem)
    detailed = converter.detailed_validation

    def structure_mapping(value: Any, _: Any) -> Any:
        if value.__class__ is not dict:
            if value.__class__ is Prepared:
                return value.value  # checked and made by the load (see `Prepared`)
            raise expected_kind(dict, value)
        if not _all_text(value):
            raise BadValue("keys must be text")
        if allowed is not None and cells_of(list(value.values()), allowed):
            return build({k: float(v) for k, v in value.items()} if elem is float else value)
        if not detailed:
            return build({key: handler(item, elem) for key, item in value.items()})
        out, errors = {}, []
        for key, item in value.items():
            try:
                out[key] = handler(item, elem)
            except Exception as exc:
                errors.append(noted_item(exc, key, elem))
        if errors:
            raise items_error(t, errors)
        return build(out)

    return structure_mapping


def _sequence_unstructure_factory(t: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    elem = get_args(t)[0]
    if elem is float:
        return lambda value: list(map(float, value))
    if elem in PRIMITIVES:
        return list
    handler = converter.get_unstructure_hook(elem)
    return lambda value: [handler(item) for item in value]


def _mapping_unstructure_factory(t: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    _, elem = get_args(t)
    if elem is float:
        return lambda value: {key: float(item) for key, item in value.items()}
    if elem in PRIMITIVES:
        return dict
    handler = converter.get_unstructure_hook(elem)
    return lambda value: {key: handler(item) for key, item in value.items()}


# --- records -------------------------------------------------------------------------------------


def _record_structure_factory(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """cattrs' generated function for an attrs class, after a check that the data is an object
    (cattrs would report a missing `items` or key)."""
    # Any: cattrs takes the overrides as keyword arguments beside its own flags
    renamed: dict[str, Any] = {name: override(rename=key)
                               for name, key in RENAMED.get(cls, {}).items()}
    generated = make_dict_structure_fn(cls, converter, **renamed)

    def structure_record(value: Any, _: Any) -> Any:
        if value.__class__ is not dict:
            if value.__class__ is Prepared:
                return value.value  # checked and made by the load (see `Prepared`)
            raise expected_kind(dict, value)
        return generated(value, cls)

    return structure_record


def _record_unstructure_factory(cls: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    # a field saved only when set (`SAVED_WHEN_SET`: a game without it writes the same bytes)
    omitted: dict[str, Any] = {field.name: override(omit_if_default=True)
                               for field in attrs.fields(cls)
                               if field.metadata.get(SAVED_WHEN_SET)}
    return make_dict_unstructure_fn(cls, converter, **omitted)


# --- the rules' value types ----------------------------------------------------------------------


def _is_whole(value: Any) -> bool:
    return value.__class__ is int


def _is_number(value: Any) -> bool:
    return value.__class__ in (int, float)


def _structure_range(value: Any, _: Any) -> Range:
    if _is_whole(value):
        return Range(value, value)
    if value.__class__ is list and len(value) == 2 and all(map(_is_whole, value)):
        return Range(*value)
    raise BadValue(f"expected a whole number or a range [low, high] of whole numbers, "
                   f"got {describe(value)}")


def _structure_float_range(value: Any, _: Any) -> FloatRange:
    if _is_number(value):
        return FloatRange(float(value), float(value))
    if value.__class__ is list and len(value) == 2 and all(map(_is_number, value)):
        return FloatRange(float(value[0]), float(value[1]))
    raise BadValue(f"expected a number or a range [low, high] of numbers, got {describe(value)}")


def _structure_dice(value: Any, _: Any) -> Dice:
    expected = ('expected dice like "8d6+4" (at least 1 die of at least 1 side), '
                f"got {describe(value)}")
    if value.__class__ is not str:
        raise BadValue(expected)
    try:
        dice = Dice.parse(value)
    except ValueError:
        raise BadValue(expected) from None
    if dice.count < 1 or dice.sides < 1:
        raise BadValue(expected)
    return dice


# --- functions: given by the loader, never data -------------------------------------------------


def _is_callable(t: Any) -> bool:
    return get_origin(t) is collections.abc.Callable


def _given(value: Any, _: Any) -> Any:
    """A function the loader puts in the data itself (the Ruleset's `order_source`)."""
    if not callable(value):
        raise BadValue("expected a function given by the program, not data")
    return value


# --- enumerations: stored by value --------------------------------------------------------------


def is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def _structure_enum(value: Any, t: Callable[[Any], T]) -> T:
    try:
        return t(value)
    except ValueError:
        raise BadValue(f"unknown value {describe(value)}") from None


_WORDS: dict[type[enum.StrEnum], str] = {SeatKind: "a kind of seat", BotLevel: "a bot's level"}
"""Closed sets of words a save names, and how a refusal names a member (as save_checks does)."""


def _words_hook(what: str) -> Callable[[Any, Callable[[str], T]], T]:
    """A text that must be one of an enumeration's words: "godlike" is not a bot's level."""
    def structure(value: Any, t: Callable[[str], T]) -> T:
        if not isinstance(value, str):
            raise expected_kind(str, value)
        try:
            return t(value)
        except ValueError:
            raise BadValue(f"{json.dumps(value, ensure_ascii=False)} is not {what}") from None
    return structure


def _unstructure_enum(value: enum.Enum) -> Any:
    return value.value



def register(converter: cattrs.Converter) -> None:
    """Register the value hooks (first: the table and facts hooks registered later win)."""
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(float, _structure_float)
    converter.register_structure_hook(Range, _structure_range)
    converter.register_structure_hook(FloatRange, _structure_float_range)
    converter.register_structure_hook(Dice, _structure_dice)
    converter.register_structure_hook_factory(attrs.has, _record_structure_factory)
    converter.register_structure_hook_factory(_is_sequence, _sequence_structure_factory)
    converter.register_structure_hook_factory(_is_str_mapping, _mapping_structure_factory)
    converter.register_structure_hook_func(_is_pair, _structure_pair)
    converter.register_structure_hook_func(_is_callable, _given)
    converter.register_structure_hook_func(is_enum, _structure_enum)
    for words, what in _WORDS.items():
        converter.register_structure_hook(words, _words_hook(what))
    converter.register_unstructure_hook_func(is_enum, _unstructure_enum)
    converter.register_unstructure_hook(float, float)  # an int in a float field saves as 0.0
    converter.register_unstructure_hook_factory(attrs.has, _record_unstructure_factory)
    converter.register_unstructure_hook_factory(_is_sequence, _sequence_unstructure_factory)
    converter.register_unstructure_hook_factory(_is_str_mapping, _mapping_unstructure_factory)
