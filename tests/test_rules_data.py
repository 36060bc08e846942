"""The rules data (data/rules/*.toml) against the rulebook tables and the checklist ids."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from attrs.exceptions import FrozenInstanceError

from conquest_tui.engine.rules.ruleset import Dice, FloatRange, Range, Ruleset
from conquest_tui.storage import paths
from conquest_tui.storage.rules_loader import RULE_FILES, RulesError, load_ruleset


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset()


# --- value types -------------------------------------------------------------------------------
def test_range_str_roll_and_unpacking() -> None:
    rng = random.Random(1)
    assert str(Range(8, 20)) == "8–20"
    assert str(Range(5, 5)) == "5"
    assert all(8 <= Range(8, 20).roll(rng) <= 20 for _ in range(200))
    low, high = Range(2, 4)
    assert (low, high) == (2, 4)
    assert 3 in Range(2, 4) and 5 not in Range(2, 4)
    assert 0.8 <= FloatRange(0.8, 1.2).roll(rng) <= 1.2


def test_dice_parse_str_maximum_average() -> None:
    truck = Dice.parse("8d6+4")
    assert (truck.count, truck.sides, truck.bonus) == (8, 6, 4)
    assert str(truck) == "8d6+4" and str(Dice(1, 3, 0)) == "1d3" and str(Dice(2, 6, -1)) == "2d6-1"
    assert truck.maximum == 52 and truck.average == 32
    rng = random.Random(7)
    assert all(12 <= truck.roll(rng) <= 52 for _ in range(200))
    with pytest.raises(ValueError):
        Dice.parse("8x6")


def test_ruleset_is_frozen_and_cached(rules: Ruleset) -> None:
    assert load_ruleset() is rules
    with pytest.raises(FrozenInstanceError):
        rules.agent_base_cost = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.vehicles["truck"] = rules.vehicles["car"]  # type: ignore[index]
    hash(rules)  # every part is immutable


def test_several_threads_share_one_load(tmp_path: Path) -> None:
    """The app loads the rules in a worker thread while other code may ask for them too."""
    shutil.copytree(paths.rules_dir(), tmp_path / "rules")
    with ThreadPoolExecutor(max_workers=4) as pool:
        loaded = list(pool.map(lambda _: load_ruleset(tmp_path / "rules"), range(8)))
    assert all(rules is loaded[0] for rules in loaded)
    assert loaded[0] == load_ruleset()


def test_engine_ruleset_does_not_import_tomllib() -> None:
    code = "import sys, conquest_tui.engine.rules.ruleset; assert 'tomllib' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=paths.data_dir().parent)


# --- terrain (CC-TER) ------------------------------------------------------------------------
def test_cc_ter_01_thirteen_terrains_with_map_legend(rules: Ruleset) -> None:
    from conquest_tui.engine.core.gamemap import LEGEND

    assert len(rules.terrains) == 13
    assert {rule.char: key for key, rule in rules.terrains.items()} == LEGEND
    assert rules.terrains["plains"].abbr == "Pla" and rules.terrains["agricultural"].abbr == "Agr"
    assert rules.terrain_by_char("M").key == "metropolis"
    with pytest.raises(KeyError):
        rules.terrain_by_char("x")


@pytest.mark.parametrize(("terrain", "fuel", "parts"), [
    ("plains", 1.0, 1.0), ("agricultural", 1.0, 1.5), ("forest", 1.25, 2.0),
    ("desert", 1.25, 2.5), ("mountains", 2.0, 2.5), ("swamp", 1.5, 3.0),
    ("wilderness", 3.0, 3.0), ("jungle", 2.5, 3.5), ("barren", 5.0, 4.0),
    ("metropolis", 0.5, 1.0), ("water", 1.0, 1.0), ("islands", 1.5, 1.5), ("sea_lane", 1.0, 1.0),
])
def test_cc_ter_02_fuel_and_parts_multipliers(rules: Ruleset, terrain: str, fuel: float,
                                              parts: float) -> None:
    rule = rules.terrains[terrain]
    assert (rule.fuel_multiplier, rule.parts_multiplier) == (fuel, parts)


def test_cc_ter_03_production_in_dollars_amb_22(rules: Ruleset) -> None:
    plains = rules.terrains["plains"]
    assert plains.money == Range(0, 1000)
    assert (plains.food, plains.fuel, plains.parts) == (Range(10, 13), Range(50, 59), Range(10, 12))
    assert rules.terrains["mountains"].money == Range(4000, 5000)
    assert rules.terrains["islands"].money == Range(2000, 3000)
    wilderness = rules.terrains["wilderness"]
    assert wilderness.parts == Range(0, 0) and wilderness.vaccine == Range(0, 0)  # AMB-22
    assert rules.terrains["barren"].food == Range(10, 13)
    assert all(r == Range(0, 0) for r in rules.terrains["water"].production().values())
    assert rules.terrains["jungle"].vaccine == Range(8, 9)
    assert rules.terrains["metropolis"].parts == Range(20, 22)


def test_cc_ter_04_road_and_river_bonus_amb_23(rules: Ruleset) -> None:
    assert rules.hexgen.road_parts == Range(4, 6)
    assert rules.hexgen.river_food == Range(8, 10)


def test_cc_ter_11_guard_costs_and_defense_bonus_amb_38(rules: Ruleset) -> None:
    rough = {"mountains", "swamp", "wilderness", "jungle"}
    for key, rule in rules.terrains.items():
        assert rule.guard_cost == (Range(3, 5) if key in rough else Range(2, 4)), key
        assert rule.defense_bonus == (1 if key in {"wilderness", "mountains", "jungle"} else 0)
    assert rules.hexgen.defense_roll == Range(1, 5)
    assert rules.hexgen.river_defense_bonus == 1 and rules.hexgen.max_defense_level == 10
    assert rules.hexgen.special_structure_chance == 0.175


def test_cc_ter_12_13_14_15_terrain_restrictions(rules: Ruleset) -> None:
    allowed = {key: rule.custom_structures for key, rule in rules.terrains.items()}
    assert allowed["plains"] == ("CAM",) and allowed["wilderness"] == ("CAM",)
    assert allowed["desert"] == ("DER",) and allowed["islands"] == ("DER",)
    assert allowed["forest"] == ("LAB",) and allowed["jungle"] == ("LAB",)
    assert allowed["metropolis"] == ("GAR",) and allowed["swamp"] == ("REF",)
    assert allowed["barren"] == allowed["water"] == allowed["sea_lane"] == ()
    no_special = {k for k, r in rules.terrains.items() if not r.special_structures}
    assert no_special == {"barren", "water", "sea_lane"}
    assert {k for k, r in rules.terrains.items() if r.water} == {"water", "sea_lane"}
    assert {k for k, r in rules.terrains.items()
            if r.amphibious_needs_road_or_river} == {"mountains", "wilderness"}
    assert {k for k, r in rules.terrains.items() if r.land_needs_road} == {"islands"}


def test_cc_ter_17_fuel_example(rules: Ruleset) -> None:
    """1 truck + 3 cars + 5 bikes = 18 fuel per move; 45 into jungle."""
    fuel = sum(rules.vehicles[k].fuel * n for k, n in (("truck", 1), ("car", 3), ("bike", 5)))
    assert fuel == 18
    assert fuel * rules.terrains["jungle"].fuel_multiplier == 45


def test_t1_2_road_river_pause_modifiers(rules: Ruleset) -> None:
    c = rules.consumption
    assert c.road_fuel_multiplier == 0.5 and c.road_parts_multiplier == 1.0
    assert c.sea_river_fuel_multiplier == 2.0 and c.sea_river_parts_multiplier == 1.5
    assert c.pause_fraction == 0.5 and c.pause_road_fraction == 0.5


# --- vehicles and convoys (CC-CNV) -----------------------------------------------------------
def test_cc_cnv_07_25_vehicles_5_types_5_classes(rules: Ruleset) -> None:
    assert len(rules.vehicles) == 25 and len(rules.convoy_types) == 5
    assert list(rules.vehicle_classes) == ["fast_scout", "small_combat", "medium_multi_purpose",
                                           "large_troop", "large_assault"]
    names = {key: tuple(rules.vehicles[v].name for v in kind.vehicles)
             for key, kind in rules.convoy_types.items()}
    assert names == {  # T§6.6, smallest class first
        "land": ("Bike", "Car", "Van", "Bus", "Truck"),
        "sea": ("Jetski", "Motorboat", "Gunboat", "Yacht", "Warship"),
        "amphibious": ("Skimmer", "Hovercraft", "GEV", "ATV", "Hydrofoil"),
        "military": ("Jeep", "Hummer", "LAV", "APC", "Tank"),
        "air": ("Ultralight", "Biplane", "Piper Cub", "Jet", "Fighter"),
    }
    assert {k.key: k.scout for k in rules.convoy_types.values()} == {
        "land": "bike", "sea": "jetski", "amphibious": "skimmer", "military": "jeep",
        "air": "ultralight"}


def test_cc_cnv_08_truck_and_car_stats(rules: Ruleset) -> None:
    truck, car = rules.vehicles["truck"], rules.vehicles["car"]
    assert (truck.cost, str(truck.damage), truck.hit_points, truck.cargo, truck.troops,
            truck.fuel, truck.size) == (40_000, "8d6+4", 150, 12, 20, 7, 18)
    assert (car.cost, str(car.damage), car.hit_points, car.cargo, car.troops, car.fuel,
            car.size) == (7_500, "2d6+1", 30, 1, 3, 2, 3)
    assert truck.vehicle_class == "large_assault" and truck.convoy_type == "land"


CHARTS = """
truck 40000 8d6+4 150 12 20 7 18 52 32 | bus 25000 4d6+1 75 5 16 5 10 25 15
van 15000 3d6+2 50 3 7 3 5 20 12.5 | car 7500 2d6+1 30 1 3 2 3 13 8 | bike 2500 1d3 10 0 1 1 1 3 2
warship 100000 10d15+8 320 32 24 15 18 158 88 | yacht 40000 4d9+4 100 8 20 7 10 40 24
gunboat 25000 5d6+2 60 4 10 4 5 32 19.5 | motorboat 10000 2d6+2 30 1 4 2 3 14 9
jetski 2500 1d3 10 0 1 1 1 3 2 | hydrofoil 90000 9d13+8 250 24 28 21 18 125 71
atv 75000 8d9+4 120 10 25 16 10 76 44 | gev 40000 7d7+2 80 5 12 9 5 51 30
hovercraft 15000 3d6+3 40 2 5 4 3 21 13.5 | skimmer 5000 1d5+1 20 0 2 2 1 6 4
tank 100000 10d15+20 300 4 3 20 18 170 100 | apc 80000 7d12+16 175 8 28 13 10 100 61.5
lav 50000 6d9+12 150 6 9 9 5 66 42 | hummer 20000 4d6+5 75 3 4 5 3 29 19
jeep 10000 2d3+6 35 1 2 3 1 12 10 | fighter 100000 10d12+5 200 0 0 15 18 125 70
jet 75000 6d10+13 125 20 12 11 10 73 46 | piper_cub 25000 3d8+2 50 6 4 7 5 26 15.5
biplane 12500 2d6+2 30 1 1 3 3 14 9 | ultralight 5000 1d6 15 0 0 1 1 6 3.5
"""
CHART_ROWS = [row.split() for line in CHARTS.strip().splitlines() for row in line.split("|")]


@pytest.mark.parametrize("row", CHART_ROWS, ids=[row[0] for row in CHART_ROWS])
def test_t7_master_vehicle_charts(rules: Ruleset, row: list[str]) -> None:
    """T§7.1-7.5: cost, damage, HP, cargo, troops, fuel, size, max and average damage."""
    key, cost, dmg, hp, cargo, troops, fuel, size, maximum, average = row
    v = rules.vehicles[key]
    assert (v.cost, str(v.damage), v.hit_points, v.cargo, v.troops, v.fuel, v.size) == (
        int(cost), dmg, int(hp), int(cargo), int(troops), int(fuel), int(size))
    assert v.damage.maximum == int(maximum) and v.damage.average == float(average)


def test_cc_cnv_10_12_movement_allowances(rules: Ruleset) -> None:
    got = {k: (t.movement, t.all_scout_bonus, t.engineer_bonus, t.pilot_bonus, t.airport_bonus)
           for k, t in rules.convoy_types.items()}
    assert got == {"land": (5, 1, 1, 0, 0), "sea": (10, 1, 1, 0, 0),
                   "amphibious": (6, 1, 1, 0, 0), "military": (5, 1, 1, 0, 0),
                   "air": (20, 8, 4, 4, 4)}
    maxima = {k: sum(v) for k, v in got.items()}
    assert maxima == {"land": 7, "sea": 12, "amphibious": 8, "military": 7, "air": 40}


def test_cc_cnv_13_pulses(rules: Ruleset) -> None:
    assert {k: (t.pulses, t.engineer_pulses) for k, t in rules.convoy_types.items()} == {
        "land": (10, 10), "sea": (10, 12), "amphibious": (10, 10), "military": (10, 10),
        "air": (10, 10)}
    assert rules.order_lines.convoy == 10
    assert (rules.order_lines.pre, rules.order_lines.post) == (5, 10)


def test_cc_cnv_41_size_factors(rules: Ruleset) -> None:
    assert [c.size for c in rules.vehicle_classes.values()] == [1, 3, 5, 10, 18]


def test_cc_cnv_42_size_names_amb_12(rules: Ruleset) -> None:
    """5 bikes + 2 cars + 1 truck = 29, "small" (the book's 39 is a miscount)."""
    total = sum(rules.vehicles[k].size * n for k, n in (("bike", 5), ("car", 2), ("truck", 1)))
    assert total == 29 and rules.size_name(total) == "small"
    bounds = {1: "tiny", 15: "tiny", 16: "small", 30: "small", 31: "medium", 60: "medium",
              61: "large", 120: "large", 121: "huge", 240: "huge", 241: "gigantic",
              720: "gigantic", 721: "monstrous", 5000: "monstrous"}
    assert {n: rules.size_name(n) for n in bounds} == bounds
    assert len(rules.size_bands) == 7 and rules.size_bands[-1].high is None


def test_cc_cnv_47_sample_convoy_sheet(rules: Ruleset) -> None:
    """T§7.6: Troops 172, Cargo 81, Fuel Cost 56, Rifles 6, Grenades 17, Rockets 4, Strength 748."""
    fleet = {"truck": 4, "bus": 1, "van": 3, "car": 9, "bike": 6}
    bonus = rules.consumption.expert_bonus
    troops = int(sum(rules.vehicles[k].troops * n for k, n in fleet.items()) * (1 + bonus))
    cargo = int(sum(rules.vehicles[k].cargo * n for k, n in fleet.items()) * (1 + bonus))
    fuel = int(sum(rules.vehicles[k].fuel * n for k, n in fleet.items()) * (1 - bonus))
    classes = {"large_assault": 4, "large_troop": 1}
    rifles = rules.weapons["rifles"].convoy_limit("land", troops, classes)
    grenades = rules.weapons["grenades"].convoy_limit("land", troops, classes)
    rockets = rules.weapons["rockets"].convoy_limit("land", troops, classes)
    damage = sum(rules.vehicles[k].damage.maximum * n for k, n in fleet.items())
    c = rules.combat
    base = damage + troops * c.strength_per_troop + rockets * c.strength_per_rocket
    strength = round(base * (1 + c.gunner_bonus))
    assert (troops, cargo, fuel, rifles, grenades, rockets, strength) == (
        172, 81, 56, 6, 17, 4, 748)
    assert rules.weapons["bombs"].convoy_limit("land", troops, classes) == 0
    assert rules.weapons["bombs"].convoy_limit("air", 0, classes) == 5
    assert rules.weapons["rifles"].convoy_limit("land", 400, {}) == 16  # CC-WPN-02


def test_cc_cnv_68_creation_costs_amb_55(rules: Ruleset) -> None:
    assert rules.creation_costs == (5_000, 15_000, 25_000, 40_000, 60_000, 85_000, 115_000,
                                    150_000, 200_000, 300_000, 450_000, 750_000)
    assert rules.creation_cost(4) == 40_000 and rules.creation_cost(3) == 25_000
    assert rules.creation_cost(12) == 750_000
    assert rules.creation_cost(13) is None and rules.creation_cost(0) is None
    assert rules.max_convoys == 12


def test_cc_cnv_69_new_convoy_vehicles_and_buildings(rules: Ruleset) -> None:
    got = {k: (t.new_vehicles, t.requires_building) for k, t in rules.convoy_types.items()}
    assert got == {"land": ((("car", 1), ("bike", 2)), None),
                   "sea": ((("motorboat", 1), ("jetski", 1)), None),
                   "amphibious": ((("hovercraft", 1), ("skimmer", 1)), None),
                   "military": ((("jeep", 2),), "ARM"), "air": ((("ultralight", 1),), "AIR")}


def test_cc_cnv_70_new_convoy_state(rules: Ruleset) -> None:
    c = rules.convoy
    assert (c.new_morale, c.new_training, c.new_health, c.new_hidden, c.new_mode) == (
        30, 30, 100, True, "capture")


def test_amb_28_parts_rates(rules: Ruleset) -> None:
    assert rules.consumption.parts_per_size == 0.1
    assert rules.consumption.parts_turn_factor == FloatRange(0.8, 1.2)
    assert {k: t.parts_type_multiplier for k, t in rules.convoy_types.items()} == {
        "land": 1.0, "sea": 1.0, "amphibious": 1.0, "military": 1.5, "air": 1.5}


def test_amb_43_scrap_parts(rules: Ruleset) -> None:
    per = rules.consumption.scrap_dollars_per_part
    scrap = {k: rules.vehicles[k].cost // per for k in ("bike", "car", "van", "bus", "truck",
                                                        "tank")}
    assert scrap == {"bike": 2, "car": 7, "van": 15, "bus": 25, "truck": 40, "tank": 100}


