"""How a hex is drawn in terminal cells: road and river glyphs, city and convoy labels."""

from __future__ import annotations

from collections.abc import Iterable

from conquest_tui.ui.hex_layout import HEX_HEIGHT, HEX_WIDTH
from conquest_tui.ui.map_overlay import CityMark

Cell = tuple[str, str]
"""One drawn cell: (character, role), the role naming the style it gets."""
Look = tuple[str, tuple[str, ...], tuple[str, ...]]
"""What a hex with nothing on it looks like: (terrain, road directions, river directions)."""
Run = tuple[str, str]
"""Cells of one style side by side: (characters, role)."""
HexCells = tuple[tuple[Cell, ...], ...]
"""The cells of a hex, line by line."""
HexRuns = tuple[tuple[Run, ...], ...]
"""The runs of a hex, line by line."""

LETTER = "\0"
"""Stands in plain runs for the terrain letter, which `plain_runs` leaves to the caller."""

_UPPER = frozenset({"N", "NE", "NW"})
_LOWER = frozenset({"S", "SE", "SW"})

# The cells a link leaves through: NW/NE along the top line, SW/SE along the bottom line,
# N/S through the hub (the middle cell of each line). Two cells per diagonal arm.
_ARMS: dict[str, tuple[tuple[int, int], ...]] = {
    "NW": ((0, 0), (0, 1)),
    "NE": ((0, 3), (0, 4)),
    "SW": ((1, 0), (1, 1)),
    "SE": ((1, 3), (1, 4)),
    "N": (),
    "S": (),
}
_HUB_X = 2

# Box-drawing glyph per set of arms (up, down, left, right) meeting in a cell.
_ROAD_GLYPHS: dict[tuple[bool, bool, bool, bool], str] = {
    (False, False, False, False): " ",
    (True, False, False, False): "╵",
    (False, True, False, False): "╷",
    (True, True, False, False): "│",
    (False, False, True, False): "╴",
    (False, False, False, True): "╶",
    (False, False, True, True): "─",
    (True, False, True, False): "┘",
    (True, False, False, True): "└",
    (False, True, True, False): "┐",
    (False, True, False, True): "┌",
    (True, True, True, False): "┤",
    (True, True, False, True): "├",
    (True, False, True, True): "┴",
    (False, True, True, True): "┬",
    (True, True, True, True): "┼",
}
_RIVER_GLYPHS: dict[tuple[bool, bool, bool, bool], str] = {
    (False, False, False, False): " ",
    (True, False, False, False): "║",
    (False, True, False, False): "║",
    (True, True, False, False): "║",
    (False, False, True, False): "═",
    (False, False, False, True): "═",
    (False, False, True, True): "═",
    (True, False, True, False): "╝",
    (True, False, False, True): "╚",
    (False, True, True, False): "╗",
    (False, True, False, True): "╔",
    (True, True, True, False): "╣",
    (True, True, False, True): "╠",
    (True, False, True, True): "╩",
    (False, True, True, True): "╦",
    (True, True, True, True): "╬",
}

# Where the terrain letter goes: the first of these cells not taken by a road, river or label
# (never an edge cell, where it would read as part of a neighbour's label).
_LETTER_SPOTS: tuple[tuple[int, int], ...] = ((0, 2), (1, 2), (0, 1), (0, 3), (1, 1), (1, 3))

_FILL: Cell = (" ", "fill")
_NO_LABELS: tuple[None, ...] = (None,) * HEX_HEIGHT


def _lay_links(
    cells: list[list[Cell]],
    directions: Iterable[str],
    glyphs: dict[tuple[bool, bool, bool, bool], str],
    role: str,
) -> None:
    """Draw into `cells` (line by line) the links leaving a hex in `directions`."""
    dirs = set(directions)
    if not dirs:
        return
    arm = (glyphs[False, False, True, True], role)
    for direction in dirs:
        for line, x in _ARMS[direction]:
            cells[line][x] = arm
    upper, lower = not dirs.isdisjoint(_UPPER), not dirs.isdisjoint(_LOWER)
    through = upper and lower
    if upper:
        cells[0][_HUB_X] = (glyphs["N" in dirs, through, "NW" in dirs, "NE" in dirs], role)
    if lower:
        cells[1][_HUB_X] = (glyphs[through, "S" in dirs, "SW" in dirs, "SE" in dirs], role)


