"""General rules, terrain, resources, popularity and movement as a player meets them (CC-GEN,
CC-TER, CC-RES, CC-POP, CC-MOVE)."""

from __future__ import annotations

import math

import attrs

from conquest_tui.engine.convoys import convoys, movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.rng import rng_for
from conquest_tui.engine.core.state import STOCK_ITEMS, Convoy, Stockpile
from conquest_tui.engine.economy import economy, population
from conquest_tui.engine.economy.gameturn import end_game_turn
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play import setup
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import UNKNOWN, ClanView
from conquest_tui.engine.rules.ruleset import Ruleset
from tests.game_helpers import convoy_of as _convoy
from tests.game_helpers import first_clan as _first
from tests.game_helpers import second_clan as _second

HOME = "0308"  # the first Clan's starting city, Brackwater (swamp, river, road N to 0307)
AWAY = "1609"  # the second Clan's starting city, Eastreach



def _kinds(game: Game, clan: int) -> list[str]:
    return [event.kind for event in game.clan(clan).last_turn.events]


def _problems(game: Game, clan: int) -> dict[int, str]:
    return {p.line: p.code for p in game.clan(clan).last_turn.problems}


def _new_convoy(game: Game, clan: int, hex_id: str, kind: str, number: int = 2) -> Convoy:
    convoy = convoys.create_convoy(game, clan, number, hex_id, kind, hidden=False)
    convoy.created_turn = 0
    return convoy


def test_clan_numbers_name_owners_in_reports_cc_gen_02(game: Game) -> None:
    """CC-GEN-02: every Clan has its own number; reports name owners by it."""
    first, second = _first(game), _second(game)
    assert first != second and 100 < first < 1000 and 100 < second < 1000
    run_clan_turn(game, first, "")
    text = render_report(build_report(ClanView(game, first)))
    assert f"report for Clan {first}" in text
    assert any(row.startswith(HOME) and f" {first} " in row for row in text.splitlines())


def test_only_the_active_clan_acts_cc_gen_04(game: Game) -> None:
    """CC-GEN-04: during one Clan's turn the others stay idle: no income, no moves."""
    first, second = _first(game), _second(game)
    idle = game.clan(second)
    stock_before = attrs.evolve(idle.stock)
    convoy = _convoy(game, second)
    run_clan_turn(game, first, "[CONVOY 1]\nN\n")
    assert idle.stock == stock_before
    assert convoy.hex == AWAY and convoy.moves_made == 0
    assert idle.last_turn.events == []
    assert game.state.active_clan == second


def test_other_clans_seen_as_ghost_images_and_fog_cc_gen_05(game: Game) -> None:
    """CC-GEN-05: a convoy spotted at the end of your turn stays where you saw it, even after
    it moves in its owner's turn; unseen hexes and cities show no live facts."""
    first, second = _first(game), _second(game)
    stranger = _convoy(game, second)
    game.move_convoy(stranger, "0408")  # next to the first Clan's city, in its spotting range
    run_clan_turn(game, first, "")
    view = ClanView(game, first)
    assert [s.hex for s in view.sightings()] == ["0408"]
    run_clan_turn(game, second, "[CONVOY 1]\nSE\n")
    assert stranger.hex == "0509"
    assert [s.hex for s in ClanView(game, first).sightings()] == ["0408"]  # the ghost image
    assert view.hex_info(AWAY).owner == UNKNOWN
    assert AWAY not in [city.hex for city in view.listed_cities()]


def test_starting_position_cc_gen_06(game: Game, rules: Ruleset) -> None:
    """CC-GEN-06: one minor Station of 50,000–60,000, its hex, one land convoy, popularity 100."""
    for clan in game.state.clans:
        cities = [city for city in game.state.cities if city.owner == clan.number]
        assert len(cities) == 1
        city = cities[0]
        site = game.map.city_at(city.hex)
        assert site is not None and not site.major
        assert city.fortification == 2
        assert 50_000 <= city.population <= 60_000
        assert game.hex(city.hex).owner == clan.number
        assert ClanView(game, clan.number).owned_hexes() == [city.hex]
        own = game.convoys_of(clan.number)
        assert [(c.number, c.convoy_type, c.hex) for c in own] == [(1, "land", city.hex)]
        assert clan.popularity == 100


def test_island_start_gets_a_convoy_that_can_leave_cc_gen_06(game: Game) -> None:
    """CC-GEN-06, AMB-56: a start on an island (Skerry, 0206) gets an amphibious convoy."""
    clan = game.clan(_first(game))
    for convoy in list(game.convoys_of(clan.number)):
        game.remove_convoy(convoy)
    setup._give_start(game, clan, "0206", rng_for("test", "island"))
    assert [c.convoy_type for c in game.convoys_of(clan.number)] == ["amphibious"]


