"""War rules that came with the combat issue but were still marked waiting: optional weapons,
the Shelter, the radio, morale/training/health in battle, idle Clans defending, hex guards."""

from __future__ import annotations

from random import Random

import pytest
from game_helpers import convoy_of, first_clan, second_clan
from war_helpers import ctx_of, kinds, order, place, two_clans

from conquest_tui.engine.combat import city_assault, fighters, hex_attack
from conquest_tui.engine.combat.city_battle import Assault, fight
from conquest_tui.engine.convoys import convoy_stats, convoys
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.economy.gameturn import end_game_turn
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.steps import expert_upkeep, food, pickup
from conquest_tui.engine.world.structure_uses import use_key

A_HOME, B_HOME, FIELD, WEST = "0308", "1609", "0506", "0406"
"""The first Clan's home, the second's; an open Agricultural hex and the Plains hex west of it."""


@pytest.fixture
def meeting(game: Game) -> tuple[TurnContext, Convoy, Convoy]:
    """The active Clan's two cars west of FIELD; the idle Clan's truck patrolling FIELD."""
    own, other = two_clans(game, (WEST, {"car": 2}, 6), (FIELD, {"truck": 1}, 20))
    other.patrolling = True
    return ctx_of(game), own, other


# --- optional weapons (CC-WPN) ----------------------------------------------------------------


def test_weapons_bought_wait_in_the_stockpile_and_ride_out_of_a_friendly_city_cc_wpn_01(
        game: Game) -> None:
    """BUY puts rifles in the stockpile; a convoy in its own city takes what it can carry;
    an owned Training School hex serves too, another Clan's does not."""
    clan = first_clan(game)
    convoy = place(game, convoy_of(game, clan), A_HOME, {"truck": 5}, 0)
    limit = convoy_stats.weapon_limits(convoy, game.rules)["rifles"]
    assert limit == 4
    run_clan_turn(game, clan, "[PRE]\nBUY 6 RIFLES\n")
    assert convoy.rifles == 4 and game.clan(clan).stock.rifles == 2
    school = game.hex(WEST)
    school.special = "TRA"
    school.set_owner(second_clan(game))
    place(game, convoy, WEST, {"truck": 5}, 0)
    convoy.rifles, game.clan(clan).stock.grenades = 0, 7
    ctx = ctx_of(game, clan=clan)
    pickup.pick_up_one(ctx, convoy)
    assert convoy.grenades == 0 and not kinds(ctx.events, EventKind.PICKUP)
    school.set_owner(clan)
    pickup.pick_up_one(ctx, convoy)
    assert convoy.rifles == 2 and convoy.grenades == 7
    assert kinds(ctx.events, EventKind.PICKUP)


def test_bombs_ride_only_air_convoys_one_per_jet_or_fighter_cc_wpn_08(game: Game) -> None:
    """An air convoy carries a bomb per Jet or Fighter (none for its small planes) and picks them
    up in a friendly city; a land convoy carries none."""
    clan = first_clan(game)
    convoy = place(game, convoy_of(game, clan), A_HOME, {"fighter": 1, "jet": 2, "biplane": 3}, 0)
    convoy.convoy_type = "air"
    game.clan(clan).stock.bombs = 10
    assert convoys.pick_up(game, convoy)["bombs"] == 3 and convoy.bombs == 3
    assert game.clan(clan).stock.bombs == 7
    land = place(game, convoy_of(game, clan), A_HOME, {"truck": 2, "bus": 2}, 0)
    land.convoy_type, land.bombs = "land", 0
    assert convoy_stats.weapon_limits(land, game.rules)["bombs"] == 0
    assert "bombs" not in convoys.pick_up(game, land)


def test_empty_mode_carries_no_troops_and_no_weapons_cc_wpn_09(game: Game) -> None:
    """MODE EMPTY sends troops and weapons home, and nothing is picked up while Empty."""
    ctx = ctx_of(game)
    clan = ctx.clan
    convoy = place(game, convoy_of(game, clan.number), A_HOME, {"truck": 5}, 30)
    convoy.rifles, convoy.grenades, convoy.rockets = 2, 5, 3
    troops, rifles = clan.stock.troops, clan.stock.rifles
    order(ctx, convoy, "EMPTY")
    assert convoy.mode == "empty"
    assert (convoy.troops, convoy.rifles, convoy.grenades, convoy.rockets) == (0, 0, 0, 0)
    assert clan.stock.troops == troops + 30 and clan.stock.rifles == rifles + 2
    assert set(convoy_stats.weapon_limits(convoy, game.rules).values()) == {0}
    assert convoys.pick_up(game, convoy) == {}
    assert convoy.troops == 0 and convoy.rifles == 0


