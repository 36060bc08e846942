"""The selected convoy's route as its sheet section writes it, and `m`'s planned path in words."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from conquest_tui.engine.face import UNKNOWN, ClanView, ConvoyInfo, hexgrid, parse_sheet, routes
from conquest_tui.ui.map_overlay import RouteMark

MODE_WORDS = frozenset({"CAPTURE", "RECON", "EMPTY"})
"""Order keywords that switch a convoy's mode (the route follows the mode to mark captures)."""


@attrs.frozen
class RouteStep:
    """One hex the route enters: at which pulse, and whether it attacks another Clan's hex."""

    pulse: int
    hex: str
    capture: bool = False


@attrs.frozen
class SheetRoute:
    """What a convoy's sheet section does to its position, pulse by pulse, and its cost."""

    convoy: int
    start: str
    end: str
    steps: tuple[RouteStep, ...] = ()
    moves: int = 0
    """Moves of the allowance the written moves use (air: hexes flown)."""
    allowance: int = 0
    fuel: int = 0
    lines_used: int = 0
    lines: int = 0
    """Order lines the section may hold (its pulses)."""

    @property
    def moves_left(self) -> int:
        """Moves of the allowance still free after the written moves."""
        return max(0, self.allowance - self.moves)

    @property
    def lines_left(self) -> int:
        """Order lines still free in the section."""
        return max(0, self.lines - self.lines_used)

    def marks(self) -> dict[str, RouteMark]:
        """Hex → its map mark: the pulses it is entered at, and the capture warning."""
        pulses: dict[str, list[int]] = {}
        capture: dict[str, bool] = {}
        for step in self.steps:
            pulses.setdefault(step.hex, []).append(step.pulse)
            capture[step.hex] = capture.get(step.hex, False) or step.capture
        return {h: RouteMark(",".join(map(str, p)), capture[h]) for h, p in pulses.items()}

    def summary(self) -> str:
        """One line for the map's border: moves used of the allowance, fuel, captures ("" when
        no move is written)."""
        if not self.steps:
            return ""
        text = (f"Convoy #{self.convoy}: {self.moves} of {self.allowance} moves, "
                f"{self.fuel} fuel, ends in {self.end}")
        attacks = sum(step.capture for step in self.steps)
        if attacks:
            text += f", attacks {attacks} hex{'es' if attacks != 1 else ''} (costs troops)"
        return text


def route_world(view: ClanView) -> routes.RouteWorld:
    """The ground as the Clan knows it: the map, the rulebook, the paved roads it knows."""
    return routes.RouteWorld(view.map, view.rules, view.known_roads())


def sheet_route(view: ClanView, convoy: ConvoyInfo, sheet_text: str,
                fuel_of: Callable[[str, str], int] | None = None) -> SheetRoute:
    """Walk the convoy's sheet section: the hexes its moves enter, by pulse, and their cost.

    Args:
        view: The Clan's view (its hexes and what it knows of others').
        convoy: The convoy.
        sheet_text: The order sheet as written.
        fuel_of: Fuel of one move from a hex to another (None: fuel is not counted).
    """
    here, mode = convoy.hex, convoy.mode
    steps: list[RouteStep] = []
    moves = fuel = pulse = 0
    owners = _Owners(view)
    for line in parse_sheet(sheet_text, view.rules, view.house).convoy_lines(convoy.number):
        order = line.order
        if order is None:
            continue
        pulse += 1
        if order.keyword in MODE_WORDS:
            mode = order.keyword.lower()
            continue
        if order.keyword != "MOVE":
            continue
        direction, target = getattr(order, "direction", ""), getattr(order, "target", "")
        there = hexgrid.neighbor(here, direction) if direction else target
        if not there or not view.map.contains(there) or there == here:
            continue
        moves += hexgrid.distance(here, there) if convoy.convoy_type == "air" else 1
        if fuel_of is not None:
            fuel += fuel_of(here, there)
        steps.append(RouteStep(pulse, there, mode == "capture" and owners.foreign(there)))
        here = there
    return SheetRoute(convoy.number, convoy.hex, here, tuple(steps), moves, convoy.moves, fuel,
                      pulse, convoy.order_lines)


