"""Sentences of strikes: hex attacks told as battles to both sides, BOMB, RAZE, their radio news."""

from __future__ import annotations

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.sentences.turn_sentences import Facts, Sentence, number, rows, words
from conquest_tui.engine.sentences.turn_sentences import number_of as _n


def _listed(names: Fact) -> str:
    """"the Airport", "the Airport and the Church", "the Airport, the Church and the Shelter"."""
    named = [f"the {name}" for name in words(names)]
    if len(named) <= 1:
        return "".join(named)
    return f"{', '.join(named[:-1])} and {named[-1]}"


# --- hex attacks (CC-CBH): the same battle, read by the attacker and by the hex's owner ---------

def _held(f: Facts) -> str:
    """"0307 (Clan 7's hex, defense level 5, 3 guards)" — or the unclaimed hex."""
    whose = f"Clan {f['owner']}'s hex" if f.get("owner") else "unclaimed"
    guards = _n(f["guards"], "guard") if f["guards"] else "no guards"
    return f"{f['hex']} ({whose}, defense level {f['defense']}, {guards})"


def _hex_failed(f: Facts) -> str:
    if "guards" not in f:  # an event saved before the battle's numbers were kept
        return (f"Convoy #{f['convoy']} attacked {f['hex']} and failed; all {f['lost']} "
                "attacking troops were killed.")
    return (f"Convoy #{f['convoy']} attacked {_held(f)} with {_n(f['troops'], 'troop')} and "
            f"was beaten off: it needed {f['needed']}, and all {_n(f['lost'], 'attacking troop')}"
            " were killed.")


def _hex_captured(f: Facts) -> str:
    if "troops" not in f:  # an event saved before the battle's numbers were kept
        whose = f" from Clan {f['previous']}" if f["previous"] else ""
        guards = f" and killing {f['guards']} guards" if f["guards"] else ""
        return (f"Convoy #{f['convoy']} captured {f['hex']}{whose}, losing {f['lost']} "
                f"troops{guards}.")
    held = _held({**f, "owner": f["previous"]})
    killed = f" and killed {_n(f['guards'], 'guard')}" if f["guards"] else ""
    return (f"Convoy #{f['convoy']} attacked {held} with {_n(f['troops'], 'troop')} and "
            f"captured it: it lost {_n(f['lost'], 'troop')}{killed}. The hex keeps its defense "
            f"level; you cannot put guards in it this turn.{_morale(f)}")


def _morale(f: Facts) -> str:
    return f" Morale +{f['morale']}." if f.get("morale") else ""


def _hex_defended(f: Facts) -> str:
    if "troops" not in f:
        return f"Your hex {f['hex']} beat off an attack by Clan {f['actor']}."
    guards = f"your {_n(f['guards'], 'guard')}" if f["guards"] else "its defenses"
    return (f"Clan {f['actor']} attacked your hex {f['hex']} with {_n(f['troops'], 'troop')}; "
            f"{guards} beat the attack off and all {_n(f['killed'], 'attacker')} were killed.")


def _hex_lost(f: Facts) -> str:
    if "troops" not in f:
        return f"Clan {f['actor']} captured your hex {f['hex']}."
    guards = (f"your {_n(f['guards'], 'guard')} there {'was' if f['guards'] == 1 else 'were'} "
              "killed" if f["guards"] else "it had no guards")
    return (f"Clan {f['actor']} attacked your hex {f['hex']} with {_n(f['troops'], 'troop')} "
            f"and captured it, losing {_n(f['attackers_lost'], 'troop')}; {guards}.")


# --- BOMB (CC-CO-BOMB) -------------------------------------------------------------------------

AIMS = {"B": "at its buildings", "P": "on its people", "T": "at its troops",
        "S": "with the Scourge", "": "at random targets"}


def _damage(f: Facts, whose: str) -> str:
    """What the bombs did, as a list of clauses."""
    done = []
    if words(f["destroyed"]):
        done.append(f"destroyed {_listed(f['destroyed'])}")
    if f["people"]:
        done.append(f"killed {_n(f['people'], 'person', 'people')}")
    if f["killed"]:
        done.append(f"killed {_n(f['killed'], 'troop')} of {whose} garrison")
    if f["infected"]:
        done.append("brought the Plague to the city")
    elif f["target"] == "S" and f["hits"]:
        done.append("spread the Scourge, but the Plague did not take hold")
    return " and ".join(done) if done else "did no harm"


