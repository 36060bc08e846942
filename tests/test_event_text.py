"""The sentences players read, rendered from event kinds and facts: one test per kind family."""

from __future__ import annotations

from conquest_tui.engine.core.events import EventKind, Fact, reason
from conquest_tui.engine.core.state import Event, Problem
from conquest_tui.engine.paper.report_text import event_line
from conquest_tui.engine.sentences.event_text import (
    SENTENCES,
    TOLD,
    event_text,
    problem_line,
    problem_text,
)
from conquest_tui.engine.sentences.reason_sentences import describe
from conquest_tui.storage.migrations import migrate_1_to_2

K = EventKind


def said(kind: EventKind, convoy: int = 0, actor: int = 0, **facts: Fact) -> str:
    """The sentence Clan 1 reads for an event of this kind with these facts."""
    return event_text(Event(1, "pulses", kind, dict(facts), convoy=convoy, actor=actor))


def test_maintenance_and_upkeep_sentences_cc_cnv_14_16_17_38_40_51_63_80_cc_move_12() -> None:
    assert said(K.SUNK, 4, hex="0309") == (
        "Convoy #4 ended the turn over the water of 0309 with nowhere to land and was lost "
        "with everything aboard.")
    assert said(K.PARTS, 1, parts=3) == "Convoy #1 used 3 parts for maintenance."
    assert said(K.SCRAPPED, 2, need=5, scrapped=("bike", "car"), paid=4) == (
        "Convoy #2 needed 5 parts; short of parts, it scrapped bike, car and paid 4.")
    assert said(K.DISBAND, 2, why="no_vehicles", vehicles=0, troops=0) == (
        "Convoy #2 has no vehicles left and disbands.")
    assert said(K.DISBAND, 2, why="no_vehicles", vehicles=0, troops=1) == (
        "Convoy #2 has no vehicles left and disbands; the 1 troop aboard is lost.")
    assert said(K.DISBAND, 2, why="no_vehicles", vehicles=0, troops=12) == (
        "Convoy #2 has no vehicles left and disbands; the 12 troops aboard are lost.")
    assert said(K.DISBAND, 2, why="zero_morale") == (
        "Convoy #2's morale stayed at 0 for a whole turn: it disbanded, and its vehicles, "
        "troops, weapons, experts and cargo are lost.")
    assert said(K.MORALE, 1, decay=6, morale=24, capped=0) == "Convoy #1's morale fell by 6 to 24."
    assert said(K.MORALE, 1, decay=6, morale=100, capped=1) == (
        "Convoy #1's morale fell by 6 to 100 (above 100 it was brought back to 100).")
    assert said(K.MORALE, 1, decay=0, morale=100, capped=1) == (
        "Convoy #1's morale was brought back to 100 at the turn's end.")
    assert said(K.MORALE_ZERO, 1) == (
        "Convoy #1's morale is 0: if it is still 0 when its next turn ends, the convoy "
        "disbands.")
    assert said(K.TRAINING, 1, experts=("Trainer", "Sergeant"), gained=4, training=100) == (
        "Convoy #1's Trainer and Sergeant raised its training by 4 to 100.")
    assert said(K.RIFLES_MADE, 3, made=1, rifles=9) == (
        "The Armsmaster of convoy #3 made 1 rifle; it now carries 9.")
    assert said(K.RIFLES_MADE, 3, made=2, rifles=9).startswith(
        "The Armsmaster of convoy #3 made 2 rifles;")
    assert said(K.SETTING_RESET, 1, why="no_expert", settings=("AID", "Kill Mode")) == (
        "Convoy #1 has no expert for AID and Kill Mode; the setting went back to its default.")


