"""LOOT: search a hex once per game for anything of value (CC-CO-LOOT, CC-HEX-40…44, AMB-32)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.rules.ruleset import LootOutcome
from conquest_tui.engine.world import structures
from conquest_tui.engine.world.structure_uses import first_use, use_key, used_this_turn


def loot_hex(ctx: TurnContext, convoy: Convoy) -> None:
    """LOOT: roll on the loot table for the convoy's hex (its own Bank pays a Clan every turn,
    AMB-76)."""
    if convoy.hidden:
        ctx.fail(EventKind.HIDDEN, "CC-CNV-75", why="loot", convoy=convoy.number)
        return
    if convoy.mode == "recon":
        ctx.fail(EventKind.RECON, "CC-HEX-43", convoy=convoy.number)
        return
    if not has_something(ctx, convoy.hex):
        if _own_bank(ctx, convoy.hex):
            ctx.report(EventKind.LOOT_EMPTY, "CC-HEX-17", convoy=convoy.number, why="bank",
                       hex=convoy.hex)
            return
        ctx.report(EventKind.LOOT_EMPTY, "CC-HEX-40", convoy=convoy.number, why="looted",
                   hex=convoy.hex)
        return
    search(ctx, convoy)


def has_something(ctx: TurnContext, hex_id: str) -> bool:
    """Whether a LOOT in the hex could find anything for the active Clan now."""
    if _own_bank(ctx, hex_id):
        return not used_this_turn(ctx.game, ctx.clan, use_key(structures.BANK, hex_id))
    return not ctx.game.hex(hex_id).looted


def _own_bank(ctx: TurnContext, hex_id: str) -> bool:
    """A Bank in a hex the active Clan owns: only then are its riches the Clan's to loot — "you
    must own the hex containing the structure" to gain its benefits (CC-HEX-15, AMB-76); any
    other Clan searches the hex as any other, once a game."""
    hex_state = ctx.game.hex(hex_id)
    return hex_state.special == structures.BANK and hex_state.owner == ctx.clan.number


def search(ctx: TurnContext, convoy: Convoy) -> None:
    """Loot the convoy's hex: its own Bank's money, or one roll on the d100 table."""
    hex_state = ctx.game.hex(convoy.hex)
    if _own_bank(ctx, convoy.hex):
        _loot_bank(ctx, convoy)
        return
    hex_state.looted = True
    rng = ctx.rng()
    roll = rng.randint(1, 100)
    for outcome in ctx.game.rules.loot:
        if outcome.low <= roll <= outcome.high:
            break
    else:  # pragma: no cover - the loader checks the table covers 1..100
        return
    ctx.report(EventKind.LOOT, "CC-CO-LOOT-01", convoy=convoy.number, why="search",
               hex=convoy.hex, roll=roll, **_apply(ctx, convoy, outcome))


def _loot_bank(ctx: TurnContext, convoy: Convoy) -> None:
    """The owner of a Bank's hex may loot it once per turn (CC-HEX-15/17, AMB-76)."""
    game = ctx.game
    first_use(game, ctx.clan, use_key(structures.BANK, convoy.hex))
    money = game.rules.bank.money.roll(ctx.rng())
    ctx.clan.stock.money += money
    ctx.report(EventKind.LOOT, "CC-HEX-17", convoy=convoy.number, why="bank", hex=convoy.hex,
               money=money)


def _apply(ctx: TurnContext, convoy: Convoy, outcome: LootOutcome) -> dict[str, object]:
    """Carry the outcome out; the facts of what was found: "found" is nothing, vehicle or items
    ("label": the outcome's name when the sentence names it before the amounts, else "")."""
    rng = ctx.rng()
    if outcome.kind == "nothing":
        return {"found": "nothing"}
    if outcome.kind == "scout_vehicle":
        vehicle = ctx.game.rules.convoy_types[convoy.convoy_type].vehicles[0]
        convoys.add_vehicles(ctx.game, convoy, vehicle, 1)
        return {"found": "vehicle", "vehicle": ctx.game.rules.vehicles[vehicle].name.lower()}
    items = sorted(outcome.amounts.items())
    if outcome.kind == "gain_one_of":
        items = [rng.choice(items)]
    found = []
    for item, amount in items:
        value = amount.roll(rng)
        ctx.clan.stock.add(Item(item), value)
        found.append((item, value))
    named = outcome.name in outcome.amounts or outcome.name == "weapons"
    return {"found": "items", "label": "" if named else outcome.name, "amounts": tuple(found)}
