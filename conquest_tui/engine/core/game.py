"""A game in play: the ruleset, the map and the changing state, with fast lookups between them."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Collection
from itertools import compress, count, repeat
from operator import attrgetter, is_

from conquest_tui.engine.core.gamemap import CitySite, GameMap
from conquest_tui.engine.core.rng import DiceLog
from conquest_tui.engine.core.state import (
    CityState,
    Clan,
    Convoy,
    GameState,
    HexState,
    OwnerChanges,
)
from conquest_tui.engine.rules.house import HouseRulesInPlay
from conquest_tui.engine.rules.ruleset import Ruleset


def link_key(a: str, b: str) -> str:
    """The stored form of an undirected link between two hexes ("AAAA-BBBB", smaller id first)."""
    return f"{a}-{b}" if a < b else f"{b}-{a}"


_LAST_ENDS: list[tuple[GameMap, frozenset[str], frozenset[str]]] = []
"""The map, the paved links and their ends the last game indexed afresh (a forecast's copy of
a game has its links)."""


class Game:
    """Ruleset + map + state. Lookups are rebuilt by reindex() after convoys or clans change."""

    __slots__ = ("rules", "map", "state", "_clans", "_cities", "_paved", "_owned", "_present",
                 "_indexed", "_indexed_len", "_by_hex", "_position", "_hexed", "_hexed_len",
                 "_paved_ends",
                 "_lands", "_lands_of", "_lands_seen", "_owners", "_slot", "dice_log")

    def __init__(self, rules: Ruleset, map: GameMap, state: GameState) -> None:  # noqa: A002
        self.rules = rules
        self.map = map
        self.state = state
        self.dice_log: DiceLog | None = None
        """The referee's log of every draw (None: no referee, plain generators; never saved
        by the engine: the session sets it and keeps its rolls)."""
        self._clans: dict[int, Clan] = {}
        self._cities: dict[str, CityState] = {}
        self._paved: set[str] = set()
        self._paved_ends: set[str] = set()
        self._owned: dict[int, list[Convoy]] = {}
        self._present: set[int] = set()
        self._indexed: list[Convoy] | None = None
        self._indexed_len = 0
        self._by_hex: dict[str, list[Convoy]] = {}
        self._position: dict[int, int] = {}
        self._hexed: list[Convoy] | None = None
        self._hexed_len = 0
        self._lands: dict[int, list[int]] = {}
        self._lands_of: list[HexState] | None = None
        self._lands_seen = -1
        self._owners: list[int] = []
        self._slot: dict[int, int] = {}
        self.reindex()

    def __repr__(self) -> str:
        return f"Game(map={self.map.name!r}, game_turn={self.state.game_turn})"

    def reindex(self) -> None:
        """Rebuild the lookup tables from the state."""
        self._clans = {clan.number: clan for clan in self.state.clans}
        self._cities = {city.hex: city for city in self.state.cities}
        self._paved = set(self.state.paved)
        last = _LAST_ENDS[0] if _LAST_ENDS else None
        if last is not None and last[0] is self.map and last[1] == self._paved:
            self._paved_ends = set(last[2])  # the same links on the same map: the same ends
        else:
            self._paved_ends = set()
            for key in self._paved:
                self._add_paved_ends(key)
            _LAST_ENDS[:] = [(self.map, frozenset(self._paved), frozenset(self._paved_ends))]
        self._indexed = None
        self._hexed = None

    # --- clans -------------------------------------------------------------------------------
    def clan(self, number: int) -> Clan:
        """The Clan with this number (KeyError if there is none)."""
        return self._clans[number]

    @property
    def house(self) -> HouseRulesInPlay:
        """The house rules in play (`game.house.on(HouseRuleName.STANDING)`)."""
        return HouseRulesInPlay(frozenset(self.state.house_rules))

    def has_clan(self, number: int) -> bool:
        """Whether a Clan with this number plays."""
        return number in self._clans

    # --- hexes -------------------------------------------------------------------------------
    def hex(self, hex_id: str) -> HexState:
        """The changing state of one map hex."""
        return self.state.hexes[self.map.index_of(hex_id)]

    def owned_hexes(self, clan: int) -> list[str]:
        """The hexes the Clan owns, in map order: each Clan's hexes are kept and follow the
        hexes given since (`OwnerChanges`), rebuilt in one pass over the map when the hex list
        is another or the log was emptied."""
        ids = self.map.hex_ids()
        return [ids[at] for at in self._land_index().get(clan, ())]

    def _land_index(self) -> dict[int, list[int]]:
        """Owner → the places (in the hex list) of its hexes, in order; 0 (nobody) left out."""
        hexes = self.state.hexes
        changed = None if hexes is not self._lands_of else OwnerChanges.since(self._lands_seen)
        if changed is None:
            owners = getattr(hexes, "owners", None)
            if owners is not None:  # hexes made when first read (play/presumed_hexes)
                self._owners, self._slot = owners(), hexes.places  # type: ignore[attr-defined]
            else:
                self._owners = list(map(_OWNER, hexes))
                self._slot = dict(zip(map(id, hexes), range(len(hexes)), strict=True))
            lands: dict[int, list[int]] = {}
            held = self._owners
            for at in compress(count(), held):  # the owned places, in order
                lands.setdefault(held[at], []).append(at)
            self._lands, self._lands_of = lands, hexes
        else:
            owners, slot, lands = self._owners, self._slot, self._lands
            for state in changed:
                place = slot.get(id(state))  # a hex of another game's list: not ours
                if place is None or owners[place] == state.owner:
                    continue
                old = owners[place]
                if old:
                    places = lands[old]
                    del places[bisect_left(places, place)]
                    if not places:
                        del lands[old]
                if state.owner:
                    insort(lands.setdefault(state.owner, []), place)
                owners[place] = state.owner
        self._lands_seen = OwnerChanges.count
        return self._lands

    def road_between(self, a: str, b: str) -> bool:
        """Whether a road (from the map or paved in play) links two adjacent hexes."""
        return self.map.road_between(a, b) or link_key(a, b) in self._paved

    def has_road(self, hex_id: str) -> bool:
        """Whether any road touches the hex."""
        return self.map.has_road(hex_id) or hex_id in self._paved_ends

    def road_directions(self, hex_id: str) -> tuple[str, ...]:
        """Directions in which roads leave the hex (CC-TER-16)."""
        around = self.map.neighbors(hex_id)
        return tuple(d for d, other in around if self.road_between(hex_id, other))

    def paved_links(self) -> frozenset[str]:
        """The road links paved in play, as `road_between` reads them."""
        return frozenset(self._paved)

    def pave(self, a: str, b: str) -> None:
        """Add a road link built during play."""
        key = link_key(a, b)
        if key not in self._paved:
            self._paved.add(key)
            self._add_paved_ends(key)
            self.state.paved.append(key)
            self.state.paved.sort()

    def _add_paved_ends(self, key: str) -> None:
        """The two hexes of a paved link, for `has_road`: when they are neighbours (a link
        between hexes that are not touches neither's roads)."""
        a, _, b = key.partition("-")
        if self.map.contains(a) and any(other == b for _, other in self.map.neighbors(a)):
            self._paved_ends.update((a, b))

    # --- cities ------------------------------------------------------------------------------
    def city(self, hex_id: str) -> CityState | None:
        """The city state in a hex, or None."""
        return self._cities.get(hex_id)

    def city_site(self, hex_id: str) -> CitySite | None:
        """The fixed map facts of the city in a hex, or None."""
        return self.map.city_at(hex_id)

    def city_status(self, city: CityState, clan: int) -> str:
        """"owned", "banned", "hostile" or "friendly" (CC-CITY-04)."""
        if city.owner == clan:
            return "owned"
        if city.owner and clan in self._clans.get(city.owner, _NO_CLAN).bans:
            return "banned"
        if clan in city.hostile_to:
            return "hostile"
        return "friendly"

    def is_friendly_city(self, hex_id: str, clan: int) -> bool:
        """Whether the hex holds a city the Clan may use (owned or friendly, CC-CITY-05)."""
        city = self._cities.get(hex_id)
        return city is not None and self.city_status(city, clan) in ("owned", "friendly")

    # --- convoys -----------------------------------------------------------------------------
    def _owner_index(self) -> dict[int, list[Convoy]]:
        """Each Clan's convoys in number order, rebuilt whenever the convoy list is another list
        or has another length (convoys are added and removed, never renumbered or handed over)."""
        convoys = self.state.convoys
        if convoys is not self._indexed or len(convoys) != self._indexed_len:
            owned: dict[int, list[Convoy]] = {}
            for convoy in convoys:
                owned.setdefault(convoy.owner, []).append(convoy)
            for own in owned.values():
                own.sort(key=_number)
            self._owned, self._present = owned, {id(c) for c in convoys}
            self._indexed, self._indexed_len = convoys, len(convoys)
        return self._owned

    def convoys_of(self, clan: int) -> list[Convoy]:
        """A Clan's convoys in number order."""
        return list(self._owner_index().get(clan, ()))

    def convoy(self, clan: int, number: int) -> Convoy | None:
        """One of a Clan's convoys by number, or None."""
        for convoy in self._owner_index().get(clan, ()):
            if convoy.number == number:
                return convoy
        return None

    def has_convoy(self, convoy: Convoy) -> bool:
        """Whether this very convoy (not an equal one) is still in the game."""
        self._owner_index()
        return id(convoy) in self._present

    def _hex_index(self) -> dict[str, list[Convoy]]:
        """Hex → its convoys in the convoy list's order, the list's order of every convoy by
        identity. Rebuilt whenever the convoy list is another list or has another length; kept
        true between by `move_convoy` and `remove_convoy`, the only places a game's convoy
        moves or leaves (`tests/test_convoy_index.py` holds it to a scan)."""
        convoys = self.state.convoys
        if convoys is not self._hexed or len(convoys) != self._hexed_len:
            by_hex: dict[str, list[Convoy]] = {}
            for convoy in convoys:
                by_hex.setdefault(convoy.hex, []).append(convoy)
            self._by_hex = by_hex
            self._position = {id(convoy): at for at, convoy in enumerate(convoys)}
            self._hexed, self._hexed_len = convoys, len(convoys)
        return self._by_hex

    def convoys_in(self, hex_id: str) -> list[Convoy]:
        """Every convoy in a hex, in the convoy list's order (a lookup)."""
        return list(self._hex_index().get(hex_id, ()))

    def convoys_among(self, hexes: Collection[str]) -> list[tuple[int, Convoy]]:
        """(place in the convoy list, convoy) of every convoy in any of the hexes, in the
        list's order (looked up hex by hex, or through the occupied hexes when fewer)."""
        by_hex = self._hex_index()
        if len(hexes) <= len(by_hex):
            found = [convoy for hex_id in hexes for convoy in by_hex.get(hex_id, ())]
        else:
            found = [convoy for hex_id, here in by_hex.items() if hex_id in hexes
                     for convoy in here]
        position = self._position
        return sorted(((position[id(convoy)], convoy) for convoy in found), key=_first)

    def move_convoy(self, convoy: Convoy, target: str) -> None:
        """Put a convoy in another hex: the one place play moves a convoy, keeping the hex
        index true without a rebuild (`tests/test_convoy_index.py` holds it to a scan); a
        convoy not in this game (a forecast's copy's) is only set, this game's index untouched."""
        by_hex = self._hex_index()
        position = self._position
        origin = convoy.hex
        convoy.hex = target
        if id(convoy) not in position:
            return
        here = by_hex[origin]
        if len(here) > 1:
            del here[next(at for at, other in enumerate(here) if other is convoy)]
        else:
            del by_hex[origin]
        insort(by_hex.setdefault(target, []), convoy, key=lambda c: position[id(c)])

    def remove_convoy(self, convoy: Convoy) -> None:
        """Take a convoy out of the game (disbanded, sold, absorbed, destroyed), taking it out
        of the lookups as well, so a battle that destroys a convoy costs no rebuild of them
        (`tests/test_convoy_index.py` holds them to a scan)."""
        convoys = self.state.convoys
        found = list(map(is_, convoys, repeat(convoy)))  # by identity, without a Python loop
        if True not in found:
            self.state.convoys = list(convoys)
            return  # not in the game: the lookups see another list and are rebuilt next
        at = found.index(True)
        kept = convoys[:at] + convoys[at + 1:]
        self.state.convoys = kept
        if convoys is self._indexed and len(convoys) == self._indexed_len:
            own = self._owned[convoy.owner]
            del own[next(at for at, other in enumerate(own) if other is convoy)]
            if not own:
                del self._owned[convoy.owner]
            self._present.discard(id(convoy))
            self._indexed, self._indexed_len = kept, len(kept)
        if convoys is self._hexed and len(convoys) == self._hexed_len:
            here = self._by_hex[convoy.hex]
            if len(here) > 1:
                del here[next(at for at, other in enumerate(here) if other is convoy)]
            else:
                del self._by_hex[convoy.hex]
            del self._position[id(convoy)]  # the others keep their order: enough to sort by
            self._hexed, self._hexed_len = kept, len(kept)


_OWNER = attrgetter("owner")


def _first(pair: tuple[int, Convoy]) -> int:
    return pair[0]


def _number(convoy: Convoy) -> int:
    return convoy.number


_NO_CLAN = Clan(number=0, name="")
