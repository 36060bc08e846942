"""The forecast's hexes: those the Clan sees copied, the others presumed when first read."""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import Any, SupportsIndex, cast, overload

import attrs

from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import HexState
from conquest_tui.engine.rules.ruleset import Ruleset


class PresumedHexes(list[HexState]):
    """One hex per map hex, in `hex_ids()` order, as a Clan may know them: each hex it sees now
    a copy of the game's, each other hex presumed (`presume`) — made when first read, since a
    Clan's turn reads a few dozen of a map's thousands. Read like a list (by place, slice or
    in order: each read makes what it reaches); `Game` reads the owners of all without making
    them (`owners`, `places`). The list's places are never added, removed or reordered."""

    __slots__ = ("_real", "_usual", "places")

    def __init__(self, real: list[HexState], usual: list[int], seen: set[int]) -> None:
        super().__init__([cast(HexState, None)] * len(real))
        self._real = real
        self._usual = usual
        self.places: dict[int, int] = {}
        """The identity of each hex made → its place (what `Game` keeps its land index by)."""
        for at in seen:
            self._put(at, HexState(*_HEX_FIELDS(real[at])))

    def _put(self, at: int, made: HexState) -> HexState:
        list.__setitem__(self, at, made)
        self.places[id(made)] = at
        return made

    def _made(self, at: int) -> HexState:
        found = list.__getitem__(self, at)
        if found is None:
            at = range(len(self))[at]  # a place from the end, as a list reads it
            found = self._put(at, presume(self._real[at], self._usual[at]))
        return found

    @overload
    def __getitem__(self, at: SupportsIndex) -> HexState: ...

    @overload
    def __getitem__(self, at: slice) -> list[HexState]: ...

    def __getitem__(self, at: SupportsIndex | slice) -> HexState | list[HexState]:
        if isinstance(at, slice):
            return [self._made(place) for place in range(len(self))[at]]
        return self._made(int(at))

    def __setitem__(self, at: Any, value: Any) -> None:
        raise TypeError("a Clan's presumed hexes keep their places")

    def __iter__(self) -> Iterator[HexState]:
        return map(self._made, range(len(self)))

    def __reversed__(self) -> Iterator[HexState]:
        return map(self._made, reversed(range(len(self))))

    def __contains__(self, value: object) -> bool:
        return any(value == made for made in self)

    def __eq__(self, other: object) -> bool:
        return list(self) == other

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        return repr(list(self))

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        return list, (list(self),)  # a copy or a pickle is a plain list of every hex

    def copy(self) -> list[HexState]:
        return list(self)

    def index(self, value: HexState, *where: SupportsIndex) -> int:
        return list(self).index(value, *where)

    def count(self, value: HexState) -> int:
        return list(self).count(value)

    def owners(self) -> list[int]:
        """Each hex's owner, in order, without making the hexes not yet read (presumed hexes
        belong to nobody)."""
        owners = [0] * len(self)
        for place in self.places.values():
            owners[place] = list.__getitem__(self, place).owner
        return owners


def presume(real: HexState, defense: int) -> HexState:
    """A hex the Clan does not see, as it may presume it (the per-game rolls are hidden):
    unclaimed, unguarded, looted, of the usual `defense` for its ground, no structure, nothing
    to pick up; when a structure was built, the road's bonus and when it was taken as they
    are."""
    return HexState(0, defense, 0, True, "", "", real.custom_built_turn, 0, 0, 0, 0, 0,
                    real.road_parts_bonus, real.conquered_turn)


_PRESUMED_ORDER = ("owner", "defense", "garrison", "looted", "special", "custom",
                   "custom_built_turn", "money", "food", "fuel", "parts", "vaccine",
                   "road_parts_bonus", "conquered_turn")
if tuple(field.name for field in attrs.fields(HexState)) != _PRESUMED_ORDER:
    raise ImportError("HexState's fields are not those `presume` gives in order")
_HEX_FIELDS = attrgetter(*_PRESUMED_ORDER)
"""A hex's fields in order: a HexState holds only numbers, strings and flags, so a new one
made from them is a copy."""


_USUAL: dict[int, tuple[GameMap, Ruleset, list[int]]] = {}
"""The identity of a map → the map, the ruleset and each hex's usual defense under it, worked
out once per map and ruleset (by identity: comparing or hashing a whole map costs more than
the work kept)."""
_USUAL_KEPT = 8


def usual_defenses(rules: Ruleset, game_map: GameMap) -> list[int]:
    """Each hex's usual defense, in `hex_ids()` order: the middle of the defense roll, its
    terrain's bonus and a river's, at most the highest defense level."""
    known = _USUAL.get(id(game_map))
    if known is not None and known[0] is game_map and known[1] is rules:
        return known[2]
    generation = rules.hexgen
    middle = (generation.defense_roll.low + generation.defense_roll.high) // 2
    usual = []
    for hex_id in game_map.hex_ids():
        defense = middle + rules.terrains[game_map.terrain_of(hex_id)].defense_bonus
        if game_map.has_river(hex_id):
            defense += generation.river_defense_bonus
        usual.append(min(defense, generation.max_defense_level))
    if len(_USUAL) >= _USUAL_KEPT:
        _USUAL.clear()
    _USUAL[id(game_map)] = (game_map, rules, usual)
    return usual
