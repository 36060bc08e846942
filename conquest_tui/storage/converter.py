"""The one cattrs converter of saves, rules and maps: strict types, tables by column, field paths.

`make_converter(detailed=…)` registers every hook the way cattrs documents them (hook factories,
`make_dict_structure_fn` with `forbid_extra_keys`). Loading uses a fast converter first and,
only when that fails, a second one with `detailed_validation` whose exception groups
`field_errors` turns into "field path: reason" messages.

Hooks beyond cattrs' own (`hooks`, `hooks_facts`, `hooks_tables`; errors: `field_errors`):
* strict primitives: a bool is not an int, a string is not a number, 1 is a float (JSON and TOML
  write 1.0 as 1);
* lists and string-keyed dicts are checked to be lists and dicts (cattrs would take any
  iterable), with a fast path for lists and dicts of primitives;
* tables: a list of flat records (every field a primitive, an enumeration, a list or a
  str-keyed dict of primitives, or an event's facts) is stored as one list per field,
  `{"owner": [...], "defense": [...]}`: a save of a 60×60 map is a third the size and loads
  twice as fast; a missing column gets the field's default, like a missing key of an object;
* enumerations by value; an event's facts (whole numbers, texts and tuples of them; JSON
  lists come back as tuples), checked a whole column at a time;
* the rules' value types: `Range` (n or [low, high]), `FloatRange`, `Dice` ("8d6+4"), and
  `Mapping[str, X]` → `FrozenDict`, `tuple[X, ...]` from a list; functions the loader gives
  (the Ruleset's `order_source`) pass through.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

import cattrs

from conquest_tui.storage import (
    hooks,
    hooks_facts,
    hooks_tables,
    past_reports,
    saved_events,
    saved_tables,
)
from conquest_tui.storage.field_errors import FieldError, FieldErrors, field_errors
from conquest_tui.storage.hooks_tables import table_columns

__all__ = ["FieldError", "FieldErrors", "converter", "make_converter", "structure",
           "table_columns", "unstructure"]

T = TypeVar("T")


def make_converter(*, detailed: bool) -> cattrs.Converter:
    """A converter with every hook of saves, rules and maps; `detailed` for error paths."""
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)
    hooks.register(converter)
    hooks_facts.register(converter)
    hooks_tables.register(converter)
    past_reports.register(converter)
    saved_events.register(converter, structure)
    saved_tables.register(converter)
    return converter


@cache
def converter(*, detailed: bool = False) -> cattrs.Converter:
    """The shared converter (built on first use); `detailed=True` only to name a bad field."""
    return make_converter(detailed=detailed)


def structure(data: Any, cls: type[T], path: str, *, dotted_keys: bool = False) -> T:
    """`cls` from plain data; FieldErrors (reading as the first bad field) under `path`.

    The fast converter does the work; only when it fails does the detailed one run again to
    name the field (the documented pattern: detailed validation costs ~40% on the happy path).
    """
    try:
        return converter().structure(data, cls)
    except Exception as fast_error:
        try:
            converter(detailed=True).structure(data, cls)
        except Exception as exc:
            errors = field_errors(exc, path, dotted_keys=dotted_keys)
            raise FieldErrors(errors or [FieldError(path, str(exc))]) from None
        raise FieldErrors([FieldError(path, f"is not valid ({fast_error})")]) from None


def unstructure(value: Any, cls: type[Any]) -> Any:
    """Plain JSON-ready data of `value` (fresh lists and dicts; tables column-wise)."""
    return converter().unstructure(value, cls)