def test_entry_and_capture_sentences_own_and_told_cc_gen_12_cc_hex_04_cc_cbh_05_06() -> None:
    met = {"hex": "0307", "clan": 7, "name": "Iron Wolves", "slogan": "Howl",
           "phone": "555-0101"}
    assert said(K.MET_CLAN, **met) == (
        'In 0307 you met Clan 7 (Iron Wolves), whose slogan is "Howl", phone 555-0101 for the '
        "first time.")
    assert said(K.MET_CLAN, actor=7, **{**met, "slogan": "", "phone": ""}) == (
        "In 0307 your convoy was met by Clan 7 (Iron Wolves); the first meeting of your Clans.")
    assert said(K.PASSAGE, actor=7, hex="0307", mode="capture") == (
        "A convoy of Clan 7 passed through your hex 0307 in Capture mode.")
    assert said(K.HEX_TOO_STRONG, 1, hex="0307", troops=3, low=5, high=9) == (
        "Convoy #1 has 3 troops; 0307 needs 5–9 to attack, so it was left alone.")
    assert said(K.HEX_CALLED_OFF, 1, hex="0307", troops=8, needed=12) == (
        "Convoy #1's commander judged 0307 too strong for 8 troops and called the attack off.")
    assert said(K.HEX_ATTACK_FAILED, 1, hex="0307", lost=8, needed=12, owner=7) == (
        "Convoy #1 attacked 0307 and failed; all 8 attacking troops were killed.")
    assert said(K.HEX_CAPTURED, 1, hex="0307", previous=7, lost=4, guards=2) == (
        "Convoy #1 captured 0307 from Clan 7, losing 4 troops and killing 2 guards.")
    assert said(K.HEX_CAPTURED, 1, hex="0307", previous=0, lost=4, guards=0) == (
        "Convoy #1 captured 0307, losing 4 troops.")
    assert said(K.HEX_DEFENDED, actor=7, hex="0307") == (
        "Your hex 0307 beat off an attack by Clan 7.")
    assert said(K.HEX_LOST, actor=7, hex="0307") == "Clan 7 captured your hex 0307."


def test_loot_sentences_cc_co_loot_01_cc_hex_17_40_43_cc_cnv_75() -> None:
    assert said(K.LOOT, 1, why="search", hex="0307", found="nothing") == (
        "Convoy #1 looted 0307: nothing of value.")
    assert said(K.LOOT, 1, why="search", hex="0307", found="vehicle", vehicle="bike") == (
        "Convoy #1 looted 0307: a bike, which joined the convoy.")
    assert said(K.LOOT, 1, why="search", hex="0307", found="items", label="",
                amounts=(("money", 1200), ("food", 40))) == (
        "Convoy #1 looted 0307: $1,200, 40 food.")
    assert said(K.LOOT, 1, why="search", hex="0307", found="items", label="a cache",
                amounts=(("fuel", 30),)) == "Convoy #1 looted 0307: a cache, 30 fuel."
    assert said(K.LOOT, 1, why="bank", hex="0307", money=25_000) == (
        "Convoy #1 looted the Bank in 0307: $25,000.")
    assert said(K.LOOT_EMPTY, 1, why="bank", hex="0307") == (
        "Convoy #1 tried the Bank in 0307 again, but your Clan already looted it this turn.")
    assert said(K.LOOT_EMPTY, 1, why="looted", hex="0307") == (
        "Convoy #1 searched 0307, but it has already been looted: nothing is left.")
    assert said(K.BANK_LOOTED, actor=7, hex="0307", money=25_000) == (
        "Clan 7 looted $25,000 from your Bank in 0307.")
    assert said(K.HIDDEN, 1, why="loot") == "convoy #1 is hidden and cannot loot"
    assert said(K.RECON, 1) == "convoy #1 is in Recon mode and cannot loot"


def test_food_sickness_and_dealer_sentences_cc_seq_08_cc_cnv_30_cc_res_14_15() -> None:
    assert said(K.HUNGRY, 2, unfed=5) == "5 troops of convoy #2 went hungry; none deserted."
    assert said(K.HUNGRY, 0, unfed=5) == (
        "5 troops of the unallocated pool went hungry; none deserted.")
    assert said(K.DESERTION, 0, deserters=3, weapon="", morale=0) == (
        "3 hungry troops deserted the unallocated pool.")
    assert said(K.DESERTION, 2, deserters=3, weapon="rifles", morale=26) == (
        "3 hungry troops deserted convoy #2, taking one of its rifles with them; morale fell "
        "to 26.")
    assert said(K.VEHICLE_DESERTED, 2, vehicle="bike") == (
        "With its troops gone, a bike of convoy #2 deserted as well.")
    assert said(K.SICK_DESERTION, 2, health=70, limit=75, lost=12) == (
        "Convoy #2 is at 70% health, below 75%: all 12 of its troops deserted, and it cannot "
        "take on more until it is healed.")
    assert said(K.PICKUP, 1, hex="0308", taken=(("troops", 5), ("grenades", 2))) == (
        "Convoy #1 picked up 5 troops, 2 grenades in 0308.")
    assert said(K.DEALER, 2, amount=2, item="fuel", purpose="the move to 0307",
                cost=1_200) == (
        "Convoy #2's Dealer bought 2 fuel for the move to 0307 at double price: $1,200.")
    assert said(K.DEALER_BROKE, 2, amount=2, item="fuel", purpose="the move to 0307",
                cost=1_200, money=10) == (
        "Convoy #2's Dealer could not buy 2 fuel for the move to 0307: it would cost $1,200 "
        "and the treasury holds $10.")


