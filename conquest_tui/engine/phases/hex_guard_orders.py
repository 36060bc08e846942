"""DEFEND and GARRISON: raise hex defense levels, assign or withdraw hex guards (CC-HEX-08…12)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.args_hexes import Defend, Garrison
from conquest_tui.engine.world import hex_defense
from conquest_tui.engine.world.structure_uses import mark_used, use_key, used_this_turn

DEFEND_USE = "DEF"


def defend(ctx: TurnContext, order: model.Order) -> None:
    """DEFEND [troops] hex…: raise each hex one level, then assign guards (CC-CL-DEFEND-01…03)."""
    assert isinstance(order, Defend)
    hexes = _eligible(ctx, order.hexes, "defended")
    _raise_levels(ctx, hexes)
    if order.troops:
        _assign(ctx, hexes, order.troops)


def garrison(ctx: TurnContext, order: model.Order) -> None:
    """GARRISON troops hex…: assign or withdraw guards only (CC-CL-GARRISON-01)."""
    assert isinstance(order, Garrison)
    _assign(ctx, _eligible(ctx, order.hexes, "garrisoned"), order.troops)


def check(game: Game, clan: int, order: model.Order) -> tuple[str, str] | None:
    """While typing: a listed hex, or every hex of a pattern, that is not the Clan's now."""
    assert isinstance(order, Defend | Garrison)
    for pattern in order.hexes:
        if not hex_defense.owned_matches(game, clan, pattern):
            return "not_owned", _not_owned_text(pattern)
    return None


def _not_owned_text(pattern: str) -> str:
    if "*" in pattern:
        return f"you own no hex that matches {pattern}"
    return f"you do not own hex {pattern}"


def _eligible(ctx: TurnContext, patterns: tuple[str, ...], verb: str) -> list[str]:
    """Owned hexes the patterns name, once each; unowned wildcard matches are skipped."""
    game, clan = ctx.game, ctx.clan.number
    chosen: list[str] = []
    conquered: list[str] = []
    for pattern in patterns:
        matches = hex_defense.owned_matches(game, clan, pattern)
        if not matches:
            ctx.fail("not_owned", f"{_not_owned_text(pattern)}; nothing was {verb} there",
                     "CC-CL-DEFEND-03" if "*" in pattern else "CC-HEX-08")
        for hex_id in matches:
            if hex_id in chosen or hex_id in conquered:
                continue
            if hex_defense.conquered_this_turn(game, hex_id, ctx.conquered):
                conquered.append(hex_id)
            else:
                chosen.append(hex_id)
    if conquered:
        ctx.fail("conquered_this_turn", f"these hexes changed hands this turn and cannot be "
                 f"{verb} until next turn: {_list(conquered)}", "CC-HEX-12")
    return chosen


def _raise_levels(ctx: TurnContext, hexes: list[str]) -> None:
    game, clan = ctx.game, ctx.clan
    raised: list[str] = []
    again: list[str] = []
    top: list[str] = []
    broke: list[str] = []
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
            broke.append(f"{hex_id} (${cost:,})")
        else:
            clan.stock.money -= cost
            total += cost
            hex_state.defense += 1
            mark_used(game, clan, key)
            raised.append(f"{hex_id} to {hex_state.defense} "
                          f"({hex_defense.level_name(game, hex_state.defense)}) for ${cost:,}")
    if raised:
        ctx.report(f"Defense raised: {'; '.join(raised)}. Total ${total:,}.", "defend",
                   "CC-CL-DEFEND-01")
    if again:
        ctx.fail("defended_already", "defense already raised this turn (one level per "
                 f"turn): {_list(again)}", "CC-HEX-08")
    if top:
        ctx.fail("mighty", "already Mighty, the highest defense level: "
                 f"{_list(top)}",
                 "CC-CL-DEFEND-01")
    if broke:
        ctx.fail("no_money", f"not enough money to raise {_list(broke)}; the treasury holds "
                 f"${clan.stock.money:,} and nothing was charged for them", "CC-CL-GEN-03")


def _assign(ctx: TurnContext, hexes: list[str], troops: int) -> None:
    """Add up to `troops` guards per hex (at most the defense level), or withdraw −troops."""
    game, stock = ctx.game, ctx.clan.stock
    done: list[str] = []
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
        done.append(f"{amount} {'to' if troops > 0 else 'from'} {hex_id} "
                    f"(now {hex_state.garrison} of {hex_state.defense})")
    if done:
        what = "assigned" if troops > 0 else "withdrawn to the unallocated pool"
        ctx.report(f"Guards {what}: {'; '.join(done)}.", "guards", "CC-HEX-09")
    if full:
        ctx.fail("guards_full", "no room for more guards (at most one per defense "
                 f"level): {_list(full)}", "CC-HEX-09")
    if short:
        ctx.fail("no_troops", f"the unallocated pool ran out of troops; {stock.troops} are left",
                 "CC-HEX-09")
    if troops < 0 and not done and hexes:
        ctx.fail("no_guards", f"no guards to withdraw in {_list(hexes)}", "CC-CL-GARRISON-01")


def _list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
