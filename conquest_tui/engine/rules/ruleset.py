"""Every number of the rulebook as frozen records, loaded once from data/rules/*.toml (storage)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from conquest_tui.engine.rules.checks import (
    InvalidValue,
    all_of,
    chance,
    each,
    every,
    not_empty,
    one_of,
    optional,
    rulebook_numbers,
    show,
    span,
    unique,
    whole,
)
from conquest_tui.engine.rules.house import HouseRules
from conquest_tui.engine.rules.names import (
    BUILDINGS,
    STRUCTURE_OUTPUT,
    TERRAINS,
)
from conquest_tui.engine.rules.ruleset_checks import check_ruleset
from conquest_tui.engine.rules.ruleset_combat import (
    AssaultRules,
    BombingRules,
    CombatRules,
    HexAttackRules,
    MoraleRules,
    RazeRules,
    WeaponRule,
)
from conquest_tui.engine.rules.ruleset_outcomes import (
    BankRules,
    CasinoOutcome,
    CureGift,
    CureRules,
    EventOutcome,
    LootOutcome,
    PlagueRules,
    SabotageOutcome,
    SpyRules,
)
from conquest_tui.engine.rules.ruleset_tables import (
    BuildingEffects,
    CityRules,
    ConsumptionRules,
    ConvoyRules,
    DirectionRule,
    ExpertEffects,
    FairStartRules,
    GameRules,
    HexGenRules,
    MarketRules,
    OrderLimits,
    OrderLines,
    PopularityRules,
    PopulationBand,
    RoundingRules,
    SpottingRules,
    StartRules,
    StructureEffects,
    UnownedCityRules,
    round_by,
)
from conquest_tui.engine.rules.ruleset_values import Dice, FloatRange, FrozenDict, Range

R = TypeVar("R")

if TYPE_CHECKING:
    from conquest_tui.engine.orders.registry import OrderRegistry

__all__ = [
    "AssaultRules", "BankRules", "BombingRules", "BuildingEffects", "BuildingRule",
    "CasinoOutcome", "CityRules", "CombatRules", "ConsumptionRules", "ConvoyRules",
    "ConvoyTypeRule", "CureGift", "CureRules", "CustomStructureRule", "DefenseLevel", "Dice",
    "DirectionRule", "EventOutcome", "ExpertEffects", "ExpertRule", "FairStartRules", "FloatRange",
    "FortificationLevel", "FrozenDict", "GameRules", "HexAttackRules", "HexGenRules",
    "LootOutcome", "MarketItem", "MarketRules", "MoraleRules", "OrderLimits",
    "OrderLines", "PlagueRules", "PopularityRules", "PopulationBand", "Range", "RazeRules",
    "RoundingRules", "Ruleset", "SabotageOutcome", "SizeBand", "SpecialStructureRule",
    "SpottingRules", "SpyRules", "StartRules", "StructureEffects", "TerrainRule",
    "UnownedCityRules", "VehicleClassRule", "VehicleRule", "WeaponRule", "normalize_word",
    "round_by",
]


def single_character(_: Any, attribute: attrs.Attribute[str], value: str) -> None:
    """One printable character (a map legend character)."""
    if len(value) != 1 or value.isspace():
        raise InvalidValue(attribute.name, f"expected a single character in quotes, got "
                           f"{show(value)}")


def _new_vehicles(_: Any, attribute: attrs.Attribute[Any],
                  value: tuple[tuple[str, int], ...]) -> None:
    for key, count in value:
        if count < 1:
            raise InvalidValue(f"{attribute.name}.{key}",
                               f"expected a whole number ≥ 1, got {show(count)}")


def _not_below_capacity(level: Any, attribute: attrs.Attribute[int], value: int) -> None:
    if value < level.capacity:
        raise InvalidValue(attribute.name, f"expected ≥ capacity ({level.capacity}), got {value}")


def _not_decreasing(_: Any, attribute: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
    for index, (before, after) in enumerate(zip(value, value[1:], strict=False)):
        if after < before:
            raise InvalidValue(f"{attribute.name}[{index + 1}]",
                               f"expected ≥ {before}, got {after}")


def normalize_word(word: str) -> str:
    """Upper case without spaces, hyphens, underscores or dots: "Piper Cub" → "PIPERCUB"."""
    return "".join(ch for ch in word.upper() if ch not in " -_.")


@attrs.frozen(field_transformer=rulebook_numbers)
class TerrainRule:
    """A terrain type (T§1.1, T§1.3). Production ranges per turn; money in whole dollars."""

    key: str                            # "plains" … "sea_lane"
    name: str                           # "Plains"
    abbr: str                           # "Pla"
    char: str = attrs.field(validator=single_character)  # map legend character (docs/map-format.md)
    money: Range
    food: Range
    fuel: Range
    parts: Range
    vaccine: Range
    fuel_multiplier: float              # applied when a convoy enters a hex of this terrain
    parts_multiplier: float
    water: bool                         # Water and Sea Lane
    land_needs_road: bool               # Islands: land/military convoys only along a road
    amphibious_needs_road_or_river: bool  # Mountains, Wilderness
    guard_cost: Range = attrs.field(validator=span(1))  # attacker troops per hex guard: 2–4 or 3–5
    defense_bonus: int                  # AMB-38: +1 Wilderness, Mountains, Jungle
    custom_structures: tuple[str, ...]  # codes of custom structures that may be built here
    special_structures: bool            # may hold a special structure (other than a Fishery)

    def production(self) -> dict[str, Range]:
        """The five production ranges by resource name."""
        return {"money": self.money, "food": self.food, "fuel": self.fuel,
                "parts": self.parts, "vaccine": self.vaccine}


@attrs.frozen(field_transformer=rulebook_numbers)
class VehicleClassRule:
    """A vehicle class (T§6.5): size factor and rank 0 (smallest) … 4 (largest)."""

    key: str                            # "fast_scout"
    name: str                           # "Fast Scout"
    size: int = attrs.field(validator=whole(1))  # 1, 3, 5, 10, 18
    rank: int


@attrs.frozen(field_transformer=rulebook_numbers)
class VehicleRule:
    """A vehicle of the master charts (T§7); size comes from its class."""

    key: str                            # "truck"
    name: str                           # "Truck"
    plural: str                         # "trucks"
    convoy_type: str                    # "land"
    vehicle_class: str                  # "large_assault"
    cost: int = attrs.field(validator=whole(1))
    damage: Dice
    hit_points: int = attrs.field(validator=whole(1))
    cargo: int
    troops: int
    fuel: int
    size: int
    rank: int                           # class rank, 0 = fast scout
    # further accepted order words ("CUB")
    aliases: tuple[str, ...] = attrs.field(validator=all_of(unique, every(not_empty)), default=())

    def words(self) -> tuple[str, ...]:
        """Normalized words this vehicle answers to (key, name, plural, aliases)."""
        return tuple(normalize_word(w) for w in (self.key, self.name, self.plural, *self.aliases))


@attrs.frozen(field_transformer=rulebook_numbers)
class ConvoyTypeRule:
    """A convoy type (CC-CNV-01..13, T§6.3, T§6.4)."""

    key: str                            # "land", "sea", "amphibious", "military", "air"
    name: str
    # accepted order words ("AMPHIBIOUS", "AMPHIB")
    words: tuple[str, ...] = attrs.field(validator=all_of(not_empty, unique))
    movement: int = attrs.field(validator=whole(1))  # hexes per turn (air: range)
    all_scout_bonus: int
    engineer_bonus: int
    pilot_bonus: int
    airport_bonus: int
    pulses: int = attrs.field(validator=whole(1))  # 10
    engineer_pulses: int = attrs.field(validator=whole(1))  # 12 for sea, else 10
    # (("car", 1), ("bike", 2))
    new_vehicles: tuple[tuple[str, int], ...] = attrs.field(
        validator=all_of(not_empty, _new_vehicles))
    parts_type_multiplier: float        # AMB-28: 1.5 military and air
    vehicles: tuple[str, ...]           # vehicle keys of this type, smallest class first
    # "ARM" military, "AIR" air
    requires_building: str | None = attrs.field(
        validator=optional(one_of(BUILDINGS, "building code")), default=None)

    @property
    def scout(self) -> str:
        """The type's fast-scout vehicle key (bike, jetski, skimmer, jeep, ultralight)."""
        return self.vehicles[0]


