"""Legal paths for one convoy over the printed map: searched once per start and ground."""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable
from itertools import islice

from conquest_tui.engine.convoys.movement import Ground
from conquest_tui.engine.reports.view import ClanView

Step = tuple[str, str]
"""(direction word, hex entered)."""


class Search:
    """A breadth-first search from one hex for one convoy type, grown a ring of hexes at a time
    as deeper answers are asked for. What it found never changes: a hex's distance and the step
    it was first entered by are the same whatever depth the search goes on to, and `distance`
    lists the hexes ring by ring (the hexes within k moves are its first `ends[k]`)."""

    __slots__ = ("came", "convoy_type", "cuts", "distance", "done", "ends", "ring", "start")

    def __init__(self, convoy_type: str, start: str) -> None:
        self.convoy_type = convoy_type
        self.start = start
        self.came: dict[str, str] = {}
        """Hex → the hex it was first entered from (the start is in `distance`, not here): the
        direction word of that step is looked up when a path is asked for (`step_into`)."""
        self.distance: dict[str, int] = {start: 0}
        self.ends = [1]
        self.ring = [start]
        self.done = False
        """Whether no further hex is reachable (the last ring found nothing new)."""
        self.cuts: dict[int, dict[str, int]] = {}
        """Count of hexes → `distance`'s first that many, asked for before (a ring's hexes,
        found, never change): read by every reach cut there, changed by none."""

    @property
    def depth(self) -> int:
        """The rings searched so far."""
        return len(self.ends) - 1

    def within(self, depth: int) -> int:
        """How many hexes lie within `depth` moves (the search grown that deep, or done)."""
        return self.ends[min(depth, len(self.ends) - 1)]

    def next_ring(self, paths: Paths) -> list[str]:
        """Search one ring further (the order a queue would find its hexes in); returns the
        hexes it found ([]: the search is done). The legal steps out of each hex come from
        `paths` (looked up once a ground, as `Paths.legal_steps` does)."""
        convoy_type = self.convoy_type
        known = paths.known_steps(convoy_type)
        came, distance = self.came, self.distance
        steps_away = len(self.ends)
        found: list[str] = []
        add = found.append
        for here in self.ring:
            around = known.get(here)
            if around is None:
                around = known[here] = paths.view.entry_steps(convoy_type, here)
            for _, there in around:
                if there not in distance:
                    came[there] = here
                    distance[there] = steps_away
                    add(there)
        if not found:
            self.done = True
            return found
        self.ring = found
        self.ends.append(len(distance))
        return found

    def copy(self) -> Search:
        """A search of its own that has found what this one found so far."""
        twin = Search(self.convoy_type, self.start)
        twin.came, twin.distance = dict(self.came), dict(self.distance)
        twin.ends, twin.ring, twin.done = list(self.ends), list(self.ring), self.done
        return twin

    def step_into(self, paths: Paths, hex_id: str) -> tuple[str, str]:
        """(hex it was entered from, direction word) of the search's step into `hex_id` (a hex
        it found, not the start): the first legal step from that hex into it, as the ring that
        found it met them."""
        here = self.came[hex_id]
        for direction, there in paths.legal_steps(self.convoy_type, here):
            if there == hex_id:
                return here, direction
        raise AssertionError("a hex found is a legal step from the hex it was entered from")

    def previous(self, paths: Paths, hex_ids: Iterable[str]) -> dict[str, tuple[str, str] | None]:
        """Hex → (hex it was entered from, direction word) of each of `hex_ids` (hexes it
        found), None for the start."""
        return {h: None if h == self.start else self.step_into(paths, h) for h in hex_ids}


