"""The Ruleset's checks across its tables: exact names, ordered levels, dice tables covered."""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import TYPE_CHECKING, Protocol

from conquest_tui.engine.rules.checks import InvalidValue, covers, exactly, show, used_once
from conquest_tui.engine.rules.names import (
    BUILDINGS,
    CONVOY_TYPES,
    CUSTOM_STRUCTURES,
    D20,
    D100,
    DIRECTIONS,
    ESPIONAGE_KEYWORDS,
    EXPERTS,
    FIXED_COSTS,
    MARKET_ITEMS,
    POPULATION_BANDS,
    SPECIAL_STRUCTURES,
    TERRAINS,
    VEHICLE_CLASSES,
    WEAPONS,
)

if TYPE_CHECKING:
    from conquest_tui.engine.rules.ruleset import Ruleset

_NAMED: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("terrains", TERRAINS, "terrains"),
    ("vehicle_classes", VEHICLE_CLASSES, "vehicle classes"),
    ("convoy_types", CONVOY_TYPES, "convoy types"),
    ("directions", DIRECTIONS, "directions"),
    ("population", POPULATION_BANDS, "population bands"),
    ("buildings", BUILDINGS, "buildings"),
    ("special_structures", SPECIAL_STRUCTURES, "special structures"),
    ("custom_structures", CUSTOM_STRUCTURES, "custom structures"),
    ("experts", EXPERTS, "experts"),
    ("market", MARKET_ITEMS, "market items"),
    ("fixed_costs", FIXED_COSTS, "fixed costs"),
    ("espionage", ESPIONAGE_KEYWORDS, "espionage keywords"),
    ("weapons", WEAPONS, "weapons"),
)
"""Ruleset tables that must hold exactly the rulebook's names."""


def check_ruleset(rules: Ruleset) -> None:
    """InvalidValue (its field a path of Ruleset fields) at the first problem found."""
    for field, names, what in _NAMED:
        exactly(field, getattr(rules, field), names, what)
    _check_terrains(rules)
    _check_vehicles(rules)
    _check_bands(rules)
    _check_levels("defense_levels", rules.defense_levels)
    _check_levels("fortifications", rules.fortifications)
    _check_tables(rules)
    _check_start(rules)


def _known(where: str, value: str, known: Container[str], what: str) -> None:
    if value not in known:
        raise InvalidValue(where, f"unknown {what} {show(value)}")


def _check_terrains(rules: Ruleset) -> None:
    used_once("terrains", (t.char for t in rules.terrains.values()), "map character")
    used_once("terrains", (t.abbr for t in rules.terrains.values()), "abbreviation")
    for code, custom in rules.custom_structures.items():
        for terrain in custom.terrains:
            if rules.terrains[terrain].water:
                raise InvalidValue(f"custom_structures.{code}.terrains", "custom structures "
                                   f"cannot be allowed in water terrain {terrain}")


def _check_vehicles(rules: Ruleset) -> None:
    classes = rules.vehicle_classes
    if sorted(c.rank for c in classes.values()) != list(range(len(classes))):
        raise InvalidValue("vehicle_classes", f"ranks must be 0..{len(classes) - 1}, once each")
    by_rank = sorted(classes.values(), key=lambda c: c.rank)
    for smaller, larger in zip(by_rank, by_rank[1:], strict=False):
        if larger.size <= smaller.size:
            raise InvalidValue(f"vehicle_classes.{larger.key}.size", "a higher rank needs a "
                               f"larger size than {smaller.key} ({smaller.size})")
    words: dict[str, str] = {}
    for key, vehicle in rules.vehicles.items():
        _known(f"vehicles.{key}.convoy_type", vehicle.convoy_type, rules.convoy_types,
               "convoy type")
        for word in set(vehicle.words()):
            if word in words:
                raise InvalidValue(f"vehicles.{key}",
                                   f"the word {word} is also used by vehicles.{words[word]}")
            words[word] = key
    for type_key, kind in rules.convoy_types.items():
        have = sorted(v.vehicle_class for v in rules.vehicles.values()
                      if v.convoy_type == type_key)
        if have != sorted(classes):
            raise InvalidValue("vehicles", f"convoy type {type_key} needs exactly one vehicle "
                               f"of each class, has: {', '.join(have) or 'none'}")
        for added, _ in kind.new_vehicles:
            _known(f"convoy_types.{type_key}.new_vehicles.{added}", added, kind.vehicles,
                   f"{type_key} vehicle")
        if kind.pulses != rules.order_lines.convoy:
            raise InvalidValue(f"convoy_types.{type_key}.pulses",
                               f"expected {rules.order_lines.convoy} (orders.toml lines.convoy),"
                               f" got {kind.pulses}")
    for field in ("pave_vehicle", "junkyard_vehicle"):
        _known(f"convoy.{field}", getattr(rules.convoy, field), rules.vehicles, "vehicle")
    _known("expert_effects.pilot_requires_type", rules.expert_effects.pilot_requires_type,
           rules.convoy_types, "convoy type")
    for field in ("convoy_type", "island_convoy_type"):
        _known(f"start.{field}", getattr(rules.start, field), rules.convoy_types, "convoy type")


