"""What a saved record's fields may hold: the rule of each (a name of the game, a range, a
list or dict of them) and the names a save may refer to (its Clans, its map, its ruleset)."""

from __future__ import annotations

from typing import Any

import attrs

from conquest_tui.engine.core.game import link_key
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import (
    MODES,
    Broadcast,
    CityMemory,
    CityState,
    Clan,
    Convoy,
    Event,
    GameState,
    HexState,
    LastTurn,
    PastReport,
    Problem,
    Sighting,
    TopFigures,
    TurnFigures,
)
from conquest_tui.engine.rules.ruleset import Ruleset

# --- what a field may hold ---------------------------------------------------------------------


@attrs.frozen
class OneOf:
    """The value is one of a set of the game's names (`domain`, an attribute of `Domains`)."""

    domain: str
    what: str
    """How the sentence names a member: "a vehicle kind", "a Clan"."""


@attrs.frozen
class Within:
    """A number from `low` to `high` (None: no upper bound, unless `ruled` names one in
    `Domains.limits`, a number the ruleset gives)."""

    low: float = 0
    high: float | None = None
    ruled: str = ""


@attrs.frozen
class Each:
    """Every item of a list holds to `rule`."""

    rule: OneOf | Within


@attrs.frozen
class Keyed:
    """A dict: its keys are one of a domain (None: any key); its values hold to `values`."""

    keys: OneOf | None
    values: Within | None = None


Rule = OneOf | Within | Each | Keyed

NONE_OR_CLAN = OneOf("owners", "a Clan")
CLAN = OneOf("clans", "a Clan")
HEX = OneOf("hexes", "a hex of the map")
CLANS = Each(CLAN)
HEXES = Each(HEX)
HEALTH = Within(0, 100)
REPORT_TURN = Within(1)
"""A past report's game turn (checked on the columns as read: `save_checks._check_past_reports`)."""

RULES: dict[type, dict[str, Rule]] = {
    GameState: {"game_turn": Within(1), "winners": CLANS, "prices": Keyed(None, Within(1)),
                "goods_prices": Keyed(None, Within(1))},
    Clan: {
        "number": Within(1), "allies": CLANS, "bans": CLANS, "met_clans": CLANS,
        "known_hexes": Keyed(HEX, Within(0)), "city_memory": Keyed(HEX),
        "seat": OneOf("seats", "a kind of seat"),
        "bot_level": OneOf("bot_levels", "a bot's level"),
    },
    CityMemory: {"hex": HEX, "owner": NONE_OR_CLAN},
    Sighting: {"hex": HEX, "owner": NONE_OR_CLAN},
    LastTurn: {"visited_hexes": HEXES, "conquered_hexes": HEXES},
    Broadcast: {"hex": HEX, "clans": CLANS, "heard_by": CLANS},
    TopFigures: {"clan": CLAN},
    TurnFigures: {"clan": CLAN, "game_turn": Within(1)},
    PastReport: {"game_turn": REPORT_TURN},
    HexState: {
        "owner": NONE_OR_CLAN,
        "defense": Within(1, ruled="defense levels"),
        "special": OneOf("specials", "a special structure"),
        "custom": OneOf("customs", "a custom structure"),
    },
    CityState: {
        "owner": NONE_OR_CLAN,
        "fortification": Within(1, ruled="fortification levels"),
        "buildings": Each(OneOf("buildings", "a city building")),
        "built_turns": Keyed(OneOf("buildings", "a city building"), Within(0)),
        "hostile_to": CLANS, "spies": CLANS,
    },
    Convoy: {
        "owner": CLAN, "number": Within(1), "hex": HEX,
        "convoy_type": OneOf("convoy_types", "a convoy type"),
        "vehicles": Keyed(OneOf("vehicles", "a vehicle kind"), Within(1)),
        "experts": Each(OneOf("experts", "an expert")),
        "cargo_type": OneOf("cargo", "a kind of goods or a market item"),
        "mode": OneOf("modes", "a convoy mode"), "health": HEALTH,
        "start_hex": OneOf("start_hexes", "a hex of the map"),
    },
}
"""Rules beyond "a number is not negative", which holds for every other number field."""

UNCHECKED: frozenset[type] = frozenset({Event, Problem})
"""Records checked only by rendering them (saved events and problems: see
`event_checks.check_events`)."""

SEATS = frozenset({"human", "bot"})
BOT_LEVELS = frozenset({"easy", "normal", "hard"})
"""The bots' levels (`bots.LEVELS`; storage does not import the bots)."""


@attrs.frozen
class Domains:
    """The names a save may refer to: its Clans, its map's hexes, the ruleset's keys."""

    clans: frozenset[int]
    owners: frozenset[int]
    hexes: frozenset[str]
    links: frozenset[str]
    start_hexes: frozenset[str]
    vehicles: frozenset[str]
    convoy_types: frozenset[str]
    experts: frozenset[str]
    buildings: frozenset[str]
    specials: frozenset[str]
    customs: frozenset[str]
    cargo: frozenset[str]
    modes: frozenset[str]
    seats: frozenset[str]
    bot_levels: frozenset[str]
    limits: dict[str, int]
    """Highest values the ruleset gives (`Within.ruled`)."""


_map_cache: dict[int, tuple[GameMap, frozenset[str], frozenset[str], frozenset[str]]] = {}


def _map_sets(game_map: GameMap) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The map's hex ids, every link between two neighbours ("AAAA-BBBB", smaller first) and
    the hex ids with "" (a convoy's start); kept for the last map, as loading saves of one game
    reuses it."""
    cached = _map_cache.get(id(game_map))
    if cached is not None and cached[0] is game_map:
        return cached[1], cached[2], cached[3]
    hexes = frozenset(game_map.hex_ids())
    links = frozenset(link_key(here, there) for here in hexes
                      for _, there in game_map.neighbors(here))
    start_hexes = hexes | {""}
    _map_cache.clear()
    _map_cache[id(game_map)] = (game_map, hexes, links, start_hexes)
    return hexes, links, start_hexes


_rules_cache: dict[int, tuple[Ruleset, dict[str, Any]]] = {}


def _rules_sets(rules: Ruleset) -> dict[str, Any]:
    """What the rules let a save name (vehicles, experts, structures …) and their highest
    levels; kept for the last ruleset, as every load of a process uses the same."""
    cached = _rules_cache.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    sets = {
        "vehicles": frozenset(rules.vehicles), "convoy_types": frozenset(rules.convoy_types),
        "experts": frozenset(rules.experts), "buildings": frozenset(rules.buildings),
        "specials": frozenset(rules.special_structures) | {""},
        "customs": frozenset(rules.custom_structures) | {""},
        "cargo": frozenset(rules.goods) | frozenset(rules.market) | {""},
        "modes": frozenset(MODES), "seats": SEATS, "bot_levels": BOT_LEVELS,
        "limits": {"defense levels": len(rules.defense_levels),
                   "fortification levels": len(rules.fortifications)},
    }
    _rules_cache.clear()
    _rules_cache[id(rules)] = (rules, sets)
    return sets


def domains(rules: Ruleset, game_map: GameMap, state: GameState) -> Domains:
    """What the save's references may name."""
    clans = frozenset(clan.number for clan in state.clans)
    hexes, links, start_hexes = _map_sets(game_map)
    return Domains(clans=clans, owners=clans | {0}, hexes=hexes, links=links,
                   start_hexes=start_hexes, **_rules_sets(rules))
