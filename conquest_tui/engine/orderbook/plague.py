"""Plague orders: CURE a city, and AID ON/OFF for automatic curing (CC-CO-CURE, CC-CO-AID)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import plague_cure
from conquest_tui.engine.orderbook.declare import convoy_order
from conquest_tui.engine.orders.arguments import OrderSyntaxError, no_more, shown
from conquest_tui.engine.orders.model import ConvoyOrder
from conquest_tui.engine.orders.registry import OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.rules.ruleset import Ruleset

_SWITCH = {"ON": True, "OFF": False}


@convoy_order("CURE", abbr="CU", syntax="CURE",
              summary="cure the city of the Plague", rule="CC-CO-CURE-01")
@attrs.frozen
class Cure(ConvoyOrder):
    """Cure the city in the convoy's hex of the Plague with vaccine (CC-CO-CURE)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Anyone's city, with or without a Doctor; too little vaccine spends none (CURE-01/03)."""
        problem = plague_cure.cure(ctx, convoy, automatic=False)
        if problem is not None:
            ctx.fail(EventKind.CANNOT_CURE, "CC-CO-CURE-01", why="order", convoy=convoy.number,
                     **problem.as_facts())


@convoy_order("AID", abbr="AI", syntax="AID ON|OFF",
              summary="automatic curing of cities (needs a Doctor)", rule="CC-CO-AID-01")
@attrs.frozen
class Aid(ConvoyOrder):
    """Switch automatic curing on or off; it needs an Expert Doctor (CC-CO-AID)."""

    on: bool = True

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """ON or OFF."""
        if not words or words[0].upper not in _SWITCH:
            raise OrderSyntaxError("bad_switch", why="aid",
                                   **({"got": shown(words[0].text)} if words else {}))
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, on=_SWITCH[words[0].upper])

    def words(self, rules: Ruleset) -> str:
        """AID ON or AID OFF."""
        return f"{self.keyword} {'ON' if self.on else 'OFF'}"

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """AID ON needs a Doctor aboard (CC-CO-AID-01); OFF always works."""
        if self.on and plague_cure.DOCTOR not in convoy.experts:
            ctx.fail(EventKind.NO_EXPERT, "CC-CO-AID-01", why="aid", convoy=convoy.number)
            return
        was, convoy.aid = convoy.aid, self.on
        ctx.report(EventKind.AID, "CC-CO-AID-01", convoy=convoy.number, on=int(self.on),
                   changed=int(was != self.on))
