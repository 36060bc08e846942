"""Convoy battles, rule by rule: rounds, allocation, flight, surprise, HUNT and hiding (CC-CBV)."""

from __future__ import annotations

from random import Random

import attrs
import pytest
from game_helpers import convoy_of, first_clan
from test_war_convoys import FIELD
from war_helpers import ctx_of, kinds, order, place, two_clans

from conquest_tui.engine.combat import convoy_clash, judgement
from conquest_tui.engine.combat.convoy_battle import (
    BattleResult,
    Fighter,
    SeededChances,
    fight,
)
from conquest_tui.engine.combat.fighters import fighter
from conquest_tui.engine.combat.repair import parts_needed
from conquest_tui.engine.convoys import experts, movement
from conquest_tui.engine.convoys.convoy_stats import combat_strength
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.rules.ruleset_combat import CombatRules
from conquest_tui.engine.rules.ruleset_values import Dice

COAST = "0404"
"""A coastal plains hex; the water hex 0304 lies north-west of it, the plains 0405 south."""


class Script:
    """Scripted dice: every die rolls its average (or `roll_as`), a troop's point of damage lands
    when `troops_hit`, a point lands on a troop when `on_troops`, a vehicle hit is `hit` points,
    rockets do `rocket` and targets are picked in turn. Records every chance asked."""

    def __init__(self, *, troops_hit: bool = True, on_troops: bool = False, hit: int = 10,
                 rocket: int = 50, roll_as: int | None = None) -> None:
        self.troops_hit, self.on_troops, self.hit = troops_hit, on_troops, hit
        self.rocket, self.roll_as = rocket, roll_as
        self.picks = 0
        self.asked: list[float] = []

    def chance(self, probability: float) -> bool:
        self.asked.append(probability)
        return self.troops_hit if probability == 0.5 else self.on_troops

    def between(self, low: int, high: int) -> int:
        return self.rocket if low >= 20 else self.hit

    def pick(self, count: int) -> int:
        self.picks += 1
        return (self.picks - 1) % count

    def roll(self, dice: Dice) -> int:
        return int(dice.average) if self.roll_as is None else self.roll_as


def rounds_at_most(game: Game, rounds: int) -> CombatRules:
    return attrs.evolve(game.rules.combat, max_rounds=rounds)


def pair(game: Game, own_vehicles: dict[str, int], own_troops: int,
         other_vehicles: dict[str, int], other_troops: int,
         hex_id: str = FIELD) -> tuple[Convoy, Convoy]:
    own, other = two_clans(game, (hex_id, own_vehicles, own_troops),
                           (hex_id, other_vehicles, other_troops))
    for convoy in (own, other):
        convoy.training, convoy.morale, convoy.health = 30, 30, 100   # damage factor 1.0
    return own, other


def scripted(monkeypatch: pytest.MonkeyPatch, script: Script) -> None:
    """Battles in the turn draw from `script` instead of the turn's generator."""
    monkeypatch.setattr(convoy_clash, "SeededChances", lambda rng: script)


def recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Fighter, Fighter, BattleResult]]:
    """Every battle fought in the turn: (attacker, defender, result)."""
    seen: list[tuple[Fighter, Fighter, BattleResult]] = []

    def spy(attacker: Fighter, defender: Fighter, *args: object,
            **kwargs: object) -> BattleResult:
        result = fight(attacker, defender, *args, **kwargs)  # type: ignore[arg-type]
        seen.append((attacker, defender, result))
        return result

    monkeypatch.setattr(convoy_clash, "fight", spy)
    return seen


def second_convoy(game: Game, like: Convoy, vehicles: dict[str, int], troops: int) -> Convoy:
    """Another convoy of the same Clan in the same hex."""
    extra = attrs.evolve(like, number=like.number + 1, vehicles=dict(vehicles), troops=troops,
                         last_done={})
    game.state.convoys.append(extra)
    return extra


