"""A Clan's past reports: kept compressed in the save, read back turn by turn (issue 16)."""

from __future__ import annotations

import base64
import zlib

import attrs

from conquest_tui.engine.core.state import Clan, PastReport

KEYFRAME = 8
"""Every 8th report is packed on its own; the others against the report before them (a
report repeats most of the last one, so that packs 3–4 times smaller)."""

UNREADABLE = "This report could not be read back from the save."


@attrs.frozen
class PastTurn:
    """One past report as a player reads it: the game turn, its log line and its text."""

    game_turn: int
    summary: str
    text: str


def _base(position: int) -> bool:
    return position % KEYFRAME != 0


def pack(text: str, previous: str = "") -> str:
    """The text zlib-compressed (against `previous` when given), in base64 (fast in C)."""
    packer = zlib.compressobj(9, zdict=previous.encode()) if previous else zlib.compressobj(9)
    data = packer.compress(text.encode()) + packer.flush()
    return base64.b64encode(data).decode("ascii")


def unpack(packed: str, previous: str = "") -> str:
    """The text `pack` packed; ValueError (or zlib.error) when it was damaged."""
    data = base64.b64decode(packed.encode("ascii"), validate=True)
    unpacker = zlib.decompressobj(zdict=previous.encode()) if previous else zlib.decompressobj()
    return (unpacker.decompress(data) + unpacker.flush()).decode()


def archive(clan: Clan, game_turn: int, summary: str, text: str) -> None:
    """Keep the report the Clan reads after its turn of `game_turn` (replacing an earlier one
    of the same game turn, so a game turn is kept once)."""
    if clan.past_reports and clan.past_reports[-1].game_turn == game_turn:
        clan.past_reports.pop()
    position = len(clan.past_reports)
    previous = _texts(clan.past_reports, position - position % KEYFRAME)[-1] if _base(
        position) else ""
    clan.past_reports.append(PastReport(game_turn=game_turn, summary=summary,
                                        packed=pack(text, previous)))


def read_all(clan: Clan) -> list[PastTurn]:
    """Every past report of the Clan, oldest first; a damaged one reads as UNREADABLE."""
    texts = _texts(clan.past_reports)
    return [PastTurn(past.game_turn, past.summary, text)
            for past, text in zip(clan.past_reports, texts, strict=True)]


def _texts(reports: list[PastReport], start: int = 0) -> list[str]:
    """The texts of reports[start:], `start` being a keyframe's position."""
    out: list[str] = []
    previous = ""
    for position in range(start, len(reports)):
        base = previous if _base(position) else ""
        try:
            text = unpack(reports[position].packed, base)
        except (ValueError, zlib.error, UnicodeDecodeError):
            text = UNREADABLE
        previous = "" if text == UNREADABLE else text
        out.append(text)
    return out


def read_turn(clan: Clan, game_turn: int) -> PastTurn | None:
    """The Clan's report of one game turn (None: it played no turn then)."""
    for past in read_all(clan):
        if past.game_turn == game_turn:
            return past
    return None
