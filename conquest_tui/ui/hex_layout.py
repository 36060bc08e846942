"""Hex ↔ terminal-cell geometry of the map pane (pure: no Textual, no game state)."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from conquest_tui.engine.face import format_hex, parse_hex

HEX_WIDTH = 5
"""Cells across one hex."""
HEX_HEIGHT = 2
"""Screen lines down one hex."""


@attrs.frozen
class CellBox:
    """A rectangle of terminal cells in map (virtual) coordinates."""

    x: int
    y: int
    width: int
    height: int

    def __contains__(self, cell: object) -> bool:
        if not (isinstance(cell, tuple) and len(cell) == 2):
            return False
        cx, cy = cell
        return bool(self.x <= cx < self.x + self.width and self.y <= cy < self.y + self.height)

    def cells(self) -> Iterator[tuple[int, int]]:
        """Every (x, y) cell of the box, line by line."""
        for y in range(self.y, self.y + self.height):
            for x in range(self.x, self.x + self.width):
                yield x, y


@attrs.frozen
class HexLayout:
    """Where the hexes of a `columns` × `rows` map sit on a grid of terminal cells.

    Every hex is a `hex_width` × `hex_height` block of cells. Column `c` starts at
    x = (c − 1) · width; row `r` of an odd column starts at y = (r − 1) · height, and
    even-numbered columns sit half a hex (height // 2 lines) lower, as in the rulebook.
    Blocks never overlap, so every cell belongs to at most one hex; the half-hex gaps at
    the top of even columns and the bottom of odd columns belong to none.

    Seen this way, the six neighbours of a hex are: N straight above, S straight below,
    NE and SE in the next column sharing the top and bottom line, NW and SW likewise in
    the previous column.
    """

    columns: int
    rows: int
    hex_width: int = HEX_WIDTH
    hex_height: int = HEX_HEIGHT

    def __attrs_post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError(f"a map needs at least one column and row, not {self}")
        if self.hex_width < 1 or self.hex_height < 2 or self.hex_height % 2:
            raise ValueError("hexes must be at least 1 cell wide and an even number of lines tall")

    @property
    def shift(self) -> int:
        """How many lines even-numbered columns sit lower than odd ones."""
        return self.hex_height // 2

    @property
    def virtual_size(self) -> tuple[int, int]:
        """(width, height) in cells of the whole drawn map."""
        extra = self.shift if self.columns >= 2 else 0
        return self.columns * self.hex_width, self.rows * self.hex_height + extra

    def contains(self, col: int, row: int) -> bool:
        """True when (col, row) is on the map (1-based)."""
        return 1 <= col <= self.columns and 1 <= row <= self.rows

    def origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left cell (x, y) of hex (col, row), 1-based; ValueError off the map."""
        if not self.contains(col, row):
            raise ValueError(f"hex ({col}, {row}) is outside the {self.columns}x{self.rows} map")
        x = (col - 1) * self.hex_width
        y = (row - 1) * self.hex_height + (self.shift if col % 2 == 0 else 0)
        return x, y

    def footprint(self, col: int, row: int) -> CellBox:
        """The block of cells drawn for hex (col, row)."""
        x, y = self.origin(col, row)
        return CellBox(x, y, self.hex_width, self.hex_height)

    def footprint_of(self, hex_id: str) -> CellBox:
        """The block of cells drawn for a `CCRR` hex id."""
        return self.footprint(*parse_hex(hex_id))

    def hex_at_cell(self, x: int, y: int) -> tuple[int, int] | None:
        """(col, row) of the hex drawn at cell (x, y), or None for a gap or off the map."""
        if x < 0 or y < 0:
            return None
        col = x // self.hex_width + 1
        if col > self.columns:
            return None
        found = self.row_at_line(col, y)
        return None if found is None else (col, found[0])

    def hex_id_at_cell(self, x: int, y: int) -> str | None:
        """`CCRR` id of the hex drawn at cell (x, y), or None."""
        found = self.hex_at_cell(x, y)
        return None if found is None else format_hex(*found)

    def row_at_line(self, col: int, y: int) -> tuple[int, int] | None:
        """(row, line within the hex) that column `col` draws on line y, or None for a gap."""
        top = y - (self.shift if col % 2 == 0 else 0)
        if top < 0:
            return None
        row, line = divmod(top, self.hex_height)
        if row >= self.rows:
            return None
        return row + 1, line

    def hexes_on_line(self, y: int) -> list[tuple[int, int, int]]:
        """(col, row, line within the hex) for every hex that line y crosses, left to right."""
        odd = self.row_at_line(1, y)
        even = self.row_at_line(2, y)
        found: list[tuple[int, int, int]] = []
        for col in range(1, self.columns + 1):
            hit = even if col % 2 == 0 else odd
            if hit is not None:
                found.append((col, hit[0], hit[1]))
        return found

    def lines_of(self, col: int, row: int) -> range:
        """The screen lines hex (col, row) is drawn on."""
        _, y = self.origin(col, row)
        return range(y, y + self.hex_height)
