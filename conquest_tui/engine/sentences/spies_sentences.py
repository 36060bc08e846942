"""Sentences of spies: PLANT, SABOTAGE and its outcomes, counterspies (helper "spies")."""

from __future__ import annotations

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.sentences.turn_sentences import Facts, Sentence, amounts, items
from conquest_tui.engine.sentences.turn_sentences import number_of as _n


def _where(f: Facts) -> str:
    return f"{f['city']} ({f['hex']})"


# --- PLANT (CC-CO-PLANT) -----------------------------------------------------------------------

def _plant(f: Facts) -> str:
    if f["counterspy"]:
        job = ("In your own city he is a counterspy: he watches for enemy spies and may catch "
               "their saboteurs.")
    else:
        job = ("From now on he sends you a city report and a spotting report every turn, and "
               "you may order SABOTAGE there.")
    return (f"Convoy #{f['convoy']}'s Spy slipped into {_where(f)} and hides there for good. "
            f"{job}")


CANNOT_PLANT: dict[str, str] = {
    "no_spy": "convoy #{convoy} has no Expert Spy to plant",
    "no_city": "there is no city in {hex} for convoy #{convoy}'s Spy to hide in",
    "spy_there": ("you already have a spy in {city} ({hex}); convoy #{convoy}'s Spy stays "
                  "aboard"),
}


# --- SABOTAGE (CC-CL-SABOTAGE, AMB-33): what the spy did, as its author and its victim read it --

def _done(f: Facts, whose: str) -> str:
    """What the sabotage did, as a clause: "an explosion killed 3,200 people"."""
    effect = f["effect"]
    if effect in ("kill_population", "kill_population_and_troops", "kill_garrison_percent"):
        dead = []
        if f["people"]:
            dead.append(_n(f["people"], "person", "people"))
        if f["troops"]:
            dead.append(f"{_n(f['troops'], 'troop')} of {whose} garrison")
        return f"an explosion killed {' and '.join(dead)}" if dead else "an explosion did no harm"
    if effect == "no_income":
        return "the city will produce no money at its owner's next Income Phase"
    if effect == "burn_building":
        return f"the {f['building']} burned down" if f["building"] else "there was nothing to burn"
    if effect == "false_spotting":
        return "the city's next spotting report to its owner will be false"
    if effect in ("steal_money", "steal_one_of"):
        if not items(f["stolen"]):
            return "there was nothing to steal"
        return f"{amounts(f['stolen'])} {'went to your treasury' if whose == 'its' else 'stolen'}"
    if effect == "destroy_claymores":
        return (f"{_n(f['claymores'], 'claymore')} blew up" if f["claymores"]
                else "there were no claymores to destroy")
    if effect == "lower_fortification":
        return (f"the fortifications fell to {f['fortification']}" if f["lowered"]
                else f"the fortifications ({f['fortification']}) could fall no lower")
    return "nothing came of it"


def _sabotage(f: Facts) -> str:
    if f["effect"] == "caught":
        return (f"Your spy in {_where(f)} was caught by a counterspy while at sabotage and has "
                "been eliminated; the city's owner knows he was yours.")
    return f"Your spy sabotaged {_where(f)}: {_done(f, 'its')}."


def _sabotaged(f: Facts) -> str:
    return (f"Saboteurs struck your city {_where(f)}: {_done(f, 'your')}. No one knows who "
            "sent them.")


def _sabotaged_seen(f: Facts) -> str:
    return (f"Your counterspy saw a spy of Clan {f['actor']} sabotage your city {_where(f)}: "
            f"{_done(f, 'your')}.")


CANNOT_SABOTAGE: dict[str, str] = {
    "no_city": "there is no city in {hex} to sabotage",
    "own_city": "{city} ({hex}) is your own city; your spy there is a counterspy",
    "no_spy": "you have no spy planted in {city} ({hex}); PLANT one there first",
    "twice": "your spy in {city} ({hex}) has already tried sabotage this turn",
}


# --- counterspies and lost spies (CC-CO-PLANT-04/05, AMB-33) ------------------------------------

def _spy_caught(f: Facts) -> str:
    return (f"Your counterspy in {_where(f)} caught an enemy spy at sabotage; he has been "
            "eliminated and did no harm.")


def _spy_caught_told(f: Facts) -> str:
    return (f"Your counterspy in {_where(f)} caught a spy of Clan {f['actor']} at sabotage; "
            "he has been eliminated and did no harm.")


SPY_LOST: dict[str, str] = {
    "raze": "Your spy in {city} ({hex}) died when the city was razed.",
}


OWN: dict[EventKind, Sentence] = {
    EventKind.PLANT: _plant,
    EventKind.CANNOT_PLANT: CANNOT_PLANT,
    EventKind.SABOTAGE: _sabotage,
    EventKind.SABOTAGED: _sabotaged,
    EventKind.CANNOT_SABOTAGE: CANNOT_SABOTAGE,
    EventKind.SPY_CAUGHT: _spy_caught,
    EventKind.SPY_LOST: SPY_LOST,
}
"""Kind → the sentence as its Clan reads it; SABOTAGED here is the unsigned news of a city hit
by saboteurs nobody saw."""

TOLD: dict[EventKind, Sentence] = {
    EventKind.SABOTAGED: _sabotaged_seen,
    EventKind.SPY_CAUGHT: _spy_caught_told,
}
"""Kind → the sentence a city's owner reads when its counterspy saw who did it."""
