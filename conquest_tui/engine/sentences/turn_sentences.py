"""Sentences of what happens by itself in a turn: income, entry, capture, loot, food, upkeep."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from conquest_tui.engine.core.events import SENTENCE, EventKind, Fact
from conquest_tui.engine.economy.economy import describe_amount

Facts = Mapping[str, Fact]
Wording = str | Callable[[Facts], str]
"""One sentence: a str.format template over the facts, or a function of them (optional parts,
lists)."""
Sentence = Wording | Mapping[str, Wording]
"""A wording, or wordings keyed by the event's "why" fact (one kind, several causes)."""


def number(fact: Fact) -> int:
    """A number fact as a number (`int()` of it: a number written as text reads too)."""
    if isinstance(fact, tuple):
        raise TypeError(f"a number was expected, not {fact!r}")
    return int(fact)


def rows(fact: Fact) -> list[tuple[Fact, ...]]:
    """A fact of tuples as its rows: (("0304", 2_500), ("0305", 3_000))."""
    assert isinstance(fact, tuple)
    out = []
    for row in fact:
        assert isinstance(row, tuple)
        out.append(row)
    return out


def items(fact: Fact) -> list[tuple[str, int]]:
    """An (item, amount) pairs fact as pairs: (("money", 1200), ("food", 40))."""
    assert isinstance(fact, tuple)
    out = []
    for pair in fact:
        assert isinstance(pair, tuple) and len(pair) == 2
        item, amount = pair
        assert isinstance(amount, int)
        out.append((str(item), amount))
    return out


def words(fact: Fact) -> list[str]:
    """A tuple fact as words: ("bike", "car")."""
    assert isinstance(fact, tuple)
    return [str(word) for word in fact]


def amounts(fact: Fact, joiner: str = ", ") -> str:
    """(("money", 1200), ("food", 40)) → "$1,200, 40 food"."""
    return joiner.join(describe_amount(item, amount) for item, amount in items(fact))


def counted(fact: Fact, joiner: str = ", ") -> str:
    """(("troops", 5), ("rifles", 1)) → "5 troops, 1 rifle" (no money sign, no separators)."""
    return joiner.join(count_of(amount, item) for item, amount in items(fact))


_ONE = {"troops": "troop", "rifles": "rifle", "grenades": "grenade", "rockets": "rocket",
        "claymores": "claymore", "bombs": "bomb", "parts": "part", "lines": "line"}
"""The singular of the counted stock words (food, fuel and vaccine are not counted)."""


def count_of(amount: int, item: str) -> str:
    """"1 troop", "5 troops", "1 food": the amount with its word in the right number."""
    return f"{amount} {_ONE.get(item, item) if amount == 1 else item}"


def vehicle_counts(fact: Fact) -> list[str]:
    """((2, "car", "cars"), (1, "truck", "trucks")) → ["2 cars", "1 truck"]."""
    assert isinstance(fact, tuple)
    return [f"{count} {one if count == 1 else many}" for count, one, many in rows(fact)]


def number_of(count: Fact, one: str, many: str | None = None) -> str:
    """"1 troop", "12 troops", "1,200 people" (`many` when the plural is not one + "s")."""
    amount = number(count)
    return f"{amount:,} {one if amount == 1 else many or one + 's'}"


def _introduction(f: Facts) -> str:
    text = f"Clan {f['clan']} ({f['name']})"
    if f["slogan"]:
        text += f', whose slogan is "{f["slogan"]}"'
    if f["phone"]:
        text += f", phone {f['phone']}"
    return text


def _band_note(f: Facts) -> str:
    if f["band"] == f["band_was"]:
        return ""
    if f["band"] == "none":
        return f"; below {f['band_floor']:,} people it produces nothing (CC-CITY-16)"
    return f"; it is now in the {f['band']} population band (was {f['band_was']})"


def _population_fell(f: Facts) -> str:
    cause = "the Plague killed" if f["plague_known"] else "it lost"
    return (f"{f['city']} ({f['hex']}): {cause} {f['lost']:,} people; population now "
            f"{f['population']:,}{_band_note(f)}.")


def _population_grew(f: Facts) -> str:
    return (f"{f['city']} ({f['hex']}) grew by {f['gained']:,} people (+{f['percent']}%) to "
            f"{f['population']:,}{_band_note(f)}.")


def _random_event(f: Facts) -> str:
    effect = f["effect"]
    detail = RANDOM_EFFECTS[str(effect)](f) if effect else ""
    return f"Random event: {f['outcome']} {detail}".rstrip()


def _city(f: Facts) -> str:
    return f"{f['city']} ({f['hex']})"


