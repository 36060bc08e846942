"""Legal paths for a convoy from what a Clan knows: roads preferred, within its moves left."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

import attrs

from conquest_tui.engine.convoys import movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game

SAME_HEX = "same_hex"
"""The convoy would already stand in the target hex."""
BLOCKED = "blocked"
"""No legal path at all: terrain the convoy cannot enter is in the way."""
TOO_FAR = "too_far"
"""A legal path exists but needs more moves than the convoy has left this turn (its `steps` are
then the first moves of that path, as far as this turn goes)."""


def _pairs(links: Iterable[Iterable[str]]) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(pair) for pair in links)


@attrs.frozen
class RouteWorld:
    """What a Clan knows of the ground: the printed map, the rulebook and the roads it knows.

    Reads like a Game for the engine's entry rules (`movement.entry_problem`), so a path is
    refused exactly where a move would be.
    """

    map: GameMap
    rules: Ruleset
    paved: frozenset[frozenset[str]] = attrs.field(default=frozenset(), converter=_pairs)
    """Roads paved in play that the Clan knows (pairs of adjacent hexes)."""

    def road_between(self, a: str, b: str) -> bool:
        """Whether a road (printed or known paved) links two adjacent hexes."""
        return self.map.road_between(a, b) or frozenset((a, b)) in self.paved

    def has_road(self, hex_id: str) -> bool:
        """Whether any known road touches the hex."""
        return self.map.has_road(hex_id) or any(hex_id in link for link in self.paved)

    @property
    def as_game(self) -> Game:
        """This world where the entry rules expect a Game (they read map, rules, roads only)."""
        return cast("Game", self)


@attrs.frozen
class RoutePlan:
    """A planned path, or why there is none.

    `steps` are the hexes entered, one per move (air: the target alone); `problem` is "" when
    the path is legal, else SAME_HEX, BLOCKED or TOO_FAR with its facts. A TOO_FAR plan of a
    surface convoy with moves left keeps the part of the path this turn can go (`partial`).
    """

    origin: str
    target: str
    steps: tuple[str, ...] = ()
    moves: int = 0
    """Moves of the allowance the path uses (or, for TOO_FAR, would use)."""
    left: int = 0
    """Moves the convoy had left."""
    problem: str = ""
    reason: str = ""
    """For BLOCKED: the entry rule's reason code at the refused hex nearest the target."""
    blocked_hex: str = ""
    blocked_terrain: str = ""
    """For BLOCKED: that hex and its terrain key."""

    @property
    def ok(self) -> bool:
        """Whether the path can be written as it is."""
        return not self.problem

    @property
    def partial(self) -> bool:
        """Whether the plan goes part of the way: the target is too far for this turn."""
        return self.problem == TOO_FAR and bool(self.steps)


def step_weight(world: RouteWorld, convoy_type: str, origin: str, target: str) -> float:
    """Relative fuel of one move (terrain, river, road ×0.5): lower is preferred."""
    game, rules = world.as_game, world.rules
    if convoy_type == "air":
        return float(hexgrid.distance(origin, target))
    if movement.sea_on_river(game, convoy_type, origin, target):
        weight = rules.consumption.sea_river_fuel_multiplier
    else:
        weight = rules.terrains[world.map.terrain_of(target)].fuel_multiplier
    if movement.uses_road(game, convoy_type, origin, target):
        weight *= rules.consumption.road_fuel_multiplier
    return weight


def plan_route(world: RouteWorld, convoy_type: str, origin: str, target: str,
               moves_left: int) -> RoutePlan:
    """The cheapest legal path in fuel (roads preferred) from origin to target in moves_left.

    Args:
        world: What the Clan knows of the ground.
        convoy_type: "land", "military", "amphibious", "sea" or "air".
        origin: Where the convoy stands when the path starts.
        target: The hex to reach.
        moves_left: Moves of this turn's allowance still unused (air: hexes of range).

    Returns:
        The plan; when it is not `ok`, its problem and facts say why.
    """
    plan = RoutePlan(origin, target, left=moves_left)
    if origin == target:
        return attrs.evolve(plan, problem=SAME_HEX)
    if convoy_type == "air":
        needed = hexgrid.distance(origin, target)
        if needed > moves_left:
            return attrs.evolve(plan, moves=needed, problem=TOO_FAR)
        return attrs.evolve(plan, steps=(target,), moves=needed)
    edges = _Edges(world, convoy_type)
    fewest = _fewest_moves(edges, origin, target)
    if fewest is None:
        return _blocked(plan, edges, target)
    if fewest > moves_left:
        toward = _cheapest(edges, origin, target, fewest)[:max(moves_left, 0)]
        return attrs.evolve(plan, steps=toward, moves=fewest, problem=TOO_FAR)
    steps = _cheapest(edges, origin, target, moves_left)
    return attrs.evolve(plan, steps=steps, moves=len(steps))


