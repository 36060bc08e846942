"""Convoy orders that move a convoy or change its mode: MOVE, PAUSE, CAPTURE/RECON/EMPTY, LOOT."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.combat import city_assault
from conquest_tui.engine.convoys import convoys, dealer, movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orderbook.declare import convoy_order
from conquest_tui.engine.orders.arguments import OrderSyntaxError, is_move_word
from conquest_tui.engine.orders.model import ConvoyOrder
from conquest_tui.engine.orders.registry import OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.steps import entry, loot


@convoy_order("MOVE", abbr="", syntax="N|NE|SE|S|SW|NW|NORTH…|hex#",
              summary="move one hex (any distance by air)", rule="CC-CO-MOVE-01")
@attrs.frozen
class Move(ConvoyOrder):
    """Move one hex in a direction, or to a hex number (CC-CO-MOVE)."""

    direction: str = ""
    target: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """One direction word or hex number, after MOVE or alone on the line."""
        if len(words) != 1 or not is_move_word(words[0]):
            raise OrderSyntaxError("bad_move")
        direction = hexgrid.DIRECTION_WORDS.get(words[0].upper)
        if direction:
            return cls(spec.keyword, line_number, text, direction=direction)
        return cls(spec.keyword, line_number, text, target=words[0].text)

    def words(self, rules: Ruleset) -> str:
        """The direction or hex number alone (CC-CO-MOVE-01): NE, 0516."""
        return self.direction or self.target

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Checks, fuel (with the Dealer), parts bill, then the hex entry."""
        game = ctx.game
        origin = convoy.hex
        target = self._target(ctx, convoy)
        if target is None or _cannot_move(ctx, convoy, origin, target):
            return
        fuel = movement.move_fuel(game, convoy, origin, target)
        if not dealer.cover(ctx, convoy, "fuel", fuel, f"the move to {target}"):
            ctx.fail(EventKind.NO_FUEL, "CC-RES-08", why="move", convoy=convoy.number,
                     need=fuel, hex=target, have=ctx.clan.stock.fuel, origin=origin)
            return
        ctx.clan.stock.fuel -= fuel
        convoy.parts_owed += movement.move_parts(game, convoy, origin, target)
        convoy.moves_made += movement.move_distance(convoy, origin, target)
        game.move_convoy(convoy, target)
        was_hidden, convoy.hidden = convoy.hidden, False
        terrain = game.rules.terrains[game.map.terrain_of(target)].name
        on_road = movement.uses_road(game, convoy.convoy_type, origin, target)
        river = movement.sea_on_river(game, convoy.convoy_type, origin, target)
        ctx.report(EventKind.MOVE, "CC-CO-MOVE-03", direction=self.direction, hex=target,
                   terrain=terrain, road=int(on_road), river=int(river), fuel=fuel,
                   was_hidden=int(was_hidden))
        entry.enter_hex(ctx, convoy)
        if on_road and not convoy.hidden and game.has_convoy(convoy):
            _chemist_find(ctx, convoy)

    def _target(self, ctx: TurnContext, convoy: Convoy) -> str | None:
        origin = convoy.hex
        if not self.direction:
            return self.target
        target = hexgrid.neighbor(origin, self.direction)
        if target is None or not ctx.game.map.contains(target):
            ctx.fail(EventKind.OFF_MAP, "CC-CO-MOVE-02", convoy=convoy.number,
                     direction=self.direction, origin=origin)
            return None
        return target


def _cannot_move(ctx: TurnContext, convoy: Convoy, origin: str, target: str) -> bool:
    """Report why the move cannot be made now (it costs nothing, CC-CO-GEN-03)."""
    game = ctx.game
    if target == origin:
        ctx.fail(EventKind.SAME_HEX, "CC-CO-MOVE-01", convoy=convoy.number, hex=origin)
        return True
    if _new_or_guarding(ctx, convoy, "move"):
        return True
    problem = movement.entry_problem(game, convoy.convoy_type, origin, target)
    if problem:
        ctx.fail(EventKind.ILLEGAL_MOVE, "CC-CO-MOVE-02", convoy=convoy.number,
                 **problem.as_facts())
        return True
    allowance = movement.allowance(game, convoy, convoy.start_hex)
    if convoy.moves_made + movement.move_distance(convoy, origin, target) > allowance:
        ctx.fail(EventKind.NO_MOVES, "CC-MOVE-02", convoy=convoy.number,
                 left=allowance - convoy.moves_made, allowance=allowance,
                 air=int(convoy.convoy_type == "air"), hex=target)
        return True
    return False


