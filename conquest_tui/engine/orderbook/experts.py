"""Expert orders: HIRE, CELEBRATE, PRACTICE, SCAN (CC-CNV experts)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.convoys import convoy_stats, dealer, experts, hiring
from conquest_tui.engine.convoys.hiring import Place
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orderbook.declare import convoy_order
from conquest_tui.engine.orderbook.event_facts import keywords
from conquest_tui.engine.orders.arguments import OrderSyntaxError, no_more
from conquest_tui.engine.orders.model import ConvoyOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.steps import scan

REC_CENTER = "REC"
POLICE_STATION = "POL"


def _done_this_turn(ctx: TurnContext, convoy: Convoy, keyword: str) -> bool:
    return convoy.last_done.get(keyword) == ctx.turn


def _place(game: Game, clan: int, convoy: Convoy, structure: str) -> Place | None:
    """The friendly city, or owned hex with the structure, the convoy stands in; None if
    neither."""
    site = game.city_site(convoy.hex)
    if site is not None and game.is_friendly_city(convoy.hex, clan):
        return Place(convoy.hex, city=site.name)
    hex_state = game.hex(convoy.hex)
    if hex_state.special == structure and hex_state.owner == clan:
        return Place(convoy.hex, structure=game.rules.special_structures[structure].name)
    return None


def _not_full(ctx: TurnContext, convoy: Convoy, what: str, rule: str) -> bool:
    capacity = convoy_stats.troop_capacity(convoy, ctx.game.rules)
    if capacity > 0 and convoy.troops >= capacity:
        return False
    ctx.fail(EventKind.NOT_FULL, rule, convoy=convoy.number, verb=what, troops=convoy.troops,
             capacity=capacity)
    return True


@attrs.frozen
class _Gathering:
    """What CELEBRATE and PRACTICE share: where, how often, and the stat they raise."""

    keyword: str
    verb: str
    structure: str
    """The special structure that stands in for a friendly city."""
    full: EventKind
    """The failure when the stat they raise is at its maximum already."""
    rule: str


CELEBRATION = _Gathering("CELEBRATE", "celebrate", REC_CENTER, EventKind.MORALE_FULL,
                         "CC-CO-CELEBRATE-01")
DRILL = _Gathering("PRACTICE", "practice", POLICE_STATION, EventKind.TRAINING_FULL,
                   "CC-CO-PRACTICE-02")


def _gathering_place(ctx: TurnContext, convoy: Convoy, what: _Gathering, current: int,
                     maximum: int) -> Place | None:
    """Where the convoy may celebrate or practice now; None once the order has failed."""
    number, rule = convoy.number, what.rule
    if convoy.hidden:
        ctx.fail(EventKind.HIDDEN, "CC-CNV-75", why=what.verb, convoy=number)
        return None
    if _done_this_turn(ctx, convoy, what.keyword):
        ctx.fail(EventKind.ONCE_PER_TURN, rule, why=what.verb, convoy=number)
        return None
    place = _place(ctx.game, ctx.clan.number, convoy, what.structure)
    if place is None:
        name = ctx.game.rules.special_structures[what.structure].name
        ctx.fail(EventKind.NO_PLACE, rule, convoy=number, verb=what.verb, structure=name)
        return None
    if current >= maximum:
        ctx.fail(what.full, rule, convoy=number, current=current)
        return None
    if _not_full(ctx, convoy, what.verb, rule):
        return None
    return place


@convoy_order("HIRE", abbr="HI", syntax="HIRE [expert]", summary="hire an Expert Clansman",
              rule="CC-CO-HIRE-01")
@attrs.frozen
class Hire(ConvoyOrder):
    """Hire an Expert Clansman for $10,000 (CC-CO-HIRE)."""

    expert: str = ""
    """Expert code like "ENG"; "" for the expert of the city's Guild (CC-CO-HIRE-02)."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """[expert]: a name or 3-letter code; none for the Guild's own expert."""
        if not words:
            return cls(spec.keyword, line_number, text)
        no_more(words, spec, 1)
        expert = rules.expert_by_word(words[0].text)
        if expert is None:
            raise OrderSyntaxError("unknown_expert", text=words[0].text,
                                   codes=tuple(rules.experts))
        return cls(spec.keyword, line_number, text, expert=expert.code)

    def words(self, rules: Ruleset) -> str:
        """HIRE, or HIRE ENG for an expert by its code."""
        return spaced(self.keyword, self.expert)

    def check(self, game: Game, convoy: Convoy) -> Finding | None:
        """A named expert the convoy cannot take (a second one, a Pilot outside the air)."""
        if not self.expert:
            return None
        problem = experts.hire_problem(convoy, self.expert, game.rules)
        return ("cannot_hire", problem.as_facts()) if problem else None

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Pay $10,000 at a city Guild or a structure that hires (CC-CO-HIRE-01…04)."""
        rules = ctx.game.rules
        if convoy.hidden:
            ctx.fail(EventKind.HIDDEN, "CC-CNV-75", why="hire", convoy=convoy.number)
            return
        site = hiring.hiring_site(ctx.game, ctx.clan.number, convoy.hex)
        code = hiring.expert_to_hire(site, self.expert)
        if isinstance(code, Reason):
            ctx.fail(EventKind.CANNOT_HIRE, "CC-CO-HIRE-04", why="site", convoy=convoy.number,
                     **code.as_facts())
            return
        problem = experts.hire_problem(convoy, code, rules)
        if problem:
            ctx.fail(EventKind.CANNOT_HIRE, "CC-CNV-49", why="convoy", convoy=convoy.number,
                     **problem.as_facts())
            return
        expert = rules.experts[code]
        money = ctx.clan.stock.money
        if money < expert.cost:
            ctx.fail(EventKind.NO_MONEY, "CC-CO-HIRE-01", why="hire", convoy=convoy.number,
                     expert=expert.name, cost=expert.cost, money=money)
            return
        ctx.clan.stock.money -= expert.cost
        convoy.experts.append(code)
        ctx.report(EventKind.HIRE, "CC-CO-HIRE-01", expert=expert.name, code=code,
                   cost=expert.cost, effect=expert.effect, **keywords(site.place.as_facts()))


