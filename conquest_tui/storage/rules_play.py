"""Read the play rule files: consumption, market, espionage, casino, start, tables, combat."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from conquest_tui.engine.rules import ruleset as r
from conquest_tui.engine.rules.ruleset_tables import ROUNDING_MODES
from conquest_tui.engine.rules.ruleset_values import FrozenDict
from conquest_tui.storage.rules_fields import (
    Files,
    Omittable,
    check_cover,
    check_keys,
    check_unique,
    choice,
    fail,
    flag,
    float_range,
    int_range,
    list_of,
    mapping_of,
    number,
    read_record,
    text,
    whole,
)
from conquest_tui.storage.rules_world import STRUCTURE_OUTPUT, SUPPLIES

MARKET_ITEMS = ("fuel", "food", "parts", "vaccine", "troops", "rifles", "grenades", "rockets",
                "claymores", "bombs")
WEAPONS = ("rifles", "grenades", "rockets", "claymores", "bombs")
FIXED_COSTS = ("building", "custom_structure", "expert", "gamble", "order_line",
               "pave_per_multiplier")
ESPIONAGE_KEYWORDS = ("OWNER", "ALLIES", "ENEMIES", "INCOME", "HEXES", "CITIES", "CONVOYS")
LOOT_RESOURCES = (*SUPPLIES, "rifles", "grenades")
EVENT_RESOURCES = (*STRUCTURE_OUTPUT, "morale", "training")
SABOTAGE_RESOURCES = ("population", "troops", "money", "food", "fuel", "parts", "claymores")
LOOT_KINDS = ("nothing", "gain", "gain_one_of", "scout_vehicle")
EVENT_KINDS = ("gain", "lose", "lose_percent", "scout_vehicle", "city_income", "reveal_city",
               "nothing", "extra_maintenance", "plague")
EVENT_TARGETS = ("clan", "all_convoys", "random_convoy", "random_city", "unknown_city")
SABOTAGE_KINDS = ("nothing", "kill_population", "kill_garrison_percent",
                  "kill_population_and_troops", "no_income", "burn_building", "false_spotting",
                  "steal_money", "steal_one_of", "destroy_claymores", "lower_fortification")
ROUNDING = choice(ROUNDING_MODES, "rounding mode")
D100, D20, D6 = 100, 20, 6


def _amounts(resources: Iterable[str]) -> Omittable:
    return Omittable(mapping_of(int_range(), keys=choice(resources, "resource")), FrozenDict())


def read_consumption(files: Files) -> dict[str, Any]:
    consumption = files("consumption")
    rounding = read_record(consumption.sub("rounding"), r.RoundingRules,
                           fields={a.name: ROUNDING for a in attrs.fields(r.RoundingRules)})
    positive = ("food_tenths", "training_points_per_percent", "health_points_per_percent",
                "repair_hit_points_per_part", "tinkerer_repair_hit_points_per_part",
                "scrap_dollars_per_part")
    percent = {"no_orders_health": whole(0, 100), "troop_loss_health": whole(0, 100)}
    rules = read_record(consumption, r.ConsumptionRules, given={"rounding": rounding},
                        fields=percent, positive=positive)
    return {"consumption": rules}


def read_market_fixed(files: Files) -> FrozenDict:
    root = files("market")
    fixed = root.get("fixed_costs", mapping_of(whole(1)))
    check_keys(root.where("fixed_costs"), fixed, FIXED_COSTS, "fixed costs")
    return fixed


def read_market(files: Files) -> dict[str, Any]:
    root = files("market")
    items = {key: read_record(t, r.MarketItem, given={"key": key},
                              positive=("start_price",))
             for key, t in root.subtables("items")}
    check_keys(root.where("items"), items, MARKET_ITEMS, "market items")
    goods = root.get("goods", mapping_of(whole(1)))
    if not goods:
        fail(root.where("goods"), "expected at least one goods type")
    rules = read_record(root.sub("rules"), r.MarketRules, fields={
        "price_floor": number(0, 1), "goods_floor": number(0, 1),
        "price_ceiling": number(1), "goods_ceiling": number(1),
        "goods_kickback": number(0, 1), "need_income_bonus": number(0)})
    return {"market": FrozenDict(items), "goods": goods, "market_rules": rules}


def read_espionage(files: Files) -> dict[str, Any]:
    root = files("espionage")
    keywords = root.get("keywords", mapping_of(whole(1)))
    check_keys(root.where("keywords"), keywords, ESPIONAGE_KEYWORDS, "espionage keywords")
    rows = [read_record(t, r.SabotageOutcome, fields={
        "kind": choice(SABOTAGE_KINDS, "sabotage kind"),
        "amounts": _amounts(SABOTAGE_RESOURCES), "percent": Omittable(float_range(0, 1))})
        for t in root.rows("sabotage")]
    check_cover(root.where("sabotage"), rows, 1, D100)
    spies = read_record(root.sub("spies"), r.SpyRules, fields={
        "counterspy_detection": number(0, 1), "counterspy_detection_per_attempt": number(0, 1),
        "counterspy_spotting_factor": number(0, 1)})
    return {"espionage": keywords, "espionage_from_turn": root.get("from_turn", whole(1)),
            "sabotage": tuple(rows), "spies": spies}


def read_casino(files: Files) -> dict[str, Any]:
    root = files("casino")
    outcomes, low = [], 1
    for table in root.rows("outcomes"):
        chance = table.get("chance", whole(1, 100))
        outcomes.append(read_record(table, r.CasinoOutcome, given={
            "chance": chance, "low": low, "high": low + chance - 1},
            fields={"returned": whole(None), "removes_casino": Omittable(flag, False)}))
        low += chance
    if low != D100 + 1:
        fail(root.where("outcomes"), f"expected the chances to add up to 100, got {low - 1}")
    check_unique(root.where("outcomes"), (o.key for o in outcomes), "key")
    return {"casino": tuple(outcomes),
            "gambles_per_casino": root.get("per_casino_per_turn", whole(1))}


def read_start(files: Files, convoy_types: Mapping[str, r.ConvoyTypeRule]) -> dict[str, Any]:
    root = files("start")
    start = read_record(root.sub("start"), r.StartRules, fields={
        "convoy_type": choice(convoy_types, "convoy type"),
        "island_convoy_type": choice(convoy_types, "convoy type"),
        "convoy_morale": whole(0, 100), "convoy_training": whole(0, 100)},
        positive=("city_fortification", "hex_defense"))
    popularity = read_record(root.sub("popularity"), r.PopularityRules,
                             positive=("population_divisor", "victory_hold_turns"))
    game = read_record(root.sub("game"), r.GameRules,
                       positive=("top_lists_from_turn", "clan_rename_until_turn"))
    return {"start": start, "popularity": popularity, "game": game}


def read_morale(files: Files) -> dict[str, Any]:
    root = files("morale")
    morale = read_record(root, r.MoraleRules, positive=("maximum", "training_maximum",
                                                        "disband_after_zero_turns"))
    if morale.minimum >= morale.maximum:
        fail(root.where("maximum"), f"expected more than minimum ({morale.minimum})")
    return {"morale": morale}


def read_loot(files: Files) -> dict[str, Any]:
    root = files("loot")
    rows = [read_record(t, r.LootOutcome, fields={
        "kind": choice(LOOT_KINDS, "loot kind"), "amounts": _amounts(LOOT_RESOURCES)})
        for t in root.rows("table")]
    check_cover(root.where("table"), rows, 1, D100)
    for i, row in enumerate(rows):
        if (row.kind in ("gain", "gain_one_of")) != bool(row.amounts):
            fail(root.where(f"table[{i}].amounts"),
                 f"kind {row.kind} {'needs' if row.kind.startswith('gain') else 'takes no'} "
                 "amounts")
    bank = read_record(root.sub("bank"), r.BankRules, positive=("per_clan_per_turn",))
    return {"loot": tuple(rows), "bank": bank}


def read_events(files: Files) -> dict[str, Any]:
    root = files("events")
    rows = []
    for i, table in enumerate(root.rows("table")):
        row = read_record(table, r.EventOutcome, fields={
            "kind": choice(EVENT_KINDS, "event kind"),
            "target": choice(EVENT_TARGETS, "event target"),
            "amounts": _amounts(EVENT_RESOURCES),
            "resource": Omittable(choice(EVENT_RESOURCES, "resource")),
            "percent": Omittable(float_range(0, 1)), "maximum": Omittable(whole(1)),
            "tone": choice(("good", "neutral", "bad"), "tone")})
        where = root.where(f"table[{i}]")
        if row.kind in ("gain", "lose", "extra_maintenance") and not row.amounts:
            fail(where, f"kind {row.kind} needs amounts")
        if row.kind == "lose_percent" and (row.resource is None or row.percent is None):
            fail(where, "kind lose_percent needs resource and percent")
        rows.append(row)
    check_cover(root.where("table"), rows, 1, D20)
    return {"events": tuple(rows),
            "event_chance_per_turn": root.get("chance_per_turn", number(0, 1))}


def read_combat(files: Files, classes: Mapping[str, r.VehicleClassRule],
                convoy_types: Mapping[str, r.ConvoyTypeRule]) -> dict[str, Any]:
    root = files("combat")
    assault = read_record(root.sub("assault"), r.AssaultRules, fields={
        "attacker_to_hit": number(0, 1), "capture_turn_garrison_cap": number(0, 1),
        "vigilance_max": whole(0, 100)}, positive=(
        "grenade_every", "attacker_max_hits", "defender_max_hits"))
    hex_attack = read_record(root.sub("hex_attack"), r.HexAttackRules)
    bombing = read_record(root.sub("bombing"), r.BombingRules, fields={
        "hit_chance": list_of(number(0, 1), min_length=1),
        "random_targets": list_of(choice(("B", "P", "T", "S"), "bomb target"), unique=True,
                                  min_length=1)}, positive=("per_convoy_per_turn",))
    raze = read_record(root.sub("raze"), r.RazeRules, fields={
        "building_chance": mapping_of(number(0, 1), keys=choice(classes, "vehicle class"))},
        positive=("troops_per_point",))
    combat = read_record(root, r.CombatRules, given={
        "assault": assault, "hex_attack": hex_attack, "bombing": bombing, "raze": raze},
        positive=("modifier_points_per_percent", "health_points_per_percent", "max_rounds",
                  "rocket_restraint_size_ratio"), finish=False)
    weapons = {}
    for key, table in root.subtables("weapons"):
        weapons[key] = read_record(table, r.WeaponRule, given={"key": key}, fields={
            "carried_by": list_of(choice(convoy_types, "convoy type"), unique=True),
            "vehicle_classes": Omittable(list_of(choice(classes, "vehicle class"),
                                                 unique=True), ()),
            "troop_capacity_per_unit": Omittable(whole(1)),
            "city_capacity_per_unit": Omittable(whole(1))})
    check_keys(root.where("weapons"), weapons, WEAPONS, "weapons")
    root.finish()
    return {"combat": combat, "weapons": FrozenDict(weapons)}


def read_health(files: Files, classes: Mapping[str, r.VehicleClassRule]) -> dict[str, Any]:
    root = files("health")
    plague = read_record(root.sub("plague"), r.PlagueRules)
    cure_table = root.sub("cure")
    gifts = []
    for i, table in enumerate(cure_table.rows("gifts")):
        gift = read_record(table, r.CureGift, fields={
            "kind": choice(("per_thousand", "vehicle"), "gift kind"),
            "resource": Omittable(choice(SUPPLIES, "resource")),
            "vehicle_class": Omittable(choice(classes, "vehicle class"))})
        if gift.kind == "per_thousand" and (gift.resource is None or gift.per_thousand is None):
            fail(cure_table.where(f"gifts[{i}]"), "kind per_thousand needs resource and "
                 "per_thousand")
        if gift.kind == "vehicle" and gift.vehicle_class is None:
            fail(cure_table.where(f"gifts[{i}]"), "kind vehicle needs vehicle_class")
        gifts.append(gift)
    check_cover(cure_table.where("gifts"), gifts, 1, D6)
    cure = read_record(cure_table, r.CureRules, given={"gifts": tuple(gifts)},
                       positive=("population_per_vaccine",))
    return {"plague": plague, "cure": cure}


def read_orders(files: Files, convoy_types: Mapping[str, r.ConvoyTypeRule]) -> dict[str, Any]:
    root = files("orders")
    lines = read_record(root.sub("lines"), r.OrderLines, positive=("convoy", "post"))
    for key, kind in convoy_types.items():
        if kind.pulses != lines.convoy:
            fail(files("convoys").where(f"types.{key}.pulses"),
                 f"expected {lines.convoy} (orders.toml lines.convoy), got {kind.pulses}")
    limits = read_record(root.sub("limits"), r.OrderLimits, positive=(
        "erect_max_buildings", "defend_max_hexes", "defend_troops_max_digits",
        "name_max_length", "message_max_length", "slogan_max_length"))
    keywords: dict[str, r.OrderKeyword] = {}
    for scope in ("convoy", "clan"):
        for word, table in root.subtables(scope):
            if word in keywords:
                fail(table.where(), f"keyword {word} is also a {keywords[word].scope} order")
            keywords[word] = read_record(table, r.OrderKeyword, given={
                "keyword": word, "scope": scope}, fields={
                "aliases": Omittable(list_of(text, unique=True), ())})
    for scope in ("convoy", "clan"):
        check_unique(root.where(scope), (k.abbr for k in keywords.values()
                                         if k.scope == scope), "abbreviation")
    return {"order_lines": lines, "order_limits": limits,
            "order_keywords": FrozenDict(keywords)}
