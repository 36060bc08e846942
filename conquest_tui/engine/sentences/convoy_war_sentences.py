"""Sentences of convoy battles, battle repairs, PATROL, HUNT and KILL MODE (helper convoy-war)."""

from __future__ import annotations

from collections.abc import Callable

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.sentences.turn_sentences import (
    Facts,
    Sentence,
    count_of,
    items,
    number,
    vehicle_counts,
)

KILL_MODE_NAMES = {"N": "Normal (hits fall at random)", "T": "Troops", "V": "Vehicles"}


def _losses(troops: int, vehicles: Fact) -> str:
    parts = [count_of(troops, "troops")] if troops else []
    parts += vehicle_counts(vehicles)
    return ", ".join(parts) if parts else "nothing"


def _gone(fact: Fact) -> str:
    """What went down with a destroyed convoy: "3 rifles, 5 units of goods"."""
    parts = []
    for item, amount in items(fact):
        parts.append(f"{amount} {'unit' if amount == 1 else 'units'} of goods" if item == "cargo"
                     else count_of(amount, item))
    return ", ".join(parts)


_ENDING = {
    "won_fled": "The enemy convoy fled into hiding.",
    "won_destroyed": "The enemy convoy was destroyed.",
    "fled": "{own} fled and is now in hiding.",
    "destroyed": "{own} was destroyed.",
    "both_destroyed": "Both convoys were destroyed.",
}


def _battle(f: Facts, *, told: bool) -> str:
    convoy, enemy = f"convoy #{f['convoy']}", f"Clan {f['enemy']}'s convoy #{f['enemy_convoy']}"
    own = f"Your {convoy}" if told else convoy[0].upper() + convoy[1:]
    if f["why"] == "declined":
        return (f"{own} met {enemy} in {f['hex']} and judged it too strong to attack; it let "
                "it be.")
    if f["role"] == "attacker":
        start = f"{own} attacked {enemy} in {f['hex']}"
    else:
        start = f"{enemy} attacked {'your ' if told else ''}{convoy} in {f['hex']}"
    rounds = number(f["rounds"])
    text = (f"{start}: {rounds} {'round' if rounds == 1 else 'rounds'}, {f['dealt']} damage "
            f"dealt and {f['taken']} taken. {_ENDING[str(f['why'])].format(own=own)}"
            f" Lost: {_losses(number(f['troops_lost']), f['lost'])}; enemy lost "
            f"{_losses(number(f['killed']), f['enemy_lost'])}.")
    if f["rockets_fired"]:
        text += f" It fired {count_of(number(f['rockets_fired']), 'rockets')}."
    if f.get("gone"):
        text += f" Lost with it: {_gone(f['gone'])}."
    if "morale" in f:
        morale = number(f["morale"])
        text += f" Morale {'+' if morale >= 0 else ''}{morale}, training +{f['training']}."
    return text


def _repair(f: Facts, *, told: bool) -> str:
    text = (f"{'Your convoy' if told else 'Convoy'} #{f['convoy']} repaired {f['damage']} "
            f"points of battle damage for {count_of(number(f['paid']), 'parts')}")
    if f["vehicles_scrapped"]:
        text += (f"; short of parts (it needed {f['need']}), it scrapped "
                 f"{', '.join(vehicle_counts(f['scrapped']))} for "
                 f"{count_of(number(f['gained']), 'parts')}")
    if f.get("gone") is not None:
        text += "; with no vehicle left it broke up"
        if f["gone"]:
            text += f", and lost {_gone(f['gone'])}"
    return text + "."


def _patrol(f: Facts) -> str:
    cost = f"for {f['fuel']} fuel" if f["fuel"] else "at no fuel cost (military)"
    return (f"Convoy #{f['convoy']} is patrolling {f['hex']} {cost}: it will attack any convoy "
            "that enters.")


def _hunt(f: Facts) -> str:
    found = number(f["found"])
    result = ("no enemy convoy was found" if not found else
              f"{found} enemy {'convoy was' if found == 1 else 'convoys were'} attacked")
    return f"Convoy #{f['convoy']} hunted in {f['hex']} for {f['fuel']} fuel: {result}."


_CANNOT_PATROL: dict[str, str | Callable[[Facts], str]] = {
    "hidden": "convoy #{convoy} is hidden and cannot patrol",
    "guarding": "convoy #{convoy} is guarding a city and cannot patrol",
    "terrain": "convoy #{convoy} is amphibious and cannot patrol in {terrain}",
}
_CANNOT_HUNT: dict[str, str | Callable[[Facts], str]] = {
    "terrain": "convoy #{convoy} is amphibious and cannot hunt in {terrain}",
    "once": "convoy #{convoy} has already hunted this turn (only military convoys hunt again)",
    "same_hex": "convoy #{convoy} has already hunted in {hex} this turn",
}

OWN: dict[EventKind, Sentence] = {
    EventKind.CONVOY_BATTLE: lambda f: _battle(f, told=False),
    EventKind.BATTLE_REPAIR: lambda f: _repair(f, told=False),
    EventKind.PATROL: _patrol,
    EventKind.HUNT: _hunt,
    EventKind.KILL_MODE: lambda f: (f"Convoy #{f['convoy']}'s Kill Mode is now "
                                    f"{KILL_MODE_NAMES[str(f['mode'])]}."),
    EventKind.CANNOT_PATROL: _CANNOT_PATROL,
    EventKind.CANNOT_HUNT: _CANNOT_HUNT,
    EventKind.NO_FUEL: {
        "patrol": "convoy #{convoy} needs {need} fuel to patrol but only {have} is left",
        "hunt": "convoy #{convoy} needs {need} fuel to hunt but only {have} is left",
    },
    EventKind.NO_EXPERT: {
        "kill_mode": "convoy #{convoy} has no Expert Gunner to set a Kill Mode",
    },
}
"""Kind → the sentence the Clan whose turn it is reads."""

TOLD: dict[EventKind, Sentence] = {
    EventKind.CONVOY_BATTLE: lambda f: _battle(f, told=True),
    EventKind.BATTLE_REPAIR: lambda f: _repair(f, told=True),
}
"""Kind → the sentence an idle Clan reads of a battle its convoy fought (CC-CBV-17)."""
