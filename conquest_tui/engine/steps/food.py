"""Food for one pulse: convoy troops first, then the pool; the unfed may desert (CC-SEQ-08)."""

from __future__ import annotations

import math

from conquest_tui.engine.convoys import convoy_stats, convoys, dealer
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.dice import binomial
from conquest_tui.engine.core.events import EventKind, int_fact
from conquest_tui.engine.core.items import CARRIED_WEAPONS
from conquest_tui.engine.core.state import Clan, Convoy

MILLI = 1000


def whole_food(clan: Clan) -> int:
    """Units of food in the stockpile that no troop has begun to eat: the stockpile counts the
    partly eaten unit as one (AMB-60), and a Clan cannot sell it (SELL, CC-CL-SELL-01)."""
    return max(0, (clan.stock.food * MILLI - clan.food_eaten_milli) // MILLI)


def _ration_milli(ctx: TurnContext, convoy: Convoy) -> float:
    """Thousandths of food one troop of this convoy eats per pulse (CC-CNV-35/36, AMB-87)."""
    rules = ctx.game.rules
    per_turn = rules.consumption.food_per_troop * MILLI
    factor = 1.0 - convoy_stats.training_percent(convoy.training, rules) / 100
    factor -= convoy_stats.expert_percent(convoy, "GOU", rules) / 100
    factor += (100 - convoy.health) // rules.consumption.health_points_per_percent / 100
    return per_turn * max(factor, 0.0) / convoy_stats.pulses(convoy, rules)


def run_pulse(ctx: TurnContext, pulse: int) -> None:
    """Eat one pulse of food; each troop left unfed deserts with 10% chance (AMB-44)."""
    game, clan = ctx.game, ctx.clan
    rules = game.rules
    eaters: list[tuple[Convoy | None, int, float]] = []
    for convoy in game.convoys_of(clan.number):
        if convoy.troops and pulse <= convoy_stats.pulses(convoy, rules):
            eaters.append((convoy, convoy.troops, _ration_milli(ctx, convoy)))
    if clan.stock.troops and pulse <= rules.order_lines.convoy:
        per_turn = rules.consumption.food_per_troop * MILLI
        eaters.append((None, clan.stock.troops, per_turn / rules.order_lines.convoy))
    if not eaters:
        return
    had, bought = clan.stock.food, 0
    available: float = clan.stock.food * MILLI - clan.food_eaten_milli
    for eater, troops, ration in eaters:
        need = troops * ration
        if need > available and eater is not None:
            dealt = _dealer_food(ctx, eater, need - available)
            available += dealt
            bought += dealt // MILLI
        if need <= available:
            available -= need
            continue
        fed = max(0, int(available // ration)) if ration else troops
        available -= fed * ration
        _desert(ctx, eater, troops - fed)
    # Below zero only when the unit already bitten left the stockpile (a CELEBRATE, a theft):
    # nobody ate from nothing, and the bites stay owed by the next food to come.
    left = int(available)
    clan.stock.food = max(0, math.ceil(left / MILLI))
    clan.food_eaten_milli = clan.stock.food * MILLI - left
    if had + bought > clan.stock.food:
        _on_the_books(ctx, had + bought - clan.stock.food)


def _on_the_books(ctx: TurnContext, eaten: int) -> None:
    """Whole units of food gone from the stockpile this pulse, added to the turn's one
    books-only FOOD_EATEN event (made at the first pulse that eats a whole unit)."""
    for event in ctx.events:
        if event.kind == EventKind.FOOD_EATEN:
            event.facts["food"] = int_fact(event.facts, "food") + eaten
            return
    ctx.report(EventKind.FOOD_EATEN, "CC-SEQ-08", line=0, convoy=0, food=eaten)


def _dealer_food(ctx: TurnContext, convoy: Convoy, short_milli: float) -> int:
    """Thousandths of food the convoy's Dealer bought for this pulse's ration (AMB-85)."""
    units = math.ceil(round(short_milli / MILLI, 6))
    stock = ctx.clan.stock
    if dealer.cover(ctx, convoy, "food", stock.food + units, "its troops' rations"):
        return units * MILLI
    return 0


def _desert(ctx: TurnContext, convoy: Convoy | None, unfed: int) -> None:
    rules = ctx.game.rules
    chance = rules.consumption.desertion_chance
    rng = ctx.rng()
    deserters = binomial(rng, unfed, chance)
    if deserters == 0:
        ctx.report(EventKind.HUNGRY, "CC-SEQ-08", line=0, convoy=convoy.number if convoy else 0,
                   unfed=unfed)
        return
    if convoy is None:
        ctx.clan.stock.troops -= deserters
        ctx.report(EventKind.DESERTION, "CC-SEQ-08", line=0, convoy=0, deserters=deserters,
                   weapon="", morale=0)
        return
    convoy.troops -= deserters
    convoy.morale = max(0, convoy.morale - rules.morale.desertion_loss)
    lost = ""
    if rng.random() < rules.consumption.desertion_weapon_chance:
        carried = [weapon for weapon in CARRIED_WEAPONS if convoy.carried(weapon)]
        if carried:
            weapon = rng.choice(carried)
            convoy.set_carried(weapon, convoy.carried(weapon) - 1)
            lost = weapon.value
    ctx.report(EventKind.DESERTION, "CC-SEQ-08", line=0, convoy=convoy.number,
               deserters=deserters, weapon=lost, morale=convoy.morale)
    if convoy.troops == 0 and rng.random() < rules.consumption.desertion_vehicle_chance:
        _vehicle_deserts(ctx, convoy)


def _vehicle_deserts(ctx: TurnContext, convoy: Convoy) -> None:
    """With no troops left, the smallest vehicle may drive off too (AMB-44, CC-CNV-72)."""
    rules = ctx.game.rules
    smallest = min(convoy.vehicles, key=lambda key: (rules.vehicles[key].size, key))
    dumped = convoys.remove_vehicles(ctx.game, convoy, smallest, 1)
    name = rules.vehicles[smallest].name.lower()
    ctx.report(EventKind.VEHICLE_DESERTED, "CC-SEQ-08", line=0, convoy=convoy.number,
               vehicle=name, **convoys.overflow_fact(dumped))
    if not convoy.vehicles:
        ctx.game.remove_convoy(convoy)
        ctx.report(EventKind.DISBAND, "CC-CNV-72", line=0, convoy=convoy.number,
                   why="no_vehicles", **convoys.aboard(convoy))
