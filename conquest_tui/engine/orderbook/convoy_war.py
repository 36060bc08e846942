"""Convoy orders of convoy warfare: PATROL, HUNT and KILL MODE (CC-CO-PATROL/HUNT/KM)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.combat import convoy_clash
from conquest_tui.engine.convoys import dealer, experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orderbook.declare import convoy_order
from conquest_tui.engine.orders.arguments import OrderSyntaxError, no_more
from conquest_tui.engine.orders.model import ConvoyOrder
from conquest_tui.engine.orders.registry import OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset

MILITARY = "military"
AMPHIBIOUS = "amphibious"
KILL_MODES = ("N", "V", "T")
GUNNER = "GUN"


def _amphibious_barred(ctx: TurnContext, convoy: Convoy, kind: EventKind, rule: str) -> bool:
    """Amphibious convoys neither patrol nor hunt in Mountains or Wilderness (CC-CO-PATROL-03,
    CC-CO-HUNT-04): the terrains they may enter only by road or river."""
    terrain = ctx.game.rules.terrains[ctx.game.map.terrain_of(convoy.hex)]
    if convoy.convoy_type != AMPHIBIOUS or not terrain.amphibious_needs_road_or_river:
        return False
    ctx.fail(kind, rule, why="terrain", convoy=convoy.number, terrain=terrain.name)
    return True


def _pay_fuel(ctx: TurnContext, convoy: Convoy, fuel: int, why: str, rule: str) -> bool:
    """Take the order's fuel from the stockpile (the Dealer may buy a shortfall)."""
    if fuel and not dealer.cover(ctx, convoy, "fuel", fuel, f"the {why}"):
        ctx.fail(EventKind.NO_FUEL, rule, why=why, convoy=convoy.number, need=fuel,
                 have=ctx.clan.stock.fuel)
        return False
    ctx.clan.stock.fuel -= fuel
    return True


def patrol_fuel(game: Game, convoy: Convoy) -> int:
    """4 × the fuel rate (Chemist and training apply, no road or river bonus); Military convoys
    patrol free (CC-CO-PATROL-02, CC-CNV-05)."""
    if convoy.convoy_type == MILITARY:
        return 0
    return experts.order_fuel(convoy, game.rules, game.rules.combat.patrol_fuel_multiple)


def hunt_fuel(game: Game, convoy: Convoy) -> int:
    """The standard cost of entering the hex: its terrain multiplier, no road or river benefit;
    air convoys ignore terrain (CC-CO-HUNT-02, AMB-53: Military convoys pay it too)."""
    rules = game.rules
    multiplier = 1.0
    if convoy.convoy_type != "air":
        multiplier = rules.terrains[game.map.terrain_of(convoy.hex)].fuel_multiplier
    return experts.order_fuel(convoy, rules, multiplier)


@convoy_order("PATROL", abbr="PT", syntax="PATROL",
              summary="patrol this hex", rule="CC-CO-PATROL-01")
@attrs.frozen
class Patrol(ConvoyOrder):
    """Patrol the hex: attack any convoy that enters it, by surprise (CC-CO-PATROL)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Not hidden, not guarding, not amphibious in Mountains or Wilderness; pay the fuel
        once; the patrol lasts until the convoy moves or pauses (AMB-52)."""
        rule = "CC-CO-PATROL-03"
        if convoy.hidden:
            ctx.fail(EventKind.CANNOT_PATROL, rule, why="hidden", convoy=convoy.number)
            return
        if convoy.guarding:
            ctx.fail(EventKind.CANNOT_PATROL, "CC-CO-GUARD-03", why="guarding",
                     convoy=convoy.number)
            return
        if _amphibious_barred(ctx, convoy, EventKind.CANNOT_PATROL, rule):
            return
        fuel = patrol_fuel(ctx.game, convoy)
        if not _pay_fuel(ctx, convoy, fuel, "patrol", "CC-CO-PATROL-02"):
            return
        convoy.patrolling = True
        ctx.report(EventKind.PATROL, "CC-CO-PATROL-01", hex=convoy.hex, fuel=fuel)


@convoy_order("HUNT", abbr="HU", syntax="HUNT",
              summary="attack enemy convoys here, hidden ones too", rule="CC-CO-HUNT-01")
@attrs.frozen
class Hunt(ConvoyOrder):
    """Attack every enemy convoy in the hex, hidden ones too (CC-CO-HUNT)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Once a turn (Military: once per hex per turn), for the hex's entry fuel; a hidden
        hunter comes out of hiding (AMB-53, AMB-80)."""
        number, hex_id = convoy.number, convoy.hex
        if _amphibious_barred(ctx, convoy, EventKind.CANNOT_HUNT, "CC-CO-HUNT-04"):
            return
        military = convoy.convoy_type == MILITARY
        if not military and convoy.last_done.get("HUNT") == ctx.turn:
            ctx.fail(EventKind.CANNOT_HUNT, "CC-CO-HUNT-03", why="once", convoy=number)
            return
        if military and convoy.last_done.get(f"HUNT {hex_id}") == ctx.turn:
            ctx.fail(EventKind.CANNOT_HUNT, "CC-AMB-80", why="same_hex", convoy=number,
                     hex=hex_id)
            return
        fuel = hunt_fuel(ctx.game, convoy)
        if not _pay_fuel(ctx, convoy, fuel, "hunt", "CC-CO-HUNT-02"):
            return
        convoy.last_done["HUNT"] = ctx.turn
        if military:
            convoy.last_done[f"HUNT {hex_id}"] = ctx.turn
        was_hidden, convoy.hidden = convoy.hidden, False
        targets = convoy_clash.enemies(ctx, convoy, hunting=True)
        ctx.report(EventKind.HUNT, "CC-CO-HUNT-01", hex=hex_id, fuel=fuel, found=len(targets),
                   was_hidden=int(was_hidden))
        convoy_clash.hunt(ctx, convoy, targets)


@convoy_order("KILL MODE", abbr="KM", syntax="KILL MODE N|V|T",
              summary="set kill mode (needs a Gunner)", rule="CC-CO-KM-01", aliases=("KILLMODE",))
@attrs.frozen
class KillMode(ConvoyOrder):
    """Where the convoy's hits go: N at random, T troops, V vehicles (CC-CO-KM)."""

    mode: str = "N"

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """One of N, V, T (or NORMAL, VEHICLES, TROOPS)."""
        if not words:
            raise OrderSyntaxError("bad_kill_mode", why="missing")
        no_more(words, spec, 1)
        mode = words[0].upper[:1]
        if mode not in KILL_MODES or words[0].upper not in (mode, *_LONG_NAMES):
            raise OrderSyntaxError("bad_kill_mode", why="unknown", text=words[0].text)
        return cls(spec.keyword, line_number, text, mode=mode)

    def words(self, rules: Ruleset) -> str:
        """KILL MODE N, V or T."""
        return spaced(self.keyword, self.mode)

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Needs an Expert Gunner; the setting stays until changed or the Gunner leaves."""
        if GUNNER not in convoy.experts:
            ctx.fail(EventKind.NO_EXPERT, "CC-CO-KM-01", why="kill_mode", convoy=convoy.number)
            return
        convoy.kill_mode = self.mode
        ctx.report(EventKind.KILL_MODE, "CC-CO-KM-02", mode=self.mode)


_LONG_NAMES = ("NORMAL", "VEHICLES", "TROOPS")
