"""The game-turn end: market drift, city growth, caps, bands and the Plague (CC-SEQ-14)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.economy.gameturn import end_game_turn
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView


def play_game_turn(game: Game) -> None:
    """Every Clan plays an empty sheet once."""
    turn = game.state.game_turn
    while game.state.game_turn == turn and not game.state.finished:
        run_clan_turn(game, game.state.active_clan, "")


def owned_city(game: Game, clan_index: int = 0):
    clan = game.state.clans[clan_index].number
    return next(city for city in game.state.cities if city.owner == clan)


def with_rules(game: Game, **changes) -> Game:
    return Game(attrs.evolve(game.rules, **changes), game.map, game.state)


def test_prices_drift_within_bounds_and_show_on_the_report_cc_res_04_amb_29(game: Game) -> None:
    """CC-RES-04, AMB-29: every price moves each game turn, within 50–200 % of its start."""
    start = dict(game.state.prices)
    seen_changes = set()
    for _ in range(40):
        end_game_turn(game)
        for item, price in game.state.prices.items():
            assert start[item] // 2 <= price <= start[item] * 2, (item, price)
            seen_changes.add(price != start[item])
    assert True in seen_changes
    report = build_report(ClanView(game, game.state.clans[0].number))
    assert report.prices == game.state.prices
    assert f"Fuel ${game.state.prices['fuel']:,}" in render_report(report)


def test_one_drift_is_at_most_ten_percent_cc_res_04_amb_29(game: Game) -> None:
    """AMB-29: a single game turn moves a price by U(0.90, 1.10) at most."""
    before = dict(game.state.prices)
    end_game_turn(game)
    for item, price in game.state.prices.items():
        assert abs(price - before[item]) <= before[item] * 0.10 + 1, item


def test_goods_prices_drift_a_little_cc_city_21_amb_30(game: Game) -> None:
    """CC-CITY-21, AMB-30: goods move by at most 5 % per game turn, within 50–200 %."""
    start = dict(game.state.goods_prices)
    before = dict(start)
    for _ in range(30):
        end_game_turn(game)
        for goods, price in game.state.goods_prices.items():
            assert abs(price - before[goods]) <= before[goods] * 0.05 + 1
            assert start[goods] // 2 <= price <= start[goods] * 2
        before = dict(game.state.goods_prices)
    assert game.state.goods_prices != start


def test_owned_cities_grow_8_to_12_percent_unowned_never_cc_city_12(game: Game) -> None:
    """CC-CITY-12: +8–12 % at the game-turn end for owned cities only; the owner is told."""
    city = owned_city(game)
    city.population = 40_000
    unowned = [c for c in game.state.cities if not c.owner]
    before_unowned = [c.population for c in unowned]
    play_game_turn(game)
    assert 43_200 <= city.population <= 44_800
    assert [c.population for c in unowned] == before_unowned
    inbox = game.clan(city.owner).inbox
    assert any(e.kind == "population_grew" and e.facts["hex"] == city.hex
               and e.facts["population"] == city.population for e in inbox)


def test_church_doubles_growth_cc_city_13_cc_city_46(game: Game) -> None:
    """CC-CITY-13/46, AMB-06: with a Church the growth is 16–24 %."""
    city = owned_city(game)
    city.population, city.buildings = 40_000, ["CHU"]
    end_game_turn(game)
    assert 46_400 <= city.population <= 49_600


def test_growth_stops_at_the_maximum_stockyard_raises_it_cc_city_14_cc_city_56(
        game: Game) -> None:
    """CC-CITY-14/56: a minor city stops at 100,000; with a Stockyard at 150,000."""
    city = owned_city(game)
    city.population = 99_000
    end_game_turn(game)
    assert city.population == 100_000
    end_game_turn(game)
    assert city.population == 100_000
    assert any(e.kind == "population_full" for e in game.clan(city.owner).inbox)
    city.buildings = ["STO"]
    end_game_turn(game)
    assert 108_000 <= city.population <= 112_000


def test_owner_is_told_when_a_city_enters_another_band_cc_city_15(game: Game) -> None:
    """CC-CITY-15: crossing 25,000 moves a minor city from the low to the normal band."""
    city = owned_city(game)
    city.population = 24_000
    end_game_turn(game)
    bands = [(e.facts["band_was"], e.facts["band"]) for e in game.clan(city.owner).inbox
             if e.kind == "population_grew" and e.facts["hex"] == city.hex]
    assert bands == [("low", "normal")]


def test_plague_stops_growth_and_kills_5_to_10_percent_cc_city_18_amb_35(game: Game) -> None:
    """CC-CITY-18, AMB-35, AMB-67: an afflicted city loses 5–10 %; without a Hospital the owner
    sees only the fall."""
    city = owned_city(game)
    city.population, city.plague = 60_000, True
    end_game_turn(game)
    assert 54_000 <= city.population <= 57_000
    fell = [e for e in game.clan(city.owner).inbox if e.kind == "population_fell"]
    assert fell and fell[0].facts["plague_known"] == 0
    assert fell[0].facts["lost"] == 60_000 - city.population


def test_hospital_halves_plague_deaths_and_shows_it_cc_city_48_amb_67(game: Game) -> None:
    """CC-CITY-48, AMB-67: a Hospital halves the loss (2.5–5 %) and names the Plague."""
    city = owned_city(game)
    city.population, city.plague, city.buildings = 60_000, True, ["HOS"]
    end_game_turn(game)
    assert 57_000 <= city.population <= 58_500
    assert [e.facts["plague_known"] for e in game.clan(city.owner).inbox
            if e.kind == "population_fell"] == [1]


def test_plague_never_takes_a_city_below_its_floor_cc_city_17_amb_66(game: Game) -> None:
    """CC-CITY-17, AMB-66: a minor city never falls below 1,000 people."""
    city = owned_city(game)
    city.population, city.plague = 1_050, True
    for _ in range(5):
        end_game_turn(game)
    assert city.population == 1_000


def test_plague_breaks_out_at_the_game_turn_end_amb_35(game: Game) -> None:
    """AMB-35: cities of 10,000+ people break out with the configured chance (here 100 %)."""
    sure = with_rules(game, plague=attrs.evolve(game.rules.plague, city_chance=1.0))
    small = next(city for city in sure.state.cities if not city.owner)
    small.population = 9_000
    end_game_turn(sure)
    big = [city for city in sure.state.cities if city.population >= 10_000]
    assert big and all(city.plague for city in big)
    assert not small.plague
    never = with_rules(game, plague=attrs.evolve(game.rules.plague, city_chance=0.0))
    for city in never.state.cities:
        city.plague = False
    end_game_turn(never)
    assert not any(city.plague for city in never.state.cities)


def test_game_turn_end_is_deterministic_cc_seq_14(rules, small_map) -> None:
    """CC-SEQ-14: the same game gives the same populations and prices, byte for byte."""
    from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game

    results = []
    for _ in range(2):
        game = new_game(rules, small_map, GameSetup(
            clans=(ClanSetup("A"), ClanSetup("B")), seed="same"))
        for _ in range(3):
            play_game_turn(game)
        results.append((game.state.prices, game.state.goods_prices,
                        [c.population for c in game.state.cities]))
    assert results[0] == results[1]