def test_cc_cl_train_01_agent_cost_formula(rules: Ruleset) -> None:
    assert [rules.agent_cost(n) for n in range(1, 10)] == [
        1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000]
    with pytest.raises(ValueError):
        rules.agent_cost(0)


@pytest.mark.parametrize(("word", "key"), [
    ("BIKES", "bike"), ("bike", "bike"), ("Piper Cub", "piper_cub"), ("PIPERCUB", "piper_cub"),
    ("CUBS", "piper_cub"), ("buses", "bus"), ("GEVs", "gev"), ("hovercraft", "hovercraft"),
    ("gunships", "gunboat"), ("APC", "apc"),
])
def test_amb_92_vehicle_words(rules: Ruleset, word: str, key: str) -> None:
    found = rules.vehicle_by_word(word)
    assert found is not None and found.key == key


def test_amb_92_other_words(rules: Ruleset) -> None:
    assert rules.vehicle_by_word("spaceship") is None
    assert rules.convoy_type_by_word("AMPHIB").key == "amphibious"  # type: ignore[union-attr]
    assert rules.convoy_type_by_word("sea").key == "sea"  # type: ignore[union-attr]
    assert rules.convoy_type_by_word("boat") is None
    assert rules.expert_by_word("eng").name == "Engineer"  # type: ignore[union-attr]
    assert rules.building_by_word("Spotting Tower").code == "SPO"  # type: ignore[union-attr]
    assert rules.custom_structure_by_word("FARM").code == "FAR"  # type: ignore[union-attr]
    assert rules.direction_by_word("northwest").key == "NW"  # type: ignore[union-attr]


