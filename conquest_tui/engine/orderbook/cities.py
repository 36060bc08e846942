"""City orders without combat: PICKUP, DROPOFF, DUMP (convoy), ASSIGN, FORTIFY, ERECT (Clan)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.orderbook.declare import clan_order, convoy_order
from conquest_tui.engine.orders.arguments import (
    MAX_QUANTITY,
    OrderSyntaxError,
    hex_arg,
    no_more,
    shown,
    whole_number,
)
from conquest_tui.engine.orders.model import ClanOrder, ConvoyOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.steps import cargo_sale
from conquest_tui.engine.world import buildings, goods

# --- goods -----------------------------------------------------------------------------------


@convoy_order("PICKUP", abbr="PI", syntax="PICKUP", summary="pick up the goods this city produces",
              rule="CC-CO-PICKUP-01")
@attrs.frozen
class PickupGoods(ConvoyOrder):
    """Load the goods the city produces (CC-CO-PICKUP)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Load what the city has produced, up to the convoy's cargo space."""
        problem = goods.pickup_problem(ctx.game, convoy)
        if problem:
            ctx.fail(EventKind.NO_PICKUP, "CC-CO-PICKUP-01", convoy=convoy.number,
                     **problem.as_facts())
            return
        taken = goods.pick_up_goods(ctx.game, convoy)
        ctx.report(EventKind.GOODS_PICKUP, "CC-CO-PICKUP-02", amount=taken,
                   goods=convoy.cargo_type, city=goods.city_name(ctx.game, convoy.hex),
                   hex=convoy.hex, cargo=convoy.cargo)


@convoy_order("DROPOFF", abbr="DR", syntax="DROPOFF", summary="sell the cargo in this city",
              rule="CC-CO-DROPOFF-01")
@attrs.frozen
class Dropoff(ConvoyOrder):
    """Sell all cargo to a city that needs it (CC-CO-DROPOFF)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Sell the cargo here when the city needs it (phases.cargo_sale)."""
        problem = goods.dropoff_problem(ctx.game, convoy)
        if problem:
            ctx.fail(EventKind.NO_DROPOFF, "CC-CO-DROPOFF-01", convoy=convoy.number,
                     **problem.as_facts())
            return
        cargo_sale.sell(ctx, convoy, "CC-CO-DROPOFF-02")


@convoy_order("DUMP", abbr="DU", syntax="DUMP", summary="throw the cargo away",
              rule="CC-CO-DUMP-01")
@attrs.frozen
class Dump(ConvoyOrder):
    """Throw all cargo away (CC-CO-DUMP)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """The cargo is gone for good."""
        if not convoy.cargo:
            ctx.fail(EventKind.NO_CARGO, "CC-CO-DUMP-01", convoy=convoy.number)
            return
        amount, kind = goods.dump_cargo(convoy)
        ctx.report(EventKind.GOODS_DUMP, "CC-CO-DUMP-01", amount=amount, goods=kind,
                   hex=convoy.hex)


# --- garrison --------------------------------------------------------------------------------


def signed_amount(token: Token, what: str) -> int:
    """A whole number that may be negative, like 50 or -5 (CC-CL-ASSIGN-03)."""
    text = token.text.replace(",", "")
    digits = text[1:] if text[:1] in "+-" else text
    value = whole_number(digits, MAX_QUANTITY)
    if value is None:
        raise OrderSyntaxError("bad_quantity", why="of", text=shown(token.text), what=what)
    if value > MAX_QUANTITY:
        raise OrderSyntaxError("bad_quantity", why="more", text=shown(token.text), what=what,
                               most=MAX_QUANTITY)
    return -value if text.startswith("-") else value


def _garrison_args(spec: OrderSpec, words: list[Token],
                   required: bool) -> tuple[str, int, int]:
    """hex# [troops] [claymores] of ASSIGN and FORTIFY."""
    hex_id = hex_arg(words[0] if words else None, spec.keyword)
    if required and len(words) < 2:
        raise OrderSyntaxError("missing_quantity", why="troops", keyword=spec.keyword,
                               syntax=spec.syntax)
    troops = signed_amount(words[1], "troops") if len(words) > 1 else 0
    claymores = signed_amount(words[2], "claymores") if len(words) > 2 else 0
    no_more(words, spec, 3)
    return hex_id, troops, claymores


def _garrison_line(keyword: str, hex_id: str, troops: int, claymores: int) -> str:
    """hex# [troops] [claymores] of ASSIGN and FORTIFY: the troops are written when claymores
    follow them, even 0."""
    counts = (troops, claymores) if claymores else (troops,) if troops else ()
    return spaced(keyword, hex_id, *(str(count) for count in counts))


def _own_city(ctx: TurnContext, hex_id: str, rule: str) -> CityState | None:
    city = ctx.game.city(hex_id)
    if city is None:
        ctx.fail(EventKind.NO_CITY, rule, hex=hex_id)
        return None
    if city.owner != ctx.clan.number:
        ctx.fail(EventKind.NOT_YOURS, rule, city=goods.city_name(ctx.game, hex_id), hex=hex_id)
        return None
    return city


