"""The turn log: one line per past turn with its main events, in a player's words (issue 16)."""

from __future__ import annotations

from collections.abc import Iterable

from conquest_tui.engine.core.events import EventKind, shown
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.sentences.turn_sentences import items


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def summary(events: Iterable[Event]) -> str:
    """"took Eastreach; lost 1 hex; 2 battles; lost convoy #2; income $12,400"."""
    taken: list[str] = []
    lost: list[str] = []
    hexes_taken = hexes_lost = battles = 0
    sunk: list[str] = []
    income = 0
    for event in events:
        if not shown(event.kind):
            continue
        facts = event.facts
        if event.kind is EventKind.CITY_CAPTURED:
            taken.append(str(facts.get("city", facts.get("hex", ""))))
        elif event.kind is EventKind.CITY_LOST:
            lost.append(str(facts.get("city", facts.get("hex", ""))))
        elif event.kind is EventKind.HEX_CAPTURED:
            hexes_taken += 1
        elif event.kind is EventKind.HEX_LOST:
            hexes_lost += 1
        elif event.kind is EventKind.CONVOY_BATTLE and facts.get("why") != "declined":
            battles += 1
            if facts.get("why") in ("destroyed", "both_destroyed"):
                sunk.append(f"lost convoy #{facts.get('convoy')}")
        elif event.kind is EventKind.SUNK:
            sunk.append(f"convoy #{facts.get('convoy')} sank")
        elif event.kind is EventKind.INCOME:
            income += sum(amount for item, amount in items(facts.get("amounts", ()))
                          if item == "money")
    parts: list[str] = []
    if taken:
        parts.append("took " + ", ".join(taken))
    if hexes_taken:
        parts.append("took " + _count(hexes_taken, "hex", "hexes"))
    if lost:
        parts.append("lost " + ", ".join(lost))
    if hexes_lost:
        parts.append("lost " + _count(hexes_lost, "hex", "hexes"))
    if battles:
        parts.append(_count(battles, "battle", "battles"))
    parts += sunk
    parts.append(f"income ${income:,}")
    return "; ".join(parts)


def log_line(game_turn: int, text: str) -> str:
    """"Turn 4: took Eastreach; income $12,400"."""
    return f"Turn {game_turn}: {text}"
