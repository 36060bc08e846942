"""Starting a game: maps, seeds, Clan names, seats and bot levels, the new game itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.session.errors import SessionError

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.core.gamemap import GameMap
    from conquest_tui.engine.rules.house import HouseRule
    from conquest_tui.storage.map_loader import MapInfo

PREFERRED_DEFAULT_MAP = "british_isles"
FALLBACK_MAP = "test_small"

CLAN_NAMES = (
    "Iron Wolves", "Road Hogs", "Dust Devils", "Night Riders", "Rust Kings", "Salt Dogs",
    "Black Tide", "Red Hand", "Storm Crows", "Grey Ghosts", "Copper Snakes", "Bone Saws",
    "Wild Geese", "Sand Rats", "Blue Flame", "Stone Bears", "Gas Lords", "Tin Men",
    "Long Knives", "Hill Folk",
)
"""Default Clan names, in seat order."""

SEATS = ("human", "bot")
"""Who sits at a seat: a person at the terminal, or the computer."""


def bot_levels() -> tuple[str, ...]:
    """The bots' levels, weakest first ("easy", "normal", "hard")."""
    from conquest_tui.bots import LEVELS

    return LEVELS


def seat_label(seat: str, level: str) -> str:
    """How a seat reads at the table: "human" or "bot (hard)"."""
    return f"bot ({level})" if seat == "bot" else "human"


def clan_counts() -> tuple[int, int]:
    """The fewest and the most Clans a game may have (any map may take fewer)."""
    from conquest_tui.engine.play.setup import MAX_CLANS, MIN_CLANS

    return MIN_CLANS, MAX_CLANS


def victory_threshold(world: GameMap, clans: int, house_rules: tuple[str, ...] = ()) -> int:
    """The popularity that wins a game on this map with this many Clans and these house rules
    (AMB-57, HOUSE-REVOLT-07)."""
    from conquest_tui.engine.play.setup import default_victory_threshold
    from conquest_tui.storage.rules_loader import load_ruleset

    return default_victory_threshold(load_ruleset(), world, clans, house_rules)


def fair_starts_notice(world: GameMap, clans: int) -> str:
    """"" when the map seats this many Clans fairly (CC-GEN-07); else a sentence that says so
    and names the most Clans below it that the map seats fairly. The game may still be played:
    its starts are then the nearest to fair the map has."""
    from conquest_tui.engine.play.start_search import StartsError
    from conquest_tui.engine.play.starts import fewer_clans_seated_fairly, find_starts
    from conquest_tui.storage.rules_loader import load_ruleset

    rules = load_ruleset().fair_starts
    try:
        if find_starts(world, clans, rules).fair:
            return ""
    except StartsError:
        return ""  # a new game says why it cannot start
    why = (f"with {clans}, some Clans would start with far less land, or fewer cities near them, "
           "than others")
    fewer = fewer_clans_seated_fairly(world, clans, rules)
    title = world.title if world.title.startswith("The ") else f"The {world.title}"
    if fewer:
        return f"{title} map seats {fewer} Clans fairly, not {clans}: {why}."
    return f"{title} map has no fair starts for {clans} Clans: {why}."


def house_rules() -> tuple[HouseRule, ...]:
    """Every house rule a new game may turn on, in the order they are declared."""
    from conquest_tui.storage.rules_loader import load_ruleset

    return load_ruleset().house_rules.declared()


def default_map() -> str:
    """british_isles when it is installed, else the hand-made test map."""
    from conquest_tui.storage.paths import maps_dir

    if (maps_dir() / f"{PREFERRED_DEFAULT_MAP}.json").is_file():
        return PREFERRED_DEFAULT_MAP
    return FALLBACK_MAP


def maps() -> list[MapInfo]:
    """Every playable map, by name."""
    from conquest_tui.storage.map_loader import list_maps

    return list_maps()


def random_seed() -> str:
    """A fresh seed, shown to players so a game can be replayed."""
    import secrets

    return secrets.token_hex(4)


def new_game(*, map_name: str, clans: int, bots: int = 0, seed: str | None = None,
             names: list[str] | None = None, victory_threshold: int | None = None,
             pin_hashes: list[str] | None = None, turn_limit: int | None = None,
             level: str | list[str] = "normal", referee_pin_hash: str = "",
             house_rules: tuple[str, ...] = ()) -> Game:
    """A new game, its sheet log begun; bots take the last seats. Raises SessionError with a
    clear sentence.

    turn_limit: the last game turn (None: the rulebook default of AMB-57; 0: no limit).
    level: the bots' level, one for all, or one per seat in seat order.
    referee_pin_hash: the hash of the game's referee PIN ("": the game has no referee).
    house_rules: the names of the house rules in play (`house_rule_names()`; none: the
    rulebook's game).
    """
    from conquest_tui.engine.core.seats import BotLevel, SeatKind
    from conquest_tui.engine.play.setup import ClanSetup, GameSetup, SetupError
    from conquest_tui.engine.play.setup import new_game as engine_new_game
    from conquest_tui.storage.map_loader import MapError, load_map
    from conquest_tui.storage.rules_loader import RulesError, load_ruleset

    if turn_limit is not None and turn_limit < 0:
        raise SessionError("--turn-limit must be 0 (no limit) or a positive number of game turns")
    if bots < 0 or bots > clans:
        raise SessionError(f"--bots must be between 0 and the number of Clans ({clans})")
    names = list(names or CLAN_NAMES[:clans])
    if len(names) != clans:
        raise SessionError(f"{len(names)} names were given for {clans} Clans")
    pins = pin_hashes or [""] * clans
    levels = [level] * clans if isinstance(level, str) else list(level)
    if len(levels) != clans:
        raise SessionError(f"{len(levels)} bot levels were given for {clans} Clans")
    known = bot_levels()
    for wanted in levels:
        if wanted not in known:
            raise SessionError(f"a bot plays {', '.join(known)}, not {wanted!r}")
    seats = tuple(
        ClanSetup(name=names[i], seat=SeatKind.BOT if i >= clans - bots else SeatKind.HUMAN,
                  pin_hash=pins[i], level=BotLevel(levels[i]))
        for i in range(clans)
    )
    try:
        rules = load_ruleset()
        try:
            house = rules.house_rules.read_names(house_rules)
        except ValueError as error:
            raise SessionError(str(error)) from None
        world = load_map(map_name)
        setup = GameSetup(clans=seats, seed=seed or random_seed(),
                          victory_threshold=victory_threshold, turn_limit=turn_limit,
                          house_rules=house)
        game = engine_new_game(rules, world, setup)
    except (SetupError, MapError, RulesError) as error:
        raise SessionError(str(error)) from None
    game.state.referee_pin_hash = referee_pin_hash
    from conquest_tui.session.referee import watch_dice
    from conquest_tui.storage.sheet_log import start_log

    watch_dice(game)
    start_log(game.state)  # the opening position: every turn from here is logged
    return game