# --- hexes (CC-HEX) --------------------------------------------------------------------------
def test_cc_hex_06_defense_table(rules: Ruleset) -> None:
    table = [(d.level, d.name, d.cost_to_raise, str(d.conquer)) for d in rules.defense_levels]
    assert table == [
        (1, "Pathetic", 100, "1–4"), (2, "Wimpy", 200, "2–5"), (3, "Mediocre", 300, "3–7"),
        (4, "Average", 400, "4–9"), (5, "Disciplined", 500, "5–11"),
        (6, "Tenacious", 750, "6–14"), (7, "Solid", 1_000, "7–17"), (8, "Rugged", 1_500, "8–20"),
        (9, "Powerful", 2_000, "10–24"), (10, "Mighty", None, "12–30")]


def test_cc_hex_11_level_8_plains_with_6_guards(rules: Ruleset) -> None:
    """8–20 + 6 × (2–4) = 20–44, average 32; CC-CBH-05: level 5 + 5 guards = 15–31."""
    def need(level: int, guards: int, terrain: str) -> tuple[int, int]:
        base, per = rules.defense_level(level).conquer, rules.terrains[terrain].guard_cost
        return base.low + guards * per.low, base.high + guards * per.high
    assert need(8, 6, "plains") == (20, 44) and sum(need(8, 6, "plains")) / 2 == 32
    assert need(5, 5, "plains") == (15, 31)
    assert need(8, 6, "mountains") == (26, 50)


