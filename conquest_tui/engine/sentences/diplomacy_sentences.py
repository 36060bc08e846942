"""Sentences of diplomacy: alliances, bans, and messages heard on the radio (ALLY, BAN, MESSAGE)."""

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


TOLD: dict[EventKind, Sentence] = {
    EventKind.MESSAGE: _heard,
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
}
"""Kind → the sentence the Clan whose turn it was reads."""
