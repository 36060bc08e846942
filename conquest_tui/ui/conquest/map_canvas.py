"""The world map drawn into character cells: continents tinted, borders as lines, labelled nodes."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from attrs import frozen
from rich.segment import Segment
from rich.style import Style

from conquest_tui.games.conquest.board import Board
from conquest_tui.ui.conquest.layout import Layout
from conquest_tui.ui.conquest.palette import CONTINENT_TINTS, LINK, LINK_LIT, SEA, node_style

_LINK = Style(color=LINK)
_LINK_LIT = Style(color=LINK_LIT)

Put = Callable[[int, int, str, Style | None], None]

MARGIN = 5
"""Columns kept free at each side for the stubs of the borders that wrap round the world."""
STUB = 5
"""Columns a wrapped border's stub takes at the map's edge ("─▸Ala")."""


@frozen
class Node:
    """A territory's label on the pane: its left column, its row and its text."""

    name: str
    x: int
    y: int
    text: str

    @property
    def end(self) -> int:
        return self.x + len(self.text)

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + len(self.text) // 2, self.y


@frozen
class Marks:
    """What the pane shows lit: the cursor, an attack's or a move's source, the places it may go."""

    selected: str = ""
    source: str = ""
    targets: frozenset[str] = frozenset()


def _column(layout: Layout, column: float, width: int) -> float:
    span = max(1, layout.columns - 1)
    return MARGIN + column * max(1, width - 2 * MARGIN - 1) / span


def _row(layout: Layout, row: float, height: int) -> int:
    if row < 0:
        return 0
    span = max(1, layout.rows - 1)
    return min(height - 1, round(1 + row * max(1, height - 2) / span))


def label_of(layout: Layout, name: str, armies: int, long: bool) -> str:
    """"Kamchatka 12" when there is room, else "Kam 12" (a blank always between name and number)."""
    spot = layout.spots[name]
    if long:
        return f" {spot.label} {armies} "
    return f"{spot.short} {armies}"


def place_nodes(layout: Layout, armies: Mapping[str, int], width: int,
                height: int) -> dict[str, Node]:
    """Every territory's label, long where it clears its neighbours on the row, else short."""
    long = {name: True for name in layout.spots}
    west = {a for a, _ in layout.wrap}
    east = {b for _, b in layout.wrap}
    while True:
        nodes = {}
        for name, spot in layout.spots.items():
            text = label_of(layout, name, armies.get(name, 0), long[name])
            centre = _column(layout, spot.column, width)
            right = width - len(text) - (STUB if name in east else 0)
            left = STUB if name in west else 0
            x = max(0, left, min(right, round(centre - len(text) / 2)))
            nodes[name] = Node(name, x, _row(layout, spot.row, height), text)
        clash = {
            name
            for name, node in nodes.items()
            for other in nodes.values()
            if other.name != name and other.y == node.y
            and node.x < other.end + 1 and other.x < node.end + 1
            and long[name]
        }
        if not clash:
            return _spread(nodes, width, west, east)
        for name in clash:
            long[name] = False


def _spread(nodes: dict[str, Node], width: int, west: set[str],
            east: set[str]) -> dict[str, Node]:
    """Short labels that still touch on a row (a narrow pane) pushed apart, a blank column
    between each, kept inside the pane and clear of the wrapped borders' stubs."""
    rows: dict[int, list[Node]] = {}
    for node in nodes.values():
        rows.setdefault(node.y, []).append(node)
    placed = dict(nodes)
    for row in rows.values():
        if len(row) < 2:
            continue
        row.sort(key=lambda n: (n.x, n.name))
        xs = [n.x for n in row]
        for i in range(1, len(row)):  # rightwards: each clear of the one before
            xs[i] = max(xs[i], xs[i - 1] + len(row[i - 1].text) + 1)
        for i in reversed(range(len(row))):  # leftwards: inside the pane, clear of the next
            right = width - len(row[i].text) - (STUB if row[i].name in east else 0)
            if i + 1 < len(row):
                right = min(right, xs[i + 1] - len(row[i].text) - 1)
            xs[i] = max(STUB if row[i].name in west else 0, min(xs[i], right))
        for node, x in zip(row, xs, strict=True):
            if x != node.x:
                placed[node.name] = Node(node.name, x, node.y, node.text)
    return placed


_TINTS: dict[tuple[int, int, int, int], tuple[str, ...]] = {}


def tint_cells(layout: Layout, board: Board, width: int, height: int) -> tuple[str, ...]:
    """Per cell (row by row), the continent whose region it lies in ("" for open sea): the
    nearest territory's, within a few cells of it (worked out once a size)."""
    key = (id(layout), id(board), width, height)
    if key not in _TINTS:
        _TINTS[key] = _tints(layout, board, width, height)
    return _TINTS[key]


