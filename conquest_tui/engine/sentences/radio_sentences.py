"""Sentences of the radio: battles, bombings, razings and the moderator's offers (CC-CITY-63/64)."""

from __future__ import annotations

from collections.abc import Callable

from conquest_tui.engine.core.events import SENTENCE, EventKind
from conquest_tui.engine.sentences.turn_sentences import Facts, Sentence


def _convoy_battle(f: Facts) -> str:
    return f"Clan {f['attacker']} fought Clan {f['defender']} in hex {f['hex']}"


def _whose_city(f: Facts) -> str:
    if not f["owner"]:
        return f"the city of {f['city']}"
    return f"Clan {f['owner']}'s city of {f['city']}"


def _city_attack(f: Facts) -> str:
    outcome = "and took it" if f["won"] else "and was beaten off"
    return f"Clan {f['attacker']} attacked {_whose_city(f)} ({f['hex']}) {outcome}"


def _bomb(f: Facts) -> str:
    return f"Clan {f['actor']} bombed {_whose_city(f)} ({f['hex']})"


def _raze(f: Facts) -> str:
    return f"Clan {f['actor']} razed its own city of {f['city']} ({f['hex']})"


def _offer(f: Facts) -> str:
    return (f"the moderator announces a special buying opportunity for game turn "
            f"{f['for_turn']}: {f['item']} at ${f['price']:,} each instead of ${f['usual']:,}")


NEWS: dict[EventKind, Callable[[Facts], str]] = {
    EventKind.CONVOY_BATTLE: _convoy_battle,
    EventKind.CITY_CAPTURED: _city_attack,
    EventKind.CITY_ATTACK_FAILED: _city_attack,
    EventKind.BOMB: _bomb,
    EventKind.RAZE: _raze,
    EventKind.OFFER: _offer,
}
"""A broadcast's kind → its news, as every listener hears it."""


def news(kind: str, f: Facts) -> str:
    """What the radio says of a broadcast of this kind (a code, as saved) and facts; an old
    save's broadcast (kind "legacy") keeps its sentence."""
    if kind == EventKind.LEGACY:
        return str(f.get(SENTENCE, ""))
    return NEWS[EventKind(kind)](f)


def heard(f: Facts) -> str:
    """A RADIO event's news alone, capitalised: "Clan 5 fought Clan 7 in hex 0307"; events
    saved before broadcasts were typed carry their news as a sentence (`news`)."""
    said = str(f["news"]) if "news" in f else news(str(f["heard"]), f)
    return said[:1].upper() + said[1:]


def source(f: Facts) -> str:
    """Who heard a RADIO item: "heard in 0307" (a city), "the moderator" (an announcement
    every Clan hears, CC-RES-16) or "your battle" (no city, CC-CITY-64)."""
    if f.get("listener"):
        return f"heard in {f['listener']}"
    return "the moderator" if f.get("heard") == EventKind.OFFER else "your battle"


def _radio(f: Facts) -> str:
    """The RADIO event: a broadcast heard by one of the Clan's cities, a battle of its own
    (no city, CC-CITY-64), or the moderator's announcement of an offer (CC-RES-16)."""
    if "news" in f:  # saved before broadcasts were typed
        return (f"Radio, heard in {f['listener']}: {f['news']} (hex {f['hex']}, "
                f"game turn {f['turn']}).")
    if f.get("heard") == EventKind.OFFER:
        return f"Radio: {heard(f)}."
    where = f", heard in {f['listener']}" if f.get("listener") else " (your battle)"
    return f"Radio{where}: {heard(f)} (game turn {f['turn']})."


OWN: dict[EventKind, Sentence] = {
    EventKind.RADIO: _radio,
    EventKind.OFFER: lambda f: f"Radio: {heard(f)}.",
}
"""Kind → the sentence of a radio item in the Clan's report."""
