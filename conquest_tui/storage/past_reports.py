"""How a Clan's past reports are written in a save: each zlib-packed against the one before.

The engine keeps each past report as the text the Clan read (`core/state.PastReport`); the save
holds it packed: compressed with zlib against the report before it (a report repeats most of the
last one, so that packs 3–4 times smaller), every `KEYFRAME`th on its own, in base64 under
`packed` (the layout saves have had since past reports were kept). A report that cannot be
unpacked loads as `engine/reports/past_reports.UNREADABLE`, not as a refused save: it is a
record of what was shown, and the game goes on without it.

A save that keeps its sheet log (storage/sheet_log.py) keeps the text of the last `WINDOW` game
turns' reports only, each packed on its own; an older one is written with nothing under
`packed` and loads as `NOT_KEPT`: it is rebuilt by replaying the log when it is read
(session/past_rebuild.py). Whether a stream was packed against the report before is in its
zlib header (a preset dictionary), so a load reads both layouts alike.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import attrs
import cattrs

from conquest_tui.engine.core.state import PastReport
from conquest_tui.engine.reports.past_reports import NOT_KEPT, UNREADABLE

KEYFRAME = 8
"""Every 8th report is packed on its own; the others against the report before them."""
WINDOW = 3
"""A save with a sheet log keeps the text of its last 3 game turns' reports (each Clan's)."""
_FDICT = 0x20
"""The zlib header's flag for a stream packed against a preset dictionary (RFC 1950)."""

_windows: list[int] = []
"""While a save with a sheet log is written: the game turns of reports it keeps."""


@contextmanager
def keeping_last(turns: int | None) -> Iterator[None]:
    """Within this, past reports are written as a save with a sheet log writes them: the last
    `turns` game turns' texts, each on its own (None: every report, as before)."""
    if turns is None:
        yield
        return
    _windows.append(turns)
    try:
        yield
    finally:
        _windows.pop()


@attrs.define
class PackedReport:
    """One past report as a save writes it (the columns of `Clan.past_reports`)."""

    game_turn: int
    summary: str = ""
    packed: str = ""
    """The report's text, zlib-compressed against the report before it, in base64."""


def _against_previous(position: int) -> bool:
    return position % KEYFRAME != 0


@lru_cache(maxsize=128)
def pack(text: str, previous: str = "") -> str:
    """The text zlib-compressed (against `previous` when given), in base64 (fast in C). The
    last few are kept: a Clan's newest report is packed again by every save until the game is
    loaded anew (then it is written as read)."""
    packer = zlib.compressobj(9, zdict=previous.encode()) if previous else zlib.compressobj(9)
    data = packer.compress(text.encode()) + packer.flush()
    return base64.b64encode(data).decode("ascii")


def unpack(packed: str, previous: str = "") -> str:
    """The text `pack` packed; ValueError (or zlib.error) when it was damaged."""
    data = base64.b64decode(packed.encode("ascii"), validate=True)
    unpacker = zlib.decompressobj(zdict=previous.encode()) if previous else zlib.decompressobj()
    return (unpacker.decompress(data) + unpacker.flush()).decode()


def _needs_previous(packed: str) -> bool:
    """Whether the stream was packed against the report before (its header says so)."""
    head = base64.b64decode(packed[:4].encode("ascii"), validate=True)
    return len(head) > 1 and bool(head[1] & _FDICT)


@attrs.define(eq=False)
class NotKept:
    """A past report the save did not keep: its text is rebuilt by replay (`NOT_KEPT`)."""

    def read(self) -> str:
        """The marker the session rebuilds."""
        return NOT_KEPT


@attrs.define(eq=False)
class PackedText:
    """A past report's text as a save holds it, unpacked when first read (against the text of
    the report before it, `previous`, unless it is a keyframe)."""

    packed: str
    previous: PackedText | None = None
    _text: str | None = None

    def unread(self) -> bool:
        """Whether the text was never asked for (still packed only)."""
        return self._text is None

    def standalone(self) -> bool:
        """Whether the text was packed on its own (not against the report before)."""
        try:
            return not _needs_previous(self.packed)
        except ValueError:
            return False

    def read(self) -> str:
        """The text; UNREADABLE when it (or the report it was packed against) is damaged."""
        if self._text is None:
            try:
                needed = _needs_previous(self.packed)
                base = self.previous.read() if needed and self.previous is not None else ""
                if base in (UNREADABLE, NOT_KEPT) or (needed and not base):
                    self._text = UNREADABLE
                else:
                    self._text = unpack(self.packed, base)
            except (ValueError, zlib.error, UnicodeDecodeError):
                self._text = UNREADABLE
        return self._text


def packed(reports: list[PastReport]) -> list[PackedReport]:
    """The reports as the save writes them: a report read from a save and still packed against
    the same report before it is written as it was read, without unpacking it."""
    if _windows:
        return _kept_last(reports, _windows[-1])
    out: list[PackedReport] = []
    for position, report in enumerate(reports):
        before = reports[position - 1] if _against_previous(position) else None
        kept = report.kept
        if isinstance(kept, PackedText) and (
                kept.previous is reports[position - 1].kept if before is not None
                else position == 0 or kept.standalone()):
            out.append(PackedReport(report.game_turn, report.summary, kept.packed))
            continue
        base = before.text if before is not None else ""
        out.append(PackedReport(report.game_turn, report.summary, pack(report.text, base)))
    return out


