"""City war: invading a city with ATTACK, guarding it with GUARD (CC-CBC, CC-CO-ATTACK, GUARD)."""

from __future__ import annotations

from random import Random

import pytest
from game_helpers import convoy_of, first_clan, second_clan
from war_helpers import ctx_of, kinds, order

from conquest_tui.engine.combat import city_assault
from conquest_tui.engine.combat.city_battle import Assault, fight, hits
from conquest_tui.engine.convoys.convoy_stats import troop_capacity
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.event_text import event_text

PER_RIFLE = 25
"""CC-WPN-02: one rifle in use per 25 troops."""


def siege(**facts: object) -> Assault:
    """An assault with the rulebook's one rifle per 25 troops."""
    return Assault(troops_per_rifle=PER_RIFLE, **facts)  # type: ignore[arg-type]


class Script(Random):
    """A generator whose `random()` returns the given values in turn (then 0.99)."""

    def __init__(self, *values: float) -> None:
        super().__init__(0)
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0) if self.values else 0.99


def home_city(game: Game, clan: int) -> CityState:
    return next(c for c in game.state.cities if c.owner == clan)


@pytest.fixture
def war(game: Game) -> tuple[TurnContext, Convoy, CityState]:
    """The first Clan's convoy #1, 200 troops strong, standing in the second Clan's city."""
    ctx = ctx_of(game)
    convoy = convoy_of(game, first_clan(game))
    city = home_city(game, second_clan(game))
    game.move_convoy(convoy, city.hex)
    convoy.hidden, convoy.troops = False, 200
    convoy.mode = "capture"
    return ctx, convoy, city


# --- the battle's arithmetic ---------------------------------------------------------------


def test_to_hit_above_100_gives_a_sure_hit_and_a_chance_of_another_cc_cbc_07() -> None:
    """Attacker 118%: one sure hit, a second on a roll under 18%; city 135% likewise; above
    200% the city gets a third chance; the attacker never more than two."""
    assert hits(1.18, 2, Script(0.17)) == 2
    assert hits(1.18, 2, Script(0.18)) == 1
    assert hits(1.35, 3, Script(0.34)) == 2
    assert hits(1.35, 3, Script(0.36)) == 1
    assert hits(2.35, 3, Script(0.30)) == 3
    assert hits(2.35, 3, Script(0.40)) == 2
    assert hits(2.50, 2, Script()) == 2
    assert hits(1.00, 2, Script(0.0)) == 1      # exactly 100%: no roll for a second hit
    assert hits(0.60, 3, Script(0.59)) == 1
    assert hits(0.60, 3, Script(0.60)) == 0


def test_attacker_to_hit_modifiers_add_up_cc_cbc_05(war) -> None:
    """50%, Sergeant +10%, morale 40 +2%, training 50 +4%, health 94 −2% (AMB-26: summed)."""
    ctx, convoy, _ = war
    convoy.experts = ["SER"]
    convoy.morale, convoy.training, convoy.health = 40, 50, 94
    assert city_assault.attacker_to_hit(ctx.game, convoy) == pytest.approx(0.64)
    convoy.experts, convoy.morale, convoy.training, convoy.health = [], 30, 30, 100
    assert city_assault.attacker_to_hit(ctx.game, convoy) == pytest.approx(0.50)


def test_city_to_hit_by_level_shelter_and_claymores_cc_cbc_06_cc_city_32_cc_wpn_07(
        war, rules: Ruleset) -> None:
    """A Station hits at 70%, 80% with a Shelter, and +1% for each claymore in the city."""
    ctx, _, city = war
    city.fortification = 2
    assert city_assault.defender_to_hit(ctx.game, city) == pytest.approx(0.70)
    city.buildings.append("SHE")
    assert city_assault.defender_to_hit(ctx.game, city) == pytest.approx(0.80)
    result = fight(siege(attackers=1, attacker_to_hit=0.0, defender_to_hit=0.80, garrison=5,
                           claymores=5), rules.combat.assault, Random(1))
    assert result.rounds[0].defender_to_hit == pytest.approx(0.85)