class Reach:
    """Every hex a convoy of one type can reach from `start` within a number of legal moves:
    `distance` maps each to its moves away (shared by every reach of the same search and cut:
    read, never changed). Paths lead to the hexes within `limit` moves (at least as many; more
    when a deeper search from the same start was asked for in the same call)."""

    __slots__ = ("_limit", "_paths", "_search", "distance", "start")

    def __init__(self, search: Search, distance: dict[str, int], limit: int,
                 paths: Paths) -> None:
        self.start = search.start
        self.distance = distance
        self._search = search
        self._limit = limit
        self._paths = paths

    @property
    def previous(self) -> dict[str, tuple[str, str] | None]:
        """Hex → (hex it was entered from, direction word) for every hex a path leads to, None
        for the start."""
        with _LOCK:  # another thread may be growing the search
            search = self._paths.grown(self._search, self._limit)
            count = search.within(self._limit)
            return search.previous(self._paths, islice(search.distance, count))

    def entered_from(self, hex_id: str) -> str:
        """The hex a path to `hex_id` (a hex within reach, not the start) comes from."""
        return self._search.came[hex_id]

    def path_to(self, target: str) -> list[tuple[str, str]]:
        """(direction, hex entered) steps from the start to `target` ([] when not reached)."""
        search = self._search
        moves = search.distance.get(target)
        if moves is None and not search.done and search.depth < self._limit:
            moves = self._paths.grown(search, self._limit).distance.get(target)
        if moves is None or moves > self._limit:
            return []
        start, paths = search.start, self._paths
        steps: list[tuple[str, str]] = []
        node = target
        while node != start:
            here, direction = search.step_into(paths, node)
            steps.append((direction, node))
            node = here
        return steps[::-1]


class Answers:
    """Legal steps and searches on one ground (`ClanView.entry_ground`), shared by every bot
    and kept across turns: they depend on nothing else (the convoy type and the hexes are in
    their keys), so they stay true while the ground is equal, and a changed ground (a road
    paved, another map or rulebook) is another entry in `_GROUNDS`, which starts with the
    answers of an earlier ground that a road paved since leaves true (`carried`)."""

    def __init__(self) -> None:
        self.enter: dict[tuple[str, str, str], bool] = {}
        self.steps: dict[str, dict[str, tuple[Step, ...]]] = {}
        """Convoy type → hex → its legal single moves."""
        self.searched: dict[tuple[str, str], Search] = {}

    def carried(self, changed: frozenset[str]) -> Answers:
        """Answers for a ground whose entries differ from this one's only from and into the
        `changed` hexes: every step table but those hexes' rows, and a copy of every search
        that found none of them (each hex it stepped out of has the same steps there, so it
        went as a new search would, and grows on with the new ground's steps)."""
        kept = Answers()
        kept.enter = {key: ok for key, ok in self.enter.items()
                      if key[1] not in changed and key[2] not in changed}
        kept.steps = {kind: {h: steps for h, steps in table.items() if h not in changed}
                      for kind, table in self.steps.items()}
        kept.searched = {key: search.copy() for key, search in self.searched.items()
                         if changed.isdisjoint(search.distance)}
        return kept


_GROUNDS: dict[Ground, Answers] = {}
GROUNDS_KEPT = 4
"""Grounds remembered at once (the newest): a game paves a road now and then."""
SEARCHES_KEPT = 20_000
"""Searches remembered on one ground before they are forgotten together (memory's bound)."""


_LOCK = threading.RLock()
"""Bots may write sheets in several threads (the app's workers): one changes `_GROUNDS` or
grows a shared search at a time."""


def answers_for(ground: Ground) -> Answers:
    """The shared answers on this ground (new ones for a ground not seen lately)."""
    with _LOCK:
        found = _GROUNDS.get(ground)
        if found is None:
            found = Answers()
            for earlier in reversed(_GROUNDS):  # the newest ground on the same map first
                changed = ground.changed_ends(earlier)
                if changed is not None:
                    found = _GROUNDS[earlier].carried(changed)
                    break
            while len(_GROUNDS) >= GROUNDS_KEPT:
                del _GROUNDS[next(iter(_GROUNDS))]
            _GROUNDS[ground] = found
        elif len(found.searched) > SEARCHES_KEPT:
            found.searched.clear()
        return found


