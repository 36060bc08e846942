"""Why an order cannot work: one sentence per reason code, for sheet checks and the turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from conquest_tui.engine.core.events import Reason
from conquest_tui.engine.sentences.turn_sentences import Facts, words

ReasonSentence = str | Callable[[Facts], str]
"""The sentence of one reason code: a str.format template over its facts, or a function of them."""

_MOVE_REASONS: dict[str, ReasonSentence] = {
    "off_map": "{target} is off the map",
    "not_adjacent": "{target} is not next to {origin}: only air convoys move more than one hex",
    "water": "{target} is water: a {convoy_type} convoy cannot enter it (CC-MOVE-04)",
    "island_road": "islands are entered and left only along a road, and no road links {origin} "
                   "and {target} (CC-TER-15)",
    "amphibious_terrain": "{target} is {terrain}: an amphibious convoy enters it only along a "
                          "road or river (CC-MOVE-11)",
    "sea_river": "a sea convoy in the river hex {origin} may only follow the river or go into "
                 "water or islands; no river leads to {target} (CC-MOVE-08)",
    "sea_on_land": "a sea convoy on land must move next into water or islands, or follow a "
                   "river; {target} is neither (CC-MOVE-06)",
}


def _fish_type(f: Facts) -> str:
    scare = " and would frighten the fish away" if f["scare"] else ""
    return f"only sea convoys can fish; convoy #{f['number']} is {f['convoy_type']}{scare}"


_HEX_REASONS: dict[str, ReasonSentence] = {
    "build_off_map": "{hex} is not on the map",
    "build_terrain": lambda f: (f"a {f['structure']} can be built only in "
                                f"{' or '.join(words(f['terrains']))} hexes; "
                                f"{f['hex']} is {f['terrain']}"),
    "build_taken": "{hex} already has a {built}: one custom structure per hex",
    "hex_not_owned": "you do not own hex {hex}",
    "no_casino": "there is no Casino in {hex}",
    "casino_not_owned": "you do not own the Casino hex {hex}",
    "fish_type": _fish_type,
    "no_fishery": "there is no Fishery in {hex}",
    "fish_hidden": "convoy #{number} is hidden and cannot fish",
    "fish_recon": "convoy #{number} is in Recon mode and cannot fish",
    "pave_truck": "paving needs a land convoy with at least one {vehicle}",
    "pave_off_map": "{direction} of {origin} is off the map",
    "pave_water": "{target} is water; roads cannot be built there",
    "pave_control": "you must control both {origin} and {target} to pave between them",
    "pave_road": "a road already links {origin} and {target}",
}


def place(f: Facts) -> str:
    """Where a convoy hired, celebrated or practised: "Varnhold (0706)", "the University in
    0812", or a bare hex."""
    if f["city"]:
        return f"{f['city']} ({f['hex']})"
    return f"the {f['structure']} in {f['hex']}" if f["structure"] else str(f["hex"])


def _hire_closed(f: Facts) -> str:
    word = "hostile to you" if f["status"] == "hostile" else "closed to you by its owner's ban"
    return f"{place(f)} is {word}; nobody there will sign on"


_HIRE_REASONS: dict[str, ReasonSentence] = {
    "hire_closed": _hire_closed,
    "no_guild": lambda f: (f"{place(f)} has no Guild; any expert can be hired only in a major "
                           "city you own or in a University hex you own"),
    "university_not_owned": "the University in {hex} is not in a hex you own",
    "no_hiring": "there is no city with a Guild and no University you own in {hex}",
    "name_the_expert": lambda f: (f"{place(f)} has no Guild, so HIRE must name the expert, "
                                  "like HIRE ENG"),
    "guild_only": lambda f: (f"the Guild of {place(f)} trains only its own expert type "
                             f"({f['guild']}); other types are hired in a major city you own or "
                             "a University hex you own"),
    "expert_twice": "convoy #{number} already has an Expert {expert}; a convoy holds one of each",
    "pilot_type": "an Expert Pilot serves only in {needed} convoys, and convoy #{number} is a "
                  "{convoy_type} convoy",
}


_CONVOY_SITE_REASONS: dict[str, ReasonSentence] = {
    "create_no_city": "there is no city in {hex}",
    "create_not_yours": "{city} ({hex}) is not your city",
    "create_conquered": "{city} was conquered this turn; no convoy can be created there yet",
    "type_building": "{type_name} convoys are {verb} only in a city with an {building}",
    "not_coastal": "{city} is not on the coast: sea convoys need a coastal city",
    "convert_city": "convoy #{number} is in {hex}, not in a city you own: convoys are converted "
                    "only in their own cities",
    "convert_same": "convoy #{number} is already a {convoy_type} convoy",
}


def _few_vehicles(f: Facts) -> str:
    vehicle = f["vehicle"] if f["have"] == 1 else f["vehicles"]
    return f"convoy #{f['number']} has {f['have']} {vehicle}"