def battles_of(ctx: TurnContext, convoy: Convoy) -> list:
    """The convoy's battle events: in the active Clan's report or its owner's inbox."""
    events = ctx.events + ctx.game.clan(convoy.owner).inbox
    return [e for e in kinds(events, EventKind.CONVOY_BATTLE)
            if e.clan == convoy.owner and convoy.number in (e.convoy, e.facts.get("convoy"))]


# --- hiding ------------------------------------------------------------------------------------


def test_a_hidden_convoy_is_attacked_only_by_a_hunt_cc_cnv_76(game: Game) -> None:
    """Moving onto a hidden enemy starts no battle and leaves it untouched; HUNT finds it."""
    ctx = ctx_of(game)
    own, other = pair(game, {"truck": 2}, 40, {"car": 2}, 6)
    game.move_convoy(own, "0406")
    other.hidden = True
    order(ctx, own, "NE")
    assert own.hex == FIELD
    assert not kinds(ctx.events, EventKind.CONVOY_BATTLE)
    assert other.hidden and other.vehicles == {"car": 2} and other.troops == 6
    order(ctx, own, "HUNT")
    assert kinds(ctx.events, EventKind.HUNT)[0].facts["found"] == 1
    assert battles_of(ctx, other)


# --- who must fight ----------------------------------------------------------------------------


def test_the_defender_endures_one_round_before_fleeing_cc_cbv_03(game: Game) -> None:
    """One car against two trucks thinks the fight hopeless from the start, yet it is hit in a
    first round before it may flee."""
    ctx = ctx_of(game)
    own, other = pair(game, {"truck": 2}, 40, {"car": 1}, 2)
    combat = game.rules.combat
    strong = judgement.assess(64, 40, 0, 1.0, 300, combat)
    weak = judgement.assess(8, 2, 0, 1.0, 30, combat)
    assert judgement.hopeless(weak, strong, combat)
    for pulse in range(1, 6):
        ctx.pulse = pulse
        other = place(game, other, FIELD, {"car": 1}, 2)
        if not game.has_convoy(other):
            game.state.convoys.append(other)
        order(ctx, own, "PAUSE")
        told = battles_of(ctx, other)[-1]
        assert told.facts["role"] == "defender"
        assert told.facts["rounds"] >= 1 and told.facts["taken"] > 0
        assert told.facts["why"] in ("fled", "destroyed")


def test_a_weak_hunter_cannot_decline_a_hidden_enemy_cc_cbv_05(game: Game) -> None:
    """Two cars hunting two hidden trucks: a real battle of at least one round."""
    ctx = ctx_of(game)
    own, other = pair(game, {"car": 2}, 6, {"truck": 2}, 40)
    other.hidden = True
    order(ctx, own, "HUNT")
    first = battles_of(ctx, own)
    assert first and first[0].facts["why"] != "declined" and first[0].facts["rounds"] >= 1


def test_a_hunter_fights_hidden_and_visible_enemies_alike_cc_cbv_05(game: Game) -> None:
    """Two trucks hunting a hidden and a visible car convoy fight both, each a round or more."""
    ctx = ctx_of(game)
    own, other = pair(game, {"truck": 2}, 40, {"car": 1}, 2)
    other.hidden = True
    visible = second_convoy(game, other, {"car": 1}, 2)
    visible.hidden = False
    order(ctx, own, "HUNT")
    fought = battles_of(ctx, own)
    assert {e.facts["enemy_convoy"] for e in fought} == {other.number, visible.number}
    assert all(e.facts["rounds"] >= 1 and e.facts["why"] != "declined" for e in fought)


def test_a_patrol_does_not_attack_a_hidden_convoy_cc_cnv_76(game: Game) -> None:
    ctx = ctx_of(game)
    own, other = pair(game, {"car": 1}, 2, {"truck": 2}, 40)
    other.patrolling = True
    own.hidden = True
    assert convoy_clash.on_entry(ctx, own) is False
    assert not kinds(ctx.events, EventKind.CONVOY_BATTLE)
    assert own.vehicles == {"car": 1}


