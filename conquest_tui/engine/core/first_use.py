"""Record fields a load may leave unread: kept as the value or as where to read it on first use."""

from types import UnionType
from typing import Any, Generic, Protocol, TypeVar, Union, get_args, get_origin, overload

V = TypeVar("V")
T_co = TypeVar("T_co", covariant=True)

READ: tuple[type, ...] = (list, dict)
"""What a field kept unread holds once it is read (anything else is where to read it)."""


class Source(Protocol[T_co]):
    """Where a field's value is read from when first asked for: a last turn's events, a Clan's
    inbox, mail or knowledge (`state.KNOWLEDGE`), a past report's text, a list of a game's
    records (its hexes, its figures of past game turns, a Clan's past reports). A save keeps
    each as it read it: storage/saved_events, saved_knowledge, saved_tables, past_reports."""

    def read(self) -> T_co:
        """The value, the same at every read (a damaged source raises the loader's error,
        naming the file and the field)."""
        ...


def held_type(declared: Any) -> Any | None:
    """The list or dict type a field that may be kept unread holds (`list[X]` of a field declared
    `list[X] | Source[list[X]]`), or None for any other field's type."""
    if get_origin(declared) not in (Union, UnionType):
        return None
    held = [arg for arg in get_args(declared) if get_origin(arg) in READ]
    return held[0] if len(held) == 1 else None


def kept_value(kept: Any) -> Any:
    """A field kept as its value or as its `Source`, read if it was not yet (how records
    compare: by value)."""
    return kept if isinstance(kept, (*READ, str)) else kept.read()


class ReadOnFirstUse(Generic[V]):
    """The list or dict under `name`, kept in the record's field `_name`: either the value, or
    where to read it (a `Source`); read there on first use and kept. Setting it sets the value
    (a save writes an unread source back as it read it, through the record's own `kept_…`)."""

    __slots__ = ("field",)

    def __init__(self) -> None:
        self.field = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.field = f"_{name}"

    @overload
    def __get__(self, record: None, owner: type | None = None) -> "ReadOnFirstUse[V]": ...

    @overload
    def __get__(self, record: object, owner: type | None = None) -> V: ...

    def __get__(self, record: object | None, owner: type | None = None) -> Any:
        if record is None:
            return self
        kept = getattr(record, self.field)
        if not isinstance(kept, READ):
            kept = kept.read()
            setattr(record, self.field, kept)
        return kept

    def __set__(self, record: object, value: V) -> None:
        setattr(record, self.field, value)
