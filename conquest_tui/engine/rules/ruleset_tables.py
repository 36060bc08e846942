"""Ruleset records for setup, popularity, consumption, cities, map generation, market and orders."""

from __future__ import annotations

import math

import attrs

from conquest_tui.engine.rules.checks import (
    InvalidValue,
    all_of,
    chance,
    not_empty,
    number,
    one_of,
    percent,
    rulebook_numbers,
    span,
    unique,
    whole,
)
from conquest_tui.engine.rules.names import (
    CONVOY_MODES,
    EXPERTS,
    MARKET_ITEMS,
    ROUNDING_MODES,
)
from conquest_tui.engine.rules.ruleset_values import FloatRange, Range

_ROUNDING = one_of(ROUNDING_MODES, "rounding mode")


def round_by(mode: str, value: float) -> int:
    """Round a value the way a `RoundingRules` entry says: floor, ceil or nearest (half up)."""
    if mode == "floor":
        return math.floor(value)
    if mode == "ceil":
        return math.ceil(value)
    if mode == "nearest":
        return math.floor(value + 0.5)
    raise ValueError(f"unknown rounding mode {mode!r}")


@attrs.frozen(field_transformer=rulebook_numbers)
class StartRules:
    """What every Clan starts with (AMB-56, AMB-07, CC-GEN-06, CC-POP-01)."""

    money: int
    food: int
    fuel: int
    parts: int
    vaccine: int
    troops: int                 # unallocated
    rifles: int
    grenades: int
    rockets: int
    claymores: int
    bombs: int
    popularity: int             # 100
    convoy_type: str            # "land": the standard new convoy of that type
    island_convoy_type: str     # "amphibious" on an island start
    convoy_hidden: bool         # False (a CREATEd convoy starts hidden: ConvoyRules.new_hidden)
    convoy_morale: int = attrs.field(validator=percent)  # 30
    convoy_training: int = attrs.field(validator=percent)  # 30
    city_fortification: int = attrs.field(validator=whole(1))  # 2 (Station)
    city_population: Range      # 50,000–60,000 (AMB-07)
    city_base_value: Range      # $12,000–$14,000 (AMB-40)
    city_troops: int            # 60
    hex_defense: int = attrs.field(validator=whole(1))  # 3


@attrs.frozen(field_transformer=rulebook_numbers)
class FairStartRules:
    """What each Clan's start must have to be fair (CC-GEN-07, AMB-56), counted in land moves:
    the moves a Land convoy could make (an islands hex only along a road, CC-MOVE-04)."""

    reach_moves: int = attrs.field(validator=whole(1))  # 10
    cities_in_reach: int        # 3 other cities within reach_moves land moves
    land_share: float = attrs.field(validator=chance)  # 0.5
    """Land before any rival (hexes strictly nearer this start than any other) of every start:
    at least this share of (the map's land hexes ÷ Clans)."""
    land_ratio: float = attrs.field(validator=number(1))  # 2: the most over the least
    city_ratio: float = attrs.field(validator=number(1))  # 2: cities in reach, most over least
    rival_moves: int = attrs.field(validator=whole(1))  # 24
    """Spread: each start's nearest rival at most this many land moves away, where fair starts
    allow it (a rival beyond the sea counts twice its distance in hexes)."""
    rival_ratio: float = attrs.field(validator=number(1))  # 1.5
    """Evenness: no start's nearest rival more than this many times as far as the nearest two
    starts are apart, where fair starts allow it (a start far from every rival grows in peace)."""
    spread_moves: int = attrs.field(validator=whole(1))  # 32
    """Meeting: with spread_clans Clans, the farthest two starts at most this many land moves
    apart, where fair starts allow it (two pairs of starts far from each other hardly fight)."""
    spread_clans: Range         # 4–4: the numbers of Clans the spread applies to
    centre_ratio: float = attrs.field(validator=number(1))
    """Corners: with centre_clans Clans, no start's land moves to all its rivals together more
    than this many times another's, where fair starts allow it (a start in the middle of the
    others is fought from every side)."""
    centre_clans: Range         # the numbers of Clans the centre bound applies to
    first_ratio: float = attrs.field(validator=number(1))
    """Cities first: with first_clans Clans, no start's minor cities nearer it than any rival's
    start more than this many times another's, where fair starts allow it."""
    first_clans: Range          # the numbers of Clans the cities-first bound applies to
    least_first_clans: Range
    """Cities first for the least: with these numbers of Clans, among the widest sets the one
    whose start with the fewest minor cities nearer it than any rival's start has the most."""
    standing_ratio: float = attrs.field(validator=number(1))
    """Standing: with standing_clans Clans, no start's land moves to all its rivals together
    times its minor cities before any rival (to standing_power) more than this many times
    another's, where fair starts allow it (a start between its rivals with few cities of its
    own loses)."""
    standing_power: float = attrs.field(validator=number(0))
    standing_keep: float = attrs.field(validator=number(1))
    """With standing_clans Clans, the set found as for other numbers of Clans is kept unless
    its most standing is more than this many times its least."""
    standing_apart: int = attrs.field(validator=whole(1))
    """With standing_clans Clans, the search also ranks every set of starts at least this many
    and at most spread_moves land moves apart (not only those reached one start at a time)."""
    standing_clans: Range       # the numbers of Clans the standing bound applies to
    evened_clans: Range
    """With these numbers of Clans, a set whose most standing is more than standing_keep times
    its least has its starts moved one or two at a time to even the standings, and is dealt so
    only once they are within standing_keep."""


