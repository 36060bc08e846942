"""Strikes: hex attacks (CC-CBH, AMB-42), BOMB (CC-CO-BOMB), RAZE (CC-CO-RAZE), and the sheet
checker's notice before a move attacks a hex."""

from __future__ import annotations

from random import Random

import attrs
import pytest
from war_helpers import ctx_of, kinds, order

from conquest_tui.engine.combat import bombing, hex_attack
from conquest_tui.engine.combat import odds as fight_odds
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.sentences.event_text import event_text, problem_text
from conquest_tui.engine.steps import capture
from tests.test_conservation import holdings, unaccounted

A_HOME, PLAINS, SWAMP, WATER = "0308", "0307", "0407", "0309"
B_CITY, BIG_CITY = "1609", "0706"  # the second Clan's home; an uncontrolled major city


def clans(game: Game) -> tuple[int, int]:
    first, second = game.state.clan_order
    return first, second


def add_convoy(game: Game, clan: int, hex_id: str, convoy_type: str,
               vehicles: dict[str, int], **fields: int) -> Convoy:
    number = max((c.number for c in game.convoys_of(clan)), default=0) + 1
    convoy = Convoy(owner=clan, number=number, name="Strike", convoy_type=convoy_type,
                    hex=hex_id, vehicles=dict(vehicles), **fields)  # type: ignore[arg-type]
    game.state.convoys.append(convoy)
    game.reindex()
    return convoy


def foreign_hex(game: Game, hex_id: str, owner: int, defense: int, guards: int) -> None:
    state = game.hex(hex_id)
    state.owner, state.defense, state.garrison, state.conquered_turn = owner, defense, guards, 0


# --- hex attacks -------------------------------------------------------------------------------


def test_troop_requirement_defense_5_with_5_guards_15_31_and_level_8_20_44_cc_cbh_02_05(
        game: Game) -> None:
    """CC-CBH-02/05: a defense-5 plains hex with 5 guards needs 15–31 troops; level 8 with 6
    guards 20–44; 3–5 per guard in a swamp."""
    _, other = clans(game)
    foreign_hex(game, PLAINS, other, 5, 5)
    defense = hex_attack.defense_of(game, PLAINS)
    assert (defense.low, defense.high) == (15, 31)
    foreign_hex(game, PLAINS, other, 8, 6)
    defense = hex_attack.defense_of(game, PLAINS)
    assert (defense.low, defense.high) == (20, 44)
    foreign_hex(game, SWAMP, other, 5, 5)
    defense = hex_attack.defense_of(game, SWAMP)
    assert (defense.low, defense.high) == (5 + 15, 11 + 25)


def test_attack_outcomes_follow_amb_42_cc_cbh_03_04_05(game: Game) -> None:
    """CC-CBH-03/04/05, AMB-42: below the minimum no attack; at the maximum always won; 25
    troops against 15–31 win losing exactly R (at least 15); short of R the commander calls it
    off with no losses, but 1 time in 20 he cannot tell and all 25 die ("almost never")."""
    _, other = clans(game)
    foreign_hex(game, PLAINS, other, 5, 5)
    defense = hex_attack.defense_of(game, PLAINS)
    rules = game.rules.combat.hex_attack
    rng = Random(7)
    assert hex_attack.resolve(defense, 14, rules, rng) == hex_attack.HexOutcome(
        hex_attack.TOO_STRONG, 0, 0)
    sure = [hex_attack.resolve(defense, 31, rules, rng) for _ in range(300)]
    assert {o.result for o in sure} == {hex_attack.CAPTURED}
    assert all(15 <= o.lost == o.needed <= 31 for o in sure)
    seen: dict[str, list[hex_attack.HexOutcome]] = {}
    for _ in range(4000):
        outcome = hex_attack.resolve(defense, 25, rules, rng)
        seen.setdefault(outcome.result, []).append(outcome)
    assert set(seen) == {hex_attack.CAPTURED, hex_attack.FAILED, hex_attack.CALLED_OFF}
    assert all(15 <= o.lost == o.needed <= 25 for o in seen[hex_attack.CAPTURED])
    assert all(o.lost == 25 and o.needed > 25 for o in seen[hex_attack.FAILED])
    assert all(o.lost == 0 and o.needed > 25 for o in seen[hex_attack.CALLED_OFF])
    assert len(seen[hex_attack.FAILED]) <= 4000 * 0.02  # all killed: almost never
    assert len(seen[hex_attack.CALLED_OFF]) > 10 * len(seen[hex_attack.FAILED])
    careless = attrs.evolve(rules, commander_caution=False)
    reckless = [hex_attack.resolve(defense, 25, careless, rng).result for _ in range(500)]
    assert hex_attack.CALLED_OFF not in reckless and hex_attack.FAILED in reckless


