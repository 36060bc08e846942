"""The facts each event kind needs: what its sentences read, declared once per kind.

What the sentences (engine/sentences: event_text and its sentence modules; paper/battle_rounds,
paper/paper_news, reports/turn_log) read of an event's facts, declared once per kind; every
emitter gives at least these. Saves are checked against it on every load
(storage/event_checks.py), so that a damaged or forged event is refused naming its field instead
of failing when it is worded.
tests/test_event_facts.py proves it: every kind renders from only its declared facts, and the
events of seeded bot games all hold to it.
"""

from __future__ import annotations

from collections.abc import Mapping

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.facts.shapes import (
    AMOUNTS,
    NAMES,
    NOTHING,
    VEHICLES,
    FactType,
    Needs,
    Seq,
    by_why,
    facts,
    row,
    words,
)

C: dict[str, FactType] = {"convoy": int}
"""The convoy a sentence names ("Convoy #3 …")."""
PLACE: dict[str, FactType] = {"city": str, "hex": str}
"""A city and its hex ("Varnhold (0706)")."""
AT: dict[str, FactType] = {"city": str, "structure": str, "hex": str}
"""Where a convoy hired, celebrated or practised (`convoys/hiring.Place`)."""


def _reasons() -> dict[str, Needs]:
    """Each reason code's facts (`Reason`; worded by sentences/reason_sentences.REASONS)."""
    move = {"target": str}
    pave = {"origin": str, "target": str}
    number = {"number": int}
    return {
        "off_map": facts(**move), "not_adjacent": facts(**move, origin=str),
        "water": facts(**move, convoy_type=str), "island_road": facts(**pave),
        "amphibious_terrain": facts(**move, terrain=str), "sea_river": facts(**pave),
        "sea_on_land": facts(**move),
        "build_off_map": facts(hex=str),
        "build_terrain": facts(structure=str, terrains=tuple, hex=str, terrain=str),
        "build_taken": facts(hex=str, built=str), "hex_not_owned": facts(hex=str),
        "no_casino": facts(hex=str), "casino_not_owned": facts(hex=str),
        "fish_type": facts(**number, convoy_type=str, scare=int), "no_fishery": facts(hex=str),
        "fish_hidden": facts(**number), "fish_recon": facts(**number),
        "pave_truck": facts(vehicle=str), "pave_off_map": facts(direction=str, origin=str),
        "pave_water": facts(target=str), "pave_control": facts(**pave),
        "pave_road": facts(**pave),
        "hire_closed": facts(**AT, status=str), "no_guild": facts(**AT),
        "university_not_owned": facts(hex=str), "no_hiring": facts(hex=str),
        "name_the_expert": facts(**AT), "guild_only": facts(**AT, guild=str),
        "expert_twice": facts(**number, expert=str),
        "pilot_type": facts(**number, needed=str, convoy_type=str),
        "create_no_city": facts(hex=str), "create_not_yours": facts(**PLACE),
        "create_conquered": facts(city=str),
        "type_building": facts(type_name=str, verb=str, building=str),
        "not_coastal": facts(city=str), "convert_city": facts(**number, hex=str),
        "convert_same": facts(**number, convoy_type=str),
        "give_apart": facts(sender=int, sender_hex=str, recipient=int, recipient_hex=str),
        "give_few_vehicles": facts(**number, have=int, vehicle=str, vehicles=str),
        "give_vehicle_type": facts(**number, vehicles=str, vehicle_type=str, convoy_type=str),
        "give_no_expert": facts(**number, expert=str),
        "give_no_movable_expert": facts(sender=int, recipient=int),
        "give_unknown_kind": facts(kind=str),
        "give_carries_few": facts(**number, have=int, item=str, quantity=int),
        "give_empty_mode": facts(**number), "give_too_sick": facts(**number, health=int),
        "give_no_room": facts(**number, room=int, item=str),
        "give_other_goods": facts(**number, goods=str),
        "give_no_cargo_room": facts(**number, room=int),
        "absorb_none": facts(target=int), "absorb_self": facts(**number),
        "absorb_apart": facts(**number, target=int, target_hex=str, hex=str),
        "absorb_type": facts(**number, target=int, target_type=str, convoy_type=str),
        "split_vehicles": facts(**number), "split_most": facts(most=int),
        "trade_banned": facts(owner=int, city=str), "trade_hostile": facts(city=str),
        "pickup_no_city": facts(hex=str), "pickup_hidden": NOTHING,
        "pickup_other_goods": facts(cargo=int, goods=str, city=str, produces=str),
        "pickup_full": NOTHING, "dropoff_no_city": facts(hex=str), "dropoff_empty": NOTHING,
        "dropoff_hidden": NOTHING, "dropoff_not_goods": facts(goods=str),
        "needs_anything_but": facts(city=str, produces=str),
        "needs_other": facts(city=str, needs=str, goods=str),
        "fortify_not_yours": facts(**PLACE), "fortify_top": facts(**PLACE, level=str),
        "fortify_conquered": facts(**PLACE), "fortify_twice": facts(**PLACE),
        "erect_no_city": facts(hex=str), "erect_not_yours": facts(hex=str),
        "erect_conquered": facts(hex=str), "erect_has_one": facts(hex=str),
        "rename_late": facts(last=int),
    }


