"""What a Clan learns: hexes and cities it sees, convoys it meets or spots (CC-GEN-05)."""

from __future__ import annotations

from functools import lru_cache

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityMemory, Clan, Convoy, Sighting


def see_hex(game: Game, clan: Clan, hex_id: str) -> None:
    """Remember a hex (and the city in it) as seen this game turn (CC-HEX-05, CC-RPT-01)."""
    turn = game.state.game_turn
    clan.known_hexes[hex_id] = turn
    city = game.city(hex_id)
    if city is not None and city.owner != clan.number:
        clan.city_memory[hex_id] = CityMemory(
            hex=hex_id, game_turn=turn, owner=city.owner, population=city.population,
            fortification=city.fortification, troops=city.troops,
            buildings=sorted(city.buildings),
        )


def meet_convoys(game: Game, clan: Clan, convoy: Convoy) -> list[int]:
    """Record the visible foreign convoys in the hex the convoy just entered; return the Clans
    met for the first time (CC-GEN-12)."""
    first_met: list[int] = []
    for other in game.convoys_in(convoy.hex):
        if other.owner == clan.number or other.hidden:
            continue
        _add_sighting(clan, Sighting(
            hex=other.hex, game_turn=game.state.game_turn, owner=other.owner,
            size_name=convoy_stats.size_name(other, game.rules),
            convoy_type=other.convoy_type, how="met",
        ))
        if other.owner not in clan.met_clans:
            clan.met_clans.append(other.owner)
            clan.met_clans.sort()
            first_met.append(other.owner)
    return first_met


def spotting_range(game: Game, fortification: int, buildings: list[str]) -> int:
    """Fortification level, +2 with a Spotting Tower (CC-CITY-57)."""
    rules = game.rules.spotting
    return fortification * rules.per_level + (rules.tower_bonus if "SPO" in buildings else 0)


def radio_range(game: Game, fortification: int, buildings: list[str]) -> int:
    """2 × level + 2, +6 with a Radio Tower (CC-CITY-62)."""
    rules = game.rules.spotting
    radio = rules.radio_per_level * fortification + rules.radio_base
    return radio + (rules.radio_tower_bonus if "RAD" in buildings else 0)


def spot_from_cities(game: Game, clan: Clan) -> None:
    """End of turn: every owned city reports enemy convoys in range (CC-CITY-57…60, AMB-78)."""
    turn = game.state.game_turn
    clan.sightings = [s for s in clan.sightings if s.game_turn == turn and s.how == "met"]
    rules = game.rules.spotting
    cities = [city for city in game.state.cities if city.owner == clan.number]
    if not cities:
        return
    areas = [reach_area(city.hex, spotting_range(game, city.fortification, city.buildings))
             for city in cities]
    watched = set().union(*areas)
    foreign: dict[str, list[tuple[int, Convoy]]] = {}
    for position, other in game.convoys_among(watched):
        if other.owner != clan.number:
            foreign.setdefault(other.hex, []).append((position, other))
    if not foreign:
        return
    where: dict[tuple[str, int], int] = {}
    for index, old in enumerate(clan.sightings):
        where.setdefault((old.hex, old.owner), index)
    for city, area in zip(cities, areas, strict=True):
        reach = spotting_range(game, city.fortification, city.buildings)
        tower = "SPO" in city.buildings
        in_range = sorted(  # in the order of the convoy list, as each city always reported
            (position, area[hex_id], other)
            for hex_id in area.keys() & foreign.keys()
            for position, other in foreign[hex_id]
        )
        for _, distance, other in in_range:
            owner = other.owner if distance <= reach - rules.owner_margin else 0
            size = ""
            if tower and distance <= reach - rules.size_margin:
                size = convoy_stats.size_name(other, game.rules)
            _put_sighting(clan, where, Sighting(hex=other.hex, game_turn=turn, owner=owner,
                                                size_name=size, how="spotted"))


@lru_cache(maxsize=16_384)
def reach_area(hex_id: str, reach: int) -> dict[str, int]:
    """Hex id → distance for the hexes within reach of a hex (the grid never changes; callers
    only read it)."""
    if reach < 0:
        return {}
    return {other: hexgrid.distance(hex_id, other)
            for other in hexgrid.hexes_within(hex_id, reach)}


def _put_sighting(clan: Clan, where: dict[tuple[str, int], int], sighting: Sighting) -> None:
    """_add_sighting with an index of the Clan's sightings by (hex, owner)."""
    index = where.get((sighting.hex, sighting.owner))
    if index is None:
        where[(sighting.hex, sighting.owner)] = len(clan.sightings)
        clan.sightings.append(sighting)
    elif sighting.how == "met" or clan.sightings[index].how != "met":
        clan.sightings[index] = sighting


def _add_sighting(clan: Clan, sighting: Sighting) -> None:
    for index, old in enumerate(clan.sightings):
        if old.hex == sighting.hex and old.owner == sighting.owner:
            if sighting.how == "met" or old.how != "met":
                clan.sightings[index] = sighting
            return
    clan.sightings.append(sighting)
