"""Diplomacy orders: ALLY and BAN (one-way lists of Clans), MESSAGE and BROADCAST (on the radio)."""

from __future__ import annotations

from typing import ClassVar, Self

import attrs

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Reason, facts_of, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.orderbook.declare import clan_order
from conquest_tui.engine.orderbook.event_facts import keywords
from conquest_tui.engine.orders.arguments import (
    OrderSyntaxError,
    no_more,
    shown,
    whole_number,
    word_at,
)
from conquest_tui.engine.orders.model import ClanOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import quoted, spaced
from conquest_tui.engine.rules.ruleset import Ruleset

MAX_CLAN_NUMBER = 999
"""The largest Clan number a sheet may name (Clans are numbered 101 to 999 at setup)."""

ALL = "ALL"
TO_ALL, TO_HEX, TO_CLAN = "all", "hex", "clan"
"""A message's destination: every Clan, whoever is in a hex (AMB-72), or one Clan."""


def _clan_arg(token: Token | None, keyword: str) -> int:
    """A Clan number like 133 (or #133)."""
    if token is None or token.quoted:
        raise OrderSyntaxError("missing_clan", why="order", keyword=keyword)
    value = whole_number(token.text.removeprefix("#"), MAX_CLAN_NUMBER)
    if value is None or value == 0 or value > MAX_CLAN_NUMBER:
        raise OrderSyntaxError("bad_clan", why="order", text=shown(token.text))
    return value


def clan_problem(game: Game, clan: int, other: int, order: str) -> Reason | None:
    """Why a diplomacy order cannot name that Clan: its own number, or no such Clan."""
    if other == clan:
        return reason("dip_self", order=order, other=other)
    if not game.has_clan(other):
        return reason("dip_unknown_clan", order=order, other=other)
    return None


def _finding(problem: Reason | None) -> Finding | None:
    """A reason as the sheet checker's (code, message)."""
    if problem is None:
        return None
    return problem.code, problem.as_facts()


# --- ALLY and BAN ------------------------------------------------------------------------------


@clan_order("ALLY", abbr="AL", syntax="ALLY clan#",
            summary="declare or end an alliance", rule="CC-CL-ALLY-01")
@attrs.frozen
class Ally(ClanOrder):
    """Toggle a Clan on the ally list: one-way and unannounced (CC-CL-ALLY). The war code reads
    the list: no battles with its convoys, no attacks on its hexes, no ATTACK or BOMB on its
    cities; its cities stay friendly unless it bans you (CC-CL-ALLY-02/03)."""

    other: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """clan#."""
        other = _clan_arg(word_at(words, 0), spec.keyword)
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, other=other)

    def words(self, rules: Ruleset) -> str:
        """ALLY 133."""
        return spaced(self.keyword, str(self.other))

    def check(self, game: Game, clan: int) -> Finding | None:
        """The Clan must be in the game and not your own."""
        return _finding(clan_problem(game, clan, self.other, "ally"))

    def run(self, ctx: TurnContext) -> None:
        """Add the Clan to the ally list, or take it off if it is there; nobody is told."""
        problem = clan_problem(ctx.game, ctx.clan.number, self.other, "ally")
        if problem:
            ctx.fail(EventKind.CANNOT_ALLY, "CC-CL-ALLY-01", **problem.as_facts())
            return
        allies = ctx.clan.allies
        on = self.other not in allies
        if on:
            allies.append(self.other)
            allies.sort()
        else:
            allies.remove(self.other)
        ctx.report(EventKind.ALLY, "CC-CL-ALLY-01", other=self.other, on=int(on),
                   banned=int(self.other in ctx.clan.bans))


@clan_order("BAN", abbr="BA", syntax="BAN clan#|ALL",
            summary="ban a Clan from your cities", rule="CC-CL-BAN-01")
