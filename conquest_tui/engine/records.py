"""attrs records whose __repr__, __eq__ and __hash__ are shared functions, not generated code."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

import attrs

# attrs writes and compiles a __repr__, __eq__ and __hash__ for every class it decorates; for
# the ~80 records the app needs before its first frame that is a third of the engine's import
# time. These decorators let attrs generate only __init__ and attach methods built here from
# the fields (the same results: `Name(field=value, ...)`, equality of the same class with equal
# fields, and a hash of those fields for frozen records).

C = TypeVar("C", bound=type)


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field,))
def frozen_record(cls: C) -> C:
    """Like `@attrs.frozen`: immutable, slotted, compared and hashed by its fields."""
    own = set(vars(cls))
    return _share_methods(attrs.frozen(cls, repr=False, eq=False), own, hashable=True)


@dataclass_transform(field_specifiers=(attrs.field,))
def record(cls: C) -> C:
    """Like `@attrs.define(slots=True)`: mutable, slotted, compared by its fields, unhashable."""
    own = set(vars(cls))
    return _share_methods(attrs.define(cls, slots=True, repr=False, eq=False), own,
                          hashable=False)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function from a record to the tuple of these fields' values."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _share_methods(cls: C, own: set[str], *, hashable: bool) -> C:
    """Attach the shared methods, except those the class body defines itself."""
    fields = attrs.fields(cls)
    compared = _getter(tuple(field.name for field in fields if field.eq))
    shown = tuple(field.name for field in fields if field.repr)

    def __repr__(self: Any) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({values})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return compared(self) == compared(other)

    def __hash__(self: Any) -> int:
        return hash((cls.__qualname__, *compared(self)))

    methods: dict[str, Any] = {"__repr__": __repr__, "__eq__": __eq__,
                               "__hash__": __hash__ if hashable else None}
    for name, method in methods.items():
        if name in own:
            continue
        if method is not None:
            method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return cls
