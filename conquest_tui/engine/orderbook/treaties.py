"""Treaty orders (house rule `treaties`): OFFER, ACCEPT, REJECT and DECLARE WAR."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import TreatyOffer
from conquest_tui.engine.orderbook.declare import clan_order
from conquest_tui.engine.orderbook.diplomacy import MAX_CLAN_NUMBER, clan_problem
from conquest_tui.engine.orders.arguments import OrderSyntaxError, whole_number, word_at
from conquest_tui.engine.orders.model import ClanOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.house import HouseRuleName
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import treaties

KINDS = {"NAT": treaties.NAT, "ALLIANCE": treaties.ALLIANCE}
"""The word of an OFFER line → the kind of treaty."""


def _number(token: Token | None, syntax: str, most: int = MAX_CLAN_NUMBER) -> int:
    value = None if token is None or token.quoted else whole_number(
        token.text.removeprefix("#"), most)
    if value is None or value == 0 or value > most:
        raise OrderSyntaxError("treaty_words", syntax=syntax)
    return value


def _clan_only(spec: OrderSpec, words: list[Token]) -> int:
    """The one word after the keyword: a Clan number."""
    if len(words) != 1:
        raise OrderSyntaxError("treaty_words", syntax=spec.syntax)
    return _number(words[0], spec.syntax)


def _finding(problem: Reason | None) -> Finding | None:
    if problem is None:
        return None
    return "cannot_treaty", problem.as_facts()


def _basic(game: Game, clan: int, other: int, order: str) -> Reason | None:
    """The house rule must be in play; the other Clan must be in the game and not your own."""
    if not game.house.on(HouseRuleName.TREATIES):
        return reason("treaty_off")
    found = clan_problem(game, clan, other, order)
    return reason("treaty_unknown", other=other) if found is not None else None


@clan_order("OFFER", abbr="OF", syntax="OFFER NAT|ALLIANCE clan# turns",
            summary="offer a treaty (house rule)", rule="HOUSE-TREATY-01")
@attrs.frozen
class Offer(ClanOrder):
    """Offer another Clan a non-aggression treaty or an alliance for a term of game turns; it
    answers on its next sheet (HOUSE-TREATY-01)."""

    kind: str = treaties.NAT
    other: int = 0
    turns: int = 1

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """NAT or ALLIANCE, clan#, turns."""
        first = word_at(words, 0)
        if len(words) != 3 or first is None or first.quoted or first.upper not in KINDS:
            raise OrderSyntaxError("treaty_words", syntax=spec.syntax)
        other = _number(words[1], spec.syntax)
        turns = _number(words[2], spec.syntax, 999)
        return cls(spec.keyword, line_number, text, kind=KINDS[first.upper], other=other,
                   turns=turns)

    def words(self, rules: Ruleset) -> str:
        """OFFER NAT 133 10."""
        word = next(word for word, kind in KINDS.items() if kind == self.kind)
        return spaced(self.keyword, word, str(self.other), str(self.turns))

    def problem(self, game: Game, clan: int) -> Reason | None:
        """Why the offer cannot be made: the rule off, a wrong Clan, a term too long, a treaty
        already holding."""
        found = _basic(game, clan, self.other, "offer")
        if found is not None:
            return found
        most = game.rules.house_rules.treaties.most_turns
        if self.turns > most:
            return reason("treaty_term", most=most, turns=self.turns)
        if treaties.between(game, clan, self.other) is not None:
            return reason("treaty_holds", other=self.other)
        return None

    def check(self, game: Game, clan: int) -> Finding | None:
        """As `problem`."""
        return _finding(self.problem(game, clan))

    def run(self, ctx: TurnContext) -> None:
        """Record the offer and tell the other Clan; at most two offers a sheet (seed 001)."""
        game, me = ctx.game, ctx.clan.number
        most = game.rules.house_rules.treaties.offers_per_sheet
        made = sum(e.kind is EventKind.TREATY_OFFER for e in ctx.events)
        problem = self.problem(game, me) or (
            reason("treaty_too_many", most=most) if made >= most else None)
        if problem is not None:
            ctx.fail(EventKind.CANNOT_TREATY, "HOUSE-TREATY-01", **problem.as_facts())
            return
        old = treaties.pending_offer(game, me, self.other)
        if old is not None:
            game.state.treaty_offers.remove(old)
        game.state.treaty_offers.append(TreatyOffer(kind=self.kind, offered_by=me, to=self.other,
                                                    turns=self.turns,
                                                    game_turn=game.state.game_turn))
        told = treaties.facts(self.kind, self.other, self.turns)
        ctx.report(EventKind.TREATY_OFFER, "HOUSE-TREATY-01", **told)
        treaties.tell(game, self.other, EventKind.TREATY_OFFER, me,
                      treaties.facts(self.kind, me, self.turns))


