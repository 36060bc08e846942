"""How records are declared: immutable value records and mutable state records, without attrs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

# Every record class the app needs before its first frame costs start-up time, and importing
# attrs alone costs about 9 ms (it builds its own validator classes). So records are declared
# here: a decorator reads the class's annotated fields (with `field(...)` for options), attaches
# a shared `__repr__`, `__eq__` and `__hash__`, and gives the class an `__init__` that is
# generated and compiled the first time an instance is made (the rulebook's records come from a
# pickle and never need one). `dataclasses` is only borrowed for its FrozenInstanceError: the
# app imports it anyway, through Textual.

__all__ = [
    "MISSING", "Field", "FrozenInstanceError", "asdict", "evolve", "field", "field_names",
    "fields", "is_record", "record", "resolve_types", "value_record",
]

C = TypeVar("C", bound=type)


class _Missing:
    """The marker of a field without a default."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Field:
    """One field of a record class: name, type (an annotation, see `resolve_types`) and options.

    `default` or `factory` (called for each new record) make the argument optional; `converter`
    is applied to the argument (and to the default); `init=False` leaves the field out of
    `__init__` (set by `__post_init__`, or from its default); `repr`, `eq` and `hash` say whether
    the field is shown, compared and hashed (`hash=None`: as `eq`).
    """

    __slots__ = ("converter", "default", "eq", "factory", "hash", "init", "name", "repr", "type")

    def __init__(self, *, name: str = "", type: Any = None, default: Any = MISSING,  # noqa: A002
                 factory: Callable[[], Any] | None = None,
                 converter: Callable[[Any], Any] | None = None, init: bool = True,
                 repr: bool = True, eq: bool = True, hash: bool | None = None) -> None:  # noqa: A002
        if default is not MISSING and factory is not None:
            raise TypeError("a field takes a default or a factory, not both")
        self.name, self.type, self.default, self.factory = name, type, default, factory
        self.converter, self.init, self.repr, self.eq, self.hash = converter, init, repr, eq, hash

    @property
    def alias(self) -> str:
        """The field's `__init__` argument: its name without leading underscores."""
        return self.name.lstrip("_")

    @property
    def has_default(self) -> bool:
        """Whether the argument may be left out."""
        return self.default is not MISSING or self.factory is not None

    @property
    def hashed(self) -> bool:
        """Whether the field is part of the record's hash."""
        return self.eq if self.hash is None else self.hash

    def named(self, name: str, annotation: Any) -> Field:
        """A copy of these options for one field of a class."""
        return Field(name=name, type=annotation, default=self.default, factory=self.factory,
                     converter=self.converter, init=self.init, repr=self.repr, eq=self.eq,
                     hash=self.hash)

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, type={self.type!r}, default={self.default!r})"


def field(*, default: Any = MISSING, factory: Callable[[], Any] | None = None,
          converter: Callable[[Any], Any] | None = None, init: bool = True, repr: bool = True,  # noqa: A002
          eq: bool = True, hash: bool | None = None) -> Any:  # noqa: A002
    """Options for one field, given as its class-level value: `items: list[int] = field(...)`."""
    return Field(default=default, factory=factory, converter=converter, init=init, repr=repr,
                 eq=eq, hash=hash)


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def value_record(cls: C) -> C:
    """An immutable record: keyword or positional arguments, defaults, compared and hashed by its
    fields, FrozenInstanceError on assignment. The rulebook's, the map's and the view's records.

    A `__post_init__` method runs after `__init__`; it sets `init=False` fields through
    `self.__dict__` (assignment raises).
    """
    own = set(vars(cls))
    record_fields = _collect(cls)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    for method in (__setattr__, __delattr__):
        if method.__name__ not in own:
            method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
            setattr(cls, method.__name__, method)
    return _finish(cls, record_fields, own, frozen=True)


@dataclass_transform(field_specifiers=(field, Field))
def record(cls: C) -> C:
    """A mutable record with slots: compared by its fields, unhashable. The game state's."""
    own = set(vars(cls))
    record_fields = _collect(cls)
    names = tuple(spec.name for spec in record_fields)
    slotted_already = {name for base in cls.__mro__[1:] for name in _slots_of(base)}
    namespace = {key: value for key, value in vars(cls).items()
                 if key not in names and key not in ("__dict__", "__weakref__")}
    namespace["__slots__"] = tuple(name for name in names if name not in slotted_already)
    slotted = type(cls)(cls.__name__, cls.__bases__, namespace)
    slotted.__qualname__ = cls.__qualname__
    return _finish(slotted, record_fields, own, frozen=False)


def _slots_of(cls: type) -> tuple[str, ...]:
    """The slot names a class itself declares (`__slots__` may be a single string)."""
    slots = vars(cls).get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def is_record(cls: Any) -> bool:
    """Whether `cls` is a record class (either kind)."""
    return isinstance(cls, type) and "__record_fields__" in vars(cls)


def fields(cls: type) -> tuple[Field, ...]:
    """The fields of a record class, in order (their types as annotated: see resolve_types)."""
    found = vars(cls).get("__record_fields__")
    if found is None:
        raise TypeError(f"{cls.__qualname__} is not a record class")
    return found  # type: ignore[no-any-return]


