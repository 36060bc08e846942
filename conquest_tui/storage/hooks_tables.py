"""The converter's hooks for tables: a list of flat records stored as one list per field.

`{"owner": [...], "defense": [...]}` instead of a list of objects: a save of a 60×60 map is a
third the size and loads twice as fast. A record is flat when every field is a primitive, an
enumeration, a list or str-keyed dict of primitives, or an event's facts. A missing column gets
the field's default, like a missing key of an object.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, starmap
from operator import attrgetter, itemgetter
from types import GenericAlias
from typing import Any, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError

from conquest_tui.storage.hooks import (
    PRIMITIVES,
    BadValue,
    Made,
    Prepared,
    cells_of,
    expected_kind,
    is_enum,
    noted_attribute,
)
from conquest_tui.storage.hooks_facts import is_fact


def _is_flat(t: Any) -> bool:
    """A cell of a table: a primitive, an enumeration, a list or str-keyed dict of primitives,
    or an event's facts."""
    if t in PRIMITIVES or is_enum(t):
        return True
    args = get_args(t)
    if get_origin(t) is list:
        return args[0] in PRIMITIVES
    if get_origin(t) is dict:
        return args[0] is str and (args[1] in PRIMITIVES or is_fact(args[1]))
    return False


def is_table(t: Any) -> bool:
    """Whether a list of records of this type is stored as a table (one list per field)."""
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