@attrs.frozen(field_transformer=rulebook_numbers)
class SizeBand:
    """A convoy size name and its total size range (T§6.5); `high` None = open-ended."""

    name: str                           # "small"
    low: int = attrs.field(validator=whole(1))
    high: int | None = attrs.field(validator=optional(whole(1)), default=None)


@attrs.frozen(field_transformer=rulebook_numbers)
class DefenseLevel:
    """A hex defense level (T§2)."""

    level: int = attrs.field(validator=whole(1))
    name: str
    conquer: Range = attrs.field(validator=span(1))  # attacker troops before guards
    # to the next level; None at the top
    cost_to_raise: int | None = attrs.field(validator=optional(whole(1)), default=None)


@attrs.frozen(field_transformer=rulebook_numbers)
class FortificationLevel:
    """A city fortification level (T§3)."""

    level: int = attrs.field(validator=whole(1))
    name: str
    to_hit: float                       # defender to-hit per assault round (1.5 = 150%)
    capacity: int = attrs.field(validator=whole(1))
    capacity_with_barracks: int = attrs.field(validator=_not_below_capacity)
    # to the next level; None for the Citadel
    cost_to_raise: int | None = attrs.field(validator=optional(whole(1)), default=None)

    def troop_capacity(self, barracks: bool) -> int:
        return self.capacity_with_barracks if barracks else self.capacity