def resolve_types(cls: C) -> C:
    """Turn string annotations (`from __future__ import annotations`) of the fields into types."""
    record_fields = fields(cls)
    if any(isinstance(spec.type, str) for spec in record_fields):
        from typing import get_type_hints

        hints = get_type_hints(cls)
        for spec in record_fields:
            spec.type = hints[spec.name]
    return cls


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a record class, in order."""
    return tuple(spec.name for spec in fields(cls))


def evolve(instance: C, **changes: Any) -> C:
    """A copy of a record with some fields changed (like `attrs.evolve`)."""
    cls = type(instance)
    values = {spec.alias: getattr(instance, spec.name) for spec in fields(cls) if spec.init}
    for name in changes:
        if name not in values:
            raise TypeError(f"{cls.__qualname__} has no field {name!r}")
    return cls(**{**values, **changes})  # type: ignore[no-any-return]


def asdict(value: Any) -> Any:
    """Records as dicts, all the way down; tuples and lists as lists (for JSON)."""
    if isinstance(value, list | tuple):
        return [asdict(item) for item in value]
    if isinstance(value, dict):
        return {key: asdict(item) for key, item in value.items()}
    cls = type(value)
    if is_record(cls):
        return {name: asdict(getattr(value, name)) for name in field_names(cls)}
    return value


# --- building the class ------------------------------------------------------------------------


def _collect(cls: type) -> tuple[Field, ...]:
    """The fields of the record classes it derives from (the farthest first), then the class's
    own annotated fields, with their options and defaults."""
    inherited: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for spec in vars(base).get("__record_fields__", ()):
            inherited[spec.name] = spec
    own = vars(cls)
    collected = [spec for name, spec in inherited.items()
                 if name not in own.get("__annotations__", {})]
    for name, annotation in own.get("__annotations__", {}).items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if name.startswith("__") or text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        value = own.get(name, MISSING)
        spec = value if isinstance(value, Field) else Field(default=value)
        collected.append(spec.named(name, annotation))
    optional = None
    for spec in collected:
        if not spec.init:
            continue
        if spec.has_default:
            optional = spec.name
        elif optional is not None:
            raise TypeError(f"{cls.__qualname__}: field {spec.name!r} without a default follows "
                            f"{optional!r}, which has one")
    return tuple(collected)


def _finish(cls: C, record_fields: tuple[Field, ...], own: set[str], *, frozen: bool) -> C:
    for spec in record_fields:  # class-level defaults must not shadow the instance's values
        if spec.name in vars(cls) and frozen:
            delattr(cls, spec.name)
    cls.__record_fields__ = record_fields  # type: ignore[attr-defined]
    if "__init__" not in own:
        cls.__init__ = _first_init(cls, frozen=frozen)  # type: ignore[misc]
    return _share_methods(cls, own, record_fields, hashable=frozen)


def _first_init(cls: type, *, frozen: bool) -> Callable[..., None]:
    """An `__init__` that compiles the real one, puts it on the class and runs it."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        real = _compile_init(cls, frozen=frozen)
        cls.__init__ = real  # type: ignore[misc]
        real(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _compile_init(cls: type, *, frozen: bool) -> Callable[..., None]:
    """The class's `__init__`, generated from its fields (fast: one assignment per field)."""
    arguments: list[str] = []
    lines: list[str] = ["_d = self.__dict__"] if frozen else []
    names: dict[str, Any] = {"MISSING": MISSING}
    for spec in fields(cls):
        name, alias = spec.name, spec.alias
        if spec.factory is not None:
            names[f"_factory_{name}"] = spec.factory
            made = f"_factory_{name}()"
            value = f"{made} if {alias} is MISSING else {alias}" if spec.init else made
            if spec.init:
                arguments.append(f"{alias}=MISSING")
        elif spec.default is not MISSING:
            names[f"_default_{name}"] = spec.default
            value = alias if spec.init else f"_default_{name}"
            if spec.init:
                arguments.append(f"{alias}=_default_{name}")
        elif spec.init:
            value = alias
            arguments.append(alias)
        else:
            continue  # left for __post_init__
        if spec.converter is not None:
            names[f"_convert_{name}"] = spec.converter
            value = f"_convert_{name}({value})"
        lines.append(f"_d[{name!r}] = {value}" if frozen else f"self.{name} = {value}")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    source = f"def __init__(self, {', '.join(arguments)}):\n    " + "\n    ".join(lines or ["pass"])
    exec(compile(source, f"<{cls.__qualname__} __init__>", "exec"), names)
    function = names["__init__"]
    qualname = f"{cls.__qualname__}.__init__"
    function.__code__ = function.__code__.replace(co_qualname=qualname)  # errors name the class
    function.__qualname__ = qualname
    return function  # type: ignore[no-any-return]


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function from a record to the tuple of these fields' values."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _share_methods(cls: C, own: set[str], record_fields: tuple[Field, ...], *,
                   hashable: bool) -> C:
    """Attach `__repr__`, `__eq__` and `__hash__`, except those the class body defines."""
    compared = _getter(tuple(spec.name for spec in record_fields if spec.eq))
    hashed = _getter(tuple(spec.name for spec in record_fields if spec.hashed))
    shown = tuple(spec.name for spec in record_fields if spec.repr)
    label = cls.__qualname__

    def __repr__(self: Any) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({values})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return compared(self) == compared(other)

    def __hash__(self: Any) -> int:
        return hash((label, *hashed(self)))

    methods: dict[str, Any] = {"__repr__": __repr__, "__eq__": __eq__,
                               "__hash__": __hash__ if hashable else None}
    for name, method in methods.items():
        if name in own:
            continue
        if method is not None:
            method.__qualname__ = f"{label}.{name}"
        setattr(cls, name, method)
    return cls
