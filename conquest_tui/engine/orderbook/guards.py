"""DEFEND and GARRISON: raise hex defense levels, assign or withdraw hex guards (CC-HEX-08…12)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.orderbook.declare import clan_order
from conquest_tui.engine.orders.arguments import OrderSyntaxError, shown, whole_number
from conquest_tui.engine.orders.model import ClanOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import hex_defense
from conquest_tui.engine.world.structure_uses import mark_used, use_key, used_this_turn

DEFEND_USE = "DEF"


def _troop_count(token: Token, max_digits: int) -> int | None:
    """The signed troop count a 1- or 2-digit word gives (CC-CL-DEFEND-02), else None."""
    text = token.text
    digits = text[1:] if text[:1] in "+-" else text
    if not 1 <= len(digits) <= max_digits:
        return None
    value = whole_number(digits, 10**max_digits)
    if value is None:
        return None
    return -value if text.startswith("-") else value


def _hex_patterns(words: list[Token], spec: OrderSpec, rules: Ruleset) -> tuple[str, ...]:
    limit = rules.order_limits.defend_max_hexes
    if not words:
        raise OrderSyntaxError("missing_hex", why="guards", keyword=spec.keyword,
                               syntax=spec.syntax)
    if len(words) > limit:
        raise OrderSyntaxError("too_many_hexes", keyword=spec.keyword, most=limit,
                               count=len(words))
    for word in words:
        if not hexgrid.is_hex_pattern(word.text):
            raise OrderSyntaxError("bad_hex", why="pattern", text=shown(word.text))
    return tuple(word.text for word in words)


def _zero_troops(spec: OrderSpec) -> OrderSyntaxError:
    return OrderSyntaxError("bad_quantity", why="no_guards", keyword=spec.keyword)


@attrs.frozen
class _HexGuards(ClanOrder):
    """What DEFEND and GARRISON share: guards per hex and the hexes, with the same check."""

    troops: int = 0
    """Guards to add to each hex (negative: withdraw); 0 when DEFEND gives no troop count."""
    hexes: tuple[str, ...] = ()
    """Hex numbers or patterns with `*` wildcards, as written (CC-CL-DEFEND-03)."""

    def words(self, rules: Ruleset) -> str:
        """DEFEND 0417 12**, DEFEND 5 0417, GARRISON -5 0417 (negative: withdraw)."""
        return spaced(self.keyword, str(self.troops) if self.troops else "", *self.hexes)

    def check(self, game: Game, clan: int) -> Finding | None:
        """While typing: a listed hex, or every hex of a pattern, that is not the Clan's now."""
        for pattern in self.hexes:
            if not hex_defense.owned_matches(game, clan, pattern):
                return "not_owned", {"pattern": pattern}
        return None


@clan_order("DEFEND", abbr="DE", syntax="DEFEND [troops] hex#…",
            summary="raise hex defense levels", rule="CC-CL-DEFEND-01")
