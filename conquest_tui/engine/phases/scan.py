"""SCAN: a Scout's quick dash into every adjacent hex the convoy could enter (CC-CO-SCAN)."""

from __future__ import annotations

from conquest_tui.engine.convoys import dealer, experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orders import model
from conquest_tui.engine.world import knowledge


def scan_targets(game: Game, convoy: Convoy) -> list[str]:
    """Adjacent hexes the convoy's type may dash into, in N NE SE S SW NW order (CC-CO-SCAN-02)."""
    world = game.map
    here = convoy.hex
    kind = convoy.convoy_type
    targets = []
    for _, target in world.neighbors(here):
        if kind in ("land", "military"):
            allowed = not world.is_water(target) and not world.is_island(target)
        elif kind == "amphibious":
            terrain = game.rules.terrains[world.terrain_of(target)]
            allowed = not terrain.amphibious_needs_road_or_river
        elif kind == "sea" and not (world.is_water(here) or world.is_island(here)):
            allowed = world.is_water(target) or world.is_island(target)
        else:  # sea afloat, air
            allowed = True
        if allowed:
            targets.append(target)
    return targets


def scan_fuel(game: Game, convoy: Convoy, target: str) -> int:
    """Fuel rate × the hex's terrain factor, no road or river bonus (CC-CO-SCAN-03).

    Air convoys ignore terrain, as when they fly (CC-TER-08).
    """
    rules = game.rules
    factor = 1.0
    if convoy.convoy_type != "air":
        factor = rules.terrains[game.map.terrain_of(target)].fuel_multiplier
    return experts.order_fuel(convoy, rules, factor)


def _describe(game: Game, clan: int, hex_id: str) -> str:
    terrain = game.rules.terrains[game.map.terrain_of(hex_id)].name
    owner = game.hex(hex_id).owner
    parts = [f"{hex_id} {terrain}"]
    if owner:
        parts.append("yours" if owner == clan else f"Clan {owner}")
    site = game.city_site(hex_id)
    if site is not None:
        parts.append(f"city of {site.name}")
    return parts[0] + (f" ({', '.join(parts[1:])})" if len(parts) > 1 else "")


def scan(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    """Scan what fuel allows; each hex joins the hex and city lists, unseen by its owner."""
    game = ctx.game
    number = convoy.number
    if "SCO" not in convoy.experts:
        ctx.fail("no_expert", f"convoy #{number} has no Expert Scout to scan", "CC-CO-SCAN-01")
        return
    if convoy.hidden:
        ctx.fail("hidden", f"convoy #{number} is hidden and cannot scan", "CC-CNV-75")
        return
    if convoy.last_done.get("SCAN") == ctx.turn:
        ctx.fail("once_per_turn", f"convoy #{number} has already scanned this turn",
                 "CC-CO-SCAN-01")
        return
    targets = scan_targets(game, convoy)
    if not targets:
        ctx.fail("nothing_to_scan", f"convoy #{number} could enter none of the hexes around "
                 f"{convoy.hex}, so there is nothing to scan", "CC-CO-SCAN-02")
        return
    stock = ctx.clan.stock
    scanned: list[str] = []
    spent = 0
    for target in targets:
        fuel = scan_fuel(game, convoy, target)
        if not dealer.cover(ctx, convoy, "fuel", fuel, f"scanning {target}"):
            continue
        stock.fuel -= fuel
        spent += fuel
        scanned.append(target)
        ctx.visited.add(target)
        knowledge.see_hex(game, ctx.clan, target)
    if not scanned:
        cheapest = min(scan_fuel(game, convoy, target) for target in targets)
        ctx.fail("no_fuel", f"convoy #{number} needs at least {cheapest} fuel to scan a hex but "
                 f"only {stock.fuel} is left", "CC-CO-SCAN-03")
        return
    convoy.last_done["SCAN"] = ctx.turn
    seen = "; ".join(_describe(game, ctx.clan.number, hex_id) for hex_id in scanned)
    count = f"{len(scanned)} hex" + ("es" if len(scanned) > 1 else "")
    ctx.report(f"Convoy #{number} scanned {count} around {convoy.hex} for {spent} "
               f"fuel: {seen}.", "scan", "CC-CO-SCAN-04")
    missed = [hex_id for hex_id in targets if hex_id not in scanned]
    if missed:
        ctx.report(f"Convoy #{number} ran short of fuel and could not scan "
                   f"{', '.join(missed)}.", "scan_short", "CC-CO-SCAN-03")