def test_rifles_carried_and_in_use_cc_wpn_02(rules: Ruleset) -> None:
    """Capacity 400 carries 16 rifles; 200 attacking troops use 8: +8% to hit."""
    assert rules.weapons["rifles"].convoy_limit("land", 400, {}) == 16
    result = fight(siege(attackers=200, attacker_to_hit=0.50, defender_to_hit=0.70,
                           garrison=3, rifles=16), rules.combat.assault, Random(3))
    assert result.rounds[0].attacker_to_hit == pytest.approx(0.58)


def test_rifles_lost_one_in_fifty_per_hit_suffered_cc_wpn_03_cc_cbc_09(rules: Ruleset) -> None:
    """Each hit the attackers suffer may cost a rifle; a city's claymore may be used up each
    round. Over many seeded battles both happen about as often as 1 in 50."""
    assault = siege(attackers=100, attacker_to_hit=0.5, defender_to_hit=1.0, garrison=100,
                      rifles=1000, claymores=1000)
    hit_total = rifles = rounds = claymores = 0
    for seed in range(20):
        result = fight(assault, rules.combat.assault, Random(seed))
        hit_total += result.attackers_lost
        rifles += result.rifles_lost
        rounds += len(result.rounds)
        claymores += result.claymores_lost
    assert 0.01 < rifles / hit_total < 0.03
    assert 0.01 < claymores / rounds < 0.03


def test_the_defender_wins_when_both_run_out_together_cc_cbc_10(rules: Ruleset) -> None:
    result = fight(siege(attackers=1, attacker_to_hit=1.0, defender_to_hit=1.0, garrison=1),
                   rules.combat.assault, Random(0))
    assert len(result.rounds) == 1 and not result.won
    assert result.attackers_left == 0 and result.garrison_left == 0


def test_one_shot_a_side_per_round_and_guards_die_first_cc_cbc_03_04_amb_91(
        rules: Ruleset) -> None:
    """Two sure hits a round go into the guarding convoys before the city's own troops."""
    assault = siege(attackers=50, attacker_to_hit=2.0, defender_to_hit=0.0, garrison=5,
                      guards=(2, 1))
    result = fight(assault, rules.combat.assault, Random(0))
    first, second = result.rounds[:2]
    assert (first.killed, first.defenders) == (2, 6)
    assert (second.killed, second.defenders) == (2, 4)
    assert result.won and result.guards_left == (0, 0) and len(result.rounds) == 4


def test_grenades_every_tenth_round_cc_cbc_08_cc_wpn_04_amb_21(rules: Ruleset) -> None:
    """A grenade is thrown in round 10, on top of the troops' shot; at 100% it always hits and
    kills 2–8; without grenades none is thrown."""
    assault = siege(attackers=500, attacker_to_hit=1.0, defender_to_hit=0.0, garrison=40,
                      grenades=3)
    result = fight(assault, rules.combat.assault, Random(5))
    thrown = [r.number for r in result.rounds if r.thrown]
    assert thrown[0] == 10 and all(n % 10 == 0 for n in thrown)
    assert 2 <= result.rounds[9].grenade <= 8
    assert result.grenades_used == len(thrown)
    none = fight(siege(attackers=500, attacker_to_hit=1.0, defender_to_hit=0.0,
                         garrison=40), rules.combat.assault, Random(5))
    assert not any(r.thrown for r in none.rounds)


def test_population_lost_per_round_and_in_the_looting_cc_cbc_11_amb_27(rules: Ruleset) -> None:
    """6–10 people a round and 11–15% on conquest; 3–5 and 3–5% with a Shelter."""
    for shelter, (low, high), (share_low, share_high) in ((False, (6, 10), (0.11, 0.15)),
                                                          (True, (3, 5), (0.03, 0.05))):
        result = fight(siege(attackers=50, attacker_to_hit=1.0, defender_to_hit=0.0,
                               garrison=20, population=40_000, shelter=shelter),
                       rules.combat.assault, Random(2))
        assert all(low <= r.population <= high for r in result.rounds)
        left = 40_000 - result.population_lost
        assert int(left * share_low) <= result.pillage <= int(left * share_high) + 1


