"""Convoy battles in a hex: who fights whom; each battle applied and told to both Clans."""

from __future__ import annotations

from collections import Counter

from conquest_tui.engine.combat import fighters, judgement, repair
from conquest_tui.engine.combat.convoy_battle import (
    BattleResult,
    Fighter,
    SeededChances,
    SideResult,
    fight,
)
from conquest_tui.engine.convoys import (
    condition,
    convoy_transfers,
    convoys,
    dealer,
    encounters,
    experts,
)
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.world import radio, treaties

CARRIED = ("rifles", "grenades", "rockets", "bombs", "cargo")


def enemies(ctx: TurnContext, convoy: Convoy, *, hunting: bool = False) -> list[Convoy]:
    """The convoys here the convoy's Clan fights: not its own, not its allies' (CC-CL-ALLY-02),
    hidden ones only when hunting (CC-CBV-01/05); guards of a city first (CC-CBV-18), the rest
    in an unpredictable order."""
    return _enemies_among(ctx, convoy, ctx.game.convoys_in(convoy.hex), hunting=hunting)


def _enemies_among(ctx: TurnContext, convoy: Convoy, here: list[Convoy], *,
                   hunting: bool = False) -> list[Convoy]:
    allies = ctx.game.clan(convoy.owner).allies
    found = [other for other in here
             if other.owner != convoy.owner and other.owner not in allies
             and (hunting or not other.hidden)
             and not treaties.at_peace(ctx.game, convoy.owner, other.owner)]  # HOUSE-TREATY-03
    if len(found) > 1:
        ctx.rng().shuffle(found)
        found.sort(key=lambda other: not other.guarding)
    return found


def on_entry(ctx: TurnContext, convoy: Convoy) -> bool:
    """A convoy entering or pausing in a hex attacks each visible enemy convoy in turn until it
    is beaten; patrols it did not attack then surprise it (CC-CBV-01, CC-CO-PATROL-01). True
    when it is still here, in the open, having beaten or driven off every enemy it met (a hex
    attack may follow, CC-CBH-01)."""
    game = ctx.game
    here = game.convoys_in(convoy.hex)
    if all(other.owner == convoy.owner for other in here):
        return True
    clear = True
    fought: set[int] = set()
    for enemy in _enemies_among(ctx, convoy, here):
        if not _can_go_on(ctx, convoy):
            return False
        if not game.has_convoy(enemy) or enemy.hidden:
            continue
        fought.add(id(enemy))
        if not enemy.patrolling and _declines(ctx, convoy, enemy):
            clear = False
            continue
        result = battle(ctx, convoy, enemy, forced=enemy.patrolling)
        clear = clear and result.outcome == "attacker"
    for patrol in _patrols(ctx, convoy, fought):
        if not _can_go_on(ctx, convoy):
            return False
        result = battle(ctx, patrol, convoy, forced=True, surprise=True)
        clear = clear and result.outcome == "defender"
    return clear and _can_go_on(ctx, convoy)


def hunt(ctx: TurnContext, convoy: Convoy, targets: list[Convoy]) -> int:
    """HUNT: attack each of `targets` (its `enemies`, hidden ones too) for at least one round
    (CC-CO-HUNT-01, CC-CBV-05). Returns the number of battles fought."""
    fought = 0
    for enemy in targets:
        if not _can_go_on(ctx, convoy):
            break
        if not ctx.game.has_convoy(enemy):
            continue
        _meet(ctx, enemy.owner, convoy.hex)  # a hidden convoy found is met in the battle
        battle(ctx, convoy, enemy, forced=True, surprise=True)
        fought += 1
    return fought


def _declines(ctx: TurnContext, convoy: Convoy, enemy: Convoy) -> bool:
    """Whether the convoy, not bound to fight, thinks better of attacking `enemy` (CC-CBV-02),
    sized up before either side is made ready for battle; if so its Clan is told, as `battle`
    tells a declined one."""
    game = ctx.game
    if judgement.engages(fighters.assessment(game, convoy, enemy),
                         fighters.assessment(game, enemy, convoy), game.rules.combat):
        return False
    _tell(ctx, convoy, "CC-CBV-02", why="declined", role="attacker", hex=convoy.hex,
          enemy=enemy.owner, enemy_convoy=enemy.number)
    return True


def _meet(ctx: TurnContext, owner: int, hex_id: str) -> None:
    """A Clan fought for the first time is met: both learn who the other is (CC-GEN-12)."""
    met = ctx.clan.met_clans
    if owner in met:
        return
    met.append(owner)
    met.sort()
    encounters.introduce(ctx, [owner], hex_id)


def _can_go_on(ctx: TurnContext, convoy: Convoy) -> bool:
    return ctx.game.has_convoy(convoy) and not convoy.hidden


