"""Expansion: which hexes and cities are worth a convoy's troops, as the Clan knows them."""

from __future__ import annotations

from random import Random

import attrs

from conquest_tui.bots import war
from conquest_tui.bots.levels import Level
from conquest_tui.bots.paths import Reach
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.reports.view import UNKNOWN, CityInfo, ClanView, ConvoyInfo, HexInfo
from conquest_tui.engine.rules.ruleset import Ruleset

CITY_BONUS = 6.0
"""A city hex's worth over a plain hex, before its people (popularity per 10,000)."""
FOE_CITY = 2.0
"""How many times a neutral one a city of the rival a Clan at war fights first is worth to it
(taking it also costs that rival the city)."""
RIVAL_CITY = 1.5
"""How many times a neutral one another rival's city is worth to a Clan at war."""
FRESH_TURNS = 1
"""Game turns since a Clan with an ally last learned a city's owner within which it still
ATTACKs on arrival (an ally may take a city between its turns)."""


_UNSEEN: list[tuple[GameMap, Ruleset, dict[tuple[str, float], tuple[int, int]]]] = []
"""(map, rulebook, (hex, the level's margin) → `Board.hex_price`) of the hexes a Clan has not
seen, the newest map's (one at a time: a table plays one game): such a hex is priced from the
printed map alone (its terrain, its river), the same for every Clan."""


def _unseen_prices(view: ClanView) -> dict[tuple[str, float], tuple[int, int]]:
    """The prices of unseen hexes kept for the view's map and rulebook (new ones for another)."""
    kept = _UNSEEN[0] if _UNSEEN else None
    if kept is None or kept[0] is not view.map or kept[1] is not view.rules:
        kept = (view.map, view.rules, {})
        _UNSEEN[:] = [kept]
    return kept[2]