def test_income_and_game_turn_sentences_cc_seq_03_cc_pop_02_07_cc_city_12_14_16_18() -> None:
    assert said(K.INCOME, amounts=(("money", 12_000), ("food", 40), ("troops", 3))) == (
        "Income: $12,000, 40 food, 3 troops.")
    assert said(K.POPULARITY, turn=3, popularity=107, change=-2, threshold=216) == (
        "At the end of game turn 3 your popularity is 107 (-2; victory at 216).")
    assert said(K.VICTORY_WATCH, threshold=216, since=4, last=6) == (
        "You reached the victory threshold of 216 at the end of game turn 4; hold it to the "
        "end of game turn 6 to win.")
    bands = {"band_was": "low", "band": "normal", "band_floor": 5_000}
    assert said(K.POPULATION_GREW, city="Dunmarch", hex="0808", gained=2_000, percent=8,
                population=26_000, **bands) == (
        "Dunmarch (0808) grew by 2,000 people (+8%) to 26,000; it is now in the normal "
        "population band (was low).")
    assert said(K.POPULATION_FELL, city="DUNMARCH", hex="0808", plague_known=1, lost=3_000,
                population=4_000, band_was="low", band="none", band_floor=5_000) == (
        "DUNMARCH (0808): the Plague killed 3,000 people; population now 4,000; below 5,000 "
        "people it produces nothing (CC-CITY-16).")
    assert said(K.POPULATION_FELL, city="Dunmarch", hex="0808", plague_known=0, lost=3_000,
                population=57_000, band_was="normal", band="normal", band_floor=5_000) == (
        "Dunmarch (0808): it lost 3,000 people; population now 57,000.")
    assert said(K.POPULATION_FULL, city="Dunmarch", hex="0808", maximum=100_000) == (
        "Dunmarch (0808) is at its maximum of 100,000 people and did not grow.")
    assert said(K.PLAGUE, city="Dunmarch", hex="0808") == (
        "The Plague has broken out in Dunmarch (0808); its Hospital will halve the deaths "
        "until a convoy CUREs it.")


def test_random_event_sentences_cc_cl_event_01_amb_31() -> None:
    def event(effect: str, **facts: Fact) -> str:
        return said(K.RANDOM_EVENT, outcome="Luck!", effect=effect, **facts)

    assert event("") == "Random event: Luck!"
    assert event("gain", amounts=(("fuel", 150), ("money", 2_000))) == (
        "Random event: Luck! You gain 150 fuel and $2,000.")
    assert event("lose", amounts=(("food", 20),)) == "Random event: Luck! You lose 20 food."
    assert event("lose_percent", item="troops", amount=1_200) == (
        "Random event: Luck! You lose 1,200 unallocated troops.")
    assert event("lose_percent", item="troops", amount=1) == (
        "Random event: Luck! You lose 1 unallocated troop.")  # plurals right
    assert event("no_convoy") == "Random event: Luck! You have no convoy, so nothing comes of it."
    assert event("all_convoys_morale", morale=5) == (
        "Random event: Luck! Every convoy gains 5 morale.")
    assert said(K.RANDOM_EVENT, 3, outcome="Luck!", effect="scout_vehicle",
                vehicle="bike") == "Random event: Luck! A bike joins convoy #3."
    assert said(K.RANDOM_EVENT, 3, outcome="Luck!", effect="extra_maintenance", parts=12) == (
        "Random event: Luck! Convoy #3 needs 12 more parts at maintenance this turn.")
    assert said(K.RANDOM_EVENT, 3, outcome="Luck!", effect="convoy_gain",
                gains=(("morale", 5), ("training", 2))) == (
        "Random event: Luck! Convoy #3 gains 5 morale and 2 training.")
    assert event("every_city_known") == "Random event: Luck! You already know every city."
    assert event("city_known", city="Dunmarch", hex="0808") == (
        "Random event: Luck! Dunmarch (0808) is now on your city list.")
    assert event("no_city") == "Random event: Luck! You own no city, so nothing comes of it."
    assert event("city_income", city="Dunmarch", hex="0808", money=9_000) == (
        "Random event: Luck! Dunmarch (0808) pays $9,000.")
    assert event("city_plague", city="Dunmarch", hex="0808") == (
        "Random event: Luck! The Plague has broken out in Dunmarch (0808).")