def _patrols(ctx: TurnContext, convoy: Convoy, fought: set[int]) -> list[Convoy]:
    """Patrolling convoys here that attack the newcomer: not its Clan's, not ones whose Clan
    counts it an ally, not ones it already fought (CC-CO-PATROL-01)."""
    game = ctx.game
    return [other for other in game.convoys_in(convoy.hex)
            if other.patrolling and not other.hidden and other.owner != convoy.owner
            and id(other) not in fought and convoy.owner not in game.clan(other.owner).allies
            and not treaties.at_peace(game, convoy.owner, other.owner)]  # HOUSE-TREATY-03


def battle(ctx: TurnContext, attacker: Convoy, defender: Convoy, *, forced: bool = False,
           surprise: bool = False) -> BattleResult:
    """One battle: fought by the pure `convoy_battle.fight`, then applied to both convoys,
    told to both Clans and broadcast (CC-CBV-02…17). `surprise`: the attacker hunts or patrols;
    a patrolling defender strikes by surprise too (CC-CNV-05, CC-CO-PATROL-04)."""
    game = ctx.game
    a_side = fighters.fighter(game, attacker, defender, surprise=surprise)
    d_side = fighters.fighter(game, defender, attacker, surprise=defender.patrolling)
    result = fight(a_side, d_side, game.rules.combat, SeededChances(ctx.rng()), forced=forced)
    hex_id = attacker.hex
    if result.outcome == "declined":
        _tell(ctx, attacker, "CC-CBV-02", why="declined", role="attacker", hex=hex_id,
              enemy=defender.owner, enemy_convoy=defender.number)
        return result
    dealt = _dealt(result)
    replays = round_facts(result, a_side, d_side)
    sides = ((attacker, result.attacker, defender, result.defender, "attacker", dealt[0]),
             (defender, result.defender, attacker, result.attacker, "defender", dealt[1]))
    for (convoy, own, enemy, theirs, role, (gave, took)), replay in zip(sides, replays,
                                                                        strict=True):
        _apply(ctx, convoy, own, enemy, theirs, role, result, hex_id, gave, took, replay)
    radio.broadcast(game, hex_id, EventKind.CONVOY_BATTLE, [attacker.owner, defender.owner],
                    attacker=attacker.owner, defender=defender.owner)
    return result


def _dealt(result: BattleResult) -> tuple[tuple[int, int], tuple[int, int]]:
    """((attacker dealt, attacker took), (defender dealt, defender took)) in points."""
    by_attacker = sum(r.attacker.salvo + r.attacker.rocket for r in result.rounds)
    by_defender = sum(r.defender.salvo + r.defender.rocket for r in result.rounds)
    return (by_attacker, by_defender), (by_defender, by_attacker)


def round_facts(result: BattleResult, attacker: Fighter,
                defender: Fighter) -> tuple[dict[str, Fact], dict[str, Fact]]:
    """The battle round by round, as the attacker and as the defender saw it (for a replay,
    `paper/battle_rounds`): `start` (own troops, own vehicles, their troops, their vehicles),
    `by_round` one row per round (damage dealt, damage taken, of it by own rocket, by theirs,
    own troops lost, theirs), `wrecks` one (round, 0 own / 1 theirs, index in `lost` /
    `enemy_lost`) per vehicle destroyed."""
    sides = ((attacker, defender, result.attacker, result.defender, True),
             (defender, attacker, result.defender, result.attacker, False))
    out = []
    for own, enemy, own_out, their_out, attacking in sides:
        own_kinds, their_kinds = sorted(set(own_out.destroyed)), sorted(set(their_out.destroyed))
        rows: list[Fact] = []
        wrecks: list[Fact] = []
        for r in result.rounds:
            mine, theirs = (r.attacker, r.defender) if attacking else (r.defender, r.attacker)
            rows.append((mine.salvo + mine.rocket, theirs.salvo + theirs.rocket, mine.rocket,
                         theirs.rocket, theirs.troops_killed, mine.troops_killed))
            wrecks += [(r.number, 0, own_kinds.index(key)) for key in theirs.destroyed]
            wrecks += [(r.number, 1, their_kinds.index(key)) for key in mine.destroyed]
        seen: dict[str, Fact] = {
            "start": (own.troops, len(own.units), enemy.troops, len(enemy.units)),
            "by_round": tuple(rows), "wrecks": tuple(wrecks)}
        out.append(seen)
    return out[0], out[1]


def _why(own: SideResult, theirs: SideResult) -> str:
    if own.wiped_out:
        return "both_destroyed" if theirs.wiped_out else "destroyed"
    if own.fled:
        return "fled"
    return "won_destroyed" if theirs.wiped_out else "won_fled"


