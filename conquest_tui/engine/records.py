"""How records are declared: plain value records, and attrs records with shared methods."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

import attrs

# Every record class the app needs before its first frame costs start-up time. `value_record`
# builds plain immutable records without attrs at all (the rulebook's and the view's). For the
# records that need attrs' field options (converters, factories, private fields), attrs writes
# and compiles a __repr__, __eq__ and __hash__ for every class it decorates; `frozen_record` and
# `record` let it generate only __init__ and attach methods built here from the fields (the same
# results: `Name(field=value, ...)`, equality of the same class with equal fields, and a hash of
# those fields for frozen records; a field's own repr, eq and hash settings are kept).

C = TypeVar("C", bound=type)


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field,))
def frozen_record(cls: C) -> C:
    """Like `@attrs.frozen`: immutable, compared and hashed by its fields.

    Without slots: these records (map, overlay, layout) are few, and a slotted class is built
    twice.
    """
    own = set(vars(cls))
    return _share_methods(attrs.frozen(cls, slots=False, repr=False, eq=False), own,
                          hashable=True)


@dataclass_transform(field_specifiers=(attrs.field,))
def record(cls: C) -> C:
    """Like `@attrs.define(slots=True)`: mutable, slotted, compared by its fields, unhashable."""
    own = set(vars(cls))
    return _share_methods(attrs.define(cls, slots=True, repr=False, eq=False), own,
                          hashable=False)


@dataclass_transform(frozen_default=True)
def value_record(cls: C) -> C:
    """An immutable record of plain fields, built without attrs (no field options: fields are
    the class's annotated names, in order, with a class-level value as the default).

    For the rulebook's ~50 records and the view's: attrs takes about 0.3 ms to build a class,
    and they are all needed before the app's first frame. Same behaviour as `frozen_record`
    (keyword or positional arguments, repr, equality and hash by fields, FrozenInstanceError
    on assignment); `field_names`, `evolve` and `asdict` work on both.
    """
    own = set(vars(cls))
    names = tuple(name for name in vars(cls).get("__annotations__", {})
                  if not name.startswith("__"))
    defaults = {name: vars(cls)[name] for name in names if name in own}
    required = [name for name in names if name not in defaults]
    known = frozenset(names)
    count = len(names)
    label = cls.__qualname__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > count:
            raise TypeError(f"{label}() takes {count} arguments but {len(args)} were given")
        values = dict(zip(names, args, strict=False))  # fewer args than names: keywords
        for key, value in kwargs.items():
            if key not in known:
                raise TypeError(f"{label}() got an unexpected keyword argument {key!r}")
            if key in values:
                raise TypeError(f"{label}() got multiple values for argument {key!r}")
            values[key] = value
        if len(values) < count:
            missing = [name for name in required if name not in values]
            if missing:
                raise TypeError(f"{label}() missing required arguments: {', '.join(missing)}")
            values = {**defaults, **values}
        self.__dict__.update(values)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self: Any, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    for method in (__init__, __setattr__, __delattr__):
        if method.__name__ not in own:
            method.__qualname__ = f"{label}.{method.__name__}"
            setattr(cls, method.__name__, method)
    cls.__record_fields__ = names  # type: ignore[attr-defined]
    return _share_methods(cls, own, hashable=True, names=(names, names, names))


def _value_fields(cls: type) -> tuple[str, ...] | None:
    """The fields of a `value_record` class (None for any other class)."""
    return getattr(cls, "__record_fields__", None)


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a record class (a `value_record` or any attrs class), in order."""
    names = _value_fields(cls)
    if names is not None:
        return names
    return tuple(field.name for field in attrs.fields(cls))


def evolve(instance: C, **changes: Any) -> C:
    """A copy of a record with some fields changed (like `attrs.evolve`, for every record)."""
    cls = type(instance)
    names = _value_fields(cls)
    if names is None:
        return attrs.evolve(instance, **changes)
    values = {name: getattr(instance, name) for name in names}
    for name in changes:
        if name not in values:
            raise TypeError(f"{cls.__qualname__} has no field {name!r}")
    return cls(**{**values, **changes})


def asdict(value: Any) -> Any:
    """Records (either kind) as dicts, all the way down; tuples and lists as lists (for JSON)."""
    if isinstance(value, list | tuple):
        return [asdict(item) for item in value]
    if isinstance(value, dict):
        return {key: asdict(item) for key, item in value.items()}
    cls = type(value)
    if _value_fields(cls) is not None or attrs.has(cls):
        return {name: asdict(getattr(value, name)) for name in field_names(cls)}
    return value


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function from a record to the tuple of these fields' values."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _share_methods(cls: C, own: set[str], *, hashable: bool,
                   names: tuple[tuple[str, ...], ...] | None = None) -> C:
    """Attach the shared methods, except those the class body defines itself. `names` are the
    (compared, hashed, shown) fields; by default they come from the attrs fields' settings."""
    if names is None:
        fields = attrs.fields(cls)
        names = (tuple(field.name for field in fields if field.eq),
                 tuple(field.name for field in fields
                       if (field.eq if field.hash is None else field.hash)),
                 tuple(field.name for field in fields if field.repr))
    compared, hashed, shown = _getter(names[0]), _getter(names[1]), names[2]

    def __repr__(self: Any) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({values})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return compared(self) == compared(other)

    def __hash__(self: Any) -> int:
        return hash((cls.__qualname__, *hashed(self)))

    methods: dict[str, Any] = {"__repr__": __repr__, "__eq__": __eq__,
                               "__hash__": __hash__ if hashable else None}
    for name, method in methods.items():
        if name in own:
            continue
        if method is not None:
            method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return cls
