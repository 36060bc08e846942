"""Build the map pane's MapOverlay from one Clan's fog-filtered ClanView (and nothing else)."""

from __future__ import annotations

from collections import Counter, defaultdict

from conquest_tui.engine.face import UNKNOWN, ClanView
from conquest_tui.ui.map_overlay import CityMark, MapOverlay


def owner_label(owner: int, clan_number: int) -> str | None:
    """"own", the owning Clan's number, or None for unowned or not known."""
    if owner == clan_number:
        return "own"
    if owner in (0, UNKNOWN):
        return None
    return str(owner)


def build_overlay(view: ClanView) -> MapOverlay:
    """What the Clan's map shows: its hexes, what it knows, cities as it knows them, convoys.

    Foreign convoys come only from the Clan's sightings (CC-GEN-05); paved roads only where the
    Clan knows at least one end of the link.
    """
    owned = set(view.owned_hexes())
    known = set(view.known_hexes()) | owned
    cities: dict[str, CityMark] = {}
    for site in view.map.cities:
        info = view.city_info(site.hex)
        owner = info.owner if info is not None else UNKNOWN
        cities[site.hex] = CityMark(site.name, site.major, owner_label(owner, view.number))
    own_convoys: defaultdict[str, list[int]] = defaultdict(list)
    for convoy in view.convoys():
        own_convoys[convoy.hex].append(convoy.number)
    foreign = Counter(sighting.hex for sighting in view.sightings())
    roads = view.known_roads()
    return MapOverlay(
        owned_hexes=owned,
        known_hexes=known,
        cities=cities,
        own_convoys={hex_id: tuple(sorted(numbers)) for hex_id, numbers in own_convoys.items()},
        foreign_convoys=dict(foreign),
        extra_roads=roads,
    )
