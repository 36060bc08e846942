"""The inbox as data: what a Clan was told outside its own orders, grouped by kind, newest first."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from conquest_tui.engine.face import (
    MAIL,
    ClanView,
    Event,
    EventKind,
    SpyReportInfo,
    event_text,
    hide_rule_ids,
)

MESSAGES, RADIO, SPIES, AGENTS, ESPIONAGE, MEETINGS, AWAY = (
    "Messages", "Radio", "Spies", "Agents", "Espionage", "First meetings", "While you were away")
GROUPS: tuple[str, ...] = (MESSAGES, RADIO, SPIES, AGENTS, ESPIONAGE, MEETINGS, AWAY)
"""The inbox's groups, in the order they are shown."""

_GROUP_OF: dict[EventKind, str] = {
    EventKind.MESSAGE: MESSAGES,
    EventKind.RADIO: RADIO,
    EventKind.PLANT: SPIES,
    EventKind.SABOTAGE: SPIES,
    EventKind.SABOTAGED: SPIES,
    EventKind.SPY_CAUGHT: SPIES,
    EventKind.SPY_LOST: SPIES,
    EventKind.AGENT_REPORT: AGENTS,
    EventKind.ESPIONAGE: ESPIONAGE,
    EventKind.ESPIONAGE_RESULT: ESPIONAGE,
    EventKind.MET_CLAN: MEETINGS,
}
"""Kinds the inbox gathers from the Clan's own last turn too (what it was told, not did)."""


@attrs.frozen
class InboxItem:
    """One thing the Clan was told: its group, its sentence (or a spy report), whether new."""

    group: str
    game_turn: int
    text: str = ""
    """The sentence, from the engine's event wording, rule ids left out."""
    unread: bool = False
    """Arrived since the Clan's last turn (from its inbox)."""
    spy_report: SpyReportInfo | None = None


def group_of(event: Event) -> str | None:
    """The inbox group of an event: by kind, or "while you were away" for anything else another
    Clan's turn brought; None for the Clan's own doings."""
    group = _GROUP_OF.get(event.kind)
    if group is not None:
        return group
    if event.phase == "between" or event.actor not in (0, event.clan):
        return AWAY
    return None


def _items(events: Iterable[Event], *, unread: bool) -> list[InboxItem]:
    out = []
    for event in events:
        group = group_of(event)
        if group is not None:
            out.append(InboxItem(group, event.game_turn, hide_rule_ids(event_text(event)),
                                 unread=unread))
    return out


def inbox_items(view: ClanView) -> list[InboxItem]:
    """Everything in the Clan's inbox: by group (`GROUPS` order), newest game turn first in
    each, a turn's unread items (what arrived since the Clan's last turn) first, then in the
    order they came; what its earlier turns brought has been read: the messages and first
    meetings of the whole game (its mail), the rest of its last turn only."""
    new = _items(view.since_last_turn(), unread=True)
    old = _items(view.mail(), unread=False)
    old += _items((event for event in view.last_turn().events if event.kind not in MAIL),
                  unread=False)
    old += [InboxItem(SPIES, report.game_turn, unread=False, spy_report=report)
            for report in view.spy_reports()]
    return sorted(new + old, key=lambda item: (GROUPS.index(item.group), -item.game_turn,
                                               not item.unread))


def unread_count(view: ClanView) -> int:
    """How many things arrived since the Clan's last turn."""
    return sum(1 for event in view.since_last_turn() if group_of(event) is not None)