# --- a round -----------------------------------------------------------------------------------


def test_rockets_fly_before_the_salvos_cc_cbv_06(game: Game) -> None:
    """A 50-point rocket destroys the enemy's only car before it fires: it deals nothing back."""
    own, other = pair(game, {"car": 1}, 0, {"car": 1}, 0)
    own.rockets = 1
    result = fight(fighter(game, own, other), fighter(game, other, own), game.rules.combat,
                   Script(rocket=50), forced=True)
    first = result.rounds[0]
    assert first.attacker.rocket == 50 and first.attacker.destroyed == ("car",)
    assert first.defender.salvo == 0 and result.attacker.damage == (0,)
    assert result.outcome == "attacker" and result.defender.wiped_out


def test_a_salvo_is_every_vehicles_dice_plus_a_point_per_troop_that_hits_cc_cbv_06_amb_03(
        game: Game) -> None:
    """A car (2d6+1, average 8) with 10 troops: 18 when every troop hits, 8 when none does;
    each troop gets one 50% chance a round; Combat Strength counts each troop once."""
    own, other = pair(game, {"car": 1}, 10, {"truck": 1}, 0)
    combat = rounds_at_most(game, 1)
    every = Script(troops_hit=True)
    result = fight(fighter(game, own, other), fighter(game, other, own), combat, every,
                   forced=True)
    assert result.rounds[0].attacker.salvo == 18
    assert every.asked.count(0.5) == 10
    none = Script(troops_hit=False)
    result = fight(fighter(game, own, other), fighter(game, other, own), combat, none,
                   forced=True)
    assert result.rounds[0].attacker.salvo == 8
    before = combat_strength(own, game.rules)
    own.troops += 5
    assert combat_strength(own, game.rules) == before + 5


def test_troop_damage_is_a_coin_toss_per_troop_amb_03(game: Game) -> None:
    """Over many seeded rounds 200 troops deal about 100 points a round."""
    own, other = pair(game, {"bike": 1}, 200, {"tank": 1}, 0)
    combat = rounds_at_most(game, 1)
    salvos = [fight(fighter(game, own, other), fighter(game, other, own), combat,
                    SeededChances(Random(seed)), forced=True).rounds[0].attacker.salvo
              for seed in range(20)]
    mean = sum(salvos) / len(salvos) - 2     # a bike's 1d3 averages 2
    assert 90 <= mean <= 110


# --- where the points go -----------------------------------------------------------------------


def test_a_point_on_a_troop_kills_it_then_all_goes_to_vehicles_cc_cbv_08(game: Game) -> None:
    """A truck's salvo of 32 (8d6+4) against a truck with 5 troops, every point drawn onto a
    troop: 5 troops die and the other 27 land on the vehicle; the troop chance is 1 in 5."""
    own, other = pair(game, {"truck": 1}, 0, {"truck": 1}, 5)
    combat = rounds_at_most(game, 1)
    script = Script(on_troops=True, hit=7)
    result = fight(fighter(game, own, other), fighter(game, other, own), combat, script,
                   forced=True)
    assert result.rounds[0].attacker.salvo == 32
    assert result.defender.troops_killed == 5
    assert result.defender.damage == (27,)
    assert set(script.asked) - {0.5} == {0.2}
    script = Script(on_troops=False, hit=7)
    result = fight(fighter(game, own, other), fighter(game, other, own), combat, script,
                   forced=True)
    assert result.defender.troops_killed == 0 and result.defender.damage == (32,)


class Counting:
    """Seeded chances that note every vehicle hit drawn."""

    def __init__(self, seed: int) -> None:
        self.seeded = SeededChances(Random(seed))
        self.hits: list[int] = []

    def chance(self, probability: float) -> bool:
        return self.seeded.chance(probability)

    def between(self, low: int, high: int) -> int:
        value = self.seeded.between(low, high)
        self.hits.append(value)
        return value

    def pick(self, count: int) -> int:
        return self.seeded.pick(count)

    def roll(self, dice: Dice) -> int:
        return self.seeded.roll(dice)


