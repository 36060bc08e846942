"""City rules a player notices: kinds, status, uses, guilds, goods, garrisons, Airport, Radio
Tower, Spotting Tower and the spotting report (CC-CITY)."""

from __future__ import annotations

import json
import statistics

import pytest

from conquest_tui.engine.convoys import convoys, movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GOODS
from conquest_tui.engine.core.state import Clan, Convoy, Event
from conquest_tui.engine.economy import economy
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import buildings, radio
from conquest_tui.storage.map_loader import list_maps, load_map, map_to_json, validate_map_data

HOME = "0308"  # the first Clan's starting city Brackwater (Station, guild TRA)
ARDMOOR = "0402"  # minor, no guild, produces milk
DUNMARCH = "1307"  # minor, Doctor guild, produces minerals, needs ores
VARNHOLD = "0706"  # major, Engineer guild
THORNWOOD = "0803"  # minor with an Airport at game start


def me(game: Game) -> Clan:
    return game.clan(game.state.clan_order[0])


def other(game: Game) -> Clan:
    return game.clan(game.state.clan_order[1])


def first_convoy(game: Game, clan: Clan, hex_id: str) -> Convoy:
    convoy = game.convoy(clan.number, 1)
    assert convoy is not None
    game.move_convoy(convoy, hex_id)
    convoy.hidden = False
    game.reindex()
    return convoy


def events(clan: Clan, kind: str) -> list[Event]:
    return [e for e in clan.last_turn.events if e.kind == kind]


def problem_codes(clan: Clan) -> list[str]:
    return [p.code for p in clan.last_turn.problems]


def city_list(game: Game, clan: Clan) -> dict[str, str]:
    """The city-list rows of the Clan's report text, by hex."""
    text = render_report(build_report(ClanView(game, clan.number)))
    rows = text[text.index("CITY LIST"):text.index("HEX LIST")].splitlines()[2:]
    return {row[:4]: row for row in rows if row[:4].isdigit()}


def shipped_maps() -> list[str]:
    return [info.name for info in list_maps()]


# --- 5.1 kinds, capture, status, uses, guilds ------------------------------------------------

def test_major_city_names_in_capitals_minor_as_written_cc_city_01(game: Game) -> None:
    """CC-CITY-01: cities are minor or major; a major city's name is in CAPITALS on reports."""
    clan = me(game)
    first_convoy(game, clan, VARNHOLD).mode = "recon"
    run_clan_turn(game, clan.number, "[CONVOY 1]\nPAUSE\n")
    rows = city_list(game, clan)
    assert game.map.city_at(VARNHOLD).major and not game.map.city_at(HOME).major
    assert "VARNHOLD" in rows[VARNHOLD] and "Varnhold" not in rows[VARNHOLD]
    assert "Brackwater" in rows[HOME] and "BRACKWATER" not in rows[HOME]


def test_capture_mode_takes_the_hex_but_never_the_city_cc_city_02(game: Game) -> None:
    """CC-CITY-02: a convoy in Capture mode entering a city hex with troops to spare may take
    the hex, but the city changes hands only through an explicit ATTACK order."""
    clan = me(game)
    city = game.city(DUNMARCH)
    garrison = city.troops
    convoy = first_convoy(game, clan, "1308")
    convoy.vehicles["truck"] = 4
    convoy.troops = 150
    run_clan_turn(game, clan.number, f"[CONVOY 1]\n{DUNMARCH}\n")
    assert convoy.hex == DUNMARCH and convoy.mode == "capture"
    assert game.hex(DUNMARCH).owner == clan.number  # the hex, by Capture mode
    assert city.owner == 0 and city.troops == garrison  # the city: untouched
    assert DUNMARCH not in ClanView(game, clan.number).owned_cities()