def assign(ctx: TurnContext, city: CityState, troops: int, claymores: int, rule: str) -> None:
    """Move troops and claymores between stockpiles and city, within the limits (CC-CL-ASSIGN)."""
    game, stock = ctx.game, ctx.clan.stock
    notes: list[tuple[str, str, int]] = []
    moved_troops = _move_into_city(troops, city.troops, stock.troops,
                                   buildings.garrison_cap(game, city))
    moved_claymores = _move_into_city(claymores, city.claymores, stock.claymores,
                                      buildings.claymore_capacity(game, city))
    if moved_troops != troops:
        notes.append(_shortfall("troops", troops, moved_troops, city.troops, stock.troops,
                                buildings.garrison_cap(game, city)))
    if moved_claymores != claymores:
        notes.append(_shortfall("claymores", claymores, moved_claymores, city.claymores,
                                stock.claymores, buildings.claymore_capacity(game, city)))
    city.troops += moved_troops
    stock.troops -= moved_troops
    city.claymores += moved_claymores
    stock.claymores -= moved_claymores
    ctx.report(EventKind.ASSIGN, rule, city=goods.city_name(game, city.hex), hex=city.hex,
               troops=int(bool(troops)), claymores=int(bool(claymores)),
               moved_troops=moved_troops, moved_claymores=moved_claymores,
               city_troops=city.troops, city_claymores=city.claymores, short=notes)


def _move_into_city(wanted: int, in_city: int, in_stock: int, limit: int) -> int:
    """How many of the wanted units actually move (negative: back to the stockpile)."""
    if wanted >= 0:
        return max(0, min(wanted, in_stock, limit - in_city))
    return -min(-wanted, in_city)


def _shortfall(what: str, wanted: int, moved: int, in_city: int, in_stock: int,
               limit: int) -> tuple[str, str, int]:
    """(what, why, how many) of units that did not move: ("troops", "stock", 12) …"""
    if wanted < 0:
        return what, "withdraw", in_city
    if in_stock < wanted:
        return what, "stock", in_stock
    return what, "limit", limit


def _check_city(game: Game, clan: int, hex_id: str) -> Finding | None:
    """While typing: the city must exist and be the Clan's."""
    city = game.city(hex_id)
    if city is None:
        return "no_city", {"hex": hex_id}
    if city.owner != clan:
        return "not_owner", {"hex": hex_id}
    return None


@clan_order("ASSIGN", abbr="AS", syntax="ASSIGN hex# troops [claymores]",
            summary="assign or withdraw city troops and claymores", rule="CC-CL-ASSIGN-01")
@attrs.frozen
class Assign(ClanOrder):
    """Move troops and claymores between the stockpiles and a city (CC-CL-ASSIGN)."""

    hex: str = ""
    troops: int = 0
    claymores: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """hex# troops [claymores], negative to withdraw."""
        hex_id, troops, claymores = _garrison_args(spec, words, required=True)
        if troops == 0 and claymores == 0:
            raise OrderSyntaxError("bad_quantity", why="assign_nothing")
        return cls(spec.keyword, line_number, text, hex=hex_id, troops=troops, claymores=claymores)

    def words(self, rules: Ruleset) -> str:
        """ASSIGN 0516 25, or ASSIGN 0516 -5 3 with claymores (negative: withdraw)."""
        return _garrison_line(self.keyword, self.hex, self.troops, self.claymores)

    def check(self, game: Game, clan: int) -> Finding | None:
        """The city must be the Clan's."""
        return _check_city(game, clan, self.hex)

    def run(self, ctx: TurnContext) -> None:
        """Move them within the city's and the stockpile's limits."""
        city = _own_city(ctx, self.hex, "CC-CL-ASSIGN-01")
        if city is not None:
            assign(ctx, city, self.troops, self.claymores, "CC-CL-ASSIGN-02")


def fortify_problem(game: Game, clan: int, city: CityState) -> Reason | None:
    """Why the city cannot be raised a level now, money aside (CC-CL-FORTIFY-01)."""
    where = {"city": goods.city_name(game, city.hex), "hex": city.hex}
    if city.owner != clan:
        return reason("fortify_not_yours", **where)
    level = game.rules.fortification(city.fortification)
    if level.cost_to_raise is None:
        return reason("fortify_top", level=level.name, **where)
    if buildings.captured_this_turn(game, city):
        return reason("fortify_conquered", **where)
    if city.fortified_turn == game.state.game_turn:
        return reason("fortify_twice", **where)
    return None


@clan_order("FORTIFY", abbr="FO", syntax="FORTIFY hex# [troops] [claymores]",
            summary="raise a city's fortification", rule="CC-CL-FORTIFY-01")
