"""Sentences of diplomacy: ALLY, BAN, MESSAGE; the house rules' treaties and revolts."""

from __future__ import annotations

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.sentences.turn_sentences import Facts, Sentence
from conquest_tui.engine.sentences.turn_sentences import number_of as _n

_VERB = {"ally": "ally with", "ban": "ban", "message": "send a message to",
         "broadcast": "send a message to"}


def reason_text(f: Facts) -> str:
    """Why a diplomacy order cannot be carried out (the sheet checker and the turn alike)."""
    why = f["reason"]
    if why == "dip_self":
        return f"you cannot {_VERB[str(f['order'])]} your own Clan"
    if why == "dip_unknown_clan":
        return f"there is no Clan {f['other']} in this game"
    if why == "dip_off_map":
        return f"hex {f['hex']} is not on the map"
    if why == "dip_too_many":
        return (f"you may send at most {_n(f['most'], 'message')} a turn, MESSAGE and "
                "BROADCAST together; this one was not sent")
    return (f"you may send at most {_n(f['most'], 'message')} to every Clan a turn; this one "
            "was not sent")


def shown_text(f: Facts) -> str:
    """The message as the radio gives it: `588>text` when signed, `>text` when anonymous and
    to everyone, the bare text otherwise (CC-CL-MESSAGE-01, CC-CL-BROADCAST-01)."""
    if f["sender"]:
        return f"{f['sender']}>{f['text']}"
    if f["to"] == "all":
        return f">{f['text']}"
    return str(f["text"])


def _ally(f: Facts) -> str:
    if not f["on"]:
        return (f"Clan {f['other']} is no longer your ally: your convoys may fight its convoys "
                "and take its hexes and cities again.")
    banned = (" You also ban it from your cities." if f["banned"] else "")
    return (f"Clan {f['other']} is now your ally: your convoys will not fight its convoys, take "
            "its hexes or attack or bomb its cities. It is not told, and need not count you "
            f"as its ally.{banned}")


def _ban(f: Facts) -> str:
    if f["why"] == "all":
        return (f"You ban every Clan from your cities ({_n(f['count'], 'new ban')}, "
                f"{f['total']:,} in all). Lift a ban with BAN and the Clan's number.")
    if not f["on"]:
        return f"Clan {f['other']} may use your cities again."
    ally = " It stays on your ally list." if f["ally"] else ""
    return (f"Clan {f['other']} is banned from your cities: no troops, weapons, experts or "
            f"goods there, though it may still attack them.{ally}")


def _destination(f: Facts) -> str:
    if f["to"] == "all":
        return "every Clan"
    if f["to"] == "hex":
        return f"whoever is in hex {f['hex']}"
    return f"Clan {f['other']}"


def _sent(f: Facts) -> str:
    signed = "signed " if f["sender"] else "anonymous "
    return f'Your {signed}message to {_destination(f)} went out: "{shown_text(f)}"'


def _heard(f: Facts) -> str:
    if f["to"] == "all":
        where = "to every Clan"
    elif f["to"] == "hex":
        where = f"to hex {f['hex']}"
    else:
        where = "to you"
    return f'Heard on the radio, {where}: "{shown_text(f)}"'


# --- house rules: treaties and revolt -------------------------------------------------------
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


def treaty_reason_text(f: Facts) -> str:
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
    where = f"{f['city']} ({f['hex']})"
    if f["owner"]:
        return f"News: {where} rose against Clan {f['owner']} and is neutral again."
    lost = (f"its garrison of {_n(f['troops'], 'troop')} was killed" if f["troops"]
            else "it had no garrison to stop it")
    return (f"{where} revolted ({f['chance']}% chance): {lost}, and it is neutral again. A "
            f"conquered city of its size is safe with {_n(f['safe'], 'troop')}.")


TREATY_TOLD: dict[EventKind, Sentence] = {
    EventKind.TREATY_OFFER: _offered,
    EventKind.TREATY_MADE: _made_told,
    EventKind.TREATY_REJECTED: _rejected_told,
    EventKind.TREATY_LAPSED: _lapsed_told,
    EventKind.WAR_DECLARED: _war_told,
}
"""Kind → the sentence the other Clan of a treaty reads."""

TREATY_OWN: dict[EventKind, Sentence] = {
    EventKind.TREATY_OFFER: _offer,
    EventKind.TREATY_MADE: _made,
    EventKind.TREATY_REJECTED: _rejected,
    EventKind.TREATY_LAPSED: _lapsed,
    EventKind.TREATY_ENDED: _ended,
    EventKind.WAR_DECLARED: _war,
    EventKind.TREATY_BROKEN: _broken,
    EventKind.CANNOT_TREATY: treaty_reason_text,
    EventKind.CITY_REVOLT: _revolt,
}
"""Kind → the sentence the Clan whose turn it was reads."""


TOLD: dict[EventKind, Sentence] = {
    EventKind.MESSAGE: _heard,
    **TREATY_TOLD,
}
"""Kind → the sentence a Clan reads of a message sent to it (a signed one names its actor)."""

OWN: dict[EventKind, Sentence] = {
    EventKind.ALLY: _ally,
    EventKind.BAN: _ban,
    EventKind.MESSAGE_SENT: _sent,
    EventKind.CANNOT_ALLY: reason_text,
    EventKind.CANNOT_BAN: reason_text,
    EventKind.CANNOT_MESSAGE: reason_text,
    **TOLD,  # an anonymous message has no actor, so it is read in this form
    **TREATY_OWN,  # after TOLD: a treaty event without an actor is read as its own Clan's
}
"""Kind → the sentence the Clan whose turn it was reads."""