def test_starts_are_as_far_apart_as_the_map_allows_cc_gen_07(small_map: GameMap,
                                                             rules: Ruleset) -> None:
    """CC-GEN-07: two Clans start at the two mainland minor cities farthest from each other
    (both starts fair on this map)."""
    starts = setup.choose_starts(small_map, 2, rng_for("any", "setup"), rules.fair_starts)
    minors = [site.hex for site in small_map.cities
              if not site.major and not small_map.is_island(site.hex)]
    widest = max(hexgrid.distance(a, b) for a in minors for b in minors)
    assert hexgrid.distance(*starts) == widest
    four = setup.choose_starts(small_map, 4, rng_for("any", "setup"), rules.fair_starts)
    assert min(hexgrid.distance(a, b) for a in four for b in four if a != b) >= 6


def test_hex_and_city_have_separate_owners_cc_gen_09(game: Game) -> None:
    """CC-GEN-09: the city still pays its owner when another Clan holds the hex, and the hex
    pays the hex owner."""
    first, second = _first(game), _second(game)
    city_money = economy.city_income(game, first, None)["money"]
    hex_money = game.hex(HOME).money
    game.hex(HOME).set_owner(second)
    assert game.city(HOME).owner == first  # type: ignore[union-attr]
    assert economy.city_income(game, first, None)["money"] == city_money
    assert economy.hex_income(game, first, None)["money"] == 0
    assert economy.hex_income(game, second, None)["money"] == (
        hex_money + game.hex(AWAY).money)


def test_water_cannot_be_controlled_cities_never_vanish_cc_gen_10(game: Game) -> None:
    """CC-GEN-10: a sea convoy in Capture mode does not take the water it sails; the Plague
    never brings a city below its floor, so it stays on the map."""
    first = _first(game)
    ship = _new_convoy(game, first, HOME, "sea")
    ship.troops = 10
    run_clan_turn(game, first, "[CONVOY 2]\nS\nSW\n")
    out_at_sea = hexgrid.neighbor("0309", "SW")
    assert out_at_sea is not None and game.map.is_water(out_at_sea)
    assert ship.hex == out_at_sea and ship.mode == "capture"
    assert game.hex("0309").owner == 0 and game.hex(out_at_sea).owner == 0
    assert "hex_captured" not in _kinds(game, first)
    city = game.city("0402")
    assert city is not None
    floor = population.band_rules(game, city).floor
    city.population = floor
    assert population.plague_loss(game, city, rng_for("x", "plague")) == 0
    assert len(game.state.cities) == len(game.map.cities)


def test_first_meeting_shows_name_and_slogan_cc_gen_12(game: Game) -> None:
    """CC-GEN-12: on first meeting each Clan learns the other's name and slogan (phone if ON);
    a second meeting says nothing new."""
    first, second = _first(game), _second(game)
    game.clan(second).slogan = "Roads are for winners"
    game.clan(first).slogan = "Howl"
    stranger = _convoy(game, second)
    game.move_convoy(stranger, "0307")
    run_clan_turn(game, first, "[CONVOY 1]\nN\nS\nN\n")
    met = [e for e in game.clan(first).last_turn.events if e.kind == "met_clan"]
    assert len(met) == 1 and met[0].rule == "CC-GEN-12"
    assert met[0].facts == {"hex": "0307", "clan": second, "name": game.clan(second).name,
                            "slogan": "Roads are for winners", "phone": ""}
    run_clan_turn(game, second, "")
    told = [e for e in game.clan(second).last_turn.events if e.kind == "met_clan"]
    assert len(told) == 1 and told[0].phase == "between"
    assert told[0].actor == first and told[0].facts == {
        "hex": "0307", "clan": first, "name": game.clan(first).name, "slogan": "Howl",
        "phone": ""}
    assert game.clan(first).met_clans == [second] and game.clan(second).met_clans == [first]


