"""Sentences of the events and problems of orders carried out (or not) at their pulse."""

from __future__ import annotations

from collections.abc import Callable

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.sentences.reason_sentences import place, reason_text
from conquest_tui.engine.sentences.turn_sentences import (
    Facts,
    Sentence,
    Wording,
    amounts,
    count_of,
    number,
    number_of,
    rows,
    vehicle_counts,
    words,
)

# --- moving and modes ----------------------------------------------------------------------------


def _move(f: Facts) -> str:
    how = " along the river" if f["river"] else " by road" if f["road"] else ""
    note = ", coming out of hiding" if f["was_hidden"] else ""
    return (f"Convoy #{f['convoy']} moved {f['direction'] or 'to'} {f['hex']} ({f['terrain']})"
            f"{how} for {f['fuel']} fuel{note}.")


def _pause(f: Facts) -> str:
    note = " and came out of hiding" if f["was_hidden"] else ""
    return f"Convoy #{f['convoy']} paused in {f['hex']} for {f['fuel']} fuel{note}."


def _switched(f: Facts) -> str:
    note = "; its troops and weapons went back to the stockpile" if f["mode"] == "empty" else ""
    return f"Convoy #{f['convoy']} switched to {str(f['mode']).title()} mode{note}."


def _no_moves(f: Facts) -> str:
    unit = "hexes of range" if f["air"] else "moves"
    return (f"convoy #{f['convoy']} has {f['left']} of its {f['allowance']} {unit} left this "
            f"turn; the move to {f['hex']} was cancelled")


_MOVING: dict[EventKind, Sentence] = {
    EventKind.MOVE: _move,
    EventKind.PAUSE: _pause,
    EventKind.MODE: {
        "already": lambda f: f"Convoy #{f['convoy']} is already in {str(f['mode']).title()} mode.",
        "switched": _switched,
    },
    EventKind.CHEMIST_FUEL: "Convoy #{convoy}'s Chemist found {fuel} fuel of hidden gasoline "
                            "near the road in {hex}.",
    EventKind.OFF_MAP: "convoy #{convoy} cannot go {direction} from {origin}: that is the edge "
                       "of the map",
    EventKind.SAME_HEX: "convoy #{convoy} is already in {hex}; use PAUSE to re-enter a hex",
    EventKind.ILLEGAL_MOVE: lambda f: f"convoy #{f['convoy']} cannot move: {reason_text(f)}",
    EventKind.NO_MOVES: _no_moves,
    EventKind.NEW_CONVOY: "convoy #{convoy} was created this turn and cannot {action}",
    EventKind.GUARDING: "convoy #{convoy} is guarding a city and cannot move this turn",
}

# --- the order lines themselves ------------------------------------------------------------------

_LINES: dict[EventKind, Sentence] = {
    EventKind.OVER_LIMIT: {
        "convoy_lines": "convoy #{convoy} has only {limit} order lines; {text} was not carried "
                        "out",
        "clan_lines": "only {limit} {section} Clan order lines this turn; {text} was not carried "
                      "out",
    },
    EventKind.TOO_SICK: "convoy #{convoy} is below 50% health and can carry out no orders",
    EventKind.NOT_SUPPORTED: "{keyword} is not yet supported in this version; the line was "
                             "skipped",
}

# --- market and new convoys ----------------------------------------------------------------------

_COSTS_TOO_MUCH = " costs ${cost:,} but the treasury holds only ${money:,}; nothing was bought"


def _enlisted(f: Facts) -> str:
    short = "" if f["troops"] == f["wanted"] else \
        f" (money for only {f['troops']} of {f['wanted']})"
    return f"Enlisted {number_of(f['troops'], 'troop')} at ${f['price']:,} each{short}."


def _sold_items(f: Facts) -> str:
    quantity, price = number(f["quantity"]), number(f["price"])
    return f"Sold {quantity:,} {f['item']} at ${price:,} each (${price * quantity:,})."