REASON_FACTS: Mapping[str, Needs] = _reasons()
"""Reason code → the facts its sentence needs (every code of sentences/reason_sentences)."""


def by_reason(**common: FactType) -> Needs:
    """A kind worded from its `reason` (sentences/reason_sentences.reason_text)."""
    return facts(**common).by("reason", REASON_FACTS)


def _assault(**needed: FactType) -> Needs:
    """A city assault, with its rounds for the replay (paper/battle_rounds) when kept."""
    return facts(**needed).maybe(by_round=Seq(row(int, int, int)), start=row(int, int),
                                 grenades=Seq(row(int, int)))


_CITY_BATTLE: dict[str, FactType] = {
    **C, **PLACE, "owner": int, "guards": int, "troops": int, "to_hit": int, "garrison": int,
    "city_to_hit": int, "rounds": int, "lost": int, "killed": int, "rifles_lost": int,
    "grenades_used": int, "population": int, "morale": int, "training": int,
}
_CONVOY_BATTLE_ENDS = ("won_fled", "won_destroyed", "fled", "destroyed", "both_destroyed")
_ROUND = row(int, int, int, int, int, int)
"""A convoy battle's round: damage dealt and taken, rocket damage dealt and taken, troops lost
and killed (paper/battle_rounds)."""
_FOUGHT = facts(role=str, rounds=int, dealt=int, taken=int, troops_lost=int, lost=VEHICLES,
                killed=int, enemy_lost=VEHICLES, rockets_fired=int).maybe(
    gone=AMOUNTS, by_round=Seq(_ROUND), start=row(int, int, int, int),
    wrecks=Seq(row(int, int, int))).given("morale", facts(morale=int, training=int))
_SABOTAGE_EFFECTS = {
    "kill_population": facts(people=int, troops=int),
    "kill_population_and_troops": facts(people=int, troops=int),
    "kill_garrison_percent": facts(people=int, troops=int),
    "burn_building": facts(building=str),
    "steal_money": facts(stolen=AMOUNTS), "steal_one_of": facts(stolen=AMOUNTS),
    "destroy_claymores": facts(claymores=int),
    "lower_fortification": facts(fortification=str, lowered=int),
}
_BOMBING: dict[str, FactType] = {**PLACE, "bombs": int, "hits": int, "misses": int, "duds": int,
            "destroyed": tuple, "people": int, "killed": int, "infected": int,
            "target": words("B", "P", "T", "S", "")}
_RANDOM_EFFECTS = {
    "gain": facts(amounts=AMOUNTS), "lose": facts(amounts=AMOUNTS),
    "lose_percent": facts(amount=int, item=str), "no_convoy": NOTHING,
    "all_convoys_morale": facts(morale=int), "scout_vehicle": facts(**C, vehicle=str),
    "extra_maintenance": facts(**C, parts=int), "convoy_gain": facts(**C, gains=AMOUNTS),
    "every_city_known": NOTHING, "city_known": facts(**PLACE), "no_city": NOTHING,
    "city_income": facts(**PLACE, money=int), "city_plague": facts(**PLACE),
}
_NEWS = {
    EventKind.CONVOY_BATTLE: facts(attacker=int, defender=int, hex=str),
    EventKind.CITY_CAPTURED: facts(**PLACE, won=int, attacker=int, owner=int),
    EventKind.CITY_ATTACK_FAILED: facts(**PLACE, won=int, attacker=int, owner=int),
    EventKind.BOMB: facts(**PLACE, actor=int, owner=int),
    EventKind.RAZE: facts(**PLACE, actor=int),
    EventKind.OFFER: facts(for_turn=int, item=str, price=int, usual=int),
    EventKind.LEGACY: facts(sentence=str),
}
"""A radio broadcast's facts, by its kind (sentences/radio_sentences.NEWS)."""
_HEARD = NOTHING.given("news", facts(news=str, listener=str, hex=str)).unless(
    "news", facts(heard=str).maybe(listener=str).by(
        "heard", {kind.value: needs for kind, needs in _NEWS.items()}))