def test_hungry_deserters_sometimes_take_a_weapon_along_cc_wpn_10(game: Game) -> None:
    """Each time troops desert for lack of food, about one time in ten one weapon goes too."""
    clan = game.clan(game.state.active_clan)
    convoy = place(game, convoy_of(game, clan.number), FIELD, {"truck": 5}, 0)
    taken = 0
    for pulse in range(1, 81):
        convoy.troops, convoy.rifles, convoy.grenades = 100, 4, 10
        clan.stock.food, clan.stock.troops, clan.food_eaten_milli = 0, 0, 0
        clan.stock.money = 0
        ctx = ctx_of(game, pulse)
        food.run_pulse(ctx, 1)
        [deserted] = kinds(ctx.events, EventKind.DESERTION)
        weapon = deserted.facts["weapon"]
        if weapon:
            taken += 1
            assert convoy.rifles + convoy.grenades == 13
        else:
            assert (convoy.rifles, convoy.grenades) == (4, 10)
    assert 2 <= taken <= 20


def test_weapons_also_come_from_armsmasters_loot_and_drifting_prices_cc_wpn_11(
        game: Game) -> None:
    """Besides BUY: an Armsmaster makes rifles for his own convoy, loot and random events can
    hold rifles and grenades, the Armory and Arsenal make them (CC-CITY-43, CC-HEX-16);
    prices drift."""
    ctx = ctx_of(game)
    convoy = place(game, convoy_of(game, ctx.clan.number), FIELD, {"truck": 5}, 50)
    convoy.experts, convoy.rifles = {"ARM": 1}, 0
    expert_upkeep.run(ctx)
    assert 0 < convoy.rifles <= 4 and kinds(ctx.events, EventKind.RIFLES_MADE)
    assert game.rules.special_structures["ARS"].production.keys() == {"rifles", "grenades"}
    assert any("rifles" in outcome.amounts for outcome in game.rules.loot)
    assert any("rifles" in outcome.amounts for outcome in game.rules.events)
    start = {k: game.state.prices[k] for k in ("rifles", "grenades", "rockets", "bombs")}
    for _ in range(5):
        end_game_turn(game)
    assert any(game.state.prices[k] != price for k, price in start.items())


# --- the Shelter, buildings, the radio ----------------------------------------------------------


def test_shelter_raises_the_city_to_hit_and_halves_people_lost_cc_city_54_amb_27(
        game: Game) -> None:
    """+10% to hit for a city with a Shelter; 3–5 people per round instead of 6–10 (AMB-27);
    a population bomb kills 4,000–8,000 instead of 8,000–16,000."""
    city = game.city(B_HOME)
    assert city is not None
    bare = city_assault.defender_to_hit(game, city)
    city.buildings = ["SHE"]
    assert city_assault.defender_to_hit(game, city) == pytest.approx(bare + 0.10)
    rules = game.rules.combat.assault
    for shelter, (low, high) in ((False, (6, 10)), (True, (3, 5))):
        battle = fight(Assault(attackers=30, attacker_to_hit=0.5, defender_to_hit=0.5,
                               garrison=30, population=50_000, shelter=shelter,
                               troops_per_rifle=25), rules, Random(3))
        per_round = [r.population for r in battle.rounds]
        assert per_round and all(low <= lost <= high for lost in per_round)
    ctx = ctx_of(game)
    wings = place(game, convoy_of(game, ctx.clan.number), B_HOME, {"jet": 1}, 0)
    wings.convoy_type, wings.bombs, city.population = "air", 1, 100_000
    order(ctx, wings, "BOMB POPULATION")
    [bombed] = kinds(ctx.events, EventKind.BOMB)
    assert 4_000 <= int(bombed.facts["people"]) <= 8_000


