"""Convoy orders that move a convoy or change its mode: MOVE, PAUSE, CAPTURE/RECON/EMPTY, LOOT."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoys, dealer, movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orders import model
from conquest_tui.engine.phases import entry, loot
from conquest_tui.engine.phases.handler_types import ConvoyHandler


def _move(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    """One move order: checks, fuel (with the Dealer), parts bill, then the hex entry."""
    assert isinstance(order, model.Move)
    game = ctx.game
    origin = convoy.hex
    target = _target(ctx, convoy, order)
    if target is None or _cannot_move(ctx, convoy, origin, target):
        return
    fuel = movement.move_fuel(game, convoy, origin, target)
    if not dealer.cover(ctx, convoy, "fuel", fuel, f"the move to {target}"):
        ctx.fail("no_fuel", f"convoy #{convoy.number} needs {fuel} fuel to enter {target} but "
                 f"only {ctx.clan.stock.fuel} is left; it stays in {origin}", "CC-RES-08")
        return
    ctx.clan.stock.fuel -= fuel
    convoy.parts_owed += movement.move_parts(game, convoy, origin, target)
    convoy.moves_made += movement.move_distance(convoy, origin, target)
    convoy.hex = target
    was_hidden, convoy.hidden = convoy.hidden, False
    terrain = game.rules.terrains[game.map.terrain_of(target)].name
    on_road = movement.uses_road(game, convoy.convoy_type, origin, target)
    how = " by road" if on_road else ""
    if movement.sea_on_river(game, convoy.convoy_type, origin, target):
        how = " along the river"
    step = order.direction or "to"
    note = ", coming out of hiding" if was_hidden else ""
    ctx.report(f"Convoy #{convoy.number} moved {step} {target} ({terrain}){how} for {fuel} fuel"
               f"{note}.", "move", "CC-CO-MOVE-03")
    entry.enter_hex(ctx, convoy)
    if on_road and not convoy.hidden and convoy in game.state.convoys:
        _chemist_find(ctx, convoy)


def _target(ctx: TurnContext, convoy: Convoy, order: model.Move) -> str | None:
    origin = convoy.hex
    if not order.direction:
        return order.target
    target = hexgrid.neighbor(origin, order.direction)
    if target is None or not ctx.game.map.contains(target):
        ctx.fail("off_map", f"convoy #{convoy.number} cannot go {order.direction} from "
                 f"{origin}: that is the edge of the map", "CC-CO-MOVE-02")
        return None
    return target


def _cannot_move(ctx: TurnContext, convoy: Convoy, origin: str, target: str) -> bool:
    """Report why the move cannot be made now (it costs nothing, CC-CO-GEN-03)."""
    game = ctx.game
    if target == origin:
        ctx.fail("same_hex", f"convoy #{convoy.number} is already in {origin}; use PAUSE to "
                 "re-enter a hex", "CC-CO-MOVE-01")
        return True
    if _new_or_guarding(ctx, convoy, "move"):
        return True
    problem = movement.entry_problem(game, convoy.convoy_type, origin, target)
    if problem:
        ctx.fail("illegal_move", f"convoy #{convoy.number} cannot move: {problem}",
                 "CC-CO-MOVE-02")
        return True
    allowance = movement.allowance(game, convoy, convoy.start_hex)
    if convoy.moves_made + movement.move_distance(convoy, origin, target) > allowance:
        left = allowance - convoy.moves_made
        unit = "hexes of range" if convoy.convoy_type == "air" else "moves"
        ctx.fail("no_moves", f"convoy #{convoy.number} has {left} of its {allowance} {unit} "
                 f"left this turn; the move to {target} was cancelled", "CC-MOVE-02")
        return True
    return False


def _new_or_guarding(ctx: TurnContext, convoy: Convoy, what: str) -> bool:
    if convoy.created_turn == ctx.game.state.game_turn:
        ctx.fail("new_convoy", f"convoy #{convoy.number} was created this turn and cannot "
                 f"{what}", "CC-MOVE-17")
        return True
    if convoy.guarding and what == "move":
        ctx.fail("guarding", f"convoy #{convoy.number} is guarding a city and cannot move this "
                 "turn", "CC-MOVE-19")
        return True
    return False


def _chemist_find(ctx: TurnContext, convoy: Convoy) -> None:
    """A Chemist moving along a road may find gasoline: 10% for 10–30 fuel (AMB-61)."""
    if "CHE" not in convoy.experts:
        return
    rules = ctx.game.rules.consumption
    rng = ctx.rng()
    if rng.random() >= rules.chemist_find_chance:
        return
    found = rules.chemist_find_fuel.roll(rng)
    ctx.clan.stock.fuel += found
    ctx.report(f"Convoy #{convoy.number}'s Chemist found {found} fuel of hidden gasoline near "
               f"the road in {convoy.hex}.", "chemist_fuel", "CC-CNV-52")


def _pause(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    """PAUSE: re-enter the hex for half the fuel (a quarter with a road), end hiding."""
    if _new_or_guarding(ctx, convoy, "pause"):
        return
    fuel = movement.pause_fuel(ctx.game, convoy)
    if not dealer.cover(ctx, convoy, "fuel", fuel, f"pausing in {convoy.hex}"):
        ctx.fail("no_fuel", f"convoy #{convoy.number} needs {fuel} fuel to pause but only "
                 f"{ctx.clan.stock.fuel} is left", "CC-RES-08")
        return
    ctx.clan.stock.fuel -= fuel
    convoy.parts_owed += movement.pause_parts(ctx.game, convoy)
    was_hidden, convoy.hidden = convoy.hidden, False
    note = " and came out of hiding" if was_hidden else ""
    ctx.report(f"Convoy #{convoy.number} paused in {convoy.hex} for {fuel} fuel{note}.", "pause",
               "CC-CO-PAUSE-02")
    entry.enter_hex(ctx, convoy)


def _set_mode(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    """CAPTURE, RECON or EMPTY, at once (CC-CO-MODE-01…03, CC-CO-GEN-05, AMB-51)."""
    assert isinstance(order, model.SetMode)
    rule = {"recon": "CC-CO-MODE-01", "capture": "CC-CO-MODE-02", "empty": "CC-CO-MODE-03"}
    if convoy.mode == order.mode:
        ctx.report(f"Convoy #{convoy.number} is already in {order.mode.title()} mode.", "mode",
                   rule[order.mode])
        return
    convoy.mode = order.mode
    if order.mode == "empty":
        convoys.unload_to_stock(ctx.game, convoy)
        note = "; its troops and weapons went back to the stockpile"
    else:
        convoys.shed_overflow(ctx.game, convoy)
        note = ""
    ctx.report(f"Convoy #{convoy.number} switched to {order.mode.title()} mode{note}.", "mode",
               rule[order.mode])


def _loot(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    loot.loot_hex(ctx, convoy)


CONVOY_HANDLERS: dict[type[model.Order], ConvoyHandler] = {
    model.Move: _move,
    model.Pause: _pause,
    model.SetMode: _set_mode,
    model.Loot: _loot,
}
