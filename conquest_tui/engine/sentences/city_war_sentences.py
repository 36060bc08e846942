"""Sentences of city war: assaults on cities (ATTACK), guarding convoys (GUARD), the radio news."""

from __future__ import annotations

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.sentences.turn_sentences import Facts, Sentence, number
from conquest_tui.engine.sentences.turn_sentences import number_of as _n


def _owner(f: Facts) -> str:
    return f"Clan {f['owner']}'s" if f["owner"] else "the unclaimed"


def _equipment(f: Facts) -> str:
    parts = []
    if f["rifles_lost"]:
        parts.append(f"{_n(f['rifles_lost'], 'rifle')} lost")
    if f["grenades_used"]:
        parts.append(f"{_n(f['grenades_used'], 'grenade')} thrown")
    return f" ({', '.join(parts)})" if parts else ""


def _battle(f: Facts) -> str:
    """What both captured and failed assaults share: who fought, for how long, what it cost."""
    guards = f" and {_n(f['guards'], 'guarding troop')}" if f["guards"] else ""
    return (f"Convoy #{f['convoy']} attacked {_owner(f)} city {f['city']} ({f['hex']}) with "
            f"{_n(f['troops'], 'troop')} at {f['to_hit']}% to hit, against "
            f"{_n(f['garrison'], 'defender')}{guards} at {f['city_to_hit']}%. After "
            f"{_n(f['rounds'], 'round')} you lost {_n(f['lost'], 'troop')} and killed "
            f"{_n(f['killed'], 'defender')}{_equipment(f)}; "
            f"{_n(f['population'], 'person', 'people')} died in the fighting.")


def _training(f: Facts) -> str:
    return f" Training +{f['training']}." if f["training"] else ""


def _captured(f: Facts) -> str:
    if f["vigilance"]:
        stay = f"{_n(f['left'], 'troop')} stay as its garrison, as your Vigilance orders"
    else:
        stay = f"{_n(f['left'], 'troop')} stay as its garrison"
    claymores = (f" Its {_n(f['claymores'], 'claymore')} were destroyed."
                 if f["claymores"] else "")
    return (f"{_battle(f)} The city is yours: {_n(f['pillage'], 'person', 'people')} died in the "
            f"looting, {stay}.{claymores} Morale +{f['morale']}.{_training(f)} It pays you from "
            "your next turn; you cannot fortify it, erect buildings or create convoys there this "
            "turn.")


def _failed(f: Facts) -> str:
    return (f"{_battle(f)} The attack failed and the city is now hostile to you. "
            f"Morale -{f['morale']}.{_training(f)}")


def _cannot_attack(f: Facts) -> str:
    why = f["reason"]
    if why == "attack_no_city":
        return f"there is no city in {f['hex']} for convoy #{f['convoy']} to attack"
    if why == "attack_own":
        return f"{f['city']} ({f['hex']}) is your own city; convoy #{f['convoy']} did not attack"
    if why == "attack_ally":
        return (f"{f['city']} ({f['hex']}) belongs to your ally Clan {f['owner']}; the attack "
                "will not be processed")
    if why == "attack_treaty":
        return (f"{f['city']} ({f['hex']}) belongs to Clan {f['owner']}, with which you have a "
                f"treaty; declare war on it first (DECLARE WAR {f['owner']}) and attack from the "
                "next game turn")
    if why == "attack_hidden":
        return f"convoy #{f['convoy']} is hidden and cannot attack {f['city']} ({f['hex']})"
    return f"convoy #{f['convoy']} has no troops to attack {f['city']} ({f['hex']}) with"


def _cannot_guard(f: Facts) -> str:
    if f["reason"] == "guard_no_city":
        return f"there is no city in {f['hex']} for convoy #{f['convoy']} to guard"
    return (f"{f['city']} ({f['hex']}) is not friendly to you; convoy #{f['convoy']} cannot "
            "guard it")


def _guard(f: Facts) -> str:
    patrol = " It no longer patrols." if f["patrol"] else ""
    return (f"Convoy #{f['convoy']} guards {f['city']} ({f['hex']}): its "
            f"{_n(f['troops'], 'troop')} join the city's defense and fall first if it is "
            f"attacked. It stays in the hex this turn.{patrol}")


def _city_lost(f: Facts) -> str:
    claymores = f" and {_n(f['claymores'], 'claymore')}" if f["claymores"] else ""
    return (f"Clan {f['actor']} attacked {f['city']} ({f['hex']}) with "
            f"{_n(f['attackers'], 'troop')} and took it. You lost its "
            f"{_n(f['troops'], 'troop')}{claymores}; "
            f"{_n(number(f['population']) + number(f['pillage']), 'person', 'people')} died in the "
            "fighting and the looting.")


def _city_held(f: Facts) -> str:
    claymores = f" and {_n(f['claymores'], 'claymore')}" if f["claymores"] else ""
    return (f"{f['city']} ({f['hex']}) beat off an attack by Clan {f['actor']}: of its "
            f"{_n(f['attackers'], 'attacker')}, {f['killed']:,} fell. You lost "
            f"{_n(f['troops'], 'troop')}{claymores}, and "
            f"{_n(f['population'], 'person', 'people')} died in the fighting. The city is now "
            f"hostile to Clan {f['actor']}.")


def _guards_fought(f: Facts) -> str:
    end = (" and stopped guarding: it has no troops left" if not f["left"]
           else f"; {_n(f['left'], 'troop')} still stand guard")
    return (f"Convoy #{f['number']}, guarding {f['city']} ({f['hex']}), fought Clan "
            f"{f['actor']}'s attack and lost {_n(f['lost'], 'troop')}{end}.")


# the radio's news of a city attack: sentences/radio_sentences.py (CC-CBC-18, CC-CITY-63)


TOLD: dict[EventKind, Sentence] = {
    EventKind.CITY_LOST: _city_lost,
    EventKind.CITY_HELD: _city_held,
    EventKind.GUARDS_FOUGHT: _guards_fought,
}
"""Kind → the sentence the city's owner or a guarding convoy's Clan reads (ctx.notify)."""

OWN: dict[EventKind, Sentence] = {
    EventKind.CITY_CAPTURED: _captured,
    EventKind.CITY_ATTACK_FAILED: _failed,
    EventKind.GUARD: _guard,
    EventKind.CANNOT_ATTACK: _cannot_attack,
    EventKind.CANNOT_GUARD: _cannot_guard,
    **TOLD,  # should a told kind ever be read by the Clan whose turn it was
}
"""Kind → the sentence the attacking or guarding Clan reads."""