@attrs.frozen
class Defend(_HexGuards):
    """Raise the defense level of listed hexes, optionally assigning guards (CC-CL-DEFEND)."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """[troops of 1–2 digits] then up to 6 hex numbers or patterns."""
        troops = 0
        if words and not hexgrid.is_hex_pattern(words[0].text):
            count = _troop_count(words[0], rules.order_limits.defend_troops_max_digits)
            if count is not None:
                if count == 0:
                    raise _zero_troops(spec)
                troops, words = count, words[1:]
        hexes = _hex_patterns(words, spec, rules)
        return cls(spec.keyword, line_number, text, troops=troops, hexes=hexes)

    def run(self, ctx: TurnContext) -> None:
        """Raise each hex one level, then assign guards (CC-CL-DEFEND-01…03)."""
        hexes = _eligible(ctx, self.hexes, "defended")
        _raise_levels(ctx, hexes)
        if self.troops:
            _assign(ctx, hexes, self.troops)


@clan_order("GARRISON", abbr="GR", syntax="GARRISON troops hex#…",
            summary="assign troops to hexes", rule="CC-CL-GARRISON-01")
@attrs.frozen
class Garrison(_HexGuards):
    """Assign or withdraw guards in listed hexes without raising them (CC-CL-GARRISON)."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """troops (negative: withdraw) then up to 6 hex numbers or patterns."""
        digits = rules.order_limits.defend_troops_max_digits
        count = _troop_count(words[0], digits) if words else None
        if count is None:
            raise OrderSyntaxError("missing_quantity", why="garrison", digits=digits,
                                   syntax=spec.syntax)
        if count == 0:
            raise _zero_troops(spec)
        hexes = _hex_patterns(words[1:], spec, rules)
        return cls(spec.keyword, line_number, text, troops=count, hexes=hexes)

    def run(self, ctx: TurnContext) -> None:
        """Assign or withdraw guards only (CC-CL-GARRISON-01)."""
        _assign(ctx, _eligible(ctx, self.hexes, "garrisoned"), self.troops)


def _eligible(ctx: TurnContext, patterns: tuple[str, ...], verb: str) -> list[str]:
    """Owned hexes the patterns name, once each; unowned wildcard matches are skipped."""
    game, clan = ctx.game, ctx.clan.number
    chosen: list[str] = []
    conquered: list[str] = []
    for pattern in patterns:
        matches = hex_defense.owned_matches(game, clan, pattern)
        if not matches:
            ctx.fail(EventKind.NOT_OWNED, "CC-CL-DEFEND-03" if "*" in pattern else "CC-HEX-08",
                     pattern=pattern, verb=verb)
        for hex_id in matches:
            if hex_id in chosen or hex_id in conquered:
                continue
            if hex_defense.conquered_this_turn(game, hex_id, ctx.conquered):
                conquered.append(hex_id)
            else:
                chosen.append(hex_id)
    if conquered:
        ctx.fail(EventKind.CONQUERED_THIS_TURN, "CC-HEX-12", verb=verb, hexes=conquered)
    return chosen


def _raise_levels(ctx: TurnContext, hexes: list[str]) -> None:
    game, clan = ctx.game, ctx.clan
    raised: list[tuple[str, int, str, int]] = []
    again: list[str] = []
    top: list[str] = []
    broke: list[tuple[str, int]] = []
    total = 0
    for hex_id in hexes:
        key = use_key(DEFEND_USE, hex_id)
        hex_state = game.hex(hex_id)
        cost = hex_defense.raise_cost(game, hex_state.defense)
        if used_this_turn(game, clan, key):
            again.append(hex_id)
        elif cost is None:
            top.append(hex_id)
        elif cost > clan.stock.money:
            broke.append((hex_id, cost))
        else:
            clan.stock.money -= cost
            total += cost
            hex_state.defense += 1
            mark_used(game, clan, key)
            raised.append((hex_id, hex_state.defense,
                           hex_defense.level_name(game, hex_state.defense), cost))
    if raised:
        ctx.report(EventKind.DEFEND, "CC-CL-DEFEND-01", raised=raised, total=total)
    if again:
        ctx.fail(EventKind.DEFENDED_ALREADY, "CC-HEX-08", hexes=again)
    if top:
        ctx.fail(EventKind.MIGHTY, "CC-CL-DEFEND-01", hexes=top)
    if broke:
        ctx.fail(EventKind.NO_MONEY, "CC-CL-GEN-03", why="defend", costs=broke,
                 money=clan.stock.money)


def _assign(ctx: TurnContext, hexes: list[str], troops: int) -> None:
    """Add up to `troops` guards per hex (at most the defense level), or withdraw −troops."""
    game, stock = ctx.game, ctx.clan.stock
    done: list[tuple[int, str, int, int]] = []
    full: list[str] = []
    short = False
    for hex_id in hexes:
        hex_state = game.hex(hex_id)
        if troops > 0:
            room = hex_state.defense - hex_state.garrison
            amount = min(troops, room, stock.troops)
            if room <= 0:
                full.append(hex_id)
                continue
            short = short or amount < min(troops, room)
            if amount <= 0:
                continue
            stock.troops -= amount
            hex_state.garrison += amount
        else:
            amount = min(-troops, hex_state.garrison)
            if amount <= 0:
                continue
            stock.troops += amount
            hex_state.garrison -= amount
        done.append((amount, hex_id, hex_state.garrison, hex_state.defense))
    if done:
        ctx.report(EventKind.GUARDS, "CC-HEX-09", withdrawn=int(troops < 0), moved=done)
    if full:
        ctx.fail(EventKind.GUARDS_FULL, "CC-HEX-09", hexes=full)
    if short:
        ctx.fail(EventKind.NO_TROOPS, "CC-HEX-09", why="guards", left=stock.troops)
    if troops < 0 and not done and hexes:
        ctx.fail(EventKind.NO_GUARDS, "CC-CL-GARRISON-01", hexes=hexes)