def test_stockpiles_unlimited_and_reach_any_convoy_cc_gen_13(game: Game) -> None:
    """CC-GEN-13: a huge purchase fits the stockpile, and a convoy far from any city moves on
    Clan fuel and receives bought vehicles without logistics."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.money = 30_000_000
    convoy = _convoy(game, first)
    game.move_convoy(convoy, "0609")  # plains, no city near
    run_clan_turn(game, first, "[PRE]\nBUY 1000000 FUEL\nBUY 1 VAN #1\n[CONVOY 1]\nS\n")
    assert convoy.hex == "0610" and convoy.vehicles["van"] == 1
    income = clan.last_turn.income.get("fuel", 0)
    moved = next(e for e in clan.last_turn.events if e.kind == "move")
    spent = int(moved.facts["fuel"])
    assert clan.stock.fuel == 300 + income + 1_000_000 - spent


def test_water_never_driven_sea_pays_standard_rate_cc_ter_09(game: Game) -> None:
    """CC-TER-09: land and military convoys cannot enter water; a sea convoy pays ×1 there."""
    first = _first(game)
    assert movement.entry_problem(game, "land", HOME, "0309") == \
        reason("water", target="0309", convoy_type="land")
    assert movement.entry_problem(game, "military", HOME, "0309") == \
        reason("water", target="0309", convoy_type="military")
    ship = _new_convoy(game, first, "0309", "sea")
    rate = sum(game.rules.vehicles[k].fuel * n for k, n in ship.vehicles.items())
    assert movement.move_fuel(game, ship, "0309", "0310") == rate
    assert movement.move_fuel(game, ship, "0310", "0309") == rate


def test_clan_stockpiles_and_convoy_cargo_cc_res_01(game: Game) -> None:
    """CC-RES-01: the Clan stockpiles are exactly the eleven items; goods ride in convoys."""
    assert list(tuple(a.name for a in attrs.fields(Stockpile))) == list(STOCK_ITEMS) == [
        "money", "food", "fuel", "parts", "vaccine", "troops", "rifles", "grenades", "rockets",
        "claymores", "bombs"]
    report = build_report(ClanView(game, _first(game)))
    assert list(report.stock) == list(STOCK_ITEMS)
    assert "cargo" not in tuple(a.name for a in attrs.fields(Stockpile))
    assert "cargo" in tuple(a.name for a in attrs.fields(Convoy))


def test_money_comes_from_cities_and_hexes_cc_res_02(game: Game) -> None:
    """CC-RES-02: the turn's money is what the owned hexes and the city pay."""
    first = _first(game)
    clan = game.clan(first)
    hex_money = economy.hex_income(game, first, None)["money"]
    city_money = economy.city_income(game, first, None)["money"]
    before = clan.stock.money
    run_clan_turn(game, first, "")
    assert clan.last_turn.income["money"] == hex_money + city_money > 0
    assert clan.stock.money == before + hex_money + city_money
    assert any(e.kind == "income" and ("money", hex_money + city_money) in e.facts["amounts"]
               for e in clan.last_turn.events)


def test_purchases_usable_at_once_cc_res_06(game: Game) -> None:
    """CC-RES-06: fuel bought in the pre-turn orders drives the convoy in pulse 1."""
    first = _first(game)
    clan = game.clan(first)
    for hex_state in game.state.hexes:
        hex_state.fuel = 0
    clan.stock.fuel = 0
    convoy = _convoy(game, first)
    run_clan_turn(game, first, "[PRE]\nBUY 50 FUEL\n[CONVOY 1]\nN\n")
    assert convoy.hex == "0307"
    assert clan.stock.fuel < 50 and "no_fuel" not in _kinds(game, first)


def test_three_troop_states_cc_res_13(game: Game) -> None:
    """CC-RES-13: convoy and unallocated troops eat; troops assigned to the city do not."""
    first = _first(game)
    clan = game.clan(first)
    for hex_state in game.state.hexes:
        hex_state.food = 0
    clan.stock.food = 1_000
    convoy = _convoy(game, first)
    city = game.city(HOME)
    assert city is not None and city.troops == 60
    run_clan_turn(game, first, "")
    eaters = convoy.troops + clan.stock.troops
    assert (convoy.troops, clan.stock.troops) == (5, 15)
    assert clan.stock.food == 1_000 - eaters
    assert city.troops == 60


