"""A deep copy of a game-state record made from its fields' types, as fast as the state allows."""

from __future__ import annotations

import copy
import enum
import typing
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

import attrs

from conquest_tui.engine.core.events import Fact
from conquest_tui.engine.core.first_use import held_type

_Copy = Callable[[Any], Any]
_ATOMS: frozenset[Any] = frozenset({int, str, bool, float, type(None), Fact})
"""Types whose values are never changed in place: shared by the copy (Fact: a number, a word
or a tuple of facts)."""
_RECORDS: dict[type, _Copy] = {}


@attrs.frozen
class _Parts:
    """How a record class is copied: its fields' names as `attrs.evolve` takes them (their
    aliases), in order, and each one's place; how its values are read, which are copied and
    how, and how a record is made from the values."""

    aliases: list[str]
    place: dict[str, int]
    read: Callable[[Any], tuple[Any, ...]]
    deep: list[tuple[int, _Copy]]
    made: Callable[[list[Any]], Any]


_PARTS: dict[type, _Parts] = {}
R = TypeVar("R")


def copy_record(record: R) -> R:
    """A deep copy of a game-state record, as `copy.deepcopy` makes it of a record in which no
    list, dict or record is reached twice (the game's state is such a tree): each field copied
    as its type says (numbers, words and enums shared, lists and dicts copied, records copied
    field by field), `copy.deepcopy` for a field of any other type or a value not of its type."""
    made: R = _record_copier(type(record))(record)
    return made


def copy_replacing(record: R, **given: Any) -> R:
    """`copy_record` of the record as `attrs.evolve(record, **given)` would make it, without
    making that record first: the fields `given` (by the names evolve takes) take those values
    as they are (not copied), the others are copied as `copy_record` copies them."""
    cls: type = type(record)
    names = tuple(given)
    written = _WRITTEN.get((cls, names))
    if written is not None:
        made_record: R = written(record, tuple(given.values()))
        return made_record
    plan = _PLANS.get((cls, names))
    if plan is None:
        plan = _PLANS[cls, names] = _plan(cls, names)
        fields = attrs.fields(cls)
        if all(field.init and not field.kw_only for field in fields):  # written out
            place = _PARTS[cls].place
            _WRITTEN[cls, names] = _written(
                cls, [field.name for field in fields], dict(plan[1]),
                {fields[place[name]].name: index for index, name in enumerate(names)})
            return copy_replacing(record, **given)
    read, deep, places, made = plan
    values = list(read(record))
    for at, copier in deep:
        values[at] = copier(values[at])
    for at, value in zip(places, given.values(), strict=True):
        values[at] = value
    copied: R = made(values)
    return copied


_Plan = tuple[Callable[[Any], tuple[Any, ...]], list[tuple[int, _Copy]], list[int],
              Callable[[list[Any]], Any]]
_PLANS: dict[tuple[type, tuple[str, ...]], _Plan] = {}
"""(Record class, the fields given) → how `copy_replacing` reads the record, copies the fields
not given, puts the given ones in their places and makes the copy."""


def _plan(cls: type, names: tuple[str, ...]) -> _Plan:
    _record_copier(cls)
    parts = _PARTS[cls]
    deep = [(at, copier) for at, copier in parts.deep if parts.aliases[at] not in names]
    return parts.read, deep, [parts.place[name] for name in names], parts.made


_WRITTEN: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}
"""(Record class, the fields given) → its copier written out (`_written`) for `copy_replacing`."""


def _written(cls: type, names: list[str], deep: dict[int, _Copy],
             given: dict[str, int]) -> Callable[..., Any]:
    """A copier of a record class whose constructor takes its fields in order, written out as
    one call of the constructor: each field read by name and copied as `deep` says (place →
    copier), or taken from `given` (field → its place in the values given after the record).
    The same copy as reading the fields into a list and copying them one by one, in one step."""
    arguments = []
    scope: dict[str, Any] = {"cls": cls, "deepcopy": copy.deepcopy}
    for at, name in enumerate(names):
        if name in given:
            arguments.append(f"given[{given[name]}]")
        elif at in deep:
            scope[f"copy_{at}"] = deep[at]
            arguments.append(f"copy_{at}(record.{name})")
        else:
            arguments.append(f"record.{name}")
    source = (f"def copy_one(record, given=()):\n"
              f"    if type(record) is not cls:\n"
              f"        return deepcopy(record)\n"
              f"    return cls({', '.join(arguments)})\n")
    exec(source, scope)  # the code is made of the record class's own field names alone
    made: Callable[..., Any] = scope["copy_one"]
    return made


def _record_copier(cls: type) -> _Copy:
    known = _RECORDS.get(cls)
    if known is not None:
        return known
    fields = attrs.fields(cls)
    names = [field.name for field in fields]
    read: Callable[[Any], tuple[Any, ...]] = attrgetter(*names) if len(names) > 1 else (
        lambda record: (getattr(record, names[0]),))
    deep = [(at, copier) for at, field in enumerate(fields)
            if (copier := _value_copier(field.type)) is not None]
    if all(field.init and not field.kw_only for field in fields):  # its fields in order
        def made(values: list[Any]) -> Any:
            return cls(*values)
    else:
        def made(values: list[Any]) -> Any:
            new: Any = object.__new__(cls)
            for name, value in zip(names, values, strict=True):
                object.__setattr__(new, name, value)
            return new

    def copy_one(record: Any) -> Any:
        if type(record) is not cls:
            return copy.deepcopy(record)
        values = list(read(record))
        for at, copier in deep:
            values[at] = copier(values[at])
        return made(values)

    if all(field.init and not field.kw_only for field in fields):
        copy_one = _written(cls, names, dict(deep), {})

    _RECORDS[cls] = copy_one
    aliases = [field.alias for field in fields]
    _PARTS[cls] = _Parts(aliases, {alias: at for at, alias in enumerate(aliases)}, read, deep,
                         made)
    return copy_one


def _value_copier(kind: Any) -> _Copy | None:
    """How a value of this type is copied; None when it is shared."""
    if kind in _ATOMS or (isinstance(kind, type) and issubclass(kind, enum.Enum)):
        return None
    held = held_type(kind)  # a list or dict, or where a load keeps it unread
    if held is not None:
        return _value_copier(held)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is list and args:
        return _list_copier(_value_copier(args[0]))
    if origin is dict and len(args) == 2 and _value_copier(args[0]) is None:
        return _dict_copier(_value_copier(args[1]))
    if isinstance(kind, type) and attrs.has(kind):
        return _record_copier(kind)
    return copy.deepcopy


def _list_copier(inner: _Copy | None) -> _Copy:
    def copy_list(value: Any) -> Any:
        if type(value) is not list:
            return copy.deepcopy(value)
        return value.copy() if inner is None else [inner(item) for item in value]
    return copy_list


def _dict_copier(inner: _Copy | None) -> _Copy:
    def copy_dict(value: Any) -> Any:
        if type(value) is not dict:
            return copy.deepcopy(value)
        return value.copy() if inner is None else {key: inner(item)
                                                   for key, item in value.items()}
    return copy_dict
