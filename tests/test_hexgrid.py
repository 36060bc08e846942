"""Hex ids, directions, neighbours and cube distance (CC-GEN-08, T§15, CC-CL-DEFEND-03)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conquest_tui.engine.core.hexgrid import (
    CUBE_DIRECTIONS,
    DIRECTION_WORDS,
    DIRECTIONS,
    are_adjacent,
    direction_between,
    distance,
    format_hex,
    from_cube,
    hex_matches,
    hexes_within,
    is_hex_id,
    is_hex_pattern,
    nearest,
    neighbor,
    neighbors,
    opposite,
    parse_hex,
    ring,
    to_cube,
)

indices = st.integers(min_value=1, max_value=99)
hex_ids = st.builds(format_hex, indices, indices)
directions = st.sampled_from(DIRECTIONS)


# --- rulebook examples ---------------------------------------------------------------------


def test_cc_gen_08_rulebook_neighbours() -> None:
    """Oceania example: from 0616, NW is 0516 and SE is 0717."""
    assert neighbor("0616", "NW") == "0516"
    assert neighbor("0616", "SE") == "0717"
    assert direction_between("0616", "0516") == "NW"
    assert direction_between("0616", "0717") == "SE"


def test_cc_gen_08_no_east_or_west() -> None:
    assert DIRECTIONS == ("N", "NE", "SE", "S", "SW", "NW")
    for word in ("E", "W", "EAST", "WEST"):
        assert word not in DIRECTION_WORDS
    with pytest.raises(ValueError):
        neighbor("0616", "E")


def test_cc_amb_86_offset_table() -> None:
    """T§15: even-numbered columns sit half a hex lower."""
    assert dict(neighbors("0616")) == {
        "N": "0615", "NE": "0716", "SE": "0717", "S": "0617", "SW": "0517", "NW": "0516",
    }
    assert dict(neighbors("0515")) == {
        "N": "0514", "NE": "0614", "SE": "0615", "S": "0516", "SW": "0415", "NW": "0414",
    }


def test_cc_move_04_miami_example_is_adjacent() -> None:
    """T§15 check: 4934 → 5034 is SE-adjacent."""
    assert direction_between("4934", "5034") == "SE"


def test_rulebook_hex_list_road_directions_are_consistent() -> None:
    """Ireland hex list: 0825 has a road NE, and 0925 one SW, so both name the same link."""
    assert neighbor("0825", "NE") == "0925"
    assert neighbor("0925", "SW") == "0825"


def test_direction_words() -> None:
    assert DIRECTION_WORDS["NORTHWEST"] == "NW"
    assert DIRECTION_WORDS["SOUTHEAST"] == "SE"
    assert DIRECTION_WORDS["NORTH"] == "N"
    assert all(DIRECTION_WORDS[d] == d for d in DIRECTIONS)
    assert set(DIRECTION_WORDS.values()) == set(DIRECTIONS)


# --- parsing -------------------------------------------------------------------------------


@given(indices, indices)
def test_parse_format_round_trip(col: int, row: int) -> None:
    text = format_hex(col, row)
    assert len(text) == 4
    assert is_hex_id(text)
    assert parse_hex(text) == (col, row)


@pytest.mark.parametrize(
    "text", ["", "616", "06160", "06a6", "0000", "0600", "0006", " 0616", "٠٦١٦", "06-6"]
)
def test_parse_rejects_non_ids(text: str) -> None:
    assert not is_hex_id(text)
    with pytest.raises(ValueError, match="hex id"):
        parse_hex(text)


DIGITS = "0123456789"
NOT_A_HEX_ID = st.one_of(
    st.text(max_size=3),
    st.text(min_size=5, max_size=6),
    st.builds(  # four characters, at least one of them not an ASCII digit
        lambda digits, other, at: digits[:at] + other + digits[at:],
        st.text(DIGITS, min_size=3, max_size=3),
        st.characters(blacklist_characters=DIGITS),
        st.integers(0, 3),
    ),
)
"""Any text but four ASCII digits, built directly (no filter throwing examples away)."""


@given(NOT_A_HEX_ID)
def test_parse_rejects_anything_but_four_digits(text: str) -> None:
    with pytest.raises(ValueError):
        parse_hex(text)


def test_format_rejects_out_of_range() -> None:
    for col, row in ((0, 1), (1, 0), (100, 5), (5, 100)):
        with pytest.raises(ValueError):
            format_hex(col, row)


# --- neighbours ----------------------------------------------------------------------------


@given(hex_ids, st.lists(hex_ids, min_size=1, max_size=6))
def test_cc_gen_08_nearest_is_the_least_distance(a: str, others: list[str]) -> None:
    assert nearest(a, others) == min(distance(a, other) for other in others)


@given(hex_ids, directions)
def test_neighbour_symmetry(a: str, d: str) -> None:
    b = neighbor(a, d)
    if b is None:
        return
    assert neighbor(b, opposite(d)) == a
    assert direction_between(a, b) == d
    assert direction_between(b, a) == opposite(d)


@given(hex_ids, hex_ids, directions)
def test_neighbour_iff(a: str, b: str, d: str) -> None:
    assert (neighbor(a, d) == b) == (neighbor(b, opposite(d)) == a)


@given(hex_ids)
def test_neighbors_in_direction_order_and_in_bounds(h: str) -> None:
    pairs = neighbors(h)
    dirs = [d for d, _ in pairs]
    assert dirs == [d for d in DIRECTIONS if d in dirs]
    col, row = parse_hex(h)
    if 2 <= col <= 98 and 2 <= row <= 98:
        assert len(pairs) == 6
    for d, other in pairs:
        assert neighbor(h, d) == other
        assert is_hex_id(other)


def test_neighbors_at_the_edge() -> None:
    assert dict(neighbors("0101")) == {"SE": "0201", "S": "0102"}
    assert neighbor("0101", "N") is None
    assert neighbor("9999", "S") is None


def test_opposite() -> None:
    assert [opposite(d) for d in DIRECTIONS] == ["S", "SW", "NW", "N", "NE", "SE"]
    with pytest.raises(ValueError):
        opposite("E")


@given(hex_ids, directions)
def test_offset_table_matches_cube_vectors(h: str, d: str) -> None:
    q, r, s = to_cube(*parse_hex(h))
    dq, dr, ds = CUBE_DIRECTIONS[d]
    col, row = from_cube(q + dq, r + dr, s + ds)
    expected = format_hex(col, row) if 1 <= col <= 99 and 1 <= row <= 99 else None
    assert neighbor(h, d) == expected


# --- cube coordinates and distance ---------------------------------------------------------


@given(indices, indices)
def test_cube_round_trip(col: int, row: int) -> None:
    q, r, s = to_cube(col, row)
    assert q + r + s == 0
    assert from_cube(q, r, s) == (col, row)


def test_from_cube_rejects_bad_sum() -> None:
    with pytest.raises(ValueError):
        from_cube(1, 1, 1)


@given(hex_ids, hex_ids)
def test_distance_symmetric(a: str, b: str) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hex_ids, hex_ids, hex_ids)
def test_distance_triangle_inequality(a: str, b: str, c: str) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hex_ids, hex_ids)
def test_distance_one_iff_adjacent(a: str, b: str) -> None:
    assert (distance(a, b) == 1) == are_adjacent(a, b)


@given(hex_ids, directions)
def test_each_neighbour_is_at_distance_one(a: str, d: str) -> None:
    b = neighbor(a, d)
    if b is not None:
        assert distance(a, b) == 1
        assert are_adjacent(a, b)


def test_distance_examples() -> None:
    assert distance("0616", "0616") == 0
    assert distance("0616", "0516") == 1
    assert distance("0101", "0105") == 4
    assert distance("0101", "0501") == 4  # zig-zag east along a row costs one step per column


# --- ranges and rings ----------------------------------------------------------------------


@given(st.integers(min_value=0, max_value=6), st.data())
def test_hexes_within_count_away_from_edges(radius: int, data: st.DataObject) -> None:
    col = data.draw(st.integers(min_value=radius + 1, max_value=99 - radius))
    row = data.draw(st.integers(min_value=radius + 1, max_value=99 - radius))
    centre = format_hex(col, row)
    found = hexes_within(centre, radius)
    assert len(found) == 3 * radius * (radius + 1) + 1
    assert found == sorted(found)
    assert centre in found
    assert all(distance(centre, h) <= radius for h in found)
    around = ring(centre, radius)
    assert len(around) == (6 * radius if radius else 1)
    assert all(distance(centre, h) == radius for h in around)


@given(hex_ids, st.integers(min_value=0, max_value=4))
def test_hexes_within_matches_brute_force(centre: str, radius: int) -> None:
    col, row = parse_hex(centre)
    nearby = {
        format_hex(c, r)
        for c in range(max(1, col - radius - 1), min(99, col + radius + 1) + 1)
        for r in range(max(1, row - radius - 1), min(99, row + radius + 1) + 1)
    }
    expected = sorted(h for h in nearby if distance(centre, h) <= radius)
    assert hexes_within(centre, radius) == expected


def test_hexes_within_clips_at_the_edge() -> None:
    assert hexes_within("0101", 1) == ["0101", "0102", "0201"]
    assert ring("0101", 0) == ["0101"]
    with pytest.raises(ValueError):
        hexes_within("0101", -1)


# --- wildcards -----------------------------------------------------------------------------


def test_cc_cl_defend_03_wildcards() -> None:
    assert [h for h in (f"05{r:02d}" for r in range(1, 30)) if hex_matches("051*", h)] == [
        f"05{r}" for r in range(10, 20)
    ]
    assert hex_matches("**14", "0714")
    assert hex_matches("**14", "9914")
    assert not hex_matches("**14", "0715")
    assert hex_matches("****", "0101")
    assert hex_matches("0616", "0616")
    assert not hex_matches("0616", "0617")
    assert hex_matches("*6*6", "0616")


@given(hex_ids, st.lists(st.booleans(), min_size=4, max_size=4))
def test_cc_cl_defend_03_star_matches_any_digit(h: str, stars: list[bool]) -> None:
    pattern = "".join("*" if star else ch for ch, star in zip(h, stars, strict=True))
    assert is_hex_pattern(pattern)
    assert hex_matches(pattern, h)


@pytest.mark.parametrize("pattern", ["051", "051**", "05a*", "", "?***"])
def test_cc_cl_defend_03_bad_patterns(pattern: str) -> None:
    assert not is_hex_pattern(pattern)
    with pytest.raises(ValueError):
        hex_matches(pattern, "0510")