@attrs.frozen
class Ban(ClanOrder):
    """Toggle a ban on a Clan, or ban every Clan with BAN ALL (CC-CL-BAN). A banned Clan finds
    your cities "banned" (`Game.city_status`): no troops, weapons, experts or goods there, no
    guarding, but it may still attack them (CC-CITY-07)."""

    other: int = 0
    """0: BAN ALL."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """clan# or ALL."""
        first = word_at(words, 0)
        other = 0 if first is not None and first.upper == ALL and not first.quoted \
            else _clan_arg(first, spec.keyword)
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, other=other)

    def words(self, rules: Ruleset) -> str:
        """BAN 133, or BAN ALL."""
        return spaced(self.keyword, str(self.other) if self.other else ALL)

    def check(self, game: Game, clan: int) -> Finding | None:
        """The Clan must be in the game and not your own."""
        return _finding(clan_problem(game, clan, self.other, "ban")) if self.other else None

    def run(self, ctx: TurnContext) -> None:
        """Ban or unban one Clan; BAN ALL bans every other Clan and has no reverse
        (CC-CL-BAN-02). Nobody is told: a banned Clan sees it in its city list."""
        clan = ctx.clan
        if not self.other:
            new = [c.number for c in ctx.game.state.clans
                   if c.number != clan.number and c.number not in clan.bans]
            clan.bans.extend(new)
            clan.bans.sort()
            ctx.report(EventKind.BAN, "CC-CL-BAN-02", why="all", count=len(new),
                       total=len(clan.bans))
            return
        problem = clan_problem(ctx.game, clan.number, self.other, "ban")
        if problem:
            ctx.fail(EventKind.CANNOT_BAN, "CC-CL-BAN-01", **problem.as_facts())
            return
        on = self.other not in clan.bans
        if on:
            clan.bans.append(self.other)
            clan.bans.sort()
        else:
            clan.bans.remove(self.other)
        ctx.report(EventKind.BAN, "CC-CL-BAN-01", why="one", other=self.other, on=int(on),
                   ally=int(self.other in clan.allies))


# --- MESSAGE and BROADCAST ---------------------------------------------------------------------


