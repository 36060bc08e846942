"""Every Clan's tables (and flat records) of one kind made in one go, before the Clans are
structured one by one.

Each Clan holds small tables (its last turn's problems): twenty Clans' are 20 tables of a few
rows, and structuring them Clan by Clan checks each column and makes each table's records 20
times over. Before the state is structured,
`make_together` puts every Clan's table of one kind end to end, checks the columns and makes the
records once, through the converter's own hook for that table (the same checks), and hands each
Clan its share as made (`Prepared`, which the hooks take as it is). Any doubt (a Clan or a table
not laid out like the others, a cell the hook refuses) leaves the data as read: the Clans are
then structured one by one as before, and a bad cell is named by its Clan's own path.

A Clan's flat records (its stockpiles: a dozen whole numbers) are made the same way: every
Clan's record of one kind read as one table (a column per field), made by the table's hook,
each Clan handed its own record (`RECORDS`). (A Clan's short lists and words are not: made
together they cost more than one by one.)
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate, chain
from typing import Any

import cattrs

from conquest_tui.engine.core.state import Problem, Stockpile
from conquest_tui.storage.hooks import Made, Prepared

TABLES: tuple[tuple[tuple[str, ...], type], ...] = (
    (("last_turn", "problems"), Problem),
)
"""Where each Clan's tables of flat records are (the path inside a Clan) and their records (a
Clan's sightings and memory of cities are its knowledge, which a load keeps unread:
storage/saved_knowledge)."""

RECORDS: tuple[tuple[str, type], ...] = (("stock", Stockpile),)
"""Each Clan's flat records (every field a whole number, text or flag) made together: the
Clan's field and the record's class."""


def make_together(state: Any, converter: cattrs.Converter) -> None:
    """Make every Clan's tables of each kind in one go (in place: the data is the load's own);
    nothing changes where anything is not as the game writes it."""
    if state.__class__ is not dict or state.get("clans").__class__ is not list:
        return
    clans = state["clans"]
    if not clans or not set(map(type, clans)) <= {dict}:
        return
    for path, cls in TABLES:
        _tables_together(clans, path, cls, converter)
    for key, cls in RECORDS:
        _records_together(clans, key, cls, converter)


def _holder(clan: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any] | None:
    """The object holding the table's key (the Clan, or its last turn)."""
    holder: Any = clan
    for step in path[:-1]:
        holder = holder.get(step)
        if holder.__class__ is not dict:
            return None
    found: dict[str, Any] = holder
    return found


def _tables_together(clans: list[dict[str, Any]], path: tuple[str, ...], cls: type,
                     converter: cattrs.Converter) -> None:
    holders = [_holder(clan, path) for clan in clans]
    if None in holders:
        return
    key = path[-1]
    tables: list[Any] = [holder.get(key) for holder in holders if holder is not None]
    if not set(map(type, tables)) <= {dict} or len({frozenset(t) for t in tables}) != 1:
        return  # a table missing, not an object, or with columns another has not
    names = list(tables[0])
    if not names or not all(set(map(type, t.values())) <= {list, Made} for t in tables):
        return
    sizes = [len(t[names[0]]) for t in tables]
    if any(len(column) != size for t, size in zip(tables, sizes, strict=True)
           for column in t.values()):
        return
    columns = {name: _joined([t[name] for t in tables]) for name in names}
    records = _made(columns, list[cls], converter)  # type: ignore[valid-type]
    if records is None:
        return
    for holder, (start, end) in zip(holders, _spans(sizes), strict=True):
        if holder is not None:
            holder[key] = Prepared(records[start:end])


def _records_together(clans: list[dict[str, Any]], key: str, cls: type,
                      converter: cattrs.Converter) -> None:
    """Every Clan's record in `key` made as one table's rows, when every Clan has one, an
    object of the same fields as the others'."""
    records: list[Any] = [clan.get(key) for clan in clans]
    if not set(map(type, records)) <= {dict}:
        return  # a record missing or not an object: each Clan's own pass names it
    names = set(records[0])
    if not names or not all(record.keys() == names for record in records):
        return
    columns = {name: [record[name] for record in records] for name in names}
    made = _made(columns, list[cls], converter)  # type: ignore[valid-type]
    if made is None:
        return
    for clan, record in zip(clans, made, strict=True):
        clan[key] = Prepared(record)


def _joined(parts: list[list[Any]]) -> list[Any]:
    """One column of every Clan's table, end to end (made by the load if every part was)."""
    joined = list(chain.from_iterable(parts))
    return Made(joined) if all(part.__class__ is Made for part in parts) else joined


def _spans(sizes: list[int]) -> list[tuple[int, int]]:
    ends = list(accumulate(sizes))
    return list(zip([0, *ends[:-1]], ends, strict=True))


def _made(columns: Any, kind: Any, converter: cattrs.Converter) -> list[Any] | None:
    """The records the converter's hook makes of the joined columns, or None when it refuses
    any (the Clans' own passes then name it)."""
    hook: Callable[[Any, Any], Any] = converter.get_structure_hook(kind)
    try:
        made: list[Any] = hook(columns, kind)
    except Exception:  # noqa: BLE001 — refused here: the one-by-one pass names what is wrong
        return None
    return made
