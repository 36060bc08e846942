"""The map's overview: the whole map in the pane, each hex one half-character, marks on top."""

from __future__ import annotations

from math import ceil

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from conquest_tui.engine.face import GameMap, format_hex
from conquest_tui.ui.map_overlay import MapOverlay
from conquest_tui.ui.map_palette import LENS_STYLES, TERRAIN_STYLES, veiled

MARKS: dict[str, tuple[str, str, int]] = {
    "cursor": ("+", "#000000", 0),
    "convoy-own": ("▲", "#00e5ff", 1),
    "city-own": ("■", "#5cff7a", 2),
    "convoy-foreign": ("▲", "#ff5050", 3),
    "city-foreign": ("●", "#ff5050", 4),
    "city": ("●", "#ffffff", 5),
}
"""Mark → (character, colour, rank: the lower wins a cell shared by several marks)."""

CURSOR_BACKGROUND = "#f4f4f4"


class Minimap:
    """Draws a map and its overlay shrunk to fit a width × height box: one column of cells per
    `scale` hex columns, one line per 2 × `scale` hex rows (upper half-block: top hex in front,
    bottom hex behind). Own convoys and cities, others' cities and convoys seen, big cities
    and the cursor (a light cell) are marked."""

    def __init__(self, game_map: GameMap, overlay: MapOverlay) -> None:
        self._map = game_map
        self._colors: dict[str, RichColor | None] = {}
        own = LENS_STYLES["own"].bgcolor
        for hex_id in game_map.hex_ids():
            color = TERRAIN_STYLES[game_map.terrain_of(hex_id)].bgcolor
            if hex_id in overlay.owned_hexes:
                color = own
            elif not overlay.is_known(hex_id):
                color = veiled(color)
            self._colors[hex_id] = color
        self._marks: dict[str, str] = {}
        for site in game_map.cities:  # small cities nobody (known) holds are left out
            owner = getattr(overlay.cities.get(site.hex), "owner_label", None)
            if owner == "own":
                self._marks[site.hex] = "city-own"
            elif owner:
                self._marks[site.hex] = "city-foreign"
            elif site.major:
                self._marks[site.hex] = "city"
        self._marks.update({h: "convoy-foreign" for h in overlay.foreign_convoys})
        self._marks.update({h: "convoy-own" for h in overlay.own_convoys})
        self._cache: dict[tuple[int, int, str], list[Strip]] = {}
        """(width, height, cursor) → lines (only the last one is kept)."""

    def scale(self, width: int, height: int) -> int:
        """Hex columns (and line pairs of hex rows) per cell, so the whole map fits."""
        columns, rows = self._map.columns, self._map.rows
        return max(1, ceil(columns / max(width, 1)), ceil(rows / max(2 * height, 1)))

    def hex_at(self, x: int, y: int, width: int, height: int) -> str | None:
        """The hex a cell of the overview stands for (its top one), or None outside the map."""
        scale = self.scale(width, height)
        col, row = x * scale + 1, 2 * y * scale + 1
        if col > self._map.columns or row > self._map.rows or x < 0 or y < 0:
            return None
        return format_hex(col, row)

    def cell_of(self, hex_id: str, width: int, height: int) -> tuple[int, int]:
        """The cell (x, y) that shows hex_id."""
        scale = self.scale(width, height)
        col, row = int(hex_id[:2]), int(hex_id[2:])
        return (col - 1) // scale, (row - 1) // (2 * scale)

    def lines(self, width: int, height: int, cursor: str, void: Style) -> list[Strip]:
        """The overview's lines, each exactly width cells (`void` past the map)."""
        key = (width, height, cursor)
        found = self._cache.get(key)
        if found is None:
            self._cache.clear()
            found = self._cache[key] = self._draw(width, height, cursor, void)
        return found

    def _draw(self, width: int, height: int, cursor: str, void: Style) -> list[Strip]:
        scale = self.scale(width, height)
        columns, rows = self._map.columns, self._map.rows
        cells_x, cells_y = ceil(columns / scale), ceil(rows / (2 * scale))
        marks = self._cell_marks(scale)
        at_cursor = self.cell_of(cursor, width, height)
        marks.setdefault(at_cursor, "cursor")
        strips = []
        for y in range(min(cells_y, height)):
            segments = []
            for x in range(min(cells_x, width)):
                top = self._color(x * scale + 1, 2 * y * scale + 1)
                bottom = self._color(x * scale + 1, (2 * y + 1) * scale + 1)
                mark = marks.get((x, y))
                if mark is None:
                    segments.append(Segment("▀", Style(color=top, bgcolor=bottom or top)))
                    continue
                char, color, _ = MARKS[mark]
                back = RichColor.parse(CURSOR_BACKGROUND) if (x, y) == at_cursor else top
                segments.append(Segment(char, Style(color=color, bgcolor=back, bold=True)))
            strips.append(Strip(segments).adjust_cell_length(width, void))
        blank = Strip.blank(width, void)
        strips.extend([blank] * (height - len(strips)))
        return strips

    def _color(self, col: int, row: int) -> RichColor | None:
        if col > self._map.columns or row > self._map.rows:
            return None
        return self._colors[format_hex(col, row)]

    def _cell_marks(self, scale: int) -> dict[tuple[int, int], str]:
        """Cell → the strongest mark of the hexes it stands for."""
        found: dict[tuple[int, int], str] = {}
        for hex_id, mark in self._marks.items():
            col, row = int(hex_id[:2]), int(hex_id[2:])
            cell = ((col - 1) // scale, (row - 1) // (2 * scale))
            held = found.get(cell)
            if held is None or MARKS[mark][2] < MARKS[held][2]:
                found[cell] = mark
        return found
