"""A new game: Clans, fair and widely spaced starts, rolled hexes and cities (CC-GEN-06/07)."""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

import attrs

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.rng import rng_for
from conquest_tui.engine.core.seats import BotLevel, SeatKind
from conquest_tui.engine.core.state import CityState, Clan, GameState, HexState, Stockpile
from conquest_tui.engine.play.start_search import StartsError, stranded
from conquest_tui.engine.play.starts import choose_starts
from conquest_tui.engine.rules.house import HouseRuleName
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import knowledge

MIN_CLANS = 2
MAX_CLANS = 20


class SetupError(ValueError):
    """A new-game request that cannot be met."""


@attrs.frozen
class ClanSetup:
    """One seat at the table."""

    name: str
    seat: SeatKind = SeatKind.HUMAN
    pin_hash: str = ""
    level: BotLevel = BotLevel.NORMAL
    """How well the bot plays the seat when it is a bot (easy, normal or hard)."""


@attrs.frozen
class GameSetup:
    """Everything a new game needs besides the rules and the map."""

    clans: tuple[ClanSetup, ...]
    seed: str
    victory_threshold: int | None = None
    """None: the AMB-57 default for this map and number of Clans."""
    turn_limit: int | None = None
    """Last game turn (AMB-57, hot-seat); None: the ruleset's default_turn_limit; 0: no limit."""
    house_rules: tuple[HouseRuleName, ...] = ()
    """The house rules in play (none: the rulebook's game)."""


def new_game(rules: Ruleset, world: GameMap, setup: GameSetup) -> Game:
    """Set up a game: the same rules, map and setup always give the same game."""
    count = len(setup.clans)
    if not MIN_CLANS <= count <= MAX_CLANS:
        raise SetupError(f"a game needs {MIN_CLANS}–{MAX_CLANS} Clans, not {count}")
    if count > world.max_players:
        raise SetupError(f"the {world.title} map takes at most {world.max_players} Clans")
    names = [clan.name.strip() for clan in setup.clans]
    if any(not name for name in names):
        raise SetupError("every Clan needs a name")
    if len({name.lower() for name in names}) != len(names):
        raise SetupError("two Clans have the same name")
    rng = rng_for(setup.seed, "setup")
    state = GameState(map_name=world.name, seed=setup.seed)
    state.prices = {key: item.start_price for key, item in sorted(rules.market.items())}
    state.goods_prices = dict(sorted(rules.goods.items()))
    state.hexes = _roll_hexes(rules, world, rng_for(setup.seed, "hexes"))
    state.cities = _roll_cities(rules, world, rng_for(setup.seed, "cities"))
    try:
        starts = choose_starts(world, count, rng, rules.fair_starts)
    except StartsError as error:
        raise SetupError(str(error)) from None
    numbers = rng.sample(range(101, 1000), count)
    sequences = rng.sample(range(1000, 10000), count)
    for index, clan_setup in enumerate(setup.clans):
        state.clans.append(Clan(
            number=numbers[index], name=names[index], seat=clan_setup.seat,
            bot_level=clan_setup.level,
            sequence=sequences[index], pin_hash=clan_setup.pin_hash,
            popularity=rules.start.popularity,
        ))
    state.clans.sort(key=lambda c: c.number)
    state.clan_order = [c.number for c in sorted(state.clans, key=lambda c: c.sequence)]
    game = Game(rules, world, state)
    by_seat = {clan.name: clan for clan in state.clans}
    for index, start_hex in enumerate(starts):
        _give_start(game, by_seat[names[index]], start_hex, rng)
    state.victory_threshold = (
        setup.victory_threshold if setup.victory_threshold
        else default_victory_threshold(rules, world, count, setup.house_rules)
    )
    state.turn_limit = (rules.game.default_turn_limit if setup.turn_limit is None
                        else setup.turn_limit)
    state.house_rules = [name for name in HouseRuleName if name in setup.house_rules]
    game.reindex()
    return game


