"""The map pane: a scrolling hex map drawn line by line (Line API) with a hex cursor."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from conquest_tui.engine.face import TERRAIN_CHARS, GameMap, direction_between, parse_hex
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
from conquest_tui.ui.map_lenses import LENS_TITLES, LENSES, NEVER_SEEN, TERRAIN, Shade, next_lens
from conquest_tui.ui.map_overlay import CityMark, MapOverlay
from conquest_tui.ui.map_rows import Piece, RoleStyles, cell_piece, fit_row, join_row
from conquest_tui.ui.widgets.minimap import Minimap
from conquest_tui.ui.widgets.steady_scroll import SteadyScrollbars

Links = tuple[tuple[str, ...], tuple[str, ...]]
"""The links of a look: (road directions, river directions)."""

_REFRESH_ALL_ABOVE = 256
"""More changed hexes than this and set_overlay repaints everything instead."""


class MapPane(SteadyScrollbars, ScrollView, can_focus=True):
    """A scrolling hex map with a cursor, drawn from a GameMap and a MapOverlay.

    Keys (also listed in the Footer and the keys panel):

    | keys | moves the cursor to |
    |---|---|
    | up, k / down, j | N / S neighbour |
    | y / u | NW / NE neighbour |
    | b / n | SW / SE neighbour |
    | left, h / right, l | same row number, previous / next column (NW or SW / NE or SE) |

    `c` centres the view on the cursor, `i` toggles hex ids. A click moves the cursor.
    `v` / `V` switch the lens (map_lenses: terrain, owners, defense, production, what the Clan
    knows; only terrain without a `lens_source`), `L` asks for the legend (LegendToggled),
    `z` shrinks the whole map into the pane (widgets/minimap.py; Enter or `z` zooms back in).
    """

    BINDING_GROUP_TITLE = "Map"
    """Title of this pane's group in the keys panel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "up,k",
            "move('N')",
            "North",
            show=False,
            id="map.cursor_up",
            tooltip="Move the cursor to the hex to the north",
        ),
        Binding(
            "down,j",
            "move('S')",
            "South",
            show=False,
            id="map.cursor_down",
            tooltip="Move the cursor to the hex to the south",
        ),
        Binding(
            "left,h",
            "move_along_row(-1)",
            "West",
            show=False,
            id="map.cursor_left",
            tooltip="Move the cursor one column left, same row (NW or SW)",
        ),
        Binding(
            "right,l",
            "move_along_row(1)",
            "East",
            show=False,
            id="map.cursor_right",
            tooltip="Move the cursor one column right, same row (NE or SE)",
        ),
        Binding(
            "y",
            "move('NW')",
            "North-west",
            show=False,
            id="map.cursor_nw",
            tooltip="Move the cursor to the hex to the north-west",
        ),
        Binding(
            "u",
            "move('NE')",
            "North-east",
            show=False,
            id="map.cursor_ne",
            tooltip="Move the cursor to the hex to the north-east",
        ),
        Binding(
            "b",
            "move('SW')",
            "South-west",
            show=False,
            id="map.cursor_sw",
            tooltip="Move the cursor to the hex to the south-west",
        ),
        Binding(
            "n",
            "move('SE')",
            "South-east",
            show=False,
            id="map.cursor_se",
            tooltip="Move the cursor to the hex to the south-east",
        ),
        Binding(
            "c",
            "center_cursor",
            "Centre",
            show=False,
            id="map.center",
            tooltip="Scroll so the cursor is in the middle of the map pane",
        ),
        Binding(
            "i",
            "toggle_hex_ids",
            "Hex ids",
            show=False,
            id="map.toggle_hex_ids",
            tooltip="Show or hide the CCRR id of every hex",
        ),
        Binding(
            "v",
            "cycle_lens(1)",
            "Lens",
            id="map.next_lens",
            tooltip="Shade the map by terrain, owners, defense, production or what you know",
        ),
        Binding(
            "V",
            "cycle_lens(-1)",
            "Previous lens",
            show=False,
            id="map.previous_lens",
            tooltip="Go back to the previous way of shading the map",
        ),
        Binding(
            "z",
            "toggle_overview",
            "Overview",
            id="map.overview",
            tooltip="Shrink the whole map into the pane (z again, or Enter, to zoom back in)",
        ),
        Binding(
            "enter",
            "leave_overview",
            "Zoom in",
            show=False,
            id="map.zoom_in",
            tooltip="Back to the full-size map at the cursor",
        ),
        Binding(
            "L",
            "toggle_legend",
            "Legend",
            id="map.legend",
            tooltip="Show or hide what the map's colours and signs mean",
        ),
    ]
    """Cursor moves (arrows, vi keys h j k l and y u b n for the diagonals), centre, hex ids,
    lenses (`v`, `V` back) and the legend (`L`)."""


    cursor: reactive[str] = reactive("0101", init=False, repaint=False)
    """The `CCRR` id of the hex under the cursor."""

    show_hex_ids: reactive[bool] = reactive(False, init=False, repaint=False)
    """Draw every hex's `CCRR` id on its top line."""

    overview: reactive[bool] = reactive(False, init=False, repaint=False)
    """Show the whole map shrunk into the pane (widgets/minimap.py) instead of full-size hexes."""

    lens: reactive[str] = reactive(TERRAIN, init=False, repaint=False)
    """How hexes are shaded (map_lenses.LENSES); only terrain without a `lens_source`."""

    @dataclass
    class LensChanged(Message):
        """Posted when the lens changes (the legend follows it)."""

        lens: str
        map_pane: MapPane

        @property
        def control(self) -> MapPane:
            """The map pane that posted the message."""
            return self.map_pane

    @dataclass
    class LegendToggled(Message):
        """Posted when the player asks for the legend, or to hide it."""

        map_pane: MapPane

        @property
        def control(self) -> MapPane:
            """The map pane that posted the message."""
            return self.map_pane

    @dataclass
    class CursorMoved(Message):
        """Posted when the cursor moves to another hex (merged while queued)."""

        hex_id: str
        """The hex now under the cursor."""
        map_pane: MapPane
        """The pane whose cursor moved."""

        @property
        def control(self) -> MapPane:
            """The map pane that posted the message."""
            return self.map_pane

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, MapPane.CursorMoved) and message.map_pane is self.map_pane

    def __init__(
        self,
        game_map: GameMap,
        overlay: MapOverlay | None = None,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create a map pane.

        Args:
            game_map: The map to draw.
            overlay: What to draw on top of it (owned hexes, cities, convoys, fog).
            name: The widget's name.
            id: The widget's DOM id.
            classes: Space-separated CSS classes.
            disabled: Whether the pane starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._map = game_map
        self._layout = HexLayout(game_map.columns, game_map.rows)
        self._overlay = overlay if overlay is not None else MapOverlay.empty()
        self._hex_ids = game_map.hex_ids()
        self._rows = game_map.rows
        self._extra_roads = link_ends(self._overlay.extra_roads)
        # Most hexes look like many others (same terrain, roads and rivers, nothing on them):
        # each distinct look gets an id, and plain hexes share that look's pieces.
        self._looks: list[Look] = []
        self._look_ids: dict[Look, int] = {}
        self._look_of = [self._look_id(h) for h in self._hex_ids]
        self._cells_of_look: dict[Links, HexRuns] = {}
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
        self._row_cache: dict[int, tuple[int, int, Strip]] = {}
        """Map line → (scroll x, width, strip of the cells in view)."""
        self._role_styles: dict[tuple[str, bool, bool, bool, Shade | None], RoleStyles] = {}
        self._interned: dict[Style, Style] = {}
        self._styles_stale = True
        self._void = Style()
        """The style of cells off the map (the pane's own background)."""
        self._void_piece: Piece = (Segment(" " * HEX_WIDTH, self._void),)
        self._view: tuple[int, int, int] | None = None
        """(scroll x, scroll y, width) while Textual renders lines (see render_lines)."""
        self._cursor_index = 0
        self._pending_center: str | None = None
        self.lens_source: Callable[[str], Mapping[str, Shade] | None] | None = None
        """Lens → hex shades (map_lenses.lens_shading over the Clan's view); None: terrain only."""
        self._shades: Mapping[str, Shade] | None = None
        """The current lens's shades (None for the terrain lens)."""
        self._minimap: Minimap | None = None
        """The overview's drawing while it is on."""
        self._find_special()
        self.virtual_size = Size(*self._layout.virtual_size)
        self.set_reactive(MapPane.cursor, self._hex_ids[0])

    # --- public API ---------------------------------------------------------------------------

    @property
    def game_map(self) -> GameMap:
        """The map being drawn."""
        return self._map

    @property
    def overlay(self) -> MapOverlay:
        """The overlay being drawn."""
        return self._overlay

    @property
    def hex_layout(self) -> HexLayout:
        """The hex ↔ cell geometry of this pane."""
        return self._layout

    def set_overlay(self, overlay: MapOverlay) -> None:
        """Draw a new overlay, repainting only the hexes it changes when there are few.

        Args:
            overlay: The overlay replacing the current one.
        """
        old, self._overlay = self._overlay, overlay
        if self._minimap is not None:
            self._minimap = Minimap(self._map, overlay)
            self.refresh()
        changed = old.changed_hexes(overlay)
        if old.extra_roads != overlay.extra_roads:
            self._extra_roads = link_ends(overlay.extra_roads)
            for link in old.extra_roads ^ overlay.extra_roads:
                for hex_id in link:
                    if self._map.contains(hex_id):
                        self._look_of[self._map.index_of(hex_id)] = self._look_id(hex_id)
        self._find_special()
        if changed is None or len(changed) > _REFRESH_ALL_ABOVE:
            self._clear_caches()
            self.refresh()
            return
        self._invalidate_hexes(h for h in changed if self._map.contains(h))

    def center_on(self, hex_id: str) -> None:
        """Scroll so that hex_id is in the middle of the pane (as far as the map allows).

        Args:
            hex_id: A hex of the map; the cursor does not move.
        """
        box = self._layout.footprint_of(self._checked(hex_id))
        if not self.size:
            self._pending_center = hex_id  # done on the first resize
            return
        self._pending_center = None
        self.scroll_to_region(
            Region(box.x, box.y, box.width, box.height), center=True, animate=False
        )

    def toggle_hex_ids(self) -> None:
        """Show or hide the `CCRR` id in every hex."""
        self.show_hex_ids = not self.show_hex_ids

    def hex_at_offset(self, x: int, y: int) -> str | None:
        """The hex drawn at content offset (x, y) of the pane at the current scroll, or None."""
        scroll_x, scroll_y = self.scroll_offset
        return self._layout.hex_id_at_cell(x + scroll_x, y + scroll_y)

    def scroll_to_cursor(self) -> None:
        """Scroll the least needed to show the cursor hex with a margin around it."""
        if not self.size:
            return
        box = self._layout.footprint_of(self.cursor)
        width, height = self.scrollable_content_region.size
        margin_x = HEX_WIDTH if width >= 4 * HEX_WIDTH else 0
        margin_y = HEX_HEIGHT // 2 if height >= 4 * HEX_HEIGHT else 0
        region = Region(box.x, box.y, box.width, box.height).grow(
            Spacing(margin_y, margin_x, margin_y, margin_x)
        )
        self.scroll_to_region(region, animate=False)

    # --- reactives ----------------------------------------------------------------------------

    def validate_cursor(self, hex_id: str) -> str:
        return self._checked(hex_id)

    def watch_cursor(self, old: str, new: str) -> None:
        self._cursor_index = self._map.index_of(new)
        if self._minimap is not None:
            self.refresh()
            self.post_message(self.CursorMoved(new, self))
            return
        self._invalidate_hexes((old, new))
        self.scroll_to_cursor()
        self.post_message(self.CursorMoved(new, self))

    def watch_overview(self, overview: bool) -> None:
        if overview:
            self._minimap = Minimap(self._map, self._overlay)
            self.virtual_size = Size(0, 0)
            self.scroll_to(0, 0, animate=False)
        else:
            self._minimap = None
            self.virtual_size = Size(*self._layout.virtual_size)
            self.call_after_refresh(self.center_on, self.cursor)
        self.refresh()
        self.post_message(self.LensChanged(self.lens, self))

    @property
    def lens_title(self) -> str:
        """The current lens's name for players (and "overview" while it is on)."""
        title = LENS_TITLES[self.lens]
        return f"Overview ({title})" if self.overview else title

    def validate_lens(self, lens: str) -> str:
        return lens if lens in LENSES and (self.lens_source or lens == TERRAIN) else TERRAIN

    def watch_lens(self, lens: str) -> None:
        self._shades = self.lens_source(lens) if self.lens_source is not None else None
        self._find_special()
        self._clear_caches()
        self.refresh()
        self.post_message(self.LensChanged(lens, self))

    def refresh_lens(self) -> None:
        """Read the current lens's shades again (after the view changed)."""
        if self.lens != TERRAIN:
            self.watch_lens(self.lens)

    def watch_show_hex_ids(self) -> None:
        self._find_special()
        self._clear_caches()
        self.refresh()

    # --- actions and events -------------------------------------------------------------------

    def action_move(self, direction: str) -> None:
        """Move the cursor one hex in direction (N NE SE S SW NW) if that hex is on the map."""
        for d, other in self._map.neighbors(self.cursor):
            if d == direction:
                self.cursor = other
                return

    def action_move_along_row(self, step: int) -> None:
        """Move the cursor to the same row number one column left (-1) or right (+1)."""
        col, row = parse_hex(self.cursor)
        if 1 <= col + step <= self._map.columns:
            direction = direction_between(self.cursor, f"{col + step:02d}{row:02d}")
            if direction is not None:
                self.action_move(direction)

    def action_center_cursor(self) -> None:
        """Centre the view on the cursor."""
        self.center_on(self.cursor)

    def action_toggle_hex_ids(self) -> None:
        """Show or hide hex ids."""
        self.toggle_hex_ids()

    def action_cycle_lens(self, step: int) -> None:
        """Switch to the next (1) or previous (-1) lens."""
        if self.lens_source is None:
            self.notify("This map has only the terrain lens.", severity="warning")
            return
        self.lens = next_lens(self.lens, step)

    def action_toggle_overview(self) -> None:
        """Show the whole map shrunk into the pane, or go back to full-size hexes."""
        self.overview = not self.overview

    def action_leave_overview(self) -> None:
        """Back to full-size hexes at the cursor (Enter in the overview)."""
        if self.overview:
            self.overview = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_overview":
            return self.overview
        return True

    def action_toggle_legend(self) -> None:
        """Ask for the legend (or to hide it)."""
        self.post_message(self.LegendToggled(self))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if self._minimap is not None:
            width, height = self.size
            hex_id = self._minimap.hex_at(offset.x, offset.y, width, height)
        else:
            hex_id = self.hex_at_offset(offset.x, offset.y)
        if hex_id is not None:
            event.stop()
            self.cursor = hex_id
            self.overview = False  # a click in the overview zooms in there

    def on_resize(self) -> None:
        if self._minimap is not None:
            return
        if self._pending_center is not None:
            self.center_on(self._pending_center)
        else:
            self.scroll_to_cursor()

    # --- rendering ----------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        self._styles_stale = True
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Textual's rendering, with the view (scroll offset, width) read once for all lines."""
        self._view = (*self.scroll_offset, self.size.width)
        try:
            return super().render_lines(crop)
        finally:
            self._view = None

    def render_line(self, y: int) -> Strip:
        """One screen line: the cached strip of the map line in view, exactly the pane's width."""
        if self._styles_stale:
            self._refresh_styles()
        if self._minimap is not None:
            width, height = self.size
            lines = self._minimap.lines(width, height, self.cursor, self._void)
            return lines[y] if y < len(lines) else Strip.blank(width, self._void)
        scroll_x, scroll_y, width = self._view or (*self.scroll_offset, self.size.width)
        line = y + scroll_y
        cached = self._row_cache.get(line)
        if cached is not None and cached[0] == scroll_x and cached[1] == width:
            return cached[2]
        strip = self._build_line(line, scroll_x, width)
        self._row_cache[line] = (scroll_x, width, strip)
        return strip

    def _build_line(self, line: int, scroll_x: int, width: int) -> Strip:
        """Cells scroll_x..scroll_x+width-1 of map line `line` (virtual y)."""
        first = scroll_x // HEX_WIDTH
        last = min(self._map.columns, -(-(scroll_x + width) // HEX_WIDTH))
        row = self._row_pieces(line, first, last) if first < last and width > 0 else None
        if row is None:
            return Strip.blank(max(width, 0), self._void)
        length = (last - first) * HEX_WIDTH
        return fit_row(join_row(row), length, scroll_x - first * HEX_WIDTH, width, self._void)

    def _row_pieces(self, line: int, first: int, last: int) -> list[Piece] | None:
        """The pieces of map line `line` in hex columns first..last-1 (None: no hex there)."""
        layout = self._layout
        # (row, line within the hex) drawn on this line by columns 0, 2, 4… and 1, 3, 5….
        hits = (layout.row_at_line(1, line), layout.row_at_line(2, line))
        if hits == (None, None):
            return None
        step = self._rows * HEX_HEIGHT  # keys of one line in neighbouring columns lie this apart
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

    def _draw_hexes(self, indexes: Iterable[int]) -> None:
        """Draw (and keep in `_pieces`) both lines of these hexes."""
        special, cursor = self._special, self._cursor_index
        known = self._overlay.known_hexes
        ids, look_of, plain, pieces = self._hex_ids, self._look_of, self._plain, self._pieces
        shades = self._shades
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
        overlay = self._overlay
        known = overlay.is_known(hex_id)
        terrain, roads, rivers = self._looks[self._look_of[index]]
        base = base_cells(roads, rivers)
        labels = self._labels(hex_id, known)
        spot = letter_spot(base, labels)
        owned = hex_id in overlay.owned_hexes
        cursor = index == self._cursor_index
        shade = None if self._shades is None else self._shades.get(hex_id, NEVER_SEEN)
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
        roads = set(self._map.road_directions(hex_id))
        for other in self._extra_roads.get(hex_id, ()):
            direction = direction_between(hex_id, other)
            if direction is not None:
                roads.add(direction)
        look = (
            self._map.terrain_of(hex_id),
            tuple(sorted(roads)),
            tuple(sorted(self._map.river_directions(hex_id))),
        )
        found = self._look_ids.get(look)
        if found is None:
            found = self._look_ids[look] = len(self._looks)
            self._looks.append(look)
        return found

    def _plain_runs(self, roads: tuple[str, ...], rivers: tuple[str, ...]) -> HexRuns:
        """The runs of each line of a hex with these links and nothing on it."""
        found = self._cells_of_look.get((roads, rivers))
        if found is None:
            lines = self._run_lines
            runs = plain_runs(base_cells(roads, rivers))
            found = self._cells_of_look[roads, rivers] = tuple(
                [lines.setdefault(line, line) for line in runs]
            )
        return found

    def _labels(
        self, hex_id: str, known: bool
    ) -> tuple[tuple[Cell, ...] | None, tuple[Cell, ...] | None]:
        """(top line, bottom line) labels of a hex: hex id or city on top, convoys below."""
        overlay = self._overlay
        mark = overlay.cities.get(hex_id)
        if mark is None:
            site = self._map.city_at(hex_id)
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

    # --- styles -------------------------------------------------------------------------------

    def _refresh_styles(self) -> None:
        """Take the off-map style from the pane's colours; drop the caches if they changed."""
        self._styles_stale = False
        colors = self.rich_style  # with the theme's foreground blended as Textual draws it
        void = Style(color=colors.color, bgcolor=colors.bgcolor)
        if void != self._void:
            self._void = void
            self._void_piece = (Segment(" " * HEX_WIDTH, void),)
            self._clear_caches()

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

    # --- cache upkeep -------------------------------------------------------------------------

    def _find_special(self) -> None:
        """Note which hexes carry labels or marks (all of them while hex ids are shown)."""
        if self.show_hex_ids:
            self._special = range(len(self._hex_ids))
            return
        overlay, index_of, contains = self._overlay, self._map.index_of, self._map.contains
        hexes = {site.hex for site in self._map.cities}
        hexes.update(overlay.owned_hexes, overlay.cities, overlay.own_convoys)
        hexes.update(overlay.foreign_convoys, overlay.route)
        self._special = {index_of(h) for h in hexes if contains(h)}

    def _clear_caches(self) -> None:
        self._role_styles.clear()
        self._interned.clear()
        self._plain.clear()
        self._shaded.clear()
        self._run_lines.clear()
        self._pieces = [None] * len(self._pieces)
        self._row_cache.clear()

    def _invalidate_hexes(self, hex_ids: Iterable[str]) -> None:
        """Forget the drawing of these hexes and repaint just their cells."""
        scroll = self.scroll_offset
        for hex_id in hex_ids:
            index = self._map.index_of(hex_id)
            box = self._layout.footprint_of(hex_id)
            for line in range(HEX_HEIGHT):
                self._pieces[index * HEX_HEIGHT + line] = None
                self._row_cache.pop(box.y + line, None)
            self.refresh(Region(box.x, box.y, box.width, box.height).translate(-scroll))

    def _checked(self, hex_id: str) -> str:
        if not self._map.contains(hex_id):
            raise ValueError(f"hex {hex_id!r} is not on map {self._map.name}")
        return hex_id

