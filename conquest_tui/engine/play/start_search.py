"""The search for fair starts among a map's minor cities (CC-GEN-07), in its order of preference."""

from __future__ import annotations

import functools
import heapq
import itertools
import math
from collections.abc import Iterable, Iterator

import attrs

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.hexgrid import HexId
from conquest_tui.engine.play.land_reach import LandReach, StartFairness, measure
from conquest_tui.engine.rules.ruleset_tables import FairStartRules

REPAIRS = 6
"""Sets, the nearest to fair, that the search tries to mend (one start moved at a time) until
one is fair."""
REPAIR_STEPS = 12
"""Starts moved at most in the mending of one set."""
EVERY_SET = 2000
"""A pool with at most this many sets of starts has them all ranked, not only spaced ones."""
MEASURES = 300
"""Sets at most measured, the best ranked first, in looking for a fair one."""
POLISH_TRIALS = 200
"""Sets at most measured in moving the best fair set's starts to rank it better."""
EVEN_TRIALS = 200
"""Sets at most measured in moving a squeezed set's starts to even their standings."""
EVEN_PAIRS = 60
"""Moves of one start, those that even the standings most, paired to move two starts at once."""
UNBOUNDED = 1 << 30
"""A spacing cap no two starts reach: each next start simply the farthest."""


class StartsError(ValueError):
    """A map without enough minor cities for the Clans."""


@attrs.frozen
class StartChoice:
    """The starts the search found for a map and a number of Clans, and how fair they are."""

    starts: tuple[HexId, ...]
    fairness: StartFairness

    @property
    def fair(self) -> bool:
        return self.fairness.fair