@attrs.frozen
class _Answer(ClanOrder):
    """What ACCEPT and REJECT share: the Clan whose offer they answer."""

    other: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """clan#."""
        return cls(spec.keyword, line_number, text, other=_clan_only(spec, words))

    def words(self, rules: Ruleset) -> str:
        """ACCEPT 133."""
        return spaced(self.keyword, str(self.other))

    def problem(self, game: Game, clan: int) -> Reason | None:
        """The rule on, and an offer from that Clan waiting."""
        found = _basic(game, clan, self.other, self.keyword.lower())
        if found is not None:
            return found
        if treaties.pending_offer(game, self.other, clan) is None:
            return reason("treaty_no_offer", other=self.other)
        return None

    def offer(self, ctx: TurnContext) -> TreatyOffer | None:
        """The offer the line answers; None, the line failed in the report, when none waits
        or the rule is off."""
        problem = self.problem(ctx.game, ctx.clan.number)
        offer = treaties.pending_offer(ctx.game, self.other, ctx.clan.number)
        if problem is not None or offer is None:
            ctx.fail(EventKind.CANNOT_TREATY, "HOUSE-TREATY-02",
                     **(problem or reason("treaty_no_offer", other=self.other)).as_facts())
            return None
        return offer

    def check(self, game: Game, clan: int) -> Finding | None:
        """As `problem`."""
        return _finding(self.problem(game, clan))


@clan_order("ACCEPT", abbr="AC", syntax="ACCEPT clan#",
            summary="accept a treaty offered (house rule)", rule="HOUSE-TREATY-02")
@attrs.frozen
class Accept(_Answer):
    """Accept the treaty the Clan offered: it binds at once (HOUSE-TREATY-02)."""

    def run(self, ctx: TurnContext) -> None:
        """Bind the treaty, tell the Clan that offered it."""
        offer = self.offer(ctx)
        if offer is not None:
            treaties.bind(ctx, offer)


@clan_order("REJECT", abbr="RJ", syntax="REJECT clan#",
            summary="turn down a treaty offered (house rule)", rule="HOUSE-TREATY-02")
@attrs.frozen
class Reject(_Answer):
    """Turn the offer down; the Clan that made it is told (HOUSE-TREATY-02)."""

    def run(self, ctx: TurnContext) -> None:
        """Drop the offer and tell the Clan that made it."""
        offer = self.offer(ctx)
        if offer is None:
            return
        ctx.game.state.treaty_offers.remove(offer)
        me = ctx.clan.number
        ctx.report(EventKind.TREATY_REJECTED, "HOUSE-TREATY-02",
                   **treaties.facts(offer.kind, self.other, offer.turns))
        treaties.tell(ctx.game, self.other, EventKind.TREATY_REJECTED, me,
                      treaties.facts(offer.kind, me, offer.turns))


@clan_order("DECLARE", abbr="DW", syntax="DECLARE WAR clan#",
            summary="end a treaty from next game turn (house rule)", rule="HOUSE-TREATY-05")
@attrs.frozen
class DeclareWar(ClanOrder):
    """Declare war on a treaty partner: the treaty holds until the next game turn, and breaking
    it has its price (HOUSE-TREATY-05/06)."""

    other: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """WAR clan#."""
        first = word_at(words, 0)
        if len(words) != 2 or first is None or first.quoted or first.upper != "WAR":
            raise OrderSyntaxError("treaty_words", syntax=spec.syntax)
        return cls(spec.keyword, line_number, text, other=_number(words[1], spec.syntax))

    def words(self, rules: Ruleset) -> str:
        """DECLARE WAR 133."""
        return spaced(self.keyword, "WAR", str(self.other))

    def problem(self, game: Game, clan: int) -> Reason | None:
        """The rule on, and a treaty with that Clan not already ended by a declaration."""
        found = _basic(game, clan, self.other, "declare war on")
        if found is not None:
            return found
        treaty = treaties.between(game, clan, self.other)
        if treaty is None or treaty.war_from:
            return reason("treaty_none", other=self.other)
        return None

    def check(self, game: Game, clan: int) -> Finding | None:
        """As `problem`."""
        return _finding(self.problem(game, clan))

    def run(self, ctx: TurnContext) -> None:
        """Declare it: every Clan hears of it."""
        problem = self.problem(ctx.game, ctx.clan.number)
        treaty = treaties.between(ctx.game, ctx.clan.number, self.other)
        if problem is not None or treaty is None:
            ctx.fail(EventKind.CANNOT_TREATY, "HOUSE-TREATY-05",
                     **(problem or reason("treaty_none", other=self.other)).as_facts())
            return
        treaties.declare_war(ctx, treaty)
