"""Sentences of the house rules treaties and revolt: offers, answers, wars, cities risen."""

from __future__ import annotations

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.sentences.turn_sentences import Facts, Sentence
from conquest_tui.engine.sentences.turn_sentences import number_of as _n

_NAME = {"nat": "non-aggression treaty", "alliance": "alliance"}


def _a(f: Facts) -> str:
    return "an alliance" if f["treaty"] == "alliance" else "a non-aggression treaty"


def _term(f: Facts) -> str:
    return _n(f["turns"], "game turn")


def _offer(f: Facts) -> str:
    return (f"You offered Clan {f['other']} {_a(f)} for {_term(f)}; it answers on its next "
            "sheet, or the offer lapses.")


def _offered(f: Facts) -> str:
    return (f"Clan {f['other']} offers you {_a(f)} for {_term(f)}. Answer on this sheet with "
            f"ACCEPT {f['other']} or REJECT {f['other']}; unanswered, the offer lapses at the "
            "end of this turn.")


def _effect(f: Facts) -> str:
    if f["treaty"] == "alliance":
        return "each of you counts the other as an ally"
    return "your convoys will not fight, and neither may attack the other's hexes or cities"


def _made(f: Facts) -> str:
    return (f"You accepted {_a(f)} with Clan {f['other']}: it binds at once and holds through "
            f"game turn {f['last']}; {_effect(f)}.")


def _made_told(f: Facts) -> str:
    return (f"Clan {f['other']} accepted your offer of {_a(f)}: it binds at once and holds "
            f"through game turn {f['last']}; {_effect(f)}.")


def _rejected(f: Facts) -> str:
    return f"You turned down the {_NAME[str(f['treaty'])]} Clan {f['other']} offered."


def _rejected_told(f: Facts) -> str:
    return f"Clan {f['other']} turned down your offer of {_a(f)}."


def _lapsed(f: Facts) -> str:
    return (f"You did not answer Clan {f['other']}'s offer of {_a(f)}, so it lapsed.")


def _lapsed_told(f: Facts) -> str:
    return f"Clan {f['other']} did not answer your offer of {_a(f)}, so it lapsed."


def _ended(f: Facts) -> str:
    name = _NAME[str(f["treaty"])]
    if f["turns"]:
        return f"Your {name} with Clan {f['other']} has ended: you are at war."
    return f"Your {name} with Clan {f['other']} has run its term and ended."


def _war(f: Facts) -> str:
    return (f"You declared war on Clan {f['other']}: your {_NAME[str(f['treaty'])]} holds "
            f"until game turn {f['last']} begins. Every Clan hears that you broke your word.")


def _war_told(f: Facts) -> str:
    return (f"Clan {f['other']} declared war on you: your {_NAME[str(f['treaty'])]} ends when "
            f"game turn {f['last']} begins.")


def _broken(f: Facts) -> str:
    return (f"News: Clan {f['breaker']} broke its {_NAME[str(f['treaty'])]} with Clan "
            f"{f['other']} and declared war.")


def reason_text(f: Facts) -> str:
    """Why a treaty order cannot be carried out (the sheet checker and the turn alike)."""
    why = f["reason"]
    if why == "treaty_off":
        return "treaties are not in play in this game (a house rule that is off)"
    if why == "treaty_term":
        return (f"a treaty may run at most {_n(f['most'], 'game turn')}, not "
                f"{f['turns']:,}")
    if why == "treaty_too_many":
        return f"you may make at most {_n(f['most'], 'offer')} a sheet; this one was not made"
    if why == "treaty_partner":
        return (f"you have a treaty with Clan {f['other']}; declare war on it first (DECLARE WAR "
                f"{f['other']}), and attack from the next game turn")
    if why == "treaty_holds":
        return f"you already have a treaty with Clan {f['other']}"
    if why == "treaty_no_offer":
        return f"Clan {f['other']} has made you no offer to answer"
    if why == "treaty_none":
        return f"you have no treaty with Clan {f['other']} to break"
    return f"there is no other Clan {f['other']} in this game"


def _revolt(f: Facts) -> str:
    if f["owner"]:
        return (f"News: the city in {f['hex']} rose against Clan {f['owner']} and is neutral "
                "again.")
    return (f"The city in {f['hex']} revolted: its garrison of {_n(f['troops'], 'troop')} was "
            "killed and it is neutral again. Hold a conquered city with a safe garrison.")


TOLD: dict[EventKind, Sentence] = {
    EventKind.TREATY_OFFER: _offered,
    EventKind.TREATY_MADE: _made_told,
    EventKind.TREATY_REJECTED: _rejected_told,
    EventKind.TREATY_LAPSED: _lapsed_told,
    EventKind.WAR_DECLARED: _war_told,
}
"""Kind → the sentence the other Clan of a treaty reads."""

OWN: dict[EventKind, Sentence] = {
    EventKind.TREATY_OFFER: _offer,
    EventKind.TREATY_MADE: _made,
    EventKind.TREATY_REJECTED: _rejected,
    EventKind.TREATY_LAPSED: _lapsed,
    EventKind.TREATY_ENDED: _ended,
    EventKind.WAR_DECLARED: _war,
    EventKind.TREATY_BROKEN: _broken,
    EventKind.CANNOT_TREATY: reason_text,
    EventKind.CITY_REVOLT: _revolt,
}
"""Kind → the sentence the Clan whose turn it was reads."""
