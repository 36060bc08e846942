"""Turn GSHHG/WDB-II river polylines into contiguous river paths over land hexes."""

from __future__ import annotations

import numpy as np

from .config import MapConfig
from .hexgrid import Edge, contiguous, edges_to_paths, hex_id
from .rasters import Sources


def _densify(xy: np.ndarray, step: float) -> np.ndarray:
    """Insert points so that no two consecutive points are more than step apart."""
    out = [xy[:1]]
    for a, b in zip(xy[:-1], xy[1:], strict=True):
        n = max(1, int(np.ceil(np.hypot(*(b - a)) / step)))
        t = np.arange(1, n + 1)[:, None] / n
        out.append(a + (b - a) * t)
    return np.concatenate(out)


def river_paths(src: Sources, cfg: MapConfig, terrain: list[str]) -> list[list[str]]:
    """River paths (lists of hex ids) for the map, on land hexes only."""
    grid = cfg.grid
    rs = cfg.rivers
    cols = grid.columns
    drop = set(rs.drop_hexes)
    edges: set[Edge] = set()
    for level, lonlat in src.rivers(rs.resolution):
        if level > rs.max_level or len(lonlat) < 2:
            continue
        x, y = grid.forward(lonlat[:, 0], lonlat[:, 1])
        if not np.isfinite(x).all():
            continue
        idx = grid.locate(x, y)
        if (idx < 0).all():
            continue
        pts = _densify(np.column_stack([x, y]), rs.step_km)
        flat = grid.locate(pts[:, 0], pts[:, 1])
        run: list[tuple[int, int]] = []
        for k in list(flat) + [-1]:
            k = int(k)
            land = k >= 0 and terrain[k] not in ("water", "sea_lane")
            if land and hex_id(k % cols + 1, k // cols + 1) not in drop:
                run.append((k % cols + 1, k // cols + 1))
                continue
            # A river ends where it leaves the land or the map.
            path = contiguous(run)
            for a, b in zip(path, path[1:], strict=False):
                ka = (a[1] - 1) * cols + a[0] - 1
                kb = (b[1] - 1) * cols + b[0] - 1
                ok = all(
                    1 <= h[0] <= cols and 1 <= h[1] <= grid.rows for h in (a, b)
                ) and terrain[ka] not in ("water", "sea_lane") and terrain[kb] not in (
                    "water", "sea_lane")
                if ok:
                    edges.add(tuple(sorted((hex_id(*a), hex_id(*b)))))  # type: ignore[arg-type]
            run = []
    edges = _drop_small(edges, rs.min_hexes)
    return edges_to_paths(_drop_triangles(edges))


def _components(edges: set[Edge]) -> list[set[str]]:
    adj: dict[str, set[str]] = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    seen: set[str] = set()
    comps = []
    for start in sorted(adj):
        if start in seen:
            continue
        comp, todo = set(), [start]
        while todo:
            h = todo.pop()
            if h in comp:
                continue
            comp.add(h)
            todo.extend(adj[h] - comp)
        seen |= comp
        comps.append(comp)
    return comps


def _drop_small(edges: set[Edge], min_hexes: int) -> set[Edge]:
    """Remove river systems that touch fewer than min_hexes hexes."""
    keep: set[str] = set()
    for comp in _components(edges):
        if len(comp) >= min_hexes:
            keep |= comp
    return {e for e in edges if e[0] in keep}


def _drop_triangles(edges: set[Edge]) -> set[Edge]:
    """Where three hexes are all linked to each other, drop the link that a river bend made
    redundant (the one between the two hexes with the largest ids), deterministically."""
    out = set(edges)
    adj: dict[str, set[str]] = {}
    for a, b in sorted(out):
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    for a, b in sorted(edges):
        if (a, b) not in out:
            continue
        common = sorted(adj[a] & adj[b])
        for c in common:
            tri = sorted((a, b, c))
            if {(tri[0], tri[1]), (tri[0], tri[2]), (tri[1], tri[2])} <= out:
                out.discard((tri[1], tri[2]))
                adj[tri[1]].discard(tri[2])
                adj[tri[2]].discard(tri[1])
    return out