"""A radio item: the broadcast it heard, by kind (`heard`), with that kind's facts; saved
before broadcasts were typed, its news as a sentence (`news`)."""
_NEED_HAVE = facts(**C, need=int, have=int)


NEEDS: dict[EventKind, Needs] = {
    EventKind.LEGACY: facts(sentence=str),
    # income, game-turn end, random events
    EventKind.INCOME: facts(amounts=AMOUNTS),
    EventKind.RANDOM_EVENT: facts(outcome=str, effect=str).by(
        "effect", {"": NOTHING, **_RANDOM_EFFECTS}),
    EventKind.POPULARITY: facts(turn=int, popularity=int, change=int, threshold=int),
    EventKind.VICTORY_WATCH: facts(threshold=int, since=int, last=int),
    EventKind.POPULATION_FELL: facts(**PLACE, plague_known=int, lost=int, population=int,
                                     band=str, band_was=str, band_floor=int),
    EventKind.POPULATION_GREW: facts(**PLACE, gained=int, percent=int, population=int,
                                     band=str, band_was=str, band_floor=int),
    EventKind.POPULATION_FULL: facts(**PLACE, maximum=int),
    EventKind.PLAGUE: facts(**PLACE),
    # convoys: entry, capture, loot, pickup, food, maintenance
    EventKind.MET_CLAN: facts(hex=str, clan=int, name=str, slogan=str, phone=str),
    EventKind.PASSAGE: facts(hex=str, mode=str, actor=int),
    EventKind.HEX_TOO_STRONG: facts(**C, troops=int, hex=str, low=int, high=int),
    EventKind.HEX_CALLED_OFF: facts(**C, hex=str, troops=int),
    EventKind.HEX_ATTACK_FAILED: facts(**C, hex=str, lost=int).maybe(owner=int).given(
        "guards", facts(guards=int, defense=int, troops=int, needed=int)),
    EventKind.HEX_DEFENDED: facts(hex=str, actor=int).given(
        "troops", facts(troops=int, guards=int, killed=int)),
    EventKind.HEX_CAPTURED: facts(**C, hex=str, previous=int, lost=int, guards=int).maybe(
        morale=int).given("troops", facts(troops=int, defense=int)),
    EventKind.HEX_LOST: facts(hex=str, actor=int).given(
        "troops", facts(troops=int, guards=int, attackers_lost=int)),
    EventKind.LOOT: by_why({
        "search": facts(found=str).by("found", {"nothing": NOTHING,
                                                "vehicle": facts(vehicle=str)},
                                      otherwise=facts(amounts=AMOUNTS, label=str)),
        "bank": facts(money=int),
    }, **C, hex=str),
    EventKind.LOOT_EMPTY: by_why({"bank": NOTHING, "looted": NOTHING}, **C, hex=str),
    EventKind.BANK_LOOTED: facts(actor=int, money=int, hex=str),
    EventKind.PLAGUE_DETECTED: facts(**C, **PLACE),
    EventKind.PICKUP: facts(**C, taken=AMOUNTS, hex=str),
    EventKind.HUNGRY: facts(**C, unfed=int),
    EventKind.DESERTION: facts(**C, deserters=int, weapon=str, morale=int),
    EventKind.VEHICLE_DESERTED: facts(**C, vehicle=str),
    EventKind.SICK_DESERTION: facts(**C, health=int, limit=int, lost=int),
    EventKind.DEALER: facts(**C, amount=int, item=str, purpose=str, cost=int),
    EventKind.DEALER_BROKE: facts(**C, amount=int, item=str, purpose=str, cost=int, money=int),
    EventKind.SUNK: facts(**C, hex=str),
    EventKind.PARTS: facts(**C, parts=int),
    EventKind.SCRAPPED: facts(**C, need=int, scrapped=tuple, paid=int),
    EventKind.DISBAND: by_why({"no_vehicles": facts(troops=int), "zero_morale": NOTHING,
                               "sold": NOTHING, "given": NOTHING}, **C),
    EventKind.MORALE: facts(**C, decay=int, capped=int, morale=int),
    EventKind.MORALE_ZERO: facts(**C),
    EventKind.TRAINING: facts(**C, experts=tuple, gained=int, training=int),
    EventKind.RIFLES_MADE: facts(**C, made=int, rifles=int),
    EventKind.SETTING_RESET: by_why({"no_expert": NOTHING, "given": NOTHING}, **C,
                                    settings=tuple),
    EventKind.SCAN: facts(**C, hex=str, fuel=int, clan=int,
                          hexes=Seq(row(str, str, int, str))),
    EventKind.SCAN_SHORT: facts(**C, missed=tuple),
    # hexes, cities, structures, radio
    EventKind.POLICE_STATION: facts(**C, hex=str, gain=int, training=int, bonus=int),
    EventKind.REC_CENTER: facts(**C, hex=str, gain=int, morale=int),
    EventKind.RACETRACK: facts(**C, hex=str, count=int, vehicle=str, vehicles=str,
                               training=int),
    EventKind.GARRISON_RECRUITS: facts(hex=str, recruited=int, guards=int),
    EventKind.JUNKYARD: by_why({"ready": NOTHING, "lost": NOTHING,
                                "taken": facts(**C, vehicle=str, training=int)}, **PLACE),
    EventKind.HELIPAD: facts(**PLACE, troops=int, garrison=int),
    EventKind.RECRUITS: facts(**PLACE, recruits=int),
    EventKind.RADIO: _HEARD.plus(turn=int),
    EventKind.OFFER: _HEARD,
    # orders carried out
    EventKind.MOVE: facts(**C, hex=str, terrain=str, direction=str, fuel=int, river=int,
                          road=int, was_hidden=int),
    EventKind.PAUSE: facts(**C, hex=str, fuel=int, was_hidden=int),
    EventKind.MODE: by_why({"already": NOTHING, "switched": NOTHING}, **C, mode=str),
    EventKind.CHEMIST_FUEL: facts(**C, fuel=int, hex=str),
    EventKind.BUY: by_why({
        "vehicles": facts(**C, quantity=int, name=str, cost=int, training=int),
        "items": facts(quantity=int, item=str, price=int, cost=int),
        "offer": facts(quantity=int, item=str, price=int, usual=int, cost=int),
    }),
    EventKind.SELL: by_why({"vehicles": facts(**C, quantity=int, name=str, value=int),
                            "items": facts(quantity=int, item=str, price=int)}),
    EventKind.SELL_CONVOY: facts(**C, value=int).maybe(cargo=int),
    EventKind.ENLIST: facts(troops=int, wanted=int, price=int),
    EventKind.CREATE: facts(**C, convoy_type=str, name=str, hex=str, cost=int),
    EventKind.INDOCTRINATION: facts(**C, name=str, morale=int, training=int, troops=int),
    EventKind.GIVE: facts(**C, sender=int, hex=str, given=str).by("given", {
        "vehicle": facts(quantity=int, vehicle=str, vehicles=str),
        "items": facts(quantity=int, item=str),
    }, otherwise=facts(experts=NAMES)),
    EventKind.SPLIT: facts(**C, hex=str, cost=int, new=int, name=str, vehicles=VEHICLES,
                           troops=int, morale=int, training=int),
    EventKind.ABSORB: facts(**C, target=int, hex=str, morale=int, training=int, health=int,
                            experts_lost=tuple, cargo_dumped=int, cargo_type=str,
                            returned=AMOUNTS),
    EventKind.CONVERT: facts(**C, name=str, old_type=str, convoy_type=str, sale=int, scout=str,
                             cost=int, dumped=int),
    EventKind.ORDER_LINES: facts(pre=int, post=int, cost=int),
    EventKind.RENAME: by_why({"convoy": facts(**C), "clan": facts(clan=int)}, old=str,
                             name=str),
    EventKind.SLOGAN: facts(slogan=str),
    EventKind.PHONE: by_why({"off": NOTHING, "on": facts(number=str)}),
    EventKind.TRAIN: facts(quantity=int, cost=int, agents=int),
    EventKind.VIGILANCE: facts(percent=int),
    EventKind.HIRE: facts(**C, **AT, code=str, expert=str, cost=int, effect=str),
    EventKind.CELEBRATE: facts(**C, **AT, captured=int, gourmet=int, food=int, gain=int,
                               morale=int),
    EventKind.PRACTICE: facts(**C, **AT, fuel=int, gained=int, training=int),
    EventKind.DEFEND: facts(raised=Seq(row(str, int, str, int)), total=int),
    EventKind.GUARDS: facts(withdrawn=int, moved=Seq(row(int, str, int, int))),
    EventKind.BUILD: facts(structure=str, hex=str, cost=int, production=AMOUNTS),
    EventKind.GAMBLE: facts(stake=int, returned=int, lost=int, hex=str, outcome=str,
                            closed=int),
    EventKind.FISH: facts(**C, hex=str, food=int),
    EventKind.PAVE: facts(**C, direction=str, origin=str, hex=str, cost=int),
    EventKind.GOODS_PICKUP: facts(**C, **PLACE, amount=int, goods=str, cargo=int),
    EventKind.GOODS_SALE: facts(**C, **PLACE, amount=int, goods=str, price=int, value=int,
                                kickback=int, own_city=int, city_owner=int),
    EventKind.GOODS_DUMP: facts(**C, amount=int, goods=str, hex=str),
    EventKind.KICKBACK: facts(**PLACE, actor=int, amount=int, goods=str, kickback=int),
    EventKind.ASSIGN: facts(**PLACE, troops=int, claymores=int, moved_troops=int,
                            moved_claymores=int, city_troops=int, city_claymores=int,
                            short=Seq(row(str, words("withdraw", "stock", "limit"), int))),
    EventKind.FORTIFY: facts(**PLACE, level=str, new_level=str, cost=int, capacity=int),
    EventKind.ERECT: facts(**PLACE, building=str, cost=int),
    # orders that could not be carried out (resolve-level problems)
    EventKind.CANNOT_ABSORB: by_reason(),
    EventKind.CANNOT_BUILD: by_reason(),
    EventKind.CANNOT_CONVERT: by_reason(),
    EventKind.CANNOT_CREATE: by_reason(),
    EventKind.CANNOT_ERECT: by_reason(building=str),
    EventKind.CANNOT_FISH: by_reason(),
    EventKind.CANNOT_FORTIFY: by_reason(),
    EventKind.CANNOT_GAMBLE: by_reason(),
    EventKind.CANNOT_GIVE: by_reason(),
    EventKind.CANNOT_HIRE: by_why({"site": by_reason(**C), "convoy": by_reason()}),
    EventKind.CANNOT_PAVE: by_reason(**C),
    EventKind.CANNOT_SPLIT: by_reason(),
    EventKind.CONQUERED_THIS_TURN: facts(verb=str, hexes=tuple),
    EventKind.DEFENDED_ALREADY: facts(hexes=tuple),
    EventKind.FISHED_ALREADY: facts(hex=str),
    EventKind.GAMBLED_ALREADY: facts(hex=str),
    EventKind.GUARDING: facts(**C),
    EventKind.GUARDS_FULL: facts(hexes=tuple),
    EventKind.HIDDEN: by_why({why: NOTHING for why in ("loot", "scan", "celebrate", "practice",
                                                        "hire")}, **C),
    EventKind.ILLEGAL_MOVE: by_reason(**C),
    EventKind.MIGHTY: facts(hexes=tuple),
    EventKind.MORALE_FULL: facts(**C, current=int),
    EventKind.TRAINING_FULL: facts(**C, current=int),
    EventKind.NEW_CONVOY: facts(**C, action=str),
    EventKind.NO_CARGO: facts(**C),
    EventKind.NO_CITY: facts(hex=str),
    EventKind.NO_CONVOY: by_why({
        "orphan_section": facts(count=int), "buy": facts(name=str), "plain": NOTHING,
        "give": NOTHING, "rename": NOTHING}, number=int),
    EventKind.NO_DROPOFF: by_reason(**C),
    EventKind.NO_EXPERT: by_why({why: NOTHING for why in ("scan", "practice", "kill_mode",
                                                           "aid")}, **C),
    EventKind.NO_FOOD: _NEED_HAVE,
    EventKind.NO_FUEL: by_why({"move": facts(hex=str, origin=str), "pause": NOTHING,
                               "practice": NOTHING, "scan": NOTHING, "patrol": NOTHING,
                               "hunt": NOTHING}, **C, need=int, have=int),
    EventKind.NO_GUARDS: facts(hexes=tuple),
    EventKind.NO_MONEY: by_why({
        "vehicles": facts(quantity=int, name=str, cost=int),
        "items": facts(quantity=int, item=str, cost=int),
        "create": facts(number=int, cost=int), "split": facts(**C, cost=int),
        "order_lines": facts(lines=int, cost=int), "train": facts(quantity=int, cost=int),
        "convert": facts(cost=int, sale=int), "enlist": facts(price=int),
        "build": facts(structure=str, cost=int), "gamble": facts(stake=int),
        "pave": facts(origin=str, hex=str, cost=int), "defend": facts(costs=AMOUNTS),
        "hire": facts(expert=str, cost=int), "fortify": facts(**PLACE, level=str, cost=int),
        "erect": facts(cost=int, buildings=tuple),
        "espionage": facts(target=int, cost=int),
    }, money=int),
    EventKind.NO_MOVES: facts(**C, air=int, left=int, allowance=int, hex=str),
    EventKind.NO_PHONE: NOTHING,
    EventKind.NO_PICKUP: by_reason(**C),
    EventKind.NO_PLACE: facts(**C, verb=str, structure=str),
    EventKind.NO_TROOPS: by_why({"guards": facts(left=int)}),
    EventKind.NOT_ENOUGH: by_why({"vehicles": facts(number=int, have=int, name=str,
                                                    quantity=int),
                                  "items": facts(have=int, item=str, quantity=int)}),
    EventKind.NOT_FULL: facts(**C, verb=str, troops=int, capacity=int),
    EventKind.NOT_OWNED: facts(pattern=str, verb=str),
    EventKind.NOT_SUPPORTED: facts(keyword=str),
    EventKind.NOT_YOURS: facts(**PLACE),
    EventKind.NOTHING_TO_SCAN: facts(**C, hex=str),
    EventKind.OFF_MAP: facts(**C, direction=str, origin=str),
    EventKind.ONCE_PER_TURN: by_why({why: NOTHING for why in ("scan", "celebrate", "practice")},
                                    **C),
    EventKind.OVER_LIMIT: by_why({"convoy_lines": facts(**C), "clan_lines": facts(section=str),
                                  "agent_lines": NOTHING}, limit=int, text=str),
    EventKind.RECON: facts(**C),
    EventKind.SAME_HEX: facts(**C, hex=str),
    EventKind.TOO_LATE: by_reason(),
    EventKind.TOO_MANY: by_why({"convoys": NOTHING}),
    EventKind.TOO_SICK: facts(**C),
    EventKind.TWICE: by_why({"order": NOTHING, "event": NOTHING}),
    EventKind.WRONG_TYPE: by_why({"buy": facts(name=str, vehicle_type=str, number=int,
                                               convoy_type=str)}),
    # city war
    EventKind.CITY_CAPTURED: _assault(**_CITY_BATTLE, vigilance=int, left=int, claymores=int,
                                      pillage=int),
    EventKind.CITY_ATTACK_FAILED: _assault(**_CITY_BATTLE),
    EventKind.CITY_LOST: _assault(**PLACE, actor=int, attackers=int, troops=int, claymores=int,
                                  population=int, pillage=int),
    EventKind.CITY_HELD: _assault(**PLACE, actor=int, attackers=int, troops=int, killed=int,
                                  claymores=int, population=int),
    EventKind.GUARDS_FOUGHT: facts(**PLACE, number=int, actor=int, lost=int, left=int),
    EventKind.GUARD: facts(**C, **PLACE, troops=int, patrol=int),
    EventKind.CANNOT_ATTACK: facts(**C, hex=str, reason=str).by("reason", {
        "attack_no_city": NOTHING, "attack_ally": facts(city=str, owner=int),
        "attack_treaty": facts(city=str, owner=int)},
        otherwise=facts(city=str)),
    EventKind.CANNOT_GUARD: facts(**C, hex=str, reason=str).by(
        "reason", {"guard_no_city": NOTHING}, otherwise=facts(city=str)),
    # convoy war
    EventKind.CONVOY_BATTLE: by_why({"declined": NOTHING,
                                     **dict.fromkeys(_CONVOY_BATTLE_ENDS, _FOUGHT)},
                                    **C, enemy=int, enemy_convoy=int, hex=str),
    EventKind.BATTLE_REPAIR: facts(**C, damage=int, paid=int, vehicles_scrapped=int, need=int,
                                   scrapped=VEHICLES, gained=int).maybe(gone=AMOUNTS),
    EventKind.PATROL: facts(**C, fuel=int, hex=str),
    EventKind.HUNT: facts(**C, found=int, hex=str, fuel=int),
    EventKind.KILL_MODE: facts(**C, mode=words("N", "T", "V")),
    EventKind.CANNOT_PATROL: by_why({"hidden": NOTHING, "guarding": NOTHING,
                                     "terrain": facts(terrain=str)}, **C),
    EventKind.CANNOT_HUNT: by_why({"terrain": facts(terrain=str), "once": NOTHING,
                                   "same_hex": facts(hex=str)}, **C),
    # the Plague
    EventKind.CURE: facts(**C, **PLACE, automatic=int, rival=int, owner=int, doctor=int,
                          vaccine=int).maybe(gift=str).by("gift", {
                              "supplies": facts(item=str, amount=int),
                              "vehicle": facts(vehicle=str, training=int)},
                              otherwise=NOTHING),
    EventKind.CANNOT_CURE: by_why({
        "order": facts(reason=str, hex=str).by("reason", {"no_city": NOTHING,
                                                          "no_plague": facts(city=str)},
                                               otherwise=facts(city=str, need=int, have=int)),
        "aid": facts(**PLACE, need=int, have=int)}, **C),
    EventKind.AID: facts(**C, changed=int, on=int),
    EventKind.INFECTED: facts(**C, **PLACE),
    EventKind.SICKENED: facts(**C, health=int, below=int, stop=int, desert=int),
    EventKind.HEALED: facts(**C, why=str, vaccine=int, was=int, need=int, health=int),
    # strikes
    EventKind.BOMB: facts(**C, **_BOMBING, owner=int),
    EventKind.BOMBED: facts(**_BOMBING, actor=int),
    EventKind.CANNOT_BOMB: by_why({"not_air": NOTHING, "hidden": NOTHING, "twice": NOTHING,
                                   "no_bombs": NOTHING, "no_city": facts(hex=str),
                                   "own_city": facts(**PLACE),
                                   "ally": facts(**PLACE, owner=int)}, **C),
    EventKind.RAZE: facts(**C, **PLACE, convoys=Seq(row(int, int)), people=int, burned=tuple,
                          killed=int, garrison_killed=int, returned=int,
                          claymores_recovered=int, claymores_lost=int, fortification=str,
                          garrison=int),
    EventKind.CANNOT_RAZE: by_why({"no_city": facts(**C, hex=str),
                                   "not_yours": facts(**PLACE), "razed": facts(**PLACE)}),
    # diplomacy
    EventKind.ALLY: facts(on=int, other=int, banned=int),
    EventKind.BAN: facts(why=str).by("why", {"all": facts(count=int, total=int)},
                                     otherwise=facts(on=int, other=int, ally=int)),
    EventKind.CANNOT_ALLY: facts(reason=str).by("reason", {
        "dip_self": facts(order=words("ally", "ban", "message", "broadcast")),
        "dip_unknown_clan": facts(other=int), "dip_off_map": facts(hex=str)},
        otherwise=facts(most=int)),
    EventKind.MESSAGE_SENT: facts(sender=int, to=str, text=str).by(
        "to", {"all": NOTHING, "hex": facts(hex=str)}, otherwise=facts(other=int)),
    EventKind.MESSAGE: facts(to=str, sender=int, text=str).by(
        "to", {"hex": facts(hex=str)}, otherwise=NOTHING),
    # spies
    EventKind.PLANT: facts(**C, **PLACE, counterspy=int),
    EventKind.CANNOT_PLANT: by_why({"no_spy": NOTHING, "no_city": facts(hex=str),
                                    "spy_there": facts(**PLACE)}, **C),
    EventKind.SABOTAGE: facts(**PLACE, effect=str).by(
        "effect", {"caught": NOTHING, **_SABOTAGE_EFFECTS}, otherwise=NOTHING),
    EventKind.SABOTAGED: facts(**PLACE, effect=str).by(
        "effect", _SABOTAGE_EFFECTS, otherwise=NOTHING),
    EventKind.CANNOT_SABOTAGE: by_why({"no_city": facts(hex=str), "own_city": facts(**PLACE),
                                       "no_spy": facts(**PLACE), "twice": facts(**PLACE)}),
    EventKind.SPY_CAUGHT: facts(**PLACE),
    EventKind.SPY_LOST: by_why({"raze": facts(**PLACE)}),
    # espionage
    EventKind.AGENT_REPORT: facts(agent=int, hex=str, terrain=str, owner=int, defense=int,
                                  guards=int, convoys=Seq(row(int, str, str))).given(
        "city", facts(city=str, city_owner=int, population=int, fortification=int,
                      troops=int)),
    EventKind.CANNOT_SEND_AGENT: by_why({"off_map": facts(hex=str, agent=int)}),
    EventKind.ESPIONAGE: facts(target=int, keywords=tuple, cost=int, points=int,
                               popularity=int),
    EventKind.ESPIONAGE_RESULT: by_why({
        "owner": facts(name=str, slogan=str, phone=str), "allies": facts(clans=tuple),
        "enemies": facts(clans=tuple), "income": facts(amounts=AMOUNTS),
        "hexes": facts(hexes=tuple), "cities": facts(cities=Seq(row(str, str))),
        "convoys": facts(convoys=Seq(row(str, str, VEHICLES))),
    }, target=int),
    EventKind.CANNOT_ESPIONAGE: facts(reason=str).by("reason", {
        "too_early": facts(first=int, turn=int), "own_clan": facts(target=int),
        "no_clan": facts(target=int)}),
    # counted, not kept; the books only
    EventKind.MORE_PROBLEMS: facts(more=int),
    EventKind.MORE_FAILED: facts(more=int),
    EventKind.FOOD_EATEN: facts(food=int),
}
"""Kind → the facts its sentence needs, as read by the Clan it happened to (or, for a kind
only ever told, by the Clan told of it)."""

