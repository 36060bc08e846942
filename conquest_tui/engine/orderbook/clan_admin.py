"""Clan housekeeping orders: ORDER, EVENT, NAME, SLOGAN, PHONE, TRAIN, VIGILANCE (CC-CL)."""

from __future__ import annotations

import re
from typing import Self

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.economy import bought_lines, random_events
from conquest_tui.engine.orderbook.declare import clan_order
from conquest_tui.engine.orderbook.market import pay
from conquest_tui.engine.orders.arguments import (
    MAX_QUANTITY,
    OrderSyntaxError,
    convoy_number,
    name_arg,
    no_more,
    quantity,
    shown,
    whole_number,
    word_at,
)
from conquest_tui.engine.orders.model import ClanOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import convoy_word, quoted, spaced
from conquest_tui.engine.rules.ruleset import Ruleset

PHONE_FORMAT = re.compile(r"^\(\d{3}\)\d{3}-\d{4}$")
"""(area)nnn-nnnn, as in PHONE ON (513)555-3902 (CC-CL-PHONE-01)."""


def _count(token: Token | None, what: str) -> int:
    """A whole number that may be 0."""
    if token is None:
        raise OrderSyntaxError("missing_quantity", why="number", what=what)
    value = whole_number(token.text, MAX_QUANTITY)
    if value is None:
        raise OrderSyntaxError("bad_quantity", why="not_number", text=shown(token.text))
    if value > MAX_QUANTITY:
        raise OrderSyntaxError("bad_quantity", why="too_big", text=shown(token.text),
                               most=MAX_QUANTITY)
    return value


@clan_order("ORDER", abbr="OR", syntax="ORDER pre post",
            summary="buy extra Clan order lines for next turn", rule="CC-CL-ORDER-01")
@attrs.frozen
class BuyOrderLines(ClanOrder):
    """ORDER pre post: extra Clan order lines for the next turn (CC-CL-ORDER)."""

    pre: int = 0
    post: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """pre-turn lines, then post-turn lines: at least one, at most 10 in all."""
        pre = _count(word_at(words, 0), "ORDER (pre-turn lines, then post-turn lines)")
        post = _count(word_at(words, 1), "ORDER (pre-turn lines, then post-turn lines)")
        no_more(words, spec, 2)
        most = rules.order_lines.max_purchase
        if pre + post == 0:
            raise OrderSyntaxError("bad_quantity", why="no_lines")
        if pre + post > most:
            raise OrderSyntaxError("too_many_lines", most=most, count=pre + post)
        return cls(spec.keyword, line_number, text, pre=pre, post=post)

    def words(self, rules: Ruleset) -> str:
        """ORDER 2 3: pre-turn lines, then post-turn lines."""
        return spaced(self.keyword, str(self.pre), str(self.post))

    def run(self, ctx: TurnContext) -> None:
        """Once a turn; the lines appear on next turn's sheet (CC-CL-ORDER-02)."""
        clan = ctx.clan
        if bought_lines.already_ordered(clan):
            ctx.fail(EventKind.TWICE, "CC-CL-ORDER-01", why="order")
            return
        lines = self.pre + self.post
        cost = lines * ctx.game.rules.fixed_costs["order_line"]
        if not pay(ctx, cost, "order_lines", lines=lines):
            return
        clan.next_pre_lines, clan.next_post_lines = self.pre, self.post
        ctx.report(EventKind.ORDER_LINES, "CC-CL-ORDER-02", pre=self.pre, post=self.post,
                   cost=cost)


@clan_order("EVENT", abbr="EV", syntax="EVENT",
            summary="a guaranteed random event", rule="CC-CL-EVENT-01")
@attrs.frozen
class RequestEvent(ClanOrder):
    """EVENT: a guaranteed random event this turn (CC-CL-EVENT)."""

    def run(self, ctx: TurnContext) -> None:
        """The random event phase rolls one for the Clan (economy.random_events)."""
        if not random_events.requested(ctx):
            ctx.fail(EventKind.TWICE, "CC-CL-EVENT-01", why="event")


