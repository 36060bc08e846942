"""Ruleset records of the random tables (loot, events, sabotage, casino, cure), spies, Plague."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from conquest_tui.engine.rules.checks import (
    InvalidValue,
    all_of,
    chance,
    covers,
    each,
    number,
    one_of,
    optional,
    rulebook_numbers,
    span,
    whole,
)
from conquest_tui.engine.rules.names import (
    CURE_GIFT_KINDS,
    D6,
    EVENT_KINDS,
    EVENT_RESOURCES,
    EVENT_TARGETS,
    EVENT_TONES,
    LOOT_KINDS,
    LOOT_RESOURCES,
    SABOTAGE_KINDS,
    SABOTAGE_RESOURCES,
    SUPPLIES,
    VEHICLE_CLASSES,
)
from conquest_tui.engine.rules.ruleset_values import FloatRange, FrozenDict, Range


def _amounts(resources: tuple[str, ...]) -> Any:
    """Amounts by resource: known resources, ranges ≥ 0."""
    return all_of(one_of(resources, "resource"), each(span(0)))


@attrs.frozen(field_transformer=rulebook_numbers)
class LootOutcome:
    """A row of the LOOT d100 table (AMB-32).

    kind: "nothing", "gain" (every amount), "gain_one_of" (one amount at random) or
    "scout_vehicle" (a free fast scout of the convoy's type).
    """

    low: int
    high: int
    kind: str = attrs.field(validator=one_of(LOOT_KINDS, "loot kind"))
    name: str
    # resource → amount (money in whole dollars)
    amounts: Mapping[str, Range] = attrs.field(
        validator=_amounts(LOOT_RESOURCES), factory=FrozenDict)

    def __attrs_post_init__(self) -> None:
        gains = self.kind in ("gain", "gain_one_of")
        if gains != bool(self.amounts):
            raise InvalidValue("amounts", f"kind {self.kind} "
                               f"{'needs' if gains else 'takes no'} amounts")


@attrs.frozen(field_transformer=rulebook_numbers)
class BankRules:
    """Looting a Bank hex (AMB-76): never empty, once per Clan per turn."""

    money: Range
    per_clan_per_turn: int = attrs.field(validator=whole(1))


@attrs.frozen(field_transformer=rulebook_numbers)
class EventOutcome:
    """A row of the random-event d20 table (AMB-31).

    kind: gain | lose | lose_percent | scout_vehicle | city_income | reveal_city | nothing |
    extra_maintenance | plague. target: clan | all_convoys | random_convoy | random_city |
    unknown_city. "gain" gives every amount; "lose_percent" takes `percent` of `resource`, at most
    `maximum`.
    """

    low: int
    high: int
    kind: str = attrs.field(validator=one_of(EVENT_KINDS, "event kind"))
    target: str = attrs.field(validator=one_of(EVENT_TARGETS, "event target"))
    tone: str = attrs.field(validator=one_of(EVENT_TONES, "tone"))  # "good", "neutral", "bad"
    text: str
    amounts: Mapping[str, Range] = attrs.field(
        validator=_amounts(EVENT_RESOURCES), factory=FrozenDict)
    resource: str | None = attrs.field(
        validator=optional(one_of(EVENT_RESOURCES, "resource")), default=None)
    percent: FloatRange | None = attrs.field(validator=optional(span(0, 1)), default=None)
    maximum: int | None = attrs.field(validator=optional(whole(1)), default=None)

    def __attrs_post_init__(self) -> None:
        if self.kind in ("gain", "lose", "extra_maintenance") and not self.amounts:
            raise InvalidValue("", f"kind {self.kind} needs amounts")
        if self.kind == "lose_percent" and (self.resource is None or self.percent is None):
            raise InvalidValue("", "kind lose_percent needs resource and percent")


@attrs.frozen(field_transformer=rulebook_numbers)
class SabotageOutcome:
    """A row of the SABOTAGE d100 table (AMB-33)."""

    low: int
    high: int
    kind: str = attrs.field(validator=one_of(SABOTAGE_KINDS, "sabotage kind"))
    text: str
    amounts: Mapping[str, Range] = attrs.field(
        validator=_amounts(SABOTAGE_RESOURCES), factory=FrozenDict)
    percent: FloatRange | None = attrs.field(validator=optional(span(0, 1)), default=None)


@attrs.frozen(field_transformer=rulebook_numbers)
class SpyRules:
    """Counterspies and sabotage limits (CC-CO-PLANT-05, CC-CL-SABOTAGE-02, AMB-33)."""

    counterspy_detection: float = attrs.field(validator=number(0, 1))
    counterspy_detection_per_attempt: float = attrs.field(validator=number(0, 1))
    counterspy_false_report_chance: float = attrs.field(validator=chance)
    counterspy_spotting_factor: float = attrs.field(validator=number(0, 1))
    sabotage_per_city_per_turn: int
    # a wrong number: off by this share
    false_report_error: FloatRange = attrs.field(validator=span(0, 1))
    # a falsified spotting report drops entries …
    falsified_sighting_drop: float = attrs.field(validator=chance)
    # … and invents this many (AMB-33)
    falsified_sightings_invented: Range = attrs.field(validator=span(0))


@attrs.frozen(field_transformer=rulebook_numbers)
class CasinoOutcome:
    """A GAMBLE outcome (T§14). `low`..`high` is its d100 slice, derived from the chances."""

    key: str
    name: str
    chance: int = attrs.field(validator=whole(1, 100))  # whole percent
    low: int
    high: int
    # money paid back for the stake; negative: lose more
    returned: int = attrs.field(validator=whole(None))
    removes_casino: bool = False


@attrs.frozen(field_transformer=rulebook_numbers)
class PlagueRules:
    """The Plague (AMB-35)."""

    city_chance: float = attrs.field(validator=chance)
    city_minimum_population: int
    city_loss: FloatRange               # share of population lost per game turn
    convoy_infection_chance: float = attrs.field(validator=chance)
    doctor_infection_chance: float = attrs.field(validator=chance)
    convoy_health_loss: Range           # per pulse while infected
    immunity_turns: int
    show_always: bool = False           # AMB-67: owners told of every plagued city they see


@attrs.frozen(field_transformer=rulebook_numbers)
class CureGift:
    """A row of the CURE gift d6 table (AMB-34), K = ⌈population / 1,000⌉.

    kind "per_thousand": ⌈K × U(per_thousand)⌉ of `resource`; kind "vehicle": one vehicle of
    `vehicle_class` of the curing convoy's type.
    """

    low: int
    high: int
    kind: str = attrs.field(validator=one_of(CURE_GIFT_KINDS, "gift kind"))
    resource: str | None = attrs.field(
        validator=optional(one_of(SUPPLIES, "resource")), default=None)
    per_thousand: FloatRange | None = None
    vehicle_class: str | None = attrs.field(
        validator=optional(one_of(VEHICLE_CLASSES, "vehicle class")), default=None)

    def __attrs_post_init__(self) -> None:
        if self.kind == "per_thousand" and (self.resource is None or self.per_thousand is None):
            raise InvalidValue("", "kind per_thousand needs resource and per_thousand")
        if self.kind == "vehicle" and self.vehicle_class is None:
            raise InvalidValue("", "kind vehicle needs vehicle_class")


def _cover_d6(_: Any, attribute: attrs.Attribute[Any], gifts: tuple[CureGift, ...]) -> None:
    covers(attribute.name, gifts, 1, D6)


@attrs.frozen(field_transformer=rulebook_numbers)
class CureRules:
    """CURE cost and gifts (CC-CO-CURE-01/02, AMB-34)."""

    # 1 vaccine per started 1,000 people
    population_per_vaccine: int = attrs.field(validator=whole(1))
    gift_chance: float = attrs.field(validator=chance)  # 0.85
    gifts: tuple[CureGift, ...] = attrs.field(validator=_cover_d6)

    def vaccine_needed(self, population: int) -> int:
        """Before the Doctor's reduction: ⌈population / 1,000⌉ (60,001 → 61)."""
        return -(-population // self.population_per_vaccine)
