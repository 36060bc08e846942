"""Hex ids (CCRR), the six directions, neighbours and cube-coordinate distance (CC-GEN-08, T§15)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from conquest_tui.engine.rules.names import DIRECTIONS

HexId = str

MIN_INDEX = 1
MAX_INDEX = 99


DIRECTION_WORDS: dict[str, str] = {
    "NORTH": "N",
    "NORTHEAST": "NE",
    "SOUTHEAST": "SE",
    "SOUTH": "S",
    "SOUTHWEST": "SW",
    "NORTHWEST": "NW",
    **{d: d for d in DIRECTIONS},
}

_OPPOSITE: dict[str, str] = {"N": "S", "NE": "SW", "SE": "NW", "S": "N", "SW": "NE", "NW": "SE"}

# (dcol, drow) per direction. Even-numbered columns sit half a hex lower (T§15, CC-AMB-86).
_OFFSETS_ODD_COL: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 0), "NW": (-1, -1),
}
_OFFSETS_EVEN_COL: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0),
}
_DIRECTION_OF_OFFSET_ODD = {v: k for k, v in _OFFSETS_ODD_COL.items()}
_DIRECTION_OF_OFFSET_EVEN = {v: k for k, v in _OFFSETS_EVEN_COL.items()}

# Cube vectors (q, r, s) per direction, flat-topped hexes.
CUBE_DIRECTIONS: dict[str, tuple[int, int, int]] = {
    "N": (0, -1, 1), "NE": (1, -1, 0), "SE": (1, 0, -1),
    "S": (0, 1, -1), "SW": (-1, 1, 0), "NW": (-1, 0, 1),
}


def _in_bounds(col: int, row: int) -> bool:
    return MIN_INDEX <= col <= MAX_INDEX and MIN_INDEX <= row <= MAX_INDEX


def parse_hex(text: str) -> tuple[int, int]:
    """Return (column, row) of a `CCRR` hex id; ValueError for anything else."""
    if not isinstance(text, str) or len(text) != 4 or not text.isascii() or not text.isdigit():
        raise ValueError(f"{text!r} is not a hex id: expected 4 digits CCRR (column, row)")
    col, row = int(text[:2]), int(text[2:])
    if col < MIN_INDEX or row < MIN_INDEX:
        raise ValueError(f"{text!r} is not a hex id: column and row start at 01")
    return col, row


@lru_cache(maxsize=MAX_INDEX * MAX_INDEX)
def _parsed(text: str) -> tuple[int, int]:
    return parse_hex(text)


def _place(text: str) -> tuple[int, int]:
    """parse_hex, remembered for the ids already read (at most 99 × 99 of them: a bad id raises
    and is not kept), so a hex the game names again and again is read once."""
    return _parsed(text) if type(text) is str else parse_hex(text)


@lru_cache(maxsize=MAX_INDEX * MAX_INDEX)
def _cube(text: str) -> tuple[int, int, int]:
    return to_cube(*parse_hex(text))


def format_hex(col: int, row: int) -> HexId:
    """Return the `CCRR` id of (column, row); ValueError outside 1..99."""
    if not _in_bounds(col, row):
        raise ValueError(f"column {col}, row {row} is outside 1..99")
    return f"{col:02d}{row:02d}"


def is_hex_id(text: object) -> bool:
    """True when text is a well-formed `CCRR` id (column and row 01..99)."""
    if not isinstance(text, str):
        return False
    try:
        parse_hex(text)
    except ValueError:
        return False
    return True


def opposite(direction: str) -> str:
    """The direction pointing back (N↔S, NE↔SW, SE↔NW)."""
    try:
        return _OPPOSITE[direction]
    except KeyError:
        raise ValueError(f"unknown direction {direction!r}") from None


def _offsets(col: int) -> dict[str, tuple[int, int]]:
    return _OFFSETS_EVEN_COL if col % 2 == 0 else _OFFSETS_ODD_COL


@lru_cache(maxsize=MAX_INDEX * MAX_INDEX)
def neighbors(hex_id: HexId) -> tuple[tuple[str, HexId], ...]:
    """(direction, hex) pairs in DIRECTIONS order, dropping those outside 1..99."""
    col, row = parse_hex(hex_id)
    offsets = _offsets(col)
    result: list[tuple[str, HexId]] = []
    for direction in DIRECTIONS:
        dc, dr = offsets[direction]
        if _in_bounds(col + dc, row + dr):
            result.append((direction, f"{col + dc:02d}{row + dr:02d}"))
    return tuple(result)


def neighbor(hex_id: HexId, direction: str) -> HexId | None:
    """The hex one step away in direction, or None when it would leave 1..99."""
    if direction not in _OPPOSITE:
        raise ValueError(f"unknown direction {direction!r}")
    for d, other in neighbors(hex_id):
        if d == direction:
            return other
    return None


def direction_between(a: HexId, b: HexId) -> str | None:
    """The direction from a to b when they are adjacent, else None."""
    ca, ra = _place(a)
    cb, rb = _place(b)
    table = _DIRECTION_OF_OFFSET_EVEN if ca % 2 == 0 else _DIRECTION_OF_OFFSET_ODD
    return table.get((cb - ca, rb - ra))


def are_adjacent(a: HexId, b: HexId) -> bool:
    """True when a and b share an edge."""
    return direction_between(a, b) is not None


def to_cube(col: int, row: int) -> tuple[int, int, int]:
    """Cube (q, r, s) of a 1-based (column, row); 1-based even columns lower = 0-based odd-q."""
    x, y = col - 1, row - 1
    q = x
    r = y - (x - (x & 1)) // 2
    return q, r, -q - r


def from_cube(q: int, r: int, s: int) -> tuple[int, int]:
    """1-based (column, row) of cube (q, r, s); ValueError when q + r + s != 0."""
    if q + r + s != 0:
        raise ValueError(f"cube ({q}, {r}, {s}) does not sum to 0")
    x = q
    y = r + (q - (q & 1)) // 2
    return x + 1, y + 1


def nearest(hex_id: str, others: Sequence[str]) -> int:
    """Number of hex steps from hex_id to the nearest of `others` (at least one): the least
    `distance`, each hex's cube worked out once."""
    q, r, s = _cube(hex_id)
    return min(max(abs(q - qo), abs(r - ro), abs(s - so)) for qo, ro, so in map(_cube, others))


