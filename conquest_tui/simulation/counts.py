"""What happened in a game, counted from the typed events of every turn as it is played."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Event

COUNTED: dict[str, frozenset[EventKind]] = {
    "battles": frozenset({EventKind.CONVOY_BATTLE, EventKind.CITY_CAPTURED,
                          EventKind.CITY_ATTACK_FAILED}),
    "convoy_battles": frozenset({EventKind.CONVOY_BATTLE}),
    "cities_captured": frozenset({EventKind.CITY_CAPTURED}),
    "hexes_captured": frozenset({EventKind.HEX_CAPTURED}),
    "plague_cured": frozenset({EventKind.CURE}),
    "espionage": frozenset({EventKind.ESPIONAGE, EventKind.PLANT, EventKind.SABOTAGE}),
    "messages": frozenset({EventKind.MESSAGE_SENT}),
    "alliances": frozenset({EventKind.ALLY}),
    "desertions": frozenset({EventKind.DESERTION}),
}
"""Each count and the event kinds it adds up (a battle: a convoy battle or a city assault)."""


FROM_RIVALS = "cities_from_rivals"
"""Cities captured from another Clan (not from nobody): counted apart, by the city's owner."""


def new_counts() -> Counter[str]:
    """Every count at zero, in the order of COUNTED, then the cities taken from rivals."""
    return Counter(dict.fromkeys((*COUNTED, FROM_RIVALS), 0))


def add_events(counts: Counter[str], events: Iterable[Event]) -> None:
    """Count one turn's own events (those of the Clan that played it, not its inbox)."""
    kinds = Counter(event.kind for event in events
                    if event.facts.get("why") != "declined")  # a battle refused is none
    for name, wanted in COUNTED.items():
        counts[name] += sum(kinds[kind] for kind in wanted)
    counts[FROM_RIVALS] += sum(1 for event in events if event.kind is EventKind.CITY_CAPTURED
                               and event.facts.get("owner"))