class StartSearch:
    """The fairest, best spaced set of starts for a map and a number of Clans.

    Each start must reach enough land before any rival and have cities within reach, none far
    more than another (`land_reach.measure`). Among the sets of minor cities that do, the search
    prefers no start far from every rival (each start's nearest rival at most `rival_ratio`
    times as far as the two nearest starts are apart), then, with 4 Clans, no two starts far
    apart (at most `spread_moves` land moves), then no start in the middle of the others (its
    land moves to all its rivals together within `centre_ratio` of every other start's), then
    no rival on the doorstep (starts at least half `rival_moves` land moves apart), then every
    start's nearest rival within `rival_moves`, then the most widely spaced (the fewest land
    moves between two starts), with 3 or 4 Clans then the set whose start with the fewest minor
    cities before any rival has the most, with 2 Clans a pair even in the minor cities each
    reaches first (within `first_ratio`), then the largest sum of the land moves between starts.

    With 4 Clans, when a start of the set found is squeezed (its standing, its land moves to all
    its rivals together times the root of its minor cities before any rival, below
    1 / `standing_keep` of another's), the search runs again preferring, after the spread, starts
    `standing_apart` apart and then standings within `standing_ratio`, and ranking besides the
    spaced sets every set of starts `standing_apart` to `spread_moves` land moves apart. With
    `evened_clans` Clans, a squeezed set has one or two starts at a time moved to even the
    standings, and is dealt so only once no start is squeezed any more.

    How: greedily spaced sets from every candidate; the best ranked fair one, bettered one start
    at a time; else the nearest to fair, mended one start at a time.
    """

    def __init__(self, reach: LandReach, count: int, rules: FairStartRules) -> None:
        self.reach, self.count, self.rules = reach, count, rules
        world = reach.world
        minors = sorted(site.hex for site in world.cities if not site.major)
        if len(minors) < count:
            raise StartsError(f"the {world.title} map has {len(minors)} minor cities, too few "
                              f"for {count} Clans")
        need = rules.land_share * world.land_hex_count() / count
        mainland = [hex_id for hex_id in minors if not stranded(world, hex_id)]
        able = [hex_id for hex_id in mainland
                if reach.cities_within(hex_id, rules.reach_moves) >= rules.cities_in_reach
                and reach.layers(hex_id)[-1].bit_count() >= need]
        if len(able) >= count:
            self.pool = able
        else:  # no fair set: the least unfair, mainland first (AMB-56)
            self.pool = mainland if len(mainland) >= count else minors
        self.apart = [[self._apart(hex_id, other) for other in self.pool] for hex_id in self.pool]
        self.cities = [reach.cities_within(hex_id, rules.reach_moves) for hex_id in self.pool]
        self.seen: dict[frozenset[int], StartFairness] = {}
        self.towns = [site.hex for site in world.cities
                      if not site.major and world.is_land(site.hex)]
        self._standing_applies = rules.standing_clans.low <= count <= rules.standing_clans.high
        self._standing_on = False
        self._pairs: list[dict[int, int]] = [{} for _ in self.pool]
        self._town_moves: dict[int, tuple[int, ...]] = {}
        self._evened_applies = rules.evened_clans.low <= count <= rules.evened_clans.high

    def _apart(self, start: HexId, other: HexId) -> int:
        """Land moves between two candidates; beyond the sea, twice their distance in hexes."""
        moves = self.reach.moves_between(start, other)
        if moves is not None:
            return moves
        (q, r, s), (q2, r2, s2) = (hexgrid.to_cube(*hexgrid.parse_hex(hex_id))
                                   for hex_id in (start, other))
        return 2 * max(abs(q - q2), abs(r - r2), abs(s - s2))

    def run(self) -> StartChoice:
        band = self.rules.rival_moves
        caps = tuple(dict.fromkeys((band, band * 3 // 4, band // 2, UNBOUNDED)))
        every = math.comb(len(self.pool), self.count) <= EVERY_SET
        if every:
            found = [list(chosen) for chosen in itertools.combinations(range(len(self.pool)),
                                                                       self.count)]
        else:
            found = [self._spaced(first, cap, among) for among in self._windows()
                     for cap in caps for first in among]
        best = self._best(found)
        if self._standing_applies and self._standing_ratio(best) > self.rules.standing_keep:
            self._standing_on = True  # a start squeezed: rank by standing, and every meeting set
            wider = self._best(found if every else found + self._meeting_sets())
            if frozenset(wider) != frozenset(best) and (  # the same set is dealt as before
                    self._measure(wider).fair or not self._measure(best).fair):
                best = wider
        keep = self.rules.standing_keep
        if (self._evened_applies and self._measure(best).fair
                and self._standing_ratio(best) > keep):
            evened = self._evened(best)  # dealt only once no start is squeezed any more
            if self._standing_ratio(evened) <= keep:
                best = evened
        starts = tuple(self.pool[i] for i in best)
        return StartChoice(starts, measure(self.reach.world, starts, self.rules))

    def _evened(self, chosen: list[int]) -> list[int]:
        """Move one start, or two, at a time to the candidates that bring the most and least
        standing nearest (the set staying fair, no start nearer its nearest rival than
        `standing_apart` or farther beyond `rival_ratio` than before), trying at most
        EVEN_TRIALS sets not measured before."""
        current, trials = list(chosen), 0
        uneven = self._uneven(current)
        while self._standing_ratio(current) > self.rules.standing_ratio:
            ratio = self._standing_ratio(current)
            for trial_ratio, trial in self._evening_moves(current):
                if trial_ratio >= ratio:
                    return current
                if (not self._cities_fair(trial) or self._uneven(trial) > uneven
                        or self._nearest(trial) < self.rules.standing_apart):
                    continue
                trials += frozenset(trial) not in self.seen
                if self._measure(trial).fair:
                    current = trial
                    break
                if trials >= EVEN_TRIALS:
                    return current
            else:
                return current
        return current

    def _evening_moves(self, current: list[int]) -> Iterator[tuple[float, list[int]]]:
        """Every set one start away from `current`, and two starts away as two of the
        EVEN_PAIRS moves of one start that even the standings most, each with its most standing
        over its least: the most even first (one start moved before two as even)."""
        singles = sorted((self._standing_ratio(_moved(current, move)), move) for move in (
            [(position, other)] for position in range(self.count)
            for other in range(len(self.pool)) if other not in current))
        moves = list(singles)
        top = [move for _, [move] in singles[:EVEN_PAIRS]]
        for i, (position, other) in enumerate(top):
            for position2, other2 in top[i + 1:]:
                if position2 != position and other2 != other:
                    move = [(position, other), (position2, other2)]
                    moves.append((self._standing_ratio(_moved(current, move)), move))
        moves.sort(key=lambda found: (found[0], len(found[1]), found[1]))
        for ratio, move in moves:
            yield ratio, _moved(current, move)

    def _nearest(self, chosen: list[int]) -> int:
        """Land moves between the two nearest starts."""
        return min(self.apart[a][b] for i, a in enumerate(chosen) for b in chosen[i + 1:])

    def _uneven(self, chosen: list[int]) -> int:
        """Moves by which the start farthest from its nearest rival is beyond `rival_ratio`
        times the two nearest starts' distance."""
        loneliest = max(min(self.apart[a][b] for b in chosen if b != a) for a in chosen)
        return max(0, loneliest - math.floor(self.rules.rival_ratio * self._nearest(chosen)))

    def _best(self, found: list[list[int]]) -> list[int]:
        """The best ranked fair set of those found (each once), bettered one start at a time;
        else the nearest to fair, mended one start at a time."""
        found = sorted({frozenset(chosen): chosen for chosen in found}.values(), key=self._rank)
        tried: list[list[int]] = []  # best ranked first, until a fair one or the budget ends
        for chosen in found:
            if len(tried) >= MEASURES or (tried and self._measure(tried[-1]).fair):
                break
            if self._cities_fair(chosen):
                tried.append(chosen)
        fair = [chosen for chosen in tried[-1:] if self._measure(chosen).fair]
        if not fair or self._rank(fair[0])[0]:  # mend the nearest to fair, one by one
            nearest = sorted(tried or found,
                             key=lambda c: (self._measure(c).shortfall, self._rank(c)))
            for chosen in nearest[:REPAIRS]:
                mended = self._mend(chosen)
                if self._measure(mended).fair:
                    fair.append(mended)
                    break
                found.append(mended)
        if fair:
            return self._polish(min(fair, key=self._rank))
        return min(found, key=lambda c: (self._measure(c).shortfall, self._rank(c)))

    def _windows(self) -> list[list[int]]:
        """The whole pool, then the candidates whose cities in reach lie within the city ratio
        of each count in turn (from the fewest, each window's count above the last's limit
        reached by steps of a quarter), as long as one holds enough candidates."""
        windows = [list(range(len(self.pool)))]
        counts = sorted(set(self.cities))
        least = counts[0] if counts else 0
        while counts and least <= counts[-1]:
            most = self.rules.city_ratio * max(least, 1)
            among = [i for i, found in enumerate(self.cities) if least <= found <= most]
            if len(among) >= self.count and among != windows[-1]:
                windows.append(among)
            least = max(least + 1, math.ceil(least * 1.25))
        return windows

    def _spaced(self, first: int, cap: int, among: list[int]) -> list[int]:
        """From `first`, each next start the candidate (of `among`) farthest from those chosen
        but within `cap` land moves of one of them (else the nearest beyond it); a tie goes to
        the larger hex id, as the pool is sorted."""
        chosen = [first]
        nearest = {i: self.apart[first][i] for i in among if i != first}
        while len(chosen) < self.count:
            within = [(moves, i) for i, moves in nearest.items() if moves <= cap]
            if within:
                pick = max(within)[1]
            else:
                pick = -min((moves, -i) for i, moves in nearest.items())[1]
            chosen.append(pick)
            del nearest[pick]
            row = self.apart[pick]
            for i, moves in nearest.items():
                if row[i] < moves:
                    nearest[i] = row[i]
        return chosen

    def _measure(self, chosen: list[int]) -> StartFairness:
        key = frozenset(chosen)
        known = self.seen.get(key)
        if known is None:
            known = measure(self.reach.world, tuple(self.pool[i] for i in chosen), self.rules)
            self.seen[key] = known
        return known

    def _cities_fair(self, chosen: list[int]) -> bool:
        """Whether the cities in reach are within their ratio (the pool has enough of them)."""
        counts = [self.cities[i] for i in chosen]
        return max(counts) <= self.rules.city_ratio * max(min(counts), 1)

    def _first(self, chosen: list[int]) -> int:
        """1 when the start with most minor cities before any rival (nearer it by land than any
        other start) has more than `first_ratio` times the start with least, else 0."""
        counts = self._firsts(chosen)
        return int(max(counts) > self.rules.first_ratio * min(counts))

    def _firsts(self, chosen: list[int]) -> list[int]:
        """Each start's minor cities before any rival: nearer it by land than any other start
        (its own city not counted)."""
        nearer = self._nearer
        return [_common(nearer(start, other) for other in chosen if other != start).bit_count()
                for start in chosen]

    def _nearer(self, start: int, other: int) -> int:
        """The minor cities (bit i: the i-th town) strictly fewer land moves from one candidate
        than from another, the first's own city left out (each two worked out once, when first
        asked for, unless the whole table of them was)."""
        if "_nearer_towns" in self.__dict__:
            return self._nearer_towns[start][other]
        row = self._pairs[start]
        known = row.get(other)
        if known is None:
            mine, theirs = self._moves_of(start), self._moves_of(other)
            known = row[other] = sum(
                1 << i for i, (here, there) in enumerate(zip(mine, theirs, strict=True))
                if here < there) & ~self._own(start)
        return known

    def _moves_of(self, start: int) -> tuple[int, ...]:
        """A candidate's land moves to each minor city (worked out once, when first asked for)."""
        known = self._town_moves.get(start)
        if known is None:
            known = self._town_moves[start] = self._city_moves(self.pool[start])
        return known

    def _own(self, start: int) -> int:
        """The bit of a candidate's own city among the towns."""
        return sum(1 << i for i, town in enumerate(self.towns) if town == self.pool[start])

    @functools.cached_property
    def _nearer_towns(self) -> list[list[int]]:
        """For each two candidates, the minor cities (bit i: the i-th town) strictly fewer land
        moves from the first than from the second, the first's own city left out (worked out
        once, when first read)."""
        moves = [self._city_moves(hex_id) for hex_id in self.pool]
        rows = []
        for start, mine in enumerate(moves):
            own = sum(1 << i for i, town in enumerate(self.towns) if town == self.pool[start])
            rows.append([sum(1 << i for i, (here, there) in enumerate(zip(mine, theirs,
                                                                         strict=True))
                             if here < there) & ~own
                         for theirs in moves])
        return rows

    def _meeting_sets(self) -> list[list[int]]:
        """Every set whose starts are all at least `standing_apart` and at most
        `spread_moves` land moves apart, no start beyond `rival_ratio` times the two nearest
        starts' distance from its nearest rival, and cities in reach within their ratio: the
        candidates of `standing_clans` Clans, found whole rather than one start at a time.
        Only the MEASURES best in standing (and their ties) are kept: no more are measured."""
        least, most = self.rules.standing_apart, self.rules.spread_moves
        ratio = self.rules.rival_ratio
        apart, size, last = self.apart, len(self.pool), self.count - 1
        cities, city_ratio = self.cities, self.rules.city_ratio
        # two starts a set may hold together: within the moves and, as in _cities_fair (the
        # set's most and least cities in reach are one such two), within the city ratio
        near = [{b for b in range(a + 1, size) if least <= apart[a][b] <= most
                 and max(cities[a], cities[b]) <= city_ratio * max(min(cities[a], cities[b]), 1)}
                for a in range(size)]
        close = [[{b for b in range(size) if apart[a][b] <= moves} for moves in range(most + 1)]
                 for a in range(size)]
        sets: list[tuple[int, list[int]]] = []
        nearer = self._nearer_towns
        keep, power = self.rules.standing_ratio, self.rules.standing_power
        roots = [math.pow(found, power) for found in range(len(self.towns) + 1)]
        kept: list[int] = []  # the MEASURES least of the sets' standings so far, negated

        def grow(chosen: list[int], able: set[int]) -> None:
            if len(chosen) < last:
                for following in sorted(able):
                    grow(chosen + [following], able & near[following])
                return
            # each chosen start's nearest rival among the chosen; every start's nearest rival
            # must be within `bound` of the nearest two, at most the nearest of the chosen
            nearests = [min([apart[a][b] for b in chosen if b != a], default=UNBOUNDED)
                        for a in chosen]
            nearest = min(nearests)
            bound = UNBOUNDED
            if len(chosen) > 1:  # a start whose nearest rival is too far needs the last near
                bound = math.floor(ratio * nearest)
                cap = min(most, bound)
                for start, rival in zip(chosen, nearests, strict=True):
                    if rival > cap:
                        able = able & close[start][cap]
                if not able:
                    return
            own = [(apart[a], nearer[a], rival, sum([apart[a][b] for b in chosen if b != a]),
                    _common(nearer[a][b] for b in chosen if b != a))
                   for a, rival in zip(chosen, nearests, strict=True)]
            for following in sorted(able):
                row = apart[following]
                rival = min([row[b] for b in chosen])
                if rival > bound:  # the last start's nearest rival too far
                    continue
                if rival < nearest:  # else every start's nearest rival is within the bound
                    rivals = [rival] + [min(mine, moves[following])
                                        for moves, _, mine, _, _ in own]
                    if max(rivals) > math.floor(ratio * rival):  # as in _rank
                        continue
                towns = nearer[following]
                firsts = -1
                for b in chosen:
                    firsts &= towns[b]
                least_standing = most_standing = (sum([row[b] for b in chosen])
                                                  * roots[firsts.bit_count()])
                limit = -kept[0] if len(kept) >= MEASURES else math.inf
                for moves, towns_of, _, total, mine in own:
                    standing = (total + moves[following]) * roots[(mine & towns_of[following])
                                                                  .bit_count()]
                    least_standing = min(least_standing, standing)
                    most_standing = max(most_standing, standing)
                    if most_standing - keep * least_standing > limit:
                        break  # beyond MEASURES sets already found: it would not be kept
                else:
                    beyond = max(0, math.ceil(most_standing - keep * least_standing))
                    sets.append((beyond, chosen + [following]))
                    if len(kept) < MEASURES:
                        heapq.heappush(kept, -beyond)
                    elif beyond < limit:
                        heapq.heapreplace(kept, -beyond)

        for first in range(size):
            grow([first], near[first])
        if len(sets) <= MEASURES:
            return [trial for _, trial in sets]
        cut = heapq.nsmallest(MEASURES, (standing for standing, _ in sets))[-1]
        return [trial for standing, trial in sets if standing <= cut]

    def _standing(self, chosen: list[int]) -> int:
        """How far the most standing is beyond `standing_ratio` times the least (0: within it)."""
        standings = self._standings(chosen)
        return max(0, math.ceil(max(standings) - self.rules.standing_ratio * min(standings)))

    def _standing_ratio(self, chosen: list[int]) -> float:
        """The most standing over the least (infinite when a start reaches no city first)."""
        standings = self._standings(chosen)
        return max(standings) / min(standings) if min(standings) else math.inf

    def _standings(self, chosen: list[int]) -> list[float]:
        """Each start's standing: its land moves to all its rivals together times its minor
        cities before any rival to the `standing_power`."""
        nearer, apart, power = self._nearer, self.apart, self.rules.standing_power
        standings = []
        for start in chosen:
            row = apart[start]
            moves, firsts = 0, -1
            for other in chosen:
                if other != start:
                    moves += row[other]
                    firsts &= nearer(start, other)
            standings.append(moves * math.pow(firsts.bit_count(), power))
        return standings

    def _city_moves(self, start: HexId) -> tuple[int, ...]:
        """Land moves from a candidate to each minor city (UNBOUNDED: none by land)."""
        moves = (self.reach.moves_between(start, town) for town in self.towns)
        return tuple(UNBOUNDED if count is None else count for count in moves)

    def _rank(self, chosen: list[int]) -> tuple[int, ...]:
        """Smaller is better: the moves by which the start farthest from its nearest rival is
        beyond `rival_ratio` times the two nearest starts' distance (no start left to grow in
        peace), then, with `spread_clans` Clans, those by which the farthest two starts
        are beyond `spread_moves` (the Clans meet), then, in the search by standing, those by
        which the two nearest starts are nearer than `standing_apart`, then how far the most
        standing is beyond `standing_ratio` times the least (`_standing`: no start squeezed
        between its rivals with few cities of its own), then, with `centre_clans` Clans, those by
        which the largest of each start's moves to all its rivals is beyond `centre_ratio`
        times the least (no start in the middle), then the moves by which the two nearest
        starts are nearer than half `rival_moves` (no rival on the doorstep), then those by
        which the loneliest start is beyond `rival_moves` (war within reach), then the widest
        (fewest moves between two starts), then, with `least_first_clans` Clans, the most
        minor cities reached first at the start with the fewest, then, with `first_clans`
        Clans, a set within `first_ratio` in minor cities reached first, then the largest sum
        of moves."""
        band = self.rules.rival_moves
        pairs = [self.apart[a][b] for i, a in enumerate(chosen) for b in chosen[i + 1:]]
        nearest = min(pairs, default=0)
        loneliest = max(min(self.apart[a][b] for b in chosen if b != a) for a in chosen)
        uneven = max(0, loneliest - math.floor(self.rules.rival_ratio * nearest))
        spread = 0
        if self.rules.spread_clans.low <= self.count <= self.rules.spread_clans.high:
            spread = max(0, max(pairs, default=0) - self.rules.spread_moves)
        close = standing = 0
        if self._standing_on:
            close = max(0, self.rules.standing_apart - nearest)
            standing = self._standing(chosen)
        first = least_first = 0
        if self.rules.first_clans.low <= self.count <= self.rules.first_clans.high:
            first = self._first(chosen)
        if self.rules.least_first_clans.low <= self.count <= self.rules.least_first_clans.high:
            least_first = -min(self._firsts(chosen))
        centre = 0
        if self.rules.centre_clans.low <= self.count <= self.rules.centre_clans.high:
            sums = [sum(self.apart[a][b] for b in chosen if b != a) for a in chosen]
            centre = max(0, max(sums) - math.floor(self.rules.centre_ratio * min(sums)))
        return (uneven, spread, close, standing, centre, max(0, band // 2 - nearest),
                max(0, loneliest - band), -nearest, least_first, first, -sum(pairs))

    def _polish(self, chosen: list[int]) -> list[int]:
        """Move one start at a time to the candidate that ranks the set best while it stays
        fair, trying at most POLISH_TRIALS sets that were not measured before."""
        current, trials = list(chosen), 0
        while trials < POLISH_TRIALS:
            rank = self._rank(current)
            better = sorted((self._rank(trial), trial) for trial in (
                current[:position] + [other] + current[position + 1:]
                for position in range(self.count) for other in range(len(self.pool))
                if other not in current) if self._rank(trial) < rank)
            for _, trial in better:
                trials += frozenset(trial) not in self.seen
                if self._cities_fair(trial) and self._measure(trial).fair:
                    current = trial
                    break
                if trials >= POLISH_TRIALS:
                    return current
            else:
                return current
        return current

    def _mend(self, chosen: list[int]) -> list[int]:
        """Move one start at a time to the candidate that brings the set nearest to fair: the
        start with the least land if that helps, else the start nearest it, else the one with
        the most land."""
        current = list(chosen)
        keep_cities = self._cities_fair(current)
        for _ in range(REPAIR_STEPS):
            fairness = self._measure(current)
            if fairness.fair:
                break
            least = min(range(self.count), key=lambda i: (fairness.land[i], i))
            most = max(range(self.count), key=lambda i: (fairness.land[i], -i))
            beside = min((i for i in range(self.count) if i != least),
                         key=lambda i: (self.apart[current[least]][current[i]], i))
            best = current
            best_key = (fairness.shortfall, self._rank(current))
            for position in dict.fromkeys((least, beside, most)):
                for other in range(len(self.pool)):
                    if other in current:
                        continue
                    trial = current[:position] + [other] + current[position + 1:]
                    if keep_cities and not self._cities_fair(trial):
                        continue  # a set already within the city ratio stays within it
                    trial_key = (self._measure(trial).shortfall, self._rank(trial))
                    if trial_key < best_key:
                        best, best_key = trial, trial_key
                if best is not current:
                    break  # the first start whose move helps is moved
            if best is current:
                break
            current = best
        return current


def _moved(chosen: list[int], move: list[tuple[int, int]]) -> list[int]:
    """The set with each (position, candidate) of the move put in."""
    moved = list(chosen)
    for position, other in move:
        moved[position] = other
    return moved


def _common(masks: Iterable[int]) -> int:
    """The bits every mask has (all bits when there are none)."""
    common = -1
    for mask in masks:
        common &= mask
    return common


def stranded(world: GameMap, hex_id: HexId) -> bool:
    """Whether a land convoy would be stranded: an islands hex or a landmass under 6 hexes."""
    if world.is_island(hex_id):
        return True
    seen = {hex_id}
    frontier = [hex_id]
    while frontier and len(seen) < 6:
        current = frontier.pop()
        for _, other in world.neighbors(current):
            if other in seen or not world.is_land(other) or world.is_island(other):
                continue
            seen.add(other)
            frontier.append(other)
    return len(seen) < 6
