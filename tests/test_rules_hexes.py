"""What owned special and custom structures add to a Clan's Income report (CC-HEX-20…36)."""

from __future__ import annotations

from random import Random

import pytest

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Clan
from conquest_tui.engine.economy import economy
from conquest_tui.engine.play.turn import run_clan_turn

PLAINS = "0307"  # next to the first Clan's home city
MOUNTAINS, FOREST, JUNGLE, METROPOLIS = "0903", "0601", "0811", "0706"


def me(game: Game) -> Clan:
    return game.clan(game.state.clan_order[0])


def own(game: Game, clan: Clan, hex_id: str) -> None:
    hex_state = game.hex(hex_id)
    hex_state.owner, hex_state.conquered_turn, hex_state.special = clan.number, 0, ""
    hex_state.defense = max(hex_state.defense, 2)


def played_income(game: Game, clan: Clan, hex_id: str) -> dict[str, int]:
    """What one played turn's Income report shows beyond the Clan's income without the
    structures of hex_id."""
    hex_state = game.hex(hex_id)
    structures = hex_state.special, hex_state.custom
    hex_state.special = hex_state.custom = ""
    baseline = economy.hex_income(game, clan.number, None)
    baseline["money"] += economy.city_income(game, clan.number, None)["money"]
    hex_state.special, hex_state.custom = structures
    run_clan_turn(game, clan.number, "")
    income = clan.last_turn.income
    return {key: income.get(key, 0) - baseline.get(key, 0)
            for key in {*income, *baseline} if income.get(key, 0) != baseline.get(key, 0)}


def rolls(game: Game, code: str, seeds: int = 60) -> dict[str, set[int]]:
    """Every output the special structure gave over many Income Phases."""
    hex_state = game.hex(PLAINS)
    hex_state.special = code
    seen: dict[str, set[int]] = {}
    for seed in range(seeds):
        for item, amount in economy.structure_yield(game, hex_state, Random(seed)).items():
            seen.setdefault(item, set()).add(amount)
    return seen


# --- special structures (rulebook figures, not the data files) -------------------------------

@pytest.mark.parametrize(("code", "ranges"), [
    pytest.param("GAS", {"fuel": (100, 150)}, id="gas_station_cc_hex_20"),
    pytest.param("HOS", {"vaccine": (6, 10)}, id="hospital_cc_hex_21"),
    pytest.param("MIL", {"fuel": (40, 60), "food": (8, 12), "parts": (4, 6), "vaccine": (2, 4),
                         "troops": (8, 12)}, id="military_base_cc_hex_22"),
    pytest.param("PAR", {"parts": (10, 20)}, id="parts_store_cc_hex_23"),
    pytest.param("RES", {"food": (20, 30)}, id="restaurant_cc_hex_27"),
])
def test_special_structure_pays_its_rulebook_range_cc_hex_20_21_22_23_27(
        game: Game, code: str, ranges: dict[str, tuple[int, int]]) -> None:
    """CC-HEX-20 Gas Station 100–150 fuel, CC-HEX-21 Hospital 6–10 vaccine, CC-HEX-22 Military
    Base 40–60 fuel, 8–12 food, 4–6 parts, 2–4 vaccine, 8–12 troops, CC-HEX-23 Parts Store
    10–20 parts, CC-HEX-27 Restaurant 20–30 food: in the owner's Income report each turn."""
    clan = me(game)
    own(game, clan, PLAINS)
    game.hex(PLAINS).special = code
    gained = played_income(game, clan, PLAINS)
    assert set(gained) == set(ranges)
    for item, (low, high) in ranges.items():
        assert low <= gained[item] <= high, item
    seen = rolls(game, code)
    assert set(seen) == set(ranges)
    for item, (low, high) in ranges.items():
        assert min(seen[item]) == low and max(seen[item]) == high, item


def test_military_base_troops_join_the_unallocated_pool_cc_hex_22(game: Game) -> None:
    """CC-HEX-22: the Military Base's 8–12 troops arrive in the unallocated pool."""
    clan = me(game)
    own(game, clan, PLAINS)
    game.hex(PLAINS).special = "MIL"
    clan.stock.troops = 0
    convoy = game.convoy(clan.number, 1)
    game.move_convoy(convoy, PLAINS)  # away from a city: nothing is picked up
    run_clan_turn(game, clan.number, "")
    troops = clan.last_turn.income["troops"]
    assert 8 <= troops <= 12 and clan.stock.troops == troops


def test_special_structure_of_a_hex_you_do_not_own_pays_nothing_cc_hex_20(game: Game) -> None:
    """CC-HEX-20 (and -21/22/23/27): the Gas Station pays only its hex's owner."""
    clan = me(game)
    game.hex(PLAINS).special = "GAS"
    game.hex(PLAINS).set_owner(game.state.clan_order[1])
    assert played_income(game, clan, PLAINS) == {}


# --- custom structures ------------------------------------------------------------------------

def build_then_collect(game: Game, hex_id: str, code: str) -> tuple[dict[str, int], Clan]:
    """BUILD in the post-turn orders, then the next turn's extra income."""
    clan = me(game)
    own(game, clan, hex_id)
    clan.stock.money = 30_000
    run_clan_turn(game, clan.number, f"[POST]\nBUILD {hex_id} {code}\n")
    assert game.hex(hex_id).custom == code, clan.last_turn.problems
    run_clan_turn(game, game.state.clan_order[1], "")
    return played_income(game, clan, hex_id), clan


def test_shop_on_mountains_makes_15_parts_cc_hex_34(game: Game) -> None:
    """CC-HEX-34: a Shop is built on Mountains and makes 15 spare parts a turn."""
    gained, clan = build_then_collect(game, MOUNTAINS, "SHO")
    assert gained == {"parts": 15}
    own(game, clan, PLAINS)
    run_clan_turn(game, game.state.clan_order[1], "")
    run_clan_turn(game, clan.number, f"[POST]\nBUILD {PLAINS} SHOP\n")
    assert game.hex(PLAINS).custom == ""
    assert [p.code for p in clan.last_turn.problems] == ["cannot_build"]


@pytest.mark.parametrize("hex_id", [FOREST, JUNGLE])
def test_lab_in_forest_or_jungle_makes_6_vaccine_cc_hex_34(game: Game, hex_id: str) -> None:
    """CC-HEX-34: a Lab is built in Forest or Jungle and makes 6 vaccine a turn."""
    gained, clan = build_then_collect(game, hex_id, "LAB")
    assert gained == {"vaccine": 6}
    own(game, clan, MOUNTAINS)
    run_clan_turn(game, game.state.clan_order[1], "")
    run_clan_turn(game, clan.number, f"[POST]\nBUILD {MOUNTAINS} LAB\n")
    assert game.hex(MOUNTAINS).custom == ""


def test_garrison_in_metropolis_makes_10_troops_and_10_parts_cc_hex_36(game: Game) -> None:
    """CC-HEX-36: a Garrison is built in a Metropolis and makes 10 troops and 10 spare parts
    a turn (its free guards, CC-HEX-38, come on top)."""
    gained, clan = build_then_collect(game, METROPOLIS, "GAR")
    assert gained == {"troops": 10, "parts": 10}
    assert game.hex(METROPOLIS).garrison == game.hex(METROPOLIS).defense
    own(game, clan, PLAINS)
    run_clan_turn(game, game.state.clan_order[1], "")
    run_clan_turn(game, clan.number, f"[POST]\nBUILD {PLAINS} GARRISON\n")
    assert game.hex(PLAINS).custom == ""
