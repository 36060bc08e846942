"""Ruleset records of the random tables (loot, events, sabotage, casino, cure), spies, Plague."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from conquest_tui.engine.rules.ruleset_values import FloatRange, Range


@attrs.frozen
class LootOutcome:
    """A row of the LOOT d100 table (AMB-32).

    kind: "nothing", "gain" (every amount), "gain_one_of" (one amount at random) or
    "scout_vehicle" (a free fast scout of the convoy's type).
    """

    low: int
    high: int
    kind: str
    amounts: Mapping[str, Range]        # resource → amount (money in whole dollars)
    name: str


@attrs.frozen
class BankRules:
    """Looting a Bank hex (AMB-76): never empty, once per Clan per turn."""

    money: Range
    per_clan_per_turn: int


@attrs.frozen
class EventOutcome:
    """A row of the random-event d20 table (AMB-31).

    kind: gain | lose | lose_percent | scout_vehicle | city_income | reveal_city | nothing |
    extra_maintenance | plague. target: clan | all_convoys | random_convoy | random_city |
    unknown_city. "gain" gives every amount; "lose_percent" takes `percent` of `resource`, at most
    `maximum`.
    """

    low: int
    high: int
    kind: str
    target: str
    amounts: Mapping[str, Range]
    resource: str | None
    percent: FloatRange | None
    maximum: int | None
    tone: str                           # "good", "neutral", "bad"
    text: str


@attrs.frozen
class SabotageOutcome:
    """A row of the SABOTAGE d100 table (AMB-33)."""

    low: int
    high: int
    kind: str
    amounts: Mapping[str, Range]
    percent: FloatRange | None
    text: str


@attrs.frozen
class SpyRules:
    """Counterspies and sabotage limits (CC-CO-PLANT-05, CC-CL-SABOTAGE-02, AMB-33)."""

    counterspy_detection: float
    counterspy_detection_per_attempt: float
    counterspy_false_report_chance: float
    counterspy_spotting_factor: float
    sabotage_per_city_per_turn: int


@attrs.frozen
class CasinoOutcome:
    """A GAMBLE outcome (T§14). `low`..`high` is its d100 slice, derived from the chances."""

    key: str
    name: str
    chance: int                         # whole percent
    low: int
    high: int
    returned: int                       # money paid back for the stake; negative: lose more
    removes_casino: bool


@attrs.frozen
class PlagueRules:
    """The Plague (AMB-35)."""

    city_chance: float
    city_minimum_population: int
    city_loss: FloatRange               # share of population lost per game turn
    convoy_infection_chance: float
    doctor_infection_chance: float
    convoy_health_loss: Range           # per pulse while infected
    immunity_turns: int


@attrs.frozen
class CureGift:
    """A row of the CURE gift d6 table (AMB-34), K = ⌈population / 1,000⌉.

    kind "per_thousand": ⌈K × U(per_thousand)⌉ of `resource`; kind "vehicle": one vehicle of
    `vehicle_class` of the curing convoy's type.
    """

    low: int
    high: int
    kind: str
    resource: str | None
    per_thousand: FloatRange | None
    vehicle_class: str | None


@attrs.frozen
class CureRules:
    """CURE cost and gifts (CC-CO-CURE-01/02, AMB-34)."""

    population_per_vaccine: int         # 1 vaccine per started 1,000 people
    gift_chance: float                  # 0.85
    gifts: tuple[CureGift, ...]

    def vaccine_needed(self, population: int) -> int:
        """Before the Doctor's reduction: ⌈population / 1,000⌉ (60,001 → 61)."""
        return -(-population // self.population_per_vaccine)
