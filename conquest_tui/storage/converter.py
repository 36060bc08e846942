"""The private cattrs converter for saves: strict JSON types, hexes by column, field-path errors.

Loading does not need cattrs: `_LoadHooks` builds the same structure hooks (the same factories,
the same records, the same first-bad-field errors) without importing it, which keeps cattrs and
its generated code out of the app's start-up. cattrs unstructures (saves) and structures any
field type `_LoadHooks` does not know (it then hands the whole state to cattrs); records (engine
`records.py`, not attrs classes) are read and written by the factories here in both cases.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from itertools import starmap
from operator import attrgetter
from typing import TYPE_CHECKING, Any, get_args, get_origin

import attrs

from conquest_tui.engine.core.state import GameState

if TYPE_CHECKING:
    from cattrs.preconf.json import JsonConverter

ROOT = "state"
"""Name of the root in field paths: `state.clans[1].stock.money`."""

_EXPECTED: dict[type, str] = {
    int: "an integer",
    float: "a number",
    str: "a string",
    bool: "true or false",
    list: "a list",
    dict: "an object",
}


class SaveFieldError(ValueError):
    """One bad field of a save's data: `path` (e.g. `state.clans[1].stock.money`) and why."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(path, message)
        self.path = path
        self.message = message

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


def describe(value: object) -> str:
    """A short JSON-ish picture of a bad value for an error message."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "…"


def _bad(expected: type, value: object, path: str = "") -> SaveFieldError:
    return SaveFieldError(path, f"expected {_EXPECTED[expected]}, got {describe(value)}")


# --- strict primitives (JSON gives exactly these classes; never coerce "5" into 5) -----------


def _structure_int(value: Any, _: Any) -> int:
    if value.__class__ is int:
        return value  # type: ignore[no-any-return]
    raise _bad(int, value)


def _structure_str(value: Any, _: Any) -> str:
    if value.__class__ is str:
        return value  # type: ignore[no-any-return]
    raise _bad(str, value)


def _structure_bool(value: Any, _: Any) -> bool:
    if value.__class__ is bool:
        return value  # type: ignore[no-any-return]
    raise _bad(bool, value)


def _structure_float(value: Any, _: Any) -> float:
    if value.__class__ is float:
        return value  # type: ignore[no-any-return]
    if value.__class__ is int:
        return float(value)
    raise _bad(float, value)


_ALLOWED: dict[type, frozenset[type]] = {
    int: frozenset({int}),
    str: frozenset({str}),
    bool: frozenset({bool}),
    float: frozenset({float, int}),
}
"""The exact JSON classes each primitive field accepts (bool is not an int here)."""


def _primitives(kind: type, values: list[Any], prefix: str = "") -> list[Any]:
    """`values` checked to be all of `kind` (a new list); SaveFieldError at the first that is not.

    `set(map(type, …))` runs in C, several times faster than a per-item Python check.
    """
    allowed = _ALLOWED[kind]
    if set(map(type, values)) <= allowed:
        return list(map(float, values)) if kind is float else list(values)
    index = next(i for i, v in enumerate(values) if type(v) not in allowed)
    raise _bad(kind, values[index], f"{prefix}[{index}]")


# --- containers: strict, fail fast, fast paths for lists and dicts of primitives --------------


def _is_list(t: Any) -> bool:
    return get_origin(t) is list


def _is_str_dict(t: Any) -> bool:
    return get_origin(t) is dict and get_args(t)[0] is str


def _list_structure_factory(t: Any, converter: JsonConverter) -> Callable[[Any, Any], list[Any]]:
    (elem,) = get_args(t)
    handler = converter.get_structure_hook(elem)

    def structure_primitives(value: Any, _: Any) -> list[Any]:
        if value.__class__ is not list:
            raise _bad(list, value)
        return _primitives(elem, value)

    def structure_list(value: Any, _: Any) -> list[Any]:
        if value.__class__ is not list:
            raise _bad(list, value)
        out = []
        for index, item in enumerate(value):
            try:
                out.append(handler(item, elem))
            except Exception as exc:
                raise locate(exc, f"[{index}]") from None
        return out

    return structure_primitives if elem in _ALLOWED else structure_list


def _key_path(key: object) -> str:
    return f"[{json.dumps(key, ensure_ascii=False)}]" if isinstance(key, str) else f"[{key!r}]"


def _dict_structure_factory(
    t: Any, converter: JsonConverter
) -> Callable[[Any, Any], dict[str, Any]]:
    _, elem = get_args(t)
    handler = converter.get_structure_hook(elem)
    allowed = _ALLOWED.get(elem)

    def structure_dict(value: Any, _: Any) -> dict[str, Any]:
        if value.__class__ is not dict:
            raise _bad(dict, value)
        if not set(map(type, value)) <= _ALLOWED[str]:
            key = next(k for k in value if type(k) is not str)
            raise SaveFieldError(_key_path(key), "keys must be strings")
        if allowed is not None and set(map(type, value.values())) <= allowed:
            return {k: float(v) for k, v in value.items()} if elem is float else dict(value)
        out = {}
        for key, item in value.items():
            try:
                out[key] = handler(item, elem)
            except Exception as exc:
                raise locate(exc, _key_path(key)) from None
        return out

    return structure_dict


def _list_unstructure_factory(t: Any, converter: JsonConverter) -> Callable[[Any], list[Any]]:
    (elem,) = get_args(t)
    if elem is float:
        return lambda value: list(map(float, value))
    if elem in _ALLOWED:
        return list
    if _is_list(elem):
        inner = _list_unstructure_factory(elem, converter)
        return lambda value: [inner(item) for item in value]
    handler = converter.get_unstructure_hook(elem)
    return lambda value: [handler(item) for item in value]


def _dict_unstructure_factory(t: Any, converter: JsonConverter) -> Callable[[Any], dict[str, Any]]:
    _, elem = get_args(t)
    if elem is float:
        return lambda value: {key: float(item) for key, item in value.items()}
    if elem in _ALLOWED:
        return dict
    handler = converter.get_unstructure_hook(elem)
    return lambda value: {key: handler(item) for key, item in value.items()}


def _record_structure_factory(cls: Any, converter: Any) -> Callable[[Any, Any], Any]:
    """A record from an object: its first bad field in field order, then a missing field, then
    an unknown key (as cattrs' detailed validation of a class reports them)."""
    record_fields = attrs.fields(attrs.resolve_types(cls))
    if not all(spec.init for spec in record_fields):
        raise TypeError(f"{cls.__name__}: a field outside __init__ cannot be loaded")
    plan = [(spec.name, spec.alias, converter.get_structure_hook(spec.type), spec.type,
             spec.default is not attrs.NOTHING) for spec in record_fields]
    known = frozenset(spec.name for spec in record_fields)

    def structure_record(value: Any, _: Any) -> Any:
        if value.__class__ is not dict:
            raise _bad(dict, value)
        kwargs = {}
        for name, alias, hook, kind, optional in plan:
            if name in value:
                try:
                    kwargs[alias] = hook(value[name], kind)
                except Exception as exc:
                    raise locate(exc, f".{name}") from None
            elif not optional:
                raise SaveFieldError(f".{name}", "is missing")
        if len(value) > len(kwargs) and value.keys() - known:
            extra = sorted(value.keys() - known)[0]
            raise SaveFieldError(f".{extra}", "is not a known field (misspelt?)")
        try:
            return cls(**kwargs)
        except Exception as exc:
            raise locate(exc) from None

    return structure_record


def _record_unstructure_factory(cls: Any, converter: JsonConverter) -> Callable[[Any], Any]:
    """A record as an object of its fields, in field order."""
    record_fields = attrs.fields(attrs.resolve_types(cls))
    plan = [(spec.name, attrgetter(spec.name),
             None if spec.type in (int, str, bool) else converter.get_unstructure_hook(spec.type))
            for spec in record_fields]

    def unstructure_record(record: Any) -> dict[str, Any]:
        return {name: get(record) if hook is None else hook(get(record))
                for name, get, hook in plan}

    return unstructure_record


# --- tables: lists of flat records stored column-wise -----------------------------------------
#
# A list of records whose fields are all primitives, lists of primitives or str-keyed dicts of
# primitives (HexState, CityState, Convoy, Event, Problem, Sighting) is written as one list per
# field: {"owner": [...], "defense": [...], ...}. The columns come from the record's fields, so a
# new field is picked up by itself; a missing column gets the field's default (like a missing key
# of an object), or is an error when the field has none.


def _is_flat(t: Any) -> bool:
    if t in _ALLOWED:
        return True
    args = get_args(t)
    if get_origin(t) is list:
        return args[0] in _ALLOWED
    if get_origin(t) is dict:
        return args[0] is str and args[1] in _ALLOWED
    return False


def _is_table(t: Any) -> bool:
    if get_origin(t) is not list:
        return False
    (elem,) = get_args(t)
    if not attrs.has(elem):
        return False
    return all(spec.init and _is_flat(spec.type)
               for spec in attrs.fields(attrs.resolve_types(elem)))


def table_columns(cls: type) -> tuple[str, ...]:
    """The column names a list of `cls` records is stored under (its fields, in order)."""
    return tuple(spec.name for spec in attrs.fields(cls))


def _table_unstructure_factory(t: Any, converter: JsonConverter) -> Callable[[Any], Any]:
    (cls,) = get_args(t)
    record_fields = attrs.fields(attrs.resolve_types(cls))
    names = tuple(spec.name for spec in record_fields)
    getters = [attrgetter(spec.name) for spec in record_fields]
    copiers = [  # fresh containers for list/dict cells; float() so 0 and 0.0 save alike
        list if get_origin(spec.type) is list
        else dict if get_origin(spec.type) is dict
        else float if spec.type is float
        else None
        for spec in record_fields
    ]
    plan = tuple(zip(names, getters, copiers, strict=True))

    def unstructure_table(records: list[Any]) -> dict[str, list[Any]]:
        out = {}
        for name, getter, copy in plan:
            column = list(map(getter, records))
            out[name] = column if copy is None else list(map(copy, column))
        return out

    return unstructure_table


def _default_column(spec: attrs.Attribute, count: int) -> list[Any]:
    """A missing column filled with the field's default, as for a missing key of an object."""
    if isinstance(spec.default, attrs.Factory):
        return [spec.default.factory() for _ in range(count)]  # type: ignore[misc]
    if spec.default is attrs.NOTHING:
        raise SaveFieldError(f".{spec.name}", "is missing")
    return [spec.default] * count


def _table_structure_factory(t: Any, converter: JsonConverter) -> Callable[[Any, Any], Any]:
    (cls,) = get_args(t)
    record_fields = attrs.fields(attrs.resolve_types(cls))
    known = frozenset(spec.name for spec in record_fields)
    specs = [
        (spec, None if spec.type in _ALLOWED else converter.get_structure_hook(spec.type))
        for spec in record_fields
    ]

    def column_of(field: Any, handler: Any, column: Any, count: int, first: str) -> list[Any]:
        name, kind = field.name, field.type
        if column.__class__ is not list:
            raise _bad(list, column, f".{name}")
        if len(column) != count:
            raise SaveFieldError(f".{name}", f"has {len(column)} entries, but {first} has {count}")
        if handler is None:
            return _primitives(kind, column, f".{name}")
        out = []
        for index, item in enumerate(column):
            try:
                out.append(handler(item, kind))
            except Exception as exc:
                raise locate(exc, f".{name}[{index}]") from None
        return out

    def structure_table(value: Any, _: Any) -> list[Any]:
        if value.__class__ is not dict:
            raise _bad(dict, value)
        if value.keys() - known:
            extra = sorted(value.keys() - known)[0]
            raise SaveFieldError(f".{extra}", "is not a known field (misspelt?)")
        first = next((spec.name for spec in record_fields if spec.name in value), None)
        if first is None:
            return []
        count = len(value[first]) if value[first].__class__ is list else 0
        columns = [
            column_of(field, handler, value[field.name], count, first)
            if field.name in value
            else _default_column(field, count)
            for field, handler in specs
        ]
        return list(starmap(cls, zip(*columns, strict=True)))

    return structure_table


# --- error paths -------------------------------------------------------------------------------


def locate(exc: BaseException, prefix: str = "") -> SaveFieldError:
    """The first bad field inside a (possibly nested) cattrs error, as a SaveFieldError."""
    if isinstance(exc, SaveFieldError):
        return SaveFieldError(prefix + exc.path, exc.message)
    from cattrs.errors import (
        ClassValidationError,
        ForbiddenExtraKeysError,
        IterableValidationError,
    )

    if isinstance(exc, ClassValidationError):
        with_notes, without = exc.group_exceptions()
        if with_notes:
            inner, note = with_notes[0]
            return locate(inner, f"{prefix}.{note.name}")
        if without:
            return locate(without[0], prefix)
    if isinstance(exc, IterableValidationError):
        with_notes_i, without_i = exc.group_exceptions()
        if with_notes_i:
            inner, inote = with_notes_i[0]
            return locate(inner, f"{prefix}[{inote.index!r}]")
        if without_i:
            return locate(without_i[0], prefix)
    if isinstance(exc, ForbiddenExtraKeysError):
        return SaveFieldError(
            f"{prefix}.{sorted(exc.extra_fields)[0]}", "is not a known field (misspelt?)"
        )
    if isinstance(exc, KeyError):
        return SaveFieldError(prefix, "is missing")
    if isinstance(exc, (AttributeError, TypeError)) and "items" in str(exc):
        return SaveFieldError(prefix, "expected an object")
    return SaveFieldError(prefix, f"is not valid ({exc})")


# --- the converter -----------------------------------------------------------------------------


def _make() -> JsonConverter:
    from cattrs.preconf.json import make_converter

    converter = make_converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(float, _structure_float)
    converter.register_structure_hook_factory(attrs.has, _record_structure_factory)
    converter.register_structure_hook_factory(_is_list, _list_structure_factory)
    converter.register_structure_hook_factory(_is_str_dict, _dict_structure_factory)
    converter.register_unstructure_hook(float, float)  # an int in a float field saves as 0.0
    converter.register_unstructure_hook_factory(_is_list, _list_unstructure_factory)
    converter.register_unstructure_hook_factory(_is_str_dict, _dict_unstructure_factory)
    converter.register_unstructure_hook_factory(attrs.has, _record_unstructure_factory)
    # Registered last so they win over the generic list factories.
    converter.register_structure_hook_factory(_is_table, _table_structure_factory)
    converter.register_unstructure_hook_factory(_is_table, _table_unstructure_factory)
    return converter


@cache
def _converter() -> JsonConverter:
    return _make()


@cache
def _unstructure_game_state() -> Callable[[GameState], dict[str, Any]]:
    """Built on first use (a load needs only the structure hooks: start-up speed)."""
    return _converter().get_unstructure_hook(GameState)


# --- loading without cattrs ---------------------------------------------------------------------


class _Unsupported(Exception):
    """A field type `_LoadHooks` does not structure (cattrs then structures the whole state)."""


class _LoadHooks:
    """Structure hooks like the converter's (`_make`), built without cattrs.

    Dispatch is the converter's: strict primitives, then tables (lists of flat records, stored
    column-wise), str-keyed dicts, lists and records. A record reports its first bad field in
    field order, then a missing field, then an unknown key, as cattrs' detailed validation
    (read through `locate`) does.
    """

    def __init__(self) -> None:
        self._hooks: dict[Any, Callable[[Any, Any], Any]] = {
            int: _structure_int, str: _structure_str, bool: _structure_bool,
            float: _structure_float,
        }

    def get_structure_hook(self, t: Any) -> Callable[[Any, Any], Any]:
        hook = self._hooks.get(t)
        if hook is None:
            if _is_table(t):
                hook = _table_structure_factory(t, self)  # type: ignore[arg-type]
            elif _is_str_dict(t):
                hook = _dict_structure_factory(t, self)  # type: ignore[arg-type]
            elif _is_list(t):
                hook = _list_structure_factory(t, self)  # type: ignore[arg-type]
            elif attrs.has(t):
                hook = _record_structure_factory(t, self)
            else:
                raise _Unsupported(repr(t))
            self._hooks[t] = hook
        return hook


@cache
def _structure_game_state() -> Callable[[Any, type], GameState]:
    """Built on first use, without cattrs when every field type allows it."""
    try:
        return _LoadHooks().get_structure_hook(GameState)
    except _Unsupported:
        return _converter().get_structure_hook(GameState)


def unstructure_state(state: GameState) -> dict[str, Any]:
    """The state as plain JSON-ready data (hexes column-wise, fresh lists and dicts)."""
    return _unstructure_game_state()(state)


def structure_state(data: Any) -> GameState:
    """Build a GameState from plain data; SaveFieldError naming the first bad field."""
    if data.__class__ is not dict:
        raise _bad(dict, data, ROOT)
    try:
        return _structure_game_state()(data, GameState)
    except Exception as exc:
        raise locate(exc, ROOT) from None