def _tints(layout: Layout, board: Board, width: int, height: int) -> tuple[str, ...]:
    centres = [
        (board.continent_of(name), _column(layout, spot.column, width),
         _row(layout, spot.row, height))
        for name, spot in layout.spots.items()
    ]
    reach_x = max(4.0, 2.6 * (width - 2 * MARGIN) / max(1, layout.columns - 1))
    reach_y = max(1.5, 2.0 * (height - 2) / max(1, layout.rows - 1))
    best: list[tuple[float, str]] = [(1.0, "")] * (width * height)
    for continent, cx, cy in centres:  # only the cells within a node's reach
        for y in range(max(0, int(cy - reach_y)), min(height, int(cy + reach_y) + 1)):
            for x in range(max(0, int(cx - reach_x)), min(width, int(cx + reach_x) + 1)):
                d = ((x - cx) / reach_x) ** 2 + ((y - cy) / reach_y) ** 2
                if d < best[y * width + x][0]:
                    best[y * width + x] = (d, continent)
    cells = [continent for _, continent in best]
    return tuple(cells)


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int, str]]:
    """The cells of a straight line from a to b (ends excluded), each with its stroke."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    x, y = x0, y0
    cells: list[tuple[int, int, str]] = []
    while (x, y) != (x1, y1):
        e2 = 2 * err
        step_x = e2 >= dy
        step_y = e2 <= dx
        if step_x:
            err += dy
            x += sx
        if step_y:
            err += dx
            y += sy
        diagonal = "╲" if sx == sy else "╱"
        stroke = diagonal if step_x and step_y else ("─" if step_x else "│")
        cells.append((x, y, stroke))
    return cells[:-1]


def draw_map(layout: Layout, board: Board, owners: Mapping[str, str],
             nodes: Mapping[str, Node], width: int, height: int,
             marks: Marks = Marks()) -> list[list[Segment]]:
    """The pane's lines as Rich segments. `owners` gives each territory its owner's colour."""
    base = _base_styles(layout, board, width, height)
    chars = [" "] * (width * height)
    styles = list(base)

    def put(x: int, y: int, char: str, style: Style | None = None) -> None:
        if 0 <= x < width and 0 <= y < height:
            index = y * width + x
            chars[index] = char
            if style is not None:
                styles[index] = _combined(base[index], style)

    wrapped = {frozenset(pair) for pair in layout.wrap}
    lit = {marks.selected, marks.source} - {""}
    for name in board.territories:
        for other in board.neighbours(name):
            if other < name or frozenset((name, other)) in wrapped:
                continue
            style = _LINK_LIT if lit & {name, other} else _LINK
            for x, y, stroke in _line(nodes[name].centre, nodes[other].centre):
                put(x, y, stroke, style)
    for west, east in layout.wrap:
        _stub(put, nodes[west], layout.spots[east].short, 0, lit & {west, east})
        _stub(put, nodes[east], layout.spots[west].short, width, lit & {west, east})
    for continent in board.continents:
        at = layout.continent_labels.get(continent.name)
        if at is None:
            continue
        text = f" {continent.name} +{continent.bonus} "
        x = round(_column(layout, at[0], width))
        y = _row(layout, at[1], height) if at[1] < layout.rows else height - 1
        x = max(0, min(width - len(text), x))
        if not _covers(nodes, x, y, len(text)):
            colour = CONTINENT_TINTS.get(continent.name, ("", "#ffffff"))[1]
            for i, char in enumerate(text):
                put(x + i, y, char, Style(color=colour, bold=True))
    for name, node in nodes.items():
        style = node_style(
            owners.get(name, "#808080"),
            selected=name == marks.selected,
            source=name == marks.source,
            target=name in marks.targets,
        )
        for i, char in enumerate(node.text):
            put(node.x + i, node.y, char, style)
    lines: list[list[Segment]] = []
    for y in range(height):
        row: list[Segment] = []
        start = y * width
        run_start = start
        for index in range(start, start + width + 1):
            if index == start + width or styles[index] is not styles[run_start]:
                row.append(Segment("".join(chars[run_start:index]), styles[run_start]))
                run_start = index
        lines.append(row)
    return lines


_COMBINED: dict[tuple[Style, Style], Style] = {}


def _combined(under: Style, over: Style) -> Style:
    """`over` laid on `under`, one object for each pair (so runs compare by identity)."""
    key = (under, over)
    found = _COMBINED.get(key)
    if found is None:
        found = _COMBINED[key] = under + over
    return found


_BASES: dict[tuple[int, int, int, int], tuple[Style, ...]] = {}


def _base_styles(layout: Layout, board: Board, width: int, height: int) -> tuple[Style, ...]:
    """Each cell's background: its continent's tint, or the sea (worked out once a size)."""
    key = (id(layout), id(board), width, height)
    if key not in _BASES:
        tints = {name: Style(bgcolor=colours[0], color=SEA.color)
                 for name, colours in CONTINENT_TINTS.items()}
        _BASES[key] = tuple(tints.get(t, SEA) for t in tint_cells(layout, board, width, height))
    return _BASES[key]


def _covers(nodes: Mapping[str, Node], x: int, y: int, length: int) -> bool:
    return any(n.y == y and x < n.end + 1 and n.x < x + length + 1 for n in nodes.values())


def _stub(put: Put, node: Node, other: str, edge: int, lit: set[str]) -> None:
    """A wrapped border: a line from the node to the map's edge, the far end's short name at it."""
    style = _LINK_LIT if lit else _LINK
    if edge == 0:
        text = f"{other}◂"
        cells = range(0, node.x)
    else:
        text = f"▸{other}"
        cells = range(node.end, edge)
    span = list(cells)
    if not span:
        return
    strokes = ["─"] * len(span)
    if len(span) >= len(text):
        at = 0 if edge == 0 else len(span) - len(text)
        strokes[at : at + len(text)] = list(text)
    for x, char in zip(span, strokes, strict=True):
        put(x, node.y, char, style)