def test_buildings_survive_a_change_of_owner_cc_city_39(game: Game) -> None:
    """A city taken by ATTACK keeps its buildings; bombs on buildings never hit the Battery."""
    ctx = ctx_of(game)
    convoy = place(game, convoy_of(game, ctx.clan.number), B_HOME, {"truck": 5}, 100)
    city = game.city(B_HOME)
    assert city is not None
    city.troops, city.buildings = 1, ["BAT", "MAR", "SHE"]
    order(ctx, convoy, "ATTACK")
    assert kinds(ctx.events, EventKind.CITY_CAPTURED)
    assert city.owner == ctx.clan.number and city.buildings == ["BAT", "MAR", "SHE"]
    wings = place(game, convoy_of(game, ctx.clan.number), B_HOME, {"jet": 4}, 0)
    wings.convoy_type, wings.bombs, city.owner = "air", 4, second_clan(game)
    city.buildings = ["BAT"]
    order(ctx, wings, "BOMB BUILDINGS")
    assert kinds(ctx.events, EventKind.BOMB) and city.buildings == ["BAT"]


def test_battles_city_attacks_and_razing_go_on_the_radio_cc_city_63(meeting) -> None:
    ctx, own, other = meeting
    game = ctx.game
    order(ctx, own, "NE")  # into the patrol's hex: a battle
    assert [b.hex for b in game.state.broadcasts] == [FIELD]
    attacker = place(game, convoy_of(game, ctx.clan.number, 1), B_HOME, {"truck": 5}, 100)
    order(ctx, attacker, "ATTACK")
    assert game.state.broadcasts[-1].hex == B_HOME
    order(ctx, attacker, "RAZE")
    assert len(game.state.broadcasts) == 3 and game.state.broadcasts[-1].hex == B_HOME


# --- morale, training, health, experts in battle ----------------------------------------------


def test_morale_training_health_and_experts_stack_in_battle_cc_cnv_20_cc_cnv_24_cc_cnv_32_amb_26(
        game: Game) -> None:
    """±1% per 5 points of morale and training from 30, −1% per 3% of health lost, +10% Gunner,
    all added, then Kill Mode ×0.8; the same steps move an assault's to-hit."""
    own = place(game, convoy_of(game, first_clan(game)), FIELD, {"truck": 1}, 10)
    enemy = place(game, convoy_of(game, second_clan(game)), FIELD, {"truck": 1}, 10)
    own.morale, own.training, own.health, own.experts = 30, 30, 100, {}
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.0)
    assert city_assault.attacker_to_hit(game, own) == pytest.approx(0.50)
    own.morale = 80                      # +10%
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.10)
    assert city_assault.attacker_to_hit(game, own) == pytest.approx(0.60)
    own.training = 10                    # −4%
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.06)
    own.health = 91                      # −3%
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.03)
    assert city_assault.attacker_to_hit(game, own) == pytest.approx(0.53)
    own.experts = {"GUN": 1}             # +10%, added
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.13)
    own.kill_mode = "V"                  # then ×0.8
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.13 * 0.8)


def test_gunner_adds_ten_percent_and_allows_kill_mode_cc_cnv_57(game: Game) -> None:
    ctx = ctx_of(game)
    own = place(game, convoy_of(game, ctx.clan.number), FIELD, {"truck": 1}, 10)
    enemy = place(game, convoy_of(game, second_clan(game)), FIELD, {"truck": 1}, 10)
    own.morale, own.training, own.health, own.experts = 30, 30, 100, {}
    order(ctx, own, "KILL MODE V")
    assert own.kill_mode != "V" and ctx.problems
    own.experts = {"GUN": 1}
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.10)
    order(ctx, own, "KILL MODE V")
    assert own.kill_mode == "V"


def test_police_station_visit_adds_ten_percent_twenty_with_a_sergeant_cc_hex_24(
        game: Game) -> None:
    """For the rest of its Clan's turn, after visiting an owned Police Station."""
    own = place(game, convoy_of(game, first_clan(game)), FIELD, {"truck": 1}, 10)
    enemy = place(game, convoy_of(game, second_clan(game)), FIELD, {"truck": 1}, 10)
    own.morale, own.training, own.health, own.experts = 30, 30, 100, {}
    game.clan(own.owner).structure_uses[use_key("POL", WEST, own.number)] = game.state.game_turn
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.10)
    assert city_assault.attacker_to_hit(game, own) == pytest.approx(0.60)
    own.experts = {"SER": 1}
    assert fighters.damage_factor(game, own, enemy) == pytest.approx(1.20)
    assert fighters.damage_factor(game, enemy, own) == pytest.approx(1.0)


# --- a convoy battle on entry, and the idle Clan ----------------------------------------------


