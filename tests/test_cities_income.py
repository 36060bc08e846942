"""City income: population factor, need bonuses, Marketplace; spotting and radio (CC-CITY)."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import CitySite, GameMap
from conquest_tui.engine.economy import economy
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import knowledge

BRACKWATER = "0308"  # produces cloth, needs milk, base value set by setup
ARDMOOR = "0402"  # produces milk, needs wool
SKERRY = "0206"  # produces wool, needs gas
CARROW = "1311"  # major, produces alcohol, needs anything


def test_population_bands_scale_city_value_cc_city_15(game: Game) -> None:
    clan = game.state.active_clan
    city = game.city(SKERRY)  # needs gas: no bonus
    city.owner, city.base_value = clan, 10_000
    values = {}
    for population in (12_500, 25_000, 50_000, 75_000):
        city.population = population
        values[population] = economy.city_value(game, city, clan, None)
    assert values == {12_500: 5_000, 25_000: 10_000, 50_000: 10_000, 75_000: 15_000}


def test_city_below_10000_produces_nothing_not_even_bonus_cc_city_16(game: Game) -> None:
    clan = game.state.active_clan
    city = game.city(CARROW)  # needs anything: would always earn the bonus
    city.owner, city.population = clan, 9_999
    assert economy.city_value(game, city, clan, None) == 0
    city.population = 10_000
    assert economy.city_value(game, city, clan, None) > 0


def test_need_met_by_own_producing_city_adds_half_base_cc_city_25(game: Game) -> None:
    clan = game.state.active_clan
    needy = game.city(BRACKWATER)
    needy.population, needy.base_value = 30_000, 12_000
    before = economy.city_value(game, needy, clan, None)
    game.city(ARDMOOR).owner = clan
    assert economy.city_value(game, needy, clan, None) == before + 6_000


def test_one_producer_meets_many_needs_cc_city_26(rules: Ruleset) -> None:
    def site(hex_id: str, produces: str, needs: str) -> CitySite:
        return CitySite(hex=hex_id, name=f"C{hex_id}", population=30_000, major=False,
                        produces=produces, needs=needs, guild=None, fortification=1,
                        base_value=10_000)

    sites = [site("0101", "milk", "coal"), site("0104", "wool", "milk"),
             site("0504", "gas", "milk"), site("0501", "coal", "gems"),
             site("0303", "ores", "milk")]
    tiny = GameMap.from_rows("tiny", ["ppppp"] * 5, cities=sites)
    game = new_game(rules, tiny, GameSetup(clans=(ClanSetup("A"), ClanSetup("B")), seed="t"))
    clan = game.state.active_clan
    for hex_id in ("0101", "0104", "0504"):
        game.city(hex_id).owner = clan
    assert economy.needs_met(game, game.city("0104"), clan)
    assert economy.needs_met(game, game.city("0504"), clan)
    assert not economy.needs_met(game, game.city("0101"), clan)  # nobody's coal is owned
    assert not economy.needs_met(game, game.city("0303"), game.state.clan_order[1])


def test_anything_city_always_earns_the_bonus_cc_city_27(game: Game) -> None:
    clan = game.state.active_clan
    city = game.city(CARROW)
    city.owner, city.population = clan, 150_000
    value = economy.city_value(game, city, clan, None)
    assert value == city.base_value + city.base_value // 2


def test_bonus_ignores_population_band_cc_city_28(game: Game) -> None:
    clan = game.state.active_clan
    city = game.city(CARROW)
    city.owner, city.base_value = clan, 100_000
    city.population = 50_000  # low band: factor 0.5
    assert economy.city_value(game, city, clan, None) == 50_000 + 50_000


def test_marketplace_adds_2000_to_3000_to_the_value_cc_city_51(game: Game) -> None:
    clan = game.clan(game.state.active_clan)
    city = game.city(BRACKWATER)
    city.population = 30_000
    plain = economy.city_value(game, city, clan.number, None)
    city.buildings.append("MAR")
    assert economy.city_value(game, city, clan.number, None) == plain + 2_500
    rolled = {economy.city_value(game, city, clan.number, Random(seed)) - plain
              for seed in range(200)}
    assert min(rolled) >= 2_000 and max(rolled) <= 3_000 and len(rolled) > 50


def test_income_phase_collects_city_money_cc_city_29(game: Game) -> None:
    clan = game.clan(game.state.active_clan)
    money = clan.stock.money
    run_clan_turn(game, clan.number, "")
    expected = economy.city_income(game, clan.number, None)["money"]
    assert clan.last_turn.income["money"] >= expected
    assert clan.stock.money == money + clan.last_turn.income["money"]


def _place_enemies(game: Game, centre: str, distances: tuple[int, ...]) -> dict[int, str]:
    enemy = game.state.clan_order[1]
    placed = {}
    for number, distance in enumerate(distances, start=2):
        target = next(h for h in hexgrid.ring(centre, distance) if game.map.contains(h))
        convoys.create_convoy(game, enemy, number, target, "land")
        placed[distance] = target
    game.move_convoy(game.convoy(enemy, 1), "1609")  # far away
    return placed


def test_citadel_with_tower_sees_8_owner_6_size_4_cc_city_59(game: Game) -> None:
    clan = game.clan(game.state.active_clan)
    city = game.city(BRACKWATER)
    city.fortification, city.buildings = 6, ["SPO"]
    enemy = game.state.clan_order[1]
    placed = _place_enemies(game, BRACKWATER, (4, 6, 8))
    knowledge.spot_from_cities(game, clan)
    seen = {s.hex: s for s in clan.sightings if s.how == "spotted"}
    assert (seen[placed[8]].owner, seen[placed[8]].size_name) == (0, "")
    assert (seen[placed[6]].owner, seen[placed[6]].size_name) == (enemy, "")
    assert seen[placed[4]].owner == enemy and seen[placed[4]].size_name


def test_spotting_range_is_fortification_level_cc_city_57(game: Game) -> None:
    clan = game.clan(game.state.active_clan)
    game.city(BRACKWATER).fortification = 2
    placed = _place_enemies(game, BRACKWATER, (2, 3))
    knowledge.spot_from_cities(game, clan)
    seen = {s.hex for s in clan.sightings if s.how == "spotted"}
    assert placed[2] in seen and placed[3] not in seen


def test_owner_shown_two_hexes_inside_range_cc_city_58(game: Game) -> None:
    clan = game.clan(game.state.active_clan)
    game.city(BRACKWATER).fortification = 5
    enemy = game.state.clan_order[1]
    placed = _place_enemies(game, BRACKWATER, (3, 4))
    knowledge.spot_from_cities(game, clan)
    owners = {s.hex: s.owner for s in clan.sightings if s.how == "spotted"}
    assert owners[placed[3]] == enemy and owners[placed[4]] == 0


def test_radio_range_is_twice_level_plus_two_and_tower_cc_city_62(game: Game) -> None:
    assert [knowledge.radio_range(game, level, []) for level in range(1, 7)] == \
        [4, 6, 8, 10, 12, 14]
    assert knowledge.radio_range(game, 6, ["RAD"]) == 20
    assert knowledge.spotting_range(game, 6, ["SPO"]) == 8
