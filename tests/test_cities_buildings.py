"""What city buildings do outside combat: Armory, Junkyard, Recruiting Center, Helipad (CC-CITY)."""

from __future__ import annotations

from conquest_tui.engine.convoys import movement
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Clan, Convoy, Event
from conquest_tui.engine.play.turn import run_clan_turn

HOME = "0308"  # the first Clan's starting city: Brackwater, Station, 50,000+ people


def home(game: Game, *buildings: str) -> tuple[Clan, CityState, Convoy]:
    """The active Clan, its city with these buildings, and convoy #1 parked outside the city."""
    clan = game.clan(game.state.active_clan)
    city = game.city(HOME)
    assert city is not None and city.owner == clan.number
    city.buildings.extend(buildings)
    convoy = game.convoy(clan.number, 1)
    assert convoy is not None
    game.move_convoy(convoy, next(h for _, h in game.map.neighbors(HOME)
                                  if movement.entry_problem(game, "land", h, HOME) is None))
    return clan, city, convoy


def kinds(clan: Clan, kind: str) -> list[Event]:
    return [e for e in clan.last_turn.events if e.kind == kind]


def test_armory_makes_rifles_and_grenades_at_income_cc_city_43(game: Game) -> None:
    clan, _, _ = home(game, "ARM")
    run_clan_turn(game, clan.number, "")
    income = clan.last_turn.income
    assert 1 <= income["rifles"] <= 2 and 1 <= income["grenades"] <= 3
    assert (clan.stock.rifles, clan.stock.grenades) == (income["rifles"], income["grenades"])


def test_armory_output_usable_the_same_turn_cc_city_43(game: Game) -> None:
    clan, _, convoy = home(game, "ARM")
    game.move_convoy(convoy, HOME)
    convoy.vehicles["truck"] = 1
    run_clan_turn(game, clan.number, "")
    assert convoy.rifles > 0
    assert convoy.rifles + clan.stock.rifles == clan.last_turn.income["rifles"]


def test_armory_of_a_city_taken_this_turn_makes_nothing_cc_city_40(game: Game) -> None:
    clan, city, _ = home(game, "ARM")
    city.conquered_turn = game.state.game_turn
    run_clan_turn(game, clan.number, "")
    assert "rifles" not in clan.last_turn.income


def test_junkyard_car_goes_to_first_land_convoy_entering_cc_city_50(game: Game) -> None:
    clan, city, convoy = home(game, "JUN")
    cars = convoy.vehicles.get("car", 0)
    run_clan_turn(game, clan.number, f"[CONVOY 1]\n{HOME}\n")
    assert convoy.vehicles["car"] == cars + 1
    assert not city.junkyard_car
    assert [(e.facts["why"], e.facts["vehicle"], e.convoy) for e in kinds(clan, "junkyard")
            if e.facts["why"] == "taken"] == [("taken", "car", 1)]


def test_junkyard_car_is_lost_when_no_convoy_comes_amb_54(game: Game) -> None:
    clan, city, convoy = home(game, "JUN")
    cars = convoy.vehicles.get("car", 0)
    run_clan_turn(game, clan.number, "")
    assert convoy.vehicles.get("car", 0) == cars
    assert not city.junkyard_car
    assert [e.facts["hex"] for e in kinds(clan, "junkyard") if e.facts["why"] == "lost"] == [HOME]


def test_recruiting_center_enlists_one_per_5000_people_cc_city_53(game: Game) -> None:
    clan, city, _ = home(game)
    clan.stock.money = 50_000
    troops = clan.stock.troops
    run_clan_turn(game, clan.number, f"[PRE]\nERECT {HOME} REC\n")
    assert clan.stock.troops == troops + city.population // 5_000
    assert [e.facts["recruits"] for e in kinds(clan, "recruits")] == [city.population // 5_000]


def test_helipad_fills_city_from_unallocated_troops_cc_city_47(game: Game) -> None:
    clan, city, _ = home(game, "HEL")
    city.troops, clan.stock.troops = 60, 30
    run_clan_turn(game, clan.number, "")
    assert (city.troops, clan.stock.troops) == (90, 0)
    clan2 = game.clan(game.state.active_clan)
    run_clan_turn(game, clan2.number, "")
    clan.stock.troops = 50
    run_clan_turn(game, clan.number, "")
    assert (city.troops, clan.stock.troops) == (100, 40)
    assert [(e.facts["troops"], e.facts["garrison"]) for e in kinds(clan, "helipad")] == [(10, 100)]


def test_helipad_does_not_work_in_the_capture_turn_cc_city_10(game: Game) -> None:
    clan, city, _ = home(game, "HEL")
    city.conquered_turn = game.state.game_turn
    city.troops, clan.stock.troops = 10, 30
    run_clan_turn(game, clan.number, "")
    assert city.troops == 10


def test_building_takes_effect_when_built_cc_city_41(game: Game) -> None:
    clan, city, _ = home(game)
    clan.stock.money, clan.stock.troops = 20_000, 40
    city.troops = 50
    run_clan_turn(game, clan.number, f"[PRE]\nERECT {HOME} HEL\n")
    assert city.troops == 90
    assert city.built_turns == {"HEL": game.state.game_turn}
