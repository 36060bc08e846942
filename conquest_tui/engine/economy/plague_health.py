"""Convoys and the Scourge: infection in afflicted cities, health lost each pulse, vaccine healing.

CC-CNV-25…29, CC-RES-12; numbers from AMB-35 (infection, loss) and AMB-36 (vaccine to heal).
"""

from __future__ import annotations

import math
from random import Random

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.rng import turn_rng
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy import plague_cure
from conquest_tui.engine.rules.ruleset import Ruleset

FULL_HEALTH = 100


def _rng(ctx: TurnContext, convoy: Convoy, what: str) -> Random:
    """A draw of the Plague's own, so that the Plague never shifts any other draw of the turn."""
    return turn_rng(ctx, ctx.turn, ctx.clan.number, "plague", what, ctx.phase,
                   ctx.pulse, convoy.number, convoy.hex)


def on_enter(ctx: TurnContext, convoy: Convoy) -> None:
    """After a move or PAUSE into a hex: AID cures the city, then the convoy may catch the
    Scourge there (CC-CO-AID-02, AMB-35, AMB-93)."""
    city = ctx.game.city(convoy.hex)
    if city is None or not city.plague:
        return
    if convoy.aid and plague_cure.DOCTOR in convoy.experts:
        problem = plague_cure.cure(ctx, convoy, automatic=True)
        if problem is not None:
            ctx.report(EventKind.CANNOT_CURE, "CC-CO-AID-02", why="aid", convoy=convoy.number,
                       **problem.as_facts())
    if not city.plague or convoy.infected:
        return
    rules = ctx.game.rules.plague
    chance = (rules.doctor_infection_chance if plague_cure.DOCTOR in convoy.experts
              else rules.convoy_infection_chance)
    if _rng(ctx, convoy, "infection").random() < chance:
        convoy.infected = True
        ctx.report(EventKind.INFECTED, "CC-CNV-26", convoy=convoy.number,
                   city=plague_cure.city_name(ctx.game, city), hex=city.hex)


def sicken(ctx: TurnContext, pulse: int) -> None:
    """End of a pulse: every infected convoy loses 1–2 health (AMB-35); told when it falls
    below the health its troops or its orders need, and at its last pulse (CC-CNV-30/31)."""
    rules = ctx.game.rules
    desert, stop = rules.consumption.troop_loss_health, rules.consumption.no_orders_health
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        if not convoy.infected or convoy.health <= 0:
            continue
        last = convoy_stats.pulses(convoy, rules)
        if pulse > last:
            continue
        before = convoy.health
        loss = rules.plague.convoy_health_loss.roll(_rng(ctx, convoy, "health"))
        convoy.health = max(0, before - loss)
        crossed = next((limit for limit in (stop, desert)
                        if convoy.health < limit <= before), 0)
        if crossed or pulse == last:
            ctx.report(EventKind.SICKENED, "CC-CNV-25", line=0, convoy=convoy.number,
                       health=convoy.health, below=crossed, stop=stop, desert=desert)


def heal_vaccine(convoy: Convoy, rules: Ruleset) -> int:
    """Vaccine that cures the convoy's Scourge (AMB-36): ⌈size × (100 − health) / 100 × Doctor
    factor⌉, at least 1; 0 when it is not infected (only the Scourge takes health away, and the
    infection clears only at 100%)."""
    if not convoy.infected:
        return 0
    share = convoy_stats.size(convoy, rules) * (FULL_HEALTH - convoy.health) / FULL_HEALTH
    need = math.ceil(round(share * plague_cure.doctor_factor(convoy, rules), 6))
    return max(1, need)


def heal(ctx: TurnContext) -> None:
    """Heal every infected convoy of the Clan in number order with the stockpile's vaccine,
    wherever it is (CC-CNV-27/28, CC-RES-12); short of vaccine, the last gets health in
    proportion."""
    rules, stock = ctx.game.rules, ctx.clan.stock
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        need = heal_vaccine(convoy, rules)
        if need == 0:
            continue
        before = convoy.health
        if stock.vaccine >= need:
            spent, convoy.health, convoy.infected = need, FULL_HEALTH, False
        else:
            spent = stock.vaccine
            convoy.health += (FULL_HEALTH - before) * spent // need
        stock.vaccine -= spent
        why = "healed" if convoy.health == FULL_HEALTH and not convoy.infected else \
            "partly" if spent else "none"
        ctx.report(EventKind.HEALED, "CC-CNV-27", line=0, convoy=convoy.number, why=why,
                   vaccine=spent, need=need, was=before, health=convoy.health,
                   doctor=int(plague_cure.DOCTOR in convoy.experts))