def _goods_sold_off(f: Facts) -> str:
    """The goods a sold convoy carried, lost with it (older saves have no `cargo` fact)."""
    cargo = number(f.get("cargo", 0))
    if not cargo:
        return ""
    return f", and its {cargo:,} {'unit' if cargo == 1 else 'units'} of goods were lost"


_MARKET: dict[EventKind, Sentence] = {
    EventKind.BUY: {
        "vehicles": "Bought {quantity} {name} for convoy #{convoy} (${cost:,}); training is now "
                    "{training}.",
        "items": "Bought {quantity:,} {item} at ${price:,} each (${cost:,}).",
        "offer": "Bought {quantity:,} {item} at the special price of ${price:,} each instead of "
                 "${usual:,} (${cost:,}).",
    },
    EventKind.SELL: {
        "vehicles": "Sold {quantity} {name} of convoy #{convoy} for ${value:,}.",
        "items": _sold_items,
    },
    EventKind.SELL_CONVOY: lambda f: (f"Sold convoy #{f['convoy']} for ${f['value']:,}; its troops "
                                      "and weapons returned to the stockpile and its experts "
                                      f"left{_goods_sold_off(f)}."),
    EventKind.ENLIST: _enlisted,
    EventKind.CREATE: 'Created {convoy_type} convoy #{convoy} "{name}" in {hex} for ${cost:,}; '
                      "it starts hidden and cannot move this turn.",
    EventKind.INDOCTRINATION: "The Indoctrination Center gives convoy #{convoy} a free {name}, "
                              "+{morale} morale, +{training} training and {troops} new troops "
                              "at no charge.",
    EventKind.WRONG_TYPE: {
        "buy": "{name} are {vehicle_type} vehicles; convoy #{number} is a {convoy_type} convoy",
    },
    EventKind.NOT_ENOUGH: {
        "vehicles": "convoy #{number} has {have} {name}, not {quantity}",
        "items": "the stockpile holds {have:,} {item}, not {quantity:,}",
    },
    EventKind.CANNOT_CREATE: reason_text,
    EventKind.TOO_MANY: {
        "convoys": "you already have the most convoys a Clan may have (AMB-55)",
    },
}


# --- hexes and structures -----------------------------------------------------------------------


def listed(items: Fact) -> str:
    """("a",) → "a"; ("a", "b", "c") → "a, b and c"; () → ""."""
    names = [str(item) for item in items] if isinstance(items, tuple) else [str(items)]
    return "".join(names) if len(names) <= 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _built(f: Facts) -> str:
    return (f"Built a {f['structure']} in {f['hex']} for ${f['cost']:,}; it will produce "
            f"{amounts(f['production'])} per turn from next turn.")


def _gambled(f: Facts) -> str:
    stake, returned = number(f["stake"]), number(f["returned"])
    if returned >= 0:
        net = returned - stake
        result = f"${returned:,} back (net {'+' if net >= 0 else '−'}${abs(net):,})"
    else:
        result = f"the stake is lost and another ${f['lost']:,} with it"
    text = f"Gambled ${stake:,} at the Casino in {f['hex']}: {f['outcome']}, {result}."
    return text + (" The Casino was closed down for good." if f["closed"] else "")


def _not_owned(f: Facts) -> str:
    pattern = str(f["pattern"])
    owned = f"you own no hex that matches {pattern}" if "*" in pattern else \
        f"you do not own hex {pattern}"
    return f"{owned}; nothing was {f['verb']} there"


def _defended(f: Facts) -> str:
    raised = "; ".join(f"{hex_id} to {level} ({name}) for ${cost:,}"
                       for hex_id, level, name, cost in rows(f["raised"]))
    return f"Defense raised: {raised}. Total ${f['total']:,}."


def _guards(f: Facts) -> str:
    way = "from" if f["withdrawn"] else "to"
    moved = "; ".join(f"{amount} {way} {hex_id} (now {garrison} of {defense})"
                      for amount, hex_id, garrison, defense in rows(f["moved"]))
    what = "withdrawn to the unallocated pool" if f["withdrawn"] else "assigned"
    return f"Guards {what}: {moved}."


