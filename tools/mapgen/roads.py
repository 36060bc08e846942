"""A synthetic road network: least-cost paths over land between neighbouring cities."""

from __future__ import annotations

import heapq
import itertools

from .cities import MapCity
from .config import MapConfig
from .hexgrid import Edge, Hex, distance, edges_to_paths, hex_id, in_bounds, neighbours, parse_id
from .terrain import ROAD_COST, WATER

REUSE_COST = 0.4  # cost of following a road that already exists


class RoadBuilder:
    """Grows a road network link by link; roads never touch water."""

    def __init__(self, cfg: MapConfig, terrain: dict[Hex, str]) -> None:
        self.cfg = cfg
        self.terrain = terrain
        self.edges: set[Edge] = set()
        self.adj: dict[Hex, set[Hex]] = {}

    def passable(self, h: Hex, allow_islands: bool, goal: Hex) -> bool:
        t = self.terrain.get(h)
        if t is None or t in WATER:
            return False
        return t != "islands" or allow_islands or h == goal

    def route(self, a: Hex, b: Hex, allow_islands: bool = False, limit: float = 1e9
              ) -> tuple[list[Hex], float] | None:
        """A* least-cost land path from a to b, reusing existing roads cheaply."""
        if not self.passable(a, True, a) or not self.passable(b, allow_islands, b):
            return None
        cols, rows = self.cfg.grid.columns, self.cfg.grid.rows
        best = {a: 0.0}
        prev: dict[Hex, Hex] = {}
        tie = itertools.count()
        todo = [(distance(a, b) * REUSE_COST, next(tie), a)]
        while todo:
            _, _, h = heapq.heappop(todo)
            if h == b:
                path = [b]
                while path[-1] != a:
                    path.append(prev[path[-1]])
                return path[::-1], best[b]
            for n in neighbours(*h):
                if not in_bounds(n, cols, rows) or not self.passable(n, allow_islands, b):
                    continue
                step = REUSE_COST if n in self.adj.get(h, ()) else ROAD_COST[self.terrain[n]]
                cost = best[h] + step
                if cost < best.get(n, 1e18) and cost <= limit:
                    best[n] = cost
                    prev[n] = h
                    heapq.heappush(todo, (cost + distance(n, b) * REUSE_COST, next(tie), n))
        return None

    def network_hops(self, a: Hex, b: Hex, limit: int) -> int | None:
        """Number of road links on the shortest road path from a to b, if at most limit."""
        if a == b:
            return 0
        seen = {a}
        frontier = [a]
        for depth in range(1, limit + 1):
            nxt = []
            for h in frontier:
                for n in self.adj.get(h, ()):
                    if n == b:
                        return depth
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = sorted(nxt)
        return None

    def add(self, path: list[Hex]) -> None:
        for x, y in zip(path, path[1:], strict=False):
            self.edges.add(tuple(sorted((hex_id(*x), hex_id(*y)))))  # type: ignore[arg-type]
            self.adj.setdefault(x, set()).add(y)
            self.adj.setdefault(y, set()).add(x)


def _resolve(ref: str, by_name: dict[str, MapCity]) -> Hex:
    if ref in by_name:
        return by_name[ref].hex
    if len(ref) == 4 and ref.isdigit():
        return parse_id(ref)
    raise KeyError(f"road end {ref!r} is neither a city on the map nor a hex id")


def build(cfg: MapConfig, terrain: dict[Hex, str], cities: list[MapCity]) -> list[list[str]]:
    """Road paths for the map: hand-listed roads first, then a sparse synthetic network."""
    rs = cfg.roads
    rb = RoadBuilder(cfg, terrain)
    by_name = {c.name: c for c in cities}
    for a_ref, b_ref in rs.add:
        a, b = _resolve(a_ref, by_name), _resolve(b_ref, by_name)
        found = rb.route(a, b, allow_islands=True)
        if found is None:
            raise ValueError(f"hand road {a_ref} - {b_ref} has no land route")
        rb.add(found[0])
    banned = {frozenset((_resolve(a, by_name), _resolve(b, by_name))) for a, b in rs.drop}
    nodes = sorted((c for c in cities if terrain[c.hex] != "islands"), key=lambda c: c.hex)
    pairs: set[tuple[int, int]] = set()
    for i, c in enumerate(nodes):
        near = sorted(
            (distance(c.hex, o.hex), j) for j, o in enumerate(nodes)
            if j != i and distance(c.hex, o.hex) <= rs.max_hexes
        )
        for _, j in near[: rs.neighbours]:
            pairs.add((min(i, j), max(i, j)))
    ordered = sorted(pairs, key=lambda p: (distance(nodes[p[0]].hex, nodes[p[1]].hex), p))
    for i, j in ordered:
        a, b = nodes[i].hex, nodes[j].hex
        if frozenset((a, b)) in banned:
            continue
        d = distance(a, b)
        if rb.network_hops(a, b, int(d * rs.detour)) is not None:
            continue
        found = rb.route(a, b, limit=d * rs.max_cost_ratio)
        if found is not None:
            rb.add(found[0])
    # Every city that can reach another one over land gets at least one road.
    for c in nodes:
        if c.hex in rb.adj:
            continue
        others = sorted((distance(c.hex, o.hex), o.hex) for o in nodes if o is not c)
        for d, h in others[:6]:
            found = rb.route(c.hex, h, limit=d * rs.max_cost_ratio * 1.5)
            if found is not None:
                rb.add(found[0])
                break
    return edges_to_paths(rb.edges)