class _Owners:
    """Whether a Capture-mode entry attacks a hex: any hex but the Clan's own and its allies'
    (another Clan's, nobody's or not known: the attack costs troops either way)."""

    def __init__(self, view: ClanView) -> None:
        self._view = view
        self._own = set(view.owned_hexes())
        self._friends = {view.number, *view.clan.allies}

    def foreign(self, hex_id: str) -> bool:
        if hex_id in self._own:
            return False
        if len(self._friends) == 1:
            return True
        owner = self._view.hex_info(hex_id).owner
        if owner == UNKNOWN:
            city = self._view.city_info(hex_id)
            owner = city.owner if city is not None else UNKNOWN
        return owner not in self._friends


def plan_to(view: ClanView, convoy: ConvoyInfo, route: SheetRoute,
            target: str) -> routes.RoutePlan:
    """A legal path from where the section leaves the convoy to target, within what is left."""
    left = min(route.moves_left, route.lines_left)
    return routes.plan_route(route_world(view), convoy.convoy_type, route.end, target, left)


def move_lines(plan: routes.RoutePlan, convoy_type: str) -> list[str]:
    """The MOVE words of a plan: a direction per hex, or the target hex for an air convoy."""
    if convoy_type == "air":
        return list(plan.steps)
    words, here = [], plan.origin
    for there in plan.steps:
        words.append(hexgrid.direction_between(here, there) or there)
        here = there
    return words


def partial_words(convoy: int, plan: routes.RoutePlan, route: SheetRoute,
                  added: list[str]) -> str:
    """What `m` wrote toward a hex too far for this turn: "Convoy #2 heads for 0815: N N NE to
    0713, as far as it goes this turn (5 moves); 3 more moves to go."."""
    limit = "order line" if route.lines_left < route.moves_left else "move"
    end = plan.steps[len(added) - 1]
    more = plan.moves - len(added)
    return (f"Convoy #{convoy} heads for {plan.target}: {' '.join(added)} to {end}, as far as "
            f"it goes this turn ({_count(plan.left, limit)}); {_count(more, 'more move')} to go.")


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


_SEA = frozenset({"water", "sea_lane"})


def plan_words(convoy: int, plan: routes.RoutePlan, route: SheetRoute, convoy_type: str) -> str:
    """Why `m` wrote nothing, for the player: "Convoy #2 cannot reach 0815 this turn: …"."""
    target = plan.target
    if plan.problem == routes.SAME_HEX:
        return f"Convoy #{convoy} would already be in {target}."
    if plan.problem == routes.TOO_FAR:
        limit = (_count(plan.left, "order line") if route.lines_left < route.moves_left
                 else _count(plan.left, "move"))
        return (f"Convoy #{convoy} cannot reach {target} this turn: it is "
                f"{_count(plan.moves, 'move')} away and has {limit} left.")
    return f"Convoy #{convoy} cannot reach {target}: {_blocked_words(plan, convoy_type)}."


def _blocked_words(plan: routes.RoutePlan, convoy_type: str) -> str:
    terrain = plan.blocked_terrain.replace("_", " ")
    if plan.reason == "water" or (plan.reason != "amphibious_terrain" and terrain in _SEA):
        if plan.blocked_hex == plan.target:
            return f"it is on the water, where a {convoy_type} convoy cannot go"
        return "the sea is in the way"
    if plan.reason == "amphibious_terrain":
        verb = "are" if terrain.endswith("s") else "is"
        return (f"the {terrain} {verb} in the way (an amphibious convoy goes there only along a "
                "road or a river)")
    if plan.reason == "island_road":
        return "islands are reached only along a road, and no road you know leads there"
    if plan.reason in ("sea_on_land", "sea_river"):
        return "a sea convoy keeps to water, islands and rivers, and none leads there"
    return "no hex around it can be entered"
