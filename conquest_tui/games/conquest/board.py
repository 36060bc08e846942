"""The territory graph: 42 territories, their borders and the continents with their bonuses."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from attrs import field, frozen


@frozen
class Continent:
    """A continent: its territories and the armies its holder gets each turn (W42-ARM-02)."""

    name: str
    bonus: int
    territories: tuple[str, ...]


@frozen
class Board:
    """The map: territories in a fixed order, symmetric borders (W42-GEN-05), the continents."""

    territories: tuple[str, ...]
    continents: tuple[Continent, ...]
    borders: Mapping[str, tuple[str, ...]]
    _continent_of: dict[str, str] = field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(
            self,
            "_continent_of",
            {t: c.name for c in self.continents for t in c.territories},
        )

    @classmethod
    def build(cls, continents: Iterable[Continent], edges: Iterable[tuple[str, str]]) -> Board:
        """A board from its continents and borders; ValueError if it is unsound."""
        continents = tuple(continents)
        territories = tuple(t for c in continents for t in c.territories)
        if len(set(territories)) != len(territories):
            raise ValueError("a territory is in two continents")
        near: dict[str, set[str]] = {t: set() for t in territories}
        for a, b in edges:
            if a not in near or b not in near or a == b:
                raise ValueError(f"a border between {a} and {b} joins no two territories")
            near[a].add(b)
            near[b].add(a)
        borders = {t: tuple(sorted(near[t])) for t in territories}
        board = cls(territories, continents, borders)
        if len(board.reachable(territories[0], lambda _t: True)) != len(territories):
            raise ValueError("the map falls apart: some territories cannot be reached")
        return board

    def neighbours(self, territory: str) -> tuple[str, ...]:
        return self.borders[territory]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.borders[a]

    def continent_of(self, territory: str) -> str:
        return self._continent_of[territory]

    def border_count(self) -> int:
        return sum(len(n) for n in self.borders.values()) // 2

    def reachable(self, start: str, allowed: Callable[[str], bool]) -> set[str]:
        """Territories reached from `start` through territories for which `allowed(t)` is true."""
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            for there in self.borders[here]:
                if there not in seen and allowed(there):
                    seen.add(there)
                    todo.append(there)
        return seen
