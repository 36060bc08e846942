"""Convoy orders that move a convoy or change its mode: MOVE, PAUSE, CAPTURE/RECON/EMPTY, LOOT."""

from __future__ import annotations

from conquest_tui.engine import convoy_stats, convoys, hexgrid, movement
from conquest_tui.engine.context import TurnContext
from conquest_tui.engine.orders import model
from conquest_tui.engine.phases import entry, loot
from conquest_tui.engine.phases.handler_types import ConvoyHandler
from conquest_tui.engine.state import Convoy


def _move(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    assert isinstance(order, model.Move)
    game = ctx.game
    origin = convoy.hex
    if order.direction:
        target = _neighbor(ctx, origin, order.direction)
        if target is None:
            ctx.fail("off_map", f"convoy #{convoy.number} cannot go {order.direction} from "
                     f"{origin}: that is the edge of the map", "CC-CO-MOVE-02")
            return
    else:
        target = order.target
    if target == origin:
        ctx.fail("same_hex", f"convoy #{convoy.number} is already in {origin}; use PAUSE to "
                 "re-enter a hex", "CC-CO-MOVE-01")
        return
    if convoy.created_turn == game.state.game_turn:
        ctx.fail("new_convoy", f"convoy #{convoy.number} was created this turn and cannot move",
                 "CC-MOVE-17")
        return
    if convoy.guarding:
        ctx.fail("guarding", f"convoy #{convoy.number} is guarding a city and cannot move this "
                 "turn", "CC-MOVE-19")
        return
    problem = movement.entry_problem(game, convoy.convoy_type, origin, target)
    if problem:
        ctx.fail("illegal_move", f"convoy #{convoy.number} cannot move: {problem}",
                 "CC-CO-MOVE-02")
        return
    allowance = convoy_stats.movement_allowance(convoy, game.rules)
    distance = hexgrid.distance(origin, target) if convoy.convoy_type == "air" else 1
    if convoy.moves_made + distance > allowance:
        left = allowance - convoy.moves_made
        ctx.fail("no_moves", f"convoy #{convoy.number} has {left} of its {allowance} moves left "
                 f"this turn; the move to {target} was cancelled", "CC-MOVE-02")
        return
    fuel = movement.move_fuel(game, convoy, origin, target)
    if ctx.clan.stock.fuel < fuel:
        ctx.fail("no_fuel", f"convoy #{convoy.number} needs {fuel} fuel to enter {target} but "
                 f"only {ctx.clan.stock.fuel} is left; it stays in {origin}", "CC-RES-08")
        return
    ctx.clan.stock.fuel -= fuel
    convoy.parts_owed += movement.move_parts(game, convoy, origin, target)
    convoy.moves_made += distance
    convoy.hex = target
    convoy.hidden = False
    terrain = game.rules.terrains[game.map.terrain_of(target)].name
    road = " by road" if movement.uses_road(game, convoy.convoy_type, origin, target) else ""
    ctx.report(f"Convoy #{convoy.number} moved {order.direction or 'to'} {target} "
               f"({terrain}){road} for {fuel} fuel.", "move", "CC-CO-MOVE-03")
    entry.enter_hex(ctx, convoy)


def _neighbor(ctx: TurnContext, origin: str, direction: str) -> str | None:
    target = hexgrid.neighbor(origin, direction)
    if target is None or not ctx.game.map.contains(target):
        return None
    return target


def _pause(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    fuel = movement.pause_fuel(ctx.game, convoy)
    if ctx.clan.stock.fuel < fuel:
        ctx.fail("no_fuel", f"convoy #{convoy.number} needs {fuel} fuel to pause but only "
                 f"{ctx.clan.stock.fuel} is left", "CC-RES-08")
        return
    ctx.clan.stock.fuel -= fuel
    parts = movement.move_parts(ctx.game, convoy, convoy.hex, convoy.hex)
    convoy.parts_owed += parts * ctx.game.rules.consumption.pause_fraction
    was_hidden = convoy.hidden
    convoy.hidden = False
    note = " and came out of hiding" if was_hidden else ""
    ctx.report(f"Convoy #{convoy.number} paused in {convoy.hex} for {fuel} fuel{note}.", "pause",
               "CC-CO-PAUSE-02")
    entry.enter_hex(ctx, convoy)


def _set_mode(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    assert isinstance(order, model.SetMode)
    if convoy.mode == order.mode:
        ctx.report(f"Convoy #{convoy.number} is already in {order.mode.title()} mode.", "mode",
                   "CC-MOVE-16")
        return
    convoy.mode = order.mode
    if order.mode == "empty":
        convoys.unload_to_stock(ctx.game, convoy)
        note = "; its troops and weapons went back to the stockpile"
    else:
        convoys.shed_overflow(ctx.game, convoy)
        note = ""
    ctx.report(f"Convoy #{convoy.number} switched to {order.mode.title()} mode{note}.", "mode",
               "CC-MOVE-16")


def _loot(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    loot.loot_hex(ctx, convoy)


CONVOY_HANDLERS: dict[type[model.Order], ConvoyHandler] = {
    model.Move: _move,
    model.Pause: _pause,
    model.SetMode: _set_mode,
    model.Loot: _loot,
}
