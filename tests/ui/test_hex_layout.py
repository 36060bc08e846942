"""Hex ↔ cell geometry of the map pane (pure, no Textual)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conquest_tui.engine.core.hexgrid import format_hex, neighbors
from conquest_tui.ui.hex_layout import HEX_HEIGHT, HEX_WIDTH, CellBox, HexLayout

# Where each neighbour's block sits relative to a hex's block, in cells (dx, dy).
NEIGHBOUR_OFFSETS = {
    "N": (0, -HEX_HEIGHT),
    "S": (0, HEX_HEIGHT),
    "NE": (HEX_WIDTH, -HEX_HEIGHT // 2),
    "SE": (HEX_WIDTH, HEX_HEIGHT // 2),
    "SW": (-HEX_WIDTH, HEX_HEIGHT // 2),
    "NW": (-HEX_WIDTH, -HEX_HEIGHT // 2),
}


@st.composite
def layout_and_hex(draw: st.DrawFn) -> tuple[HexLayout, int, int]:
    columns = draw(st.integers(1, 99))
    rows = draw(st.integers(1, 99))
    col = draw(st.integers(1, columns))
    row = draw(st.integers(1, rows))
    return HexLayout(columns, rows), col, row


def test_origins_follow_the_rulebook_layout() -> None:
    layout = HexLayout(16, 20)
    assert layout.origin(1, 1) == (0, 0)
    assert layout.origin(1, 2) == (0, HEX_HEIGHT)
    assert layout.origin(2, 1) == (HEX_WIDTH, HEX_HEIGHT // 2)  # even columns sit lower
    assert layout.footprint_of("0516") == CellBox(4 * HEX_WIDTH, 15 * HEX_HEIGHT, 5, 2)
    assert layout.footprint_of("0616").y == 15 * HEX_HEIGHT + 1


def test_virtual_size_of_a_60_by_60_map() -> None:
    assert HexLayout(60, 60).virtual_size == (300, 121)
    assert HexLayout(1, 3).virtual_size == (HEX_WIDTH, 3 * HEX_HEIGHT)  # no lower column


def test_gaps_and_outside_cells_belong_to_no_hex() -> None:
    layout = HexLayout(4, 3)
    assert layout.hex_at_cell(HEX_WIDTH, 0) is None  # above column 2
    assert layout.hex_at_cell(0, 3 * HEX_HEIGHT) is None  # below column 1
    assert layout.hex_at_cell(-1, 0) is None
    assert layout.hex_at_cell(0, -1) is None
    assert layout.hex_at_cell(4 * HEX_WIDTH, 1) is None
    assert layout.hex_id_at_cell(HEX_WIDTH, 1) == "0201"


def test_off_map_hex_is_refused() -> None:
    with pytest.raises(ValueError, match="outside"):
        HexLayout(4, 3).origin(5, 1)


def test_hexes_on_a_line() -> None:
    layout = HexLayout(4, 3)
    assert layout.hexes_on_line(0) == [(1, 1, 0), (3, 1, 0)]
    assert layout.hexes_on_line(1) == [(1, 1, 1), (2, 1, 0), (3, 1, 1), (4, 1, 0)]
    assert layout.hexes_on_line(6) == [(2, 3, 1), (4, 3, 1)]
    assert layout.hexes_on_line(7) == []


@given(layout_and_hex())
def test_every_drawn_cell_maps_back_to_its_hex(case: tuple[HexLayout, int, int]) -> None:
    layout, col, row = case
    box = layout.footprint(col, row)
    for x, y in box.cells():
        assert layout.hex_at_cell(x, y) == (col, row)
    for y in layout.lines_of(col, row):
        assert (col, row, y - box.y) in layout.hexes_on_line(y)


@given(
    st.integers(1, 99),
    st.integers(1, 99),
    st.integers(0, 99 * HEX_WIDTH + 5),
    st.integers(0, 99 * HEX_HEIGHT + 5),
)
def test_cell_to_hex_to_cell_round_trip(columns: int, rows: int, x: int, y: int) -> None:
    layout = HexLayout(columns, rows)
    found = layout.hex_at_cell(x, y)
    width, height = layout.virtual_size
    if found is None:
        col = x // HEX_WIDTH + 1
        even_gap = col % 2 == 0 and y < HEX_HEIGHT // 2
        odd_gap = col % 2 == 1 and y >= rows * HEX_HEIGHT
        assert x >= width or y >= height or even_gap or odd_gap
        return
    assert (x, y) in layout.footprint(*found)


@given(layout_and_hex())
def test_neighbours_are_drawn_where_the_directions_say(case: tuple[HexLayout, int, int]) -> None:
    layout, col, row = case
    x, y = layout.origin(col, row)
    for direction, other in neighbors(format_hex(col, row)):
        other_col, other_row = int(other[:2]), int(other[2:])
        if not layout.contains(other_col, other_row):
            continue
        dx, dy = NEIGHBOUR_OFFSETS[direction]
        assert layout.origin(other_col, other_row) == (x + dx, y + dy)


def test_blocks_tile_the_map_without_overlap() -> None:
    layout = HexLayout(5, 4)
    width, height = layout.virtual_size
    owners = [layout.hex_at_cell(x, y) for y in range(height) for x in range(width)]
    drawn = [o for o in owners if o is not None]
    assert len(drawn) == 5 * 4 * HEX_WIDTH * HEX_HEIGHT
    assert len(set(drawn)) == 5 * 4
