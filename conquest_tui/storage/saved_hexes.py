"""A game's hexes as a save holds them: checked on load a column at a time, built on first use.

A late game's save holds one record per map hex (some 2,700 on Europe, 3,600 on a 60×60 map),
written as a table (one list per field: `hooks_tables`). A load needs none of them until a
turn is played or a map is shown, and building them is a third of what it does with the data.
So a load checks the table as read, a column at a time in C: every field's column there (and
nothing else), each a list of one length, every cell of its field's class (`laid_out`); what
each cell may hold (owners are Clans, structures are the rules', defense within its levels) is
then checked on the columns by `save_checks.check_state`, as before. Both hold, and the table
is kept as read (`SavedHexes`), to be made into records at its first use (`GameState.hexes`),
which cannot fail; a table laid out otherwise (a column missing, a cell of another class) is
built on load as before, naming what is wrong. A save writes hexes nobody asked for back as
they were read: the same columns, which are what writing the records would give.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import starmap
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from conquest_tui.engine.core.state import SAVED_WHEN_SET, GameState, HexSource, HexState
from conquest_tui.storage.hooks import PRIMITIVES, expected_kind

_FIELDS = attrs.fields(attrs.resolve_types(HexState))
ORDER = tuple(spec.name for spec in _FIELDS)
"""The columns in the order a hex's record takes its fields."""
COLUMNS = frozenset(ORDER)
_CLASSES: tuple[tuple[str, frozenset[type]], ...] = tuple(
    (spec.name, PRIMITIVES[spec.type]) for spec in _FIELDS if spec.type is not None)
"""Each column's name and the classes its cells may be (a flag is not a whole number here)."""
if not all(spec.init and spec.type in (int, str, bool) for spec in _FIELDS):
    raise ImportError("a hex's fields are no longer whole numbers, texts and flags only")


def laid_out(value: Any) -> bool:
    """Whether a table of hexes as read has every column of a hex and no other, each a list,
    all of one length, every cell of its field's class (each column checked in C)."""
    if value.__class__ is not dict or value.keys() != COLUMNS:
        return False
    columns = list(value.values())
    if set(map(type, columns)) != {list} or len(set(map(len, columns))) != 1:
        return False
    return all(set(map(type, value[name])) <= allowed for name, allowed in _CLASSES)


@attrs.define(eq=False)
class SavedHexes:
    """A game's hexes as the save holds them (a table `laid_out` holds to), made into records
    when first read (`HexSource`)."""

    columns: dict[str, list[Any]] | None
    """The table as read; None once the records are made."""
    count: int
    """How many hexes (the length of every column)."""
    _built: list[HexState] | None = None

    def read(self) -> list[HexState]:
        """The hexes, made from the columns at the first read (the same list at every read:
        a game copied before it was read shares its hexes with the original, as before)."""
        built = self._built
        if built is None:
            columns = self.columns or {}  # held until the records are made
            built = self._built = list(starmap(HexState, zip(*map(columns.__getitem__, ORDER),
                                                              strict=True)))
            self.columns = None
        return built

    def unread(self) -> dict[str, list[Any]] | None:
        """The table as read while nobody asked for the hexes, else None."""
        return self.columns


def hex_count(state: GameState) -> int:
    """How many hexes the state holds, without making them."""
    kept = state.kept_hexes()
    return kept.count if isinstance(kept, SavedHexes) else len(state.hexes)


def unread_columns(state: GameState) -> dict[str, list[Any]] | None:
    """The hexes' table as the save held it, while they were never made into records."""
    kept = state.kept_hexes()
    return kept.unread() if isinstance(kept, SavedHexes) else None


def _is_state(t: Any) -> bool:
    return t is GameState


def _structure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    table = converter.get_structure_hook(list[HexState])
    lazy = not converter.detailed_validation  # the detailed pass names a bad field: it builds

    def hexes(value: Any, _: Any) -> list[HexState] | HexSource:
        if lazy and laid_out(value):
            return SavedHexes(value, len(value["owner"]))
        made: list[HexState] = table(value, list[HexState])
        return made

    # Any: cattrs takes the overrides as keyword arguments beside its own flags
    renamed: dict[str, Any] = {"_hexes": override(rename="hexes", struct_hook=hexes)}
    generated = make_dict_structure_fn(GameState, converter, **renamed)

    def structure_state(value: Any, _: Any) -> GameState:
        if value.__class__ is not dict:
            raise expected_kind(dict, value)
        made: GameState = generated(value, GameState)
        return made

    return structure_state


def _unstructure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    table = converter.get_unstructure_hook(list[HexState])

    def hexes(kept: Any) -> Any:
        if isinstance(kept, SavedHexes):
            columns = kept.unread()
            return columns if columns is not None else table(kept.read())
        return table(kept)

    # a field saved only when set (`SAVED_WHEN_SET`), as for every record (storage/hooks)
    fields: dict[str, Any] = {field.name: override(omit_if_default=True)
                              for field in attrs.fields(GameState)
                              if field.metadata.get(SAVED_WHEN_SET)}
    fields["_hexes"] = override(rename="hexes", unstruct_hook=hexes)
    generated: Callable[[Any], Any] = make_dict_unstructure_fn(GameState, converter, **fields)
    return generated


def register(converter: cattrs.Converter) -> None:
    """A game's hexes are kept as read by a load and made when first used; a save writes them
    back unread (registered after the table hooks: the hexes are a table)."""
    converter.register_structure_hook_factory(_is_state, _structure_factory)
    converter.register_unstructure_hook_factory(_is_state, _unstructure_factory)