def test_the_rulebook_attack_is_worked_out_exactly_cc_cbh_05(game: Game) -> None:
    """CC-CBH-05, AMB-42: 25 troops against 15–31 take the hex in 1,379 of its 1,701 equally
    likely rolls (81.1%); all 25 die in 1 of 20 of the other 322 (0.9%)."""
    from fractions import Fraction

    _, other = clans(game)
    foreign_hex(game, PLAINS, other, 5, 5)
    rules = game.rules.combat.hex_attack
    defense = hex_attack.defense_of(game, PLAINS)
    outcome = hex_attack.exact(defense, 25, rules)
    assert outcome.captured == Fraction(1379, 1701)
    assert outcome.failed == Fraction(322, 1701) / 20
    assert outcome.captured + outcome.failed + outcome.called_off == 1
    assert hex_attack.exact(defense, 31, rules).captured == 1
    assert hex_attack.exact(defense, 14, rules).too_strong


def test_a_failed_attack_is_a_battle_both_clans_read_cc_cbh_05(game: Game) -> None:
    """Issue 14: a convoy that attacks a foreign hex and loses its troops reads a battle, and
    the hex's owner is told of it with the numbers; the guards stay."""
    me, other = clans(game)
    foreign_hex(game, PLAINS, other, 5, 5)
    convoy = game.convoy(me, 1)
    assert convoy is not None
    for pulse in range(1, 200):
        ctx = ctx_of(game, pulse)
        foreign_hex(game, PLAINS, other, 5, 5)
        game.move_convoy(convoy, PLAINS)
        convoy.troops, convoy.hidden = 25, False
        capture.attack_hex(ctx, convoy)
        if kinds(ctx.events, EventKind.HEX_ATTACK_FAILED):
            break
    else:
        pytest.fail("no failed attack in 200 pulses")
    assert convoy.troops == 0 and game.hex(PLAINS).owner == other
    assert game.hex(PLAINS).garrison == 5
    failed = kinds(ctx.events, EventKind.HEX_ATTACK_FAILED)[0]
    assert event_text(failed).startswith(
        f"Convoy #1 attacked {PLAINS} (Clan {other}'s hex, defense level 5, 5 guards) with 25 "
        "troops and was beaten off")
    told = game.clan(other).inbox[-1]
    assert told.kind == EventKind.HEX_DEFENDED and told.facts["killed"] == 25
    assert event_text(told) == (f"Clan {me} attacked your hex {PLAINS} with 25 troops; your 5 "
                                "guards beat the attack off and all 25 attackers were killed.")


def test_capture_through_a_turn_tells_the_loser_first_cc_cbh_01_06_07(game: Game) -> None:
    """CC-CBH-01/06/07: a move in Capture mode with the maximum takes the hex: guards killed,
    defense level kept, no guards for the new owner, the city in it not taken; the loser reads
    it first in its next turn."""
    me, other = clans(game)
    foreign_hex(game, PLAINS, other, 5, 5)
    convoy = game.convoy(me, 1)
    assert convoy is not None
    convoy.troops = 40
    result = run_clan_turn(game, me, "[CONVOY 1]\nN\n")
    won = kinds(list(result.events), EventKind.HEX_CAPTURED)
    assert len(won) == 1 and won[0].facts["guards"] == 5
    assert convoy.troops == 40 - int(won[0].facts["lost"])
    hex_state = game.hex(PLAINS)
    assert (hex_state.owner, hex_state.garrison, hex_state.defense) == (me, 0, 5)
    assert hex_state.conquered_turn == game.state.game_turn
    assert "captured it" in event_text(won[0]) and won[0].facts["morale"] == 1
    theirs = run_clan_turn(game, other, "")
    lost = kinds(list(theirs.events), EventKind.HEX_LOST)
    assert lost and theirs.events[1] == lost[0]  # after the passage, before the income
    assert event_text(lost[0]).startswith(f"Clan {me} attacked your hex {PLAINS} with 40 troops "
                                          "and captured it")
    assert "your 5 guards there were killed" in event_text(lost[0])