@attrs.define
class Board:
    """What the bot knows this call, looked up once: its hexes, its allies, its cities."""

    view: ClanView
    level: Level
    rng: Random
    owned: set[str]
    friendly: set[str]
    """Hexes of the Clan's and its allies' cities (where convoys refill)."""
    claimed: set[str] = attrs.field(factory=set)
    """Hexes another of the Clan's convoys is taking this turn."""
    pool: int = 0
    """Stockpile troops left after the pre-turn pickup, for convoys that refill on the way."""
    marches: dict[int, str] = attrs.field(factory=dict)
    """Convoy number → the rival city it marches on (a Clan at war, `campaign.marches`)."""
    foe: int = 0
    """The rival a Clan at war fights first (`campaign.foe`): its hexes and cities are worth
    more (0: none)."""
    _hex: dict[str, HexInfo] = attrs.field(factory=dict)
    _price: dict[str, tuple[int, int]] = attrs.field(factory=dict)
    _allies: tuple[int, ...] | None = None
    _attacks: dict[str, bool] = attrs.field(factory=dict)
    """Hex → whether a convoy entering it in Capture mode attacks it, were it not the Clan's:
    the same all sheet long (water, its owner as the Clan knows it, the Clan's allies)."""
    _lost: dict[str, int] = attrs.field(factory=dict)
    """Hex → troops a convoy expects to lose entering it in Capture mode, were it not the
    Clan's (0: no attack)."""
    _cities: list[tuple[int, str, float]] | None = None
    _unseen: dict[tuple[str, float], tuple[int, int]] | None = None
    _refills: set[str] | None = None

    @classmethod
    def of(cls, view: ClanView, level: Level, rng: Random) -> Board:
        """The board for one sheet."""
        allies = set(view.clan.allies)
        friendly = set(view.owned_cities())
        for info in view.listed_cities():
            if info.owner in allies:
                friendly.add(info.hex)
        return cls(view, level, rng, set(view.owned_hexes()), friendly)

    @property
    def refills(self) -> set[str]:
        """Hexes of the cities where its convoys refill with troops: the friendly ones, and at
        a level that refills in any city, every city open to it that no rival is known to hold
        (CC-CITY-05, CC-RES-14); looked up once."""
        if self._refills is None:
            self._refills = set(self.friendly)
            if self.level.refills_in_any_city:
                self._refills |= open_cities(self.view)
        return self._refills

    def hex_info(self, hex_id: str) -> HexInfo:
        """The hex as the Clan knows it (looked up once per call)."""
        info = self._hex.get(hex_id)
        if info is None:
            info = self.view.hex_info(hex_id)
            self._hex[hex_id] = info
        return info

    def takes_hex(self, hex_id: str) -> bool:
        """Whether a convoy entering in Capture mode would attack the hex."""
        if hex_id in self.owned:
            return False
        attacks = self._attacks.get(hex_id)
        if attacks is None:
            attacks = self._attacks[hex_id] = not self.view.map.is_water(hex_id) \
                and self.hex_info(hex_id).owner not in self.allies()
        return attacks

    def lost_taking(self, hex_id: str) -> int:
        """Troops a convoy entering the hex in Capture mode expects to lose taking it (0: it
        would not attack it)."""
        if hex_id in self.owned:
            return 0
        lost = self._lost.get(hex_id)
        if lost is None:
            lost = self._lost[hex_id] = self.hex_price(hex_id)[1] if self.takes_hex(hex_id) \
                else 0
        return lost

    def allies(self) -> tuple[int, ...]:
        """The Clan's allies (no ally is made while a sheet is written)."""
        if self._allies is None:
            self._allies = self.view.clan.allies
        return self._allies

    def cities(self) -> list[tuple[int, str, float]]:
        """(place in the map's city list, hex, worth before distance) of each city not friendly
        to the Clan (neither its own nor an ally's): its people's worth (`city_worth`)."""
        if self._cities is None:
            friendly = self.friendly
            self._cities = [(index, site.hex, city_worth(site.population))
                            for index, site in enumerate(self.view.map.cities)
                            if site.hex not in friendly]
        return self._cities

    def may_attack(self, hex_id: str) -> bool:
        """Whether an ATTACK on the city cannot fall on an ally's (the turn would refuse it, and
        neither the bot nor the forecast can tell): the Clan has no ally, or knows the city's
        owner as of its last turn or this one (an ally may have taken a city seen earlier). A
        convoy that walks into a city it does not know so attacks on its next turn."""
        if not self.view.clan.allies:
            return True
        info = self.view.city_info(hex_id)
        return info is not None and info.owner != UNKNOWN \
            and info.seen_turn >= self.view.game_turn - FRESH_TURNS

    def hex_price(self, hex_id: str) -> tuple[int, int]:
        """(troops the bot wants before attacking the hex, troops it expects to lose), worked
        out once per call as the hex's facts are."""
        price = self._price.get(hex_id)
        if price is None:
            info = self.hex_info(hex_id)
            if info.owner == UNKNOWN:  # priced from the printed map: once for every Clan
                unseen = self._unseen
                if unseen is None:
                    unseen = self._unseen = _unseen_prices(self.view)
                key = (hex_id, self.level.hex_margin)
                price = unseen.get(key)
                if price is None:
                    price = unseen[key] = self._priced(info)
            else:
                price = self._priced(info)
            self._price[hex_id] = price
        return price

    def _priced(self, info: HexInfo) -> tuple[int, int]:
        low, mean, high = war.hex_cost(self.view, info)
        wanted = round(low + (high - low) * self.level.hex_margin)
        return max(wanted, low), round(mean)

    def hex_worth(self, hex_id: str) -> float:
        """Popularity (and income) a hex brings: 1, a city's people more."""
        worth = 1.0
        site = self.view.map.city_at(hex_id)
        if site is not None:
            worth += (CITY_BONUS + site.population / 10_000) * self.level.city_weight
        info = self.hex_info(hex_id)
        worth += info.value / 2_000
        if info.owner > 0:
            worth += self.level.rival_bonus
            if info.owner == self.foe:
                worth += self.level.war_bonus
        if self.level.randomness:
            worth += self.rng.random() * self.level.randomness
        return worth

    def hex_score(self, hex_id: str) -> float:
        """A hex's worth as a convoy weighs it: `hex_worth`, per troop taking it should cost at
        a level with thrifty hexes."""
        worth = self.hex_worth(hex_id)
        if self.level.thrifty_hexes:
            worth /= max(1, self.hex_price(hex_id)[1])
        return worth