def test_t15_directions_match_hexgrid(rules: Ruleset) -> None:
    from conquest_tui.engine.core.hexgrid import neighbor

    for key, rule in rules.directions.items():
        for column, (dc, dr) in ((5, rule.odd_column), (6, rule.even_column)):
            assert neighbor(f"{column:02d}10", key) == f"{column + dc:02d}{10 + dr:02d}"


# --- cities (CC-CITY) ------------------------------------------------------------------------
def test_cc_city_30_fortification_table(rules: Ruleset) -> None:
    table = [(f.name, f.to_hit, f.capacity, f.capacity_with_barracks, f.cost_to_raise)
             for f in rules.fortifications]
    assert table == [("Outpost", 0.6, 50, 60, 30_000), ("Station", 0.7, 100, 125, 50_000),
                     ("Base", 0.85, 150, 200, 100_000), ("Stronghold", 1.0, 250, 350, 200_000),
                     ("Fortress", 1.5, 500, 600, 500_000), ("Citadel", 2.0, 1_000, 1_200, None)]


def test_cc_city_35_claymore_limits_amb_63(rules: Ruleset) -> None:
    claymores = rules.weapons["claymores"]
    assert [claymores.city_limit(f.capacity) for f in rules.fortifications] == [
        5, 10, 15, 25, 50, 100]
    assert [claymores.city_limit(f.troop_capacity(True)) for f in rules.fortifications] == [
        6, 12, 20, 35, 60, 120]


