"""Spy orders: PLANT an Expert Spy in a city (convoy), SABOTAGE a city he is in (Clan)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, facts_of
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.orderbook.declare import clan_order, convoy_order
from conquest_tui.engine.orderbook.event_facts import keywords
from conquest_tui.engine.orders.arguments import hex_arg, no_more, word_at
from conquest_tui.engine.orders.model import ClanOrder, ConvoyOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.steps import sabotage
from conquest_tui.engine.world import spies
from conquest_tui.engine.world.goods import city_name


@convoy_order("PLANT", abbr="PL", syntax="PLANT",
              summary="plant an Expert Spy in this city", rule="CC-CO-PLANT-01", aliases=("SPY",))
@attrs.frozen
class Plant(ConvoyOrder):
    """Plant the convoy's Expert Spy in the city of its hex for good (CC-CO-PLANT, AMB-16)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """A spy in a foreign city, a counterspy in an own city (CC-CO-PLANT-02/03)."""
        game = ctx.game
        where = {"hex": convoy.hex, "city": city_name(game, convoy.hex)}
        why = spies.plant_problem(game, ctx.clan, convoy)
        if why:
            ctx.fail(EventKind.CANNOT_PLANT, "CC-CO-PLANT-01", why=why, convoy=convoy.number,
                     **where)
            return
        city = spies.plant(game, ctx.clan, convoy)
        ctx.report(EventKind.PLANT, "CC-CO-PLANT-01", convoy=convoy.number,
                   counterspy=int(city.owner == ctx.clan.number), **keywords(where))


@clan_order("SABOTAGE", abbr="SA", syntax="SABOTAGE hex#",
            summary="sabotage a city (needs a planted spy)", rule="CC-CL-SABOTAGE-01")
@attrs.frozen
class Sabotage(ClanOrder):
    """Have the Clan's spy in a city sabotage it (CC-CL-SABOTAGE, AMB-33)."""

    hex: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """hex#."""
        hex_id = hex_arg(word_at(words, 0), spec.keyword)
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, hex=hex_id)

    def words(self, rules: Ruleset) -> str:
        """SABOTAGE 0516."""
        return spaced(self.keyword, self.hex)

    def check(self, game: Game, clan: int) -> Finding | None:
        """A city in that hex, not the Clan's own (a spy planted this turn may come later)."""
        city = game.city(self.hex)
        why = "no_city" if city is None else "own_city" if city.owner == clan else ""
        if not why:
            return None
        return "cannot_sabotage", {"why": why, "hex": self.hex, "city": city_name(game, self.hex)}

    def run(self, ctx: TurnContext) -> None:
        """The counterspy's check, then the outcome; the owner sees the effect, and learns who
        did it only through a counterspy (CC-CL-SABOTAGE-02)."""
        game = ctx.game
        city = game.city(self.hex)
        where = {"hex": self.hex, "city": city_name(game, self.hex)}
        why = sabotage.sabotage_problem(game, ctx.clan, self.hex)
        if why or city is None:
            ctx.fail(EventKind.CANNOT_SABOTAGE, "CC-CL-SABOTAGE-01", why=why or "no_city",
                     **where)
            return
        owner = city.owner
        facts = sabotage.sabotage(game, ctx.clan, city, ctx.rng())
        effect = facts["effect"]
        ctx.report(EventKind.SABOTAGE, "CC-CL-SABOTAGE-01", **keywords(where), **keywords(facts))
        if not owner or owner == ctx.clan.number:
            return
        if effect == sabotage.CAUGHT:
            ctx.notify(owner, EventKind.SPY_CAUGHT, "CC-CL-SABOTAGE-02", **where)
        elif effect not in sabotage.UNSEEN:
            if spies.has_counterspy(city):
                ctx.notify(owner, EventKind.SABOTAGED, "CC-CL-SABOTAGE-02", **where, **facts)
            else:
                _tell_unsigned(ctx, owner, {**where, **facts})


def _tell_unsigned(ctx: TurnContext, clan: int, facts: dict[str, object]) -> None:
    """Into the owner's inbox without the author: he sees the effect, not who did it."""
    if not ctx.game.has_clan(clan):
        return
    ctx.game.clan(clan).inbox.append(Event(
        clan=clan, phase=TurnPhase.BETWEEN, kind=EventKind.SABOTAGED, facts=facts_of(facts),
        rule="CC-CL-SABOTAGE-02", pulse=ctx.pulse, game_turn=ctx.turn))
