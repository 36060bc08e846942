"""A game's hexes and past figures as a save holds them: checked on load a column at a time, made
on first use.

A late game's save holds one record per map hex (some 2,700 on Europe, 3,600 on a 60×60 map)
and one per Clan and game turn for the history's plots (600 in 30 turns of 20 Clans), written as
tables (one list per field: `hooks_tables`). A load needs none of them until a turn is played,
a map is shown or the history opened. So a load checks each table as read, a column at a time
in C: every field's column there (and nothing else), each a list of one length, every cell of
its field's class (`laid_out`); what each cell may hold (owners are Clans, structures are the
rules', defense within its levels, no amount below zero) is then checked on the columns by
`save_checks.check_state`, as before. Both hold, and the table is kept as read (`SavedTable`),
to be made into records at its first use (`GameState.hexes`, `GameState.turn_figures`), which
cannot fail; a table laid out otherwise (a column missing, a cell of another class) is made on
load as before, naming what is wrong. A save writes a table nobody asked for back as it was
read: the same columns, which are what writing the records would give.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import starmap
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from conquest_tui.engine.core.first_use import Source, kept_value
from conquest_tui.engine.core.state import SAVED_WHEN_SET, GameState, HexState, TurnFigures
from conquest_tui.storage.hooks import PRIMITIVES, cells_of, expected_kind, whole_numbers_text

KEPT: dict[str, type] = {"hexes": HexState, "turn_figures": TurnFigures}
"""The state's tables a load keeps as read: field → record class."""


@attrs.frozen
class _Layout:
    """A record class's columns: their names in the order the record takes its fields, and
    the classes each one's cells may be (a flag is not a whole number here)."""

    order: tuple[str, ...]
    classes: tuple[tuple[str, frozenset[type]], ...]


def _layout(cls: type) -> _Layout:
    fields = attrs.fields(attrs.resolve_types(cls))
    if not all(spec.init and spec.type in (int, str, bool) for spec in fields):
        raise ImportError(f"{cls.__name__}'s fields are no longer whole numbers, texts and flags")
    return _Layout(tuple(spec.name for spec in fields),
                   tuple((spec.name, PRIMITIVES[spec.type]) for spec in fields
                         if spec.type is not None))


_LAYOUTS = {cls: _layout(cls) for cls in KEPT.values()}
_WHOLE = PRIMITIVES[int]


def laid_out(value: Any, cls: type) -> dict[str, bytes] | None:
    """When a table of `cls` records as read has every column of the record and no other,
    each a list, all of one length, every cell of its field's class (each column in C): the
    JSON text of each column of whole numbers (`hooks.whole_numbers_text`, which its checks
    read again); else None."""
    layout = _LAYOUTS[cls]
    if value.__class__ is not dict or value.keys() != set(layout.order):
        return None
    columns = list(value.values())
    if set(map(type, columns)) != {list} or len(set(map(len, columns))) != 1:
        return None
    texts = {}
    for name, allowed in layout.classes:
        if allowed is _WHOLE:
            text = whole_numbers_text(value[name])
            if text is None:
                return None
            texts[name] = text
        elif not cells_of(value[name], allowed):
            return None
    return texts


@attrs.define(eq=False)
class SavedTable:
    """A table of records as the save holds it (one `laid_out` holds to), made into records
    when first read (a `Source`)."""

    cls: type
    columns: dict[str, list[Any]] | None
    """The table as read; None once the records are made."""
    count: int
    """How many records (the length of every column)."""
    texts: dict[str, bytes] = attrs.field(factory=dict)
    """The JSON text of each column of whole numbers as read (`laid_out`), while unread."""
    _built: list[Any] | None = None

    def read(self) -> list[Any]:
        """The records, made from the columns at the first read (the same list at every read:
        a state copied before it was read shares them with the original, as before)."""
        built = self._built
        if built is None:
            columns = self.columns or {}  # held until the records are made
            order = _LAYOUTS[self.cls].order
            built = self._built = list(starmap(self.cls, zip(*map(columns.__getitem__, order),
                                                              strict=True)))
            self.columns = None
            self.texts = {}
        return built

    def unread(self) -> dict[str, list[Any]] | None:
        """The table as read while nobody asked for the records, else None."""
        return self.columns


def count_of(state: GameState, name: str) -> int:
    """How many records a kept table of the state holds (`KEPT`), without making them."""
    kept = state.kept_table(name)
    return kept.count if isinstance(kept, SavedTable) else len(kept_value(kept))


def unread_columns(state: GameState, name: str) -> dict[str, list[Any]] | None:
    """A kept table of the state as the save held it, while its records were never made."""
    kept = state.kept_table(name)
    return kept.unread() if isinstance(kept, SavedTable) else None


def unread_texts(state: GameState, name: str) -> dict[str, bytes]:
    """The JSON text of each whole-number column of a kept table, while its records were never
    made (`SavedTable.texts`; else none)."""
    kept = state.kept_table(name)
    return kept.texts if isinstance(kept, SavedTable) else {}


def _is_state(t: Any) -> bool:
    return t is GameState


def _structure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    lazy = not converter.detailed_validation  # the detailed pass names a bad field: it builds

    def kept_as_read(cls: type) -> Callable[[Any, Any], Any]:
        table = converter.get_structure_hook(list[cls])  # type: ignore[valid-type]

        def structure(value: Any, _: Any) -> list[Any] | Source[list[Any]]:
            texts = laid_out(value, cls) if lazy else None
            if texts is not None:
                return SavedTable(cls, value, len(next(iter(value.values()))), texts)
            made: list[Any] = table(value, list[cls])  # type: ignore[valid-type]
            return made

        return structure

    # Any: cattrs takes the overrides as keyword arguments beside its own flags
    renamed: dict[str, Any] = {f"_{name}": override(rename=name, struct_hook=kept_as_read(cls))
                               for name, cls in KEPT.items()}
    generated = make_dict_structure_fn(GameState, converter, **renamed)

    def structure_state(value: Any, _: Any) -> GameState:
        if value.__class__ is not dict:
            raise expected_kind(dict, value)
        made: GameState = generated(value, GameState)
        return made

    return structure_state


def _unstructure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    def as_read(cls: type) -> Callable[[Any], Any]:
        table = converter.get_unstructure_hook(list[cls])  # type: ignore[valid-type]

        def unstructure(kept: Any) -> Any:
            if isinstance(kept, SavedTable):
                columns = kept.unread()
                return columns if columns is not None else table(kept.read())
            return table(kept)

        return unstructure

    # a field saved only when set (`SAVED_WHEN_SET`), as for every record (storage/hooks)
    fields: dict[str, Any] = {field.name: override(omit_if_default=True)
                              for field in attrs.fields(GameState)
                              if field.metadata.get(SAVED_WHEN_SET)}
    fields.update({f"_{name}": override(rename=name, unstruct_hook=as_read(cls))
                   for name, cls in KEPT.items()})
    generated: Callable[[Any], Any] = make_dict_unstructure_fn(GameState, converter, **fields)
    return generated


def register(converter: cattrs.Converter) -> None:
    """The state's hexes and past figures are kept as read by a load and made when first used;
    a save writes them back unread (registered after the table hooks: they are tables)."""
    converter.register_structure_hook_factory(_is_state, _structure_factory)
    converter.register_unstructure_hook_factory(_is_state, _unstructure_factory)
