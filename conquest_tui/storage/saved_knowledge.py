"""A Clan's knowledge as a save holds it: kept as read by a load, made and checked on first use.

Each Clan knows the hexes it has seen, what it last learned of each city, the convoys it
sighted and its spies' reports (`state.KNOWLEDGE`): some 60 KB of a late 20-Clan game's save,
a tenth of what a load would make and check, and a load that opens one Clan's seat or plays
one Clan's turn needs only that Clan's. So a load keeps each field as read (`SavedKnowledge`:
a dict or a list, as its hook takes it, its length already bounded by `preflight`), and its
first use makes it with the converter (a cell of the wrong kind: FieldError naming it) and
checks it as a load checks it (`save_checks.clan_checks`: hexes of the map, owners that are
Clans, no amount below zero). A bad one is refused in the load's own sentence, naming the file
and the field ("damaged.json: state.clans[1].city_memory["0412"].owner: 99 is not a Clan"), at
its first use and every later one. The next Clan's knowledge is read on load
(`Clan.read_for_play`), so a damaged one is refused there, and a table reads every Clan's before
a turn runs or a seat opens. A save writes knowledge nobody asked for back as it was read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_origin

import attrs
import cattrs

from conquest_tui.engine.core.state import KNOWLEDGE, Clan
from conquest_tui.storage.field_errors import FieldError
from conquest_tui.storage.hooks_tables import is_table
from conquest_tui.storage.save_checks import KeptCheck, SaveCheckError
from conquest_tui.storage.save_list import SaveError, save_error

Build = Callable[[Any, Any, str], Any]
"""`converter.structure(data, cls, path)`: the value, or FieldError naming the first bad field."""


@attrs.define(eq=False)
class SavedKnowledge:
    """One field of a Clan's knowledge as the save holds it, made and checked when first read.
    `source` (the file), `base` (the Clan's path) and `check` are given once the load has
    structured the state (`name_knowledge`)."""

    value: Any
    """The dict or list as read."""
    kind: Any
    """The field's type (`dict[str, CityMemory]` …)."""
    name: str
    build: Build
    source: str = "the save"
    base: str = "state.clans[0]"
    check: KeptCheck | None = None
    _refused: SaveError | None = None

    def read(self) -> Any:
        """The value made; SaveError naming the file and the first bad field when it does not
        hold (raised again on every later use)."""
        if self._refused is not None:
            raise self._refused
        where = f"{self.base}.{self.name}"
        try:
            made = self.build(self.value, self.kind, where)
            if self.check is not None:
                self.check(self.base, self.name, made)
        except (FieldError, SaveCheckError) as exc:
            self._refused = save_error(self.source, str(exc))
            raise self._refused from None
        return made


def _held_as(kind: Any) -> type:
    """What a save holds a field of this type as: an object (a dict, or a table of records by
    column) or a list."""
    return dict if get_origin(kind) is dict or is_table(kind) else list


def kept_as_read(converter: cattrs.Converter, name: str, kind: Any,
                 build: Build) -> Callable[[Any, Any], Any]:
    """The hook of one of a Clan's `KNOWLEDGE` fields as a load reads it: a dict or list as the
    field is held is kept as read; anything else is made at once by the type's hook (naming
    what is wrong), as every field is by the detailed pass that names a bad field."""
    made = converter.get_structure_hook(kind)
    held = _held_as(kind)
    lazy = not converter.detailed_validation

    def structure(value: Any, _: Any) -> Any:
        if lazy and value.__class__ is held:
            return SavedKnowledge(value, kind, name, build)
        return made(value, kind)

    return structure


def written(converter: cattrs.Converter, kind: Any) -> Callable[[Any], Any]:
    """The hook of one of a Clan's `KNOWLEDGE` fields as a save writes it: a value nobody read
    as it was read (what writing it made would give), else as the type's hook writes it."""
    unstructure = converter.get_unstructure_hook(kind)

    def write(kept: Any) -> Any:
        return kept.value if isinstance(kept, SavedKnowledge) else unstructure(kept)

    return write


def name_knowledge(clans: list[Clan], source: str, check: KeptCheck) -> None:
    """Tell each Clan's unread knowledge which file and field it is and how a load checks it."""
    for number, clan in enumerate(clans):
        for name in KNOWLEDGE:
            kept = clan.kept_knowledge(name)
            if isinstance(kept, SavedKnowledge):
                kept.source = source
                kept.base = f"state.clans[{number}]"
                kept.check = check


def make_now(clans: list[Clan], check: KeptCheck) -> None:
    """Make and check every Clan's knowledge kept as read, at once (a position no load has
    checked: the sheet log's opening, `session/replay`); FieldError or SaveCheckError naming
    the first bad field, as structuring and `check_state` name it."""
    for number, clan in enumerate(clans):
        base = f"state.clans[{number}]"
        for name in KNOWLEDGE:
            kept = clan.kept_knowledge(name)
            if isinstance(kept, SavedKnowledge):
                made = kept.build(kept.value, kept.kind, f"{base}.{name}")
                check(base, name, made)
                setattr(clan, name, made)