@attrs.frozen(field_transformer=rulebook_numbers)
class BuildingRule:
    """A city building (T§9)."""

    code: str                           # "AIR"
    name: str
    cost: int
    effect: str


@attrs.frozen(field_transformer=rulebook_numbers)
class SpecialStructureRule:
    """A special hex structure (T§8.2); production keys among the resources and troops/weapons."""

    code: str
    name: str
    production: Mapping[str, Range] = attrs.field(
        validator=all_of(one_of(STRUCTURE_OUTPUT, "resource"), each(span(0))))
    effect: str
    water_only: bool = False  # Fishery


@attrs.frozen(field_transformer=rulebook_numbers)
class CustomStructureRule:
    """A custom hex structure (T§8.1)."""

    code: str                           # "DER"
    name: str                           # "Derrick"
    terrains: tuple[str, ...] = attrs.field(
        validator=all_of(not_empty, unique, one_of(TERRAINS, "terrain")))
    cost: int
    production: Mapping[str, int] = attrs.field(
        validator=all_of(one_of(STRUCTURE_OUTPUT, "resource"), each(whole(1))))


@attrs.frozen(field_transformer=rulebook_numbers)
class ExpertRule:
    """An expert type (T§10)."""

    code: str                           # "ENG"
    name: str                           # "Engineer"
    cost: int
    effect: str


@attrs.frozen(field_transformer=rulebook_numbers)
class MarketItem:
    """A market item with its starting price (T§12.1)."""

    key: str                            # "fuel"
    name: str
    start_price: int = attrs.field(validator=whole(1))
    sellable: bool                      # troops: False
    drifts: bool


def _by_word(table: Mapping[str, R], word: str, codes: bool) -> R | None:
    wanted = normalize_word(word)
    for key, rule in table.items():
        names = [key, getattr(rule, "name", key)]
        if codes and normalize_word(key) == wanted:
            return rule
        if any(normalize_word(name) == wanted for name in names):
            return rule
    return None