def test_t4_spotting_and_radio_ranges(rules: Ruleset) -> None:
    table = [(rules.spotting_range(n, False), rules.spotting_range(n, True),
              rules.radio_range(n, False), rules.radio_range(n, True)) for n in range(1, 7)]
    assert table == [(1, 3, 4, 10), (2, 4, 6, 12), (3, 5, 8, 14), (4, 6, 10, 16),
                     (5, 7, 12, 18), (6, 8, 14, 20)]
    assert rules.spotting.owner_margin == 2 and rules.spotting.size_margin == 4


def test_t5_population_bands_and_growth(rules: Ruleset) -> None:
    minor, major = rules.population["minor"], rules.population["major"]
    assert (minor.low_min, minor.normal_min, minor.normal_max, minor.maximum,
            minor.maximum_with_stockyard) == (10_000, 25_000, 50_000, 100_000, 150_000)
    assert (major.low_min, major.normal_min, major.normal_max, major.maximum,
            major.maximum_with_stockyard) == (10_000, 100_000, 200_000, 400_000, 500_000)
    assert [minor.band(p) for p in (9_999, 24_999, 25_000, 50_000, 50_001)] == [
        "none", "low", "normal", "normal", "high"]
    assert rules.cities.growth_percent == Range(8, 12)
    assert rules.building_effects.church_growth_factor == 2  # AMB-06


def test_amb_40_base_values_and_income_factor(rules: Ruleset) -> None:
    minor, major = rules.population["minor"], rules.population["major"]
    assert minor.base_value == Range(8_000, 15_000) and major.base_value == Range(80_000, 120_000)
    assert minor.income_factor(5_000) == 0.0
    assert minor.income_factor(12_500) == 0.5
    assert minor.income_factor(40_000) == 1.0
    assert minor.income_factor(75_000) == 1.5
    assert major.income_factor(300_000) == 1.5
    assert (minor.floor, major.floor) == (1_000, 5_000)  # AMB-66


def test_amb_74_unowned_cities(rules: Ruleset) -> None:
    u = rules.unowned_cities
    assert (u.minor_garrison, u.major_garrison) == (Range(50, 100), Range(75, 100))
    assert (u.minor_buildings, u.major_buildings) == (Range(0, 2), Range(2, 4))
    assert u.guild_chance == 0.7


def test_cc_city_37_fifteen_buildings(rules: Ruleset) -> None:
    assert list(rules.buildings) == ["AIR", "ARM", "BAR", "BAT", "CHU", "HEL", "HOS", "IND",
                                     "JUN", "MAR", "RAD", "REC", "SHE", "SPO", "STO"]
    assert {b.cost for b in rules.buildings.values()} == {10_000}
    assert rules.buildings["IND"].name == "Indoctrination Center"
    effects = rules.building_effects
    assert effects.armory_rifles == Range(1, 2) and effects.armory_grenades == Range(1, 3)
    assert effects.marketplace_value == Range(2_000, 3_000)
    assert effects.recruiting_population_per_troop == 5_000


# --- structures and experts ------------------------------------------------------------------
def test_cc_hex_16_30_fifteen_special_structures(rules: Ruleset) -> None:
    special = rules.special_structures
    assert len(special) == 15
    assert special["ARS"].name == "Arsenal"  # AMB-15
    assert dict(special["MIL"].production) == {
        "fuel": Range(40, 60), "food": Range(8, 12), "parts": Range(4, 6),
        "vaccine": Range(2, 4), "troops": Range(8, 12)}
    assert special["GAS"].production["fuel"] == Range(100, 150)
    assert special["TRA"].production["troops"] == Range(15, 20)
    assert [code for code, rule in special.items() if rule.water_only] == ["FIS"]
    assert rules.structure_effects.police_training == Range(1, 5)
    assert rules.popularity.stadium_hex == 5  # AMB-04


def test_cc_hex_33_37_seven_custom_structures(rules: Ruleset) -> None:
    custom = {c: (r.name, r.terrains, dict(r.production), r.cost)
              for c, r in rules.custom_structures.items()}
    assert custom == {
        "DER": ("Derrick", ("islands", "desert"), {"fuel": 120}, 10_000),
        "FAR": ("Farm", ("agricultural",), {"food": 30}, 10_000),
        "SHO": ("Shop", ("mountains",), {"parts": 15}, 10_000),
        "LAB": ("Lab", ("forest", "jungle"), {"vaccine": 6}, 10_000),
        "CAM": ("Camp", ("plains", "wilderness"), {"troops": 30}, 10_000),
        "GAR": ("Garrison", ("metropolis",), {"troops": 10, "parts": 10}, 10_000),
        "REF": ("Refuge", ("swamp",), {"troops": 10, "food": 10, "vaccine": 4}, 10_000),
    }


