"""A simple legal-orders bot: enlist, keep fuel, and drive each convoy toward unowned land."""

from __future__ import annotations

from collections import deque

from conquest_tui.engine.reports.view import ClanView, ConvoyInfo

SEARCH_LIMIT = 400


def _path_to_unowned(view: ClanView, convoy: ConvoyInfo, owned: set[str],
                     claimed: set[str]) -> list[str]:
    """Directions to the nearest land hex the Clan does not own (breadth-first, legal moves)."""
    world = view.map
    start = convoy.hex
    previous: dict[str, tuple[str, str] | None] = {start: None}
    queue = deque([start])
    while queue and len(previous) < SEARCH_LIMIT:
        here = queue.popleft()
        if here != start and here not in owned and here not in claimed and world.is_land(here):
            path: list[str] = []
            step = previous[here]
            node = here
            while step is not None:
                path.append(step[1])
                node = step[0]
                step = previous[node]
            claimed.add(here)
            return path[::-1]
        for direction, there in world.neighbors(here):
            if there in previous:
                continue
            if view.can_enter(convoy.convoy_type, here, there):
                previous[there] = (here, direction)
                queue.append(there)
    return []


def write_sheet(view: ClanView) -> str:
    """An order sheet for the Clan, from nothing but what its ClanView shows."""
    stock = view.clan.stock
    prices = view.prices()
    lines = ["[PRE]"]
    if stock.fuel < 150 and stock.money > prices["fuel"] * 200:
        lines.append("BUY 200 FUEL")
    if stock.food < 60 and stock.money > prices["food"] * 40:
        lines.append("BUY 40 FOOD")
    spare = stock.money - 5_000
    if spare > prices["troops"] * 5:
        lines.append(f"ENLIST {min(30, spare // prices['troops'] // 3)}")
    owned = set(view.owned_hexes())
    claimed: set[str] = set()
    for convoy in view.convoys():
        if convoy.hidden and convoy.troops == 0:
            continue
        path = _path_to_unowned(view, convoy, owned, claimed)[: convoy.moves]
        lines.append(f"[CONVOY {convoy.number}]")
        room = convoy.order_lines
        if convoy.mode != "capture":
            lines.append("CAPTURE")
            room -= 1
        lines.extend(path[:room])
    lines.append("[POST]")
    return "\n".join(lines) + "\n"


__all__ = ["write_sheet"]