@attrs.frozen
class _Message(ClanOrder):
    """What MESSAGE and BROADCAST share: a destination, a text of at most 100 characters
    without ">" (CC-CL-MESSAGE-01), the per-turn limits (CC-CL-MESSAGE-02) and the delivery to
    the recipients' inboxes, read first on their next turn as radio news (CC-CITY-67)."""

    SIGNED: ClassVar[bool] = False
    RULE: ClassVar[str] = "CC-CL-MESSAGE-01"

    to: str = TO_ALL
    hex: str = ""
    other: int = 0
    body: str = ""
    """The message text, as the player wrote it."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """A Clan number, a hex or ALL, then the text in quotes."""
        keyword = spec.keyword
        first = word_at(words, 0)
        if first is None or first.quoted:
            raise OrderSyntaxError("missing_destination", keyword=keyword)
        to, hex_id, other = TO_CLAN, "", 0
        if first.upper == ALL:
            to = TO_ALL
        elif hexgrid.is_hex_id(first.text):
            to, hex_id = TO_HEX, first.text
        else:
            other = _clan_arg(first, keyword)
        message = " ".join(token.text for token in words[1:]).strip()
        _check_text(message, keyword, rules.order_limits.message_max_length)
        return cls(keyword, line_number, text, to=to, hex=hex_id, other=other, body=message)

    def words(self, rules: Ruleset) -> str:
        """MESSAGE ALL "text", MESSAGE 0516 "text" (a hex) or MESSAGE 133 "text" (a Clan)."""
        destination = {TO_ALL: ALL, TO_HEX: self.hex}.get(self.to, str(self.other))
        return spaced(self.keyword, destination, quoted(self.body))

    def problem(self, game: Game, clan: int) -> Reason | None:
        """Why the destination cannot be reached: an unknown Clan, your own, a hex off the map."""
        if self.to == TO_CLAN:
            return clan_problem(game, clan, self.other, self.keyword.lower())
        if self.to == TO_HEX and not game.map.contains(self.hex):
            return reason("dip_off_map", order=self.keyword.lower(), hex=self.hex)
        return None

    def check(self, game: Game, clan: int) -> Finding | None:
        """The Clan must be in the game, the hex on the map."""
        return _finding(self.problem(game, clan))

    def run(self, ctx: TurnContext) -> None:
        """Within the turn's limits, into each recipient's inbox; the sender learns only that
        it went out, never who heard it."""
        me = ctx.clan.number
        problem = self.problem(ctx.game, me) or self._over_limit(ctx)
        if problem:
            ctx.fail(EventKind.CANNOT_MESSAGE, self.RULE, **problem.as_facts())
            return
        sender = me if self.SIGNED else 0
        facts = {"to": self.to, "hex": self.hex, "sender": sender, "text": self.body}
        for clan in recipients(ctx.game, me, self.to, self.hex, self.other):
            ctx.game.clan(clan).inbox.append(Event(
                clan=clan, phase=TurnPhase.BETWEEN, kind=EventKind.MESSAGE, facts=facts_of(facts),
                rule="AMB-72" if self.to == TO_HEX else self.RULE, game_turn=ctx.turn,
                actor=sender))
        ctx.report(EventKind.MESSAGE_SENT, self.RULE, other=self.other, **keywords(facts))

    def _over_limit(self, ctx: TurnContext) -> Reason | None:
        """At most 3 messages a turn, MESSAGE and BROADCAST together, one of them to ALL
        (CC-CL-MESSAGE-02)."""
        limits = ctx.game.rules.order_limits
        sent = [e for e in ctx.events if e.kind == EventKind.MESSAGE_SENT]
        if len(sent) >= limits.messages_per_turn:
            return reason("dip_too_many", order=self.keyword.lower(),
                          most=limits.messages_per_turn)
        if self.to == TO_ALL and sum(e.facts["to"] == TO_ALL for e in sent) \
                >= limits.messages_to_all_per_turn:
            return reason("dip_too_many_all", order=self.keyword.lower(),
                          most=limits.messages_to_all_per_turn)
        return None


def _check_text(message: str, keyword: str, limit: int) -> None:
    """The text: not empty, at most `limit` characters, no ">" (it marks public and signed
    messages, CC-CL-MESSAGE-01), nothing a terminal would take as a control code."""
    if not message:
        raise OrderSyntaxError("missing_text", keyword=keyword)
    if len(message) > limit:
        raise OrderSyntaxError("long_message", most=limit, count=len(message))
    if ">" in message:
        raise OrderSyntaxError("arrow_in_message")
    if not message.isprintable():
        raise OrderSyntaxError("bad_character")


def recipients(game: Game, sender: int, to: str, hex_id: str, other: int) -> list[int]:
    """Who receives a message, the sender and resigned Clans left out: every Clan, one Clan, or
    the hex's owner, the owner of its city and the owners of convoys in it (AMB-72)."""
    if to == TO_ALL:
        found = {clan.number for clan in game.state.clans}
    elif to == TO_CLAN:
        found = {other}
    else:
        city = game.city(hex_id)
        found = {game.hex(hex_id).owner, city.owner if city is not None else 0}
        found.update(convoy.owner for convoy in game.convoys_in(hex_id))
    return sorted(n for n in found
                  if n and n != sender and game.has_clan(n) and not game.clan(n).resigned)


@clan_order("MESSAGE", abbr="ME", syntax='MESSAGE clan#|hex#|ALL "text"',
            summary="anonymous message", rule="CC-CL-MESSAGE-01")
@attrs.frozen
class Message(_Message):
    """An anonymous message to a Clan, a hex or everyone (CC-CL-MESSAGE)."""


@clan_order("BROADCAST", abbr="BR", syntax='BROADCAST clan#|hex#|ALL "text"',
            summary="signed message", rule="CC-CL-BROADCAST-01")
@attrs.frozen
class Broadcast(_Message):
    """A message shown as `clan#>text`, which proves its sender (CC-CL-BROADCAST-01)."""

    SIGNED: ClassVar[bool] = True
    RULE: ClassVar[str] = "CC-CL-BROADCAST-01"