@convoy_order("CELEBRATE", abbr="CE", syntax="CELEBRATE", summary="celebrate to raise morale",
              rule="CC-CO-CELEBRATE-01", aliases=("CELEBR",))
@attrs.frozen
class Celebrate(ConvoyOrder):
    """Raise morale with a feast in a friendly city or owned Rec Center hex (CC-CO-CELEBRATE)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Once a turn, full of troops, in a friendly city or an owned Rec Center hex."""
        game, rules = ctx.game, ctx.game.rules
        number = convoy.number
        place = _gathering_place(ctx, convoy, CELEBRATION, convoy.morale, rules.morale.maximum)
        if place is None:
            return
        food = convoy.troops * rules.consumption.celebrate_food_per_troop
        if ctx.clan.stock.food < food:
            ctx.fail(EventKind.NO_FOOD, "CC-CO-CELEBRATE-02", convoy=number, need=food,
                     have=ctx.clan.stock.food)
            return
        ctx.clan.stock.food -= food
        convoy.last_done["CELEBRATE"] = ctx.turn
        rng = ctx.rng()
        gain = rules.morale.celebrate.roll(rng)
        city = game.city(convoy.hex)
        captured = (city is not None and city.owner == ctx.clan.number
                    and city.conquered_turn == ctx.turn)
        if captured:
            gain += rules.morale.celebrate_captured_city.roll(rng)
        gain = experts.gourmet_morale_gain(convoy, gain, rules)
        convoy.morale += gain
        ctx.report(EventKind.CELEBRATE, "CC-CO-CELEBRATE-03", **keywords(place.as_facts()),
                   captured=int(captured), gourmet=int("GOU" in convoy.experts), food=food,
                   gain=gain, morale=convoy.morale)


@convoy_order("PRACTICE", abbr="PR", syntax="PRACTICE", summary="combat drills (needs a Trainer)",
              rule="CC-CO-PRACTICE-01")
@attrs.frozen
class Practice(ConvoyOrder):
    """Combat drills with an Expert Trainer (CC-CO-PRACTICE)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Once a turn, with a Trainer, in a friendly city or an owned Police Station hex."""
        rules = ctx.game.rules
        number = convoy.number
        if "TRA" not in convoy.experts:
            ctx.fail(EventKind.NO_EXPERT, "CC-CO-PRACTICE-01", why="practice", convoy=number)
            return
        place = _gathering_place(ctx, convoy, DRILL, convoy.training,
                                 rules.morale.training_maximum)
        if place is None:
            return
        fuel = experts.order_fuel(convoy, rules, rules.consumption.practice_fuel_rates)
        if not dealer.cover(ctx, convoy, "fuel", fuel, "its drills"):
            ctx.fail(EventKind.NO_FUEL, "CC-CO-PRACTICE-03", why="practice", convoy=number,
                     need=fuel, have=ctx.clan.stock.fuel)
            return
        ctx.clan.stock.fuel -= fuel
        convoy.last_done["PRACTICE"] = ctx.turn
        gain = rules.morale.practice_training.roll(ctx.rng())
        gained = experts.raise_training(convoy, gain, rules)
        ctx.report(EventKind.PRACTICE, "CC-CO-PRACTICE-04", **keywords(place.as_facts()),
                   fuel=fuel,
                   gained=gained, training=convoy.training)


@convoy_order("SCAN", abbr="SC", syntax="SCAN", summary="scout the adjacent hexes (needs a Scout)",
              rule="CC-CO-SCAN-01")
@attrs.frozen
class Scan(ConvoyOrder):
    """Dash into every adjacent hex and report it, with an Expert Scout (CC-CO-SCAN)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """The dash itself is the scan step (phases.scan)."""
        scan.scan(ctx, convoy, self)
