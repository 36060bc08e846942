"""Radio: battles broadcast from a hex, heard at turn end by cities in range (CC-CITY-62…66)."""

from __future__ import annotations

from functools import lru_cache

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Broadcast, CityState
from conquest_tui.engine.world import buildings, knowledge

RADIO_TOWER = "RAD"


def broadcast(game: Game, hex_id: str, kind: EventKind, clans: list[int], **facts: Fact) -> None:
    """Announce a convoy battle (CONVOY_BATTLE), a city attack (CITY_CAPTURED,
    CITY_ATTACK_FAILED), a bombing (BOMB) or a razing (RAZE) in hex_id, with its facts
    (CC-CITY-63); `sentences/radio_sentences` words it. `clans` are the Clans in it; 0 (no one,
    e.g. an unowned city's owner) is left out."""
    game.state.broadcasts.append(Broadcast(hex=hex_id, game_turn=game.state.game_turn,
                                           kind=kind, facts={"hex": hex_id, **facts},
                                           clans=sorted(set(clans) - {0})))


def listening_range(game: Game, city: CityState) -> int:
    """Radio range; a Radio Tower counts unless built or captured this turn (CC-CITY-52/66)."""
    tower = buildings.works(game, city, RADIO_TOWER) and \
        city.built_turns.get(RADIO_TOWER) != game.state.game_turn
    return knowledge.radio_range(game, city.fortification, [RADIO_TOWER] if tower else [])


def hear(game: Game, clan: int) -> list[tuple[Broadcast, str]]:
    """Broadcasts since the Clan's last report, with the city that heard each: other Clans'
    battles within radio range, and every battle of its own with "" for the city (CC-CITY-64,
    CC-RPT-06); every pending broadcast is then marked as covered for this Clan (CC-CITY-65)."""
    fresh = [item for item in game.state.broadcasts if clan not in item.heard_by]
    for item in fresh:
        item.heard_by.append(clan)
    others = {item.hex for item in fresh if clan not in item.clans}
    listeners: dict[str, str] = {}
    if others:
        cities = tuple((city.hex, listening_range(game, city)) for city in game.state.cities
                       if city.owner == clan)
        listeners = listeners_of(cities, others)
    heard = [(item, "" if clan in item.clans else listeners[item.hex]) for item in fresh
             if clan in item.clans or item.hex in listeners]
    everyone = {c.number for c in game.state.clans}
    playing = len(everyone)  # heard by fewer Clans than play: not by everyone (no set needed)
    game.state.broadcasts = [b for b in game.state.broadcasts
                             if len(b.heard_by) < playing or not everyone.issubset(b.heard_by)]
    return heard


def listeners_of(cities: tuple[tuple[str, int], ...], hexes: set[str]) -> dict[str, str]:
    """Hex → the first of the cities (their hexes and radio ranges, in their order) whose radio
    reaches it, for the hexes asked about that one reaches: each hex measured against each city
    when that is fewer steps than the hexes of every city's area, else looked up in the areas'
    index (kept for the same cities and ranges). Both give the same answer."""
    areas = sum(3 * reach * (reach + 1) + 1 for _, reach in cities if reach >= 0)
    if len(hexes) * len(cities) > areas:
        index = _listeners(cities)
        return {hex_id: index[hex_id] for hex_id in hexes if hex_id in index}
    found: dict[str, str] = {}
    for hex_id in hexes:
        listener = next((city for city, reach in cities
                         if hexgrid.distance(city, hex_id) <= reach), None)
        if listener is not None:
            found[hex_id] = listener
    return found


@lru_cache(maxsize=64)
def _listeners(cities: tuple[tuple[str, int], ...]) -> dict[str, str]:
    """Hex → the first of the cities (their hexes and radio ranges, in their order) whose radio
    reaches it: the index many broadcasts are heard through, each in one look-up. Kept for the
    same cities and ranges (the grid never changes; callers only read)."""
    listeners: dict[str, str] = {}
    for city, reach in cities:
        if reach >= 0:
            for hex_id in hexgrid.hexes_within(city, reach):
                listeners.setdefault(hex_id, city)
    return listeners


def report_heard(ctx: TurnContext) -> None:
    """End of turn: the Clan's radio report, one event per broadcast heard: `heard` is the
    broadcast's kind, its facts follow (CC-CITY-64, CC-RPT-06)."""
    for item, listener in hear(ctx.game, ctx.clan.number):
        facts = {**item.facts, "listener": listener, "heard": item.kind.value, "hex": item.hex,
                 "turn": item.game_turn, "clans": tuple(item.clans)}
        ctx.report(EventKind.RADIO, "CC-CITY-64", **facts)
