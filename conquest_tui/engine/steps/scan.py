"""SCAN: a Scout's quick dash into every adjacent hex the convoy could enter (CC-CO-SCAN)."""

from __future__ import annotations

from conquest_tui.engine.convoys import dealer, experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
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


def _seen(game: Game, hex_id: str) -> tuple[str, str, int, str]:
    """What a scan shows of a hex: its id, terrain name, owner (0: none) and city name or ""."""
    terrain = game.rules.terrains[game.map.terrain_of(hex_id)].name
    site = game.city_site(hex_id)
    return hex_id, terrain, game.hex(hex_id).owner, site.name if site is not None else ""


def scan(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    """Scan what fuel allows; each hex joins the hex and city lists, unseen by its owner."""
    game = ctx.game
    number = convoy.number
    if "SCO" not in convoy.experts:
        ctx.fail(EventKind.NO_EXPERT, "CC-CO-SCAN-01", why="scan", convoy=number)
        return
    if convoy.hidden:
        ctx.fail(EventKind.HIDDEN, "CC-CNV-75", why="scan", convoy=number)
        return
    if convoy.last_done.get("SCAN") == ctx.turn:
        ctx.fail(EventKind.ONCE_PER_TURN, "CC-CO-SCAN-01", why="scan", convoy=number)
        return
    targets = scan_targets(game, convoy)
    if not targets:
        ctx.fail(EventKind.NOTHING_TO_SCAN, "CC-CO-SCAN-02", convoy=number, hex=convoy.hex)
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
        ctx.fail(EventKind.NO_FUEL, "CC-CO-SCAN-03", why="scan", convoy=number, need=cheapest,
                 have=stock.fuel)
        return
    convoy.last_done["SCAN"] = ctx.turn
    ctx.report(EventKind.SCAN, "CC-CO-SCAN-04", convoy=number, hex=convoy.hex, fuel=spent,
               clan=ctx.clan.number, hexes=tuple(_seen(game, hex_id) for hex_id in scanned))
    missed = [hex_id for hex_id in targets if hex_id not in scanned]
    if missed:
        ctx.report(EventKind.SCAN_SHORT, "CC-CO-SCAN-03", convoy=number, missed=missed)