def _defend_broke(f: Facts) -> str:
    costs = listed(tuple(f"{hex_id} (${cost:,})" for hex_id, cost in rows(f["costs"])))
    return (f"not enough money to raise {costs}; the treasury holds ${f['money']:,} and nothing "
            "was charged for them")


_HEXES: dict[EventKind, Sentence] = {
    EventKind.BUILD: _built,
    EventKind.GAMBLE: _gambled,
    EventKind.FISH: "Convoy #{convoy} fished at the Fishery in {hex}: {food} food went to the "
                    "stockpile.",
    EventKind.PAVE: "Convoy #{convoy} paved a road {direction} from {origin} to {hex} for "
                    "${cost:,}.",
    EventKind.CANNOT_BUILD: reason_text,
    EventKind.CANNOT_GAMBLE: reason_text,
    EventKind.GAMBLED_ALREADY: "you already gambled at the Casino in {hex} this turn",
    EventKind.CANNOT_FISH: reason_text,
    EventKind.FISHED_ALREADY: "the Fishery in {hex} was already fished by one of your convoys "
                              "this turn",
    EventKind.CANNOT_PAVE: lambda f: (f"convoy #{f['convoy']} cannot pave: {reason_text(f)}; the "
                                      "order was cancelled"),
    EventKind.NOT_OWNED: _not_owned,
    EventKind.CONQUERED_THIS_TURN: lambda f: ("these hexes changed hands this turn and cannot be "
                                              f"{f['verb']} until next turn: "
                                              f"{listed(f['hexes'])}"),
    EventKind.DEFEND: _defended,
    EventKind.DEFENDED_ALREADY: lambda f: ("defense already raised this turn (one level per "
                                           f"turn): {listed(f['hexes'])}"),
    EventKind.MIGHTY: lambda f: f"already Mighty, the highest defense level: {listed(f['hexes'])}",
    EventKind.GUARDS: _guards,
    EventKind.GUARDS_FULL: lambda f: ("no room for more guards (at most one per defense level): "
                                      f"{listed(f['hexes'])}"),
    EventKind.NO_TROOPS: {
        "guards": "the unallocated pool ran out of troops; {left} are left",
    },
    EventKind.NO_GUARDS: lambda f: f"no guards to withdraw in {listed(f['hexes'])}",
}


# --- cities and goods ---------------------------------------------------------------------------


def _goods_sale(f: Facts) -> str:
    text = (f"Convoy #{f['convoy']} sold {f['amount']} {f['goods']} in {f['city']} ({f['hex']}) "
            f"at ${f['price']:,} each for ${f['value']:,}")
    if f["kickback"] and f["own_city"]:
        text += f", plus the ${f['kickback']:,} kickback of your own city"
    elif f["kickback"]:
        text += f"; Clan {f['city_owner']} received a ${f['kickback']:,} kickback"
    return text + "."


_SHORTFALLS = {
    "withdraw": "only {n} {what} were there to withdraw",
    "stock": "the stockpile held only {n} {what}",
    "limit": "the city holds at most {n} {what}",
}


def _signed(value: Fact) -> str:
    amount = number(value)
    return f"+{amount}" if amount >= 0 else str(amount)


def _assigned(f: Facts) -> str:
    parts = [f"{_signed(f['moved_troops'])} troops"] if f["troops"] else []
    if f["claymores"]:
        parts.append(f"{_signed(f['moved_claymores'])} claymores")
    text = (f"{f['city']} ({f['hex']}) garrison {' and '.join(parts)}: now {f['city_troops']} "
            f"troops and {f['city_claymores']} claymores")
    notes = [_SHORTFALLS[str(why)].format(n=n, what=what)
             for what, why, n in rows(f["short"])]
    if notes:
        text += f" ({'; '.join(notes)})"
    return text + "."


def _erected(f: Facts) -> str:
    name = str(f["building"])
    article = "an" if name[:1] in ("A", "E", "I", "O", "U") else "a"
    return f"Erected {article} {name} in {f['city']} ({f['hex']}) for ${f['cost']:,}."


