"""The 1995 orders sheet: the Clan's lines and each convoy's block (CC-RPT-10/11, CC-CO-KM-03)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from conquest_tui.engine.orders.paper_form import (
    AGENTS_HEADING,
    BLANK,
    CLAN_TITLE,
    CONVOY_HEADING,
    POST_HEADING,
    PRE_HEADING,
)
from conquest_tui.engine.reports.view import ConvoyInfo


def _plural(count: int, name: str) -> str:
    """"1 bus", "2 buses", "9 cars", "3 hovercraft" (the sample sheet's lower case)."""
    name = name.lower()
    if count == 1 or name.endswith("craft"):
        return f"{count} {name}"
    return f"{count} {name}es" if name.endswith(("s", "x")) else f"{count} {name}s"


def convoy_header(convoy: ConvoyInfo) -> str:
    """`ORDERS FOR LAND CONVOY #1 (Robin's Hood #1) IN HEX 1525 [CAPTURE]`."""
    mode = convoy.mode.upper() + (", HIDDEN" if convoy.hidden else "")
    return (f"ORDERS FOR {convoy.convoy_type.upper()} CONVOY #{convoy.number} ({convoy.name}) "
            f"IN HEX {convoy.hex} [{mode}]")


def numbered(count: int, filled: Sequence[str] = ()) -> list[str]:
    """A section's numbered order lines: the standing lines carried in first (HOUSE-STANDING-
    05), then blanks up to its `count` lines."""
    lines = [*filled, *[BLANK] * max(0, count - len(filled))]
    return [f"  {line:>2}. {text}" for line, text in enumerate(lines, start=1)]


def convoy_block(convoy: ConvoyInfo, expert_names: Mapping[str, str],
                 filled: Sequence[str] = ()) -> list[str]:
    """A convoy's statistics as on the sample sheet, then its order lines (its standing lines
    filled in); "Kill:" only with a Gunner (CC-RPT-10, CC-CO-KM-03), Bombs instead of Rockets
    for air."""
    vehicles = ", ".join(_plural(count, name) for name, count in convoy.vehicles) or "none"
    heavy = (("Bombs", convoy.bombs) if convoy.convoy_type == "air"
             else ("Rockets", convoy.rockets))
    kill = f"   Kill: {convoy.kill_mode}" if convoy.kill_mode else ""
    experts = ", ".join(expert_names.get(code, code) for code in convoy.experts) or "None"
    return [
        convoy_header(convoy),
        f"  Vehicles: {vehicles}",
        f"  Troops: {convoy.troops} of {convoy.troop_capacity}   "
        f"Rifles: {convoy.rifles[0]} of {convoy.rifles[1]}   "
        f"Grenades: {convoy.grenades[0]} of {convoy.grenades[1]}   "
        f"{heavy[0]}: {heavy[1][0]} of {heavy[1][1]}",
        f"  Combat Strength: {convoy.combat_strength}   Morale: {convoy.morale}   "
        f"Training: {convoy.training}   Health: {convoy.health}   "
        f"Fuel Cost: {convoy.fuel_cost}{kill}",
        f"  Cargo: {convoy.cargo} (max {convoy.cargo_capacity})   Experts: {experts}",
        f"  {CONVOY_HEADING}",
        *numbered(convoy.order_lines, filled),
    ]


def clan_block(stock_line: str, pre: int, post: int, agents: int,
               standing: Mapping[str, Sequence[str]] | None = None) -> list[str]:
    """The Clan's part of the sheet: its stockpiles, the pre-turn and post-turn lines (bought
    ones included; standing lines filled in, by section header) and one destination line per
    agent (CC-RPT-11)."""
    standing = standing or {}
    out = [CLAN_TITLE, f"  {stock_line}", f"  {PRE_HEADING}"]
    out += numbered(pre, standing.get("[PRE]", ()))
    out += [f"  {POST_HEADING}"]
    out += numbered(post, standing.get("[POST]", ()))
    if agents:
        out += [f"  {AGENTS_HEADING}"]
        out += [f"  Agent {number}: hex {BLANK}" for number in range(1, agents + 1)]
    return out
