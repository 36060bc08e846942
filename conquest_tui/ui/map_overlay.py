"""What the map pane draws over the terrain, built by the caller from a clan's fog-filtered view."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy of value, so an overlay can never change under the pane."""
    return MappingProxyType(dict(value))


def _frozen_links(value: Any) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(link) for link in value)


def _hex_set(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


def _hex_set_or_none(value: Any) -> frozenset[str] | None:
    return None if value is None else frozenset(value)


@attrs.frozen
class CityMark:
    """A city as the viewing clan knows it."""

    name: str
    major: bool
    owner_label: str | None = None
    """`"own"` for the viewing clan's cities, another clan's number, or None (unowned, unknown)."""


@attrs.frozen
class RouteMark:
    """A hex on the selected convoy's planned route."""

    label: str
    """The pulses it is entered at ("3", "3,5")."""
    capture: bool = False
    """Entered in Capture mode and not the Clan's (nor an ally's): the attack costs troops."""


@attrs.frozen
class MapOverlay:
    """Everything the pane draws on top of the map, for one clan; the pane never sees GameState.

    Hexes missing from `cities` fall back to the map's own city sites (names are public);
    unknown hexes show a city marker but no name.
    """

    owned_hexes: frozenset[str] = attrs.field(default=frozenset(), converter=_hex_set)
    """Hexes the clan owns (drawn underlined)."""
    known_hexes: frozenset[str] | None = attrs.field(default=None, converter=_hex_set_or_none)
    """Hexes the clan knows; None means every hex. Unknown hexes are drawn dimmed."""
    cities: Mapping[str, CityMark] = attrs.field(
        factory=dict, converter=_frozen_mapping, hash=False
    )
    """Hex → the city there as the clan knows it."""
    own_convoys: Mapping[str, tuple[int, ...]] = attrs.field(
        factory=dict, converter=_frozen_mapping, hash=False
    )
    """Hex → numbers of the clan's own convoys there."""
    foreign_convoys: Mapping[str, int] = attrs.field(
        factory=dict, converter=_frozen_mapping, hash=False
    )
    """Hex → how many foreign convoys the clan saw there."""
    extra_roads: frozenset[frozenset[str]] = attrs.field(
        default=frozenset(), converter=_frozen_links
    )
    """Road links paved during play (two adjacent hexes each), drawn like map roads."""
    route: Mapping[str, RouteMark] = attrs.field(
        factory=dict, converter=_frozen_mapping, hash=False
    )
    """Hex → its mark on the selected convoy's planned route."""

    @classmethod
    def empty(cls) -> MapOverlay:
        """An overlay that adds nothing: every hex known, nothing owned, no convoys."""
        return cls()

    def is_known(self, hex_id: str) -> bool:
        """True when the clan knows hex_id."""
        return self.known_hexes is None or hex_id in self.known_hexes

    def changed_hexes(self, other: MapOverlay) -> frozenset[str] | None:
        """Hexes drawn differently under other than under self; None when it may be all of them.

        Args:
            other: The overlay that replaces this one.

        Returns:
            The hexes to redraw, or None when the change of `known_hexes` between "everything"
            and a set makes every hex suspect.
        """
        if (self.known_hexes is None) != (other.known_hexes is None):
            return None
        changed: set[str] = set(self.owned_hexes ^ other.owned_hexes)
        if self.known_hexes is not None and other.known_hexes is not None:
            changed |= self.known_hexes ^ other.known_hexes
        for mine, theirs in (
            (self.cities, other.cities),
            (self.own_convoys, other.own_convoys),
            (self.foreign_convoys, other.foreign_convoys),
            (self.route, other.route),
        ):
            changed |= _changed_keys(mine, theirs)
        for link in self.extra_roads ^ other.extra_roads:
            changed |= link
        return frozenset(changed)


def _changed_keys(a: Mapping[str, object], b: Mapping[str, object]) -> set[str]:
    """Keys present in only one of a and b, or mapped to different values."""
    if a is b:
        return set()
    changed = set(a.keys() ^ b.keys())
    changed.update(k for k in a.keys() & b.keys() if a[k] != b[k])
    return changed
