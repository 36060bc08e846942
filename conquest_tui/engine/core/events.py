"""What can happen in a turn: the event kinds and the facts an event carries (no sentences)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from itertools import chain
from typing import cast

import attrs

Fact = int | str | tuple["Fact", ...]
"""One fact of an event: a number, a word or code (hex id, item key, name), or a tuple of facts."""

Facts = dict[str, Fact]
"""An event's facts by name, e.g. {"hex": "0307", "fuel": 2}."""

SENTENCE = "sentence"
"""The one fact of an event recorded before events were typed (save version 1): its sentence."""


class EventKind(enum.StrEnum):
    """Every kind of event; the value is the stable code saves, JSON and filters use.

    A kind's sentence lives in engine/sentences/turn_sentences.py or order_sentences.py (a template,
    a function, or either keyed by the "why" fact); engine/sentences/event_text renders it.
    """

    # --- before events were typed: the old sentence is the one fact ------------------------------
    LEGACY = "legacy"

    # --- income, game-turn end, random events ----------------------------------------------------
    INCOME = "income"
    RANDOM_EVENT = "random_event"
    POPULARITY = "popularity"
    VICTORY_WATCH = "victory_watch"
    POPULATION_FELL = "population_fell"
    POPULATION_GREW = "population_grew"
    POPULATION_FULL = "population_full"
    PLAGUE = "plague"

    # --- convoys: entry, capture, loot, pickup, food, maintenance --------------------------------
    MET_CLAN = "met_clan"
    PASSAGE = "passage"
    HEX_TOO_STRONG = "hex_too_strong"
    HEX_CALLED_OFF = "hex_called_off"
    HEX_ATTACK_FAILED = "hex_attack_failed"
    HEX_DEFENDED = "hex_defended"
    HEX_CAPTURED = "hex_captured"
    HEX_LOST = "hex_lost"
    LOOT = "loot"
    LOOT_EMPTY = "loot_empty"
    BANK_LOOTED = "bank_looted"
    PLAGUE_DETECTED = "plague_detected"
    PICKUP = "pickup"
    HUNGRY = "hungry"
    DESERTION = "desertion"
    VEHICLE_DESERTED = "vehicle_deserted"
    SICK_DESERTION = "sick_desertion"
    DEALER = "dealer"
    DEALER_BROKE = "dealer_broke"
    SUNK = "sunk"
    PARTS = "parts"
    SCRAPPED = "scrapped"
    DISBAND = "disband"
    MORALE = "morale"
    MORALE_ZERO = "morale_zero"
    TRAINING = "training"
    RIFLES_MADE = "rifles_made"
    SETTING_RESET = "setting_reset"
    SCAN = "scan"
    SCAN_SHORT = "scan_short"

    # --- hexes, cities, structures, radio ---------------------------------------------------------
    POLICE_STATION = "police_station"
    REC_CENTER = "rec_center"
    RACETRACK = "racetrack"
    GARRISON_RECRUITS = "garrison_recruits"
    JUNKYARD = "junkyard"
    HELIPAD = "helipad"
    RECRUITS = "recruits"
    RADIO = "radio"
    OFFER = "offer"
    """A special buying opportunity the radio announces (CC-RES-16): a RADIO event's `heard`."""

    # --- orders carried out ----------------------------------------------------------------------
    MOVE = "move"
    PAUSE = "pause"
    MODE = "mode"
    CHEMIST_FUEL = "chemist_fuel"
    BUY = "buy"
    SELL = "sell"
    SELL_CONVOY = "sell_convoy"
    ENLIST = "enlist"
    CREATE = "create"
    INDOCTRINATION = "indoctrination"
    GIVE = "give"
    SPLIT = "split"
    ABSORB = "absorb"
    CONVERT = "convert"
    ORDER_LINES = "order_lines"
    RENAME = "rename"
    SLOGAN = "slogan"
    PHONE = "phone"
    TRAIN = "train"
    VIGILANCE = "vigilance"
    HIRE = "hire"
    CELEBRATE = "celebrate"
    PRACTICE = "practice"
    DEFEND = "defend"
    GUARDS = "guards"
    BUILD = "build"
    GAMBLE = "gamble"
    FISH = "fish"
    PAVE = "pave"
    GOODS_PICKUP = "goods_pickup"
    GOODS_SALE = "goods_sale"
    GOODS_DUMP = "goods_dump"
    KICKBACK = "kickback"
    ASSIGN = "assign"
    FORTIFY = "fortify"
    ERECT = "erect"

    # --- orders that could not be carried out (resolve-level problems) ---------------------------
    CANNOT_ABSORB = "cannot_absorb"
    CANNOT_BUILD = "cannot_build"
    CANNOT_CONVERT = "cannot_convert"
    CANNOT_CREATE = "cannot_create"
    CANNOT_ERECT = "cannot_erect"
    CANNOT_FISH = "cannot_fish"
    CANNOT_FORTIFY = "cannot_fortify"
    CANNOT_GAMBLE = "cannot_gamble"
    CANNOT_GIVE = "cannot_give"
    CANNOT_HIRE = "cannot_hire"
    CANNOT_PAVE = "cannot_pave"
    CANNOT_SPLIT = "cannot_split"
    CONQUERED_THIS_TURN = "conquered_this_turn"
    DEFENDED_ALREADY = "defended_already"
    FISHED_ALREADY = "fished_already"
    GAMBLED_ALREADY = "gambled_already"
    GUARDING = "guarding"
    GUARDS_FULL = "guards_full"
    HIDDEN = "hidden"
    ILLEGAL_MOVE = "illegal_move"
    MIGHTY = "mighty"
    MORALE_FULL = "morale_full"
    TRAINING_FULL = "training_full"
    NEW_CONVOY = "new_convoy"
    NO_CARGO = "no_cargo"
    NO_CITY = "no_city"
    NO_CONVOY = "no_convoy"
    NO_DROPOFF = "no_dropoff"
    NO_EXPERT = "no_expert"
    NO_FOOD = "no_food"
    NO_FUEL = "no_fuel"
    NO_GUARDS = "no_guards"
    NO_MONEY = "no_money"
    NO_MOVES = "no_moves"
    NO_PHONE = "no_phone"
    NO_PICKUP = "no_pickup"
    NO_PLACE = "no_place"
    NO_TROOPS = "no_troops"
    NOT_ENOUGH = "not_enough"
    NOT_FULL = "not_full"
    NOT_OWNED = "not_owned"
    NOT_SUPPORTED = "not_supported"
    NOT_YOURS = "not_yours"
    NOTHING_TO_SCAN = "nothing_to_scan"
    OFF_MAP = "off_map"
    ONCE_PER_TURN = "once_per_turn"
    OVER_LIMIT = "over_limit"
    RECON = "recon"
    SAME_HEX = "same_hex"
    TOO_LATE = "too_late"
    TOO_MANY = "too_many"
    TOO_SICK = "too_sick"
    TWICE = "twice"
    WRONG_TYPE = "wrong_type"

    # --- city-war: ATTACK, GUARD (CC-CBC, CC-CO-ATTACK, CC-CO-GUARD) -----------------------------
    CITY_CAPTURED = "city_captured"
    CITY_ATTACK_FAILED = "city_attack_failed"
    CITY_LOST = "city_lost"
    CITY_HELD = "city_held"
    GUARDS_FOUGHT = "guards_fought"
    GUARD = "guard"
    CANNOT_ATTACK = "cannot_attack"
    CANNOT_GUARD = "cannot_guard"

    # --- convoy-war: convoy battles, PATROL, HUNT, KILL MODE (CC-CBV, CC-CO-PATROL/HUNT/KM) -------
    CONVOY_BATTLE = "convoy_battle"
    BATTLE_REPAIR = "battle_repair"
    PATROL = "patrol"
    HUNT = "hunt"
    KILL_MODE = "kill_mode"
    CANNOT_PATROL = "cannot_patrol"
    CANNOT_HUNT = "cannot_hunt"

    # --- the Plague: curing cities, sick convoys, vaccine (helper "plague") ----------------------
    CURE = "cure"
    CANNOT_CURE = "cannot_cure"
    AID = "aid"
    INFECTED = "infected"
    SICKENED = "sickened"
    HEALED = "healed"

    # --- strike: BOMB, RAZE (CC-CO-BOMB, CC-CO-RAZE; hex attacks are above) ----------------------
    BOMB = "bomb"
    BOMBED = "bombed"
    CANNOT_BOMB = "cannot_bomb"
    RAZE = "raze"
    CANNOT_RAZE = "cannot_raze"

    # --- diplomacy: ALLY, BAN, MESSAGE, BROADCAST (helper "diplomacy") ---------------------------
    ALLY = "ally"
    BAN = "ban"
    CANNOT_ALLY = "cannot_ally"
    CANNOT_BAN = "cannot_ban"
    MESSAGE_SENT = "message_sent"
    MESSAGE = "message"
    CANNOT_MESSAGE = "cannot_message"

    # --- house rules treaties and revolt (world/treaties.py, world/revolt.py) ---------------------
    TREATY_OFFER = "treaty_offer"
    TREATY_MADE = "treaty_made"
    TREATY_REJECTED = "treaty_rejected"
    TREATY_LAPSED = "treaty_lapsed"
    TREATY_ENDED = "treaty_ended"
    WAR_DECLARED = "war_declared"
    TREATY_BROKEN = "treaty_broken"
    CANNOT_TREATY = "cannot_treaty"
    CITY_REVOLT = "city_revolt"

    # --- spies: PLANT, SABOTAGE, counterspies (helper "spies") -----------------------------------
    PLANT = "plant"
    CANNOT_PLANT = "cannot_plant"
    SABOTAGE = "sabotage"
    SABOTAGED = "sabotaged"
    CANNOT_SABOTAGE = "cannot_sabotage"
    SPY_CAUGHT = "spy_caught"
    SPY_LOST = "spy_lost"

    # --- espionage: agents sent to hexes, ESPIONAGE (helper "espionage") -------------------------
    AGENT_REPORT = "agent_report"
    CANNOT_SEND_AGENT = "cannot_send_agent"
    ESPIONAGE = "espionage"
    ESPIONAGE_RESULT = "espionage_result"
    CANNOT_ESPIONAGE = "cannot_espionage"

    # --- problems and failed lines not kept with the save (counted instead) ----------------------
    MORE_PROBLEMS = "more_problems"
    MORE_FAILED = "more_failed"
    """The order lines that failed at their pulse beyond those kept with the save: `more`."""

    # --- the books only: saved with the turn, never shown (`BOOKS_ONLY`) -------------------------
    FOOD_EATEN = "food_eaten"


