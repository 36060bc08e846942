"""What a Clan reads through its ClanView: its convoys, cities, hexes, standing, treaties and
contacts, as frozen copies that change nothing in the game."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.state import Event, Problem, Sighting, Stockpile
from conquest_tui.engine.economy.top_lists import TopList


@attrs.frozen
class ConvoyInfo:
    """One of the Clan's own convoys as the 1995 orders sheet shows it (CC-RPT-10)."""

    number: int
    name: str
    convoy_type: str
    hex: str
    mode: str
    hidden: bool
    vehicles: tuple[tuple[str, int], ...]
    """(vehicle name, count), largest class first."""
    troops: int
    troop_capacity: int
    rifles: tuple[int, int]
    grenades: tuple[int, int]
    rockets: tuple[int, int]
    bombs: tuple[int, int]
    cargo_type: str
    cargo: int
    cargo_capacity: int
    fuel_cost: int
    combat_strength: int
    size: int
    size_name: str
    morale: int
    training: int
    health: int
    experts: tuple[str, ...]
    kill_mode: str
    moves: int
    order_lines: int


@attrs.frozen
class CityInfo:
    """A city as far as the Clan knows it (CC-RPT-01)."""

    hex: str
    name: str
    major: bool
    owner: int
    """0: unowned; -1: not known."""
    value: int
    population: int
    fortification: int
    troops: int
    claymores: int
    produces: str
    needs: str
    expert: str
    status: str
    spotting: int
    radio: int
    buildings: tuple[str, ...]
    seen_turn: int
    """Game turn these facts date from (0: never visited, only the map's public facts)."""
    conquered: bool = False
    live: bool = False
    """True when the facts are current (owned, or visited last turn); False for memories."""
    plague: bool = False
    """The Clan knows the city has the Plague: its Hospital, or its Doctor saw it (AMB-67)."""
    cure_vaccine: int = 0
    """Vaccine a CURE of this plagued city takes without a Doctor (CC-CO-CURE-01); 0: none."""
    encountered: bool = True
    """False for a city the Clan never owned, visited, scanned or had reported, nor has a convoy
    in: its goods and guild are "" (revealed on first encounter, CC-CITY-21); the map shows
    only its name and place."""


@attrs.frozen
class HexInfo:
    """A hex as far as the Clan knows it (CC-RPT-03)."""

    hex: str
    terrain: str
    terrain_abbr: str
    owner: int
    """0: unowned; -1: not known."""
    defense: int
    guards: int
    value: int
    food: int
    fuel: int
    parts: int
    vaccine: int
    special: str
    custom: str
    roads: tuple[str, ...]
    river: bool
    seen_turn: int
    conquered: bool = False


UNKNOWN = -1


@attrs.frozen
class OwnClan:
    """The Clan's own record as it reads it: a copy, never the live game state."""

    number: int
    name: str
    popularity: int
    stock: Stockpile
    """A copy of the stockpiles: changing it changes nothing in the game."""
    allies: tuple[int, ...]
    bans: tuple[int, ...]
    extra_pre_lines: int
    extra_post_lines: int
    draft_sheet: str
    turns_played: int
    resigned: bool
    agents: int = 0
    """Agents trained: one agent-destination line each on the orders sheet (CC-RPT-11)."""


@attrs.frozen
class OwnTurn:
    """What happened in the Clan's last turn, as it reads it (copies of its events)."""

    game_turn: int
    """The game turn of those events (0 before the Clan's first turn)."""
    events: tuple[Event, ...]
    problems: tuple[Problem, ...]


@attrs.frozen
class SpyReportInfo:
    """What one of the Clan's planted spies reported at the end of its last turn: the city and
    the convoys it spotted (CC-CO-PLANT-02, CC-RPT-12; a counterspy may make details wrong)."""

    hex: str
    city: str
    game_turn: int
    owner: int
    population: int
    fortification: str
    troops: int
    buildings: tuple[str, ...]
    """Building names."""
    sightings: tuple[Sighting, ...]


@attrs.frozen
class Standing:
    """Where the game stands, as every Clan may read it (CC-RPT-09, CC-POP-07…09)."""

    victory_threshold: int
    turn_limit: int
    """Last game turn, 0 for none (AMB-57)."""
    next_clan: int
    finished: bool
    winners: tuple[int, ...]
    top_clans: tuple[tuple[int, str, int], ...]
    """(Clan number, name, popularity) as of the last game turn's end: the printed Top Clans."""
    game_over: str
    """The end-of-game sentence, "" while the game goes on."""
    victory_watch: str
    """What this Clan must still do to win while it holds the threshold."""
    top_lists: tuple[TopList, ...] = ()
    """Most cities, hexes, income, power at the last game-turn end, from AMB-58's turn on."""


@attrs.frozen
class TreatyInfo:
    """A treaty of the Clan's in force, as it knows it (house rule `treaties`)."""

    kind: str
    """"nat" (non-aggression) or "alliance"."""
    partner: int
    last_turn: int
    """The last game turn it holds, war aside."""
    war_from: int
    """The game turn a declared war ends it (0: none declared)."""
    declared_by_me: bool


@attrs.frozen
class TreatyOfferInfo:
    """A treaty offered and not yet answered, to the Clan or by it."""

    kind: str
    offered_by: int
    to: int
    turns: int


@attrs.frozen
class MetClanInfo:
    """A Clan met: its number, name and slogan (CC-GEN-12), when and where it was first met if
    this Clan's last turn or inbox still says so, and where one of its convoys was last seen."""

    number: int
    name: str
    slogan: str
    first_met_turn: int
    """0: not known any more (met before the last turn)."""
    first_met_hex: str
    last_seen_turn: int
    """0: none of its convoys seen."""
    last_seen_hex: str
    met: bool = True
    """Whether their convoys met (its slogan shown, CC-GEN-12); False: a Clan this one has
    dealt with otherwise, by messages or its ally and ban lists (`ClanView.contacts`)."""
