"""Sentences of the Plague: curing cities, AID, convoys catching the Scourge and healing."""

from __future__ import annotations

from collections.abc import Mapping

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.economy.economy import describe_amount
from conquest_tui.engine.sentences.turn_sentences import Sentence, number

Facts = Mapping[str, Fact]


def _place(f: Facts) -> str:
    return f"{f['city']} ({f['hex']})"


def _gift(f: Facts) -> str:
    if f.get("gift") == "supplies":
        gift = describe_amount(str(f["item"]), number(f["amount"]))
        return f" In thanks the city gave you {gift}."
    if f.get("gift") == "vehicle":
        return (f" In thanks the city gave the convoy a {f['vehicle']} (its training is now "
                f"{f['training']}).")
    return ""


def _cured(f: Facts) -> str:
    who = f"Convoy #{f['convoy']}'s Doctor" if f["automatic"] else f"Convoy #{f['convoy']}"
    whose = f", a city of Clan {f['owner']}," if f["rival"] else ""
    doctor = " (the Doctor's care saved vaccine)" if f["doctor"] else ""
    return (f"{who} cured {_place(f)}{whose} of the Plague with {f['vaccine']:,} "
            f"vaccine{doctor}; it cannot break out there again for a while.{_gift(f)}")


def _why_not(f: Facts) -> str:
    if f["reason"] == "no_city":
        return f"there is no city in hex {f['hex']}"
    if f["reason"] == "no_plague":
        return f"{_place(f)} does not have the Plague"
    return (f"curing {_place(f)} takes {f['need']:,} vaccine but only {f['have']:,} is left; "
            "nothing was spent")


def _sickened(f: Facts) -> str:
    head = f"The Scourge brought convoy #{f['convoy']} down to {f['health']}% health"
    if f["below"] and f["below"] == f["stop"]:
        return f"{head}: below {f['stop']}% it can carry out no orders until it is healed."
    if f["below"]:
        return (f"{head}: unless vaccine heals it to {f['desert']}% or more, all its troops "
                "will desert.")
    return f"{head}; vaccine will heal it in the healing steps if you have enough."


def _healed(f: Facts) -> str:
    number = f["convoy"]
    if f["why"] == "healed":
        return (f"Convoy #{number} was healed with {f['vaccine']:,} vaccine: health {f['was']}% "
                f"→ 100%.")
    if f["why"] == "partly":
        return (f"Convoy #{number} was only partly healed with the last {f['vaccine']:,} vaccine "
                f"(it needed {f['need']:,}): health {f['was']}% → {f['health']}%.")
    return (f"Convoy #{number} could not be healed: it needs {f['need']:,} vaccine and none is "
            f"left (health {f['health']}%).")


OWN: dict[EventKind, Sentence] = {
    EventKind.CURE: _cured,
    EventKind.CANNOT_CURE: {
        "order": lambda f: f"convoy #{f['convoy']} cannot cure: {_why_not(f)}",
        "aid": lambda f: (f"Convoy #{f['convoy']}'s Doctor could not cure {_place(f)} of the "
                          f"Plague: it takes {f['need']:,} vaccine but only {f['have']:,} is "
                          "left."),
    },
    EventKind.AID: lambda f: (
        (f"Convoy #{f['convoy']} will now cure every plagued city it enters." if f["on"]
         else f"Convoy #{f['convoy']} will no longer cure cities by itself.") if f["changed"]
        else f"Convoy #{f['convoy']}'s automatic curing was already {'on' if f['on'] else 'off'}."),
    EventKind.NO_EXPERT: {
        "aid": "convoy #{convoy} has no Expert Doctor, and AID needs one",
    },
    EventKind.INFECTED: ("Convoy #{convoy} caught the Scourge in {city} ({hex}): its health will "
                         "fall every pulse until vaccine heals it."),
    EventKind.SICKENED: _sickened,
    EventKind.HEALED: _healed,
}
"""Kind → the sentence the Clan it happened to reads."""

TOLD: dict[EventKind, Sentence] = {
    EventKind.CURE: "A convoy of Clan {actor} cured your city {city} ({hex}) of the Plague.",
}
"""Kind → the sentence a Clan reads when another Clan's turn did it to it."""