def test_hex_captures_raise_morale_by_one_up_to_five_a_turn_amb_37(game: Game) -> None:
    """AMB-37: +1 morale per hex captured, at most +5 a turn for the convoy."""
    me, _ = clans(game)
    convoy = game.convoy(me, 1)
    assert convoy is not None
    ctx = ctx_of(game)
    morale = convoy.morale
    for hex_id in ("0401", "0402", "0403", "0404", "0405", "0406", "0501"):
        foreign_hex(game, hex_id, 0, 1, 0)
        game.move_convoy(convoy, hex_id)
        convoy.troops = 50
        capture.attack_hex(ctx, convoy)
    gains = [e.facts["morale"] for e in kinds(ctx.events, EventKind.HEX_CAPTURED)]
    assert gains == [1, 1, 1, 1, 1, 0, 0] and convoy.morale == morale + 5


def test_no_attack_on_own_allied_water_hexes_or_when_hidden_or_recon_cc_cbh_08_09(
        game: Game) -> None:
    """CC-CBH-08/09, CC-CBH-01: own hexes, allies' hexes and water are never attacked; neither
    is anything by a hidden convoy or one in Recon mode."""
    me, other = clans(game)
    clan = game.clan(me)
    foreign_hex(game, PLAINS, other, 1, 0)
    assert hex_attack.attacks(game, clan, PLAINS, "capture")
    assert not hex_attack.attacks(game, clan, PLAINS, "capture", hidden=True)
    assert not hex_attack.attacks(game, clan, PLAINS, "recon")
    assert not hex_attack.attacks(game, clan, PLAINS, "empty")
    assert not hex_attack.attacks(game, clan, WATER, "capture")
    assert not hex_attack.attacks(game, clan, A_HOME, "capture")
    clan.allies.append(other)
    assert not hex_attack.attacks(game, clan, PLAINS, "capture")


# --- the checker's notice ----------------------------------------------------------------------


def test_checker_warns_a_move_attacks_a_hex_with_its_odds_cc_cbh_05(game: Game) -> None:
    """The checker notes on the line that a move attacks a hex, the troops it needs and the
    chance from seeded runs of the attack; the note does not stop the line from running."""
    me, other = clans(game)
    foreign_hex(game, PLAINS, other, 5, 5)
    convoy = game.convoy(me, 1)
    assert convoy is not None
    convoy.troops = 25
    assert check_sheet(game, me, "[CONVOY 1]\nN\n") == [], "unseen: its owner is not known"
    game.clan(me).last_turn.visited_hexes.append(PLAINS)  # seen last turn: its facts are known
    estimate = fight_odds.hex_attack_odds(game, ClanView(game, me), convoy, PLAINS,
                                          runs=fight_odds.CHECKER_RUNS)
    chance = round(estimate.win * 100)
    assert 60 <= chance <= 95 and abs(estimate.win - hex_attack.odds(game, PLAINS, 25).chance) < .1
    notes = check_sheet(game, me, "[CONVOY 1]\nN\n")
    assert [(p.line, p.level, problem_text(p)) for p in notes] == [
        (2, "notice", f"this move attacks hex {PLAINS}, Clan {other}'s, in Capture mode: you "
                      f"will fight its guards (needs 15–31 troops; you have 25: about "
                      f"{chance}% to take it)")]
    assert check_sheet(game, me, "[CONVOY 1]\nN\n") == notes  # seeded: the same each time
    assert check_sheet(game, me, "[CONVOY 1]\nRECON\nN\n") == []
    convoy.troops = 31
    notice = check_sheet(game, me, "[CONVOY 1]\nN\n")[0]
    assert "enough to take it for certain" in problem_text(notice)
    convoy.troops = 10
    assert check_sheet(game, me, "[CONVOY 1]\nN\n") == []  # too few: no attack is made
    convoy.troops = 25
    result = run_clan_turn(game, me, "[CONVOY 1]\nN\n")
    assert kinds(list(result.events), EventKind.MOVE)
    assert not [p for p in result.problems if p.line == 2]


