"""Legal paths for one convoy over the printed map: searched once per start and call."""

from __future__ import annotations

from collections import deque

import attrs

from conquest_tui.engine.reports.view import ClanView


@attrs.define
class Reach:
    """Every hex a convoy of one type can reach from `start` within `depth` legal moves."""

    start: str
    previous: dict[str, tuple[str, str] | None]
    """Hex → (hex it was entered from, direction word), None for the start."""
    distance: dict[str, int]

    def path_to(self, target: str) -> list[tuple[str, str]]:
        """(direction, hex entered) steps from the start to `target` ([] when not reached)."""
        if target not in self.previous:
            return []
        steps: list[tuple[str, str]] = []
        node = target
        step = self.previous[node]
        while step is not None:
            steps.append((step[1], node))
            node = step[0]
            step = self.previous[node]
        return steps[::-1]


class Paths:
    """Path finding for one bot call: the legal-entry answers are remembered between convoys."""

    def __init__(self, view: ClanView) -> None:
        self.view = view
        self.world = view.map
        self._enter: dict[tuple[str, str, str], bool] = {}
        self._reach: dict[tuple[str, str], tuple[int, Reach]] = {}

    def can_enter(self, convoy_type: str, origin: str, target: str) -> bool:
        """Whether the terrain lets a convoy of this type step from origin into target."""
        key = (convoy_type, origin, target)
        found = self._enter.get(key)
        if found is None:
            found = self.view.can_enter(convoy_type, origin, target)
            self._enter[key] = found
        return found

    def steps(self, convoy_type: str, here: str) -> list[tuple[str, str]]:
        """(direction, hex) of every legal single move from `here`."""
        return [(direction, there) for direction, there in self.world.neighbors(here)
                if self.can_enter(convoy_type, here, there)]

    def reach(self, convoy_type: str, start: str, depth: int) -> Reach:
        """Breadth-first reach from `start` (remembered for the call)."""
        key = (convoy_type, start)
        found = self._reach.get(key)
        if found is None or found[0] < depth:
            found = (depth, self._search(convoy_type, start, depth))
            self._reach[key] = found
        if found[0] == depth:
            return found[1]
        deeper = found[1]
        return Reach(start, deeper.previous,
                     {h: d for h, d in deeper.distance.items() if d <= depth})

    def _search(self, convoy_type: str, start: str, depth: int) -> Reach:
        previous: dict[str, tuple[str, str] | None] = {start: None}
        distance = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if distance[here] >= depth:
                continue
            for direction, there in self.steps(convoy_type, here):
                if there not in previous:
                    previous[there] = (here, direction)
                    distance[there] = distance[here] + 1
                    queue.append(there)
        return Reach(start, previous, distance)


__all__ = ["Paths", "Reach"]