def test_pickup_points_cc_res_14(game: Game) -> None:
    """CC-RES-14: troops are picked up before the pulses, after a pulse, on entering a city
    and in maintenance; never outside a friendly city."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.money = 200_000
    clan.stock.troops = 4
    convoy = _convoy(game, first)
    convoy.mode = "recon"  # no attack on 0307
    other = _new_convoy(game, first, HOME, "land")
    other.troops = 5
    run_clan_turn(game, first, "[PRE]\nBUY 1 BUS #1\n[CONVOY 1]\nN\nS\n[CONVOY 2]\nEMPTY\n"
                  "[POST]\nENLIST 3\n")
    pickups = [(e.phase, e.pulse, e.facts["taken"])
               for e in clan.last_turn.events if e.kind == "pickup"]
    assert pickups == [("pickup", 0, (("troops", 4),)), ("pulses", 2, (("troops", 5),)),
                       ("maintenance", 0, (("troops", 3),))]
    assert convoy.troops == 5 + 4 + 5 + 3 and clan.stock.troops == 0


def test_popularity_only_ranks_and_decides_victory_cc_pop_05(game: Game) -> None:
    """CC-POP-05: popularity changes neither income nor prices; it orders the Top Clans."""
    first, second = _first(game), _second(game)
    rich = game.clan(first)
    income = economy.hex_income(game, first, None), economy.city_income(game, first, None)
    prices = dict(game.state.prices)
    rich.popularity = 900
    assert (economy.hex_income(game, first, None),
            economy.city_income(game, first, None)) == income
    assert game.state.prices == prices
    game.hex("0307").set_owner(second)
    game.hex("0306").set_owner(second)
    end_game_turn(game)
    assert game.state.top_clans[-1] == [second, first]


def test_victory_threshold_fixed_shown_and_scaled_cc_pop_06(game: Game, rules: Ruleset,
                                                           small_map: GameMap) -> None:
    """CC-POP-06: set at game start, printed on every report, higher with fewer Clans and
    with more cities."""
    threshold = game.state.victory_threshold
    assert threshold == setup.default_victory_threshold(rules, small_map, 2)
    for clan in (_first(game), _second(game)):
        assert f"victory at {threshold}" in render_report(build_report(ClanView(game, clan)))
    run_clan_turn(game, _first(game), "")
    run_clan_turn(game, _second(game), "")
    assert game.state.victory_threshold == threshold
    assert (setup.default_victory_threshold(rules, small_map, 2)
            > setup.default_victory_threshold(rules, small_map, 4))
    site = small_map.cities[2]
    plain = ["pppppppp"] * 6
    few = GameMap.from_rows("few", plain, cities=[attrs.evolve(site, hex="0202")])
    many = GameMap.from_rows("many", plain, cities=[attrs.evolve(site, hex=h, name=f"City {h}")
                                                    for h in ("0202", "0605", "0303")])
    assert (setup.default_victory_threshold(rules, many, 2)
            > setup.default_victory_threshold(rules, few, 2))


def test_fuel_per_move_vehicles_times_terrain_cc_move_03(game: Game) -> None:
    """CC-MOVE-03: Σ vehicle fuel × the entered terrain's multiplier; short of fuel the convoy
    stays and pays nothing."""
    first = _first(game)
    clan = game.clan(first)
    convoy = _convoy(game, first)
    game.move_convoy(convoy, "0609")
    rules = game.rules
    rate = sum(rules.vehicles[k].fuel * n for k, n in convoy.vehicles.items())
    expected = math.ceil(rate * rules.terrains["forest"].fuel_multiplier)
    assert expected == 5  # 2 bikes and a car (4) into forest (×1.25)
    for hex_state in game.state.hexes:
        hex_state.fuel = 0
    clan.stock.fuel = expected - 1
    run_clan_turn(game, first, "[CONVOY 1]\nS\n")
    assert convoy.hex == "0609" and clan.stock.fuel == expected - 1
    clan.stock.fuel = 100
    run_clan_turn(game, _second(game), "")
    run_clan_turn(game, first, "[CONVOY 1]\nS\n")
    assert convoy.hex == "0610" and clan.stock.fuel == 100 - expected


def test_rivers_cost_nothing_extra_for_land_convoys_cc_move_05(game: Game) -> None:
    """CC-MOVE-05: land, military and amphibious convoys pay only the terrain to cross into a
    river hex, like the swamp next to it without a river; the move uses one hex of allowance."""
    first = _first(game)
    assert game.map.has_river("0407") and not game.map.has_river("0408")
    for number, kind in enumerate(("land", "military", "amphibious"), start=2):
        convoy = _new_convoy(game, first, HOME, kind, number)
        assert movement.entry_problem(game, kind, "0307", "0407") is None
        assert (movement.move_fuel(game, convoy, "0307", "0407")
                == movement.move_fuel(game, convoy, HOME, "0408"))
        assert movement.move_distance(convoy, "0307", "0407") == 1


def test_hex_entry_steps_in_order_cc_move_15(game: Game) -> None:
    """CC-MOVE-15: on entry the convoy attacks the hex, its Scout loots, it uses the hex's
    structure (it owns it now), then picks up troops in the friendly city."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.money = 200_000
    convoy = _convoy(game, first)
    game.move_convoy(convoy, "0307")
    convoy.experts = ["SCO"]
    hex_state = game.hex(HOME)
    hex_state.owner, hex_state.defense, hex_state.garrison = 0, 1, 0
    hex_state.special = "POL"
    run_clan_turn(game, first, "[PRE]\nBUY 1 BUS #1\n[CONVOY 1]\nS\n")
    entry = [e.kind for e in clan.last_turn.events if e.phase == "pulses" and e.pulse == 1]
    assert entry[0] == "move"
    steps = [kind for kind in entry if kind in ("hex_captured", "loot", "police_station",
                                                "pickup")]
    assert steps == ["hex_captured", "loot", "police_station", "pickup"]
    assert hex_state.owner == first