class Paths:
    """Path finding for one bot call: legal steps and searches come from the answers shared on
    the view's ground; how deep each start was asked for is this call's own."""

    def __init__(self, view: ClanView) -> None:
        self.view = view
        self.world = view.map
        self._shared = answers_for(view.entry_ground())
        self._enter = self._shared.enter
        self._asked: dict[tuple[str, str], int] = {}

    def can_enter(self, convoy_type: str, origin: str, target: str) -> bool:
        """Whether the terrain lets a convoy of this type step from origin into target."""
        key = (convoy_type, origin, target)
        found = self._enter.get(key)
        if found is None:
            found = self.view.can_enter(convoy_type, origin, target)
            self._enter[key] = found
        return found

    def known_steps(self, convoy_type: str) -> dict[str, tuple[Step, ...]]:
        """Hex → its legal single moves for a convoy of this type, as looked up so far on the
        ground (`legal_steps` fills it in)."""
        known = self._shared.steps.get(convoy_type)
        if known is None:
            known = self._shared.steps.setdefault(convoy_type, {})
        return known

    def legal_steps(self, convoy_type: str, here: str) -> tuple[Step, ...]:
        """(direction, hex) of every legal single move from `here` (looked up once a ground)."""
        known = self.known_steps(convoy_type)
        found = known.get(here)
        if found is None:
            found = known[here] = self.view.entry_steps(convoy_type, here)
        return found

    def steps(self, convoy_type: str, here: str) -> list[tuple[str, str]]:
        """(direction, hex) of every legal single move from `here`."""
        return list(self.legal_steps(convoy_type, here))

    def reach(self, convoy_type: str, start: str, depth: int) -> Reach:
        """Breadth-first reach from `start` within `depth` moves."""
        with _LOCK:
            search = self._search_from(convoy_type, start)
            self.grown(search, depth)
            return self._reach(search, depth, depth)

    def reach_toward(self, convoy_type: str, start: str, depth: int,
                     targets: Collection[str]) -> Reach:
        """The reach from `start` within `depth` moves, or only as far as the nearest of
        `targets` when one is within `depth` (every target as near as it is in it): what
        finding the nearest target needs, with paths to the hexes within `depth`."""
        with _LOCK:
            search = self._search_from(convoy_type, start)
            distance = search.distance
            near = min((distance[t] for t in targets if t in distance), default=None)
            while near is None and search.depth < depth and not search.done:
                if any(h in targets for h in search.next_ring(self)):
                    near = search.depth
            cut = depth if near is None else min(near, depth)
            return self._reach(search, cut, depth)

    def grown(self, search: Search, depth: int) -> Search:
        """The search, grown to `depth` moves (or as far as it goes)."""
        if search.depth >= depth or search.done:
            return search
        with _LOCK:
            while search.depth < depth and not search.done:
                search.next_ring(self)
        return search

    def _search_from(self, convoy_type: str, start: str) -> Search:
        key = (convoy_type, start)
        found = self._shared.searched.get(key)
        if found is None:
            found = self._shared.searched[key] = Search(convoy_type, start)
        return found

    def _reach(self, search: Search, depth: int, asked: int) -> Reach:
        """The search cut at `depth` moves; paths to the deepest this call asked for from the
        same start (`asked` now)."""
        key = (search.convoy_type, search.start)
        limit = max(self._asked.get(key, asked), asked)
        self._asked[key] = limit
        count = search.within(depth)
        distance = search.distance
        if not (search.done and count == len(distance)):
            cut = search.cuts.get(count)
            if cut is None:
                cut = search.cuts[count] = dict(islice(distance.items(), count))
            distance = cut
        return Reach(search, distance, limit, self)

    def _search(self, convoy_type: str, start: str, depth: int) -> Reach:
        """A search of its own from `start` to `depth` (shared with nobody): what the shared
        ones must equal."""
        search = self.grown(Search(convoy_type, start), depth)
        return Reach(search, dict(search.distance), depth, self)


__all__ = ["Answers", "Paths", "Reach", "Search", "answers_for"]
