"""City war orders: ATTACK (invade the city in the hex) and GUARD (defend a friendly city)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.combat import city_assault, city_battle
from conquest_tui.engine.convoys import experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.orderbook.declare import convoy_order
from conquest_tui.engine.orderbook.event_facts import keywords
from conquest_tui.engine.orders.arguments import no_more, quantity, word_at
from conquest_tui.engine.orders.model import ConvoyOrder
from conquest_tui.engine.orders.registry import OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import radio


@convoy_order("ATTACK", abbr="AT", syntax="ATTACK [troops]",
              summary="invade the city in this hex", rule="CC-CO-ATTACK-01")
@attrs.frozen
class Attack(ConvoyOrder):
    """Invade the city in the convoy's hex with all its troops or the number given
    (CC-CO-ATTACK, CC-CBC)."""

    troops: int = 0
    """0: every troop of the convoy."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """An optional number of troops."""
        token = word_at(words, 0)
        troops = quantity(token, "ATTACK") if token is not None else 0
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, troops=troops)

    def words(self, rules: Ruleset) -> str:
        """ATTACK, or ATTACK 12 for a number of troops."""
        return spaced(self.keyword, str(self.troops) if self.troops else "")

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Fight the assault; a win takes the city, a loss makes it hostile (CC-CBC-12/15)."""
        game = ctx.game
        problem = city_assault.attack_problem(game, convoy)
        if problem:
            ctx.fail(EventKind.CANNOT_ATTACK, "CC-CO-ATTACK-02", convoy=convoy.number,
                     **problem.as_facts())
            return
        city = game.city(convoy.hex)
        assert city is not None
        fight_for(ctx, convoy, city, min(self.troops or convoy.troops, convoy.troops))


def fight_for(ctx: TurnContext, convoy: Convoy, city: CityState, troops: int) -> None:
    """One assault of `troops` of the convoy's troops on the city, each its own battle
    (CC-CBC-16), applied to the game and told to everyone it touched."""
    game = ctx.game
    rng = ctx.rng()
    guards = city_assault.guards_of(game, city, convoy.owner)
    assault = city_assault.assault(game, convoy, city, troops, guards)
    result = city_battle.fight(assault, game.rules.combat.assault, rng)
    owner = city.owner
    site = game.city_site(city.hex)
    assert site is not None, f"no city stands in {city.hex}"
    name = site.name
    where = {"city": name, "hex": city.hex}
    convoy.troops -= result.attackers_lost
    convoy.rifles -= result.rifles_lost
    convoy.grenades -= result.grenades_used
    city.claymores -= result.claymores_lost
    city.troops = result.garrison_left
    city.population -= result.population_lost + result.pillage
    for guard, left in zip(guards, result.guards_left, strict=True):
        _tell_guard(ctx, guard, left, where)
    first = result.rounds[0] if result.rounds else city_battle.Round(
        0, assault.attacker_to_hit, assault.defender_to_hit, 0, 0, False, 0, 0, False, False,
        troops, assault.defenders)
    rounds = {"rounds": len(result.rounds), "troops": troops, "lost": result.attackers_lost,
              "killed": result.defenders_lost, "guards": sum(assault.guards),
              "garrison": assault.garrison, "to_hit": _percent(first.attacker_to_hit),
              "city_to_hit": _percent(first.defender_to_hit),
              "population": result.population_lost, "rifles_lost": result.rifles_lost,
              "grenades_used": result.grenades_used}
    replay = round_facts(troops, assault, result)
    trained = experts.raise_training(convoy, game.rules.morale.training_per_battle.roll(rng),
                                     game.rules)
    if result.won:
        destroyed = city.claymores
        _take(ctx, convoy, city)
        left = city_assault.garrison_left(game, convoy, city, convoy.troops, rng)
        convoy.troops -= left
        city.troops += left
        gain = experts.gourmet_morale_gain(
            convoy, game.rules.morale.city_captured.roll(rng), game.rules)
        convoy.morale += gain
        ctx.report(EventKind.CITY_CAPTURED, "CC-CBC-12", convoy=convoy.number, **keywords(where),
                   **rounds, **keywords(replay), owner=owner, pillage=result.pillage, left=left,
                   vigilance=int(experts.vigilance_applies(convoy) and ctx.clan.vigilance > 0),
                   morale=gain, training=trained, claymores=result.claymores_lost + destroyed)
        ctx.notify(owner, EventKind.CITY_LOST, "CC-CBC-12", **where, troops=assault.garrison,
                   claymores=result.claymores_lost + destroyed, attackers=troops,
                   population=result.population_lost, pillage=result.pillage,
                   **replay)
    else:
        if convoy.owner not in city.hostile_to:
            city.hostile_to.append(convoy.owner)
        loss = game.rules.morale.attack_failed.roll(rng)
        before = convoy.morale
        convoy.morale = max(game.rules.morale.minimum, before - loss)
        ctx.report(EventKind.CITY_ATTACK_FAILED, "CC-CBC-15", convoy=convoy.number,
                   **keywords(where), **rounds, **keywords(replay), owner=owner,
                   morale=before - convoy.morale, training=trained,
                   claymores=result.claymores_lost)
        ctx.notify(owner, EventKind.CITY_HELD, "CC-CBC-10", **where,
                   troops=assault.garrison - result.garrison_left,
                   claymores=result.claymores_lost, attackers=troops,
                   killed=result.attackers_lost, population=result.population_lost,
                   **replay)
    radio.broadcast(game, city.hex,
                    EventKind.CITY_CAPTURED if result.won else EventKind.CITY_ATTACK_FAILED,
                    [convoy.owner, owner, *(g.owner for g in guards)], attacker=convoy.owner,
                    owner=owner, won=int(result.won), city=where["city"])