def test_captured_hex_and_city_produce_from_the_next_turn_cc_city_03(game: Game) -> None:
    """CC-CITY-03: what is taken during a turn produces nothing that turn (income came first);
    it pays at the captor's next Income Phase, as the estimate already shows."""
    clan = me(game)
    target = "0307"  # plains next to home
    convoy = first_convoy(game, clan, HOME)
    convoy.troops = 5
    game.city(HOME).population = 40_000  # stays in the normal band after growth
    game.hex(target).defense, game.hex(target).garrison = 1, 0
    before = economy.income_estimate(game, clan.number)
    run_clan_turn(game, clan.number, f"[CONVOY 1]\n{target}\n")
    assert game.hex(target).owner == clan.number
    income = clan.last_turn.income
    assert income["money"] == before["money"]  # no money from the new hex yet
    city = game.city(THORNWOOD)  # as the combat code will leave a city taken by ATTACK
    city.owner, city.conquered_turn = clan.number, game.state.game_turn
    estimate = build_report(ClanView(game, clan.number)).income_estimate
    gained = game.hex(target).money + economy.city_value(game, city, clan.number, None)
    assert estimate["money"] == before["money"] + gained
    run_clan_turn(game, other(game).number, "")
    run_clan_turn(game, clan.number, "")
    assert clan.last_turn.income["money"] == before["money"] + gained


def test_status_owned_friendly_hostile_banned_per_clan_cc_city_04(game: Game) -> None:
    """CC-CITY-04: each city has a status toward each Clan, shown in the city list."""
    mine, theirs = me(game), other(game)
    game.city(DUNMARCH).hostile_to.append(mine.number)  # a failed ATTACK (combat code)
    game.city(ARDMOOR).owner = theirs.number
    theirs.bans.append(mine.number)  # BAN (diplomacy code)
    view, their_view = ClanView(game, mine.number), ClanView(game, theirs.number)
    status = {h: view.city_info(h).status for h in (HOME, VARNHOLD, DUNMARCH, ARDMOOR)}
    assert status == {HOME: "Owned", VARNHOLD: "Friendly", DUNMARCH: "Hostile",
                      ARDMOOR: "Banned"}
    assert their_view.city_info(DUNMARCH).status == "Friendly"
    assert their_view.city_info(ARDMOOR).status == "Owned"
    assert their_view.city_info(HOME).status == "Friendly"


def test_friendly_city_serves_troops_weapons_hire_goods_celebrate_practice_cc_city_05(
        game: Game) -> None:
    """CC-CITY-05: a Friendly city (not yours) gives troop and rifle pickup, HIRE from its
    guild, DROPOFF and PICKUP of goods, CELEBRATE and PRACTICE."""
    clan = me(game)
    clan.stock.troops, clan.stock.rifles, clan.stock.money = 60, 5, 100_000
    convoy = first_convoy(game, clan, DUNMARCH)
    convoy.experts, convoy.troops = ["TRA"], 0
    convoy.vehicles["truck"] = 1
    convoy.cargo, convoy.cargo_type = 5, "ores"  # Dunmarch needs ores
    assert game.city(DUNMARCH).owner == 0
    run_clan_turn(game, clan.number,
                  "[CONVOY 1]\nDROPOFF\nPICKUP\nHIRE DOC\nCELEBRATE\nPRACTICE\n")
    assert problem_codes(clan) == []
    assert convoy.troops == 25 and convoy.rifles == 1
    assert "DOC" in convoy.experts and convoy.cargo_type == "minerals" and convoy.cargo > 0
    assert events(clan, "celebrate") and events(clan, "practice")
    assert any(e.facts["city"] == "Dunmarch" for e in events(clan, "hire"))
    assert [(e.facts["amount"], e.facts["goods"]) for e in events(clan, "goods_sale")] == [
        (5, "ores")]


def test_hostile_city_refuses_what_a_friendly_one_gives_cc_city_05(game: Game) -> None:
    """CC-CITY-05 (contrast): the same convoy in the same city, now Hostile, gets no troops,
    no expert and no goods."""
    clan = me(game)
    clan.stock.troops, clan.stock.money = 60, 100_000
    game.city(DUNMARCH).hostile_to.append(clan.number)
    convoy = first_convoy(game, clan, DUNMARCH)
    convoy.troops = 0
    run_clan_turn(game, clan.number, "[CONVOY 1]\nPICKUP\nHIRE DOC\n")
    assert convoy.troops == 0 and convoy.experts == [] and convoy.cargo == 0
    assert len(problem_codes(clan)) == 2