_CITIES: dict[EventKind, Sentence] = {
    EventKind.GOODS_PICKUP: "Convoy #{convoy} picked up {amount} {goods} in {city} ({hex}); it "
                            "now carries {cargo}.",
    EventKind.GOODS_DUMP: "Convoy #{convoy} dumped {amount} {goods} in {hex}; it is gone for "
                          "good.",
    EventKind.GOODS_SALE: _goods_sale,
    EventKind.NO_PICKUP: lambda f: f"convoy #{f['convoy']} cannot pick up goods: {reason_text(f)}",
    EventKind.NO_DROPOFF: lambda f: (f"convoy #{f['convoy']} cannot sell its cargo: "
                                     f"{reason_text(f)}"),
    EventKind.NO_CARGO: "convoy #{convoy} carries no cargo to dump",
    EventKind.NO_CITY: "there is no city in {hex}",
    EventKind.NOT_YOURS: "{city} ({hex}) is not your city",
    EventKind.ASSIGN: _assigned,
    EventKind.CANNOT_FORTIFY: lambda f: f"FORTIFY failed: {reason_text(f)}",
    EventKind.FORTIFY: "{city} ({hex}) was fortified from {level} to {new_level} for ${cost:,}; "
                       "it now holds up to {capacity} troops.",
    EventKind.CANNOT_ERECT: lambda f: f"{f['building']} was not erected: {reason_text(f)}",
    EventKind.ERECT: _erected,
}

_CITIES_TOLD: dict[EventKind, Sentence] = {
    EventKind.KICKBACK: "Clan {actor} sold {amount} {goods} in your city {city} ({hex}); your "
                        "kickback was ${kickback:,}.",
}

# --- experts -------------------------------------------------------------------------------------


def _hired(f: Facts) -> str:
    note = " A Spy is of no use inside a convoy: PLANT him in a city (CC-CNV-64)." \
        if f["code"] == "SPY" else ""
    return (f"Convoy #{f['convoy']} hired an Expert {f['expert']} at {place(f)} for "
            f"${f['cost']:,}: {f['effect']}{note}")


def _celebrated(f: Facts) -> str:
    notes = " (a city taken this turn)" if f["captured"] else ""
    if f["gourmet"]:
        notes += " with the Gourmet's feast"
    return (f"Convoy #{f['convoy']} celebrated in {place(f)}{notes}: {f['food']} food eaten, "
            f"morale +{f['gain']} to {f['morale']}.")


_EXPERTS: dict[EventKind, Sentence] = {
    EventKind.HIRE: _hired,
    EventKind.CELEBRATE: _celebrated,
    EventKind.PRACTICE: lambda f: (f"Convoy #{f['convoy']} practiced in {place(f)} for "
                                   f"{f['fuel']} fuel: training +{f['gained']} to "
                                   f"{f['training']}."),
    EventKind.CANNOT_HIRE: {
        "site": lambda f: f"convoy #{f['convoy']} cannot hire here: {reason_text(f)}",
        "convoy": reason_text,
    },
    EventKind.NOT_FULL: "convoy #{convoy} must be full of troops to {verb} ({troops} of "
                        "{capacity})",
    EventKind.NO_PLACE: "convoy #{convoy} can {verb} only in a friendly city or in a hex you own "
                        "with a {structure}",
    EventKind.MORALE_FULL: "convoy #{convoy}'s morale is already {current}",
    EventKind.TRAINING_FULL: "convoy #{convoy}'s training is already {current}",
    EventKind.NO_FOOD: "convoy #{convoy}'s celebration needs {need} food but only {have} is left",
    EventKind.HIDDEN: {
        "celebrate": "convoy #{convoy} is hidden and cannot celebrate",
        "practice": "convoy #{convoy} is hidden and cannot practice",
        "hire": "convoy #{convoy} is hidden and cannot hire",
    },
    EventKind.ONCE_PER_TURN: {
        "celebrate": "convoy #{convoy} has already celebrated this turn",
        "practice": "convoy #{convoy} has already practiced this turn",
    },
    EventKind.NO_EXPERT: {
        "practice": "convoy #{convoy} has no Expert Trainer to run the drills",
    },
}