def default_victory_threshold(rules: Ruleset, world: GameMap, clans: int,
                              house_rules: Iterable[str] = ()) -> int:
    """A real map's own threshold calibrated for this many Clans (start.toml
    victory_threshold_by_map), else 100 + round(2.5 × (controllable hexes + Σ city pop /
    10,000) / Clans) (AMB-57); lowered by its share with the revolt house rule, whose lost
    cities slow every Clan (HOUSE-REVOLT-07)."""
    popularity = rules.popularity
    calibrated = popularity.calibrated_threshold(world.name, clans)
    if calibrated is None:
        land = world.land_hex_count()
        people = sum(site.population for site in world.cities) / popularity.population_divisor
        calibrated = popularity.victory_base + round(
            popularity.victory_factor * (land + people) / clans)
    if HouseRuleName.REVOLT in house_rules:
        return round(calibrated * rules.house_rules.revolt.threshold_percent / 100)
    return calibrated


def _roll_hexes(rules: Ruleset, world: GameMap, rng: Random) -> list[HexState]:
    """Per-game rolls: defense, production, road bonus, special structures (AMB-23, AMB-38)."""
    generation = rules.hexgen
    city_hexes = {site.hex for site in world.cities}
    specials = sorted(code for code, rule in rules.special_structures.items()
                      if not rule.water_only)
    fisheries = sorted(code for code, rule in rules.special_structures.items() if rule.water_only)
    hexes: list[HexState] = []
    for hex_id in world.hex_ids():
        terrain = rules.terrains[world.terrain_of(hex_id)]
        defense = generation.defense_roll.roll(rng) + terrain.defense_bonus
        river = world.has_river(hex_id)
        if river:
            defense += generation.river_defense_bonus
        state = HexState(
            defense=min(defense, generation.max_defense_level),
            money=terrain.money.roll(rng),
            food=terrain.food.roll(rng) + (generation.river_food.roll(rng) if river else 0),
            fuel=terrain.fuel.roll(rng),
            parts=terrain.parts.roll(rng),
            vaccine=terrain.vaccine.roll(rng),
            road_parts_bonus=generation.road_parts.roll(rng),
        )
        if terrain.water:
            state.money = state.food = state.fuel = state.parts = state.vaccine = 0
            if fisheries and rng.random() < generation.fishery_chance:
                state.special = rng.choice(fisheries)
        elif (terrain.special_structures and hex_id not in city_hexes
              and rng.random() < generation.special_structure_chance):
            state.special = rng.choice(specials)
        hexes.append(state)
    return hexes


def _roll_cities(rules: Ruleset, world: GameMap, rng: Random) -> list[CityState]:
    """Uncontrolled cities: garrison 50–100% (majors 75–100%), a few buildings (AMB-74)."""
    unowned = rules.unowned_cities
    buildings = sorted(rules.buildings)
    cities: list[CityState] = []
    for site in world.cities:
        level = rules.fortifications[site.fortification - 1]
        share = unowned.major_garrison if site.major else unowned.minor_garrison
        count = (unowned.major_buildings if site.major else unowned.minor_buildings).roll(rng)
        percent = rng.randint(share.low, share.high)
        built = sorted(rng.sample(buildings, count))
        cities.append(CityState(
            hex=site.hex,
            population=site.population,
            fortification=site.fortification,
            base_value=site.base_value,
            troops=level.troop_capacity("BAR" in built) * percent // 100,  # AMB-05, AMB-74
            buildings=built,
        ))
    return cities


def _give_start(game: Game, clan: Clan, hex_id: str, rng: Random) -> None:
    """The starting position of AMB-56: city, hex, stockpiles, convoy #1 (CC-GEN-06)."""
    rules = game.rules
    start = rules.start
    clan.stock = Stockpile(
        money=start.money, food=start.food, fuel=start.fuel, parts=start.parts,
        vaccine=start.vaccine, troops=start.troops, rifles=start.rifles, grenades=start.grenades,
        rockets=start.rockets, claymores=start.claymores, bombs=start.bombs)
    city = game.city(hex_id)
    assert city is not None
    city.owner = clan.number
    city.fortification = start.city_fortification
    city.population = start.city_population.roll(rng)
    city.base_value = start.city_base_value.roll(rng)
    city.troops = start.city_troops
    city.buildings = []
    city.claymores = 0
    hex_state = game.hex(hex_id)
    hex_state.set_owner(clan.number)
    hex_state.defense = start.hex_defense
    hex_state.special = ""
    kind = start.island_convoy_type if stranded(game.map, hex_id) else start.convoy_type
    convoy = convoys.create_convoy(game, clan.number, 1, hex_id, kind,
                                   hidden=start.convoy_hidden)
    convoy.created_turn = 0
    game.reindex()
    convoys.pick_up(game, convoy)
    knowledge.see_hex(game, clan, hex_id)