def test_structure_building_and_radio_sentences_cc_hex_24_26_38_cc_city_47_50_53_64() -> None:
    assert said(K.POLICE_STATION, 1, hex="1111", gain=4, training=34, bonus=10) == (
        "Convoy #1 drilled at the Police Station in 1111: training +4 (now 34) and +10% to all "
        "combat for the rest of the turn.")
    assert said(K.REC_CENTER, 1, hex="1210", gain=12, morale=42) == (
        "Convoy #1 relaxed at the Rec Center in 1210: morale +12 (now 42).")
    racetrack = {"hex": "0909", "vehicle": "bike", "vehicles": "bikes", "training": 30}
    assert said(K.RACETRACK, 1, count=1, **racetrack) == (
        "Convoy #1 won a free bike at the Racetrack in 0909; training is now 30.")
    assert said(K.RACETRACK, 1, count=2, **racetrack).startswith("Convoy #1 won a free 2 bikes")
    assert said(K.GARRISON_RECRUITS, hex="0505", recruited=3, guards=5) == (
        "The Garrison in 0505 recruited 3 local guards for free; 0505 now has 5.")
    city = {"city": "Brackwater", "hex": "0308"}
    assert said(K.JUNKYARD, why="ready", **city) == (
        "The Junkyard of Brackwater (0308) has a car ready for the first of your land convoys "
        "to enter the hex this turn.")
    assert said(K.JUNKYARD, 1, why="taken", vehicle="car", count=1, training=30, **city) == (
        "Convoy #1 took the Junkyard car in Brackwater (0308); training is now 30.")
    assert said(K.JUNKYARD, why="lost", **city) == (
        "No land convoy came for the Junkyard car of Brackwater (0308); it is lost.")
    assert said(K.RECRUITS, recruits=11, **city) == (
        "11 citizens of Brackwater (0308) enlisted at the Recruiting Center.")
    assert said(K.HELIPAD, troops=30, garrison=90, **city) == (
        "The Helipad flew 30 unallocated troops into Brackwater (0308); it now holds 90.")
    assert said(K.RADIO, listener="0308", news="Clan 901 fought Clan 902", hex="0707", turn=2,
                clans=(901, 902)) == (
        "Radio, heard in 0308: Clan 901 fought Clan 902 (hex 0707, game turn 2).")


def test_scan_sentences_and_problems_cc_co_scan_01_02_03_04() -> None:
    hexes = (("0307", "Plains", 0, ""), ("0407", "Swamp", 1, ""), ("0408", "Swamp", 7, "Fen"))
    assert said(K.SCAN, 1, hex="0308", fuel=16, clan=1, hexes=hexes) == (
        "Convoy #1 scanned 3 hexes around 0308 for 16 fuel: 0307 Plains; 0407 Swamp (yours); "
        "0408 Swamp (Clan 7, city of Fen).")
    assert said(K.SCAN, 1, hex="0308", fuel=4, clan=1, hexes=hexes[:1]) == (
        "Convoy #1 scanned 1 hex around 0308 for 4 fuel: 0307 Plains.")
    assert said(K.SCAN_SHORT, 1, missed=("0407", "0408")) == (
        "Convoy #1 ran short of fuel and could not scan 0407, 0408.")
    problem = Problem(6, "no_fuel", "resolve", {"why": "scan", "convoy": 1, "need": 4, "have": 1})
    assert problem_text(problem) == (
        "convoy #1 needs at least 4 fuel to scan a hex but only 1 is left")
    assert problem_line(problem) == (
        "line 6: convoy #1 needs at least 4 fuel to scan a hex but only 1 is left")
    assert problem_line(Problem(0, "nothing_to_scan", "resolve",
                                {"convoy": 2, "hex": "0308"})) == (
        "convoy #2 could enter none of the hexes around 0308, so there is nothing to scan")
    assert problem_text(Problem(3, "bad_hex", "parse", {"why": "not_hex", "text": "99"})) == (
        '"99" is not a hex number, like 0516')
    assert problem_line(Problem(4, "no_city", "check", {"hex": "0307"})) == (
        "line 4: there is no city in 0307")