# --- transfers between convoys and Clan housekeeping ---------------------------------------------


def _converted(f: Facts) -> str:
    lost = f"; {f['dumped']} goods were lost" if f["dumped"] else ""
    return (f"Convoy #{f['convoy']} \"{f['name']}\" converted from {f['old_type']} to "
            f"{f['convoy_type']}: its vehicles sold for ${f['sale']:,}, one {f['scout']} bought "
            f"for ${f['cost']:,}; troops and weapons went back to the stockpile{lost}.")


def _given(f: Facts) -> str:
    """What one GIVE moved: "3 cars", "10 troops", "the Expert Engineer, the Expert Doctor"."""
    if f["given"] == "vehicle":
        return f"{f['quantity']} {f['vehicle'] if f['quantity'] == 1 else f['vehicles']}"
    if f["given"] == "items":
        return f"{f['quantity']} {f['item']}"
    assert isinstance(f["experts"], tuple)
    return ", ".join(f"the Expert {name}" for name in f["experts"])


def _split(f: Facts) -> str:
    vehicles = ", ".join(vehicle_counts(f["vehicles"]))
    return (f"Convoy #{f['convoy']} split in {f['hex']} for ${f['cost']:,}: the new convoy "
            f"#{f['new']} \"{f['name']}\" has {vehicles} and {f['troops']} troops; both have "
            f"morale {f['morale']} and training {f['training']}. The new convoy can do nothing "
            "more this turn.")


def _absorbed(f: Facts) -> str:
    extra = ""
    if f["experts_lost"]:
        extra += f" Duplicate experts left: {', '.join(words(f['experts_lost']))}."
    if f["cargo_dumped"]:
        extra += f" {f['cargo_dumped']} {f['cargo_type']} of a different kind were dumped."
    if f["returned"]:
        back = ", ".join(f"{amount} {item}"
                         for item, amount in rows(f["returned"]))
        extra += f" {back} did not fit and went back to the stockpile."
    return (f"Convoy #{f['convoy']} absorbed convoy #{f['target']} in {f['hex']}: morale "
            f"{f['morale']}, training {f['training']}, health {f['health']}%.{extra}")


_TRANSFERS: dict[EventKind, Sentence] = {
    EventKind.GIVE: lambda f: (f"Convoy #{f['sender']} gave {_given(f)} to convoy "
                               f"#{f['convoy']} in {f['hex']}."),
    EventKind.CANNOT_GIVE: lambda f: f"GIVE failed: {reason_text(f)}",
    EventKind.CONVERT: _converted,
    EventKind.CANNOT_CONVERT: lambda f: f"CONVERT failed: {reason_text(f)}",
    EventKind.SPLIT: _split,
    EventKind.CANNOT_SPLIT: lambda f: f"SPLIT failed: {reason_text(f)}",
    EventKind.ABSORB: _absorbed,
    EventKind.CANNOT_ABSORB: lambda f: f"ABSORB failed: {reason_text(f)}",
    EventKind.SETTING_RESET: {
        "given": lambda f: (f"Without the expert, convoy #{f['convoy']}'s "
                            f"{' and '.join(words(f['settings']))} setting lapsed to its "
                            "default."),
    },
}

_HOUSEKEEPING: dict[EventKind, Sentence] = {
    EventKind.ORDER_LINES: "Bought {pre} pre-turn and {post} post-turn Clan order lines for "
                           "${cost:,}; they appear on next turn's orders sheet.",
    EventKind.TWICE: {
        "order": "ORDER may be given once a turn; this second ORDER was ignored",
        "event": "you already had your random event this turn",
    },
    EventKind.RENAME: {
        "convoy": 'Convoy #{convoy} "{old}" is now called "{name}".',
        "clan": 'Clan {clan} "{old}" is now called "{name}".',
    },
    EventKind.TOO_LATE: reason_text,
    EventKind.SLOGAN: lambda f: (f"Your slogan is now \"{f['slogan']}\"." if f["slogan"]
                                 else "Your slogan is cleared."),
    EventKind.PHONE: {
        "off": "Your phone number is no longer shown to Clans you meet.",
        "on": "Clans you meet will see your phone number {number}.",
    },
    EventKind.NO_PHONE: "PHONE ON needs a number the first time, like PHONE ON (513)555-3902",
    EventKind.TRAIN: "Trained {quantity} agents for ${cost:,}; you now have {agents}.",
    EventKind.VIGILANCE: "Vigilance set to {percent}%: convoys with an Expert Politician leave "
                         "{percent}% of a captured city's troop capacity there as its garrison.",
}

