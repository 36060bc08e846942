"""ESPIONAGE: buy what a Clan's rivals would rather keep to themselves (CC-CL-ESPIONAGE, AMB-84)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.convoys.convoy_transfers import vehicle_words
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Fact, Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.economy import economy
from conquest_tui.engine.orderbook.declare import clan_order
from conquest_tui.engine.orderbook.event_facts import keywords
from conquest_tui.engine.orderbook.market import pay
from conquest_tui.engine.orders.arguments import (
    MAX_QUANTITY,
    OrderSyntaxError,
    shown,
    whole_number,
    word_at,
)
from conquest_tui.engine.orders.model import ClanOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset


@clan_order("ESPIONAGE", abbr="ES", syntax="ESPIONAGE clan# keyword…",
            summary="buy information on a Clan", rule="CC-CL-ESPIONAGE-01")
@attrs.frozen
class Espionage(ClanOrder):
    """ESPIONAGE clan# keyword…: the keywords' costs × the target's popularity, paid whole or
    not at all; each keyword's answer is told to the buyer only (CC-CL-ESPIONAGE-01…03)."""

    target: int = 0
    keywords: tuple[str, ...] = ()
    """In the rulebook's order (OWNER, ALLIES, ENEMIES, INCOME, HEXES, CITIES, CONVOYS)."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """A Clan number, then one or more keywords, each at most once."""
        token = word_at(words, 0)
        if token is None:
            raise OrderSyntaxError("missing_clan", why="espionage", known=tuple(rules.espionage))
        target = whole_number(token.text.removeprefix("#"), MAX_QUANTITY)
        if target is None or target == 0 or target > MAX_QUANTITY:
            raise OrderSyntaxError("bad_clan", why="espionage", text=shown(token.text))
        asked: list[str] = []
        for word in words[1:]:
            keyword = word.upper
            if keyword not in rules.espionage:
                raise OrderSyntaxError("bad_keyword", text=shown(word.text),
                                       known=tuple(rules.espionage))
            if keyword in asked:
                raise OrderSyntaxError("twice", why="keyword", keyword=keyword)
            asked.append(keyword)
        if not asked:
            raise OrderSyntaxError("missing_keyword", target=target, known=tuple(rules.espionage))
        ordered = tuple(keyword for keyword in rules.espionage if keyword in asked)
        return cls(spec.keyword, line_number, text, target=target, keywords=ordered)

    def words(self, rules: Ruleset) -> str:
        """ESPIONAGE 455 CITIES HEXES: the keywords in the rulebook's order, as read."""
        return spaced(self.keyword, str(self.target), *self.keywords)

    def check(self, game: Game, clan: int) -> Finding | None:
        """Too early in the game, or no such Clan to spy on (the price is known only when the
        order runs: popularity and money change in between)."""
        problem = _problem(game, clan, self.target)
        if problem is None:
            return None
        return problem.code, problem.as_facts()

    def run(self, ctx: TurnContext) -> None:
        """Pay the price at the target's current popularity, or fail whole (AMB-84)."""
        game = ctx.game
        problem = _problem(game, ctx.clan.number, self.target)
        if problem is not None:
            ctx.fail(EventKind.CANNOT_ESPIONAGE, "CC-CL-ESPIONAGE-01", **problem.as_facts())
            return
        popularity = game.clan(self.target).popularity
        points = sum(game.rules.espionage[keyword] for keyword in self.keywords)
        cost = points * popularity
        if not pay(ctx, cost, "espionage", target=self.target, keywords=self.keywords):
            return
        ctx.report(EventKind.ESPIONAGE, "CC-CL-ESPIONAGE-02", target=self.target,
                   keywords=self.keywords, popularity=popularity, points=points, cost=cost)
        for keyword in self.keywords:
            ctx.report(EventKind.ESPIONAGE_RESULT, "CC-CL-ESPIONAGE-03", why=keyword.lower(),
                       target=self.target, **keywords(findings(game, self.target, keyword)))


def _known(rules: Ruleset) -> str:
    return ", ".join(rules.espionage)


def _problem(game: Game, clan: int, target: int) -> Reason | None:
    """Why ESPIONAGE cannot be carried out now (CC-CL-ESPIONAGE-01), or None."""
    turn, first = game.state.game_turn, game.rules.espionage_from_turn
    if turn < first:
        return reason("too_early", target=target, turn=turn, first=first)
    if target == clan:
        return reason("own_clan", target=target)
    if not game.has_clan(target):
        return reason("no_clan", target=target)
    return None


def findings(game: Game, target: int, keyword: str) -> dict[str, Fact]:
    """What one keyword finds out about the target now, as facts (CC-CL-ESPIONAGE-03)."""
    clan = game.clan(target)
    if keyword == "OWNER":
        return {"name": clan.name, "slogan": clan.slogan,
                "phone": clan.phone if clan.phone_on else ""}
    if keyword == "ALLIES":
        return {"clans": tuple(sorted(clan.allies))}
    if keyword == "ENEMIES":
        return {"clans": tuple(sorted(clan.bans))}
    if keyword == "INCOME":
        estimate = economy.income_estimate(game, target)
        return {"amounts": tuple((item, amount) for item, amount in estimate.items() if amount)}
    if keyword == "HEXES":
        return {"hexes": tuple(sorted(game.owned_hexes(target)))}
    if keyword == "CITIES":
        cities: list[Fact] = []
        for city in sorted(game.state.cities, key=lambda c: c.hex):
            site = game.city_site(city.hex)
            if city.owner == target and site is not None:
                cities.append((city.hex, site.name.upper() if site.major else site.name))
        return {"cities": tuple(cities)}
    assert keyword == "CONVOYS", keyword
    convoys: list[Fact] = []
    for convoy in sorted(game.convoys_of(target), key=lambda c: c.number):
        vehicles = tuple(vehicle_words(game, key, count)
                         for key, count in sorted(convoy.vehicles.items()) if count)
        convoys.append((convoy.hex, convoy.convoy_type, vehicles))
    return {"convoys": tuple(convoys)}
