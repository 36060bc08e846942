"""A Clan's view read while its game stands still (a bot's sheet): each fact read once."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import Sighting
from conquest_tui.engine.reports.view import (
    CityInfo,
    ClanView,
    ConvoyInfo,
    HexInfo,
    MetClanInfo,
    OwnClan,
    OwnTurn,
    Standing,
)
from conquest_tui.engine.rules.ruleset import Ruleset

PUBLIC_KEPT = 50_000
"""Public hex facts remembered on one map before they are forgotten together (memory's bound)."""


class _PublicHexes:
    """The facts a Clan knows of a hex it neither owns nor visited last turn: the printed map's
    (terrain, map roads, river) and the game turn the Clan last saw it, nothing else. They are
    the same for every Clan and turn on the same map and rulebook, so they are kept by (hex,
    game turn seen) and shared: a Clan is only ever given the facts of its own key."""

    __slots__ = ("facts", "map", "rules")

    def __init__(self, game_map: GameMap, rules: Ruleset) -> None:
        self.map = game_map
        self.rules = rules
        self.facts: dict[tuple[str, int], HexInfo] = {}


_PUBLIC: list[_PublicHexes] = []
"""The newest map's public hex facts (one at a time: a table plays one game)."""


def _public_hexes(game: Game) -> _PublicHexes:
    """The public hex facts kept for the game's map and rulebook (new ones for another)."""
    kept = _PUBLIC[0] if _PUBLIC else None
    if kept is None or kept.map is not game.map or kept.rules is not game.rules \
            or len(kept.facts) > PUBLIC_KEPT:
        kept = _PublicHexes(game.map, game.rules)
        _PUBLIC[:] = [kept]
    return kept


class StillView(ClanView):
    """A ClanView over a game nothing changes while it is read: the bot's brain asks for the
    Clan's convoys a dozen times a sheet, and each answer is the first one's (its records are
    frozen; each caller gets a list of its own), and each city's and hex's facts as many times;
    so with its city list, its cities, its income estimate (each caller gets a dict of its own),
    the Clans it met, the standing, its last turn (copies of its events, which the bots only
    read, made once) and its own record (a copy of its stockpile, which the bots only read,
    made once: a sheet reads it some 30 times)."""

    __slots__ = ("_cities", "_convoys", "_hexes", "_income", "_last", "_listed", "_live", "_met",
                 "_own", "_owned_cities", "_public", "_sighted", "_standing")

    def __init__(self, game: Game, clan_number: int) -> None:
        super().__init__(game, clan_number)
        self._convoys: tuple[ConvoyInfo, ...] | None = None
        self._cities: dict[str, CityInfo | None] = {}
        self._hexes: dict[str, HexInfo] = {}
        self._public = _public_hexes(game).facts
        self._listed: tuple[CityInfo, ...] | None = None
        self._owned_cities: tuple[str, ...] | None = None
        self._income: dict[str, int] | None = None
        self._met: tuple[MetClanInfo, ...] | None = None
        self._standing: Standing | None = None
        self._last: OwnTurn | None = None
        self._live: frozenset[str] | None = None
        self._sighted: frozenset[str] | None = None
        self._own: OwnClan | None = None

    @property
    def clan(self) -> OwnClan:
        """The Clan's own record (a copy made when first asked)."""
        own = self._own
        if own is None:
            own = self._own = super().clan
        return own

    def convoys(self) -> list[ConvoyInfo]:
        """The Clan's convoys in number order (as the game stood when first asked)."""
        if self._convoys is None:
            self._convoys = tuple(super().convoys())
        return list(self._convoys)

    def owned_cities(self) -> list[str]:
        """Hexes of the cities the Clan owns (as the game stood when first asked)."""
        if self._owned_cities is None:
            self._owned_cities = tuple(super().owned_cities())
        return list(self._owned_cities)

    def listed_cities(self) -> list[CityInfo]:
        """The city list (as the game stood when first asked)."""
        if self._listed is None:
            self._listed = tuple(super().listed_cities())
        return list(self._listed)

    def income_estimate(self) -> dict[str, int]:
        """What next turn's income should bring (as the game stood when first asked)."""
        if self._income is None:
            self._income = super().income_estimate()
        return dict(self._income)

    def met_clans(self) -> tuple[MetClanInfo, ...]:
        """Every Clan this one has met (as the game stood when first asked)."""
        if self._met is None:
            self._met = super().met_clans()
        return self._met

    def standing(self) -> Standing:
        """The game's standing (as it stood when first asked)."""
        if self._standing is None:
            self._standing = super().standing()
        return self._standing

    def last_turn(self) -> OwnTurn:
        """The Clan's last turn: its events and problems (copies made when first asked)."""
        if self._last is None:
            self._last = super().last_turn()
        return self._last

    def sightings_in(self, hex_id: str) -> list[Sighting]:
        """The sightings of one hex, as copies (none looked for where the Clan saw nothing)."""
        sighted = self._sighted
        if sighted is None:
            sighted = self._sighted = frozenset(s.hex for s in self._clan.sightings)
        return super().sightings_in(hex_id) if hex_id in sighted else []

    def city_info(self, hex_id: str) -> CityInfo | None:
        """A city as the Clan knows it (as the game stood when first asked about it)."""
        if hex_id not in self._cities:
            self._cities[hex_id] = super().city_info(hex_id)
        return self._cities[hex_id]

    def hex_info(self, hex_id: str) -> HexInfo:
        """A hex as the Clan knows it (as the game stood when first asked about it): a hex it
        neither owns nor visited last turn has the public facts `ClanView.hex_info` gives it,
        made once for every Clan that saw it last in the same game turn."""
        found = self._hexes.get(hex_id)
        if found is None:
            live = self._live
            if live is None:  # the hexes it owns or visited last turn: their facts are its own
                live = self._live = frozenset(self._game.owned_hexes(self._number)) | self._visited
            if hex_id in live:
                found = super().hex_info(hex_id)
            else:
                key = (hex_id, self._clan.known_hexes.get(hex_id, 0))
                found = self._public.get(key)
                if found is None:
                    found = self._public[key] = super().hex_info(hex_id)
            self._hexes[hex_id] = found
        return found
