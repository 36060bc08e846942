"""War campaigns: which of a Clan's convoys march on a rival's cities, and which rival."""

from __future__ import annotations

import math

from conquest_tui.bots.levels import Level
from conquest_tui.bots.paths import Paths
from conquest_tui.engine.reports.view import ClanView, ConvoyInfo

MARCH_DEPTH = 60
"""Furthest (in moves) a convoy marches on a rival's city."""
FULL_SHARE = 0.8
"""Share of its troop capacity a convoy must hold to set out on a march."""


def foe(view: ClanView) -> int:
    """The rival a Clan at war marches on: the most popular Clan ahead of it that is not an
    ally, else the most popular other one (0: none)."""
    allies = set(view.clan.allies)
    rivals = [(popularity, number) for number, _name, popularity in view.standing().top_clans
              if number != view.number and number not in allies]
    return max(rivals)[1] if rivals else 0


def marches(view: ClanView, level: Level, paths: Paths, enemy: int) -> dict[int, str]:
    """Convoy number → the rival city it marches on: the fullest of the Clan's convoys (the
    level's `war_party` share of them), each toward the nearest city it knows the enemy holds
    (another rival's when it knows none of the enemy's) within MARCH_DEPTH moves."""
    if level.war_party <= 0:
        return {}
    allies = set(view.clan.allies)
    held = [(info.owner == enemy, info.hex) for info in view.listed_cities()
            if info.owner > 0 and info.owner != view.number and info.owner not in allies]
    if not held:
        return {}
    ready = sorted((c for c in view.convoys() if _ready(c)),
                   key=lambda c: (-c.troops, c.number))
    party = ready[:math.ceil(len(view.convoys()) * level.war_party)]
    # the enemy's cities come first, whatever the distance: a search may stop at the nearest
    nearest_of = {hex_id for theirs, hex_id in held if theirs} or {hex_id for _, hex_id in held}
    targets: dict[int, str] = {}
    for convoy in party:
        reach = paths.reach_toward(convoy.convoy_type, convoy.hex, MARCH_DEPTH, nearest_of)
        found = [(not theirs, reach.distance[hex_id], hex_id) for theirs, hex_id in held
                 if hex_id in reach.distance]
        if found:
            targets[convoy.number] = min(found)[2]
    return targets


def _ready(convoy: ConvoyInfo) -> bool:
    """Whether the convoy is fit to march: visible, able to fight, nearly full of troops."""
    return (not convoy.hidden and convoy.mode != "empty" and convoy.troop_capacity > 0
            and convoy.troops >= FULL_SHARE * convoy.troop_capacity)


__all__ = ["MARCH_DEPTH", "foe", "marches"]