# --- BOMB --------------------------------------------------------------------------------------


def test_bombs_on_population_kill_thousands_halved_by_a_shelter_cc_co_bomb_02_05(
        game: Game) -> None:
    """CC-CO-BOMB-02/05: every bomb drops at once; at an Outpost or Station each hits and kills
    8,000–16,000 people; BRACKWATER's Shelter halves it; the owner is told; the radio hears it."""
    me, other = clans(game)
    city = game.city(B_CITY)
    assert city is not None and city.fortification == 2
    city.population = 200_000
    wings = add_convoy(game, me, B_CITY, "air", {"jet": 2}, bombs=2)
    ctx = ctx_of(game)
    order(ctx, wings, "BOMB POPULATION")
    done = kinds(ctx.events, EventKind.BOMB)[0]
    assert (done.facts["bombs"], done.facts["hits"], done.facts["misses"]) == (2, 2, 0)
    assert 16_000 <= int(done.facts["people"]) <= 32_000
    assert city.population == 200_000 - int(done.facts["people"])
    assert wings.bombs == 0
    told = game.clan(other).inbox[-1]
    assert told.kind == EventKind.BOMBED and told.facts["people"] == done.facts["people"]
    assert event_text(told).startswith(f"Clan {me} bombed your city")
    assert game.state.broadcasts[-1].hex == B_CITY
    city.buildings.append("SHE")
    wings.bombs, wings.last_done = 2, {}
    ctx = ctx_of(game, 2)
    order(ctx, wings, "BO P")
    assert 8_000 <= int(kinds(ctx.events, EventKind.BOMB)[0].facts["people"]) <= 16_000


def test_bombing_population_stops_at_5000_amb_66(game: Game) -> None:
    """AMB-66: population bombs never take a city below 5,000 and do nothing at 5,000."""
    me, _ = clans(game)
    city = game.city(B_CITY)
    assert city is not None
    city.population = 9_000
    wings = add_convoy(game, me, B_CITY, "air", {"jet": 3}, bombs=3)
    order(ctx_of(game), wings, "BOMB P")
    assert city.population == 5_000


def test_bombs_on_buildings_spare_the_battery_and_half_are_duds_cc_co_bomb_03_04_cc_city_45(
        game: Game) -> None:
    """CC-CO-BOMB-03/04: each hit destroys a random building, never the Battery; with a
    Battery about half the bombs do nothing at all."""
    me, _ = clans(game)
    city = game.city(B_CITY)
    assert city is not None
    city.buildings = ["BAT", "CHU", "AIR", "HOS", "MAR", "RAD"]
    wings = add_convoy(game, me, B_CITY, "air", {"jet": 40}, bombs=40)
    result = bombing.drop_bombs(game, wings, city, "B", Random(3))
    assert city.buildings == ["BAT"]
    assert sorted(result.destroyed) == ["AIR", "CHU", "HOS", "MAR", "RAD"]
    assert 10 <= result.duds <= 30 and result.hits + result.misses + result.duds == 40


def test_bombs_on_troops_and_the_scourge_cc_co_bomb_06_07(game: Game) -> None:
    """CC-CO-BOMB-06/07: each hit kills 10–30 defenders; the Scourge kills nothing but a hit
    infects the city (a Hospital halves the chance)."""
    me, other = clans(game)
    city = game.city(B_CITY)
    assert city is not None
    city.troops, population = 100, city.population
    wings = add_convoy(game, me, B_CITY, "air", {"jet": 2}, bombs=2)
    ctx = ctx_of(game)
    order(ctx, wings, "BOMB TROOPS")
    killed = int(kinds(ctx.events, EventKind.BOMB)[0].facts["killed"])
    assert 20 <= killed <= 60 and city.troops == 100 - killed
    assert game.clan(other).inbox[-1].facts["killed"] == killed
    wings.bombs, wings.last_done = 1, {}
    ctx = ctx_of(game, 2)
    order(ctx, wings, "BOMB S")
    assert city.plague and city.population == population and city.troops == 100 - killed
    assert "brought the Plague" in event_text(kinds(ctx.events, EventKind.BOMB)[0])
    city.plague = False
    city.buildings.append("HOS")
    infected = 0
    for seed in range(200):
        wings.bombs = 1
        infected += bombing.drop_bombs(game, wings, city, "S", Random(seed)).infected
        city.plague = False
    assert 70 <= infected <= 130