def test_same_seed_same_battle_round_by_round(rules: Ruleset) -> None:
    assault = siege(attackers=80, attacker_to_hit=0.6, defender_to_hit=0.85, garrison=60,
                      rifles=3, grenades=2, claymores=4, population=20_000)
    assert fight(assault, rules.combat.assault, Random(9)) == \
        fight(assault, rules.combat.assault, Random(9))


# --- the ATTACK order ------------------------------------------------------------------------


def test_attack_takes_the_city_cc_co_attack_03_cc_cbc_12_13_14(war) -> None:
    """Won: the city is the attacker's, its claymores gone, hostility forgotten, buildings and
    fortifications kept, a garrison of 5–10 left, the loser told, the radio fed, morale up."""
    ctx, convoy, city = war
    game, loser = ctx.game, city.owner
    city.troops, city.claymores, city.hostile_to = 3, 2, [ctx.clan.number]
    city.buildings, city.fortification = ["MAR"], 2
    morale, people = convoy.morale, city.population
    order(ctx, convoy, "ATTACK")
    won = kinds(ctx.events, EventKind.CITY_CAPTURED)
    assert won, [event_text(e) for e in ctx.events]
    facts = won[0].facts
    assert city.owner == ctx.clan.number and city.conquered_turn == game.state.game_turn
    assert city.claymores == 0 and city.hostile_to == []
    assert city.buildings == ["MAR"] and city.fortification == 2
    assert 5 <= city.troops == facts["left"] <= 10
    assert convoy.troops == 200 - int(facts["lost"]) - city.troops
    assert city.population == people - int(facts["population"]) - int(facts["pillage"])
    assert 10 <= convoy.morale - morale <= 15
    told = kinds(game.clan(loser).inbox, EventKind.CITY_LOST)
    assert told and told[0].actor == ctx.clan.number and told[0].facts["troops"] == 3
    assert "took it" in event_text(told[0])
    assert game.state.broadcasts[-1].hex == city.hex
    assert "attacked" in event_text(won[0]) and "The city is yours" in event_text(won[0])


def test_attack_with_a_number_sends_only_that_many_cc_cbc_02_cc_co_attack_01(war) -> None:
    ctx, convoy, city = war
    city.troops = 0
    order(ctx, convoy, "ATTACK 20")
    event = kinds(ctx.events, EventKind.CITY_CAPTURED)[0]
    assert event.facts["troops"] == 20


def test_a_failed_attack_makes_the_city_hostile_cc_cbc_15_cc_co_attack_04_cc_city_06(
        war) -> None:
    ctx, convoy, city = war
    game, owner = ctx.game, city.owner
    convoy.troops, city.troops, city.fortification = 3, 60, 6
    morale = convoy.morale
    order(ctx, convoy, "AT")
    failed = kinds(ctx.events, EventKind.CITY_ATTACK_FAILED)
    assert failed and convoy.troops == 0 and city.owner == owner
    assert ctx.clan.number in city.hostile_to
    assert game.city_status(city, ctx.clan.number) == "hostile"
    assert 5 <= morale - convoy.morale <= 10
    held = kinds(game.clan(owner).inbox, EventKind.CITY_HELD)
    assert held and city.troops == 60 - int(held[0].facts["troops"])
    assert "beat off an attack" in event_text(held[0])


def test_attack_refused_own_allied_hidden_cc_cbc_01_cc_co_attack_02(war) -> None:
    ctx, convoy, city = war
    ctx.clan.allies.append(city.owner)
    order(ctx, convoy, "ATTACK")
    ctx.clan.allies.clear()
    convoy.hidden = True
    order(ctx, convoy, "ATTACK")
    reasons = [e.facts["reason"] for e in kinds(ctx.events, EventKind.CANNOT_ATTACK)]
    assert reasons == ["attack_ally", "attack_hidden"]
    assert [p.level for p in ctx.problems] == ["resolve", "resolve"]
    assert "will not be processed" in event_text(kinds(ctx.events, EventKind.CANNOT_ATTACK)[0])