def test_cc_cnv_48_sixteen_experts(rules: Ruleset) -> None:
    from conquest_tui.engine.core.gamemap import GUILD_CODES

    assert tuple(rules.experts) == GUILD_CODES and len(rules.experts) == 16
    assert {e.cost for e in rules.experts.values()} == {10_000}
    assert rules.consumption.expert_bonus == 0.15
    assert rules.consumption.priest_expert_bonus == 0.30


# --- market, espionage, casino ---------------------------------------------------------------
def test_cc_res_03_starting_market_prices(rules: Ruleset) -> None:
    assert {k: m.start_price for k, m in rules.market.items()} == {
        "fuel": 20, "food": 100, "parts": 200, "vaccine": 500, "troops": 100, "rifles": 1_000,
        "grenades": 500, "rockets": 2_000, "claymores": 750, "bombs": 4_000}
    assert [k for k, m in rules.market.items() if not m.sellable] == ["troops"]  # CC-RES-07
    assert rules.market_rules.sell_fraction == 0.5  # AMB-45


def test_cc_res_05_fixed_costs_and_pave_amb_11(rules: Ruleset) -> None:
    assert dict(rules.fixed_costs) == {
        "building": 10_000, "custom_structure": 10_000, "expert": 10_000, "gamble": 10_000,
        "order_line": 7_500, "pave_per_multiplier": 2_500}
    pave = rules.fixed_costs["pave_per_multiplier"] * (
        rules.terrains["desert"].parts_multiplier + rules.terrains["wilderness"].parts_multiplier)
    assert pave == 13_750


def test_amb_29_30_drift_and_goods(rules: Ruleset) -> None:
    from conquest_tui.engine.core.gamemap import GOODS

    assert tuple(rules.goods) == GOODS
    assert rules.goods["gems"] == 600 and rules.goods["milk"] == 150
    m = rules.market_rules
    assert m.price_drift == FloatRange(0.9, 1.1) and m.goods_drift == FloatRange(0.95, 1.05)
    assert (m.price_floor, m.price_ceiling) == (0.5, 2.0)


def test_cc_cl_espionage_02_costs_and_example(rules: Ruleset) -> None:
    assert dict(rules.espionage) == {"OWNER": 25, "ALLIES": 50, "ENEMIES": 50, "INCOME": 50,
                                     "HEXES": 100, "CITIES": 150, "CONVOYS": 200}
    cost = 110 * sum(rules.espionage[k] for k in ("OWNER", "INCOME", "ENEMIES"))
    assert cost == 13_750
    assert rules.espionage_from_turn == 5


def test_cc_cl_gamble_02_casino_chances_sum_to_100(rules: Ruleset) -> None:
    assert sum(o.chance for o in rules.casino) == 100
    assert [o.chance for o in rules.casino] == [1, 4, 25, 40, 25, 4, 1]
    assert rules.casino[0].low == 1 and rules.casino[-1].high == 100
    expected = sum(o.chance * o.returned for o in rules.casino) / 100
    assert expected == 11_400  # CC-CL-GAMBLE-03
    assert [o.key for o in rules.casino if o.removes_casino] == ["cheated"]  # CC-CL-GAMBLE-04


# --- tables ----------------------------------------------------------------------------------
def _covers(rows: tuple, top: int) -> bool:
    numbers = [n for row in rows for n in range(row.low, row.high + 1)]
    return numbers == list(range(1, top + 1))


def test_amb_32_loot_table_covers_1_to_100(rules: Ruleset) -> None:
    assert _covers(rules.loot, 100)
    by_name = {row.name: row for row in rules.loot}
    assert by_name["a major find"].amounts["money"] == Range(10_000, 25_000)
    assert (by_name["nothing"].low, by_name["nothing"].high) == (1, 20)
    assert rules.bank.money == Range(2_000, 3_000)  # AMB-76


def test_amb_31_events_table_covers_1_to_20(rules: Ruleset) -> None:
    assert _covers(rules.events, 20)
    tones = [row.tone for row in rules.events]
    assert (tones.count("good"), tones.count("neutral"), tones.count("bad")) == (12, 2, 6)
    assert rules.event_chance_per_turn == 0.5
    food = rules.events[14]
    assert (food.kind, food.resource, food.percent, food.maximum) == (
        "lose_percent", "food", FloatRange(0.1, 0.1), 100)


def test_amb_33_sabotage_table_covers_1_to_100(rules: Ruleset) -> None:
    assert _covers(rules.sabotage, 100)


def test_amb_34_cure_gifts_cover_d6(rules: Ruleset) -> None:
    assert _covers(rules.cure.gifts, 6)
    assert rules.cure.gift_chance == 0.85
    assert rules.cure.vaccine_needed(60_001) == 61  # CC-CO-CURE-01


# --- start, popularity, morale, combat -------------------------------------------------------
def test_amb_56_starting_position(rules: Ruleset) -> None:
    s = rules.start
    assert (s.money, s.food, s.fuel, s.parts, s.vaccine, s.troops) == (25_000, 100, 300, 50, 10,
                                                                       20)
    assert (s.city_fortification, s.city_troops, s.hex_defense) == (2, 60, 3)
    assert s.city_population == Range(50_000, 60_000)  # AMB-07
    assert s.city_base_value == Range(12_000, 14_000)
    assert (s.convoy_morale, s.convoy_training, s.popularity) == (30, 30, 100)