NEEDS[EventKind.CANNOT_BAN] = NEEDS[EventKind.CANNOT_ALLY]
_TREATY = facts(treaty=words("nat", "alliance"), other=int, turns=int, last=int)
for _kind in (EventKind.TREATY_OFFER, EventKind.TREATY_MADE, EventKind.TREATY_REJECTED,
              EventKind.TREATY_LAPSED, EventKind.TREATY_ENDED, EventKind.WAR_DECLARED):
    NEEDS[_kind] = _TREATY
NEEDS[EventKind.TREATY_BROKEN] = facts(treaty=words("nat", "alliance"), breaker=int, other=int)
NEEDS[EventKind.CANNOT_TREATY] = facts(reason=str).by("reason", {
    "treaty_off": NOTHING, "treaty_term": facts(most=int, turns=int),
    "treaty_too_many": facts(most=int), "treaty_partner": facts(other=int)},
    otherwise=facts(other=int))
NEEDS[EventKind.CITY_REVOLT] = facts(hex=str, city=str, owner=int, troops=int, safe=int,
                                     chance=int)
NEEDS[EventKind.CANNOT_MESSAGE] = NEEDS[EventKind.CANNOT_ALLY]

TOLD_NEEDS: dict[EventKind, Needs] = {
    EventKind.CURE: facts(**PLACE, actor=int),
    EventKind.SABOTAGED: NEEDS[EventKind.SABOTAGED].maybe(actor=int),
    EventKind.SPY_CAUGHT: facts(**PLACE, actor=int),
}
"""Kind → the facts its told form needs, where they differ from `NEEDS` (the form read by a
Clan another Clan's turn did it to)."""


def needs_of(kind: EventKind, *, told: bool = False) -> Needs:
    """What an event of this kind must carry, read in its told form or not."""
    return (TOLD_NEEDS.get(kind) if told else None) or NEEDS[kind]