@clan_order("NAME", abbr="NA", syntax='NAME [#convoy] "name"',
            summary="name a convoy or the Clan", rule="CC-CL-NAME-01")
@attrs.frozen
class Rename(ClanOrder):
    """NAME: rename the Clan (convoy 0) or one of its convoys (CC-CL-NAME)."""

    convoy: int = 0
    name: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """[#convoy] then the name, in quotes when it has spaces."""
        first = word_at(words, 0)
        if first is not None and not first.quoted and len(words) > 1 \
                and first.text.removeprefix("#").isdigit():
            number = convoy_number(first, "NAME")
            return cls(spec.keyword, line_number, text, convoy=number,
                          name=name_arg(words[1:], rules, "NAME"))
        if first is not None and not first.quoted and first.text.startswith("#"):
            raise OrderSyntaxError("missing_name", why="rename", word=first.text)
        return cls(spec.keyword, line_number, text, convoy=0, name=name_arg(words, rules, "NAME"))

    def words(self, rules: Ruleset) -> str:
        """NAME "Iron Fist" for the Clan, NAME #2 "Iron Fist" for a convoy."""
        convoy = convoy_word(self.convoy) if self.convoy else ""
        return spaced(self.keyword, convoy, quoted(self.name))

    def check(self, game: Game, clan: int) -> Finding | None:
        """The convoy must be the Clan's; the Clan renames itself only early in the game."""
        if self.convoy:
            if game.convoy(clan, self.convoy) is None:
                return "no_convoy", {"number": self.convoy}
            return None
        problem = _clan_rename_problem(game)
        return ("too_late", problem.as_facts()) if problem else None

    def run(self, ctx: TurnContext) -> None:
        """Rename now; the Clan only up to the turn the rules allow (AMB-59)."""
        game, clan = ctx.game, ctx.clan
        if self.convoy:
            convoy = game.convoy(clan.number, self.convoy)
            if convoy is None:
                ctx.fail(EventKind.NO_CONVOY, "CC-CL-NAME-01", why="rename", number=self.convoy)
                return
            old, convoy.name = convoy.name, self.name
            ctx.report(EventKind.RENAME, "CC-CL-NAME-01", convoy=convoy.number, why="convoy",
                       old=old, name=convoy.name)
            return
        problem = _clan_rename_problem(game)
        if problem:
            ctx.fail(EventKind.TOO_LATE, "AMB-59", **problem.as_facts())
            return
        old, clan.name = clan.name, self.name
        ctx.report(EventKind.RENAME, "CC-CL-NAME-01", why="clan", clan=clan.number, old=old,
                   name=clan.name)


def _clan_rename_problem(game: Game) -> Reason | None:
    last = game.rules.game.clan_rename_until_turn
    if game.state.game_turn > last:
        return reason("rename_late", last=last)
    return None


@clan_order("SLOGAN", abbr="SL", syntax='SLOGAN "text"',
            summary="set the Clan slogan", rule="CC-CL-SLOGAN-01")
@attrs.frozen
class SetSlogan(ClanOrder):
    """SLOGAN: the text shown to every Clan that meets you (CC-CL-SLOGAN)."""

    slogan: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """the text, at most 100 characters (AMB-10); none clears it."""
        slogan = " ".join(t.text for t in words).strip()
        limit = rules.order_limits.slogan_max_length
        if len(slogan) > limit:
            raise OrderSyntaxError("long_slogan", most=limit, count=len(slogan))
        return cls(spec.keyword, line_number, text, slogan=slogan)

    def words(self, rules: Ruleset) -> str:
        """SLOGAN "text"; SLOGAN alone clears it."""
        return spaced(self.keyword, quoted(self.slogan))

    def run(self, ctx: TurnContext) -> None:
        """Set or clear the slogan."""
        ctx.clan.slogan = self.slogan
        ctx.report(EventKind.SLOGAN, "CC-CL-SLOGAN-01", slogan=self.slogan)


@clan_order("PHONE", abbr="PH", syntax="PHONE ON|OFF [number]",
            summary="show or hide your phone number", rule="CC-CL-PHONE-01")
