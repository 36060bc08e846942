"""The map pane: a scrolling hex map drawn line by line (Line API) with a hex cursor."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from conquest_tui.engine.face import GameMap, direction_between, parse_hex
from conquest_tui.ui.hex_layout import HEX_HEIGHT, HEX_WIDTH, HexLayout
from conquest_tui.ui.map_lenses import LENS_TITLES, LENSES, TERRAIN, Shade, next_lens
from conquest_tui.ui.map_overlay import MapOverlay
from conquest_tui.ui.map_painter import MapPainter
from conquest_tui.ui.widgets.minimap import Minimap
from conquest_tui.ui.widgets.steady_scroll import SteadyScrollbars


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
        self.painter = MapPainter(game_map, overlay if overlay is not None else MapOverlay.empty())
        """What draws the hexes and keeps their pieces (map_painter.py)."""
        self._styles_stale = True
        self._view: tuple[int, int, int] | None = None
        """(scroll x, scroll y, width) while Textual renders lines (see render_lines)."""
        self._pending_center: str | None = None
        self.lens_source: Callable[[str], Mapping[str, Shade] | None] | None = None
        """Lens → hex shades (map_lenses.lens_shading over the Clan's view); None: terrain only."""
        self._minimap: Minimap | None = None
        """The overview's drawing while it is on."""
        self.virtual_size = Size(*self.painter.layout.virtual_size)
        self.set_reactive(MapPane.cursor, game_map.hex_ids()[0])

    # --- public API ---------------------------------------------------------------------------

    @property
    def game_map(self) -> GameMap:
        """The map being drawn."""
        return self._map

    @property
    def overlay(self) -> MapOverlay:
        """The overlay being drawn."""
        return self.painter.overlay

    @property
    def hex_layout(self) -> HexLayout:
        """The hex ↔ cell geometry of this pane."""
        return self.painter.layout

    def set_overlay(self, overlay: MapOverlay) -> None:
        """Draw a new overlay, repainting only the hexes it changes when there are few.

        Args:
            overlay: The overlay replacing the current one.
        """
        if self._minimap is not None:
            self._minimap = Minimap(self._map, overlay)
            self.refresh()
        changed = self.painter.set_overlay(overlay)
        if changed is None:
            self.refresh()
            return
        self._invalidate_hexes(changed)

    def center_on(self, hex_id: str) -> None:
        """Scroll so that hex_id is in the middle of the pane (as far as the map allows).

        Args:
            hex_id: A hex of the map; the cursor does not move.
        """
        box = self.hex_layout.footprint_of(self._checked(hex_id))
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
        return self.hex_layout.hex_id_at_cell(x + scroll_x, y + scroll_y)

    def scroll_to_cursor(self) -> None:
        """Scroll the least needed to show the cursor hex with a margin around it."""
        if not self.size:
            return
        box = self.hex_layout.footprint_of(self.cursor)
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
        self.painter.cursor_index = self._map.index_of(new)
        if self._minimap is not None:
            self.refresh()
            self.post_message(self.CursorMoved(new, self))
            return
        self._invalidate_hexes((old, new))
        self.scroll_to_cursor()
        self.post_message(self.CursorMoved(new, self))

    def watch_overview(self, overview: bool) -> None:
        if overview:
            self._minimap = Minimap(self._map, self.overlay)
            self.virtual_size = Size(0, 0)
            self.scroll_to(0, 0, animate=False)
        else:
            self._minimap = None
            self.virtual_size = Size(*self.hex_layout.virtual_size)
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
        self.painter.shades = self.lens_source(lens) if self.lens_source is not None else None
        self._repaint_all()
        self.post_message(self.LensChanged(lens, self))

    def refresh_lens(self) -> None:
        """Read the current lens's shades again (after the view changed)."""
        if self.lens != TERRAIN:
            self.watch_lens(self.lens)

    def watch_show_hex_ids(self, show: bool) -> None:
        self.painter.show_hex_ids = show
        self._repaint_all()

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
        """One screen line: the painter's strip of the map line in view, the pane's width."""
        if self._styles_stale:
            self._styles_stale = False
            colors = self.rich_style  # with the theme's foreground blended as Textual draws it
            self.painter.set_void(Style(color=colors.color, bgcolor=colors.bgcolor))
        if self._minimap is not None:
            width, height = self.size
            lines = self._minimap.lines(width, height, self.cursor, self.painter.void)
            return lines[y] if y < len(lines) else Strip.blank(width, self.painter.void)
        scroll_x, scroll_y, width = self._view or (*self.scroll_offset, self.size.width)
        return self.painter.line(y + scroll_y, scroll_x, width)

    def _repaint_all(self) -> None:
        self.painter.find_special()
        self.painter.clear_caches()
        self.refresh()

    def _invalidate_hexes(self, hex_ids: Iterable[str]) -> None:
        """Forget the drawing of these hexes and repaint just their cells."""
        scroll = self.scroll_offset
        for hex_id in hex_ids:
            self.painter.forget_hex(hex_id)
            box = self.hex_layout.footprint_of(hex_id)
            self.refresh(Region(box.x, box.y, box.width, box.height).translate(-scroll))

    def _checked(self, hex_id: str) -> str:
        if not self._map.contains(hex_id):
            raise ValueError(f"hex {hex_id!r} is not on map {self._map.name}")
        return hex_id