def test_cc_pop_02_04_popularity_and_amb_57_victory(rules: Ruleset) -> None:
    p = rules.popularity
    assert p.popularity(hexes=1, stadium_hexes=0, total_population=55_000) == 106
    assert p.popularity(hexes=0, stadium_hexes=1, total_population=0) == 105
    assert p.victory_threshold(controllable_hexes=600, total_population=2_000_000, players=4) == (
        100 + 500)


def test_amb_37_39_morale_and_training(rules: Ruleset) -> None:
    m = rules.morale
    assert m.decay == Range(3, 6) and m.city_captured == Range(10, 15)
    assert m.desertion_loss == 2 and m.celebrate == Range(10, 15)
    assert m.trainer_per_turn == Range(2, 4) and m.training_maximum == 100


def test_amb_01_02_03_convoy_combat_numbers(rules: Ruleset) -> None:
    c = rules.combat
    assert (c.troop_hit_chance, c.troop_hit_chance_kill_troops) == (0.2, 0.5)
    assert (c.troop_damage, c.troop_damage_chance) == (1, 0.5)
    assert [c.step_percent(v) for v in (100, 34, 35, 30, 26, 25, 0)] == [14, 0, 1, 0, 0, -1, -6]
    assert [c.health_percent(h) for h in (100, 98, 97, 75)] == [0, 0, -1, -8]
    assert c.vehicle_hit == Range(5, 10) and c.kill_mode_factor == 0.8


def test_t3_2_t3_3_assault_and_bombing(rules: Ruleset) -> None:
    a = rules.combat.assault
    assert (a.attacker_to_hit, a.sergeant_bonus, a.rifle_bonus) == (0.5, 0.1, 0.01)
    assert rules.structure_effects.police_combat_bonus == 0.1
    assert rules.structure_effects.police_sergeant_factor == 2
    assert a.token_garrison == Range(5, 10) and a.grenade_kills == Range(2, 8)
    b = rules.combat.bombing
    assert [b.hit_chance_at(n) for n in range(1, 7)] == [1.0, 1.0, 0.9, 0.8, 0.7, 0.6]
    assert rules.building_effects.battery_no_effect_chance == 0.5


# --- malformed files ---------------------------------------------------------------------------
def _broken(tmp_path: Path, file: str, old: str, new: str) -> str:
    """Copy the rules, replace the first `old` in `file` with `new`, return the load error."""
    target = tmp_path / "rules"
    shutil.copytree(paths.rules_dir(), target)
    path = target / file
    content = path.read_text(encoding="utf-8")
    assert old in content, f"test setup: {old!r} not in {file}"
    path.write_text(content.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesError) as error:
        load_ruleset(target)
    return str(error.value)


def test_copied_rules_load(tmp_path: Path) -> None:
    shutil.copytree(paths.rules_dir(), tmp_path / "rules")
    assert load_ruleset(tmp_path / "rules") == load_ruleset()