def open_cities(view: ClanView) -> set[str]:
    """Hexes of the cities that would let the Clan's convoys pick up troops (neither hostile
    to it nor banning it, CC-CITY-04/05) and that no rival is known to hold: neutral ones and
    ones it has not learned the owner of."""
    found = set()
    for site in view.map.cities:
        info = view.city_info(site.hex)
        if info is not None and info.status.lower() == "friendly" and info.owner <= 0:
            found.add(site.hex)
    return found


def city_goal(board: Board, convoy: ConvoyInfo, reach: Reach, troops: int,
              passed_over: set[str] | None = None) -> str | None:
    """The best city within reach `troops` of the convoy can take at the level's odds.

    `passed_over`: cities found out of the convoy's odds, left out and added to (a deeper reach
    from the same hex with the same troops asks again: the paths to them are the same)."""
    if not board.level.target_cities or troops < 20:
        return None
    failed = set() if passed_over is None else passed_over
    view = board.view
    # the best-scored city the convoy can take, the first in the map's order among equals:
    # tried best first, so the odds are worked out only until one passes
    scored: list[tuple[float, int, str, CityInfo]] = []
    distance, claimed, foe, allies = reach.distance, board.claimed, board.foe, board.allies()
    for index, hex_id, worth in board.cities():
        moves = distance.get(hex_id)
        if moves is None or hex_id in claimed or hex_id in failed:
            continue
        info = view.city_info(hex_id)
        if info is None or info.owner in allies:
            continue
        score = _city_score(foe, info, worth, moves)
        scored.append((-score, index, hex_id, info))  # the index tells every two apart
    spent_to: dict[str, int] = {reach.start: 0}
    unseen, wanted = board.level.unseen_garrison, board.level.attack_odds
    counted = board.level.counts_grenades
    # without rifles a convoy's odds only fall as troops are lost on the way: a city it
    # cannot take with all its troops is passed over before its path is summed
    unarmed = convoy.rifles[0] == 0
    for _, _, hex_id, info in sorted(scored):
        if unarmed and war.city_odds(view, convoy, info, troops, unseen, counted) < wanted:
            failed.add(hex_id)
            continue
        spent = _spent_on_the_way(board, reach, hex_id, spent_to)
        if war.city_odds(view, convoy, info, troops - spent, unseen, counted) >= wanted:
            return hex_id
        failed.add(hex_id)
    return None


def city_within(board: Board, convoy: ConvoyInfo, troops: int, passed_over: set[str],
                depth: int) -> bool:
    """Whether `city_goal` could find a city in a reach `depth` moves deep (searched only then):
    one within `depth` hexes of the convoy as the crow flies (no path is shorter), neither
    claimed nor `passed_over` nor an ally's, and, for a convoy without rifles, that all `troops`
    take at the level's odds (the hexes on the way only cost troops, and without rifles the
    odds only fall as troops are lost, as `city_goal` reads them; with rifles in use the odds
    need not, so any such city will do)."""
    level = board.level
    if not level.target_cities or troops < 20:
        return False
    view, here = board.view, convoy.hex
    claimed, allies = board.claimed, board.allies()
    unseen, wanted = level.unseen_garrison, level.attack_odds
    unarmed = convoy.rifles[0] == 0
    for _, hex_id, _ in board.cities():
        if hex_id in claimed or hex_id in passed_over or hexgrid.distance(here, hex_id) > depth:
            continue
        info = view.city_info(hex_id)
        if info is not None and info.owner not in allies and (
                not unarmed or war.city_odds(view, convoy, info, troops, unseen,
                                             level.counts_grenades) >= wanted):
            return True
    return False