BOOKS_ONLY: frozenset[EventKind] = frozenset({EventKind.FOOD_EATEN})
"""Kinds that only keep the books (what a Clan's stockpiles lost where no other event says it):
saved with the Clan's last turn for programs and tests, never in a report or a turn's result."""


MAIL: frozenset[EventKind] = frozenset({
    EventKind.MESSAGE, EventKind.MESSAGE_SENT, EventKind.MET_CLAN, EventKind.TREATY_OFFER,
    EventKind.TREATY_MADE, EventKind.WAR_DECLARED})
"""Kinds a Clan keeps all game long in its mail (`Clan.mail`): the messages it received and
sent, and the Clans it met (the inbox's memory, issue 27)."""


def shown(event_kind: EventKind) -> bool:
    """Whether events of this kind are for players to read (not `BOOKS_ONLY`)."""
    return event_kind not in BOOKS_ONLY


_ATOMS: frozenset[type] = frozenset({int, str})
_ROWS: frozenset[type] = frozenset({tuple})


def fact(value: object) -> Fact:
    """A value as a fact: lists and tuples become tuples of facts, enum members plain ints and
    strs; bool, float, None and anything else are refused (TypeError)."""
    if type(value) is int or type(value) is str:
        return value  # already a fact (the common case, taken first)
    if type(value) is tuple:  # the types of its items gathered without a Python loop
        kinds = set(map(type, value))
        if kinds <= _ATOMS:
            return cast(Fact, value)  # a flat tuple of facts, kept as it is
        if kinds == _ROWS and set(map(type, chain.from_iterable(value))) <= _ATOMS:
            return cast(Fact, value)  # a tuple of flat tuples (a table: a battle's rounds), kept
    if isinstance(value, (list, tuple)):
        return tuple([fact(item) for item in value])
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    raise TypeError(f"an event fact must be an int, a str or a tuple of them, not {value!r}")


def int_fact(facts: Mapping[str, Fact], name: str, default: int = 0) -> int:
    """The whole-number fact `name` (`default` when the event has none); another type is a
    TypeError."""
    value = facts.get(name, default)
    if isinstance(value, int):
        return value
    raise TypeError(f"the fact {name} must be a whole number, not {value!r}")


def facts_of(values: Mapping[str, object]) -> Facts:
    """Keyword values as an event's facts (checked, lists made tuples)."""
    return {name: value if type(value) is int or type(value) is str else fact(value)
            for name, value in values.items()}


@attrs.frozen
class Reason:
    """Why something cannot be done, as data: a reason code and its facts (no sentence).

    Its sentence is declared once in engine/sentences/order_sentences.py (`REASONS`), so the
    resolve event that carries it and the sheet checker's message read the same.
    """

    code: str
    facts: Facts = attrs.field(factory=dict)

    def as_facts(self) -> Facts:
        """The reason as event facts: its code under "reason", then its own facts."""
        return {"reason": self.code, **self.facts}


def reason(code: str, /, **facts: object) -> Reason:
    """`reason("water", target="0307", convoy_type="land")`: a reason with checked facts."""
    return Reason(code, facts_of(facts))