def _table_unstructure_factory(t: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    (cls,) = get_args(t)
    record_fields = attrs.fields(attrs.resolve_types(cls))
    plan = tuple(
        (spec.name, attrgetter(spec.name),
         None if spec.type in (int, str, bool)
         else float if spec.type is float  # so that 0 and 0.0 save alike
         else list if get_origin(spec.type) is list  # fresh containers for list cells
         else converter.get_unstructure_hook(spec.type))  # dicts, enumerations
        for spec in record_fields
    )

    def unstructure_table(records: list[Any]) -> dict[str, list[Any]]:
        out = {}
        for name, getter, cell in plan:
            column = list(map(getter, records))
            out[name] = column if cell is None else list(map(cell, column))
        return out

    return unstructure_table


def _default_column(spec: attrs.Attribute[Any], count: int) -> list[Any]:
    # attrs' stubs declare Factory a function (it is a class): isinstance and .factory unseen
    if isinstance(spec.default, attrs.Factory):  # type: ignore[arg-type]  # see above
        return [spec.default.factory() for _ in range(count)]  # type: ignore[union-attr]  # above
    if spec.default is attrs.NOTHING:
        raise KeyError(spec.name)
    return [spec.default] * count


def _of_plain(t: Any) -> bool:
    """A list, or a str-keyed dict, of whole numbers, texts or flags."""
    args = get_args(t)
    if get_origin(t) is list:
        return args[0] in (int, str, bool)
    return get_origin(t) is dict and args[0] is str and args[1] in (int, str, bool)


def _plain_cells(column: list[Any], container: type, allowed: frozenset[type]) -> bool:
    """Whether every cell of a column is a `container` (list or dict: text keys) of values of
    the `allowed` classes, checked across the whole column at once."""
    if not set(map(type, column)) <= {container}:
        return False
    column = list(filter(None, column))  # most are empty (a city's spies, a convoy's orders)
    if container is list:
        return set(map(type, chain.from_iterable(column))) <= allowed
    return (set(map(type, chain.from_iterable(column))) <= PRIMITIVES[str]
            and set(map(type, chain.from_iterable(map(dict.values, column)))) <= allowed)


def _table_structure_factory(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    (cls,) = get_args(t)
    record_fields = attrs.fields(attrs.resolve_types(cls))
    known = frozenset(spec.name for spec in record_fields)
    columns = [(spec, converter.get_structure_hook(GenericAlias(list, (spec.type,))))
               for spec in record_fields]
    as_read = {spec.name: PRIMITIVES[spec.type] for spec in record_fields
               if spec.type in (int, str, bool) and not converter.detailed_validation}
    """Columns of whole numbers, texts or flags: zipped into records as read once checked (no
    copy: only `zip` reads the column)."""
    cells_as_read = {spec.name: (get_origin(spec.type), PRIMITIVES[get_args(spec.type)[-1]])
                     for spec in record_fields
                     if not converter.detailed_validation and _of_plain(spec.type)}
    """Columns of lists or str-keyed dicts of whole numbers, texts or flags (a city's buildings,
    a convoy's vehicles): each cell taken as read once the whole column is checked (in C: the
    load's own lists and dicts, made by the JSON reader for it alone)."""

    def column_of(spec: Any, hook: Any, column: Any, count: int, first: str) -> list[Any]:
        if (column.__class__ is list or column.__class__ is Made) and len(column) != count:
            raise BadValue(f"has {len(column)} entries, but {first} has {count}")
        allowed = as_read.get(spec.name)
        if allowed is not None and column.__class__ is list and cells_of(column, allowed):
            as_is: list[Any] = column
            return as_is
        cells = cells_as_read.get(spec.name)
        if cells is not None and column.__class__ is list and _plain_cells(column, *cells):
            plain: list[Any] = column
            return plain
        made: list[Any] = hook(column, None)
        return made

    def structure_table(value: Any, _: Any) -> list[Any]:
        if value.__class__ is not dict:
            if value.__class__ is Prepared:
                made: list[Any] = value.value  # checked and made by the load (`Prepared`)
                return made
            raise expected_kind(dict, value)
        if not value or (value.keys() == known and not any(value.values())
                         and set(map(type, value.values())) == {list}):
            return []  # empty: written without its columns, or with every column empty
        first = next((spec.name for spec in record_fields if spec.name in value), None)
        count = len(value[first]) if first and isinstance(value[first], list) else 0
        errors: list[Exception] = []
        cells = []
        for spec, hook in columns:
            try:
                if spec.name in value:
                    cells.append(column_of(spec, hook, value[spec.name], count, first or ""))
                else:
                    cells.append(_default_column(spec, count))
            except Exception as exc:
                errors.append(noted_attribute(exc, spec.name, spec.type))
        extra = value.keys() - known
        if extra:
            errors.append(ForbiddenExtraKeysError("", cls, set(extra)))
        if errors:
            raise ClassValidationError(f"While structuring a table of {cls.__name__}",
                                       errors, cls)
        return list(starmap(cls, zip(*cells, strict=True)))

    return structure_table



def _is_keyed_records(t: Any) -> bool:
    """A str-keyed dict of flat records (a Clan's memory of cities, by hex)."""
    return (get_origin(t) is dict and get_args(t)[0] is str
            and is_table(GenericAlias(list, (get_args(t)[1],))))


def _keyed_records_factory(t: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A dict of flat records, each written whole (every field): made a field at a time across
    all the records, as a table is; anything else goes record by record (naming what is
    wrong)."""
    cls = get_args(t)[1]
    record_fields = attrs.fields(attrs.resolve_types(cls))
    names = frozenset(spec.name for spec in record_fields)
    count = {len(names)}
    table = converter.get_structure_hook(GenericAlias(list, (cls,)))
    one = converter.get_structure_hook(cls)
    getters = [(spec.name, itemgetter(spec.name)) for spec in record_fields]

    def structure_keyed(value: Any, _: Any) -> Any:
        if value.__class__ is not dict:
            if value.__class__ is Prepared:
                return value.value  # checked and made by the load (see `Prepared`)
            raise expected_kind(dict, value)
        if not value:
            return {}
        records = list(value.values())
        if (set(map(type, value)) <= PRIMITIVES[str] and set(map(type, records)) <= {dict}
                and set(map(len, records)) == count
                and set(chain.from_iterable(records)) == names):
            columns = {name: list(map(getter, records)) for name, getter in getters}
            return dict(zip(value, table(columns, None), strict=True))
        if not set(map(type, value)) <= PRIMITIVES[str]:
            raise BadValue("keys must be text")
        return {key: one(item, cls) for key, item in value.items()}

    return structure_keyed


def register(converter: cattrs.Converter) -> None:
    """Register the table hooks (last, so that they win over the list hooks)."""
    converter.register_structure_hook_factory(is_table, _table_structure_factory)
    converter.register_unstructure_hook_factory(is_table, _table_unstructure_factory)
    if not converter.detailed_validation:  # the detailed pass names a bad record by its key
        converter.register_structure_hook_factory(_is_keyed_records, _keyed_records_factory)
