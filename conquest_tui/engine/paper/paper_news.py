"""The 1995 report's news: first encounters, passage notes, Heard on the Radio (CC-RPT-06/07/13)."""

from __future__ import annotations

from collections.abc import Iterable

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.sentences import diplomacy_sentences, radio_sentences
from conquest_tui.engine.sentences.turn_sentences import Facts


def _unique(events: Iterable[Event]) -> list[Event]:
    """The events in order, each once (the inbox is read into the turn's events)."""
    seen: list[Event] = []
    for event in events:
        if event not in seen:
            seen.append(event)
    return seen


def encounter_lines(events: Iterable[Event]) -> list[str]:
    """Each Clan met for the first time: number, name, slogan, phone if ON (CC-RPT-13)."""
    out: list[str] = []
    for event in _unique(e for e in events if e.kind == EventKind.MET_CLAN):
        f = event.facts
        out.append(f"Clan {f['clan']} ({f['name']}), met in hex {f['hex']}")
        if f.get("slogan"):
            out.append(f'  Slogan: "{f["slogan"]}"')
        if f.get("phone"):
            out.append(f"  Phone: {f['phone']}")
    return out


def passage_lines(events: Iterable[Event]) -> list[str]:
    """Enemy convoys in Capture or Empty mode through the Clan's hexes (CC-RPT-07)."""
    return [f"{e.facts['hex']}: a convoy of Clan {e.actor} in {str(e.facts['mode']).title()} mode"
            for e in _unique(e for e in events if e.kind == EventKind.PASSAGE)]


def _message_line(f: Facts) -> str:
    """`588>text` signed, `>text` anonymous to all, else the text with where it was sent."""
    text = diplomacy_sentences.shown_text(f)
    if f["to"] == "hex":
        return f"{text}   (to hex {f['hex']})"
    if f["to"] != "all" and not f.get("sender"):
        return f"{text}   (to you)"
    return text


def _radio_line(f: Facts) -> str:
    where = radio_sentences.source(f)
    return f"{radio_sentences.heard(f)}.   (game turn {f['turn']}, {where})"


def radio_lines(events: Iterable[Event]) -> list[str]:
    """Battles in radio range and every battle of the Clan's own, razings, and the messages
    sent to it (`>` public, `clan#>` signed), in the order heard (CC-RPT-06, CC-CITY-67)."""
    out: list[str] = []
    for event in _unique(e for e in events if e.kind in (EventKind.RADIO, EventKind.MESSAGE)):
        facts = {"convoy": event.convoy, "actor": event.actor, **event.facts}  # as event_text
        out.append(_radio_line(facts) if event.kind == EventKind.RADIO else _message_line(facts))
    return out
