"""The world map pane: territories as labelled nodes, a cursor moved by keys and the mouse."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from conquest_tui.games.conquest.board import Board
from conquest_tui.ui.conquest.layout import Layout
from conquest_tui.ui.conquest.map_canvas import Marks, Node, draw_map, place_nodes

_DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


class WorldMap(Widget, can_focus=True):
    """The schematic world: arrows go to the neighbouring territory that way, Tab to the next,
    a capital letter to the next territory of that letter; Enter (or a click) chooses."""

    DEFAULT_CSS = """
    WorldMap { width: 1fr; height: 1fr; min-width: 40; min-height: 12; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "step('up')", "North", show=False, id="cq_map.up"),
        Binding("down", "step('down')", "South", show=False, id="cq_map.down"),
        Binding("left", "step('left')", "West", show=False, id="cq_map.left"),
        Binding("right", "step('right')", "East", show=False, id="cq_map.right"),
        Binding("tab", "cycle(1)", "Next territory", show=False, id="cq_map.next"),
        Binding("shift+tab", "cycle(-1)", "Previous territory", show=False, id="cq_map.previous"),
        Binding("enter", "choose", "Choose", id="cq_map.choose",
                tooltip="Choose the territory under the cursor"),
    ]

    class Moved(Message):
        """The cursor moved to another territory."""

        def __init__(self, territory: str) -> None:
            super().__init__()
            self.territory = territory

    class Chosen(Message):
        """Enter (or a click) on a territory."""

        def __init__(self, territory: str) -> None:
            super().__init__()
            self.territory = territory

    def __init__(self, layout: Layout, board: Board, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.world = layout
        self.board = board
        self.cursor = board.territories[0]
        self.marks = Marks()
        self._armies: dict[str, int] = dict.fromkeys(board.territories, 0)
        self._colours: dict[str, str] = {}
        self._placed: dict[str, Node] = {}
        self._lines: list[Strip] = []
        self._drawn_for: tuple[int, int] = (0, 0)

    # --- what it shows ------------------------------------------------------------------------

    def show(self, armies: Mapping[str, int], colours: Mapping[str, str]) -> None:
        """The territories' armies and their owners' colours."""
        self._armies = dict(armies)
        self._colours = dict(colours)
        self._redraw()

    def mark(self, source: str = "", targets: frozenset[str] = frozenset()) -> None:
        """Light an attack's or a move's source and where it may go."""
        self.marks = Marks(self.cursor, source, targets)
        self._redraw()

    def move_to(self, territory: str) -> None:
        """Put the cursor on a territory."""
        if territory not in self.world.spots or territory == self.cursor:
            return
        self.cursor = territory
        self.marks = Marks(territory, self.marks.source, self.marks.targets)
        self._redraw()
        self.post_message(self.Moved(territory))

    @property
    def nodes(self) -> dict[str, Node]:
        """Where each territory's label is drawn (after the first frame)."""
        return self._placed

    def _redraw(self) -> None:
        self._drawn_for = (0, 0)
        self.refresh()

    def _draw(self) -> None:
        width, height = self.size.width, self.size.height
        if (width, height) == self._drawn_for or width <= 0 or height <= 0:
            return
        self._placed = place_nodes(self.world, self._armies, width, height)
        marks = Marks(self.cursor, self.marks.source, self.marks.targets)
        rows = draw_map(self.world, self.board, self._colours, self._placed, width, height, marks)
        self._lines = [Strip(row, width) for row in rows]
        self._drawn_for = (width, height)

    def render_line(self, y: int) -> Strip:
        self._draw()
        if 0 <= y < len(self._lines):
            return self._lines[y]
        return Strip([Segment(" " * self.size.width)], self.size.width)

    def on_resize(self) -> None:
        self._redraw()

    # --- keys and the mouse -------------------------------------------------------------------

    def action_step(self, direction: str) -> None:
        """To the territory that way: a neighbour if one lies that way, else the nearest."""
        dx, dy = _DIRECTIONS.get(direction, (0, 0))
        here = self.world.spots[self.cursor]

        def score(name: str) -> float | None:
            spot = self.world.spots[name]
            along = (spot.column - here.column) * dx + (spot.row - here.row) * dy
            across = abs((spot.column - here.column) * dy) + abs((spot.row - here.row) * dx)
            if along <= 0 or across > 2 * along:
                return None
            return along + 2 * across

        for pool in (self.board.neighbours(self.cursor), self.board.territories):
            scored = [(s, name) for name in pool if name != self.cursor
                      if (s := score(name)) is not None]
            if scored:
                self.move_to(min(scored)[1])
                return

    def action_cycle(self, step: int) -> None:
        """To the next (or previous) territory of the board's list."""
        names = self.board.territories
        index = names.index(self.cursor)
        self.move_to(names[(index + step) % len(names)])

    def action_choose(self) -> None:
        """Choose the territory under the cursor."""
        self.post_message(self.Chosen(self.cursor))

    def on_key(self, event: events.Key) -> None:
        """A capital letter: the next territory whose name begins with it."""
        char = event.character or ""
        if len(char) != 1 or not char.isupper():
            return
        names = self.board.territories
        start = names.index(self.cursor)
        for step in range(1, len(names) + 1):
            name = names[(start + step) % len(names)]
            if name.startswith(char):
                event.stop()
                event.prevent_default()
                self.move_to(name)
                return

    def territory_at(self, x: int, y: int) -> str | None:
        """The territory whose label is at (x, y), or the nearest one a cell or two away."""
        best: tuple[int, str] | None = None
        for node in self._placed.values():
            if node.y == y and node.x <= x < node.end:
                return node.name
            distance = abs(node.y - y) * 2 + max(node.x - x, x - node.end + 1, 0)
            if distance <= 3 and (best is None or distance < best[0]):
                best = (distance, node.name)
        return best[1] if best else None

    def on_click(self, event: events.Click) -> None:
        name = self.territory_at(event.x, event.y)
        if name is None:
            return
        self.focus()
        self.move_to(name)
        self.post_message(self.Chosen(name))