def _kept_last(reports: list[PastReport], turns: int) -> list[PackedReport]:
    """The reports of the last `turns` game turns, the oldest packed on its own and each later
    one against the report before it (from save version 9); older ones without their text
    (rebuilt by replay when read). A report read from the save and still packed the way it
    would be packed now is written as it was read."""
    newest = reports[-1].game_turn if reports else 0
    out: list[PackedReport] = []
    before: PastReport | None = None
    for report in reports:
        kept = report.kept
        if report.game_turn <= newest - turns or isinstance(kept, NotKept):
            out.append(PackedReport(report.game_turn, report.summary, ""))
            before = None
            continue
        if isinstance(kept, PackedText) and (
                kept.standalone() if before is None
                else kept.previous is before.kept and not kept.standalone()):
            text = kept.packed
        else:
            text = pack(report.text, before.text if before is not None else "")
        out.append(PackedReport(report.game_turn, report.summary, text))
        before = report
    return out


def unpacked(rows: list[PackedReport]) -> list[PastReport]:
    """The reports as the Clan read them, each text unpacked when first read; a damaged one
    (and the ones packed against it, until the next keyframe) reads as UNREADABLE; one the save
    did not keep reads as NOT_KEPT."""
    return _unpacked_columns([row.game_turn for row in rows], [row.summary for row in rows],
                             [row.packed for row in rows])


_NOT_KEPT = NotKept()
"""Every report a save did not keep reads through this one (it holds nothing of its own)."""
_COLUMNS = frozenset(spec.name for spec in attrs.fields(PackedReport))


def _unpacked_columns(turns: list[int], summaries: list[str],
                      texts: list[str]) -> list[PastReport]:
    out: list[PastReport] = []
    previous: PackedText | None = None
    for game_turn, summary, packed_text in zip(turns, summaries, texts, strict=True):
        if not packed_text:
            out.append(PastReport(game_turn, summary, _NOT_KEPT))
            previous = None
            continue
        text = PackedText(packed_text, previous)  # its header says whether it needs it
        out.append(PastReport(game_turn, summary, text))
        previous = text
    return out


def _plain_columns(value: Any) -> bool:
    """Whether a table of past reports as read has its three columns, lists of one length,
    whole numbers and texts (in C: checked a column at a time); anything else goes through the
    table's hook, which names what is wrong."""
    if value.__class__ is not dict or value.keys() != _COLUMNS:
        return False
    columns = (value["game_turn"], value["summary"], value["packed"])
    return (set(map(type, columns)) == {list} and len(set(map(len, columns))) == 1
            and set(map(type, columns[0])) <= {int} and set(map(type, columns[1])) <= {str}
            and set(map(type, columns[2])) <= {str})


@attrs.define(eq=False)
class SavedReports:
    """A Clan's past reports as the save holds them (three columns `_plain_columns` holds to),
    made into records when first read (a `Source`: the history, or a save)."""

    columns: tuple[list[int], list[str], list[str]] | None
    """The game turns, the summaries and the packed texts as read; None once made."""
    _built: list[PastReport] | None = None

    def read(self) -> list[PastReport]:
        """The reports, each text still packed until it is read (the same list every time)."""
        built = self._built
        if built is None:
            built = self._built = _unpacked_columns(*(self.columns or ([], [], [])))
            self.columns = None
        return built

    def game_turns(self) -> list[int] | None:
        """The reports' game turns as read, while they were never made (for the load's
        checks), else None."""
        return None if self.columns is None else self.columns[0]


def kept_as_read(converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """The hook of `Clan.past_reports` as a load reads it: three plain columns are kept as read
    (`SavedReports`), anything else made at once by the list's hook, naming what is wrong."""
    table = converter.get_structure_hook(list[PastReport])
    fast = not converter.detailed_validation  # the detailed pass names a bad field

    def structure(value: Any, _: Any) -> Any:
        if fast and _plain_columns(value):
            return SavedReports((value["game_turn"], value["summary"], value["packed"]))
        return table(value, list[PastReport])

    return structure


def written(converter: cattrs.Converter) -> Callable[[Any], Any]:
    """The hook of `Clan.past_reports` as a save writes it: packed, as every save packs them
    (reports kept as read are made first: `packed` writes those still packed as read)."""
    table = converter.get_unstructure_hook(list[PastReport])
    return lambda kept: table(kept.read() if isinstance(kept, SavedReports) else kept)


def _is_past_reports(t: Any) -> bool:
    return bool(t == list[PastReport])


def _structure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    table = converter.get_structure_hook(list[PackedReport])
    fast = not converter.detailed_validation  # the detailed pass names a bad field

    def structure(value: Any, _: Any) -> list[PastReport]:
        if fast and _plain_columns(value):  # no rows made only to be read once
            return _unpacked_columns(value["game_turn"], value["summary"], value["packed"])
        return unpacked(table(value, list[PackedReport]))

    return structure


def _unstructure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    table = converter.get_unstructure_hook(list[PackedReport])
    return lambda reports: table(packed(reports))


def register(converter: cattrs.Converter) -> None:
    """Past reports are packed as they are written and unpacked as they are read (registered
    after the table hooks: the packed rows are a table)."""
    converter.register_structure_hook_factory(_is_past_reports, _structure_factory)
    converter.register_unstructure_hook_factory(_is_past_reports, _unstructure_factory)