def test_reasons_read_the_same_as_event_and_as_check_message_cc_co_move_02_cc_cl_give_02(
        ) -> None:
    """One sentence per reason code: the resolve event and the sheet check render it alike."""
    water = reason("water", target="0309", convoy_type="land")
    assert describe(water) == "0309 is water: a land convoy cannot enter it (CC-MOVE-04)"
    assert said(K.ILLEGAL_MOVE, 2, **water.as_facts()) == (
        f"convoy #2 cannot move: {describe(water)}")
    apart = reason("give_apart", sender=2, sender_hex="0307", recipient=1, recipient_hex="0308")
    assert said(K.CANNOT_GIVE, **apart.as_facts()) == (
        "GIVE failed: convoy #2 is in 0307 and convoy #1 in 0308: both must be in the same hex")
    fish = reason("fish_type", number=3, convoy_type="amphibious", scare=1)
    assert said(K.CANNOT_FISH, 3, **fish.as_facts()) == (
        "only sea convoys can fish; convoy #3 is amphibious and would frighten the fish away")
    assert describe(reason("give_unknown_kind", kind="gold")) == (
        "nothing of the kind 'gold' can be given")
    assert describe(reason("give_few_vehicles", number=2, have=1, vehicle="car",
                           vehicles="cars")) == "convoy #2 has 1 car"
    assert problem_text(Problem(4, "cannot_create", "resolve",
                                {"reason": "not_coastal", "city": "Ardmoor"})) == (
        "Ardmoor is not on the coast: sea convoys need a coastal city")


def test_give_and_split_sentences_cc_cl_give_01_cc_co_split_03() -> None:
    assert said(K.GIVE, 1, sender=2, hex="0308", given="vehicle", quantity=3, vehicle="car",
                vehicles="cars") == "Convoy #2 gave 3 cars to convoy #1 in 0308."
    assert said(K.GIVE, 1, sender=2, hex="0308", given="items", quantity=10,
                item="troops") == "Convoy #2 gave 10 troops to convoy #1 in 0308."
    assert said(K.GIVE, 1, sender=2, hex="0308", given="experts",
                experts=("Engineer", "Doctor")) == (
        "Convoy #2 gave the Expert Engineer, the Expert Doctor to convoy #1 in 0308.")
    split = {"hex": "0308", "cost": 5_000, "new": 3, "name": "Hawks II", "troops": 4,
             "morale": 45, "training": 30}
    assert said(K.SPLIT, 1, vehicles=((3, "car", "cars"), (1, "bike", "bikes")), **split) == (
        'Convoy #1 split in 0308 for $5,000: the new convoy #3 "Hawks II" has 3 cars, 1 bike '
        "and 4 troops; both have morale 45 and training 30. The new convoy can do nothing more "
        "this turn.")


def test_places_of_hire_celebrate_and_practice_cc_co_hire_01_cc_co_celebrate_03() -> None:
    city = {"city": "Brackwater", "structure": "", "hex": "0308"}
    assert said(K.HIRE, 1, expert="Trainer", code="TRA", cost=10_000, effect="training +5.",
                **city) == ("Convoy #1 hired an Expert Trainer at Brackwater (0308) for $10,000: "
                            "training +5.")
    hall = {"city": "", "structure": "Rec Center", "hex": "1210"}
    assert said(K.CELEBRATE, 2, captured=0, gourmet=0, food=20, gain=9, morale=80, **hall) == (
        "Convoy #2 celebrated in the Rec Center in 1210: 20 food eaten, morale +9 to 80.")
    assert said(K.PRACTICE, 2, fuel=4, gained=3, training=40, **hall) == (
        "Convoy #2 practiced in the Rec Center in 1210 for 4 fuel: training +3 to 40.")
    assert describe(reason("guild_only", guild="TRA", **city)) == (
        "the Guild of Brackwater (0308) trains only its own expert type (TRA); other types are "
        "hired in a major city you own or a University hex you own")


def test_events_from_before_typed_events_read_as_they_did() -> None:
    old = Event(1, "between", K.LEGACY, {"sentence": "Blue Jay passed through 0201.",
                                         "code": "passage"}, pulse=4)
    assert event_line(old) == "[since your last turn] Blue Jay passed through 0201."


def test_a_version_1_event_becomes_a_legacy_event_with_its_sentence() -> None:
    clan = {"number": 1, "inbox": {"clan": [1], "phase": ["between"], "text": ["Hello."],
                                   "kind": ["passage"], "rule": [""], "pulse": [0], "line": [0],
                                   "convoy": [0], "game_turn": [3]},
            "last_turn": {"events": {}, "problems": {}}}
    data = migrate_1_to_2({"state": {"clans": [clan]}})
    inbox = data["state"]["clans"][0]["inbox"]
    assert inbox["kind"] == ["legacy"] and inbox["actor"] == [0] and "text" not in inbox
    assert inbox["facts"] == [{"sentence": "Hello.", "code": "passage"}]
    assert clan["inbox"]["text"] == ["Hello."]  # the step builds new data, the old is untouched


def test_every_kind_has_a_sentence() -> None:
    assert set(EventKind) <= SENTENCES.keys() | TOLD.keys()