def test_beaten_convoy_hides_and_does_nothing_else_there_cc_cnv_74_cc_move_15(meeting) -> None:
    """The cars meet the patrol, flee and hide; on that move they do nothing else: no visit to
    the hex's Police Station, no pickup, no hex attack (CC-MOVE-15 step 1)."""
    ctx, own, other = meeting
    game = ctx.game
    field = game.hex(FIELD)
    field.owner, field.special = own.owner, "POL"
    training = own.training
    order(ctx, own, "NE")
    [battle] = kinds(ctx.events, EventKind.CONVOY_BATTLE)
    assert battle.facts["why"] == "fled"
    assert own.hidden and own.hex == FIELD
    assert not kinds(ctx.events, EventKind.POLICE_STATION)
    assert own.training == training + int(battle.facts["training"])


def test_idle_clan_defends_its_convoys_and_cities_cc_gen_04(meeting) -> None:
    """The idle Clan's patrol fights back by itself and is told; so is its city's garrison."""
    ctx, own, other = meeting
    game = ctx.game
    order(ctx, own, "NE")
    [battle] = kinds(ctx.events, EventKind.CONVOY_BATTLE)
    assert int(battle.facts["taken"]) > 0
    told = kinds(game.clan(other.owner).inbox, EventKind.CONVOY_BATTLE)
    assert told and told[0].facts["role"] == "defender"
    city = game.city(B_HOME)
    assert city is not None and city.troops >= 30
    attacker = place(game, convoy_of(game, ctx.clan.number), B_HOME, {"truck": 5}, 3)
    attacker.hidden = False
    order(ctx, attacker, "ATTACK")
    assert kinds(ctx.events, EventKind.CITY_ATTACK_FAILED) and city.owner == other.owner
    assert kinds(game.clan(other.owner).inbox, EventKind.CITY_HELD)


def test_morale_rises_for_battles_won_and_cities_taken_cc_cnv_18(meeting) -> None:
    """The winning patrol gains 5–10 morale; a city taken adds 10–15 (AMB-37)."""
    ctx, own, other = meeting
    game = ctx.game
    other.morale = 40
    order(ctx, own, "NE")
    assert 45 <= other.morale <= 50
    attacker = place(game, convoy_of(game, ctx.clan.number), B_HOME, {"truck": 5}, 100)
    attacker.morale = 40
    game.city(B_HOME).troops = 1  # type: ignore[union-attr]
    order(ctx, attacker, "ATTACK")
    assert kinds(ctx.events, EventKind.CITY_CAPTURED) and 50 <= attacker.morale <= 55


def test_a_convoy_destroyed_in_battle_leaves_the_game_cc_cnv_73(meeting) -> None:
    ctx, own, other = meeting
    place(ctx.game, own, WEST, {"bike": 1}, 0)
    place(ctx.game, other, FIELD, {"tank": 4}, 12)
    for seed in range(20):
        if not ctx.game.has_convoy(own):
            break
        place(ctx.game, own, WEST, {"bike": 1}, 0)
        ctx.pulse = seed + 1
        order(ctx, own, "NE")
    assert not ctx.game.has_convoy(own)
    assert any(e.facts["why"] == "destroyed" for e in kinds(ctx.events, EventKind.CONVOY_BATTLE))


# --- hex guards (CC-HEX-10/11) -----------------------------------------------------------------


def test_each_hex_guard_costs_two_to_four_attackers_three_to_five_in_rough_land_cc_hex_10_11(
        game: Game) -> None:
    """Level 8 Plains with 6 guards: 20–44; the same in Swamp: 26–50; the attack rolls in that
    range and loses what it needed."""
    for hex_id, (low, high) in ((WEST, (20, 44)), (A_HOME, (26, 50))):
        state = game.hex(hex_id)
        state.defense, state.garrison = 8, 6
        defense = hex_attack.defense_of(game, hex_id)
        assert (defense.low, defense.high) == (low, high)
    defense = hex_attack.defense_of(game, WEST)
    rules = game.rules.combat.hex_attack
    outcomes = {hex_attack.resolve(defense, 44, rules, Random(seed)).result for seed in range(5)}
    assert outcomes == {hex_attack.CAPTURED}
    for seed in range(30):
        outcome = hex_attack.resolve(defense, 32, rules, Random(seed))
        assert 20 <= outcome.needed <= 44
        assert outcome.lost == (outcome.needed if outcome.result == hex_attack.CAPTURED else
                                32 if outcome.result == hex_attack.FAILED else 0)
