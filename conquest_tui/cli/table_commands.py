"""The commands of the table itself: a new game, the maps, games of bots, the app."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from conquest_tui.cli.errors import CliError

if TYPE_CHECKING:
    import argparse

    from conquest_tui.simulation.executors import Executor


def pin_hashes(text: str | None, clans: int, bots: int) -> list[str] | None:
    """`--pins 1234,,5678`: each seat's PIN hash in seat order ("" for none; bots have none)."""
    if not text:
        return None
    from conquest_tui.pins.hashing import hash_pin

    pins = [pin.strip() for pin in text.split(",")]
    if len(pins) > clans:
        raise CliError(f"--pins gives {len(pins)} PINs for {clans} Clans")
    if 0 <= bots <= clans and any(pins[clans - bots:]):
        raise CliError("a bot seat needs no PIN (bots take the last seats)")
    pins += [""] * (clans - len(pins))
    return [hash_pin(pin) if pin else "" for pin in pins]


def referee_pin_hash(pin: str | None) -> str:
    """`--referee-pin PIN`: its hash ("" for none)."""
    if pin is None:
        return ""
    if not pin.strip():
        raise CliError("--referee-pin needs a PIN (leave it out for a game without a referee)")
    from conquest_tui.pins.hashing import hash_pin

    return hash_pin(pin.strip())


