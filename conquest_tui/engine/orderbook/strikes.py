"""Strike orders: BOMB (an air convoy bombs a city) and RAZE (burn a city you own)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.combat import bombing, razing
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.orderbook.declare import convoy_order
from conquest_tui.engine.orderbook.event_facts import keywords
from conquest_tui.engine.orders.arguments import OrderSyntaxError, no_more, word_at
from conquest_tui.engine.orders.model import ConvoyOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import radio, spies
from conquest_tui.engine.world.goods import city_name

TARGET_WORDS = {"B": "B", "BUILDINGS": "B", "P": "P", "POPULATION": "P", "T": "T",
                "TROOPS": "T", "S": "S", "SCOURGE": "S"}
"""What BOMB's argument may say → the target letter (CC-CO-BOMB-04…07)."""
TARGET_NAMES = {letter: word for word, letter in TARGET_WORDS.items() if len(word) > 1}
"""The target letter → the word BOMB's line writes."""


def _where(game: Game, hex_id: str) -> dict[str, str | int]:
    city = game.city(hex_id)
    return {"hex": hex_id, "city": city_name(game, hex_id), "owner": city.owner if city else 0}


def _struck_city(ctx: TurnContext, convoy: Convoy, why: str, refused: EventKind,
                 rule: str) -> tuple[CityState, dict[str, str | int]] | None:
    """The city in the convoy's hex and where it is; None, the refusal told, when `why` says the
    strike cannot be made."""
    where = _where(ctx.game, convoy.hex)
    if why:
        ctx.fail(refused, rule, why=why, convoy=convoy.number, **where)
        return None
    city = ctx.game.city(convoy.hex)
    assert city is not None
    return city, where


@convoy_order("BOMB", abbr="BO", syntax="BOMB [BUILDINGS|POPULATION|TROOPS|SCOURGE]",
              summary="drop all bombs on the city (air only)", rule="CC-CO-BOMB-01")
@attrs.frozen
class Bomb(ConvoyOrder):
    """Drop every bomb the air convoy carries on the city in its hex (CC-CO-BOMB)."""

    target: str = ""
    """"B", "P", "T", "S", or "" for a target picked at random per bomb (CC-CO-BOMB-08)."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """An optional target: BUILDINGS, POPULATION, TROOPS, SCOURGE or B, P, T, S."""
        token = word_at(words, 0)
        target = ""
        if token is not None:
            target = TARGET_WORDS.get(token.text.upper(), "")
            if not target:
                raise OrderSyntaxError("bad_target", text=token.text)
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, target=target)

    def words(self, rules: Ruleset) -> str:
        """BOMB, or BOMB BUILDINGS (POPULATION, TROOPS, SCOURGE) for a target."""
        return spaced(self.keyword, TARGET_NAMES.get(self.target, ""))

    def check(self, game: Game, convoy: Convoy) -> Finding | None:
        """Only air convoys carry bombs (where it will be, and with what, is not known yet)."""
        if convoy.convoy_type != "air":
            return "cannot_bomb", {"why": "not_air", "convoy": convoy.number}
        return None

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Drop the bombs; the city's owner is told and the radio carries it (CC-CITY-63)."""
        game = ctx.game
        found = _struck_city(ctx, convoy, bombing.bomb_problem(game, ctx.clan, convoy),
                             EventKind.CANNOT_BOMB, "CC-CO-BOMB-01")
        if found is None:
            return
        city, where = found
        result = bombing.drop_bombs(game, convoy, city, self.target, ctx.rng())
        names = tuple(game.rules.buildings[code].name for code in result.destroyed)
        facts = {**where, "bombs": result.bombs, "target": self.target, "hits": result.hits,
                 "misses": result.misses, "duds": result.duds, "destroyed": names,
                 "people": result.people, "killed": result.killed,
                 "infected": int(result.infected)}
        ctx.report(EventKind.BOMB, "CC-CO-BOMB-02", convoy=convoy.number, **keywords(facts))
        owner = int(where["owner"])
        if owner:
            ctx.notify(owner, EventKind.BOMBED, "CC-CO-BOMB-02", **facts)
        radio.broadcast(game, convoy.hex, EventKind.BOMB,
                        [ctx.clan.number, owner] if owner else [ctx.clan.number],
                        actor=ctx.clan.number, owner=owner, city=str(where["city"]))


@convoy_order("RAZE", abbr="RA", syntax="RAZE", summary="burn a city you own",
              rule="CC-CO-RAZE-01")
@attrs.frozen
class Raze(ConvoyOrder):
    """Burn the city the convoy is in, which the Clan owns, with all its convoys there
    (CC-CO-RAZE)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Raze; the city is left uncontrolled and hostile; the radio carries it."""
        game = ctx.game
        found = _struck_city(ctx, convoy, razing.raze_problem(game, ctx.clan, convoy),
                             EventKind.CANNOT_RAZE, "CC-CO-RAZE-01")
        if found is None:
            return
        city, where = found
        result = razing.raze(game, ctx.clan, city, ctx.rng())
        facts = {"hex": where["hex"], "city": where["city"], "convoys": result.convoys,
                 "people": result.people,
                 "burned": tuple(game.rules.buildings[code].name for code in result.burned),
                 "killed": result.killed, "garrison_killed": result.garrison_killed,
                 "returned": result.returned, "claymores_recovered": result.claymores_recovered,
                 "claymores_lost": result.claymores_lost,
                 "fortification": game.rules.fortification(result.fortification).name,
                 "garrison": result.garrison}
        ctx.report(EventKind.RAZE, "CC-CO-RAZE-02", convoy=convoy.number, **keywords(facts))
        if spies.remove_spy(city, ctx.clan.number):  # your own spy there dies (CC-CO-RAZE-06)
            ctx.report(EventKind.SPY_LOST, "CC-CO-RAZE-06", why="raze", convoy=convoy.number,
                       hex=where["hex"], city=where["city"])
        radio.broadcast(game, convoy.hex, EventKind.RAZE, [ctx.clan.number],
                        actor=ctx.clan.number, city=str(where["city"]))