@attrs.frozen
class SetPhone(ClanOrder):
    """PHONE ON [number] / PHONE OFF (CC-CL-PHONE)."""

    on: bool = False
    number: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """ON [(513)555-3902] or OFF."""
        switch = word_at(words, 0)
        if switch is None or switch.upper not in ("ON", "OFF"):
            raise OrderSyntaxError("bad_switch", why="phone")
        if switch.upper == "OFF":
            no_more(words, spec, 1)
            return cls(spec.keyword, line_number, text, on=False)
        number = "".join(t.text for t in words[1:])
        if number and not PHONE_FORMAT.match(number):
            raise OrderSyntaxError("bad_phone", number=number)
        return cls(spec.keyword, line_number, text, on=True, number=number)

    def words(self, rules: Ruleset) -> str:
        """PHONE ON (513)555-3902, PHONE ON (the number shown before) or PHONE OFF."""
        return spaced(self.keyword, "ON", self.number) if self.on else f"{self.keyword} OFF"

    def run(self, ctx: TurnContext) -> None:
        """Show the number to Clans you meet, or stop showing it."""
        clan = ctx.clan
        if not self.on:
            clan.phone_on = False
            ctx.report(EventKind.PHONE, "CC-CL-PHONE-01", why="off")
            return
        number = self.number or clan.phone
        if not number:
            ctx.fail(EventKind.NO_PHONE, "CC-CL-PHONE-01")
            return
        clan.phone, clan.phone_on = number, True
        ctx.report(EventKind.PHONE, "CC-CL-PHONE-01", why="on", number=number)


@clan_order("TRAIN", abbr="TR", syntax="TRAIN quantity",
            summary="train agents", rule="CC-CL-TRAIN-01")
@attrs.frozen
class TrainAgents(ClanOrder):
    """TRAIN n: buy n more agents at doubling prices (CC-CL-TRAIN)."""

    quantity: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """quantity."""
        amount = quantity(word_at(words, 0), "TRAIN")
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, quantity=amount)

    def words(self, rules: Ruleset) -> str:
        """TRAIN 2."""
        return spaced(self.keyword, str(self.quantity))

    def run(self, ctx: TurnContext) -> None:
        """Agent n costs base × 2^(n−1); all or nothing."""
        rules, clan = ctx.game.rules, ctx.clan
        cost = 0
        for number in range(clan.agents + 1, clan.agents + self.quantity + 1):
            cost += rules.agent_cost(number)
            if cost > clan.stock.money:
                break
        if not pay(ctx, cost, "train", quantity=self.quantity):
            return
        clan.agents += self.quantity
        ctx.report(EventKind.TRAIN, "CC-CL-TRAIN-01", quantity=self.quantity, cost=cost,
                   agents=clan.agents)


@clan_order("VIGILANCE", abbr="VI", syntax="VIGILANCE percent",
            summary="garrison share left in captured cities", rule="CC-CL-VIGILANCE-01")
@attrs.frozen
class SetVigilance(ClanOrder):
    """VIGILANCE p: the Clan-wide share of capacity left in captured cities (CC-CL-VIGILANCE)."""

    percent: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """a percentage of 0 to 50, with or without %."""
        token = word_at(words, 0)
        if token is not None:
            token = Token(token.text.removesuffix("%"), token.quoted)
        percent = _count(token, "VIGILANCE (a percentage)")
        no_more(words, spec, 1)
        most = rules.combat.assault.vigilance_max
        if percent > most:
            raise OrderSyntaxError("bad_percent", most=most)
        return cls(spec.keyword, line_number, text, percent=percent)

    def words(self, rules: Ruleset) -> str:
        """VIGILANCE 20 (a percentage, written without %)."""
        return spaced(self.keyword, str(self.percent))

    def run(self, ctx: TurnContext) -> None:
        """Set the Clan-wide vigilance."""
        ctx.clan.vigilance = self.percent
        ctx.report(EventKind.VIGILANCE, "CC-CL-VIGILANCE-01", percent=self.percent)