def round_facts(troops: int, assault: city_battle.Assault,
                result: city_battle.AssaultResult) -> dict[str, Fact]:
    """The assault round by round, for a replay (`paper/battle_rounds`): `start` (attacking
    troops, defending troops), `by_round` one row per round (attackers lost, defenders the
    shot killed, people killed), `grenades` one (round, defenders killed) per grenade thrown."""
    return {"start": (troops, assault.defenders),
            "by_round": tuple((r.lost, r.killed, r.population) for r in result.rounds),
            "grenades": tuple((r.number, r.grenade) for r in result.rounds if r.grenade)}


def _take(ctx: TurnContext, convoy: Convoy, city: CityState) -> None:
    """The city changes hands: its claymores are destroyed, its hostility forgotten; buildings,
    fortifications and the people left stay (CC-CBC-13/14, CC-CITY-10)."""
    city.owner = convoy.owner
    city.conquered_turn = ctx.turn
    city.claymores = 0
    city.hostile_to = []
    city.junkyard_car = False


def _tell_guard(ctx: TurnContext, guard: Convoy, left: int, where: dict[str, str]) -> None:
    """A guarding convoy's losses, told to its Clan; beaten to the last troop, it stops
    guarding (CC-CBC-03)."""
    lost = guard.troops - left
    guard.troops = left
    if left == 0:
        guard.guarding = False
    ctx.notify(guard.owner, EventKind.GUARDS_FOUGHT, "CC-CBC-03", number=guard.number,
               lost=lost, left=left, **where)


def _percent(chance: float) -> int:
    """A to-hit as a whole percentage for the report."""
    return round(chance * 100)


@convoy_order("GUARD", abbr="GU", syntax="GUARD",
              summary="add the convoy's troops to a friendly city's defense",
              rule="CC-CO-GUARD-01")
@attrs.frozen
class Guard(ConvoyOrder):
    """Join the defense of the friendly city in the hex until the convoy moves again
    (CC-CO-GUARD, AMB-52)."""

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Guard the city; a PATROL ends, the convoy stays put this turn (CC-CO-GUARD-03)."""
        problem = city_assault.guard_problem(ctx.game, convoy)
        if problem:
            ctx.fail(EventKind.CANNOT_GUARD, "CC-CO-GUARD-01", convoy=convoy.number,
                     **problem.as_facts())
            return
        patrolled, convoy.patrolling = convoy.patrolling, False
        convoy.guarding = True
        convoy.last_done[city_assault.GUARD_KEY] = ctx.turn
        site = ctx.game.city_site(convoy.hex)
        assert site is not None
        ctx.report(EventKind.GUARD, "CC-CO-GUARD-02", convoy=convoy.number, city=site.name,
                   hex=convoy.hex, troops=convoy.troops, patrol=int(patrolled))

