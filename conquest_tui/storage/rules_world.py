"""Read the world rule files: terrain, convoys, vehicles, hexes, cities, buildings, structures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conquest_tui.engine.rules import ruleset as r
from conquest_tui.engine.rules.ruleset_values import FrozenDict
from conquest_tui.storage.rules_fields import (
    Files,
    Omittable,
    Table,
    bad,
    check_keys,
    check_unique,
    choice,
    fail,
    flag,
    int_range,
    list_of,
    mapping_of,
    number,
    pair,
    read_record,
    text,
    whole,
)

TERRAINS = ("plains", "agricultural", "forest", "desert", "mountains", "swamp", "wilderness",
            "jungle", "barren", "metropolis", "water", "islands", "sea_lane")
VEHICLE_CLASSES = ("fast_scout", "small_combat", "medium_multi_purpose", "large_troop",
                   "large_assault")
CONVOY_TYPES = ("land", "sea", "amphibious", "military", "air")
BUILDINGS = ("AIR", "ARM", "BAR", "BAT", "CHU", "HEL", "HOS", "IND", "JUN", "MAR", "RAD", "REC",
             "SHE", "SPO", "STO")
SPECIAL_STRUCTURES = ("ARS", "BAN", "CAS", "FIS", "GAS", "HOS", "MIL", "PAR", "POL", "RAC",
                      "REC", "RES", "STA", "TRA", "UNI")
CUSTOM_STRUCTURES = ("DER", "FAR", "SHO", "LAB", "CAM", "GAR", "REF")
EXPERTS = ("ARM", "CHE", "DEA", "DOC", "ENG", "GOU", "GUN", "MER", "PIL", "POL", "PRI", "SCO",
           "SER", "SPY", "TIN", "TRA")
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
POPULATION_BANDS = ("minor", "major")
SUPPLIES = ("money", "food", "fuel", "parts", "vaccine")
STRUCTURE_OUTPUT = (*SUPPLIES, "troops", "rifles", "grenades")


def read_convoys(files: Files) -> tuple[FrozenDict, dict[str, Table], r.ConvoyRules]:
    root = files("convoys")
    classes = {}
    for key, table in root.subtables("classes"):
        classes[key] = read_record(table, r.VehicleClassRule, given={"key": key},
                                   positive=("size",))
    check_keys(root.where("classes"), classes, VEHICLE_CLASSES, "vehicle classes")
    ranks = sorted(c.rank for c in classes.values())
    if ranks != list(range(len(classes))):
        fail(root.where("classes"), f"ranks must be 0..{len(classes) - 1}, once each")
    by_rank = sorted(classes.values(), key=lambda c: c.rank)
    for smaller, larger in zip(by_rank, by_rank[1:], strict=False):
        if larger.size <= smaller.size:
            fail(root.where(f"classes.{larger.key}.size"),
                 f"a higher rank needs a larger size than {smaller.key} ({smaller.size})")
    types_raw = dict(root.subtables("types"))
    check_keys(root.where("types"), types_raw, CONVOY_TYPES, "convoy types")
    convoy = read_record(root.sub("convoy"), r.ConvoyRules, fields={
        "new_health": whole(1, 100), "new_morale": whole(0, 100),
        "new_training": whole(0, 100), "new_mode": choice(("capture", "recon", "empty"),
                                                          "mode")}, positive=("fish_size_cap",))
    ordered = FrozenDict(dict(sorted(classes.items(), key=lambda kv: kv[1].rank)))
    return ordered, types_raw, convoy


def read_vehicles(files: Files, classes: Mapping[str, r.VehicleClassRule],
                  types_raw: Mapping[str, Table]) -> FrozenDict:
    root = files("vehicles")
    vehicles = {}
    for key, table in root.subtables("vehicles"):
        class_key = table.get("class", choice(classes, "vehicle class"))
        vclass = classes[class_key]
        vehicles[key] = read_record(table, r.VehicleRule, given={
            "key": key, "vehicle_class": class_key, "size": vclass.size, "rank": vclass.rank},
            fields={"convoy_type": choice(types_raw, "convoy type"),
                    "aliases": Omittable(list_of(text, unique=True), ())},
            positive=("hit_points", "cost"))
    words: dict[str, str] = {}
    for key, rule in vehicles.items():
        for word in set(rule.words()):
            if word in words:
                fail(root.where(f"vehicles.{key}"),
                     f"the word {word} is also used by vehicles.{words[word]}")
            words[word] = key
    for type_key in types_raw:
        have = sorted(v.vehicle_class for v in vehicles.values() if v.convoy_type == type_key)
        if have != sorted(classes):
            fail(root.where("vehicles"), f"convoy type {type_key} needs exactly one vehicle "
                 f"of each class, has: {', '.join(have) or 'none'}")
    return FrozenDict(vehicles)


def finish_types(types_raw: Mapping[str, Table],
                 vehicles: Mapping[str, r.VehicleRule]) -> FrozenDict:
    out = {}
    for key, table in types_raw.items():
        own = sorted((v for v in vehicles.values() if v.convoy_type == key),
                     key=lambda v: v.rank)
        new = table.get("new_vehicles", mapping_of(whole(1), keys=choice(
            [v.key for v in own], f"{key} vehicle")))
        if not new:
            fail(table.where("new_vehicles"), "expected at least one vehicle")
        out[key] = read_record(table, r.ConvoyTypeRule, given={
            "key": key, "new_vehicles": tuple(new.items()),
            "vehicles": tuple(v.key for v in own)},
            fields={"words": list_of(text, unique=True, min_length=1),
                    "requires_building": Omittable(choice(BUILDINGS, "building code"))},
            positive=("movement", "pulses", "engineer_pulses"))
    return FrozenDict(out)


def read_convoy_tables(files: Files) -> dict[str, Any]:
    root = files("convoys")
    creation = root.sub("creation")
    costs = creation.get("costs", list_of(whole(1), min_length=1))
    for i, (a, b) in enumerate(zip(costs, costs[1:], strict=False)):
        if b < a:
            fail(root.where(f"creation.costs[{i + 1}]"), f"expected ≥ {a}, got {b}")
    creation.finish()
    agents = root.sub("agents")
    base = agents.get("base_cost", whole(1))
    agents.finish()
    bands = [read_record(t, r.SizeBand, fields={"low": whole(1),
                                                "high": Omittable(whole(1))})
             for t in root.rows("size_bands")]
    next_low = bands[0].low
    for i, band in enumerate(bands):
        where = root.where(f"size_bands[{i}]")
        if band.low != next_low:
            fail(where, f"expected low = {next_low} (no gaps, no overlaps), got {band.low}")
        if band.high is None:
            if i != len(bands) - 1:
                fail(where, "only the last band may leave out high")
            break
        if band.high < band.low:
            fail(where, f"expected low ≤ high, got {band.low}..{band.high}")
        next_low = band.high + 1
    if bands[-1].high is not None:
        fail(root.where(f"size_bands[{len(bands) - 1}]"),
             "the last band must leave out high (open-ended)")
    check_unique(root.where("size_bands"), (b.name for b in bands), "name")
    return {"creation_costs": costs, "agent_base_cost": base, "size_bands": tuple(bands)}


def read_custom_structures(files: Files) -> dict[str, r.CustomStructureRule]:
    root = files("structures")
    out = {}
    for code, table in root.subtables("custom"):
        out[code] = read_record(table, r.CustomStructureRule, given={"code": code, "cost": 0},
                                fields={
            "terrains": list_of(choice(TERRAINS, "terrain"), unique=True, min_length=1),
            "production": mapping_of(whole(1), keys=choice(STRUCTURE_OUTPUT, "resource"))})
    check_keys(root.where("custom"), out, CUSTOM_STRUCTURES, "custom structures")
    return out


def read_terrains(files: Files, customs: Mapping[str, r.CustomStructureRule]) -> FrozenDict:
    root = files("terrain")
    out = {}
    for key, table in root.subtables():
        allowed = tuple(code for code, rule in customs.items() if key in rule.terrains)
        out[key] = read_record(table, r.TerrainRule, given={
            "key": key, "custom_structures": allowed},
            fields={"char": _one_char, "guard_cost": int_range(1),
                    "defense_bonus": whole(0, 9)})
    check_keys(root.where(), out, TERRAINS, "terrains")
    check_unique(root.where(), (t.char for t in out.values()), "map character")
    check_unique(root.where(), (t.abbr for t in out.values()), "abbreviation")
    for key, rule in out.items():
        if rule.water and rule.custom_structures:
            fail(files("structures").where("custom"),
                 f"custom structures cannot be allowed in water terrain {key}")
    return FrozenDict(out)


def read_hexes(files: Files) -> dict[str, Any]:
    root = files("hexes")
    levels = []
    rows = root.rows("defense_levels")
    for i, table in enumerate(rows):
        level = read_record(table, r.DefenseLevel, fields={
            "level": whole(1), "cost_to_raise": Omittable(whole(1)),
            "conquer": int_range(1)})
        _check_level(root, "defense_levels", i, level.level, level.cost_to_raise,
                     i == len(rows) - 1)
        levels.append(level)
    hexgen = read_record(root.sub("generation"), r.HexGenRules,
                         fields={"max_defense_level": whole(1)})
    if hexgen.max_defense_level > len(levels):
        fail(root.where("generation.max_defense_level"),
             f"expected at most {len(levels)} (the defense levels listed), "
             f"got {hexgen.max_defense_level}")
    if hexgen.defense_roll.low < 1 or hexgen.defense_roll.high > hexgen.max_defense_level:
        fail(root.where("generation.defense_roll"),
             f"expected levels within 1..{hexgen.max_defense_level}, got {hexgen.defense_roll}")
    directions = {}
    for key, table in root.subtables("directions"):
        directions[key] = read_record(table, r.DirectionRule, given={"key": key}, fields={
            "words": list_of(text, unique=True, min_length=1),
            "odd_column": pair, "even_column": pair})
    check_keys(root.where("directions"), directions, DIRECTIONS, "directions")
    return {"defense_levels": tuple(levels), "hexgen": hexgen,
            "directions": FrozenDict(directions)}


def read_cities(files: Files) -> dict[str, Any]:
    root = files("cities")
    forts = []
    rows = root.rows("fortifications")
    for i, table in enumerate(rows):
        fort = read_record(table, r.FortificationLevel, fields={
            "level": whole(1), "cost_to_raise": Omittable(whole(1)), "to_hit": number(0)},
            positive=("capacity", "capacity_with_barracks"))
        _check_level(root, "fortifications", i, fort.level, fort.cost_to_raise,
                     i == len(rows) - 1)
        if fort.capacity_with_barracks < fort.capacity:
            fail(root.where(f"fortifications[{i}].capacity_with_barracks"),
                 f"expected ≥ capacity ({fort.capacity}), got {fort.capacity_with_barracks}")
        forts.append(fort)
        cities = read_record(root.sub("rules"), r.CityRules)
        spotting = read_record(root.sub("spotting"), r.SpottingRules,
                               positive=("per_level", "radio_per_level"))
        unowned = read_record(root.sub("unowned"), r.UnownedCityRules, fields={
            name: int_range(0) for name in ("minor_garrison", "major_garrison")})
        for name in ("minor_garrison", "major_garrison"):
            if getattr(unowned, name).high > 100:
                fail(root.where(f"unowned.{name}"), "expected whole percentages up to 100")
    bands = {}
    for key, table in root.subtables("population"):
        band = read_record(table, r.PopulationBand, given={"key": key}, fields={
            "start_fortification": int_range(1)}, positive=("normal_min", "normal_max"))
        order = [band.low_min, band.normal_min, band.normal_max, band.maximum,
                 band.maximum_with_stockyard]
        if order != sorted(order):
            fail(root.where(f"population.{key}"), "expected low_min ≤ normal_min ≤ "
                 "normal_max ≤ maximum ≤ maximum_with_stockyard, got " +
                 " / ".join(map(str, order)))
        if band.start_fortification.high > len(forts):
            fail(root.where(f"population.{key}.start_fortification"),
                 f"expected levels within 1..{len(forts)}, got {band.start_fortification}")
        bands[key] = band
    check_keys(root.where("population"), bands, POPULATION_BANDS, "population bands")
    return {"fortifications": tuple(forts), "cities": cities, "spotting": spotting,
            "unowned_cities": unowned, "population": FrozenDict(bands)}


def read_buildings(files: Files, fixed: Mapping[str, int]) -> dict[str, Any]:
    root = files("buildings")
    out = {code: read_record(t, r.BuildingRule, given={"code": code,
                                                         "cost": fixed["building"]})
           for code, t in root.subtables("buildings")}
    check_keys(root.where("buildings"), out, BUILDINGS, "buildings")
    effects = read_record(root.sub("effects"), r.BuildingEffects,
                          positive=("recruiting_population_per_troop", "church_growth_factor"))
    return {"buildings": FrozenDict(out), "building_effects": effects}


def read_special_structures(files: Files) -> dict[str, Any]:
    root = files("structures")
    out = {}
    for code, table in root.subtables("special"):
        out[code] = read_record(table, r.SpecialStructureRule, given={"code": code}, fields={
            "water_only": Omittable(flag, False),
            "production": mapping_of(int_range(), keys=choice(STRUCTURE_OUTPUT, "resource"))})
    check_keys(root.where("special"), out, SPECIAL_STRUCTURES, "special structures")
    effects = read_record(root.sub("effects"), r.StructureEffects,
                          positive=("police_sergeant_factor",))
    return {"special_structures": FrozenDict(out), "structure_effects": effects}


def read_experts(files: Files, fixed: Mapping[str, int],
                 convoy_types: Mapping[str, r.ConvoyTypeRule]) -> dict[str, Any]:
    root = files("experts")
    out = {code: read_record(t, r.ExpertRule, given={"code": code, "cost": fixed["expert"]})
           for code, t in root.subtables("experts")}
    check_keys(root.where("experts"), out, EXPERTS, "experts")
    effects = read_record(root.sub("effects"), r.ExpertEffects, fields={
        "priest_doubles": list_of(choice(EXPERTS, "expert code"), unique=True),
        "pilot_requires_type": choice(convoy_types, "convoy type")})
    return {"experts": FrozenDict(out), "expert_effects": effects}


def _one_char(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) != 1 or value.isspace():
        bad(where, "a single character in quotes", value)
    return value


def _check_level(root: Table, key: str, index: int, level: int, cost: int | None,
                 last: bool) -> None:
    """Levels are 1, 2, 3 … in order; every level but the last has a cost to raise."""
    where = root.where(f"{key}[{index}]")
    if level != index + 1:
        fail(f"{where}.level", f"expected {index + 1} (levels in order from 1), got {level}")
    if last and cost is not None:
        fail(f"{where}.cost_to_raise", "the top level cannot be raised: leave cost_to_raise out")
    if not last and cost is None:
        fail(f"{where}.cost_to_raise", "missing")