@attrs.frozen(field_transformer=rulebook_numbers)
class GameRules:
    """Game length and turn-gated features."""

    default_turn_limit: int     # 25 (AMB-57, hot-seat addition); 0 = no limit
    top_lists_from_turn: int = attrs.field(validator=whole(1))  # 5 (AMB-58)
    clan_rename_until_turn: int = attrs.field(validator=whole(1))  # 3 (AMB-59)


def _clan_tables(name: str, tables: dict[str, dict[str, int]]) -> None:
    """Each map's table: numbers of Clans (2 …) to thresholds, both whole numbers ≥ 1."""
    for map_name, table in tables.items():
        for clans, threshold in table.items():
            if not clans.isdigit() or int(clans) < 1:
                raise InvalidValue(f"{name}.{map_name}", f"{clans!r} is not a number of Clans")
            if not isinstance(threshold, int) or threshold < 1:
                raise InvalidValue(f"{name}.{map_name}.{clans}",
                                   f"expected a whole number ≥ 1, got {threshold!r}")


@attrs.frozen(field_transformer=rulebook_numbers)
class PopularityRules:
    """Popularity (CC-POP-02/03, AMB-17) and the default victory threshold (AMB-57)."""

    base: int                   # 100
    per_hex: int                # 1
    stadium_hex: int            # 5: a Stadium hex counts this instead of per_hex
    population_divisor: int = attrs.field(validator=whole(1))  # 10,000
    victory_base: int           # 100
    victory_factor: float       # 2.5
    # 2: at the end of turn N and of N+1 (CC-POP-07)
    victory_hold_turns: int = attrs.field(validator=whole(1))
    victory_threshold_by_map: dict[str, dict[str, int]] = attrs.field(
        factory=dict, hash=False, validator=lambda _, attribute, value: _clan_tables(
            attribute.name, value))
    """AMB-57 calibrated: a real map's own default threshold for each number of Clans (the
    keys, as TOML writes them: "2" …; tools/calibrate_victory.py); a number not listed takes
    the nearest listed one's (the smaller of two as near), a map not listed the formula."""

    def calibrated_threshold(self, map_name: str, players: int) -> int | None:
        """The map's calibrated threshold for this many Clans (None: the map has none)."""
        table = self.victory_threshold_by_map.get(map_name)
        if not table:
            return None
        nearest = min(table, key=lambda listed: (abs(int(listed) - players), int(listed)))
        return table[nearest]

    def popularity(self, hexes: int, stadium_hexes: int, total_population: int) -> int:
        """base + hexes (Stadium hexes count more) + ⌊Σ population / divisor⌋; `hexes` excludes
        the stadium hexes."""
        return (self.base + hexes * self.per_hex + stadium_hexes * self.stadium_hex
                + total_population // self.population_divisor)

    def victory_threshold(self, controllable_hexes: int, total_population: int,
                          players: int) -> int:
        """victory_base + round(factor × (hexes + pop / divisor) / players), rounded half up."""
        share = (controllable_hexes + total_population / self.population_divisor) / max(players, 1)
        return self.victory_base + round_by("nearest", self.victory_factor * share)


@attrs.frozen(field_transformer=rulebook_numbers)
class RoundingRules:
    """How results are rounded (AMB-60): each field is "floor", "ceil" or "nearest"."""

    fuel: str = attrs.field(validator=_ROUNDING)
    parts: str = attrs.field(validator=_ROUNDING)
    capacity: str = attrs.field(validator=_ROUNDING)
    damage: str = attrs.field(validator=_ROUNDING)
    population_loss: str = attrs.field(validator=_ROUNDING)
    sale: str = attrs.field(validator=_ROUNDING)
    morale_gain: str = attrs.field(validator=_ROUNDING)

    def apply(self, what: str, value: float) -> int:
        """`rounding.apply("fuel", 12.3)` → 13."""
        return round_by(getattr(self, what), value)


@attrs.frozen(field_transformer=rulebook_numbers)
class ConsumptionRules:
    """Fuel, food and parts use, desertion, repair and scrap (CC-CNV-33..40, AMB-25/28/43/44/60)."""

    food_per_troop: int                 # per turn, 1/pulses of it each pulse
    celebrate_food_per_troop: int
    food_tenths: int = attrs.field(validator=whole(1))  # food tracked in tenths internally (AMB-60)
    desertion_chance: float = attrs.field(validator=chance)  # 0.10 per unfed troop per pulse
    # 0.10 per convoy that lost troops in a pulse
    desertion_weapon_chance: float = attrs.field(validator=chance)
    # 0.10: a convoy left with 0 troops loses a vehicle
    desertion_vehicle_chance: float = attrs.field(validator=chance)
    road_fuel_multiplier: float         # 0.5, applied after all other modifiers
    sea_river_fuel_multiplier: float    # 2.0
    # 0.5 of the entry fuel; parts accrue 0.5 too (AMB-28)
    pause_fraction: float = attrs.field(validator=chance)
    # 0.5 more if the hex has a road (land, military)
    pause_road_fraction: float = attrs.field(validator=chance)
    patrol_fuel_rates: int              # PATROL costs 4 × fuel rate (non-military)
    practice_fuel_rates: int            # PRACTICE costs 5 × fuel rate
    minimum_fuel_per_order: int         # 1
    chemist_find_chance: float = attrs.field(validator=chance)  # 0.10 per road move (AMB-61)
    chemist_find_fuel: Range            # 10–30
    parts_per_size: float               # 0.1 parts per size factor per hex entered (AMB-28)
    parts_turn_factor: FloatRange       # 0.8–1.2 per convoy per turn
    road_parts_multiplier: float        # 1.0 replaces the terrain multiplier along a road
    sea_river_parts_multiplier: float   # 1.5
    repair_hit_points_per_part: int = attrs.field(validator=whole(1))  # 5
    tinkerer_repair_hit_points_per_part: int = attrs.field(validator=whole(1))  # 10 (AMB-09)
    # 1,000: ⌊price / 1,000⌋ parts per scrapped vehicle
    scrap_dollars_per_part: int = attrs.field(validator=whole(1))
    tinkerer_scrap_factor: int          # 2
    training_pivot: int                 # 30
    # 5: ±1% fuel/food/parts per 5 points from 30
    training_points_per_percent: int = attrs.field(validator=whole(1))
    # 3: +1% food per 3 points of health below 100
    health_points_per_percent: int = attrs.field(validator=whole(1))
    # 50: below this no orders at all (CC-CNV-31)
    no_orders_health: int = attrs.field(validator=percent)
    # 75: below this after healing all troops desert
    troop_loss_health: int = attrs.field(validator=percent)
    expert_bonus: float                 # 0.15: CHE, GOU, TIN, DOC, POL, MER
    priest_expert_bonus: float          # 0.30 with a Priest
    empty_cargo_bonus: float            # 0.25 cargo in Empty mode
    rounding: RoundingRules


@attrs.frozen(field_transformer=rulebook_numbers)
class HexGenRules:
    """Per-hex rolls at map generation (AMB-38, AMB-23, CC-HEX-14)."""

    defense_roll: Range                 # 1–5, + terrain defense_bonus, + river bonus
    river_defense_bonus: int            # 1
    max_defense_level: int = attrs.field(validator=whole(1))  # 10
    special_structure_chance: float = attrs.field(validator=chance)  # 0.175 per eligible land hex
    fishery_chance: float = attrs.field(validator=chance)  # per water hex
    road_parts: Range                   # +4–6 parts in a hex with a road (also after PAVE)
    river_food: Range                   # +8–10 food in a hex with a river


@attrs.frozen(field_transformer=rulebook_numbers)
class DirectionRule:
    """One of the six hex directions (T§15) with its order words and (column, row) offsets."""

    key: str                            # "N", "NE", "SE", "S", "SW", "NW"
    words: tuple[str, ...] = attrs.field(validator=all_of(not_empty, unique))  # ("N", "NORTH")
    odd_column: tuple[int, int]         # offset from an odd-numbered column
    even_column: tuple[int, int]        # offset from an even-numbered column (sits lower)


@attrs.frozen(field_transformer=rulebook_numbers)
class PopulationBand:
    """A city size class, "minor" or "major" (T§5, AMB-40, AMB-66)."""

    key: str
    low_min: int                        # below: the city produces nothing (10,000)
    normal_min: int = attrs.field(validator=whole(1))  # start of the normal band
    normal_max: int = attrs.field(validator=whole(1))  # end of the normal band
    maximum: int                        # no growth beyond
    maximum_with_stockyard: int
    typical_start: int
    start_fortification: Range = attrs.field(validator=span(1))
    base_value: Range                   # dollars per turn
    floor: int                          # no loss takes the city below this (AMB-66)

    def __attrs_post_init__(self) -> None:
        order = [self.low_min, self.normal_min, self.normal_max, self.maximum,
                 self.maximum_with_stockyard]
        if order != sorted(order):
            raise InvalidValue("", "expected low_min ≤ normal_min ≤ normal_max ≤ maximum ≤ "
                               "maximum_with_stockyard, got " + " / ".join(map(str, order)))

    def band(self, population: int) -> str:
        """"none" (below low_min), "low", "normal" or "high"."""
        if population < self.low_min:
            return "none"
        if population < self.normal_min:
            return "low"
        if population <= self.normal_max:
            return "normal"
        return "high"

    def income_factor(self, population: int) -> float:
        """AMB-40: 0 below low_min, pop/normal_min in the low band, 1, pop/normal_max above."""
        band = self.band(population)
        if band == "none":
            return 0.0
        if band == "low":
            return population / self.normal_min
        if band == "normal":
            return 1.0
        return population / self.normal_max

    def max_population(self, stockyard: bool) -> int:
        return self.maximum_with_stockyard if stockyard else self.maximum


@attrs.frozen(field_transformer=rulebook_numbers)
class CityRules:
    """City growth (CC-CITY-12) and goods needs at map generation (AMB-30)."""

    growth_percent: Range               # 8–12 % per game turn (Church: BuildingEffects)
    anything_need_chance: float = attrs.field(validator=chance)  # 0.05 of cities need "anything"
    troops_per_claymore: int            # claymore capacity = troop capacity // 10 (AMB-63)


@attrs.frozen(field_transformer=rulebook_numbers)
class SpottingRules:
    """City spotting and radio ranges (T§4, CC-CITY-57..62)."""

    per_level: int = attrs.field(validator=whole(1))  # spotting = level × 1 …
    tower_bonus: int                    # … + 2 with a Spotting Tower
    owner_margin: int                   # owner shown at distance ≤ range − 2
    size_margin: int                    # size shown at distance ≤ range − 4 (with a tower)
    radio_per_level: int = attrs.field(validator=whole(1))  # radio = level × 2 + 2 …
    radio_base: int
    radio_tower_bonus: int              # … + 6 with a Radio Tower

    def spotting_range(self, fortification: int, tower: bool) -> int:
        return fortification * self.per_level + (self.tower_bonus if tower else 0)

    def radio_range(self, fortification: int, tower: bool) -> int:
        bonus = self.radio_tower_bonus if tower else 0
        return fortification * self.radio_per_level + self.radio_base + bonus


@attrs.frozen(field_transformer=rulebook_numbers)
class UnownedCityRules:
    """Cities nobody owns at game start (AMB-74)."""

    minor_garrison: Range = attrs.field(validator=span(0, 100))  # whole percent of capacity: 50–100
    major_garrison: Range = attrs.field(validator=span(0, 100))  # 75–100
    minor_buildings: Range              # 0–2 random buildings
    major_buildings: Range              # 2–4
    guild_chance: float = attrs.field(validator=chance)  # 0.70


@attrs.frozen(field_transformer=rulebook_numbers)
class BuildingEffects:
    """The numbers of the city buildings' effects (T§9, CC-CITY-42..56)."""

    armory_rifles: Range
    armory_grenades: Range
    battery_no_effect_chance: float = attrs.field(validator=chance)
    church_growth_factor: int = attrs.field(validator=whole(1))
    hospital_plague_loss_factor: float
    hospital_scourge_infection_chance: float = attrs.field(validator=chance)
    indoctrination_scouts: int
    indoctrination_morale: Range
    indoctrination_training: Range
    junkyard_cars: int
    marketplace_value: Range
    marketplace_kickback_bonus: float
    recruiting_population_per_troop: int = attrs.field(validator=whole(1))
    shelter_to_hit_bonus: float
    shelter_bomb_population_factor: float


@attrs.frozen(field_transformer=rulebook_numbers)
class StructureEffects:
    """Special-structure effects other than production (CC-HEX-24..26, AMB-79)."""

    police_training: Range
    police_combat_bonus: float          # city-assault to-hit and convoy damage, rest of turn
    police_sergeant_factor: int = attrs.field(validator=whole(1))  # both doubled with a Sergeant
    rec_center_morale: Range
    racetrack_scouts: int


@attrs.frozen(field_transformer=rulebook_numbers)
class ExpertEffects:
    """Expert numbers not kept with consumption, combat or movement (CC-CNV-51/59/61, AMB-64)."""

    armsmaster_hit_point_bonus: float
    armsmaster_rifles_per_turn: int
    # expert codes whose 15% becomes 30% with a Priest
    priest_doubles: tuple[str, ...] = attrs.field(
        validator=all_of(unique, one_of(EXPERTS, "expert code")))
    pilot_requires_type: str            # "air"


def _not_below_selling(market: MarketRules, _: object, value: FloatRange) -> None:
    """The offer's lowest price factor is at least what selling pays (CC-RES-16, AMB-45)."""
    if value.low < market.sell_fraction:
        raise InvalidValue("offer_price", f"expected at least the selling fraction "
                           f"{market.sell_fraction:g}, got {value.low:g}")


@attrs.frozen(field_transformer=rulebook_numbers)
class MarketRules:
    """Prices over time, selling and trade (AMB-29, AMB-30, AMB-45, CC-CITY-23/25, CC-RES-15)."""

    sell_fraction: float = attrs.field(validator=chance)  # 0.50, rounded down
    price_drift: FloatRange             # × U(0.90, 1.10) per game turn
    # clamp to 50%..200% of the starting price
    price_floor: float = attrs.field(validator=number(0, 1))
    price_ceiling: float = attrs.field(validator=number(1))
    goods_drift: FloatRange             # × U(0.95, 1.05)
    goods_floor: float = attrs.field(validator=number(0, 1))
    goods_ceiling: float = attrs.field(validator=number(1))
    demand_nudge: float                 # 0 = off
    dealer_price_factor: float          # the Dealer pays double
    # 10% of a goods sale to the city's owner
    goods_kickback: float = attrs.field(validator=number(0, 1))
    need_income_bonus: float            # 50% of base value when a city's need is met
    # CC-RES-16: a special buying opportunity announced on the radio at a game turn's end
    # chance of an offer for the next game turn
    offer_chance: float = attrs.field(validator=chance)
    offer_items: tuple[str, ...] = attrs.field(validator=all_of(not_empty, unique, one_of(
        [item for item in MARKET_ITEMS if item != "troops"], "item BUY can buy")))
    offer_price: FloatRange = attrs.field(validator=all_of(span(0, 1), _not_below_selling))
    """× U(low, high) of the market price; never below the selling fraction (no profit in
    buying at the offer to sell again)."""


@attrs.frozen(field_transformer=rulebook_numbers)
class ConvoyRules:
    """A new convoy's state and per-convoy limits (CC-CNV-70, CC-CO-SPLIT-04, CC-CO-FISH-02)."""

    new_morale: int = attrs.field(validator=percent)
    new_training: int = attrs.field(validator=percent)
    new_health: int = attrs.field(validator=whole(1, 100))
    new_hidden: bool
    new_mode: str = attrs.field(validator=one_of(CONVOY_MODES, "mode"))  # "capture"
    split_factor: float                 # 0.75 of morale and training to both halves
    fish_size_cap: int = attrs.field(validator=whole(1))  # 50
    pave_vehicle: str                   # "truck"
    junkyard_vehicle: str               # "car"


@attrs.frozen(field_transformer=rulebook_numbers)
class OrderLines:
    """Order lines per turn (CC-SEQ-15, CC-CL-ORDER-01)."""

    # 10 (a sea convoy with an Engineer: 12, ConvoyTypeRule)
    convoy: int = attrs.field(validator=whole(1))
    pre: int                            # 5 pre-turn Clan lines
    post: int = attrs.field(validator=whole(1))  # 10 post-turn Clan lines
    max_purchase: int                   # at most 10 bought per ORDER


@attrs.frozen(field_transformer=rulebook_numbers)
class OrderLimits:
    """Limits on order arguments and texts (CC-CL-*, AMB-10)."""

    erect_max_buildings: int = attrs.field(validator=whole(1))
    defend_max_hexes: int
    defend_troops_max_digits: int
    name_max_length: int = attrs.field(validator=whole(1))
    message_max_length: int = attrs.field(validator=whole(1))
    slogan_max_length: int = attrs.field(validator=whole(1))
    messages_per_turn: int
    messages_to_all_per_turn: int
    sheet_max_lines: int = attrs.field(validator=whole(1))
    """A longer order sheet is refused whole, before any line is read."""
    sheet_max_bytes: int = attrs.field(validator=whole(1))
    """A larger order sheet (in UTF-8 bytes) is refused whole, before any line is read."""
    saved_problems_max: int = attrs.field(validator=whole(1))
    """At most this many problems of a sheet are kept with the save; the rest are counted."""
    refused_sheet_kept: int = attrs.field(validator=whole(0))
    """Of a sheet refused whole, only this many characters of its start are kept with the save."""