def test_a_vehicle_hit_is_5_to_10_points_at_once_cc_cbv_08(game: Game) -> None:
    """A truck's salvo on a truck with no troops lands whole, in hits of 5–10 points: never
    fewer hits than a tenth of the salvo, never more than a fifth."""
    own, other = pair(game, {"truck": 1}, 0, {"truck": 1}, 0)
    combat = rounds_at_most(game, 1)
    for seed in range(10):
        chances = Counting(seed)
        result = fight(fighter(game, own, other), fighter(game, other, own), combat, chances,
                       forced=True)
        salvos = (result.rounds[0].attacker.salvo, result.rounds[0].defender.salvo)
        assert result.defender.damage == (salvos[0],)
        assert result.attacker.damage == (salvos[1],)
        assert all(5 <= hit <= 10 for hit in chances.hits)
        fewest = sum(-(-salvo // 10) for salvo in salvos)
        most = sum(-(-salvo // 5) for salvo in salvos)
        assert fewest <= len(chances.hits) <= most


def test_kill_mode_v_keeps_hitting_one_vehicle_until_destroyed_cc_cbv_08(game: Game) -> None:
    """The same salvo of 51 on three cars (30 HP) in hits of 10: spread, no car is destroyed;
    with Kill Mode V the first car takes 30 and is destroyed, the next takes the rest."""
    own, other = pair(game, {"truck": 2}, 0, {"car": 3}, 0)
    combat = rounds_at_most(game, 1)
    base = attrs.evolve(fighter(game, own, other), factor=51 / 64)
    spread = fight(base, fighter(game, other, own), combat, Script(), forced=True)
    assert spread.rounds[0].attacker.salvo == 51
    assert spread.rounds[0].attacker.destroyed == ()
    focused = fight(attrs.evolve(base, kill_vehicles=True), fighter(game, other, own), combat,
                    Script(), forced=True)
    assert focused.rounds[0].attacker.destroyed == ("car",)
    assert sorted(focused.defender.damage) == [0, 21]


# --- after each round --------------------------------------------------------------------------


def test_both_sides_reassess_after_every_round_and_the_loser_hides_cc_cbv_10_cc_cbv_15(
        game: Game) -> None:
    """Even sides fight round after round; only the last round ends with a side fleeing (or
    wiped out); the side that fled is hidden; the winner's morale rises, the loser's falls."""
    ctx = ctx_of(game)
    own, other = pair(game, {"truck": 1}, 20, {"truck": 1}, 20)
    for pulse in range(1, 30):
        ctx.pulse = pulse
        place(game, own, FIELD, {"truck": 1}, 20)
        place(game, other, FIELD, {"truck": 1}, 20)
        own.morale = other.morale = 50
        result = convoy_clash.battle(ctx, own, other, forced=True)
        if len(result.rounds) < 2 or result.attacker.wiped_out or result.defender.wiped_out:
            continue
        assert not any(r.attacker_flees or r.defender_flees for r in result.rounds[:-1])
        assert result.rounds[-1].attacker_flees != result.rounds[-1].defender_flees
        loser, winner = (own, other) if result.attacker.fled else (other, own)
        assert loser.hidden and not winner.hidden
        assert battles_of(ctx, loser)[-1].facts["why"] == "fled"
        assert battles_of(ctx, winner)[-1].facts["why"] == "won_fled"
        assert winner.morale > 50 > loser.morale
        assert battles_of(ctx, winner)[-1].facts["morale"] > 0
        return
    pytest.fail("no even battle lasted two rounds")


def test_both_sides_can_be_destroyed_cc_cbv_10(game: Game,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Two cars rolling 40 each destroy each other in the same round: both convoys are gone and
    both Clans read so."""
    ctx = ctx_of(game)
    own, other = pair(game, {"car": 1}, 0, {"car": 1}, 0)
    scripted(monkeypatch, Script(roll_as=40))
    result = convoy_clash.battle(ctx, own, other, forced=True)
    assert result.outcome == "both_destroyed"
    assert not game.has_convoy(own) and not game.has_convoy(other)
    assert battles_of(ctx, own)[0].facts["why"] == "both_destroyed"
    assert battles_of(ctx, other)[0].facts["why"] == "both_destroyed"


def test_the_rulebook_cars_flee_hide_and_the_truck_gains_morale_cc_cbv_15(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worked example in a turn: the cars flee into hiding and stop patrolling; the truck's
    morale rises by 5–10, the cars' falls by 5–10."""
    from test_war_convoys import Example

    ctx = ctx_of(game)
    own, other = pair(game, {"truck": 1}, 20, {"car": 2}, 6)
    own.morale = other.morale = 50
    other.patrolling = True
    monkeypatch.setattr(convoy_clash, "SeededChances", lambda rng: Example())
    convoy_clash.battle(ctx, own, other, forced=True)
    assert other.hidden and not other.patrolling and not own.hidden
    assert 55 <= own.morale <= 60 and 40 <= other.morale <= 45
    told = battles_of(ctx, other)[0]
    assert told.facts["why"] == "fled" and told.rule == "CC-CBV-15"


# --- what battles cost -------------------------------------------------------------------------


def test_battles_cost_many_parts_few_vehicles_kill_mode_v_kills_more_cc_cbv_14(
        game: Game) -> None:
    """Thirty seeded battles of two trucks against two trucks: the defender's repairs need far
    more parts than it loses vehicles; a Gunner on Kill Mode V destroys more vehicles."""
    own, other = pair(game, {"truck": 2}, 30, {"truck": 2}, 30)
    own.experts = ["GUN"]
    combat = game.rules.combat

    def totals(mode: str) -> tuple[int, int]:
        own.kill_mode = mode
        lost = parts = 0
        for seed in range(30):
            result = fight(fighter(game, own, other), fighter(game, other, own), combat,
                           SeededChances(Random(seed)), forced=True)
            lost += len(result.defender.destroyed)
            parts += parts_needed(sum(result.defender.damage), 5)
        return lost, parts

    lost_n, parts_n = totals("N")
    lost_v, _ = totals("V")
    assert parts_n > 20 * lost_n
    assert lost_v > lost_n


# --- surprise ----------------------------------------------------------------------------------


def test_a_military_patrol_doubles_its_first_round_cc_co_patrol_04(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """A patrolling tank strikes the newcomer at double damage in the first round only; the
    same tank not patrolling, or a patrolling land convoy, does not."""
    ctx = ctx_of(game)
    own, other = pair(game, {"truck": 2}, 40, {"tank": 1}, 3)
    other.convoy_type = "military"
    trucks = fighter(game, own, other)
    doubled = fight(trucks, fighter(game, other, own, surprise=True), game.rules.combat,
                    Script(troops_hit=False), forced=True)
    plain = fight(trucks, fighter(game, other, own), game.rules.combat,
                  Script(troops_hit=False), forced=True)
    assert plain.rounds[0].defender.salvo == 100          # 10d15+20 at its average
    assert doubled.rounds[0].defender.salvo == 200
    assert all(r.defender.salvo == 100 for r in doubled.rounds[1:])
    other.patrolling = True
    seen = recorded(monkeypatch)
    scripted(monkeypatch, Script(troops_hit=False))
    order(ctx, own, "PAUSE")
    _, patrol, result = seen[0]
    assert patrol.owner == other.owner and patrol.first_round_factor == 2.0
    assert result.rounds[0].defender.salvo == 200
    other.convoy_type, other.vehicles = "land", {"truck": 1}
    assert fighter(game, other, own, surprise=True).first_round_factor == 1.0


# --- HUNT --------------------------------------------------------------------------------------


def test_hunt_costs_the_hexs_entry_fuel_without_road_cc_co_hunt_02(game: Game) -> None:
    """Two trucks (fuel 14): 14 on plains; 28 in Mountains, with a road or without (the road
    halves a move into the hex, not a hunt)."""
    ctx = ctx_of(game)
    own = place(game, convoy_of(game, first_clan(game)), FIELD, {"truck": 2}, 0)
    ctx.clan.stock.fuel = 500
    paid: dict[str, int] = {}
    for hex_id in ("0405", "1003", "1104"):
        game.move_convoy(own, hex_id)
        own.last_done = {}
        before = ctx.clan.stock.fuel
        order(ctx, own, "HUNT")
        paid[hex_id] = before - ctx.clan.stock.fuel
        assert kinds(ctx.events, EventKind.HUNT)[-1].facts["fuel"] == paid[hex_id]
    assert paid == {"0405": 14, "1003": 28, "1104": 28}
    assert paid["1104"] == experts.order_fuel(own, game.rules, 2.0)
    assert movement.move_fuel(game, own, "1004", "1104") < paid["1104"]


@pytest.mark.parametrize("hex_id", ["1003", "1201"])
def test_amphibious_convoys_cannot_hunt_in_mountains_or_wilderness_cc_co_hunt_04(
        game: Game, hex_id: str) -> None:
    ctx = ctx_of(game)
    own, other = pair(game, {"hovercraft": 2}, 6, {"car": 1}, 0, hex_id=hex_id)
    own.convoy_type = "amphibious"
    other.hidden = True
    fuel = ctx.clan.stock.fuel
    order(ctx, own, "HUNT")
    refused = kinds(ctx.events, EventKind.CANNOT_HUNT)
    assert refused and refused[0].facts["why"] == "terrain"
    assert refused[0].rule == "CC-CO-HUNT-04"
    assert ctx.clan.stock.fuel == fuel and not kinds(ctx.events, EventKind.CONVOY_BATTLE)
    assert other.hidden and other.vehicles == {"car": 1}
    ctx.game.move_convoy(own, COAST)
    ctx.game.move_convoy(other, COAST)
    order(ctx, own, "HUNT")
    assert kinds(ctx.events, EventKind.HUNT)


# --- land against sea --------------------------------------------------------------------------


def test_a_ship_entering_a_coastal_hex_fights_the_land_convoy_there_cc_cbv_16(
        game: Game) -> None:
    ctx = ctx_of(game)
    own, other = pair(game, {"gunboat": 3}, 10, {"car": 1}, 2, hex_id=COAST)
    own.convoy_type = "sea"
    game.move_convoy(own, "0304")
    order(ctx, own, "SE")
    assert not kinds(ctx.events, EventKind.ILLEGAL_MOVE)
    ship, land = battles_of(ctx, own), battles_of(ctx, other)
    assert ship and ship[0].facts["enemy"] == other.owner and ship[0].facts["hex"] == COAST
    assert land and land[0].facts["role"] == "defender"


def test_a_ship_pausing_in_a_river_hex_fights_the_land_convoy_there_cc_cbv_16(
        game: Game) -> None:
    ctx = ctx_of(game)
    own, other = pair(game, {"gunboat": 3}, 10, {"car": 1}, 2, hex_id="0606")
    own.convoy_type = "sea"
    order(ctx, own, "PAUSE")
    assert battles_of(ctx, own) and battles_of(ctx, other)


def test_a_land_convoy_entering_a_coastal_hex_fights_the_ship_there_cc_cbv_16(
        game: Game) -> None:
    ctx = ctx_of(game)
    own, other = pair(game, {"truck": 2}, 40, {"motorboat": 1}, 2, hex_id=COAST)
    other.convoy_type = "sea"
    game.move_convoy(own, "0405")
    order(ctx, own, "N")
    assert own.hex == COAST
    assert battles_of(ctx, own) and battles_of(ctx, other)