@attrs.frozen(field_transformer=rulebook_numbers)
class Ruleset:
    """The whole rulebook as data. Built by `conquest_tui.storage.rules_loader.load_ruleset`."""

    terrains: Mapping[str, TerrainRule]
    vehicle_classes: Mapping[str, VehicleClassRule]
    vehicles: Mapping[str, VehicleRule]
    convoy_types: Mapping[str, ConvoyTypeRule]
    convoy: ConvoyRules
    size_bands: tuple[SizeBand, ...]
    defense_levels: tuple[DefenseLevel, ...]        # index = level − 1
    fortifications: tuple[FortificationLevel, ...]  # index = level − 1
    buildings: Mapping[str, BuildingRule]
    building_effects: BuildingEffects
    special_structures: Mapping[str, SpecialStructureRule]
    custom_structures: Mapping[str, CustomStructureRule]
    structure_effects: StructureEffects
    experts: Mapping[str, ExpertRule]
    expert_effects: ExpertEffects
    # convoy #1..#12 (AMB-55)
    creation_costs: tuple[int, ...] = attrs.field(
        validator=all_of(not_empty, every(whole(1)), _not_decreasing))
    agent_base_cost: int = attrs.field(validator=whole(1))  # agent n costs base × 2^(n−1)
    market: Mapping[str, MarketItem]
    # goods type → starting price (AMB-30)
    goods: Mapping[str, int] = attrs.field(validator=all_of(not_empty, each(whole(1))))
    market_rules: MarketRules
    fixed_costs: Mapping[str, int] = attrs.field(validator=each(whole(1)))
    start: StartRules
    fair_starts: FairStartRules
    game: GameRules
    consumption: ConsumptionRules
    hexgen: HexGenRules
    directions: Mapping[str, DirectionRule]
    population: Mapping[str, PopulationBand]        # "minor", "major"
    cities: CityRules
    spotting: SpottingRules
    unowned_cities: UnownedCityRules
    popularity: PopularityRules
    loot: tuple[LootOutcome, ...]                   # d100
    bank: BankRules
    events: tuple[EventOutcome, ...]                # d20
    event_chance_per_turn: float = attrs.field(validator=chance)
    casino: tuple[CasinoOutcome, ...]
    gambles_per_casino: int = attrs.field(validator=whole(1))
    # keyword → cost × popularity
    espionage: Mapping[str, int] = attrs.field(validator=each(whole(1)))
    espionage_from_turn: int = attrs.field(validator=whole(1))
    sabotage: tuple[SabotageOutcome, ...]           # d100
    spies: SpyRules
    plague: PlagueRules
    cure: CureRules
    combat: CombatRules
    morale: MoraleRules
    weapons: Mapping[str, WeaponRule]
    order_lines: OrderLines
    order_limits: OrderLimits
    house_rules: HouseRules                         # each off unless a game turns it on
    order_source: Callable[[], Any] = attrs.field(eq=False, repr=False, kw_only=True)
    """Returns the OrderRegistry, built on first use; given by whoever loads the ruleset (typed
    Any so that resolving this record's hints never imports the orders)."""

    @property
    def orders(self) -> OrderRegistry:
        """Every order's declaration: words, grammar, check and step (engine.orderbook)."""
        registry: OrderRegistry = self.order_source()
        return registry

    def __attrs_post_init__(self) -> None:
        """The checks across tables (InvalidValue naming the field path, e.g. `vehicles.car`)."""
        check_ruleset(self)

    # --- lookups -------------------------------------------------------------------------
    def vehicle_by_word(self, word: str) -> VehicleRule | None:
        """Case-insensitive, singular or plural, spaces ignored: "BIKES", "Piper Cub", "CUB"."""
        wanted = normalize_word(word)
        for rule in self.vehicles.values():
            if wanted in rule.words():
                return rule
        return None

    def convoy_type_by_word(self, word: str) -> ConvoyTypeRule | None:
        """"LAND", "amphib", "Amphibious" …"""
        wanted = normalize_word(word)
        for rule in self.convoy_types.values():
            if wanted in {normalize_word(w) for w in (rule.key, rule.name, *rule.words)}:
                return rule
        return None

    def building_by_word(self, word: str) -> BuildingRule | None:
        """3-letter code or full name, case-insensitive ("spo", "Spotting Tower")."""
        return _by_word(self.buildings, word, codes=True)

    def expert_by_word(self, word: str) -> ExpertRule | None:
        """3-letter code or full name, case-insensitive ("ENG", "engineer")."""
        return _by_word(self.experts, word, codes=True)

    def custom_structure_by_word(self, word: str) -> CustomStructureRule | None:
        """3-letter code or full name ("FARM", "far")."""
        return _by_word(self.custom_structures, word, codes=True)

    def direction_by_word(self, word: str) -> DirectionRule | None:
        """"NW", "northwest" …"""
        wanted = normalize_word(word)
        for rule in self.directions.values():
            if wanted in rule.words:
                return rule
        return None

    def terrain_by_char(self, char: str) -> TerrainRule:
        """The terrain of a map legend character; KeyError if unknown."""
        for rule in self.terrains.values():
            if rule.char == char:
                return rule
        raise KeyError(f"unknown terrain character {char!r}")

    def size_name(self, total_size: int) -> str:
        """"tiny" … "monstrous" for a convoy's total size factor (0 counts as the first band)."""
        for band in self.size_bands:
            if total_size <= (band.high if band.high is not None else total_size):
                return band.name
        return self.size_bands[-1].name

    def defense_level(self, level: int) -> DefenseLevel:
        return self.defense_levels[level - 1]

    def fortification(self, level: int) -> FortificationLevel:
        return self.fortifications[level - 1]

    # --- costs ---------------------------------------------------------------------------
    @property
    def max_convoys(self) -> int:
        """12: the creation table's length (AMB-55)."""
        return len(self.creation_costs)

    def creation_cost(self, number: int) -> int | None:
        """Cost of the convoy that will have this number; None beyond the table."""
        if 1 <= number <= len(self.creation_costs):
            return self.creation_costs[number - 1]
        return None

    def agent_cost(self, number: int) -> int:
        """Agent n costs base × 2^(n−1): $1,000, $2,000, $4,000 …"""
        if number < 1:
            raise ValueError(f"agent numbers start at 1, got {number}")
        return self.agent_base_cost * (1 << (number - 1))

    # --- city ranges (T§4) ---------------------------------------------------------------
    def spotting_range(self, fortification: int, tower: bool) -> int:
        return self.spotting.spotting_range(fortification, tower)

    def radio_range(self, fortification: int, tower: bool) -> int:
        return self.spotting.radio_range(fortification, tower)