class _Edges:
    """Legal moves out of a hex, worked out once per hex; refusals kept for the explanation."""

    def __init__(self, world: RouteWorld, convoy_type: str) -> None:
        self.world = world
        self.convoy_type = convoy_type
        self._out: dict[str, list[tuple[str, float]]] = {}
        self.refused: dict[str, str] = {}
        """Hex → the reason code of a refused entry into it."""

    def out(self, hex_id: str) -> list[tuple[str, float]]:
        found = self._out.get(hex_id)
        if found is None:
            world, kind, game = self.world, self.convoy_type, self.world.as_game
            found = []
            for _, there in world.map.neighbors(hex_id):
                problem = movement.entry_problem(game, kind, hex_id, there)
                if problem is None:
                    found.append((there, step_weight(world, kind, hex_id, there)))
                else:
                    self.refused.setdefault(there, problem.code)
            self._out[hex_id] = found
        return found


def _fewest_moves(edges: _Edges, origin: str, target: str) -> int | None:
    """Breadth-first: the fewest moves from origin to target over legal entries, or None."""
    seen = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        moves = seen[here] + 1
        for there, _ in edges.out(here):
            if there not in seen:
                if there == target:
                    return moves
                seen[there] = moves
                queue.append(there)
    return None


def _cheapest(edges: _Edges, origin: str, target: str, moves_left: int) -> tuple[str, ...]:
    """Dijkstra over (hex, moves) by fuel weight, never past moves_left (one path exists)."""
    start = (0.0, 0, origin)
    best: dict[tuple[str, int], float] = {(origin, 0): 0.0}
    came: dict[tuple[str, int], tuple[str, int]] = {}
    queue = [start]
    while queue:
        weight, moves, here = heapq.heappop(queue)
        if here == target:
            return _walk_back(came, (here, moves))
        if weight > best.get((here, moves), float("inf")):
            continue
        for there, step in edges.out(here):
            if moves + 1 + hexgrid.distance(there, target) > moves_left:
                continue
            key, total = (there, moves + 1), weight + step
            if total < best.get(key, float("inf")):
                best[key] = total
                came[key] = (here, moves)
                heapq.heappush(queue, (total, moves + 1, there))
    return ()


def _walk_back(came: dict[tuple[str, int], tuple[str, int]],
               key: tuple[str, int]) -> tuple[str, ...]:
    steps = []
    while key in came:
        steps.append(key[0])
        key = came[key]
    return tuple(reversed(steps))


def _blocked(plan: RoutePlan, edges: _Edges, target: str) -> RoutePlan:
    """The target itself when no side lets the convoy in, else the refused hex nearest it:
    that hex, its terrain and the rule that refused it."""
    world, game = edges.world, edges.world.as_game
    refusals = [movement.entry_problem(game, edges.convoy_type, there, target)
                for _, there in world.map.neighbors(target)]
    if refusals and all(refusals):
        code = next(r.code for r in refusals if r is not None)
        return attrs.evolve(plan, problem=BLOCKED, reason=code, blocked_hex=target,
                            blocked_terrain=world.map.terrain_of(target))
    if not edges.refused:
        return attrs.evolve(plan, problem=BLOCKED, reason="off_map")
    nearest = min(edges.refused, key=lambda h: (hexgrid.distance(h, target), h))
    return attrs.evolve(plan, problem=BLOCKED, reason=edges.refused[nearest],
                        blocked_hex=nearest,
                        blocked_terrain=edges.world.map.terrain_of(nearest))