def _apply(ctx: TurnContext, convoy: Convoy, own: SideResult, enemy: Convoy, theirs: SideResult,
           role: str, result: BattleResult, hex_id: str, dealt: int, taken: int,
           replay: dict[str, Fact]) -> None:
    """Losses, then repair, hiding, morale and training; one event for the convoy's Clan, with
    the battle round by round as seen from this side (`replay`)."""
    game = ctx.game
    rules = game.rules
    why = _why(own, theirs)
    convoy.troops -= own.troops_killed
    convoy.rockets -= own.rockets_fired
    destroyed = Counter(own.destroyed)
    facts: dict[str, object] = {
        "why": why, "role": role, "hex": hex_id, "enemy": enemy.owner,
        "enemy_convoy": enemy.number, "rounds": len(result.rounds), "dealt": dealt,
        "taken": taken, "troops_lost": own.troops_killed, "vehicles_lost": len(own.destroyed),
        "lost": _counted(ctx, destroyed), "killed": theirs.troops_killed,
        "enemy_lost": _counted(ctx, Counter(theirs.destroyed)),
        "rockets_fired": own.rockets_fired, **replay,
    }
    if own.wiped_out:
        gone = convoys.aboard(convoy)
        gone.pop("vehicles")
        facts["troops_lost"] = own.troops_killed + gone.pop("troops")
        facts["gone"] = tuple(sorted(gone.items()))
        game.remove_convoy(convoy)
        _tell(ctx, convoy, "CC-CBV-10", **facts)
        return
    overflow = sum(convoys.remove_vehicles(game, convoy, key, count)
                   for key, count in sorted(destroyed.items()))
    facts.update(convoys.overflow_fact(overflow))
    morale = _morale(ctx, convoy, won=not own.fled)
    facts["morale"] = morale
    facts["training"] = experts.raise_training(
        convoy, rules.morale.training_per_battle.roll(ctx.rng()), rules)
    if own.fled:
        convoy.hidden = True      # CC-CBV-15: the loser hides
        convoy.patrolling = False
    _tell(ctx, convoy, "CC-CBV-15" if own.fled else "CC-CBV-10", **facts)
    _repair(ctx, convoy, own)


def _morale(ctx: TurnContext, convoy: Convoy, *, won: bool) -> int:
    """+5–10 for a battle won (Gourmet ×1.15), −5–10 for one lost or fled (AMB-37)."""
    rules = ctx.game.rules
    if won:
        gain = rules.morale.battle_won.roll(ctx.rng())
        return condition.change_morale(
            convoy, experts.gourmet_morale_gain(convoy, gain, rules), rules)
    return condition.change_morale(convoy, -rules.morale.battle_lost.roll(ctx.rng()), rules)


def _repair(ctx: TurnContext, convoy: Convoy, own: SideResult) -> None:
    """Repair with parts, scrapping when short (CC-CBV-12/13); a convoy scrapped to nothing
    disbands with what it carried."""
    if not any(own.damage):
        return
    game = ctx.game
    if convoy.owner == ctx.clan.number:  # the active Clan's Dealer may buy the parts (CC-RES-15)
        need = repair.parts_needed(sum(own.damage), repair.hit_points_per_part(game, convoy))
        dealer.cover(ctx, convoy, "parts", need, "battle repairs")
    done = repair.repair(game, convoy, own.survivors, own.damage)
    facts: dict[str, object] = {"damage": done.damage, "need": done.need, "paid": done.paid,
                                "scrapped": _counted(ctx, Counter(done.scrapped)),
                                "vehicles_scrapped": len(done.scrapped), "gained": done.gained}
    if done.scrapped and convoy.vehicles:
        facts.update(convoys.overflow_fact(convoys.shed_overflow(game, convoy)))
    if not convoy.vehicles:
        gone = convoys.aboard(convoy)
        gone.pop("vehicles")
        facts["gone"] = tuple(sorted(gone.items()))
        game.remove_convoy(convoy)
    _tell(ctx, convoy, "CC-CBV-13" if done.scrapped else "CC-CBV-12", EventKind.BATTLE_REPAIR,
          **facts)


def _counted(ctx: TurnContext, vehicles: Counter[str]) -> tuple[tuple[int, str, str], ...]:
    """(count, name, plural) per kind: ((2, "car", "cars"),)."""
    return tuple(convoy_transfers.vehicle_words(ctx.game, key, count)
                 for key, count in sorted(vehicles.items()))


def _tell(ctx: TurnContext, convoy: Convoy, rule: str,
          kind: EventKind = EventKind.CONVOY_BATTLE, /, **facts: object) -> None:
    """The event for the convoy's Clan: in the active Clan's report, or in an idle Clan's inbox
    for its next turn (CC-CBV-17, AMB-90)."""
    if convoy.owner == ctx.clan.number:
        ctx.report(kind, rule, convoy=convoy.number, **facts)
    else:
        ctx.notify(convoy.owner, kind, rule, convoy=convoy.number, **facts)