def test_each_attack_is_its_own_battle_and_on_the_radio_cc_cbc_16_18_cc_co_attack_05(
        war) -> None:
    """Two ATTACK lines: two battles, two radio broadcasts (CC-CITY-63)."""
    ctx, convoy, city = war
    convoy.troops, city.troops, city.fortification = 2, 500, 6
    order(ctx, convoy, "ATTACK 1")
    order(ctx, convoy, "ATTACK 1")
    assert len(kinds(ctx.events, EventKind.CITY_ATTACK_FAILED)) == 2
    assert [b.hex for b in ctx.game.state.broadcasts] == [city.hex, city.hex]


def test_vigilance_garrison_cc_cl_vigilance_02_amb_08_amb_68(war) -> None:
    """A Station (capacity 100) taken by a convoy with a Politician: Vigilance 40% leaves all 40
    survivors; 50% with 100 survivors leaves 50 (half the capacity, the capture-turn cap);
    without a Politician 5–10 stay."""
    ctx, convoy, city = war
    game = ctx.game
    city.fortification, city.troops = 2, 0
    city.owner, city.conquered_turn = convoy.owner, game.state.game_turn
    convoy.experts = ["POL"]
    ctx.clan.vigilance = 40
    assert city_assault.garrison_left(game, convoy, city, 40, Random(0)) == 40
    ctx.clan.vigilance = 50
    assert city_assault.garrison_left(game, convoy, city, 100, Random(0)) == 50
    convoy.experts = []
    assert 5 <= city_assault.garrison_left(game, convoy, city, 100, Random(0)) <= 10
    assert city_assault.garrison_left(game, convoy, city, 3, Random(0)) == 3


def test_station_taken_by_200_with_vigilance_leaves_its_garrison_cc_cl_vigilance_02(war) -> None:
    """The rulebook's example through the order: 200 troops take a Station; with a Politician
    and Vigilance 40%, 40 troops stay (or every survivor, if fewer)."""
    ctx, convoy, city = war
    city.fortification, city.troops = 2, 100
    convoy.experts, ctx.clan.vigilance = ["POL"], 40
    order(ctx, convoy, "ATTACK")
    won = kinds(ctx.events, EventKind.CITY_CAPTURED)
    assert won
    survivors = 200 - int(won[0].facts["lost"])
    assert city.troops == min(40, survivors) and won[0].facts["vigilance"] == 1


def test_captor_limits_in_the_turn_of_conquest_cc_cbc_17_cc_city_10(war) -> None:
    """Taken this turn: no FORTIFY, ERECT or CREATE there; ASSIGN up to half the capacity."""
    ctx, convoy, city = war
    game = ctx.game
    city.troops = 0
    order(ctx, convoy, "ATTACK")
    assert city.owner == ctx.clan.number
    ctx.clan.stock.money, ctx.clan.stock.troops = 10**7, 500
    result = run_clan_turn(game, ctx.clan.number,
                           f"[PRE]\nFORTIFY {city.hex}\nERECT {city.hex} BAR\n"
                           f"CREATE {city.hex} LAND\nASSIGN {city.hex} 400\n")
    problems = {p.code for p in result.problems}
    assert {"cannot_fortify", "cannot_erect", "cannot_create"} <= problems, problems
    capacity = game.rules.fortification(city.fortification).troop_capacity(False)
    assert city.troops == capacity // 2


def test_captured_city_adds_the_celebrate_bonus_cc_cbc_19_cc_co_celebrate_04(war) -> None:
    """Capturing raises morale 10–15 (AMB-37); CELEBRATE there the same turn adds two rolls."""
    ctx, convoy, city = war
    city.troops = 0
    order(ctx, convoy, "ATTACK")
    assert kinds(ctx.events, EventKind.CITY_CAPTURED)
    convoy.troops = troop_capacity(convoy, ctx.game.rules)
    convoy.morale = 10
    ctx.clan.stock.food = 10**6
    order(ctx, convoy, "CELEBRATE")
    celebrated = kinds(ctx.events, EventKind.CELEBRATE)
    assert celebrated and celebrated[0].facts["captured"] == 1
    assert 20 <= int(celebrated[0].facts["gain"]) <= 30