def _lost_share(amount: Fact, item: str) -> str:
    """"You lose 1 unallocated troop.", "You lose 1,200 food." (a random event's share)."""
    assert isinstance(amount, int)
    word = _ONE.get(item, item) if amount == 1 else item
    return f"You lose {amount:,}{' unallocated' if item == 'troops' else ''} {word}."


RANDOM_EFFECTS: dict[str, Callable[[Facts], str]] = {
    "gain": lambda f: f"You gain {amounts(f['amounts'], ' and ')}.",
    "lose": lambda f: f"You lose {amounts(f['amounts'], ' and ')}.",
    "lose_percent": lambda f: _lost_share(f["amount"], str(f["item"])),
    "no_convoy": lambda f: "You have no convoy, so nothing comes of it.",
    "all_convoys_morale": lambda f: f"Every convoy gains {f['morale']} morale.",
    "scout_vehicle": lambda f: f"A {f['vehicle']} joins convoy #{f['convoy']}.",
    "extra_maintenance": lambda f: (f"Convoy #{f['convoy']} needs {f['parts']} more parts at "
                                    "maintenance this turn."),
    "convoy_gain": lambda f: f"Convoy #{f['convoy']} gains {counted(f['gains'], ' and ')}.",
    "every_city_known": lambda f: "You already know every city.",
    "city_known": lambda f: f"{_city(f)} is now on your city list.",
    "no_city": lambda f: "You own no city, so nothing comes of it.",
    "city_income": lambda f: f"{_city(f)} pays ${f['money']:,}.",
    "city_plague": lambda f: f"The Plague has broken out in {_city(f)}.",
}
"""What a random event did, by its "effect" fact (CC-CL-EVENT)."""


def _hex_captured(f: Facts) -> str:
    whose = f" from Clan {f['previous']}" if f["previous"] else ""
    guards = f" and killing {f['guards']} guards" if f["guards"] else ""
    return f"Convoy #{f['convoy']} captured {f['hex']}{whose}, losing {f['lost']} troops{guards}."


def _loot(f: Facts) -> str:
    found = f["found"]
    if found == "nothing":
        text = "nothing of value"
    elif found == "vehicle":
        text = f"a {f['vehicle']}, which joined the convoy"
    else:
        text = amounts(f["amounts"])
        if f["label"]:
            text = f"{f['label']}, {text}"
    return f"Convoy #{f['convoy']} looted {f['hex']}: {text}."


def _morale(f: Facts) -> str:
    if not f["decay"]:
        return f"Convoy #{f['convoy']}'s morale was brought back to 100 at the turn's end."
    capped = " (above 100 it was brought back to 100)" if f["capped"] else ""
    return f"Convoy #{f['convoy']}'s morale fell by {f['decay']} to {f['morale']}{capped}."


def _desertion(f: Facts) -> str:
    if not f["convoy"]:
        return f"{f['deserters']} hungry troops deserted the unallocated pool."
    taken = f", taking one of its {f['weapon']} with them" if f["weapon"] else ""
    return (f"{f['deserters']} hungry troops deserted convoy #{f['convoy']}{taken}; morale fell "
            f"to {f['morale']}.")


def _hungry(f: Facts) -> str:
    where = f"convoy #{f['convoy']}" if f["convoy"] else "the unallocated pool"
    return f"{f['unfed']} troops of {where} went hungry; none deserted."


def _scan(f: Facts) -> str:
    seen = []
    rows = f["hexes"]
    assert isinstance(rows, tuple)
    for row in rows:
        assert isinstance(row, tuple)
        hex_id, terrain, owner, city = row
        notes = []
        if owner:
            notes.append("yours" if owner == f["clan"] else f"Clan {owner}")
        if city:
            notes.append(f"city of {city}")
        seen.append(f"{hex_id} {terrain}" + (f" ({', '.join(notes)})" if notes else ""))
    count = len(seen)
    return (f"Convoy #{f['convoy']} scanned {count} hex{'es' if count > 1 else ''} around "
            f"{f['hex']} for {f['fuel']} fuel: {'; '.join(seen)}.")


def _racetrack(f: Facts) -> str:
    won = f["vehicle"] if f["count"] == 1 else f"{f['count']} {f['vehicles']}"
    return (f"Convoy #{f['convoy']} won a free {won} at the Racetrack in {f['hex']}; training "
            f"is now {f['training']}.")


def _rifles_made(f: Facts) -> str:
    plural = "" if f["made"] == 1 else "s"
    return (f"The Armsmaster of convoy #{f['convoy']} made {f['made']} rifle{plural}; it now "
            f"carries {f['rifles']}.")


