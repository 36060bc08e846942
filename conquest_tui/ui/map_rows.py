"""Map pane lines: hex lines as styled segments, joined into strips that fit the view exactly."""

from __future__ import annotations

from collections.abc import Iterable

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from conquest_tui.engine.face import TERRAIN_CHARS
from conquest_tui.ui.hex_glyphs import LETTER, Cell, Run
from conquest_tui.ui.map_palette import compose_style

Piece = tuple[Segment, ...]
"""The segments of one line of one hex (one per run of a style)."""


class RoleStyles(dict[str, Style]):
    """Role → style of the cells of hexes in one state (terrain, fogged, owned, cursor, and the
    lens shade when a lens other than terrain is on).

    A style is composed the first time its role is asked for. Equal styles of all states are
    one object (`interned` is shared), so runs of one style join by identity (`join_row`).
    The pieces of plain hex lines in this state are kept here too (`plain_piece`).
    """

    __slots__ = ("_state", "_shade", "_letter", "_interned", "_plain")

    def __init__(
        self,
        terrain: str,
        fogged: bool,
        owned: bool,
        cursor: bool,
        interned: dict[Style, Style],
        shade: str = "",
        letter: str = "",
    ) -> None:
        super().__init__()
        self._state = (terrain, fogged, owned, cursor)
        self._shade = shade
        self._letter = letter or TERRAIN_CHARS[terrain]
        self._interned = interned
        self._plain: dict[tuple[Run, ...], Piece] = {}

    def __missing__(self, role: str) -> Style:
        terrain, fogged, owned, cursor = self._state
        composed = compose_style(terrain, role, fogged, owned, cursor, self._shade)
        style = self[role] = self._interned.setdefault(composed, composed)
        return style

    def plain_piece(self, runs: tuple[Run, ...]) -> Piece:
        """The piece of a plain hex line (see `hex_glyphs.plain_runs`), with the terrain letter.

        Kept: hexes of many looks share a line (same terrain, same links on that line).
        """
        piece = self._plain.get(runs)
        if piece is None:
            letter = self._letter
            piece = self._plain[runs] = tuple(
                [Segment(text.replace(LETTER, letter), self[role]) for text, role in runs]
            )
        return piece


def cell_piece(cells: Iterable[Cell], styles: RoleStyles) -> Piece:
    """Cells grouped into runs of one style, each run a Segment."""
    segments: list[Segment] = []
    text, style = "", None
    last_role, cell_style = None, None
    for char, role in cells:
        if role != last_role:  # runs of one role are common: look its style up once
            cell_style, last_role = styles[role], role
        if cell_style is style:
            text += char
        else:
            if text:
                segments.append(Segment(text, style))
            text, style = char, cell_style
    segments.append(Segment(text, style))
    return tuple(segments)


def join_row(pieces: Iterable[Piece]) -> list[Segment]:
    """The segments of pieces side by side, a run of one style across pieces made one segment."""
    segments: list[Segment] = []
    append, extend = segments.append, segments.extend
    tail: Segment | None = None  # the last segment so far, held back while pieces may grow it
    grown = ""  # the tail's text once a piece has grown it
    for piece in pieces:
        head = piece[0]
        if tail is not None and head[1] is tail[1]:
            grown = (grown or tail[0]) + head[0]
            if len(piece) == 1:
                continue
            append(Segment(grown, tail[1]))
            extend(piece[1:-1])
        else:
            if tail is not None:
                append(Segment(grown, tail[1]) if grown else tail)
            extend(piece[:-1])
        tail, grown = piece[-1], ""
    if tail is not None:
        append(Segment(grown, tail[1]) if grown else tail)
    return segments


def fit_row(segments: list[Segment], length: int, start: int, width: int, void: Style) -> Strip:
    """Cells start..start+width of a row `length` cells long, padded with `void` past its end.

    Every character of the map takes one cell, so lengths are counted in characters.
    """
    if start:
        length -= start
        skip = 0
        while start >= len(segments[skip].text):
            start -= len(segments[skip].text)
            skip += 1
        head = segments[skip]
        segments = [Segment(head.text[start:], head.style), *segments[skip + 1 :]]
    if length > width:
        excess = length - width
        while excess >= len(segments[-1].text):
            excess -= len(segments.pop().text)
        if excess:
            tail = segments[-1]
            segments[-1] = Segment(tail.text[:-excess], tail.style)
    elif length < width:
        segments.append(Segment(" " * (width - length), void))
    return Strip(segments, width)