def test_guild_in_expert_column_and_decides_hire_cc_city_09(game: Game) -> None:
    """CC-CITY-09: a city's Guild (or "None") is in the EXPERT column; HIRE there gets that
    expert type and no other; a city without a Guild hires nobody."""
    clan = me(game)
    clan.stock.money = 100_000
    convoy = first_convoy(game, clan, VARNHOLD)
    convoy.mode = "recon"
    run_clan_turn(game, clan.number, "[CONVOY 1]\nPAUSE\nHIRE DOC\nHIRE\n")
    assert convoy.experts == ["ENG"]
    assert problem_codes(clan) == ["cannot_hire"]
    rows = city_list(game, clan)
    assert " ENG " in rows[VARNHOLD] and " TRA " in rows[HOME]
    run_clan_turn(game, other(game).number, "")
    game.move_convoy(convoy, ARDMOOR)
    run_clan_turn(game, clan.number, "[CONVOY 1]\nPAUSE\nHIRE\n")
    assert convoy.experts == ["ENG"] and problem_codes(clan) == ["cannot_hire"]
    assert " None " in city_list(game, clan)[ARDMOOR]


# --- 5.2 population, 5.3 goods ---------------------------------------------------------------

@pytest.mark.parametrize("name", shipped_maps())
def test_city_start_populations_on_every_map_cc_city_11(name: str) -> None:
    """CC-CITY-11: minor cities start at about 25,000 people, major cities at about 100,000
    ("exceptions possible": the generator scales by the real town, so big-city maps run higher).
    Every minor city is smaller than every major one."""
    world = load_map(name)
    minors = [c.population for c in world.cities if not c.major]
    majors = [c.population for c in world.cities if c.major]
    assert 15_000 <= statistics.median(minors) <= 45_000  # 25,000 within a factor of 1.8
    assert min(minors) >= 10_000 and max(minors) <= 60_000 < 80_000 <= min(majors)
    assert 80_000 <= statistics.median(majors) <= 160_000


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_player_start_city_50000_to_60000_others_as_mapped_cc_city_11(
        rules: Ruleset, small_map, seed: str) -> None:
    """CC-CITY-11, AMB-07: a player's starting city has 50,000–60,000 people; the others keep
    the map's figure."""
    game = new_game(rules, small_map, GameSetup(
        clans=(ClanSetup("A"), ClanSetup("B"), ClanSetup("C")), seed=seed, turn_limit=0))
    for city in game.state.cities:
        site = game.map.city_at(city.hex)
        if city.owner:
            assert 50_000 <= city.population <= 60_000
        else:
            assert city.population == site.population


def test_ten_goods_types_priced_and_listed_cc_city_19(game: Game) -> None:
    """CC-CITY-19: exactly ten goods types, each with a free-market price on the report."""
    ten = ("milk", "wool", "ores", "minerals", "coal", "steel", "alcohol", "gas", "cloth",
           "gems")
    assert set(GOODS) == set(ten) and len(GOODS) == 10
    assert set(game.rules.goods) == set(ten)
    text = render_report(build_report(ClanView(game, me(game).number)))
    goods = text[text.index("Goods:"):text.index("─", text.index("Goods:"))]
    assert all(f"{good.title()} $" in goods for good in ten)


