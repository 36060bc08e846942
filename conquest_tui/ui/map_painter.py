"""The map pane's drawing: each hex's lines as pieces, kept per look and redrawn only when stale."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from conquest_tui.engine.face import TERRAIN_CHARS, GameMap, direction_between
from conquest_tui.ui.hex_glyphs import (
    Cell,
    HexRuns,
    Look,
    Run,
    base_cells,
    city_label,
    convoy_label,
    letter_spot,
    link_ends,
    plain_runs,
)
from conquest_tui.ui.hex_layout import HEX_HEIGHT, HEX_WIDTH, HexLayout
from conquest_tui.ui.map_lenses import NEVER_SEEN, Shade
from conquest_tui.ui.map_overlay import CityMark, MapOverlay
from conquest_tui.ui.map_rows import Piece, RoleStyles, cell_piece, fit_row, join_row

Links = tuple[tuple[str, ...], tuple[str, ...]]
"""The links of a look: (road directions, river directions)."""

REFRESH_ALL_ABOVE = 256
"""More changed hexes than this and a new overlay repaints everything instead."""


class MapPainter:
    """Draws a map's lines under an overlay, keeping every piece until what it shows changes.

    Most hexes look like many others (same terrain, roads and rivers, nothing on them): each
    distinct look gets an id, and plain hexes share that look's pieces. Hexes with labels or
    marks (cities, convoys, owned land, the route, the cursor) are drawn one by one.
    """

    def __init__(self, game_map: GameMap, overlay: MapOverlay) -> None:
        self.game_map = game_map
        self.layout = HexLayout(game_map.columns, game_map.rows)
        self.overlay = overlay
        self.cursor_index = 0
        """The index of the hex under the cursor (drawn with the cursor's styles)."""
        self.shades: Mapping[str, Shade] | None = None
        """The current lens's shades (None for the terrain lens)."""
        self.show_hex_ids = False
        """Draw every hex's `CCRR` id on its top line."""
        self.void = Style()
        """The style of cells off the map (the pane's own background)."""
        self._hex_ids = game_map.hex_ids()
        self._extra_roads = link_ends(overlay.extra_roads)
        self._looks: list[Look] = []
        self._look_ids: dict[Look, int] = {}
        self._look_of = [self._look_id(h) for h in self._hex_ids]
        self.cells_of_look: dict[Links, HexRuns] = {}
        """(roads, rivers) of looks → the runs of each line of a plain hex with those links."""
        self._run_lines: dict[tuple[Run, ...], tuple[Run, ...]] = {}
        """Equal runs of a line, made one object (many looks share a line)."""
        self._plain: dict[int, tuple[Piece, ...]] = {}
        """look · 2 + fogged → the pieces of the lines of a hex with nothing on it."""
        self._shaded: dict[tuple[int, Shade], tuple[Piece, ...]] = {}
        """(look, lens shade) → the pieces of the lines of a plain hex under a lens."""
        self._special: set[int] | range = set()
        """Indices of hexes with a label or mark (drawn one by one)."""
        self._pieces: list[Piece | None] = [None] * (len(self._hex_ids) * HEX_HEIGHT)
        """index · height + line → the piece drawn there, None until drawn."""
        self.row_cache: dict[int, tuple[int, int, Strip]] = {}
        """Map line → (scroll x, width, strip of the cells in view)."""
        self._role_styles: dict[tuple[str, bool, bool, bool, Shade | None], RoleStyles] = {}
        self._interned: dict[Style, Style] = {}
        self._void_piece: Piece = (Segment(" " * HEX_WIDTH, self.void),)
        self.find_special()

    # --- what changes ---------------------------------------------------------------------------

    def set_overlay(self, overlay: MapOverlay) -> set[str] | None:
        """Take a new overlay; the hexes to repaint (None: everything, the caches are dropped)."""
        old, self.overlay = self.overlay, overlay
        changed = old.changed_hexes(overlay)
        if old.extra_roads != overlay.extra_roads:
            self._extra_roads = link_ends(overlay.extra_roads)
            for link in old.extra_roads ^ overlay.extra_roads:
                for hex_id in link:
                    if self.game_map.contains(hex_id):
                        self._look_of[self.game_map.index_of(hex_id)] = self._look_id(hex_id)
        self.find_special()
        if changed is None or len(changed) > REFRESH_ALL_ABOVE:
            self.clear_caches()
            return None
        return {h for h in changed if self.game_map.contains(h)}

    def set_void(self, void: Style) -> None:
        """Take the off-map style; drop the caches if it changed."""
        if void != self.void:
            self.void = void
            self._void_piece = (Segment(" " * HEX_WIDTH, void),)
            self.clear_caches()

    def find_special(self) -> None:
        """Note which hexes carry labels or marks (all of them while hex ids are shown)."""
        if self.show_hex_ids:
            self._special = range(len(self._hex_ids))
            return
        overlay, index_of, contains = self.overlay, self.game_map.index_of, self.game_map.contains
        hexes = {site.hex for site in self.game_map.cities}
        hexes.update(overlay.owned_hexes, overlay.cities, overlay.own_convoys)
        hexes.update(overlay.foreign_convoys, overlay.route)
        self._special = {index_of(h) for h in hexes if contains(h)}

    def clear_caches(self) -> None:
        """Forget every drawn piece, style and row."""
        self._role_styles.clear()
        self._interned.clear()
        self._plain.clear()
        self._shaded.clear()
        self._run_lines.clear()
        self._pieces = [None] * len(self._pieces)
        self.row_cache.clear()

    def forget_hex(self, hex_id: str) -> None:
        """Forget the drawing of one hex and of the map lines it lies on."""
        index = self.game_map.index_of(hex_id)
        box = self.layout.footprint_of(hex_id)
        for line in range(HEX_HEIGHT):
            self._pieces[index * HEX_HEIGHT + line] = None
            self.row_cache.pop(box.y + line, None)

    # --- lines ----------------------------------------------------------------------------------

    def line(self, line: int, scroll_x: int, width: int) -> Strip:
        """Cells scroll_x..scroll_x+width-1 of map line `line` (virtual y), kept per line."""
        cached = self.row_cache.get(line)
        if cached is not None and cached[0] == scroll_x and cached[1] == width:
            return cached[2]
        strip = self._build_line(line, scroll_x, width)
        self.row_cache[line] = (scroll_x, width, strip)
        return strip

    def _build_line(self, line: int, scroll_x: int, width: int) -> Strip:
        first = scroll_x // HEX_WIDTH
        last = min(self.game_map.columns, -(-(scroll_x + width) // HEX_WIDTH))
        row = self._row_pieces(line, first, last) if first < last and width > 0 else None
        if row is None:
            return Strip.blank(max(width, 0), self.void)
        length = (last - first) * HEX_WIDTH
        return fit_row(join_row(row), length, scroll_x - first * HEX_WIDTH, width, self.void)

    def _row_pieces(self, line: int, first: int, last: int) -> list[Piece] | None:
        """The pieces of map line `line` in hex columns first..last-1 (None: no hex there)."""
        layout = self.layout
        # (row, line within the hex) drawn on this line by columns 0, 2, 4… and 1, 3, 5….
        hits = (layout.row_at_line(1, line), layout.row_at_line(2, line))
        if hits == (None, None):
            return None
        step = self.game_map.rows * HEX_HEIGHT  # one line's keys in neighbouring columns
        row: list[Piece | None] = [None] * (last - first)
        offsets: list[int] = []  # per parity: the key of this line in column 0 (-1: a gap)
        for parity, hit in enumerate(hits):
            start = first + (parity - first) % 2
            if hit is None:
                offsets.append(-1)
                row[start - first :: 2] = [self._void_piece] * len(range(start, last, 2))
            else:
                offsets.append((hit[0] - 1) * HEX_HEIGHT + hit[1])
                key = start * step + offsets[-1]
                row[start - first :: 2] = self._pieces[key : last * step : 2 * step]
        if None in row:
            self._fill_row(row, first, step, offsets)
        return row  # type: ignore[return-value]  # _fill_row drew every missing piece

    def _fill_row(
        self, row: list[Piece | None], first: int, step: int, offsets: list[int]
    ) -> None:
        """Draw the hexes whose pieces are missing from row (None) and put their pieces in."""
        missing = [at for at, piece in enumerate(row) if piece is None]
        keys = [(first + at) * step + offsets[(first + at) % 2] for at in missing]
        self._draw_hexes([key // HEX_HEIGHT for key in keys])
        pieces = self._pieces
        for at, key in zip(missing, keys, strict=True):
            row[at] = pieces[key]

    # --- hexes ----------------------------------------------------------------------------------

    def _draw_hexes(self, indexes: Iterable[int]) -> None:
        """Draw (and keep in `_pieces`) both lines of these hexes."""
        special, cursor = self._special, self.cursor_index
        known = self.overlay.known_hexes
        ids, look_of, plain, pieces = self._hex_ids, self._look_of, self._plain, self._pieces
        shades = self.shades
        for index in indexes:
            if index == cursor or index in special:
                self._draw_special(index)
                continue
            if shades is not None:
                self._draw_shaded(index, shades.get(ids[index], NEVER_SEEN))
                continue
            fogged = known is not None and ids[index] not in known
            key = look_of[index] * 2 + fogged
            lines = plain.get(key)
            if lines is None:
                lines = plain[key] = self._draw_plain(look_of[index], fogged)
            pieces[index * HEX_HEIGHT : (index + 1) * HEX_HEIGHT] = lines

    def _draw_shaded(self, index: int, shade: Shade) -> None:
        """A plain hex under a lens: its pieces kept per (look, shade)."""
        key = (self._look_of[index], shade)
        lines = self._shaded.get(key)
        if lines is None:
            lines = self._shaded[key] = self._draw_plain(self._look_of[index], False, shade)
        self._pieces[index * HEX_HEIGHT : (index + 1) * HEX_HEIGHT] = lines

    def _draw_plain(self, look: int, fogged: bool, shade: Shade | None = None) -> tuple[Piece, ...]:
        """The pieces of the lines of a hex with nothing on it."""
        terrain, roads, rivers = self._looks[look]
        styles = self._styles(terrain, fogged, False, False, shade)
        return tuple([styles.plain_piece(runs) for runs in self._plain_runs(roads, rivers)])

    def _draw_special(self, index: int) -> None:
        """The pieces of both lines of a hex with labels or marks: base, labels, letter, marks."""
        hex_id = self._hex_ids[index]
        overlay = self.overlay
        known = overlay.is_known(hex_id)
        terrain, roads, rivers = self._looks[self._look_of[index]]
        base = base_cells(roads, rivers)
        labels = self._labels(hex_id, known)
        spot = letter_spot(base, labels)
        owned = hex_id in overlay.owned_hexes
        cursor = index == self.cursor_index
        shade = None if self.shades is None else self.shades.get(hex_id, NEVER_SEEN)
        letter = (shade.char if shade is not None else "") or TERRAIN_CHARS[terrain]
        fogged = not known and shade is None
        for part, label in enumerate(labels):
            cells = list(base[part])
            if label:
                start = (HEX_WIDTH - len(label)) // 2
                cells[start : start + len(label)] = label
            if spot is not None and spot[0] == part:
                cells[spot[1]] = (letter, "letter")
            # Only the bottom line of an owned hex is underlined.
            styles = self._styles(terrain, fogged, owned and part == HEX_HEIGHT - 1, cursor, shade)
            self._pieces[index * HEX_HEIGHT + part] = cell_piece(cells, styles)

    def _look_id(self, hex_id: str) -> int:
        """The id of hex_id's look: (terrain, road directions, river directions)."""
        game_map = self.game_map
        roads = set(game_map.road_directions(hex_id))
        for other in self._extra_roads.get(hex_id, ()):
            direction = direction_between(hex_id, other)
            if direction is not None:
                roads.add(direction)
        look = (
            game_map.terrain_of(hex_id),
            tuple(sorted(roads)),
            tuple(sorted(game_map.river_directions(hex_id))),
        )
        found = self._look_ids.get(look)
        if found is None:
            found = self._look_ids[look] = len(self._looks)
            self._looks.append(look)
        return found

    def _plain_runs(self, roads: tuple[str, ...], rivers: tuple[str, ...]) -> HexRuns:
        """The runs of each line of a hex with these links and nothing on it."""
        found = self.cells_of_look.get((roads, rivers))
        if found is None:
            lines = self._run_lines
            runs = plain_runs(base_cells(roads, rivers))
            found = self.cells_of_look[roads, rivers] = tuple(
                [lines.setdefault(line, line) for line in runs]
            )
        return found

    def _labels(
        self, hex_id: str, known: bool
    ) -> tuple[tuple[Cell, ...] | None, tuple[Cell, ...] | None]:
        """(top line, bottom line) labels of a hex: hex id or city on top, convoys below."""
        overlay = self.overlay
        mark = overlay.cities.get(hex_id)
        if mark is None:
            site = self.game_map.city_at(hex_id)
            if site is not None:
                mark = CityMark(site.name, site.major)
        city = city_label(mark, known) if mark is not None else None
        own = overlay.own_convoys.get(hex_id, ())
        foreign = overlay.foreign_convoys.get(hex_id, 0)
        convoys = convoy_label(tuple(own), foreign) if own or foreign else None
        step = overlay.route.get(hex_id)
        if step is not None:
            role = "route-capture" if step.capture else "route"
            label = step.label + ("!" if step.capture and step.label[-1:].isdigit() else "")
            route = tuple((ch, role) for ch in label)
            route = route[:HEX_WIDTH]
            if convoys is None:
                convoys = route
            elif city is None or self.show_hex_ids:
                city = route
        if self.show_hex_ids:
            hex_label = tuple((ch, "hex-id") for ch in hex_id)
            return hex_label, convoys or city
        return city, convoys

    def _styles(
        self, terrain: str, fogged: bool, owned: bool, cursor: bool, shade: Shade | None = None
    ) -> RoleStyles:
        """Role → style of the cells of hexes in this state (under a lens: its shade)."""
        # A shade with its own letter looks the same on every terrain.
        terrain_key = "" if shade is not None and shade.char else terrain
        key = (terrain_key, fogged, owned, cursor, shade)
        found = self._role_styles.get(key)
        if found is None:
            found = self._role_styles[key] = RoleStyles(
                terrain, fogged, owned, cursor, self._interned,
                shade.key if shade else "", shade.char if shade else "")
        return found
