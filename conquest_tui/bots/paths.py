"""Legal paths for one convoy over the printed map: searched once per start and ground."""

from __future__ import annotations

import threading

import attrs

from conquest_tui.engine.convoys.movement import Ground
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


class Answers:
    """Entry answers and searches on one ground (`ClanView.entry_ground`), shared by every
    bot and kept across turns: they depend on nothing else (the convoy type, the hexes and the
    depth are in their keys), so they stay true while the ground is equal, and a changed ground
    (a road paved, another map or rulebook) is another entry in `_GROUNDS`."""

    def __init__(self) -> None:
        self.enter: dict[tuple[str, str, str], bool] = {}
        self.steps: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
        self.searched: dict[tuple[str, str], tuple[int, Reach]] = {}


_GROUNDS: dict[Ground, Answers] = {}
GROUNDS_KEPT = 4
"""Grounds remembered at once (the newest): a game paves a road now and then."""
SEARCHES_KEPT = 20_000
"""Searches remembered on one ground before they are forgotten together (memory's bound)."""


_LOCK = threading.Lock()
"""Bots may write sheets in several threads (the app's workers): one changes `_GROUNDS` at a
time."""


def answers_for(ground: Ground) -> Answers:
    """The shared answers on this ground (new ones for a ground not seen lately)."""
    with _LOCK:
        found = _GROUNDS.get(ground)
        if found is None:
            while len(_GROUNDS) >= GROUNDS_KEPT:
                del _GROUNDS[next(iter(_GROUNDS))]
            found = _GROUNDS[ground] = Answers()
        elif len(found.searched) > SEARCHES_KEPT:
            found.searched.clear()
        return found


class Paths:
    """Path finding for one bot call: legal-entry answers and searches come from the answers
    shared on the view's ground; which depth a start was last searched to is this call's own."""

    def __init__(self, view: ClanView) -> None:
        self.view = view
        self.world = view.map
        self._shared = answers_for(view.entry_ground())
        self._enter = self._shared.enter
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
        key = (convoy_type, here)
        found = self._shared.steps.get(key)
        if found is None:
            found = self.view.entry_steps(convoy_type, here)
            self._shared.steps[key] = found
        return list(found)

    def reach(self, convoy_type: str, start: str, depth: int) -> Reach:
        """Breadth-first reach from `start` (remembered for the call)."""
        key = (convoy_type, start)
        found = self._reach.get(key)
        if found is None or found[0] < depth:
            found = (depth, self._searched(convoy_type, start, depth))
            self._reach[key] = found
        if found[0] == depth:
            return found[1]
        deeper = found[1]
        return Reach(start, deeper.previous,
                     {h: d for h, d in deeper.distance.items() if d <= depth})

    def _searched(self, convoy_type: str, start: str, depth: int) -> Reach:
        """The search from `start` to `depth`, exactly as `_search` finds it: from the shared
        answers, cut down from a deeper search when there is one (breadth-first finds every hex
        within `depth` first, from the same hex, in the same order, whatever depth it goes on
        to), otherwise searched now and shared. Nobody changes a Reach once made."""
        key = (convoy_type, start)
        known = self._shared.searched.get(key)
        if known is not None and known[0] >= depth:
            if known[0] == depth:
                return known[1]
            whole = known[1]
            distance = {h: d for h, d in whole.distance.items() if d <= depth}
            return Reach(start, {h: whole.previous[h] for h in distance}, distance)
        found = self._search(convoy_type, start, depth)
        self._shared.searched[key] = (depth, found)
        return found

    def _search(self, convoy_type: str, start: str, depth: int) -> Reach:
        """Breadth-first, one ring of hexes at a time (the order a queue would find them in)."""
        previous: dict[str, tuple[str, str] | None] = {start: None}
        distance = {start: 0}
        known = self._shared.steps
        ring = [start]
        for steps_away in range(1, depth + 1):
            found: list[str] = []
            for here in ring:
                around = known.get((convoy_type, here))
                if around is None:
                    self.steps(convoy_type, here)
                    around = known[(convoy_type, here)]
                for direction, there in around:
                    if there not in previous:
                        previous[there] = (here, direction)
                        distance[there] = steps_away
                        found.append(there)
            if not found:
                break
            ring = found
        return Reach(start, previous, distance)


__all__ = ["Answers", "Paths", "Reach", "answers_for"]