def cmd_new(args: argparse.Namespace) -> int:
    """Create a game and save it."""
    from conquest_tui import session
    from conquest_tui.cli.seat_commands import save_named

    save = save_named(args, "new")
    if args.game == "conquest":
        if args.referee_pin is not None:
            raise CliError("a referee PIN is for games of Continental Conquest only")
        from conquest_tui.cli.conquest_commands import cmd_new_conquest

        return cmd_new_conquest(args, save)
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    path = Path(save)
    if path.exists() and not args.force:
        raise CliError(f"{path} already exists; use --force to replace it")
    table = session.Session.new(
        path, replace=args.force, map_name=args.map or session.default_map(), clans=args.clans,
        bots=args.bots, seed=args.seed, names=names, victory_threshold=args.threshold,
        turn_limit=args.turn_limit, pin_hashes=pin_hashes(args.pins, args.clans, args.bots),
        level=args.level, referee_pin_hash=referee_pin_hash(args.referee_pin),
        house_rules=tuple((args.house or "").split(",")))
    facts = table.facts()
    print(f"New game on {table.map_title} (seed {facts.seed}) saved to {path}.")
    from conquest_tui.storage.map_loader import load_map

    notice = session.fair_starts_notice(load_map(args.map or session.default_map()), args.clans)
    if notice:  # the game is made all the same, with the nearest to fair starts the map has
        print(notice + " Its starts are the fairest the map has; for fair ones, make a new game "
              "with fewer Clans.")
    limit = facts.turn_limit
    print(f"Victory at {facts.victory_threshold} popularity"
          + (f"; the game ends after game turn {limit}." if limit else "; no turn limit."))
    if facts.house_rules:
        print(f"House rules: {', '.join(facts.house_rules)}.")
    for info in table.seats():
        seat = (f"bot, {info.level}" if info.is_bot
                else "human, PIN" if info.has_pin else "human")
        print(f"  Clan {info.number} {info.name} ({seat})")
    if table.has_referee:
        print("The game has a referee PIN: `conquest referee` shows every Clan with it.")
    active = table.seat_info(table.active_clan)
    print(f"Clan {active.number} ({active.name}) plays first.")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run whole bot games headless: a progress bar, a table, or one JSON line per game."""
    from conquest_tui.simulation import cli_output
    from conquest_tui.simulation.executor_options import from_options
    from conquest_tui.simulation.jobs import game_specs, run_games

    executor = from_options(args)  # refuses options that do not go together
    levels = ([level.strip() for level in args.levels.split(",")] if args.levels
              else [args.level] * args.clans)
    if len(levels) != args.clans:
        raise CliError(f"--levels gives {len(levels)} levels for {args.clans} Clans")
    if args.game == "conquest":
        return simulate_conquest(args, levels, executor)
    args.map = args.map or "test_small"
    args.turns = 25 if args.turns is None else args.turns
    if args.turns < 1 or args.games < 1:
        raise CliError("--turns and --games take a whole number of 1 or more")
    from conquest_tui import session

    known = session.bot_levels()
    if any(level not in known for level in levels):
        raise CliError(f"a bot plays {', '.join(known)}")
    specs = game_specs(map_name=args.map, clans=args.clans, turns=args.turns, seed=args.seed,
                       games=args.games, levels=levels, threshold=args.threshold,
                       save_dir=args.save_dir or "")
    session.new_game(map_name=args.map, clans=args.clans, bots=args.clans, seed=args.seed,
                     turn_limit=args.turns, level=levels)  # refuses a bad map or count at once
    if args.json:
        import json

        for summary in run_games(specs, executor):
            print(json.dumps(summary.as_json(), ensure_ascii=False), flush=True)
        return 0
    summaries = cli_output.run_with_progress(specs, executor, run_games)
    cli_output.print_table(summaries)
    return 0


def simulate_conquest(args: argparse.Namespace, levels: list[str], executor: Executor) -> int:
    """`simulate --game conquest`: one JSON object per game, or a table of the games."""
    from conquest_tui.cli.conquest_commands import refuse_continental_options
    from conquest_tui.games.conquest.bots import LEVELS
    from conquest_tui.simulation.conquest_games import (
        conquest_specs,
        play_conquests,
        print_conquests,
    )
    from conquest_tui.storage.conquest_data import load_rules

    refuse_continental_options(args)
    rules = load_rules()
    if not rules.minimum_players <= args.clans <= rules.maximum_players:
        raise CliError(f"Conquest is for {rules.minimum_players} to {rules.maximum_players} "
                       "players")
    if args.games < 1:
        raise CliError("--games takes a whole number of 1 or more")
    if any(level not in LEVELS for level in levels):
        raise CliError(f"a bot plays {', '.join(LEVELS)}")
    specs = conquest_specs(players=args.clans, seed=args.seed, games=args.games, levels=levels)
    summaries = play_conquests(specs, executor)
    if args.json:
        import json

        for summary in summaries:
            print(json.dumps(summary, ensure_ascii=False), flush=True)
        return 0
    print_conquests(summaries)
    return 0


def cmd_maps(args: argparse.Namespace) -> int:
    """List the maps with their player counts."""
    from conquest_tui import session

    default_map = session.default_map()
    for info in session.maps():
        default = "  (default)" if info.name == default_map else ""
        print(f"{info.name:<16} {info.title:<22} {info.min_players}–{info.max_players} players  "
              f"{info.columns}×{info.rows}, {info.city_count} cities{default}")
    return 0


def cmd_play(args: argparse.Namespace | None) -> int:
    """Open the app (the title screen, or straight into a save; None: no command given)."""
    save = getattr(args, "save", None)
    clan = getattr(args, "clan", None) or 0
    if clan and not save:
        raise CliError("--clan opens one Clan's seat of a save: name the save")
    if clan:
        return play(save, allow_edited=getattr(args, "allow_edited", False), clan=clan)
    if getattr(args, "allow_edited", False):
        return play(save, allow_edited=True)
    return play(save)


def play(save: str | None, *, allow_edited: bool = False, clan: int = 0) -> int:
    """Open the app on the title screen, or at a save's hand-over screen (with `clan`, on that
    Clan's seat only: what a served seat's link opens)."""
    from conquest_tui import collector

    collector.pause()  # resumed by the app once its whole first screen is drawn
    from conquest_tui.ui.launch import run_app

    return run_app(Path(save) if save else None, allow_edited=allow_edited, clan=clan)
