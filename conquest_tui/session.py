"""Starting, loading, saving and advancing games for the CLI and the app."""

from __future__ import annotations

import secrets
from pathlib import Path

from conquest_tui.bots.simple import write_sheet
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, SetupError
from conquest_tui.engine.play.setup import new_game as engine_new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.storage.map_loader import MapError, MapInfo, list_maps, load_map
from conquest_tui.storage.paths import maps_dir
from conquest_tui.storage.rules_loader import RulesError, load_ruleset
from conquest_tui.storage.savefile import SaveError, load_game, save_game

PREFERRED_DEFAULT_MAP = "british_isles"
FALLBACK_MAP = "test_small"

CLAN_NAMES = (
    "Iron Wolves", "Road Hogs", "Dust Devils", "Night Riders", "Rust Kings", "Salt Dogs",
    "Black Tide", "Red Hand", "Storm Crows", "Grey Ghosts", "Copper Snakes", "Bone Saws",
    "Wild Geese", "Sand Rats", "Blue Flame", "Stone Bears", "Gas Lords", "Tin Men",
    "Long Knives", "Hill Folk",
)
"""Default Clan names, in seat order."""


class SessionError(Exception):
    """A failure the player should read as one sentence."""


def default_map() -> str:
    """british_isles when it is installed, else the hand-made test map."""
    if (maps_dir() / f"{PREFERRED_DEFAULT_MAP}.json").is_file():
        return PREFERRED_DEFAULT_MAP
    return FALLBACK_MAP


def maps() -> list[MapInfo]:
    """Every playable map, by name."""
    return list_maps()


def random_seed() -> str:
    """A fresh seed, shown to players so a game can be replayed."""
    return secrets.token_hex(4)


def new_game(*, map_name: str, clans: int, bots: int = 0, seed: str | None = None,
             names: list[str] | None = None, victory_threshold: int | None = None,
             pin_hashes: list[str] | None = None, turn_limit: int | None = None) -> Game:
    """A new game; bots take the last seats. Raises SessionError with a clear sentence.

    turn_limit: the last game turn (None: the rulebook default of AMB-57; 0: no limit).
    """
    if turn_limit is not None and turn_limit < 0:
        raise SessionError("--turn-limit must be 0 (no limit) or a positive number of game turns")
    if bots < 0 or bots > clans:
        raise SessionError(f"--bots must be between 0 and the number of Clans ({clans})")
    names = list(names or CLAN_NAMES[:clans])
    if len(names) != clans:
        raise SessionError(f"{len(names)} names were given for {clans} Clans")
    pins = pin_hashes or [""] * clans
    seats = tuple(
        ClanSetup(name=names[i], seat="bot" if i >= clans - bots else "human", pin_hash=pins[i])
        for i in range(clans)
    )
    try:
        rules = load_ruleset()
        world = load_map(map_name)
        setup = GameSetup(clans=seats, seed=seed or random_seed(),
                          victory_threshold=victory_threshold, turn_limit=turn_limit)
        return engine_new_game(rules, world, setup)
    except (SetupError, MapError, RulesError) as error:
        raise SessionError(str(error)) from None


def load(path: Path) -> Game:
    """Load a save; every failure becomes one sentence naming the file."""
    try:
        return load_game(path)
    except (SaveError, MapError, RulesError) as error:
        raise SessionError(str(error)) from None


def save(game: Game, path: Path) -> None:
    """Save atomically, keeping backups."""
    try:
        save_game(game, path)
    except (SaveError, OSError) as error:
        raise SessionError(f"{path}: could not save ({error})") from None


def play_bots(game: Game) -> list[str]:
    """Let bot seats play until a human Clan's turn comes (or the game ends)."""
    lines: list[str] = []
    guard = len(game.state.clan_order) * 2
    while not game.state.finished and guard > 0:
        clan = game.clan(game.state.active_clan)
        if clan.seat != "bot":
            break
        guard -= 1
        result = run_clan_turn(game, clan.number, write_sheet(game, clan.number))
        lines.append(f"Bot Clan {clan.number} ({clan.name}) played its turn"
                     f" ({len(result.events)} events).")
    return lines

