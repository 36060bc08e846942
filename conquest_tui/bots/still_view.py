"""A Clan's view read while its game stands still (a bot's sheet): each fact read once."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.reports.view import CityInfo, ClanView, ConvoyInfo, HexInfo


class StillView(ClanView):
    """A ClanView over a game nothing changes while it is read: the bot's brain asks for the
    Clan's convoys a dozen times a sheet, and each answer is the first one's (its records are
    frozen; each caller gets a list of its own), and each city's and hex's facts as many times."""

    __slots__ = ("_cities", "_convoys", "_hexes")

    def __init__(self, game: Game, clan_number: int) -> None:
        super().__init__(game, clan_number)
        self._convoys: tuple[ConvoyInfo, ...] | None = None
        self._cities: dict[str, CityInfo | None] = {}
        self._hexes: dict[str, HexInfo] = {}

    def convoys(self) -> list[ConvoyInfo]:
        """The Clan's convoys in number order (as the game stood when first asked)."""
        if self._convoys is None:
            self._convoys = tuple(super().convoys())
        return list(self._convoys)

    def city_info(self, hex_id: str) -> CityInfo | None:
        """A city as the Clan knows it (as the game stood when first asked about it)."""
        if hex_id not in self._cities:
            self._cities[hex_id] = super().city_info(hex_id)
        return self._cities[hex_id]

    def hex_info(self, hex_id: str) -> HexInfo:
        """A hex as the Clan knows it (as the game stood when first asked about it)."""
        found = self._hexes.get(hex_id)
        if found is None:
            found = self._hexes[hex_id] = super().hex_info(hex_id)
        return found