def test_bomb_hit_chance_by_fortification_and_random_targets_cc_co_bomb_02_08(
        game: Game) -> None:
    """CC-CO-BOMB-02/08: a Citadel is hit 60% of the time; without a target each bomb picks
    buildings, people or troops, never the Scourge."""
    me, _ = clans(game)
    city = game.city(BIG_CITY)
    assert city is not None
    city.fortification, city.buildings = 6, []
    wings = add_convoy(game, me, BIG_CITY, "air", {"jet": 1})
    wings.bombs = 1000
    result = bombing.drop_bombs(game, wings, city, "", Random(5))
    assert 0.55 <= result.hits / 1000 <= 0.65
    assert {key for key, _ in result.targets} == {"B", "P", "T"}


def test_bomb_preconditions_cc_co_bomb_01(game: Game) -> None:
    """CC-CO-BOMB-01: air only (checked on the sheet), bombs aboard, a city not yours nor an
    ally's, once per convoy per turn; otherwise nothing happens and the line says why."""
    me, other = clans(game)
    notes = check_sheet(game, me, "[CONVOY 1]\nBOMB\n")
    assert [(p.level, problem_text(p)) for p in notes] == [
        ("check", "convoy #1 is not an air convoy; only air convoys carry and drop bombs")]
    wings = add_convoy(game, me, A_HOME, "air", {"jet": 1}, bombs=1)
    ctx = ctx_of(game)
    order(ctx, wings, "BOMB")
    assert ctx.problems[-1].facts["why"] == "own_city" and wings.bombs == 1
    game.move_convoy(wings, PLAINS)
    order(ctx, wings, "BOMB")
    assert ctx.problems[-1].facts["why"] == "no_city"
    game.move_convoy(wings, B_CITY)
    game.clan(me).allies.append(other)
    order(ctx, wings, "BOMB")
    assert ctx.problems[-1].facts["why"] == "ally"
    assert event_text(kinds(ctx.events, EventKind.CANNOT_BOMB)[-1]).endswith(
        f"belongs to your ally Clan {other}; convoy #{wings.number} will not bomb it")
    game.clan(me).allies.clear()
    order(ctx, wings, "BOMB")
    wings.bombs = 1
    order(ctx, wings, "BOMB")
    assert ctx.problems[-1].facts["why"] == "twice" and wings.bombs == 1
    assert len(kinds(ctx.events, EventKind.BOMB)) == 1


# --- RAZE --------------------------------------------------------------------------------------