def _bomb_counts(f: Facts) -> str:
    battery = f", {_n(f['duds'], 'bomb')} stopped by the Battery" if f["duds"] else ""
    return f"{f['hits']} hit, {f['misses']} missed{battery}"


def _bomb(f: Facts) -> str:
    whose = f"Clan {f['owner']}'s city" if f["owner"] else "the uncontrolled city"
    return (f"Convoy #{f['convoy']} dropped {_n(f['bombs'], 'bomb')} on {whose} {f['city']} "
            f"({f['hex']}), {AIMS[str(f['target'])]} ({_bomb_counts(f)}): they "
            f"{_damage(f, 'its')}.")


def _bombed(f: Facts) -> str:
    return (f"Clan {f['actor']} bombed your city {f['city']} ({f['hex']}) with "
            f"{_n(f['bombs'], 'bomb')} ({_bomb_counts(f)}): they {_damage(f, 'your')}.")


CANNOT_BOMB: dict[str, str] = {
    "not_air": "convoy #{convoy} is not an air convoy; only air convoys carry and drop bombs",
    "hidden": "convoy #{convoy} is hidden and cannot bomb",
    "twice": "convoy #{convoy} has already bombed this turn",
    "no_bombs": "convoy #{convoy} carries no bombs",
    "no_city": "there is no city in {hex} for convoy #{convoy} to bomb",
    "own_city": "{city} ({hex}) is your own city; convoy #{convoy} will not bomb it",
    "ally": ("{city} ({hex}) belongs to your ally Clan {owner}; convoy #{convoy} will not bomb "
             "it"),
}


# --- RAZE (CC-CO-RAZE) -------------------------------------------------------------------------

def _raze(f: Facts) -> str:
    convoys = rows(f["convoys"])
    others = len(convoys) - 1
    who = f"Convoy #{f['convoy']}" + (f" and {_n(others, 'other convoy')}" if others else "")
    parts = [f"{_n(f['people'], 'person', 'people')} died"]
    if words(f["burned"]):
        parts.append(f"{_listed(f['burned'])} burned")
    if f["killed"]:
        parts.append(f"{_n(f['killed'], 'troop')} of your convoys died in the fires")
    if f["garrison_killed"]:
        parts.append(f"{_n(f['garrison_killed'], 'troop')} of the garrison died")
    text = f"{who} razed your city {f['city']} ({f['hex']}): {', '.join(parts)}."
    if f["returned"]:
        text += f" {_n(f['returned'], 'garrison troop')} went back to your stockpile."
    text += _claymores(number(f["claymores_recovered"]), number(f["claymores_lost"]))
    gains = ", ".join(f"{gain} (convoy #{convoy})" for convoy, gain in convoys)
    return (f"{text} Its fortifications fell to {f['fortification']}; it stands uncontrolled "
            f"with {_n(f['garrison'], 'troop')} and is hostile to you, but you may attack it "
            f"again. Morale rose and training fell by {gains}.")


def _claymores(recovered: int, lost: int) -> str:
    total = recovered + lost
    if not total:
        return ""
    if not recovered:
        return f" Its {_n(total, 'claymore')} {'was' if total == 1 else 'were'} lost."
    if not lost:
        return (f" Its {_n(total, 'claymore')} {'was' if total == 1 else 'were'} recovered to "
                "your stockpile.")
    return (f" {recovered} of its {_n(total, 'claymore')} {'was' if recovered == 1 else 'were'}"
            " recovered to your stockpile; the rest were lost.")


CANNOT_RAZE: dict[str, str] = {
    "no_city": "there is no city in {hex} for convoy #{convoy} to raze",
    "not_yours": "{city} ({hex}) is not your city; you can only raze a city you own",
    "razed": "{city} ({hex}) has already been razed this turn",
}


# the radio's news of a bombing or razing: sentences/radio_sentences.py (CC-CITY-63)

OWN: dict[EventKind, Sentence] = {
    EventKind.HEX_ATTACK_FAILED: _hex_failed,
    EventKind.HEX_CAPTURED: _hex_captured,
    EventKind.BOMB: _bomb,
    EventKind.CANNOT_BOMB: CANNOT_BOMB,
    EventKind.RAZE: _raze,
    EventKind.CANNOT_RAZE: CANNOT_RAZE,
}
"""Kind → the sentence the Clan that struck reads (hex attacks replace sentences.py's)."""

TOLD: dict[EventKind, Sentence] = {
    EventKind.HEX_DEFENDED: _hex_defended,
    EventKind.HEX_LOST: _hex_lost,
    EventKind.BOMBED: _bombed,
}
"""Kind → the sentence the Clan struck at reads."""
