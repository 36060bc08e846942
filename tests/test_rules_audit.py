"""Rules whose cited tests passed whether or not the rule held, each pinned by a test that fails
when it breaks (issue 27, point 10): the hex list, city maxima, income bonuses beside goods
money, movement, razing, the maps, modes, selling, and where special structures stand."""

from __future__ import annotations

from random import Random

import attrs
import pytest
from game_helpers import convoy_of, first_clan

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.economy import economy, population
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, SetupError, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.rules.ruleset_values import Range
from conquest_tui.engine.steps import scan
from conquest_tui.engine.world import structures
from conquest_tui.storage.map_loader import load_map

HOME = "0308"
"""The first Clan's home city on test_small (Brackwater: produces cloth, needs milk)."""
ARDMOOR = "0402"
"""Produces milk."""
MAJOR = "0706"
"""A major city of test_small."""


def fresh(rules: Ruleset, small_map: GameMap, *, seed: str = "test") -> Game:
    return new_game(rules, small_map, GameSetup(
        clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs")), seed=seed, turn_limit=0))


# --- CC-HEX-05: the hex list -------------------------------------------------------------------
def test_the_hex_list_holds_owned_entered_and_scanned_hexes_only_cc_hex_05(game: Game) -> None:
    """CC-HEX-05: after a turn the hex list holds the Clan's own hexes, the hex its convoy
    entered and those its Scout scanned — and no hex it neither owns nor reached."""
    me = first_clan(game)
    convoy = convoy_of(game, me)
    convoy.mode, convoy.experts = "recon", ["SCO"]
    run_clan_turn(game, me, "[CONVOY 1]\nN\nSCAN\n")
    listed = {info.hex for info in ClanView(game, me).listed_hexes()}
    owned = {h for h, state in zip(game.map.hex_ids(), game.state.hexes, strict=True)
             if state.owner == me}
    around = set(scan.scan_targets(game, convoy))
    assert owned and owned <= listed
    assert "0307" in listed and "0307" not in owned  # entered, not taken (Recon)
    assert around and around <= listed  # scanned
    assert listed <= owned | {"0307"} | around
    far = next(h for h in game.map.hex_ids() if hexgrid.distance(h, "0307") > 3)
    assert far not in listed


# --- CC-CITY-14: population maxima -------------------------------------------------------------
@pytest.mark.parametrize(("hex_id", "stockyard", "top"), [
    (HOME, False, 100_000), (HOME, True, 150_000), (MAJOR, False, 400_000),
    (MAJOR, True, 500_000)])
def test_a_city_grows_to_its_maximum_and_no_further_cc_city_14(
        game: Game, hex_id: str, stockyard: bool, top: int) -> None:
    """CC-CITY-14: minor 100,000 (150,000 with a Stockyard), major 400,000 (500,000)."""
    city = game.city(hex_id)
    assert city is not None
    city.buildings = ["STO"] if stockyard else []
    city.population = top - 1_000
    assert population.growth(game, city, Random(1)) == 1_000
    city.population = top
    assert population.growth(game, city, Random(1)) == 0


# --- CC-CITY-29: income bonuses beside goods money ---------------------------------------------
def _trade_turn(game: Game, *, supplier: bool, deliver: bool) -> tuple[int, int]:
    """(the Income Phase's money, all the money the turn brought) for the first Clan, owning
    the milk town or not, dropping 10 milk at home (which needs milk) or not."""
    me = first_clan(game)
    home = game.city(HOME)
    assert home is not None
    home.population, home.base_value = 30_000, 12_000
    if supplier:
        game.city(ARDMOOR).owner = me  # type: ignore[union-attr]
    convoy = convoy_of(game, me)
    convoy.vehicles["truck"] = 1
    convoy.cargo_type, convoy.cargo = ("milk", 10) if deliver else ("", 0)
    before = game.clan(me).stock.money
    run_clan_turn(game, me, "[CONVOY 1]\nDROPOFF\n" if deliver else "")
    return game.clan(me).last_turn.income["money"], game.clan(me).stock.money - before


def test_income_bonuses_come_on_top_of_goods_money_cc_city_29(
        rules: Ruleset, small_map: GameMap) -> None:
    """CC-CITY-29 (with CC-CITY-25): owning the milk town adds half of Brackwater's $12,000
    base value to its income; delivering 10 milk there in the same turn pays the goods' price
    and kickback on top, and takes nothing from the bonus."""
    game = fresh(rules, small_map)
    bonus, bonus_gained = _trade_turn(game, supplier=True, deliver=False)
    home, ardmoor = game.city(HOME), game.city(ARDMOOR)
    assert home is not None and ardmoor is not None
    with_supplier = economy.city_value(game, home, ardmoor.owner, None)
    ardmoor.owner = 0
    assert with_supplier - economy.city_value(game, home, home.owner, None) == 6_000
    game = fresh(rules, small_map)
    price = game.state.goods_prices["milk"]
    both, gained = _trade_turn(game, supplier=True, deliver=True)
    assert both == bonus == bonus_gained  # the bonus whole, goods or no goods
    assert gained == both + price * 10 + price * 10 // 10  # the goods' money on top


# --- CC-CO-MOVE-04 / CC-MOVE-16: moving and modes ----------------------------------------------
def test_a_convoy_that_guarded_this_turn_may_not_move_cc_co_move_04(game: Game) -> None:
    """CC-CO-MOVE-04: GUARD, then a move in the same turn: the convoy stays; moving out of a
    hex ends hiding."""
    me = first_clan(game)
    convoy = convoy_of(game, me)
    result = run_clan_turn(game, me, "[CONVOY 1]\nGUARD\nN\n")
    assert convoy.hex == HOME and convoy.guarding
    assert [p.code for p in result.problems if p.line == 3] == ["guarding"]
    other = game.state.active_clan
    run_clan_turn(game, other, "")
    convoy.hidden = True
    run_clan_turn(game, me, "[CONVOY 1]\nN\n")
    assert convoy.hex == "0307" and not convoy.hidden and not convoy.guarding


def test_a_mode_switch_counts_from_the_next_line_cc_move_16(game: Game) -> None:
    """CC-MOVE-16: one mode at a time, switched at once: in Recon the convoy enters 0307 and
    leaves it unclaimed; switched to Capture, it takes 0306 on the next move."""
    me = first_clan(game)
    convoy = convoy_of(game, me)
    convoy.troops = 20
    run_clan_turn(game, me, "[CONVOY 1]\nRECON\nN\nCAPTURE\nN\n")
    assert game.hex("0307").owner == 0
    assert game.hex("0306").owner == me and convoy.mode == "capture"


# --- CC-CO-RAZE-02: the people a razing kills --------------------------------------------------
@pytest.mark.parametrize("each", [100, 1_000])
def test_razing_kills_per_size_point_and_per_ten_troops_or_guards_cc_co_raze_02(
        game: Game, each: int) -> None:
    """CC-CO-RAZE-02: 100–1,000 people for each point of the convoys' size and for each 10
    troops in the convoys or the city's garrison (here pinned to the range's ends)."""
    raze = attrs.evolve(game.rules.combat.raze, population_per_point=Range(each, each))
    rules = attrs.evolve(game.rules, combat=attrs.evolve(game.rules.combat, raze=raze))
    game = Game(rules, game.map, game.state)
    me = first_clan(game)
    city = game.city(HOME)
    assert city is not None
    city.population, city.troops = 300_000, 60
    convoy = convoy_of(game, me)
    convoy.vehicles, convoy.troops = {"truck": 2}, 40
    size = 2 * rules.vehicles["truck"].size
    run_clan_turn(game, me, "[CONVOY 1]\nRAZE\n")
    [razed] = [e for e in game.clan(me).last_turn.events if e.kind == "raze"]
    assert razed.facts["people"] == (size + (40 + 60) // 10) * each


# --- CC-GEN-01: one continent's map and its players --------------------------------------------
@pytest.mark.parametrize(("name", "most"), [("europe", 20), ("north_america", 15),
                                            ("oceania", 10)])
def test_each_continent_takes_its_number_of_clans_cc_gen_01(
        rules: Ruleset, name: str, most: int) -> None:
    """CC-GEN-01: Europe up to 20 players, North America 15, Oceania at most 10; one more is
    refused when the game is set up."""
    world = load_map(name)
    assert world.max_players == most
    setup = GameSetup(clans=tuple(ClanSetup(f"Clan {n}") for n in range(most + 1)), seed="x")
    with pytest.raises(SetupError, match=f"(at most |2–){most} Clans"):
        new_game(rules, world, setup)


# --- CC-RES-07: selling ------------------------------------------------------------------------
def test_selling_pays_about_half_and_troops_cannot_be_sold_cc_res_07(game: Game) -> None:
    """CC-RES-07: 10 parts sold bring half their market price each (rounded down); a line that
    sells troops is refused as such and sells nothing."""
    me = first_clan(game)
    clan = game.clan(me)
    clan.stock.parts, clan.stock.troops = 20, 15
    price = game.state.prices["parts"]
    money = clan.stock.money
    result = run_clan_turn(game, me, "[PRE]\nSELL 10 PARTS\nSELL 5 TROOPS\n")
    income = clan.last_turn.income.get("money", 0)
    each = (clan.stock.money - money - income) / 10
    assert each == price // 2 and 0.45 * price <= each <= 0.55 * price
    assert [p.code for p in result.problems if p.line == 3] == ["troops"]
    assert not [e for e in result.events if e.kind == "sell" and e.facts.get("item") == "troops"]


# --- CC-TER-13: where special structures stand -------------------------------------------------
@pytest.mark.parametrize(("name", "seed"), [("north_america", "a"), ("test_small", "a"),
                                            ("test_small", "b")])
def test_special_structures_keep_out_of_barren_water_and_city_hexes_cc_ter_13(
        rules: Ruleset, name: str, seed: str) -> None:
    """CC-TER-13: no special structure in Barren, Water or city hexes; Fisheries only in
    Water (North America has 135 Barren hexes, test_small every terrain)."""
    world = load_map(name)
    game = new_game(rules, world, GameSetup(clans=(ClanSetup("A"), ClanSetup("B")), seed=seed))
    cities = {site.hex for site in world.cities}
    placed = [(hex_id, state.special) for hex_id, state in
              zip(world.hex_ids(), game.state.hexes, strict=True) if state.special]
    assert len(placed) > 10
    for hex_id, special in placed:
        assert hex_id not in cities, hex_id
        assert world.terrain_of(hex_id) != "barren", hex_id
        assert (special == structures.FISHERY) == world.is_water(hex_id), (hex_id, special)