def city_label(mark: CityMark, known: bool, width: int = HEX_WIDTH) -> tuple[Cell, ...]:
    """The cells naming a city: an owner marker, then the name (CAPITALS for a major city).

    The marker is "■" for the viewing clan's city, the owner's clan number for a foreign
    one, and "◆" (major) or "●" (minor) for an unowned city. An unknown hex shows the
    marker only.
    """
    if mark.owner_label == "own":
        marker, marker_role = "■", "mark-own"
    elif mark.owner_label:
        marker, marker_role = mark.owner_label[: width - 1], "mark-foreign"
    else:
        marker, marker_role = ("◆" if mark.major else "●"), "mark-neutral"
    cells: list[Cell] = [(ch, marker_role) for ch in marker]
    if known:
        name = mark.name.replace(" ", "")
        name = name.upper() if mark.major else name[:1].upper() + name[1:]
        role = "city-major" if mark.major else "city"
        cells.extend((ch, role) for ch in name[: width - len(cells)])
    return tuple(cells)


def convoy_label(own: tuple[int, ...], foreign: int, width: int = HEX_WIDTH) -> tuple[Cell, ...]:
    """The cells listing convoys: own numbers ("3,12", "+" when they do not fit), then "!n"."""
    foreign_text = f"!{foreign}" if foreign else ""
    room = width - len(foreign_text)
    own_text = ""
    for i, number in enumerate(own):
        part = f"{',' if own_text else ''}{number}"
        more = "+" if i < len(own) - 1 else ""
        if len(own_text) + len(part) + len(more) > room:
            own_text = (own_text + "+") if own_text else f"{number}"[: room - 1] + "+"
            break
        own_text += part
    cells = [(ch, "convoy-own") for ch in own_text[:room]]
    cells.extend((ch, "convoy-foreign") for ch in foreign_text)
    return tuple(cells)


def base_cells(roads: Iterable[str], rivers: Iterable[str]) -> HexCells:
    """The map-only cells of a hex, line by line: terrain fill, rivers, roads over them."""
    cells: list[list[Cell]] = [[_FILL] * HEX_WIDTH for _ in range(HEX_HEIGHT)]
    _lay_links(cells, rivers, _RIVER_GLYPHS, "river")
    _lay_links(cells, roads, _ROAD_GLYPHS, "road")
    return tuple(map(tuple, cells))


def letter_spot(
    base: tuple[tuple[Cell, ...], ...], labels: tuple[tuple[Cell, ...] | None, ...]
) -> tuple[int, int] | None:
    """The first free cell for the terrain letter, or None when roads and labels fill the hex."""
    for line, x in _LETTER_SPOTS:
        if base[line][x][1] != "fill":
            continue
        label = labels[line]
        if label:
            start = (HEX_WIDTH - len(label)) // 2
            if start <= x < start + len(label):
                continue
        return line, x
    return None


def plain_runs(base: HexCells) -> HexRuns:
    """The runs of each line of a hex with nothing on it, the letter's cell holding `LETTER`.

    The letter joins the terrain fill ("fill" role): both take the hex's own style.
    """
    spot = letter_spot(base, _NO_LABELS)
    lines: list[tuple[Run, ...]] = []
    for part, cells in enumerate(base):
        if spot is not None and spot[0] == part:
            x = spot[1]
            cells = (*cells[:x], (LETTER, "fill"), *cells[x + 1 :])
        runs: list[Run] = []
        text, role = cells[0]
        for char, cell_role in cells[1:]:
            if cell_role == role:
                text += char
            else:
                runs.append((text, role))
                text, role = char, cell_role
        runs.append((text, role))
        lines.append(tuple(runs))
    return tuple(lines)


def link_ends(links: Iterable[frozenset[str]]) -> dict[str, set[str]]:
    """Hex → the hexes it is linked to."""
    ends: dict[str, set[str]] = {}
    for link in links:
        pair = tuple(link)
        if len(pair) == 2:
            a, b = pair
            ends.setdefault(a, set()).add(b)
            ends.setdefault(b, set()).add(a)
    return ends