@pytest.mark.parametrize(("file", "old", "new", "expected"), [
    ("vehicles.toml", "cost = 40_000", 'cost = "forty"',
     'vehicles.toml: vehicles.truck.cost: expected a whole number, got "forty"'),
    ("vehicles.toml", "hit_points = 150\n", "",
     "vehicles.toml: vehicles.truck.hit_points: is missing"),
    ("terrain.toml", "fuel_multiplier = 1.0", "fuel_multiplyer = 1.0",
     "terrain.toml: plains.fuel_multiplyer: is not a known field (misspelt?)"),
    ("terrain.toml", "food = [10, 13]", "food = [13, 10]",
     "terrain.toml: plains.food: expected low ≤ high, got [13, 10]"),
    ("terrain.toml", 'char = "a"', 'char = "p"', 'terrain.toml: map character "p" is used twice'),
    ("vehicles.toml", 'convoy_type = "land"', 'convoy_type = "lnd"',
     'vehicles.toml: vehicles.truck.convoy_type: unknown convoy type "lnd"'),
    ("vehicles.toml", 'class = "large_assault"', 'class = "huge_assault"',
     'vehicles.toml: vehicles.truck.class: unknown vehicle class "huge_assault"'),
    ("vehicles.toml", 'damage = "8d6+4"', 'damage = "8x6"',
     'vehicles.toml: vehicles.truck.damage: expected dice like "8d6+4"'),
    ("vehicles.toml", 'plural = "vans"', 'plural = "cars"',
     "vehicles.toml: vehicles.car: the word CARS is also used by vehicles.van"),
    ("convoys.toml", "new_vehicles = { car = 1, bike = 2 }", "new_vehicles = { jetski = 1 }",
     'convoys.toml: types.land.new_vehicles.jetski: unknown land vehicle "jetski"'),
    ("convoys.toml", "low = 16", "low = 17", "convoys.toml: size_bands[1]: expected low = 16"),
    ("cities.toml", "to_hit = 0.60", 'to_hit = "high"',
     'cities.toml: fortifications[0].to_hit: expected a number, got "high"'),
    ("hexes.toml", '{ level = 10, name = "Mighty",', '{ level = 10, cost_to_raise = 5, '
     'name = "Mighty",', "hexes.toml: defense_levels[9].cost_to_raise: the top level"),
    ("hexes.toml", "{ level = 4,", "{ level = 5,",
     "hexes.toml: defense_levels[3].level: expected 4"),
    ("consumption.toml", "desertion_chance = 0.10", "desertion_chance = 1.5",
     "consumption.toml: desertion_chance: expected a number from 0 to 1, got 1.5"),
    ("consumption.toml", 'fuel = "ceil"', 'fuel = "up"',
     'consumption.toml: rounding.fuel: unknown rounding mode "up"'),
    ("loot.toml", "low = 21", "low = 22",
     "loot.toml: table[1]: expected the row to start at 21, got 22"),
    ("events.toml", "{ low = 20, high = 20,", "{ low = 20, high = 21,",
     "events.toml: table: expected the rows to end at 20, got 21"),
    ("casino.toml", "chance = 1,", "chance = 2,",
     "casino.toml: outcomes: expected the chances to add up to 100, got 101"),
    ("buildings.toml", "[buildings.STO]", "[buildings.STX]",
     "buildings.toml: buildings: missing buildings: STO"),
    ("structures.toml", 'terrains = ["mountains"]', 'terrains = ["mountain"]',
     'structures.toml: custom.SHO.terrains[0]: unknown terrain "mountain"'),
    ("structures.toml", "production = { fuel = [100, 150] }",
     "production = { fual = [100, 150] }",
     'structures.toml: special.GAS.production.fual: unknown resource "fual"'),
    ("start.toml", "city_troops = 60", "city_troops = 600",
     "start.toml: start.city_troops: expected at most the city's capacity (100), got 600"),
    ("market.toml", "order_line = 7_500", "order_lines = 7_500",
     "market.toml: fixed_costs: missing fixed costs: order_line"),
    ("combat.toml", "hit_chance = [1.00, 1.00, 0.90, 0.80, 0.70, 0.60]",
     "hit_chance = [1.00, 0.90, 0.80, 0.70, 0.60]",
     "combat.toml: bombing.hit_chance: expected one chance per fortification level (6), got 5"),
    ("morale.toml", "[10, 15]", "[15, 10]", "morale.toml: city_captured: expected low ≤ high"),
    ("espionage.toml", "from_turn = 5", "from_turn = 5\nfrom_trun = 6",
     "espionage.toml: from_trun: is not a known field (misspelt?)"),
    ("health.toml", "city_chance = 0.03", "city_chance = 3",
     "health.toml: plague.city_chance: expected a number from 0 to 1, got 3"),
    ("experts.toml", "[experts.TRA]", "[experts.TRA]\ncost = 5",
     "experts.toml: experts.TRA.cost: is not a known field (misspelt?)"),
    ("terrain.toml", "[plains]", "plains = 3\n[plainz]", "terrain.toml"),
    ("convoys.toml", "new_hidden = true", "new_hidden = 1",
     "convoys.toml: convoy.new_hidden: expected true or false, got 1"),
    ("convoys.toml", "[creation]", "[creation]\ncosts_extra = 1",
     "convoys.toml: creation.costs_extra: is not a known field (misspelt?)"),
    ("convoys.toml", "[classes.fast_scout]", "[classes.fast_scout]\nkey = \"scout\"",
     "convoys.toml: classes.fast_scout.key: is not a known field (misspelt?)"),
    ("experts.toml", 'pilot_requires_type = "air"', 'pilot_requires_type = "jet"',
     'experts.toml: effects.pilot_requires_type: unknown convoy type "jet"'),
    ("events.toml", 'kind = "gain", target = "clan", amounts = { fuel = [100, 200] },',
     'kind = "gain", target = "clan",', "events.toml: table[0]: kind gain needs amounts"),
    ("consumption.toml", "no_orders_health = 50", "no_orders_health = 150",
     "consumption.toml: no_orders_health: expected a whole number from 0 to 100, got 150"),
    ("cities.toml", "capacity_with_barracks = 60", "capacity_with_barracks = 40",
     "cities.toml: fortifications[0].capacity_with_barracks: expected ≥ capacity"),
])
def test_malformed_file_names_file_and_key(tmp_path: Path, file: str, old: str, new: str,
                                           expected: str) -> None:
    message = _broken(tmp_path, file, old, new)
    assert expected in message, message


def test_invalid_toml_syntax(tmp_path: Path) -> None:
    message = _broken(tmp_path, "market.toml", "[goods]", "[goods")
    assert "market.toml: not valid TOML" in message


def test_missing_and_unknown_files(tmp_path: Path) -> None:
    target = tmp_path / "rules"
    shutil.copytree(paths.rules_dir(), target)
    (target / "casino.toml").unlink()
    with pytest.raises(RulesError, match=r"casino\.toml: file missing"):
        load_ruleset(target)
    (target / "casino.toml").write_text((paths.rules_dir() / "casino.toml").read_text("utf-8"),
                                        encoding="utf-8")
    (target / "vehicle.toml").write_text("", encoding="utf-8")
    with pytest.raises(RulesError, match=r"vehicle\.toml: unknown rules file"):
        load_ruleset(target)
    with pytest.raises(RulesError, match="rules directory not found"):
        load_ruleset(tmp_path / "nowhere")


def test_every_rules_file_is_present_and_commented() -> None:
    """Each file has a comment at the top citing table or checklist ids."""
    for name in RULE_FILES:
        head = (paths.rules_dir() / f"{name}.toml").read_text(encoding="utf-8").splitlines()[:3]
        assert head[0].startswith("# "), name
        assert any(tag in " ".join(head) for tag in ("T§", "CC-", "AMB-", "HOUSE-")), name
    assert sorted(p.stem for p in paths.rules_dir().glob("*.toml")) == sorted(RULE_FILES)