# --- failures many orders share, keyed by the order's "why" ------------------------------------

_NO_MONEY: dict[str, Wording] = {
    "vehicles": "{quantity} {name}" + _COSTS_TOO_MUCH,
    "items": "{quantity:,} {item}" + _COSTS_TOO_MUCH,
    "create": "a new convoy #{number}" + _COSTS_TOO_MUCH,
    "split": "splitting convoy #{convoy}" + _COSTS_TOO_MUCH,
    "order_lines": "{lines} extra order lines" + _COSTS_TOO_MUCH,
    "train": "training {quantity} agents" + _COSTS_TOO_MUCH,
    "convert": "the new scout costs ${cost:,} and the old vehicles fetch only ${sale:,} with "
               "${money:,} in the treasury; nothing was converted",
    "enlist": "troops cost ${price:,} each and the treasury holds ${money:,}; nobody enlisted",
    "build": "a {structure} costs ${cost:,} but the treasury holds only ${money:,}; nothing was "
             "built",
    "gamble": "the stake is ${stake:,} but the treasury holds only ${money:,}; you did not gamble",
    "pave": "the road from {origin} to {hex} costs ${cost:,} but the treasury holds only "
            "${money:,}; nothing was paved",
    "defend": _defend_broke,
    "hire": "an Expert {expert} costs ${cost:,} but the treasury holds only ${money:,}; nobody "
            "was hired",
    "fortify": "raising {city} ({hex}) from {level} costs ${cost:,} but the treasury holds only "
               "${money:,}; nothing was done",
    "erect": lambda f: (f"the treasury holds ${f['money']:,}, less than the ${f['cost']:,} a "
                        f"building costs; not erected: {', '.join(words(f['buildings']))}"),
}

_NO_FUEL: dict[str, str] = {
    "move": "convoy #{convoy} needs {need} fuel to enter {hex} but only {have} is left; it stays "
            "in {origin}",
    "pause": "convoy #{convoy} needs {need} fuel to pause but only {have} is left",
    "practice": "convoy #{convoy}'s drills need {need} fuel but only {have} is left",
}

_NO_CONVOY: dict[str, str | Callable[[Facts], str]] = {
    "orphan_section": lambda f: (f"you have no convoy #{f['number']}; its "
                                 f"{count_of(number(f['count']), 'lines')} "
                                 f"{'was' if f['count'] == 1 else 'were'} not carried out"),
    "buy": "you have no convoy #{number} to receive the {name}",
    "plain": "you have no convoy #{number}",
    "give": "you have no convoy #{number}; you can give only between your own convoys",
    "rename": "you have no convoy #{number} to rename",
}

_DISBAND: dict[str, str] = {
    "sold": "Convoy #{convoy} has no vehicles left and disbands.",
    "given": "Convoy #{convoy} has no vehicles left and disbands.",
}

OWN: dict[EventKind, Sentence] = {
    **_MOVING,
    **_LINES,
    **_MARKET,
    **_HEXES,
    **_CITIES,
    **_EXPERTS,
    **_TRANSFERS,
    **_HOUSEKEEPING,
    EventKind.NO_MONEY: _NO_MONEY,
    EventKind.DISBAND: _DISBAND,
    EventKind.NO_FUEL: _NO_FUEL,
    EventKind.NO_CONVOY: _NO_CONVOY,
}
"""Kind → the sentence the Clan that gave the order reads."""

TOLD: dict[EventKind, Sentence] = {**_CITIES_TOLD}
"""Kind → the sentence another Clan reads when told of it (ctx.notify)."""
