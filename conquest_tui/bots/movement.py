"""Movement: one convoy's section — refill at a friendly city, or take hexes and cities."""

from __future__ import annotations

import attrs

from conquest_tui.bots import war
from conquest_tui.bots.campaign import MARCH_DEPTH
from conquest_tui.bots.expansion import Board, city_goal, city_within, land_goal
from conquest_tui.bots.levels import Level
from conquest_tui.bots.paths import Paths, Reach
from conquest_tui.bots.plan import ConvoyPlan
from conquest_tui.engine.orderbook.city_war import Attack, Guard
from conquest_tui.engine.orderbook.experts import Celebrate
from conquest_tui.engine.orderbook.movement import Capture, Move, Recon
from conquest_tui.engine.reports.view import ConvoyInfo

HOME_DEPTH = 14
"""Furthest a convoy looks for a friendly city to refill in."""
FAR_DEPTH = 30
"""Furthest a convoy looks for land when nothing is left near it (an island taken whole)."""


@attrs.define
class Outcome:
    """Where the bot expects the convoy to end its turn, and with how many troops."""

    hex: str
    troops: int
    refills: bool
    """True when it should end the turn in a friendly city wanting troops."""
    stuck: bool = False
    """True when no hex worth taking is in its reach (an island taken whole, for a land convoy)."""
    moved: int = 0
    """Moves the convoy's lines make (counted by the planners that move it: a trip to a hex
    and taking hexes)."""


