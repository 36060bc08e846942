"""How a Clan's past reports are written in a save: each zlib-packed against the one before.

The engine keeps each past report as the text the Clan read (`core/state.PastReport`); the save
holds it packed: compressed with zlib against the report before it (a report repeats most of the
last one, so that packs 3–4 times smaller), every `KEYFRAME`th on its own, in base64 under
`packed` (the layout saves have had since past reports were kept). A report that cannot be
unpacked loads as `engine/reports/past_reports.UNREADABLE`, not as a refused save: it is a
record of what was shown, and the game goes on without it.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import attrs
import cattrs

from conquest_tui.engine.core.state import PastReport
from conquest_tui.engine.reports.past_reports import UNREADABLE

KEYFRAME = 8
"""Every 8th report is packed on its own; the others against the report before them."""


@attrs.define
class PackedReport:
    """One past report as a save writes it (the columns of `Clan.past_reports`)."""

    game_turn: int
    summary: str = ""
    packed: str = ""
    """The report's text, zlib-compressed against the report before it, in base64."""


def _against_previous(position: int) -> bool:
    return position % KEYFRAME != 0


@lru_cache(maxsize=64)
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

    def read(self) -> str:
        """The text; UNREADABLE when it (or the report it was packed against) is damaged."""
        if self._text is None:
            base = self.previous.read() if self.previous is not None else ""
            if base == UNREADABLE:
                self._text = UNREADABLE
            else:
                try:
                    self._text = unpack(self.packed, base)
                except (ValueError, zlib.error, UnicodeDecodeError):
                    self._text = UNREADABLE
        return self._text


def packed(reports: list[PastReport]) -> list[PackedReport]:
    """The reports as the save writes them: a report read from a save and still packed against
    the same report before it is written as it was read, without unpacking it."""
    out: list[PackedReport] = []
    for position, report in enumerate(reports):
        before = reports[position - 1] if _against_previous(position) else None
        kept = report.kept
        if isinstance(kept, PackedText) and kept.previous is (before.kept if before else None):
            out.append(PackedReport(report.game_turn, report.summary, kept.packed))
            continue
        base = before.text if before is not None else ""
        out.append(PackedReport(report.game_turn, report.summary, pack(report.text, base)))
    return out


def unpacked(rows: list[PackedReport]) -> list[PastReport]:
    """The reports as the Clan read them, each text unpacked when first read; a damaged one
    (and the ones packed against it, until the next keyframe) reads as UNREADABLE."""
    out: list[PastReport] = []
    previous: PackedText | None = None
    for position, row in enumerate(rows):
        text = PackedText(row.packed, previous if _against_previous(position) else None)
        out.append(PastReport(row.game_turn, row.summary, text))
        previous = text
    return out


def _is_past_reports(t: Any) -> bool:
    return bool(t == list[PastReport])


def _structure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    table = converter.get_structure_hook(list[PackedReport])
    return lambda value, _: unpacked(table(value, list[PackedReport]))


def _unstructure_factory(_: Any, converter: cattrs.Converter) -> Callable[[Any], Any]:
    table = converter.get_unstructure_hook(list[PackedReport])
    return lambda reports: table(packed(reports))


def register(converter: cattrs.Converter) -> None:
    """Past reports are packed as they are written and unpacked as they are read (registered
    after the table hooks: the packed rows are a table)."""
    converter.register_structure_hook_factory(_is_past_reports, _structure_factory)
    converter.register_unstructure_hook_factory(_is_past_reports, _unstructure_factory)