_TRANSFER_REASONS: dict[str, ReasonSentence] = {
    "give_apart": "convoy #{sender} is in {sender_hex} and convoy #{recipient} in "
                  "{recipient_hex}: both must be in the same hex",
    "give_few_vehicles": _few_vehicles,
    "give_vehicle_type": "{vehicles} are {vehicle_type} vehicles and convoy #{number} is a "
                         "{convoy_type} convoy",
    "give_no_expert": "convoy #{number} has no Expert {expert}",
    "give_no_movable_expert": "convoy #{sender} has no expert that convoy #{recipient} could "
                              "take",
    "give_unknown_kind": "nothing of the kind {kind!r} can be given",
    "give_carries_few": "convoy #{number} carries {have} {item}, not {quantity}",
    "give_empty_mode": "convoy #{number} is in Empty mode and carries no troops or weapons",
    "give_too_sick": "convoy #{number} is below {health}% health and cannot take on troops",
    "give_no_room": "convoy #{number} has room for {room} more {item}",
    "give_other_goods": "convoy #{number} carries {goods}, and a convoy holds one kind of goods "
                        "at a time",
    "give_no_cargo_room": "convoy #{number} has cargo room for {room} more",
    "absorb_none": "you have no convoy #{target} to absorb",
    "absorb_self": "convoy #{number} cannot absorb itself",
    "absorb_apart": "convoy #{target} is in {target_hex}, not in {hex} with convoy #{number}",
    "absorb_type": "convoy #{target} is a {target_type} convoy and convoy #{number} a "
                   "{convoy_type} convoy: only the same type can merge",
    "split_vehicles": "convoy #{number} needs two or more vehicles of at least one type to split",
    "split_most": "you already have {most} convoys, the most a Clan may have (AMB-55)",
}


_CITY_REASONS: dict[str, ReasonSentence] = {
    "trade_banned": "Clan {owner} has banned you from {city}, and no Merchant rides along",
    "trade_hostile": "{city} is hostile to you since your failed attack, and no Merchant rides "
                     "along",
    "pickup_no_city": "there is no city in {hex} to pick up goods from",
    "pickup_hidden": "a hidden convoy cannot pick up goods",
    "pickup_other_goods": "it carries {cargo} {goods} and {city} offers only {produces}; a convoy "
                          "carries one goods type at a time",
    "pickup_full": "it has no room for more cargo",
    "dropoff_no_city": "there is no city in {hex} to sell cargo to",
    "dropoff_empty": "it carries no cargo",
    "dropoff_hidden": "a hidden convoy cannot sell cargo",
    "dropoff_not_goods": "its {goods} are no goods a city buys (DUMP them)",
    "needs_anything_but": "{city} needs anything but {produces}, its own goods",
    "needs_other": "{city} needs {needs}, not {goods}",
    "fortify_not_yours": "{city} ({hex}) is not your city",
    "fortify_top": "{city} ({hex}) is a {level}, which cannot be raised",
    "fortify_conquered": "{city} ({hex}) was conquered this turn and cannot be fortified yet",
    "fortify_twice": "{city} ({hex}) was already fortified this turn (one level per turn)",
    "erect_no_city": "there is no city in {hex}",
    "erect_not_yours": "the city in {hex} is not yours",
    "erect_conquered": "the city in {hex} was conquered this turn; nothing can be erected there "
                       "yet",
    "erect_has_one": "the city in {hex} already has one (one of each type per city)",
}


_CLAN_REASONS: dict[str, ReasonSentence] = {
    "rename_late": "a Clan may rename itself only up to game turn {last}; the name stays",
}


def _reasons(*tables: Mapping[str, ReasonSentence]) -> dict[str, ReasonSentence]:
    """One table of reason sentences; a code declared twice is refused."""
    out: dict[str, ReasonSentence] = {}
    for table in tables:
        twice = out.keys() & table.keys()
        assert not twice, f"reason codes declared twice: {sorted(twice)}"
        out.update(table)
    return out


REASONS: dict[str, ReasonSentence] = _reasons(_MOVE_REASONS, _HEX_REASONS, _HIRE_REASONS,
                                               _CONVOY_SITE_REASONS, _TRANSFER_REASONS,
                                               _CITY_REASONS, _CLAN_REASONS)
"""Reason code → the sentence of why an order cannot work (event and sheet check alike)."""


def reason_text(f: Facts) -> str:
    """The sentence of the "reason" fact, rendered from the facts beside it."""
    sentence = REASONS[str(f["reason"])]
    return sentence.format_map(f) if isinstance(sentence, str) else sentence(f)


def describe(reason: Reason) -> str:
    """A reason as its sentence, for a sheet check's message."""
    return reason_text(reason.as_facts())
