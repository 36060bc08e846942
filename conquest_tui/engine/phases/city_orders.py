"""City orders without combat: PICKUP, DROPOFF, DUMP, ASSIGN, FORTIFY, ERECT (CC-CITY)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.args_cities import (
    Assign,
    Dropoff,
    Dump,
    Erect,
    Fortify,
    PickupGoods,
)
from conquest_tui.engine.phases.handler_types import (
    ClanCheck,
    ClanHandler,
    ConvoyCheck,
    ConvoyHandler,
)
from conquest_tui.engine.world import buildings, goods


def _where(game: Game, hex_id: str) -> str:
    return f"{goods.city_name(game, hex_id)} ({hex_id})"


# --- goods -----------------------------------------------------------------------------------


def _pickup(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    problem = goods.pickup_problem(ctx.game, convoy)
    if problem:
        ctx.fail("no_pickup", f"convoy #{convoy.number} cannot pick up goods: {problem}",
                 "CC-CO-PICKUP-01")
        return
    taken = goods.pick_up_goods(ctx.game, convoy)
    ctx.report(f"Convoy #{convoy.number} picked up {taken} {convoy.cargo_type} in "
               f"{_where(ctx.game, convoy.hex)}; it now carries {convoy.cargo}.", "goods_pickup",
               "CC-CO-PICKUP-02")


def _dropoff(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    problem = goods.dropoff_problem(ctx.game, convoy)
    if problem:
        ctx.fail("no_dropoff", f"convoy #{convoy.number} cannot sell its cargo: {problem}",
                 "CC-CO-DROPOFF-01")
        return
    sell(ctx, convoy, "CC-CO-DROPOFF-02")


def sell(ctx: TurnContext, convoy: Convoy, rule: str) -> None:
    """Sell the convoy's cargo here and tell the seller and the city's owner (CC-CITY-23)."""
    game = ctx.game
    where = _where(game, convoy.hex)
    sale = goods.sell_cargo(game, convoy)
    text = (f"Convoy #{convoy.number} sold {sale.amount} {sale.goods} in {where} at "
            f"${sale.price:,} each for ${sale.value:,}")
    if sale.kickback and sale.city_owner == ctx.clan.number:
        text += f", plus the ${sale.kickback:,} kickback of your own city"
    elif sale.kickback:
        text += f"; Clan {sale.city_owner} received a ${sale.kickback:,} kickback"
        ctx.notify(sale.city_owner, f"Clan {ctx.clan.number} sold {sale.amount} {sale.goods} in "
                   f"your city {where}; your kickback was ${sale.kickback:,}.", "kickback",
                   "CC-CITY-23")
    ctx.report(text + ".", "goods_sale", rule, convoy=convoy.number)


def _dump(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    if not convoy.cargo:
        ctx.fail("no_cargo", f"convoy #{convoy.number} carries no cargo to dump", "CC-CO-DUMP-01")
        return
    amount, kind = goods.dump_cargo(convoy)
    ctx.report(f"Convoy #{convoy.number} dumped {amount} {kind} in {convoy.hex}; it is gone for "
               "good.", "goods_dump", "CC-CO-DUMP-01")


def merchant_dropoff(ctx: TurnContext, convoy: Convoy) -> None:
    """A Merchant sells the cargo on entering a city that needs it (CC-CO-DROPOFF-03, AMB-93)."""
    if not goods.has_merchant(convoy) or not convoy.cargo:
        return
    if goods.dropoff_problem(ctx.game, convoy) is None:
        sell(ctx, convoy, "CC-CO-DROPOFF-03")


# --- garrison --------------------------------------------------------------------------------


def _own_city(ctx: TurnContext, hex_id: str, rule: str) -> CityState | None:
    city = ctx.game.city(hex_id)
    if city is None:
        ctx.fail("no_city", f"there is no city in {hex_id}", rule)
        return None
    if city.owner != ctx.clan.number:
        ctx.fail("not_yours", f"{_where(ctx.game, hex_id)} is not your city", rule)
        return None
    return city


def assign(ctx: TurnContext, city: CityState, troops: int, claymores: int, rule: str) -> None:
    """Move troops and claymores between stockpiles and city, within the limits (CC-CL-ASSIGN)."""
    game, stock = ctx.game, ctx.clan.stock
    where = _where(game, city.hex)
    notes: list[str] = []
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
    parts = [f"{_signed(moved_troops)} troops"] if troops else []
    if claymores:
        parts.append(f"{_signed(moved_claymores)} claymores")
    text = (f"{where} garrison {' and '.join(parts)}: now {city.troops} troops and "
            f"{city.claymores} claymores")
    if notes:
        text += f" ({'; '.join(notes)})"
    ctx.report(text + ".", "assign", rule)


def _move_into_city(wanted: int, in_city: int, in_stock: int, limit: int) -> int:
    """How many of the wanted units actually move (negative: back to the stockpile)."""
    if wanted >= 0:
        return max(0, min(wanted, in_stock, limit - in_city))
    return -min(-wanted, in_city)


def _shortfall(what: str, wanted: int, moved: int, in_city: int, in_stock: int,
               limit: int) -> str:
    if wanted < 0:
        return f"only {in_city} {what} were there to withdraw"
    if in_stock < wanted:
        return f"the stockpile held only {in_stock} {what}"
    return f"the city holds at most {limit} {what}"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _assign(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, Assign)
    city = _own_city(ctx, order.hex, "CC-CL-ASSIGN-01")
    if city is not None:
        assign(ctx, city, order.troops, order.claymores, "CC-CL-ASSIGN-02")


def fortify_problem(game: Game, clan: int, city: CityState) -> str | None:
    """Why the city cannot be raised a level now, money aside (CC-CL-FORTIFY-01)."""
    where = _where(game, city.hex)
    if city.owner != clan:
        return f"{where} is not your city"
    level = game.rules.fortification(city.fortification)
    if level.cost_to_raise is None:
        return f"{where} is a {level.name}, which cannot be raised"
    if buildings.captured_this_turn(game, city):
        return f"{where} was conquered this turn and cannot be fortified yet"
    if city.fortified_turn == game.state.game_turn:
        return f"{where} was already fortified this turn (one level per turn)"
    return None


def _fortify(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, Fortify)
    game = ctx.game
    city = _own_city(ctx, order.hex, "CC-CL-FORTIFY-01")
    if city is None:
        return
    problem = fortify_problem(game, ctx.clan.number, city)
    if problem:
        ctx.fail("cannot_fortify", f"FORTIFY failed: {problem}", "CC-CITY-34")
        return
    level = game.rules.fortification(city.fortification)
    cost = level.cost_to_raise or 0
    money = ctx.clan.stock.money
    if cost > money:
        ctx.fail("no_money", f"raising {_where(game, city.hex)} from {level.name} costs "
                 f"${cost:,} but the treasury holds only ${money:,}; nothing was done",
                 "CC-CL-GEN-03")
        return
    ctx.clan.stock.money -= cost
    city.fortification += 1
    city.fortified_turn = game.state.game_turn
    new = game.rules.fortification(city.fortification)
    ctx.report(f"{_where(game, city.hex)} was fortified from {level.name} to {new.name} for "
               f"${cost:,}; it now holds up to {buildings.troop_capacity(game, city)} troops.",
               "fortify", "CC-CL-FORTIFY-01")
    if order.troops or order.claymores:
        assign(ctx, city, order.troops, order.claymores, "CC-CL-FORTIFY-02")


def _erect(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, Erect)
    game = ctx.game
    city = game.city(order.hex)
    rules = game.rules
    cost = rules.fixed_costs["building"]
    for index, code in enumerate(order.buildings):
        name = rules.buildings[code].name
        problem = buildings.erect_problem(game, ctx.clan.number, city, order.hex, code)
        if problem:
            ctx.fail("cannot_erect", f"{name} was not erected: {problem}", "CC-CL-ERECT-01")
            if city is None or city.owner != ctx.clan.number or \
                    buildings.captured_this_turn(game, city):
                return
            continue
        assert city is not None
        if ctx.clan.stock.money < cost:
            left = ", ".join(rules.buildings[c].name for c in order.buildings[index:])
            ctx.fail("no_money", f"the treasury holds ${ctx.clan.stock.money:,}, less than the "
                     f"${cost:,} a building costs; not erected: {left}", "CC-CL-ERECT-02")
            return
        ctx.clan.stock.money -= cost
        buildings.erect(game, city, code)
        article = "an" if name[0] in "AEIOU" else "a"
        ctx.report(f"Erected {article} {name} in {_where(game, city.hex)} for ${cost:,}.", "erect",
                   "CC-CL-ERECT-01")


# --- checks while the sheet is written -------------------------------------------------------


def _check_city_order(game: Game, clan: int, order: model.Order) -> tuple[str, str] | None:
    assert isinstance(order, Assign | Fortify | Erect)
    city = game.city(order.hex)
    if city is None:
        return "no_city", f"there is no city in {order.hex}"
    if city.owner != clan:
        return "not_owner", f"you do not own the city in {order.hex}"
    if isinstance(order, Fortify) and city.owner == clan:
        problem = fortify_problem(game, clan, city)
        return ("cannot_fortify", problem) if problem else None
    if isinstance(order, Erect) and city.owner == clan:
        built = [game.rules.buildings[c].name for c in order.buildings if c in city.buildings]
        if built:
            return "already_built", f"the city in {order.hex} already has: {', '.join(built)}"
    return None


CLAN_HANDLERS: dict[type[model.Order], ClanHandler] = {
    Assign: _assign,
    Fortify: _fortify,
    Erect: _erect,
}
CONVOY_HANDLERS: dict[type[model.Order], ConvoyHandler] = {
    PickupGoods: _pickup,
    Dropoff: _dropoff,
    Dump: _dump,
}
CLAN_CHECKS: dict[type[model.Order], ClanCheck] = {
    Assign: _check_city_order,
    Fortify: _check_city_order,
    Erect: _check_city_order,
}
CONVOY_CHECKS: dict[type[model.Order], ConvoyCheck] = {}