def distance(a: HexId, b: HexId) -> int:
    """Number of hex steps between a and b."""
    qa, ra, sa = _cube(a) if type(a) is str else to_cube(*parse_hex(a))
    qb, rb, sb = _cube(b) if type(b) is str else to_cube(*parse_hex(b))
    return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))


def hexes_within(hex_id: HexId, radius: int) -> list[HexId]:
    """Sorted hexes at distance ≤ radius (centre included), inside 1..99."""
    if radius < 0:
        raise ValueError(f"radius {radius} is negative")
    q0, r0, s0 = to_cube(*parse_hex(hex_id))
    result: list[HexId] = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            col, row = from_cube(q0 + dq, r0 + dr, s0 - dq - dr)
            if _in_bounds(col, row):
                result.append(f"{col:02d}{row:02d}")
    result.sort()
    return result


def ring(hex_id: HexId, radius: int) -> list[HexId]:
    """Sorted hexes at exactly distance radius, inside 1..99 (radius 0 is the centre)."""
    if radius < 0:
        raise ValueError(f"radius {radius} is negative")
    return [h for h in hexes_within(hex_id, radius) if distance(hex_id, h) == radius]


def is_hex_pattern(text: object) -> bool:
    """True for a 4-character pattern of digits and `*` (CC-CL-DEFEND-03)."""
    return (
        isinstance(text, str)
        and len(text) == 4
        and all(ch == "*" or (ch.isascii() and ch.isdigit()) for ch in text)
    )


def hex_matches(pattern: str, hex_id: HexId) -> bool:
    """True when hex_id fits pattern, `*` matching any single digit (`051*`, `**14`, `****`)."""
    if not is_hex_pattern(pattern):
        raise ValueError(f"{pattern!r} is not a hex pattern: expected 4 digits or `*`")
    if len(hex_id) != 4:
        return False
    return all(p == "*" or p == h for p, h in zip(pattern, hex_id, strict=True))