def test_raze_burns_your_city_and_leaves_it_uncontrolled_cc_co_raze_01_02_03_04_05_06_07(
        game: Game) -> None:
    """CC-CO-RAZE-01…07, CC-CITY-36: every convoy of yours there takes part; people die per
    size point and per 10 troops; each truck burns a building; a tenth of the troops die, the
    garrison's survivors go to the stockpile; morale up and training down by the same;
    claymores recovered or lost; one fortification level lost; the city is left uncontrolled,
    fully garrisoned and hostile; the radio hears it."""
    me, _ = clans(game)
    clan = game.clan(me)
    city = game.city(A_HOME)
    assert city is not None and city.owner == me and city.fortification == 2
    city.population, city.troops, city.claymores = 58_000, 60, 6
    city.buildings = ["CHU", "AIR", "MAR"]
    home = game.convoy(me, 1)
    assert home is not None
    home.troops = 0
    trucks = add_convoy(game, me, A_HOME, "land", {"truck": 2}, troops=40, morale=30,
                        training=30)
    stock_troops, stock_claymores = clan.stock.troops, clan.stock.claymores
    ctx = ctx_of(game)
    order(ctx, trucks, "RAZE")
    razed = kinds(ctx.events, EventKind.RAZE)[0]
    facts = razed.facts
    assert len(facts["convoys"]) == 2  # type: ignore[arg-type]
    assert len(city.buildings) == 1 and len(facts["burned"]) == 2  # type: ignore[arg-type]
    assert trucks.troops == 40 - int(facts["killed"])
    assert clan.stock.troops == stock_troops + 60 - int(facts["garrison_killed"])
    assert int(facts["returned"]) == 60 - int(facts["garrison_killed"])
    assert clan.stock.claymores - stock_claymores == facts["claymores_recovered"]
    assert int(facts["claymores_recovered"]) + int(facts["claymores_lost"]) == 6
    gain = dict(facts["convoys"])[trucks.number]  # type: ignore[arg-type]
    assert 2 <= gain <= 8 and trucks.morale == 30 + gain and trucks.training == 30 - gain
    assert city.owner == 0 and city.fortification == 1 and me in city.hostile_to
    assert city.troops == game.rules.fortification(1).capacity and city.claymores == 0
    points = sum(game.rules.vehicles[k].size * n for c in (home, trucks)
                 for k, n in c.vehicles.items()) + (40 + 60) // 10
    assert points * 100 <= facts["people"] <= points * 1_000
    assert city.population == 58_000 - int(facts["people"])
    assert game.state.broadcasts[-1].hex == A_HOME
    assert "razed your city" in event_text(razed)
    order(ctx, trucks, "RAZE")
    assert ctx.problems[-1].facts["why"] == "not_yours"


def test_raze_never_takes_a_city_below_its_floor_amb_66(game: Game) -> None:
    """AMB-66: a razed minor city keeps at least 1,000 people."""
    me, _ = clans(game)
    city = game.city(A_HOME)
    assert city is not None
    city.population = 1_500
    add_convoy(game, me, A_HOME, "land", {"truck": 5}, troops=100)
    home = game.convoy(me, 1)
    assert home is not None
    order(ctx_of(game), home, "RAZE")
    assert city.population == 1_000


def test_raze_only_your_own_city_cc_co_raze_01(game: Game) -> None:
    """CC-CO-RAZE-01: another Clan's city, or a hex without a city, cannot be razed."""
    me, _ = clans(game)
    home = game.convoy(me, 1)
    assert home is not None
    ctx = ctx_of(game)
    game.move_convoy(home, B_CITY)
    order(ctx, home, "RAZE")
    game.move_convoy(home, PLAINS)
    order(ctx, home, "RAZE")
    assert [p.facts["why"] for p in ctx.problems] == ["not_yours", "no_city"]
    assert game.city(B_CITY).owner != 0  # type: ignore[union-attr]


# --- the books ---------------------------------------------------------------------------------


def test_bombs_dropped_and_troops_burned_are_in_the_books_cc_res_01(game: Game) -> None:
    """CC-RES-01: a turn that bombs a rival's city and razes one's own accounts for every bomb
    dropped, every troop killed and every claymore lost, on both sides."""
    me, other = clans(game)
    rival = game.city(B_CITY)
    home = game.city(A_HOME)
    assert rival is not None and home is not None
    rival.troops, home.claymores = 100, 4
    add_convoy(game, me, B_CITY, "air", {"jet": 2, "fighter": 1}, bombs=3)
    add_convoy(game, me, A_HOME, "land", {"truck": 1}, troops=20)
    before = {clan.number: holdings(game, clan.number) for clan in game.state.clans}
    inbox = len(game.clan(other).inbox)
    run_clan_turn(game, me, "[CONVOY 2]\nBOMB T\n[CONVOY 3]\nRAZE\n")
    mine = [e for e in game.clan(me).last_turn.events if e.phase != "between"]
    assert kinds(mine, EventKind.BOMB) and kinds(mine, EventKind.RAZE)
    told = game.clan(other).inbox[inbox:]
    assert unaccounted(before, game, mine + told) == {}