def _new_or_guarding(ctx: TurnContext, convoy: Convoy, what: str) -> bool:
    if convoy.created_turn == ctx.game.state.game_turn:
        ctx.fail(EventKind.NEW_CONVOY, "CC-MOVE-17", convoy=convoy.number, action=what)
        return True
    if not city_assault.guard_ends_on_move(convoy, ctx.game.state.game_turn):
        ctx.fail(EventKind.GUARDING, "CC-MOVE-19", convoy=convoy.number)
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
    ctx.report(EventKind.CHEMIST_FUEL, "CC-CNV-52", fuel=found, hex=convoy.hex)


@convoy_order("PAUSE", abbr="PA", syntax="PAUSE",
              summary="move around within the hex (re-enter it)", rule="CC-CO-PAUSE-01")
@attrs.frozen
class Pause(ConvoyOrder):
    """Meander within the hex and re-enter it (CC-CO-PAUSE)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Re-enter the hex for half the fuel (a quarter with a road), end hiding."""
        if _new_or_guarding(ctx, convoy, "pause"):
            return
        fuel = movement.pause_fuel(ctx.game, convoy)
        if not dealer.cover(ctx, convoy, "fuel", fuel, f"pausing in {convoy.hex}"):
            ctx.fail(EventKind.NO_FUEL, "CC-RES-08", why="pause", convoy=convoy.number,
                     need=fuel, have=ctx.clan.stock.fuel)
            return
        ctx.clan.stock.fuel -= fuel
        convoy.parts_owed += movement.pause_parts(ctx.game, convoy)
        was_hidden, convoy.hidden = convoy.hidden, False
        ctx.report(EventKind.PAUSE, "CC-CO-PAUSE-02", hex=convoy.hex, fuel=fuel,
                   was_hidden=int(was_hidden))
        entry.enter_hex(ctx, convoy)


_MODE_RULES = {"recon": "CC-CO-MODE-01", "capture": "CC-CO-MODE-02", "empty": "CC-CO-MODE-03"}


@attrs.frozen
class SetMode(ConvoyOrder):
    """CAPTURE, RECON or EMPTY, at once (CC-CO-MODE-01…03, CC-CO-GEN-05, AMB-51)."""

    mode: str = "capture"

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Switch the convoy's mode; EMPTY unloads to the stockpile, the others shed overflow."""
        rule = _MODE_RULES[self.mode]
        if convoy.mode == self.mode:
            ctx.report(EventKind.MODE, rule, why="already", mode=self.mode)
            return
        convoy.mode = self.mode
        dumped = 0
        if self.mode == "empty":
            convoys.unload_to_stock(ctx.game, convoy)
        else:
            dumped = convoys.shed_overflow(ctx.game, convoy)
        ctx.report(EventKind.MODE, rule, why="switched", mode=self.mode,
                   **convoys.overflow_fact(dumped))


@convoy_order("CAPTURE", abbr="CA", syntax="CAPTURE", summary="switch to Capture mode",
              rule="CC-CO-MODE-02")
@attrs.frozen
class Capture(SetMode):
    """Switch to Capture mode (CC-CO-MODE-02)."""

    mode: str = "capture"


@convoy_order("EMPTY", abbr="EM", syntax="EMPTY", summary="switch to Empty mode",
              rule="CC-CO-MODE-03")
@attrs.frozen
class Empty(SetMode):
    """Switch to Empty mode (CC-CO-MODE-03)."""

    mode: str = "empty"


@convoy_order("RECON", abbr="RE", syntax="RECON", summary="switch to Recon mode",
              rule="CC-CO-MODE-01")
@attrs.frozen
class Recon(SetMode):
    """Switch to Recon mode (CC-CO-MODE-01)."""

    mode: str = "recon"


@convoy_order("LOOT", abbr="LO", syntax="LOOT", summary="search this hex for anything of value",
              rule="CC-CO-LOOT-01")
@attrs.frozen
class Loot(ConvoyOrder):
    """Search the current hex (CC-CO-LOOT)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """The loot table of the hex (phases.loot)."""
        loot.loot_hex(ctx, convoy)