def test_the_books_balance_after_an_assault(war) -> None:
    """What each side lost is in its events: the attacker's troops, rifles and grenades, the
    defender's troops and claymores, a guarding convoy's troops."""
    ctx, convoy, city = war
    game, owner = ctx.game, city.owner
    guard = convoy_of(game, owner)
    game.move_convoy(guard, city.hex)
    guard.troops, guard.guarding = 15, True
    convoy.rifles, convoy.grenades, city.troops, city.claymores = 8, 20, 30, 3
    before = (convoy.troops, convoy.rifles, convoy.grenades)
    order(ctx, convoy, "ATTACK")
    own = (kinds(ctx.events, EventKind.CITY_CAPTURED)
           or kinds(ctx.events, EventKind.CITY_ATTACK_FAILED))[0].facts
    garrison = city.troops if city.owner == convoy.owner else 0
    assert before[0] - convoy.troops - garrison == own["lost"]
    assert before[1] - convoy.rifles == own["rifles_lost"]
    assert before[2] - convoy.grenades == own["grenades_used"]
    told = game.clan(owner).inbox
    fought = kinds(told, EventKind.GUARDS_FOUGHT)[0].facts
    assert 15 - guard.troops == fought["lost"]


# --- GUARD -----------------------------------------------------------------------------------


def test_guard_joins_a_friendly_city_and_ends_patrol_cc_co_guard_01_03_cc_cnv_77(game) -> None:
    """Even hidden; PATROL ends (AMB-52); a hostile city refuses."""
    ctx = ctx_of(game)
    convoy = convoy_of(game, ctx.clan.number)
    convoy.hidden, convoy.patrolling = True, True
    order(ctx, convoy, "GUARD")
    assert convoy.guarding and not convoy.patrolling
    assert kinds(ctx.events, EventKind.GUARD)[0].facts["patrol"] == 1
    other = home_city(game, second_clan(game))
    other.hostile_to.append(ctx.clan.number)
    game.move_convoy(convoy, other.hex)
    convoy.guarding = False
    order(ctx, convoy, "GU")
    assert not convoy.guarding and kinds(ctx.events, EventKind.CANNOT_GUARD)


def test_guard_holds_the_convoy_this_turn_only_cc_move_19_amb_52(game) -> None:
    ctx = ctx_of(game)
    convoy = convoy_of(game, ctx.clan.number)
    order(ctx, convoy, "GUARD")
    assert not city_assault.guard_ends_on_move(convoy, game.state.game_turn)
    assert convoy.guarding
    assert city_assault.guard_ends_on_move(convoy, game.state.game_turn + 1)
    assert not convoy.guarding


def test_guarding_troops_fight_for_the_city_and_die_first_cc_cbc_03_cc_co_guard_02(war) -> None:
    ctx, convoy, city = war
    game, owner = ctx.game, city.owner
    guard = convoy_of(game, owner)
    game.move_convoy(guard, city.hex)
    guard.troops, guard.guarding = 4, True
    convoy.troops, city.troops = 3, 10
    order(ctx, convoy, "ATTACK")
    event = (kinds(ctx.events, EventKind.CITY_ATTACK_FAILED)
             or kinds(ctx.events, EventKind.CITY_CAPTURED))[0]
    assert event.facts["guards"] == 4
    killed = int(event.facts["killed"])
    assert guard.troops == max(0, 4 - killed)
    assert city.troops == 10 - max(0, killed - 4)
    assert kinds(game.clan(owner).inbox, EventKind.GUARDS_FOUGHT)


def test_taking_an_unowned_city_is_news_of_the_taker_only_cc_city_63(war) -> None:
    """An unowned city has no Clan to name: the radio news of its capture names only the
    taker, and the game saves and loads again."""
    from conquest_tui.storage.savefile import game_from_text, game_to_text

    ctx, convoy, city = war
    city.owner, city.troops, city.claymores = 0, 2, 0
    order(ctx, convoy, "ATTACK")
    assert kinds(ctx.events, EventKind.CITY_CAPTURED)
    assert ctx.game.state.broadcasts[-1].clans == [ctx.clan.number]
    game_from_text(game_to_text(ctx.game), "after the capture")