def _check_bands(rules: Ruleset) -> None:
    bands = rules.size_bands
    if not bands:
        raise InvalidValue("size_bands", "expected at least one band")
    next_low = bands[0].low
    for index, band in enumerate(bands):
        where = f"size_bands[{index}]"
        if band.low != next_low:
            raise InvalidValue(where, f"expected low = {next_low} (no gaps, no overlaps), "
                               f"got {band.low}")
        if band.high is None:
            if index != len(bands) - 1:
                raise InvalidValue(where, "only the last band may leave out high")
            break
        if band.high < band.low:
            raise InvalidValue(where, f"expected low ≤ high, got {band.low}..{band.high}")
        next_low = band.high + 1
    if bands[-1].high is not None:
        raise InvalidValue(f"size_bands[{len(bands) - 1}]",
                           "the last band must leave out high (open-ended)")
    used_once("size_bands", (b.name for b in bands), "name")


class _Level(Protocol):
    """A defense level or a fortification: its number and what raising it costs."""

    @property
    def level(self) -> int: ...

    @property
    def cost_to_raise(self) -> int | None: ...


def _check_levels(field: str, levels: Sequence[_Level]) -> None:
    """Levels are 1, 2, 3 … in order; every level but the last has a cost to raise."""
    for index, level in enumerate(levels):
        where = f"{field}[{index}]"
        number, cost = level.level, level.cost_to_raise
        if number != index + 1:
            raise InvalidValue(f"{where}.level",
                               f"expected {index + 1} (levels in order from 1), got {number}")
        last = index == len(levels) - 1
        if last and cost is not None:
            raise InvalidValue(f"{where}.cost_to_raise",
                               "the top level cannot be raised: leave cost_to_raise out")
        if not last and cost is None:
            raise InvalidValue(f"{where}.cost_to_raise", "is missing")


def _check_tables(rules: Ruleset) -> None:
    covers("loot", rules.loot, 1, D100)
    covers("events", rules.events, 1, D20)
    covers("sabotage", rules.sabotage, 1, D100)
    total = sum(outcome.chance for outcome in rules.casino)
    if total != D100:
        raise InvalidValue("casino", f"expected the chances to add up to 100, got {total}")
    used_once("casino", (o.key for o in rules.casino), "key")
    hexgen, levels = rules.hexgen, len(rules.defense_levels)
    if hexgen.max_defense_level > levels:
        raise InvalidValue("hexgen.max_defense_level", f"expected at most {levels} (the defense "
                           f"levels listed), got {hexgen.max_defense_level}")
    if hexgen.defense_roll.low < 1 or hexgen.defense_roll.high > hexgen.max_defense_level:
        raise InvalidValue("hexgen.defense_roll", "expected levels within "
                           f"1..{hexgen.max_defense_level}, got {hexgen.defense_roll}")
    forts = len(rules.fortifications)
    for key, band in rules.population.items():
        if band.start_fortification.high > forts:
            raise InvalidValue(f"population.{key}.start_fortification", "expected levels "
                               f"within 1..{forts}, got {band.start_fortification}")
    chances = rules.combat.bombing.hit_chance
    if len(chances) != forts:
        raise InvalidValue("combat.bombing.hit_chance", "expected one chance per fortification "
                           f"level ({forts}), got {len(chances)}")
    for key in rules.weapons:
        if key not in rules.market:
            raise InvalidValue("market", f"no price for weapon {key}")


def _check_start(rules: Ruleset) -> None:
    start = rules.start
    forts, levels = len(rules.fortifications), len(rules.defense_levels)
    if start.city_fortification > forts:
        raise InvalidValue("start.city_fortification", f"expected a level within 1..{forts}")
    if start.hex_defense > levels:
        raise InvalidValue("start.hex_defense", f"expected a level within 1..{levels}")
    capacity = rules.fortifications[start.city_fortification - 1].capacity
    if start.city_troops > capacity:
        raise InvalidValue("start.city_troops", f"expected at most the city's capacity "
                           f"({capacity}), got {start.city_troops}")