def plan_convoy(board: Board, paths: Paths, convoy: ConvoyInfo, section: ConvoyPlan,
                errand: str | None = None) -> Outcome:
    """Write the convoy's lines into its section (`convoy` as it will be once the pre-turn
    pickup is done); returns where it should end."""
    level = board.level
    troops = convoy.troops
    here = convoy.hex
    if troops == 0 and (convoy.hidden or here in board.refills):
        return Outcome(here, 0, here in board.refills)
    low_water = _low_water(level, convoy)
    march = board.marches.get(convoy.number)
    if march is not None and troops >= low_water and not convoy.hidden:
        trip = _march(board, paths, convoy, section, march)
        if trip is not None:
            return trip
    if convoy.mode != "capture" and troops >= low_water and section.free > 0:
        section.add(Capture())
    if celebrates(board, convoy, troops) and section.free > 0:
        section.lines.insert(0, Celebrate())  # before a CURE whose gift may be a vehicle
    if errand and _reachable(board, paths, convoy, errand):
        trip = _errand(board, paths, convoy, section, errand, troops)
        if trip is not None:
            return trip
    if _attack_here(board, convoy, section, troops):
        return Outcome(here, troops // 2, False)
    if troops < low_water:
        if here in board.refills:
            if level.garrison and troops > 0 and here in board.owned:
                section.add(Guard())
            return Outcome(here, troops, True)
        trip = _home_to_refill(board, paths, convoy, section, troops)
        if trip is not None:
            return _set_out_again(board, paths, convoy, section, trip)
    outcome = _expand(board, paths, convoy, section, troops)
    if board.level.refill_on_the_way and outcome.hex not in board.refills \
            and 0 < outcome.moved < convoy.moves and outcome.troops < low_water:
        return _home_after(board, paths, convoy, section, outcome)
    if outcome.hex == here and here not in board.refills and not section.lines:
        trip = _home_to_refill(board, paths, convoy, section, troops)
        if trip is not None:
            return trip
    return outcome


def _errand(board: Board, paths: Paths, convoy: ConvoyInfo, section: ConvoyPlan, target: str,
            troops: int) -> Outcome | None:
    """Head for the errand's city; None (and nothing written) when a level that checks its
    errands sees the convoy would not get a step nearer (its troops cannot take the first hex
    on the way), so it plays as usual instead of standing still."""
    if not board.level.checks_errands:
        return _go_to(board, paths, convoy, section, target, troops)
    trial = ConvoyPlan(section.number, section.room, list(section.lines))
    owned = set(board.owned)
    trip = _go_to(board, paths, convoy, trial, target, troops)
    if trip.moved == 0 and convoy.hex != target:
        board.owned = owned
        return None
    section.lines[:] = trial.lines
    return trip


def _reachable(board: Board, paths: Paths, convoy: ConvoyInfo, target: str) -> bool:
    """Whether a path leads the convoy to the target (a level that does not check sends it
    anyway, and a convoy sent over water it cannot cross stays where it is)."""
    if not board.level.checks_errands:
        return True
    depth = max(HOME_DEPTH, board.level.search_depth)
    return target in paths.reach(convoy.convoy_type, convoy.hex, depth).distance


def _march(board: Board, paths: Paths, convoy: ConvoyInfo, section: ConvoyPlan,
           target: str) -> Outcome | None:
    """March on a rival's city further than the level's search depth, in Recon mode (no hex
    attack spends its troops on the way), stopping short of the city; None (nothing written)
    once the city is within the search depth, where the convoy fights as usual."""
    reach = paths.reach_toward(convoy.convoy_type, convoy.hex, MARCH_DEPTH, (target,))
    path = reach.path_to(target)
    if len(path) <= board.level.search_depth:
        return None
    if convoy.mode != "recon" and not section.add(Recon()):
        return None
    here, moved = convoy.hex, 0
    for direction, hex_id in path[:min(convoy.moves, len(path) - board.level.search_depth // 2)]:
        if not section.add(Move(direction=direction)):
            break
        here, moved = hex_id, moved + 1
    return Outcome(here, convoy.troops, False, moved=moved)


def _low_water(level: Level, convoy: ConvoyInfo) -> int:
    """Troops under which the convoy heads home to refill."""
    return min(max(6, round(convoy.troop_capacity * level.refill_share)), convoy.troop_capacity)


def room_on_the_way(board: Board, paths: Paths, convoy: ConvoyInfo) -> int:
    """Troops a convoy low on troops will pick up in a friendly city it reaches with moves to
    spare this turn (0 unless the level refills on the way)."""
    if not board.level.refill_on_the_way or convoy.hex in board.refills or convoy.hidden:
        return 0
    if convoy.mode == "empty" or convoy.troops >= _low_water(board.level, convoy):
        return 0
    home = _nearest_friendly(board, paths, convoy)
    if home is None or home[0] >= convoy.moves:
        return 0
    return convoy.troop_capacity - convoy.troops


def _home_after(board: Board, paths: Paths, convoy: ConvoyInfo, section: ConvoyPlan,
                outcome: Outcome) -> Outcome:
    """Head home with the moves a convoy has left once its troops ran low taking hexes (and
    refill there and set out again, if moves are still left)."""
    there = attrs.evolve(convoy, hex=outcome.hex, moves=convoy.moves - outcome.moved,
                         troops=outcome.troops, mode="capture")
    trip = _home_to_refill(board, paths, there, section, outcome.troops)
    if trip is None:
        return outcome
    trip.moved += outcome.moved
    return _set_out_again(board, paths, convoy, section, trip)


def _set_out_again(board: Board, paths: Paths, convoy: ConvoyInfo, section: ConvoyPlan,
                   trip: Outcome) -> Outcome:
    """Refill in the friendly city the trip home reached and take hexes with the moves left
    (CC-RES-14: troops are picked up on entering a friendly city), at a level that does."""
    left = convoy.moves - trip.moved
    taken = min(board.pool, convoy.troop_capacity - trip.troops)
    if not board.level.refill_on_the_way or not trip.refills or left <= 0 or taken <= 0 \
            or section.free < 2:
        return trip
    board.pool -= taken
    section.add(Capture())
    refilled = attrs.evolve(convoy, hex=trip.hex, moves=left, troops=trip.troops + taken,
                            mode="capture")
    return _expand(board, paths, refilled, section, refilled.troops)


def celebrates(board: Board, convoy: ConvoyInfo, troops: int) -> bool:
    """Whether the convoy feasts in the friendly city it starts in: its morale is low and it is
    full of troops (CC-CO-CELEBRATE-01)."""
    return (convoy.hex in board.friendly and 0 < convoy.troop_capacity <= troops
            and not convoy.hidden and convoy.morale < board.level.celebrate_below)


def _attack_here(board: Board, convoy: ConvoyInfo, section: ConvoyPlan, troops: int) -> bool:
    """ATTACK the city the convoy stands in when the odds say so."""
    view = board.view
    if convoy.hex in board.friendly or convoy.hidden or section.free <= 0:
        return False
    info = view.city_info(convoy.hex)
    if info is None or info.owner == view.number or info.owner in view.clan.allies:
        return False
    if war.city_odds(view, convoy, info, troops, board.level.unseen_garrison,
                     board.level.counts_grenades) < board.level.attack_odds:
        return False
    section.add(Attack())
    board.claimed.add(convoy.hex)
    return True


def _home_to_refill(board: Board, paths: Paths, convoy: ConvoyInfo, section: ConvoyPlan,
                    troops: int) -> Outcome | None:
    """Head for the nearest friendly city in Recon mode (no hex attacks on the way), or None
    when none is in reach."""
    home = _nearest_friendly(board, paths, convoy)
    if home is None:
        return None
    if convoy.mode == "capture":
        section.add(Recon())
    return _go_to(board, paths, convoy, section, home[1], troops, careful=False, attacks=False)


def _nearest_friendly(board: Board, paths: Paths, convoy: ConvoyInfo) -> tuple[int, str] | None:
    """(moves away, hex) of the nearest friendly city in the convoy's reach, or None."""
    for depth in (HOME_DEPTH, FAR_DEPTH):
        reach = paths.reach_toward(convoy.convoy_type, convoy.hex, depth, board.refills)
        found = [(d, h) for h, d in reach.distance.items() if h in board.refills]
        if found:
            return min(found)
    return None


def _go_to(board: Board, paths: Paths, convoy: ConvoyInfo, section: ConvoyPlan, target: str,
           troops: int, *, careful: bool = True, attacks: bool = True) -> Outcome:
    """Head for `target` along a legal path, as far as the allowance and lines go (`careful`:
    stop before a hex its troops cannot take; a convoy going home to refill just goes)."""
    toward = (target,)
    reach = paths.reach_toward(convoy.convoy_type, convoy.hex,
                               max(HOME_DEPTH, board.level.search_depth), toward)
    if target not in reach.distance:
        reach = paths.reach_toward(convoy.convoy_type, convoy.hex, FAR_DEPTH, toward)
    here = convoy.hex
    moved = 0
    for direction, hex_id in reach.path_to(target)[: convoy.moves]:
        if attacks and board.takes_hex(hex_id):
            need, lost = board.hex_price(hex_id)
            if troops >= need:
                troops -= lost
                board.owned.add(hex_id)
            elif careful:
                break
        if not section.add(Move(direction=direction)):
            break
        here = hex_id
        moved += 1
    return Outcome(here, troops, here in board.refills, moved=moved)


def _expand(board: Board, paths: Paths, convoy: ConvoyInfo, section: ConvoyPlan,
            troops: int) -> Outcome:
    """Take hexes: the best affordable neighbour, else a step toward the best goal in reach."""
    level = board.level
    here = convoy.hex
    moves = convoy.moves
    stuck = False
    reach = paths.reach(convoy.convoy_type, here, level.search_depth)
    passed_over: set[str] = set()
    city = city_goal(board, convoy, reach, troops, passed_over)
    if city is None and level.city_depth > level.search_depth \
            and city_within(board, convoy, troops, passed_over, level.city_depth):
        reach = paths.reach(convoy.convoy_type, here, level.city_depth)
        city = city_goal(board, convoy, reach, troops, passed_over)
    if city is not None:
        board.claimed.add(city)
        path = reach.path_to(city)
    else:
        path = []
    while moves > 0 and section.free > 0:
        if path:
            direction, hex_id = path.pop(0)
        else:
            step = _best_neighbour(board, paths, convoy.convoy_type, here, troops)
            if step is None:
                reach = paths.reach(convoy.convoy_type, here, level.search_depth)
                goal = land_goal(board, convoy, reach, troops)
                if goal is None and moves == convoy.moves:
                    reach = paths.reach(convoy.convoy_type, here, FAR_DEPTH)
                    goal = land_goal(board, convoy, reach, troops)
                if goal is None:
                    stuck = moves == convoy.moves and not _any_goal(board, reach)
                    break
                board.claimed.add(goal)
                path = reach.path_to(goal)
                if not path:
                    break
                continue
            direction, hex_id = step
        if board.takes_hex(hex_id):
            need, lost = board.hex_price(hex_id)
            if troops < need:
                break
            troops -= lost
            board.owned.add(hex_id)
        section.add(Move(direction=direction))
        moves -= 1
        here = hex_id
        if hex_id == city:
            if section.free > 0 and troops > 0 and board.may_attack(city):
                section.add(Attack())
            break
    return Outcome(here, troops, here in board.refills, stuck, moved=convoy.moves - moves)


def _any_goal(board: Board, reach: Reach) -> bool:
    """Whether anything in reach is still to be taken, whatever the troops it needs."""
    return any(board.takes_hex(h) for h in reach.distance)


def _best_neighbour(board: Board, paths: Paths, convoy_type: str, here: str,
                    troops: int) -> tuple[str, str] | None:
    best: tuple[float, str, str] | None = None
    for direction, hex_id in paths.steps(convoy_type, here):
        if hex_id in board.claimed or not board.takes_hex(hex_id):
            continue
        if board.hex_price(hex_id)[0] > troops:
            continue
        worth = board.hex_score(hex_id)
        if best is None or worth > best[0]:
            best = (worth, direction, hex_id)
    if best is None:
        return None
    board.claimed.add(best[2])
    return best[1], best[2]


__all__ = ["Outcome", "celebrates", "plan_convoy", "room_on_the_way"]