@pytest.mark.parametrize("name", shipped_maps())
def test_each_city_produces_one_good_and_needs_another_cc_city_20(name: str) -> None:
    """CC-CITY-20: one goods type produced, one needed (never the same); "anything" is rare."""
    world = load_map(name)
    for city in world.cities:
        assert city.produces in GOODS
        assert city.needs in (*GOODS, "anything") and city.needs != city.produces
    anything = sum(city.needs == "anything" for city in world.cities)
    assert anything <= max(2, len(world.cities) // 10)


def test_map_with_a_city_needing_its_own_good_is_refused_cc_city_20(small_map) -> None:
    """CC-CITY-20: the map loader refuses a city needing what it produces or an unknown good."""
    raw = json.loads(map_to_json(small_map))
    raw["cities"][0]["needs"] = raw["cities"][0]["produces"]
    raw["cities"][1]["produces"] = "oil"
    problems = validate_map_data(raw, "bad.json")
    assert any("also what the city produces" in p for p in problems)
    assert any("unknown good 'oil'" in p for p in problems)


# --- 5.5 fortifications -----------------------------------------------------------------------

@pytest.mark.parametrize("name", shipped_maps())
def test_cities_start_at_level_1_or_2_majors_at_5_cc_city_31(name: str) -> None:
    """CC-CITY-31: minor cities normally start at level 1 or 2 (a few higher), majors at 5."""
    world = load_map(name)
    minors = [c.fortification for c in world.cities if not c.major]
    assert all(c.fortification == 5 for c in world.cities if c.major)
    assert sum(level in (1, 2) for level in minors) >= 0.8 * len(minors)
    assert max(minors) < 5


def test_players_start_in_a_station_cc_city_31(game: Game) -> None:
    """CC-CITY-31: every player's starting city is level 2 (Station), shown as F 2."""
    for clan in game.state.clans:
        owned = [c for c in game.state.cities if c.owner == clan.number]
        assert [c.fortification for c in owned] == [2]
    row = city_list(game, me(game))[HOME]
    assert f" {game.city(HOME).population:,} 2 " in row


def test_troop_capacity_caps_assign_and_cities_start_below_it_cc_city_33(game: Game) -> None:
    """CC-CITY-33: troops assigned to a city stop at its capacity (Station 100); uncontrolled
    cities may start below capacity (AMB-74: minors 50–100%, majors 75–100%)."""
    clan = me(game)
    city = game.city(HOME)
    clan.stock.troops, clan.stock.food = 200, 1_000
    assert city.troops == 60
    run_clan_turn(game, clan.number, f"[PRE]\nASSIGN {HOME} 90\n")
    assert city.troops == 100 and clan.stock.troops == 160
    assert ("troops", "limit", 100) in events(clan, "assign")[0].facts["short"]
    below = 0
    for other_city in game.state.cities:
        if other_city.owner:
            continue
        capacity = buildings.troop_capacity(game, other_city)
        share = 75 if game.map.city_at(other_city.hex).major else 50
        assert capacity * share // 100 <= other_city.troops <= capacity
        below += other_city.troops < capacity
    assert below > 0


# --- 5.6 buildings ----------------------------------------------------------------------------

def test_airport_needed_to_create_and_convert_air_convoys_cc_city_42(game: Game) -> None:
    """CC-CITY-42: CREATE and CONVERT of an Air convoy need an Airport in the city."""
    clan = me(game)
    clan.stock.money = 100_000
    run_clan_turn(game, clan.number, f"[PRE]\nCREATE {HOME} AIR\nCONVERT 1 AIR\n")
    assert game.convoy(clan.number, 2) is None
    assert game.convoy(clan.number, 1).convoy_type == "land"
    assert problem_codes(clan) == ["cannot_create", "cannot_convert"]
    run_clan_turn(game, other(game).number, "")
    game.city(HOME).buildings.append("AIR")
    run_clan_turn(game, clan.number, f"[PRE]\nCREATE {HOME} AIR\nCONVERT 1 AIR\n")
    assert game.convoy(clan.number, 2).convoy_type == "air"
    assert game.convoy(clan.number, 1).convoy_type == "air"


def _air_convoy(game: Game, clan: Clan, hex_id: str) -> Convoy:
    convoy = convoys.create_convoy(game, clan.number, 2, hex_id, "air", hidden=False)
    convoy.created_turn, convoy.mode = 0, "recon"
    game.reindex()
    return convoy


@pytest.mark.parametrize(("start", "status", "reaches"), [
    (HOME, "owned", True), (THORNWOOD, "friendly", True), (THORNWOOD, "hostile", False),
])
def test_airport_start_gives_air_convoys_4_more_range_cc_city_42(
        game: Game, start: str, status: str, reaches: bool) -> None:
    """CC-CITY-42, AMB-24: an Air convoy that begins its turn in an Owned or Friendly city with
    an Airport flies 28 + 4 = 32 hexes that turn; from a Hostile one it keeps 28."""
    clan = me(game)
    city = game.city(start)
    if "AIR" not in city.buildings:
        city.buildings.append("AIR")
    if status == "hostile":
        city.hostile_to.append(clan.number)
    clan.stock.fuel = 5_000
    convoy = _air_convoy(game, clan, start)
    land = [h for h in game.map.hex_ids() if game.map.is_land(h)]
    far = max(land, key=lambda h: hexgrid.distance(start, h))
    back, last = next((b, c) for b in land for c in land
                      if hexgrid.distance(start, far) + hexgrid.distance(far, b) <= 28
                      and hexgrid.distance(start, far) + hexgrid.distance(far, b)
                      + hexgrid.distance(b, c) == 32)
    assert movement.allowance(game, convoy, start) == (32 if reaches else 28)
    run_clan_turn(game, clan.number, f"[CONVOY 2]\n{far}\n{back}\n{last}\n")
    assert (convoy.hex == last) is reaches and convoy.moves_made <= (32 if reaches else 28)


def test_radio_tower_adds_6_to_radio_range_from_next_turn_cc_city_52(game: Game) -> None:
    """CC-CITY-52: a Station hears 6 hexes, 12 with a Radio Tower (RR column), but the tower
    gives nothing on the turn it is built."""
    clan = me(game)
    clan.stock.money = 20_000

    def battle_at(distance: int, attacker: int) -> None:
        hex_id = next(h for h in hexgrid.ring(HOME, distance) if game.map.contains(h))
        radio.broadcast(game, hex_id, EventKind.CONVOY_BATTLE, [attacker, 902],
                        attacker=attacker, defender=902)

    battle_at(12, 901)
    run_clan_turn(game, clan.number, f"[PRE]\nERECT {HOME} RAD\n")
    assert events(clan, "radio") == []
    assert city_list(game, clan)[HOME].split()[-3:-1] == ["2", "12"]
    battle_at(12, 903)
    battle_at(13, 905)
    run_clan_turn(game, other(game).number, "")
    run_clan_turn(game, clan.number, "")
    heard = [e.facts for e in clan.last_turn.events if e.kind == "radio"]
    assert [(f["attacker"], f["clans"]) for f in heard] == [(903, (902, 903))]


def _enemy_at(game: Game, centre: str, distances: tuple[int, ...]) -> dict[int, str]:
    enemy = other(game).number
    placed = {}
    for number, distance in enumerate(distances, start=2):
        target = next(h for h in hexgrid.ring(centre, distance)
                      if game.map.contains(h) and game.map.is_land(h))
        convoys.create_convoy(game, enemy, number, target, "land")
        placed[distance] = target
    game.move_convoy(game.convoy(enemy, 1), "1609")  # the enemy home, far away
    game.reindex()
    return placed


def _spotting_lines(game: Game, clan: Clan) -> list[str]:
    text = render_report(build_report(ClanView(game, clan.number)))
    if "SPOTTING" not in text:
        return []
    block = text[text.index("\nSPOTTING\n") + 10:]
    return block[:block.index("─")].strip().splitlines()


def test_spotting_tower_adds_2_range_and_shows_size_4_inside_cc_city_55(game: Game) -> None:
    """CC-CITY-55: a Fortress sees 5 hexes, 7 with a Spotting Tower (SR column); with the tower
    a convoy at least 4 hexes inside that range also shows its size."""
    clan = me(game)
    city = game.city(HOME)
    city.fortification = 5
    enemy = other(game).number
    placed = _enemy_at(game, HOME, (3, 6, 7, 8))
    run_clan_turn(game, clan.number, "")
    seen = {line.split()[0] for line in _spotting_lines(game, clan)}
    assert seen == {placed[3]}  # owner shown up to 3, seen up to 5: only 3 is in range
    run_clan_turn(game, enemy, "")
    city.buildings.append("SPO")
    run_clan_turn(game, clan.number, "")
    assert city_list(game, clan)[HOME].split()[-3:-1] == ["7", "12"]
    lines = {line.split()[0]: line for line in _spotting_lines(game, clan)}
    assert set(lines) == {placed[3], placed[6], placed[7]}
    assert lines[placed[3]].startswith(f"{placed[3]} ({enemy}) [")
    assert "[" not in lines[placed[6]] and "[" not in lines[placed[7]]


def test_spotting_report_format_and_silence_cc_city_60(game: Game) -> None:
    """CC-CITY-60: entries read `hex`, `hex (clan#)` or `hex (clan#) [size]`; when no city saw
    anything there is no spotting section at all."""
    clan = me(game)
    run_clan_turn(game, clan.number, "")
    assert "SPOTTING" not in render_report(build_report(ClanView(game, clan.number)))
    run_clan_turn(game, other(game).number, "")
    city = game.city(HOME)
    city.fortification, city.buildings = 6, ["SPO"]
    enemy = other(game).number
    placed = _enemy_at(game, HOME, (2, 5, 8))
    run_clan_turn(game, clan.number, "")
    lines = {line.split()[0]: line.split("  ")[0] for line in _spotting_lines(game, clan)}
    size = lines[placed[2]].split("[")[1].rstrip("]")
    assert size and lines[placed[2]] == f"{placed[2]} ({enemy}) [{size}]"
    assert lines[placed[5]] == f"{placed[5]} ({enemy})"
    assert lines[placed[8]] == placed[8]
