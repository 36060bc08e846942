"""LOOT: search a hex once per game for anything of value (CC-CO-LOOT, CC-HEX-40…44, AMB-32)."""

from __future__ import annotations

from conquest_tui.engine import convoys, economy
from conquest_tui.engine.context import TurnContext
from conquest_tui.engine.ruleset import LootOutcome
from conquest_tui.engine.state import Convoy


def loot_hex(ctx: TurnContext, convoy: Convoy) -> None:
    """Roll on the loot table for the convoy's hex; the hex is empty afterwards."""
    if convoy.hidden:
        ctx.fail("hidden", f"convoy #{convoy.number} is hidden and cannot loot", "CC-CNV-75")
        return
    if convoy.mode == "recon":
        ctx.fail("recon", f"convoy #{convoy.number} is in Recon mode and cannot loot",
                 "CC-HEX-43")
        return
    hex_state = ctx.game.hex(convoy.hex)
    if hex_state.looted:
        ctx.report(f"Convoy #{convoy.number} searched {convoy.hex}, but it has already been "
                   "looted: nothing is left.", "loot_empty", "CC-HEX-40")
        return
    hex_state.looted = True
    rng = ctx.rng()
    roll = rng.randint(1, 100)
    for outcome in ctx.game.rules.loot:
        if outcome.low <= roll <= outcome.high:
            break
    else:  # pragma: no cover - the loader checks the table covers 1..100
        return
    found = _apply(ctx, convoy, outcome)
    ctx.report(f"Convoy #{convoy.number} looted {convoy.hex}: {found}.", "loot", "CC-CO-LOOT-01")


def _apply(ctx: TurnContext, convoy: Convoy, outcome: LootOutcome) -> str:
    rng = ctx.rng()
    if outcome.kind == "nothing":
        return "nothing of value"
    if outcome.kind == "scout_vehicle":
        vehicle = ctx.game.rules.convoy_types[convoy.convoy_type].vehicles[0]
        convoys.add_vehicles(ctx.game, convoy, vehicle, 1)
        return f"a {ctx.game.rules.vehicles[vehicle].name.lower()}, which joined the convoy"
    items = sorted(outcome.amounts.items())
    if outcome.kind == "gain_one_of":
        items = [rng.choice(items)]
    found = []
    for item, amount in items:
        value = amount.roll(rng)
        ctx.clan.stock.add(item, value)
        found.append(economy.describe_amount(item, value))
    text = ", ".join(found)
    return text if outcome.name in outcome.amounts or outcome.name == "weapons" \
        else f"{outcome.name}, {text}"
