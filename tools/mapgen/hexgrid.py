"""Pure-Python hex-grid helpers: ids, neighbours, cube distance, lines and path building."""

from __future__ import annotations

from collections.abc import Iterable

Hex = tuple[int, int]  # (column, row), both 1-based

# (dc, dr) offsets per direction N, NE, SE, S, SW, NW.
_ODD_COLUMN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_EVEN_COLUMN = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def hex_id(col: int, row: int) -> str:
    """Format a hex id "CCRR"."""
    return f"{col:02d}{row:02d}"


def parse_id(hid: str) -> Hex:
    """Parse a hex id "CCRR" into (column, row)."""
    return int(hid[:2]), int(hid[2:])


def neighbours(col: int, row: int) -> list[Hex]:
    """The six neighbours of a hex in N, NE, SE, S, SW, NW order (may lie off the map)."""
    offsets = _EVEN_COLUMN if col % 2 == 0 else _ODD_COLUMN
    return [(col + dc, row + dr) for dc, dr in offsets]


def in_bounds(h: Hex, columns: int, rows: int) -> bool:
    """True when the hex lies on a map of the given size."""
    return 1 <= h[0] <= columns and 1 <= h[1] <= rows


def to_cube(col: int, row: int) -> tuple[int, int, int]:
    """Cube coordinates (q, r, s) of a hex; even-numbered columns sit half a hex lower."""
    q = col - 1
    r = (row - 1) - (q - (q & 1)) // 2
    return q, r, -q - r


def from_cube(q: int, r: int) -> Hex:
    """Inverse of to_cube (s is implied)."""
    return q + 1, r + (q - (q & 1)) // 2 + 1


def distance(a: Hex, b: Hex) -> int:
    """Hex distance between two hexes."""
    aq, ar, as_ = to_cube(*a)
    bq, br, bs = to_cube(*b)
    return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))


def adjacent(a: Hex, b: Hex) -> bool:
    """True when two hexes share a side."""
    return distance(a, b) == 1


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from a to b, both included, each adjacent to the next."""
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar, _ = to_cube(*a)
    bq, br, _ = to_cube(*b)
    out = []
    for i in range(n + 1):
        t = i / n
        # A tiny nudge keeps ties on hex corners deterministic.
        q = aq + (bq - aq) * t + 1e-6
        r = ar + (br - ar) * t + 2e-6
        out.append(from_cube(*_cube_round(q, r)))
    return out


def contiguous(path: list[Hex]) -> list[Hex]:
    """Drop repeats and fill gaps so that every step is between adjacent hexes."""
    out: list[Hex] = []
    for h in path:
        if not out:
            out.append(h)
        elif h != out[-1]:
            out.extend(line(out[-1], h)[1:])
    return out


Edge = tuple[str, str]


def path_edges(path: list[str]) -> set[Edge]:
    """Undirected links (sorted id pairs) of a path of hex ids."""
    return {tuple(sorted(p)) for p in zip(path, path[1:], strict=False)}  # type: ignore[misc]


def edges_to_paths(edges: Iterable[Edge]) -> list[list[str]]:
    """Split undirected links into few, long paths, deterministically (odd-degree ends first,
    lowest ids first: the same cover as conquest_tui.engine.core.gamemap.paths_from_links)."""
    adj: dict[str, set[str]] = {}
    for a, b in edges:
        if a == b:
            continue
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    paths: list[list[str]] = []
    while adj:
        odd = sorted(h for h, ns in adj.items() if len(ns) % 2 == 1)
        start = odd[0] if odd else min(adj)
        path = [start]
        cur = start
        while adj.get(cur):
            nxt = min(adj[cur])
            adj[cur].discard(nxt)
            adj[nxt].discard(cur)
            if not adj[cur]:
                del adj[cur]
            if not adj[nxt]:
                del adj[nxt]
            path.append(nxt)
            cur = nxt
        paths.append(path)
    return paths
