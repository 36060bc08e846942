"""A scenario's position built with the engine's own records, the way a new game is set up."""

from __future__ import annotations

import attrs

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, SetupError, new_game
from conquest_tui.scenarios.loader import ScenarioError
from conquest_tui.scenarios.records import CitySpec, ConvoySpec, HexSpec, Scenario
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset

PRODUCTION = ("money", "food", "fuel", "parts", "vaccine")
"""What a hex produces each Income Phase."""


def build_game(scenario: Scenario) -> Game:
    """The game the scenario starts from: a new game of its Clans on its map and seed, then its
    position laid over it; the Clans play in the order the scenario lists them."""
    rules = load_ruleset()
    if scenario.calm:
        rules = attrs.evolve(rules, event_chance_per_turn=0.0)
    try:
        world = load_map(scenario.map)
    except (OSError, ValueError) as error:
        raise ScenarioError(f"map: {error}") from None
    setup = GameSetup(clans=tuple(ClanSetup(clan.name) for clan in scenario.clans),
                      seed=scenario.seed, turn_limit=0)
    try:
        game = new_game(rules, world, setup)
    except SetupError as error:
        raise ScenarioError(f"clans: {error}") from None
    numbers = {clan.name: clan.number for clan in game.state.clans}
    game.state.clan_order = [numbers[clan.name.strip()] for clan in scenario.clans]
    if scenario.turn is not None:
        game.state.game_turn = scenario.turn
    for index, spec in enumerate(scenario.clans):
        clan = game.clan(numbers[spec.name.strip()])
        for name, amount in spec.stock.items():
            try:
                clan.stock.set(Item(name), amount)
            except ValueError:
                raise ScenarioError(f"clans[{index}].stock.{name}: is not a good of the "
                                    "stockpile") from None
        if spec.money is not None:
            clan.stock.money = spec.money
        for field in ("popularity", "vigilance", "agents"):
            value = getattr(spec, field)
            if value is not None:
                setattr(clan, field, value)
        if not spec.keep_convoys:
            game.state.convoys = [c for c in game.state.convoys if c.owner != clan.number]
    game.reindex()
    for index, hex_spec in enumerate(scenario.hexes):
        _lay_hex(game, numbers, hex_spec, f"hexes[{index}]")
    for index, city_spec in enumerate(scenario.cities):
        _lay_city(game, numbers, city_spec, f"cities[{index}]")
    for index, convoy_spec in enumerate(scenario.convoys):
        _lay_convoy(game, numbers, convoy_spec, f"convoys[{index}]")
    game.reindex()
    for spec in scenario.clans:
        if not spec.income:
            _no_income(game, numbers[spec.name.strip()])
    return game


def _no_income(game: Game, clan: int) -> None:
    """The Clan's hexes and cities produce nothing (its money stays as the scenario gives it)."""
    for hex_id in game.owned_hexes(clan):
        state = game.hex(hex_id)
        for field in PRODUCTION:
            setattr(state, field, 0)
    for city in game.state.cities:
        if city.owner == clan:
            city.base_value = 0


def clan_number(numbers: dict[str, int], name: str, where: str) -> int:
    """A Clan's number by its name; "" is nobody (0)."""
    if not name:
        return 0
    try:
        return numbers[name]
    except KeyError:
        raise ScenarioError(f"{where}: no Clan called {name!r} sits at the table") from None


def _known_hex(game: Game, hex_id: str, where: str) -> None:
    if not game.map.contains(hex_id):
        raise ScenarioError(f"{where}: {hex_id} is not a hex of the {game.map.title} map")


def _lay_hex(game: Game, numbers: dict[str, int], spec: HexSpec, where: str) -> None:
    _known_hex(game, spec.hex, f"{where}.hex")
    state = game.hex(spec.hex)
    if spec.owner is not None:
        state.set_owner(clan_number(numbers, spec.owner, f"{where}.owner"))
    for field in ("defense", "garrison", "custom", "special", *PRODUCTION):
        value = getattr(spec, field)
        if value is not None:
            setattr(state, field, value)


def _lay_city(game: Game, numbers: dict[str, int], spec: CitySpec, where: str) -> None:
    city = game.city(spec.hex)
    if city is None:
        raise ScenarioError(f"{where}.hex: there is no city at {spec.hex}")
    if spec.owner is not None:
        city.owner = clan_number(numbers, spec.owner, f"{where}.owner")
    if spec.spies is not None:
        city.spies = [clan_number(numbers, name, f"{where}.spies") for name in spec.spies]
    for field in ("population", "fortification", "base_value", "troops", "claymores",
                  "buildings", "plague"):
        value = getattr(spec, field)
        if value is not None:
            setattr(city, field, list(value) if isinstance(value, list) else value)


def _lay_convoy(game: Game, numbers: dict[str, int], spec: ConvoySpec, where: str) -> None:
    owner = clan_number(numbers, spec.clan, f"{where}.clan")
    if not owner:
        raise ScenarioError(f"{where}.clan: a convoy needs a Clan")
    _known_hex(game, spec.hex, f"{where}.hex")
    if spec.type not in game.rules.convoy_types:
        raise ScenarioError(f"{where}.type: {spec.type!r} is not a convoy type "
                            f"({', '.join(sorted(game.rules.convoy_types))})")
    for key in spec.vehicles or {}:
        if key not in game.rules.vehicles:
            raise ScenarioError(f"{where}.vehicles.{key}: is not a vehicle")
    old = game.convoy(owner, spec.number)
    if old is not None:
        game.state.convoys.remove(old)
        game.reindex()
    convoy: Convoy = convoys.create_convoy(game, owner, spec.number, spec.hex, spec.type,
                                           hidden=spec.hidden)
    convoy.created_turn = 0
    if spec.vehicles is not None:
        convoy.vehicles = dict(sorted(spec.vehicles.items()))
    for field in ("troops", "rifles", "grenades", "rockets", "bombs", "morale", "training",
                  "health", "mode", "infected", "cargo_type", "cargo"):
        setattr(convoy, field, getattr(spec, field))
    convoy.experts = list(spec.experts)
    game.reindex()