def _disbanded(f: Facts) -> str:
    """A convoy left with no vehicles; the troops still aboard go with it (CC-CNV-72)."""
    troops = number(f["troops"])
    if not troops:
        return f"Convoy #{f['convoy']} has no vehicles left and disbands."
    lost = "1 troop aboard is" if troops == 1 else f"{troops:,} troops aboard are"
    return f"Convoy #{f['convoy']} has no vehicles left and disbands; the {lost} lost."


def _joined(fact: Fact) -> str:
    return " and ".join(words(fact))


OWN: dict[EventKind, Sentence] = {
    EventKind.LEGACY: "{" + SENTENCE + "}",
    # income, game-turn end, random events
    EventKind.INCOME: lambda f: f"Income: {amounts(f['amounts'])}.",
    EventKind.RANDOM_EVENT: _random_event,
    EventKind.POPULARITY: ("At the end of game turn {turn} your popularity is {popularity} "
                           "({change:+d}; victory at {threshold})."),
    EventKind.VICTORY_WATCH: ("You reached the victory threshold of {threshold} at the end of "
                              "game turn {since}; hold it to the end of game turn {last} to win."),
    EventKind.POPULATION_FELL: _population_fell,
    EventKind.POPULATION_GREW: _population_grew,
    EventKind.POPULATION_FULL: ("{city} ({hex}) is at its maximum of {maximum:,} people and did "
                                "not grow."),
    EventKind.PLAGUE: ("The Plague has broken out in {city} ({hex}); its Hospital will halve the "
                       "deaths until a convoy CUREs it."),
    # entry, capture, loot
    EventKind.MET_CLAN: lambda f: f"In {f['hex']} you met {_introduction(f)} for the first time.",
    EventKind.HEX_TOO_STRONG: lambda f: (f"Convoy #{f['convoy']} has "
                                         f"{count_of(number(f['troops']), 'troops')}; {f['hex']} "
                                         f"needs {f['low']}–{f['high']} to attack, so it was "
                                         "left alone."),
    EventKind.HEX_CALLED_OFF: ("Convoy #{convoy}'s commander judged {hex} too strong for "
                               "{troops} troops and called the attack off."),
    EventKind.HEX_ATTACK_FAILED: ("Convoy #{convoy} attacked {hex} and failed; all {lost} "
                                  "attacking troops were killed."),
    EventKind.HEX_CAPTURED: _hex_captured,
    EventKind.LOOT: {
        "search": _loot,
        "bank": "Convoy #{convoy} looted the Bank in {hex}: ${money:,}.",
    },
    EventKind.LOOT_EMPTY: {
        "bank": ("Convoy #{convoy} tried the Bank in {hex} again, but your Clan already looted "
                 "it this turn."),
        "looted": ("Convoy #{convoy} searched {hex}, but it has already been looted: nothing is "
                   "left."),
    },
    EventKind.HIDDEN: {
        "loot": "convoy #{convoy} is hidden and cannot loot",
        "scan": "convoy #{convoy} is hidden and cannot scan",
    },
    EventKind.RECON: "convoy #{convoy} is in Recon mode and cannot loot",
    EventKind.PLAGUE_DETECTED: "The Doctor of convoy #{convoy} found the Plague in {city} ({hex}).",
    EventKind.PICKUP: lambda f: (f"Convoy #{f['convoy']} picked up {counted(f['taken'])} in "
                                 f"{f['hex']}."),
    # food, sickness, the Dealer
    EventKind.HUNGRY: _hungry,
    EventKind.DESERTION: _desertion,
    EventKind.VEHICLE_DESERTED: ("With its troops gone, a {vehicle} of convoy #{convoy} deserted "
                                 "as well."),
    EventKind.SICK_DESERTION: ("Convoy #{convoy} is at {health}% health, below {limit}%: all "
                               "{lost} of its troops deserted, and it cannot take on more until "
                               "it is healed."),
    EventKind.DEALER: ("Convoy #{convoy}'s Dealer bought {amount} {item} for {purpose} at double "
                       "price: ${cost:,}."),
    EventKind.DEALER_BROKE: ("Convoy #{convoy}'s Dealer could not buy {amount} {item} for "
                             "{purpose}: it would cost ${cost:,} and the treasury holds "
                             "${money:,}."),
    # maintenance and upkeep
    EventKind.SUNK: ("Convoy #{convoy} ended the turn over the water of {hex} with nowhere to "
                     "land and was lost with everything aboard."),
    EventKind.PARTS: lambda f: (f"Convoy #{f['convoy']} used "
                                f"{count_of(number(f['parts']), 'parts')} for maintenance."),
    EventKind.SCRAPPED: lambda f: (f"Convoy #{f['convoy']} needed {f['need']} parts; short of "
                                   f"parts, it scrapped {', '.join(words(f['scrapped']))} and "
                                   f"paid {f['paid']}."),
    EventKind.DISBAND: {
        "no_vehicles": _disbanded,
        "zero_morale": ("Convoy #{convoy}'s morale stayed at 0 for a whole turn: it disbanded, "
                        "and its vehicles, troops, weapons, experts and cargo are lost."),
    },
    EventKind.MORALE: _morale,
    EventKind.MORALE_ZERO: ("Convoy #{convoy}'s morale is 0: if it is still 0 when its next turn "
                            "ends, the convoy disbands."),
    EventKind.SETTING_RESET: {
        "no_expert": lambda f: (f"Convoy #{f['convoy']} has no expert for "
                                f"{_joined(f['settings'])}; the setting went back to its "
                                "default."),
    },
    EventKind.TRAINING: lambda f: (f"Convoy #{f['convoy']}'s {_joined(f['experts'])} raised its "
                                   f"training by {f['gained']} to {f['training']}."),
    EventKind.RIFLES_MADE: _rifles_made,
    # scan
    EventKind.SCAN: _scan,
    EventKind.SCAN_SHORT: lambda f: (f"Convoy #{f['convoy']} ran short of fuel and could not "
                                     f"scan {', '.join(words(f['missed']))}."),
    EventKind.NO_EXPERT: {"scan": "convoy #{convoy} has no Expert Scout to scan"},
    EventKind.ONCE_PER_TURN: {"scan": "convoy #{convoy} has already scanned this turn"},
    EventKind.NOTHING_TO_SCAN: ("convoy #{convoy} could enter none of the hexes around {hex}, so "
                                "there is nothing to scan"),
    EventKind.NO_FUEL: {
        "scan": ("convoy #{convoy} needs at least {need} fuel to scan a hex but only {have} is "
                 "left"),
    },
    # structures, city buildings, radio
    EventKind.POLICE_STATION: ("Convoy #{convoy} drilled at the Police Station in {hex}: "
                               "training +{gain} (now {training}) and +{bonus}% to all combat "
                               "for the rest of the turn."),
    EventKind.REC_CENTER: ("Convoy #{convoy} relaxed at the Rec Center in {hex}: morale +{gain} "
                           "(now {morale})."),
    EventKind.RACETRACK: _racetrack,
    EventKind.GARRISON_RECRUITS: ("The Garrison in {hex} recruited {recruited} local guards for "
                                  "free; {hex} now has {guards}."),
    EventKind.JUNKYARD: {
        "ready": ("The Junkyard of {city} ({hex}) has a car ready for the first of your land "
                  "convoys to enter the hex this turn."),
        "taken": ("Convoy #{convoy} took the Junkyard {vehicle} in {city} ({hex}); training is "
                  "now {training}."),
        "lost": "No land convoy came for the Junkyard car of {city} ({hex}); it is lost.",
    },
    EventKind.RECRUITS: "{recruits} citizens of {city} ({hex}) enlisted at the Recruiting Center.",
    EventKind.HELIPAD: ("The Helipad flew {troops} unallocated troops into {city} ({hex}); it "
                        "now holds {garrison}."),
    # EventKind.RADIO: sentences/radio_sentences.py
    # the books only (never in a report; worded for programs that list every event)
    EventKind.FOOD_EATEN: "Your troops ate {food:,} food.",
    # a sheet's problems beyond those kept with the save
    EventKind.MORE_PROBLEMS: lambda f: (f"…and {f['more']:,} more "
                                        f"{'problem' if f['more'] == 1 else 'problems'} in the "
                                        "rest of the sheet."),
    # a turn's failed lines beyond those kept with the save (every one is in the TurnResult)
    EventKind.MORE_FAILED: lambda f: (f"…and {f['more']:,} more order "
                                      f"{'line' if f['more'] == 1 else 'lines'} failed when "
                                      "their time came."),
}
"""Kind → the sentence the Clan it happened to reads."""

TOLD: dict[EventKind, Sentence] = {
    EventKind.MET_CLAN: lambda f: (f"In {f['hex']} your convoy was met by {_introduction(f)}; "
                                   "the first meeting of your Clans."),
    EventKind.PASSAGE: lambda f: (f"A convoy of Clan {f['actor']} passed through your hex "
                                  f"{f['hex']} in {str(f['mode']).title()} mode."),
    EventKind.HEX_DEFENDED: "Your hex {hex} beat off an attack by Clan {actor}.",
    EventKind.HEX_LOST: "Clan {actor} captured your hex {hex}.",
    EventKind.BANK_LOOTED: "Clan {actor} looted ${money:,} from your Bank in {hex}.",
}
"""Kind → the sentence a Clan reads when another Clan's turn did it to it (ctx.notify)."""
