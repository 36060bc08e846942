"""A Clan's last turn's events and its mail as a save holds them: kept as read, built on first use.

A late game's save holds some 4,000 last-turn events (a few hundred a Clan), half of what a load
would read, build and check; a load needs none of them until a Clan's report is shown, its turn
is played or its history replayed. From save version 9 a save writes each Clan's table as its
JSON text zlib-packed in base64 (`table_text`: a Clan's mail, which repeats itself turn after
turn, packs 4–5 times smaller; versions 7 and 8 wrote the JSON text itself, its double and
single quotes swapped, `{'kind':['move',...],...}`, and a load still reads that), so a load does
not even read it: it keeps the text (`SavedEvents`), and the first use of `LastTurn.events` reads
it (its length and nesting held to what a load allows: `preflight.events_table`), checks every
event against what its kind needs (`event_checks`) and builds them; a bad one is then refused
as a load refuses it, one sentence naming the file and the field ("damaged.json:
state.clans[1].last_turn.events[3].facts.cost: is missing"). A save writes a last turn nobody
asked for back as it was read (the same text). A table written as an object (saves before
version 7) is kept as read after a cheap check of its layout (the columns of an event, lists of
one length), or built (and refused) on load when not so laid out, as before.

A Clan's mail (every message it sent and received, all game long: some 1,600 events in a late
20-Clan game of bots) is written and read the same way from version 7 (`Clan.mail`); a mail
written as an object (version 6) is checked and built on load, as before. A Clan's inbox is
written as an object (its table) and, when `laid_out`, kept as read the same way (`Clan.inbox`):
its cells (numbers, texts, the words naming each event's kind and phase) are checked when first
used, like the events of a text, and it is written back as the table it read.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import attrs
import cattrs
import orjson
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from conquest_tui.engine.core.first_use import held_type
from conquest_tui.engine.core.state import KNOWLEDGE, Clan, Event, LastTurn
from conquest_tui.storage import past_reports, saved_knowledge
from conquest_tui.storage.event_checks import name_the_first, prepare_saved_events
from conquest_tui.storage.field_errors import FieldError
from conquest_tui.storage.hooks import expected_kind
from conquest_tui.storage.save_checks import SaveCheckError
from conquest_tui.storage.save_list import SaveError, save_error

Build = Callable[[Any, Any, str], Any]
"""`converter.structure(data, cls, path)`: the records, or FieldError naming the first bad field."""

_SWAP = bytes.maketrans(b"\"'", b"'\"")
"""Double quotes for single ones and back: a table's JSON text as a save's string holds it."""


UNPACKED_MAX = 16 << 20
"""The most a packed table may unpack to (a hostile save's zlib bomb is refused)."""


class TableDamaged(ValueError):
    """A packed table that cannot be unpacked; str() is the reason in a few words."""


def table_text(table: Any) -> str:
    """A table of events as a save writes it (from save version 9): its JSON text (sorted keys),
    zlib-packed, in base64 (a Clan's mail repeats itself: it packs 4–5 times smaller)."""
    return _packed(orjson.dumps(table, option=orjson.OPT_SORT_KEYS))


@lru_cache(maxsize=64)
def _packed(data: bytes) -> str:
    """The JSON text packed (the last 64 kept, a save's worth for 20 Clans' mail and last
    turns: most of them have not changed since the save before)."""
    return base64.b64encode(zlib.compress(data, 6)).decode("ascii")


def text_table(text: str) -> Any:
    """What `table_text` wrote, or (save versions 7 and 8) the table's JSON text with its double
    and single quotes swapped, which begins with "{" where base64 never does;
    orjson.JSONDecodeError when the text is no JSON, TableDamaged when it cannot be unpacked."""
    if text.startswith("{"):
        return orjson.loads(text.encode().translate(_SWAP))
    try:
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(base64.b64decode(text.encode("ascii"), validate=True),
                                   UNPACKED_MAX)
    except (ValueError, zlib.error) as error:
        raise TableDamaged("it cannot be unpacked") from error
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise TableDamaged("it cannot be unpacked" if not unpacker.unconsumed_tail else
                           f"it unpacks to more than {UNPACKED_MAX >> 20} MB")
    return orjson.loads(data)


COLUMNS = frozenset(spec.name for spec in attrs.fields(Event))
"""The columns an events table is written with (every field of an event)."""


@attrs.define(eq=False)
class SavedEvents:
    """One Clan's last-turn events or mail as the save holds them, read when first asked for:
    the text of a table (one list per field, `table_text`), or the table as read (saves before
    version 7). `source` (the file) and `where` (the field's path) name a bad one."""

    table: dict[str, Any] | str
    build: Build
    """The converter's `structure` (a FieldError naming the first bad field)."""
    source: str = "the save"
    where: str = "state.clans[0].last_turn.events"
    _refused: SaveError | None = None

    def read(self) -> list[Event]:
        """The events; SaveError naming the file and the first bad field when one does not
        hold to what its kind needs (raised again on every later use)."""
        if self._refused is not None:
            raise self._refused
        try:
            return self._built()
        except SaveError as exc:
            self._refused = exc
            raise

    def text(self) -> str:
        """The table as a save writes it: the text as read when it was packed, else packed
        (a table, or an older save's unpacked text: read again, not built or checked; a damaged
        one is written as read, to be refused when used)."""
        if not isinstance(self.table, str):
            return table_text(self.table)
        if self.table.startswith("{"):
            try:
                return table_text(text_table(self.table))
            except (ValueError, UnicodeEncodeError):  # no JSON (JSONDecodeError is one)
                pass
        return self.table

    def _opened(self) -> dict[str, Any]:
        """The table, read from its text when it is one: refused, naming the field, when the
        text is not JSON, not an object, or longer or deeper than a save's tables are."""
        if not isinstance(self.table, str):
            return dict(self.table)  # checking makes columns anew: the table as read stays
        from conquest_tui.storage.preflight import events_table  # the rules' engine: when used

        try:
            table = text_table(self.table)
        except orjson.JSONDecodeError as exc:
            raise save_error(self.source, f"{self.where}: is not a table of events "
                                          f"({str(exc).split(':')[0].lower()})") from None
        except UnicodeEncodeError:  # a lone surrogate ("\ud800") in the string
            raise save_error(self.source, f"{self.where}: is not a table of events "
                                          "(text no file can hold)") from None
        except TableDamaged as exc:
            raise save_error(self.source, f"{self.where}: is not a table of events "
                                          f"({exc})") from None
        if table.__class__ is not dict:
            raise save_error(self.source, f"{self.where}: expected a table of events")
        events_table(table, self.where, self.source)
        opened: dict[str, Any] = table
        return opened

    def _built(self) -> list[Event]:
        table = self._opened()
        holds = prepare_saved_events({"clans": [{"inbox": table}]})  # a table of events
        try:
            events: list[Event] = self.build(table, list[Event], self.where)
        except FieldError as exc:
            raise save_error(self.source, str(exc)) from None
        if not holds:
            try:
                name_the_first(events, self.where)
            except SaveCheckError as exc:
                raise save_error(self.source, str(exc)) from None
        return events


def laid_out(value: Any) -> bool:
    """Whether a table as read has an event's columns, each a list, all of one length: it is
    kept as read, every cell left to its first use (a table that is not so is built on load,
    naming what is wrong). A kept table whose cells all hold is the table its events write."""
    if value.__class__ is not dict or value.keys() != COLUMNS:
        return False
    columns = list(value.values())
    return set(map(type, columns)) == {list} and len(set(map(len, columns))) == 1


def name_sources(clans: list[Any], source: str) -> None:
    """Tell each Clan's unread events, inbox and mail which file and field they are (for a refusal's
    words)."""
    for number, clan in enumerate(clans):
        for kept, where in ((clan.last_turn.kept_events(), "last_turn.events"),
                            (clan.kept_inbox(), "inbox"), (clan.kept_mail(), "mail")):
            if isinstance(kept, SavedEvents):
                kept.source = source
                kept.where = f"state.clans[{number}].{where}"


def _is_last_turn(t: Any) -> bool:
    return t is LastTurn


Factory = Callable[[Any, cattrs.Converter], Callable[[Any, Any], Any]]


def _structure_factory(build: Build) -> Factory:
    def factory(_: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
        return _structure_last_turn(converter, build)

    return factory


def _structure_last_turn(converter: cattrs.Converter, build: Build) -> Callable[[Any, Any], Any]:
    table = converter.get_structure_hook(list[Event])
    lazy = not converter.detailed_validation  # the detailed pass names a bad field: it builds

    def events(value: Any, _: Any) -> Any:
        if value.__class__ is str or (lazy and laid_out(value)):
            return SavedEvents(value, build)  # a text is read (and checked) when first used
        return table(value, list[Event])

    # Any: cattrs takes the overrides as keyword arguments beside its own flags
    renamed: dict[str, Any] = {"_events": override(rename="events", struct_hook=events)}
    generated = make_dict_structure_fn(LastTurn, converter, **renamed)

    def structure_last_turn(value: Any, _: Any) -> LastTurn:
        if value.__class__ is not dict:
            raise expected_kind(dict, value)
        made: LastTurn = generated(value, LastTurn)
        return made

    return structure_last_turn


def _as_text(converter: cattrs.Converter) -> Callable[[Any], str]:
    """Events as a save writes them: the JSON text of their table (an unread source's text as
    it was read)."""
    table = converter.get_unstructure_hook(list[Event])

    def events(kept: Any) -> str:
        if isinstance(kept, SavedEvents):
            return kept.text()
        return table_text(table(kept))

    return events


def _unstructure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    renamed: dict[str, Any] = {"_events": override(rename="events",
                                                   unstruct_hook=_as_text(converter))}
    generated: Callable[[Any], Any] = make_dict_unstructure_fn(LastTurn, converter, **renamed)
    return generated


def _as_table(converter: cattrs.Converter) -> Callable[[Any], Any]:
    """Events as a save writes an inbox: their table, one list per field (an unread source's
    table as it was read)."""
    table = converter.get_unstructure_hook(list[Event])

    def events(kept: Any) -> Any:
        if isinstance(kept, SavedEvents):
            return kept.table
        return table(kept)

    return events


def _is_clan(t: Any) -> bool:
    return t is Clan


def _structure_clan_factory(build: Build) -> Factory:
    def factory(_: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
        table = converter.get_structure_hook(list[Event])

        lazy = not converter.detailed_validation  # the detailed pass names a bad field: it builds

        def mail(value: Any, _: Any) -> Any:
            if value.__class__ is str:
                return SavedEvents(value, build, where="state.clans[0].mail")
            return table(value, list[Event])  # as an object (version 6): checked on load

        def inbox(value: Any, _: Any) -> Any:
            if lazy and laid_out(value):  # read (and checked) when first used
                return SavedEvents(value, build, where="state.clans[0].inbox")
            return table(value, list[Event])

        # Any: cattrs takes the overrides as keyword arguments beside its own flags
        renamed: dict[str, Any] = {
            "_inbox": override(rename="inbox", struct_hook=inbox),
            "_mail": override(rename="mail", struct_hook=mail),
            "_past_reports": override(rename="past_reports",
                                      struct_hook=past_reports.kept_as_read(converter))}
        renamed.update({f"_{name}": override(rename=name, struct_hook=saved_knowledge.kept_as_read(
            converter, name, kind, build)) for name, kind in _knowledge_types().items()})
        generated = make_dict_structure_fn(Clan, converter, **renamed)

        def structure_clan(value: Any, _: Any) -> Clan:
            if value.__class__ is not dict:
                raise expected_kind(dict, value)
            made: Clan = generated(value, Clan)
            return made

        return structure_clan

    return factory


def _knowledge_types() -> dict[str, Any]:
    """Each of a Clan's `KNOWLEDGE` fields and the type of its value (a save's record of it)."""
    fields = attrs.fields_dict(attrs.resolve_types(Clan))
    return {name: held_type(fields[f"_{name}"].type) for name in KNOWLEDGE}


def _unstructure_clan_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    renamed: dict[str, Any] = {
        "_inbox": override(rename="inbox", unstruct_hook=_as_table(converter)),
        "_mail": override(rename="mail", unstruct_hook=_as_text(converter)),
        "_past_reports": override(rename="past_reports",
                                  unstruct_hook=past_reports.written(converter))}
    renamed.update({f"_{name}": override(rename=name,
                                         unstruct_hook=saved_knowledge.written(converter, kind))
                    for name, kind in _knowledge_types().items()})
    generated: Callable[[Any], Any] = make_dict_unstructure_fn(Clan, converter, **renamed)
    return generated


def register(converter: cattrs.Converter, build: Build) -> None:
    """A last turn's events and a Clan's mail are kept as read by a load, built by `build`
    (the converter's `structure`, naming a bad field) when first used and written back unread
    by a save (registered after the table hooks: the events are a table)."""
    converter.register_structure_hook_factory(_is_last_turn, _structure_factory(build))
    converter.register_unstructure_hook_factory(_is_last_turn, _unstructure_factory)
    converter.register_structure_hook_factory(_is_clan, _structure_clan_factory(build))
    converter.register_unstructure_hook_factory(_is_clan, _unstructure_clan_factory)