def city_worth(population: int) -> float:
    """A city's worth before its distance: its people's."""
    return CITY_BONUS + population / 10_000


def _city_score(foe: int, info: CityInfo, worth: float, distance: int) -> float:
    """A city's worth to a convoy `distance` moves from it: its people's (`worth`), more for a
    rival's city while the Clan is at war (on the `foe`, the most)."""
    score = worth / (1 + distance)
    if info.owner > 0 and foe:
        score *= FOE_CITY if info.owner == foe else RIVAL_CITY
    return score


def muster(board: Board, convoy: ConvoyInfo, reach: Reach, most: int,
           rivals: bool = False) -> int:
    """Troops the convoy needs to take the best city in reach that `most` troops can take at
    the level's odds (scored as `city_goal` scores them; at a level that musters cheapest, the
    one whose score per troop needed is highest), counting the troops its path's hexes cost; 0
    when no city in reach is worth it or none falls to `most` troops (`rivals`: only cities the
    Clan knows a rival holds)."""
    view = board.view
    scored: list[tuple[float, int, str, CityInfo]] = []
    distance, foe, allies = reach.distance, board.foe, board.allies()
    for index, hex_id, worth in board.cities():
        moves = distance.get(hex_id)
        if moves is None:
            continue
        info = view.city_info(hex_id)
        if info is None or info.owner in allies or (rivals and info.owner <= 0):
            continue
        scored.append((-_city_score(foe, info, worth, moves), index, hex_id, info))
    spent_to: dict[str, int] = {reach.start: 0}
    unseen, wanted = board.level.unseen_garrison, board.level.attack_odds
    cheapest: tuple[float, int] | None = None
    for score, _, hex_id, info in sorted(scored):
        spent = _spent_on_the_way(board, reach, hex_id, spent_to)
        fewest = war.fewest_troops(view, convoy, info, most - spent, unseen, wanted,
                                   board.level.counts_grenades)
        if fewest is None:
            continue
        if not board.level.musters_cheapest:
            return fewest + spent
        per_troop = score / max(1, fewest + spent)
        if cheapest is None or per_troop < cheapest[0]:
            cheapest = (per_troop, fewest + spent)
    return cheapest[1] if cheapest else 0


def _spent_on_the_way(board: Board, reach: Reach, target: str, spent_to: dict[str, int]) -> int:
    """Troops a convoy expects to lose taking the hexes on its path to `target` (the target's
    own hex included); `spent_to`: the same for hexes whose paths were summed already (paths
    from one start share their first steps), filled in."""
    way: list[str] = []
    node = target
    while node not in spent_to:
        way.append(node)
        node = reach.entered_from(node)
    spent = spent_to[node]
    lost_taking = board.lost_taking
    for hex_id in reversed(way):
        spent += lost_taking(hex_id)
        spent_to[hex_id] = spent
    return spent


def land_goal(board: Board, convoy: ConvoyInfo, reach: Reach, troops: int) -> str | None:
    """The nearest hex worth taking the convoy can afford (nearer first, then worth)."""
    best: tuple[float, str] | None = None
    for hex_id, distance in reach.distance.items():
        if distance == 0 or hex_id in board.claimed or not board.takes_hex(hex_id):
            continue
        if board.hex_price(hex_id)[0] > troops:
            continue
        score = board.hex_score(hex_id) / (1 + distance) ** 2
        if best is None or score > best[0] or (score == best[0] and hex_id < best[1]):
            best = (score, hex_id)
    return best[1] if best else None


__all__ = ["FOE_CITY", "RIVAL_CITY", "Board", "city_goal", "city_within", "land_goal", "muster",
           "open_cities"]
