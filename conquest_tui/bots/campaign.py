"""War campaigns: which of a Clan's convoys march on a rival's cities, and which rival."""

from __future__ import annotations

import math
from collections.abc import Iterable

from conquest_tui.bots import war
from conquest_tui.bots.levels import Level
from conquest_tui.bots.paths import Paths
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.reports.view import UNKNOWN, ClanView, ConvoyInfo

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


def traces(view: ClanView) -> list[tuple[int, int, str]]:
    """(Clan, game turn, hex) of each place the Clan knows a rival's (not an ally's) convoy or
    battle was, newest first: its convoys seen from cities or met, the Clans it met, battles
    its radios heard, the hexes and cities a rival struck it in, the hexes it took from a rival
    (CC-GEN-05, CC-GEN-12, CC-CITY-64, CC-RPT-06)."""
    skip = {0, UNKNOWN, view.number, *view.clan.allies}
    found: set[tuple[int, int, str]] = set()
    for sighting in view.sightings():
        found.add((sighting.owner, sighting.game_turn, sighting.hex))
    for met in view.met_clans():
        if met.last_seen_hex:
            found.add((met.number, met.last_seen_turn, met.last_seen_hex))
    for event in (*view.last_turn().events, *view.since_last_turn()):
        place = str(event.facts.get("hex", ""))
        actor, previous = event.facts.get("actor"), event.facts.get("previous")
        if event.kind is EventKind.RADIO:
            clans = event.facts.get("clans", ())
            for clan in clans if isinstance(clans, (tuple, list)) else ():
                if isinstance(clan, int):
                    found.add((clan, event.game_turn, place))
        elif isinstance(actor, int):  # a rival struck the Clan there
            found.add((actor, event.game_turn, place))
        elif event.kind is EventKind.HEX_CAPTURED and isinstance(previous, int):
            found.add((previous, event.game_turn, place))
    return sorted(((clan, turn, hex_id) for clan, turn, hex_id in found
                   if clan not in skip and hex_id), key=lambda t: (-t[1], t[0], t[2]))


def marches(view: ClanView, level: Level, paths: Paths, enemy: int) -> dict[int, str]:
    """Convoy number → the rival city (or place) it marches on: the fullest of the Clan's
    convoys (the level's `war_party` share of them), each toward the nearest city it knows the
    enemy holds (another rival's when it knows none of the enemy's) within MARCH_DEPTH moves.
    Knowing no rival city in reach, they march on where a rival was last seen or heard of
    (the enemy first)."""
    if level.war_party <= 0:
        return {}
    ready = sorted((c for c in view.convoys() if _ready(c)),
                   key=lambda c: (-c.troops, c.number))
    party = ready[:math.ceil(len(view.convoys()) * level.war_party)]
    if not party:
        return {}
    allies = set(view.clan.allies)
    held = [(info.owner == enemy, info.hex) for info in view.listed_cities()
            if info.owner > 0 and info.owner != view.number and info.owner not in allies]
    targets = _toward(paths, party, held, set())
    seen = traces(view)
    places = [(clan == enemy, hex_id) for clan, _turn, hex_id in seen]
    targets.update(_toward(paths, party, places, set(targets)))
    return targets


def war_muster(view: ClanView, level: Level, convoy: ConvoyInfo, target: str | None) -> int:
    """Troops a convoy of the war party should grow to in a friendly city so that it can take
    the rival city it marches on at the level's odds (as the Clan knows the city: one never
    seen is taken to be full); 0 when it marches on no city, or `war_musters` troops would
    not do."""
    if target is None or level.war_musters <= 0:
        return 0
    info = view.city_info(target)
    if info is None or info.owner <= 0 or info.owner == view.number:
        return 0
    unseen, wanted = level.unseen_garrison, level.attack_odds
    fewest = war.fewest_troops(view, convoy, info, level.war_musters, unseen, wanted,
                               level.counts_grenades)
    return 0 if fewest is None else fewest


def _toward(paths: Paths, party: Iterable[ConvoyInfo], places: list[tuple[bool, str]],
            sent: set[int]) -> dict[int, str]:
    """Each convoy of the party not yet `sent` → the nearest of `places` it can reach within
    MARCH_DEPTH moves, the first-flagged ones first whatever the distance."""
    if not places:
        return {}
    # the flagged places come first, whatever the distance: a search may stop at the nearest
    nearest_of = {hex_id for first, hex_id in places if first} or {h for _, h in places}
    targets: dict[int, str] = {}
    for convoy in party:
        if convoy.number in sent:
            continue
        reach = paths.reach_toward(convoy.convoy_type, convoy.hex, MARCH_DEPTH, nearest_of)
        found = [(not first, reach.distance[hex_id], hex_id) for first, hex_id in places
                 if reach.distance.get(hex_id, 0) > 0]
        if found:
            targets[convoy.number] = min(found)[2]
    return targets


def _ready(convoy: ConvoyInfo) -> bool:
    """Whether the convoy is fit to march: visible, able to fight, nearly full of troops."""
    return (not convoy.hidden and convoy.mode != "empty" and convoy.troop_capacity > 0
            and convoy.troops >= FULL_SHARE * convoy.troop_capacity)


__all__ = ["MARCH_DEPTH", "foe", "marches", "traces", "war_muster"]