@attrs.frozen
class Fortify(ClanOrder):
    """Raise a city's fortification one level, then assign like ASSIGN (CC-CL-FORTIFY)."""

    hex: str = ""
    troops: int = 0
    claymores: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """hex# [troops] [claymores]."""
        hex_id, troops, claymores = _garrison_args(spec, words, required=False)
        return cls(spec.keyword, line_number, text, hex=hex_id, troops=troops, claymores=claymores)

    def words(self, rules: Ruleset) -> str:
        """FORTIFY 0516, then any troops and claymores as ASSIGN writes them."""
        return _garrison_line(self.keyword, self.hex, self.troops, self.claymores)

    def check(self, game: Game, clan: int) -> Finding | None:
        """The city must be the Clan's and able to rise a level this turn."""
        finding = _check_city(game, clan, self.hex)
        if finding is not None:
            return finding
        city = game.city(self.hex)
        assert city is not None
        problem = fortify_problem(game, clan, city)
        return ("cannot_fortify", problem.as_facts()) if problem else None

    def run(self, ctx: TurnContext) -> None:
        """Pay for one level, then assign any troops and claymores given."""
        game = ctx.game
        city = _own_city(ctx, self.hex, "CC-CL-FORTIFY-01")
        if city is None:
            return
        problem = fortify_problem(game, ctx.clan.number, city)
        if problem:
            ctx.fail(EventKind.CANNOT_FORTIFY, "CC-CITY-34", **problem.as_facts())
            return
        level = game.rules.fortification(city.fortification)
        cost = level.cost_to_raise or 0
        money = ctx.clan.stock.money
        if cost > money:
            ctx.fail(EventKind.NO_MONEY, "CC-CL-GEN-03", why="fortify",
                     city=goods.city_name(game, city.hex), hex=city.hex, level=level.name,
                     cost=cost, money=money)
            return
        ctx.clan.stock.money -= cost
        city.fortification += 1
        city.fortified_turn = game.state.game_turn
        new = game.rules.fortification(city.fortification)
        ctx.report(EventKind.FORTIFY, "CC-CL-FORTIFY-01", city=goods.city_name(game, city.hex),
                   hex=city.hex, level=level.name, new_level=new.name, cost=cost,
                   capacity=buildings.troop_capacity(game, city))
        if self.troops or self.claymores:
            assign(ctx, city, self.troops, self.claymores, "CC-CL-FORTIFY-02")


@clan_order("ERECT", abbr="ER", syntax="ERECT hex# building…", summary="erect city buildings",
            rule="CC-CL-ERECT-01")
@attrs.frozen
class Erect(ClanOrder):
    """Erect buildings in listed order while money lasts (CC-CL-ERECT)."""

    hex: str = ""
    buildings: tuple[str, ...] = ()

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """hex# then up to 6 building codes or names, each once."""
        hex_id = hex_arg(words[0] if words else None, "ERECT")
        names = words[1:]
        if not names:
            raise OrderSyntaxError("missing_building")
        limit = rules.order_limits.erect_max_buildings
        if len(names) > limit:
            raise OrderSyntaxError("too_many", most=limit, count=len(names))
        codes: list[str] = []
        for word in names:
            building = rules.building_by_word(word.text)
            if building is None:
                raise OrderSyntaxError("unknown_building", text=word.text,
                                       codes=tuple(rules.buildings))
            if building.code in codes:
                raise OrderSyntaxError("twice", why="building", name=building.name)
            codes.append(building.code)
        return cls(spec.keyword, line_number, text, hex=hex_id, buildings=tuple(codes))

    def words(self, rules: Ruleset) -> str:
        """ERECT 0516 MAR CHU: the hex, then the buildings' codes in the order given."""
        return spaced(self.keyword, self.hex, *self.buildings)

    def check(self, game: Game, clan: int) -> Finding | None:
        """The city must be the Clan's and not have the buildings yet."""
        finding = _check_city(game, clan, self.hex)
        if finding is not None:
            return finding
        city = game.city(self.hex)
        assert city is not None
        built = [game.rules.buildings[c].name for c in self.buildings if c in city.buildings]
        if built:
            return "already_built", {"hex": self.hex, "built": tuple(built)}
        return None

    def run(self, ctx: TurnContext) -> None:
        """One building after another while the money lasts."""
        game = ctx.game
        city = game.city(self.hex)
        rules = game.rules
        cost = rules.fixed_costs["building"]
        for index, code in enumerate(self.buildings):
            name = rules.buildings[code].name
            problem = buildings.erect_problem(game, ctx.clan.number, city, self.hex, code)
            if problem:
                ctx.fail(EventKind.CANNOT_ERECT, "CC-CL-ERECT-01", building=name,
                         **problem.as_facts())
                if city is None or city.owner != ctx.clan.number or \
                        buildings.captured_this_turn(game, city):
                    return
                continue
            assert city is not None
            if ctx.clan.stock.money < cost:
                left = [rules.buildings[c].name for c in self.buildings[index:]]
                ctx.fail(EventKind.NO_MONEY, "CC-CL-ERECT-02", why="erect",
                         money=ctx.clan.stock.money, cost=cost, buildings=left)
                return
            ctx.clan.stock.money -= cost
            buildings.erect(game, city, code)
            ctx.report(EventKind.ERECT, "CC-CL-ERECT-01", building=name,
                       city=goods.city_name(game, city.hex), hex=city.hex, cost=cost)
