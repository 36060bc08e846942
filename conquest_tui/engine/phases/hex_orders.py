"""Hex and structure orders: DEFEND, GARRISON, BUILD, FISH, GAMBLE, PAVE (CC-HEX)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import economy
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.args_hexes import (
    Build,
    Defend,
    Fish,
    Gamble,
    Garrison,
    Pave,
)
from conquest_tui.engine.phases import hex_guard_orders
from conquest_tui.engine.phases.handler_types import (
    ClanCheck,
    ClanHandler,
    ConvoyCheck,
    ConvoyHandler,
)
from conquest_tui.engine.world import structures
from conquest_tui.engine.world.structure_uses import first_use, mark_used, use_key, used_this_turn


def build_problem(game: Game, clan: int, hex_id: str, code: str, *, owner: bool = True
                  ) -> str | None:
    """Why BUILD cannot put that structure in the hex, or None (CC-HEX-31, CC-CL-BUILD-01)."""
    rules = game.rules
    structure = rules.custom_structures[code]
    if not game.map.contains(hex_id):
        return f"{hex_id} is not on the map"
    hex_state = game.hex(hex_id)
    terrain = rules.terrains[game.map.terrain_of(hex_id)]
    if code not in terrain.custom_structures:
        where = " or ".join(rules.terrains[key].name for key in structure.terrains)
        return (f"a {structure.name} can be built only in {where} hexes; {hex_id} is "
                f"{terrain.name}")
    if hex_state.custom:
        built = rules.custom_structures[hex_state.custom].name
        return f"{hex_id} already has a {built}: one custom structure per hex"
    if owner and hex_state.owner != clan:
        return f"you do not own hex {hex_id}"
    return None


def _build(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, Build)
    game, clan = ctx.game, ctx.clan
    problem = build_problem(game, clan.number, order.hex, order.structure)
    if problem:
        ctx.fail("cannot_build", problem, "CC-CL-BUILD-01")
        return
    structure = game.rules.custom_structures[order.structure]
    if structure.cost > clan.stock.money:
        ctx.fail("no_money", f"a {structure.name} costs ${structure.cost:,} but the treasury "
                 f"holds only ${clan.stock.money:,}; nothing was built", "CC-CL-GEN-03")
        return
    clan.stock.money -= structure.cost
    hex_state = game.hex(order.hex)
    hex_state.custom = structure.code
    hex_state.custom_built_turn = game.state.game_turn
    output = ", ".join(economy.describe_amount(item, amount)
                       for item, amount in structure.production.items())
    ctx.report(f"Built a {structure.name} in {order.hex} for ${structure.cost:,}; it will "
               f"produce {output} per turn from next turn.", "build", "CC-CL-BUILD-02")


def _check_build(game: Game, clan: int, order: model.Order) -> tuple[str, str] | None:
    assert isinstance(order, Build)
    problem = build_problem(game, clan, order.hex, order.structure, owner=False)
    return ("cannot_build", problem) if problem else None


def gamble_problem(game: Game, clan: int, hex_id: str, *, owner: bool = True) -> str | None:
    """Why the Clan cannot GAMBLE at that hex, or None (CC-CL-GAMBLE-01)."""
    if not game.map.contains(hex_id) or game.hex(hex_id).special != structures.CASINO:
        return f"there is no Casino in {hex_id}"
    if owner and game.hex(hex_id).owner != clan:
        return f"you do not own the Casino hex {hex_id}"
    return None


def _gamble(ctx: TurnContext, order: model.Order) -> None:
    assert isinstance(order, Gamble)
    game, clan = ctx.game, ctx.clan
    rules = game.rules
    problem = gamble_problem(game, clan.number, order.hex)
    if problem:
        ctx.fail("cannot_gamble", problem, "CC-CL-GAMBLE-01")
        return
    keys = [f"{use_key(structures.CASINO, order.hex)} {n}"
            for n in range(1, rules.gambles_per_casino + 1)]
    free = [key for key in keys if not used_this_turn(game, clan, key)]
    if not free:
        ctx.fail("gambled_already", f"you already gambled at the Casino in {order.hex} this "
                 "turn", "CC-HEX-18")
        return
    stake = rules.fixed_costs["gamble"]
    if stake > clan.stock.money:
        ctx.fail("no_money", f"the stake is ${stake:,} but the treasury holds only "
                 f"${clan.stock.money:,}; you did not gamble", "CC-CL-GEN-03")
        return
    mark_used(game, clan, free[0])
    roll = ctx.rng().randint(1, 100)
    outcome = next(o for o in rules.casino if o.low <= roll <= o.high)
    clan.stock.money -= stake
    if outcome.returned >= 0:
        clan.stock.money += outcome.returned
        net = outcome.returned - stake
        result = f"${outcome.returned:,} back (net {'+' if net >= 0 else '−'}${abs(net):,})"
    else:
        extra = min(-outcome.returned, clan.stock.money)
        clan.stock.money -= extra
        result = f"the stake is lost and another ${extra:,} with it"
    text = f"Gambled ${stake:,} at the Casino in {order.hex}: {outcome.name}, {result}."
    if outcome.removes_casino:
        game.hex(order.hex).special = ""
        text += " The Casino was closed down for good."
    ctx.report(text, "gamble", "CC-CL-GAMBLE-04" if outcome.removes_casino else
               "CC-CL-GAMBLE-02")


def _check_gamble(game: Game, clan: int, order: model.Order) -> tuple[str, str] | None:
    assert isinstance(order, Gamble)
    problem = gamble_problem(game, clan, order.hex, owner=False)
    return ("cannot_gamble", problem) if problem else None


def fish_problem(game: Game, convoy: Convoy) -> str | None:
    """Why the convoy cannot FISH where it is now, or None (CC-CO-FISH-01)."""
    if convoy.convoy_type != "sea":
        scare = " and would frighten the fish away" if convoy.convoy_type == "amphibious" else ""
        return (f"only sea convoys can fish; convoy #{convoy.number} is "
                f"{convoy.convoy_type}{scare}")
    if game.hex(convoy.hex).special != structures.FISHERY:
        return f"there is no Fishery in {convoy.hex}"
    if convoy.hidden:
        return f"convoy #{convoy.number} is hidden and cannot fish"
    if convoy.mode == "recon":
        return f"convoy #{convoy.number} is in Recon mode and cannot fish"
    return None


def fish_yield(game: Game, convoy: Convoy) -> int:
    """Food = size factor, at most 50, +15% Gourmet (+30% with a Priest) (CC-CO-FISH-02)."""
    rules = game.rules
    catch = min(convoy_stats.size(convoy, rules), rules.convoy.fish_size_cap)
    return catch * (100 + convoy_stats.expert_percent(convoy, "GOU", rules)) // 100


def _fish(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    game = ctx.game
    problem = fish_problem(game, convoy)
    if problem:
        ctx.fail("cannot_fish", problem, "CC-CO-FISH-01")
        return
    if not first_use(game, ctx.clan, use_key(structures.FISHERY, convoy.hex)):
        ctx.fail("fished_already", f"the Fishery in {convoy.hex} was already fished by one of "
                 "your convoys this turn", "CC-CO-FISH-01")
        return
    food = fish_yield(game, convoy)
    ctx.clan.stock.food += food
    ctx.report(f"Convoy #{convoy.number} fished at the Fishery in {convoy.hex}: {food} food "
               "went to the stockpile.", "fish", "CC-CO-FISH-02")


def _check_fish(game: Game, convoy: Convoy, order: model.Order) -> tuple[str, str] | None:
    if convoy.convoy_type != "sea":
        return "cannot_fish", f"only sea convoys can fish; convoy #{convoy.number} is " \
                              f"{convoy.convoy_type}"
    return None


def pave_target(game: Game, convoy: Convoy, direction: str) -> tuple[str | None, str | None]:
    """(destination, None) when the convoy may PAVE that way, else (None, why) (CC-CO-PAVE-01)."""
    truck = game.rules.convoy.pave_vehicle
    if convoy.convoy_type != "land" or not convoy.vehicles.get(truck):
        return None, f"paving needs a land convoy with at least one {truck}"
    here = convoy.hex
    target = hexgrid.neighbor(here, direction)
    if target is None or not game.map.contains(target):
        return None, f"{direction} of {here} is off the map"
    if game.map.is_water(target):
        return None, f"{target} is water; roads cannot be built there"
    if game.hex(here).owner != convoy.owner or game.hex(target).owner != convoy.owner:
        return None, f"you must control both {here} and {target} to pave between them"
    if game.road_between(here, target):
        return None, f"a road already links {here} and {target}"
    return target, None


def pave_cost(game: Game, a: str, b: str) -> int:
    """$2,500 × (parts multiplier here + there): Desert → Wilderness $13,750 (AMB-11)."""
    terrains = game.rules.terrains
    multipliers = (terrains[game.map.terrain_of(a)].parts_multiplier
                   + terrains[game.map.terrain_of(b)].parts_multiplier)
    return round(game.rules.fixed_costs["pave_per_multiplier"] * multipliers)


def _pave(ctx: TurnContext, convoy: Convoy, order: model.Order) -> None:
    assert isinstance(order, Pave)
    game, clan = ctx.game, ctx.clan
    target, problem = pave_target(game, convoy, order.direction)
    if target is None:
        ctx.fail("cannot_pave", f"convoy #{convoy.number} cannot pave: {problem}; the order "
                 "was cancelled", "CC-CO-PAVE-01")
        return
    cost = pave_cost(game, convoy.hex, target)
    if cost > clan.stock.money:
        ctx.fail("no_money", f"the road from {convoy.hex} to {target} costs ${cost:,} but the "
                 f"treasury holds only ${clan.stock.money:,}; nothing was paved", "CC-CO-PAVE-02")
        return
    clan.stock.money -= cost
    game.pave(convoy.hex, target)
    ctx.report(f"Convoy #{convoy.number} paved a road {order.direction} from {convoy.hex} to "
               f"{target} for ${cost:,}.", "pave", "CC-CO-PAVE-03")


def _check_pave(game: Game, convoy: Convoy, order: model.Order) -> tuple[str, str] | None:
    if convoy.convoy_type != "land":
        return "cannot_pave", f"only land convoys can pave; convoy #{convoy.number} is " \
                              f"{convoy.convoy_type}"
    return None


CLAN_HANDLERS: dict[type[model.Order], ClanHandler] = {
    Defend: hex_guard_orders.defend,
    Garrison: hex_guard_orders.garrison,
    Build: _build,
    Gamble: _gamble,
}
CONVOY_HANDLERS: dict[type[model.Order], ConvoyHandler] = {
    Fish: _fish,
    Pave: _pave,
}
CLAN_CHECKS: dict[type[model.Order], ClanCheck] = {
    Defend: hex_guard_orders.check,
    Garrison: hex_guard_orders.check,
    Build: _check_build,
    Gamble: _check_gamble,
}
CONVOY_CHECKS: dict[type[model.Order], ConvoyCheck] = {
    Fish: _check_fish,
    Pave: _check_pave,
}
