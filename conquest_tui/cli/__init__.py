"""The `conquest` command: the app with no arguments, a stable headless interface otherwise."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from conquest_tui import __version__
from conquest_tui.cli.conquest_commands import cmd_act, cmd_bots, cmd_seat_conquest, cmd_view
from conquest_tui.cli.errors import CliError, PinNeeded
from conquest_tui.cli.mail_commands import cmd_accept, cmd_moderate, cmd_packet
from conquest_tui.cli.referee_commands import add_referee_command
from conquest_tui.cli.seat_commands import (
    cmd_check,
    cmd_history,
    cmd_odds,
    cmd_prices,
    cmd_report,
    cmd_seat,
    cmd_turn,
    odds_json,
    report_json,
    save_named,
)
from conquest_tui.cli.serve_commands import cmd_serve
from conquest_tui.cli.table_commands import cmd_maps, cmd_new, cmd_play, cmd_simulate, play
from conquest_tui.simulation.executor_options import add_options as add_executor_options

if TYPE_CHECKING:
    import argparse

__all__ = ["CliError", "PinNeeded", "build_parser", "main", "odds_json", "play", "report_json"]

# The commands import the engine inside their functions, so that `conquest` (the app) starts
# without loading what only they need.


def _headless(func: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a headless command; a session error, or games that cannot be played where they were
    sent, becomes one sentence, like a CliError."""
    from conquest_tui.session import SessionError
    from conquest_tui.simulation.executors import ExecutorError
    from conquest_tui.storage.save_list import SaveError

    try:
        return func(args)
    except (SessionError, SaveError, ExecutorError) as error:  # SaveError: a damaged event
        raise CliError(str(error)) from None


THRESHOLD_HELP = ("popularity a Clan needs to win (default: the map's own, or the rulebook's "
                  "proposal for the map and the number of Clans)")
"""What --threshold takes, in words (no rule ids: players read the help)."""


def _rules_flag(command: argparse.ArgumentParser) -> None:
    command.add_argument("--rules", action="store_true",
                         help="show the rulebook references, e.g. (CC-MOVE-04), after sentences")


def _save_either_way(command: argparse.ArgumentParser) -> None:
    """The save as the first word or by --save (`seat_commands.save_named` reads it)."""
    command.add_argument("save", nargs="?", help="the save file")
    command.add_argument("--save", dest="save_option", help="the save file (as for report)")


def _allow_edited(command: argparse.ArgumentParser) -> None:
    command.add_argument("--allow-edited", action="store_true",
                         help="open a save changed outside the game (its checksum does not "
                         "match); it is still checked")


def _seat(args: argparse.Namespace) -> int:
    """`conquest seat` for either game's save."""
    from pathlib import Path

    from conquest_tui.session.conquest_table import game_of

    save = save_named(args, "seat")
    if game_of(Path(save)) == "conquest":
        return cmd_seat_conquest(args, save)
    return cmd_seat(args)


def _game_choice(command: argparse.ArgumentParser) -> None:
    command.add_argument("--game", choices=("continental", "conquest"), default="continental",
                         help="continental (Continental Conquest, the default) or conquest "
                         "(Conquest: the classic world map, dice and cards)")


def argparse_suppress() -> str:
    import argparse

    return argparse.SUPPRESS


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every sub-command, built once a process (it never changes, and
    building it takes some 10 ms, most of it argparse looking for translations of its words;
    the app with no command is opened without it, and without argparse: see `main`)."""
    import argparse

    from conquest_tui.cli.branch_commands import add_branch_command
    from conquest_tui.cli.scenario_commands import add_scenario_command

    parser = argparse.ArgumentParser(
        prog="conquest",
        description="CONTINENTAL CONQUEST for the terminal. With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"conquest-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the game (optionally resuming a save)")
    play.add_argument("save", nargs="?", help="a save file to resume at its hand-over screen")
    play.add_argument("--clan", type=int, help="open only this Clan's seat (no title, no other "
                      "Clan; what `conquest serve` opens for a seat's link)")
    _allow_edited(play)
    play.set_defaults(func=cmd_play)

    new = sub.add_parser("new", help="create a new game and save it")
    _game_choice(new)
    new.add_argument("--map", help="map name (see `conquest maps`; default british_isles)")
    new.add_argument("--clans", type=int, required=True,
                     help="number of Clans, 2–20 (of players in Conquest, 2–6)")
    new.add_argument("--bots", type=int, default=0, help="how many of them are bot seats")
    new.add_argument("--seed", help="seed for a replayable game (random by default)")
    new.add_argument("--names", help="Clan names, comma-separated")
    new.add_argument("--pins", help="PINs by seat, comma-separated, empty for none "
                     "(e.g. 1234,,5678); a shell may keep them in its history")
    new.add_argument("--referee-pin", help="a PIN for the game's referee, who sees every Clan "
                     "(`conquest referee`); without one the game has no referee")
    new.add_argument("--threshold", type=int, help=THRESHOLD_HELP)
    new.add_argument("--turn-limit", type=int, help="last game turn (default 25; 0: no limit)")
    new.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                     help="how well the bots play (default normal)")
    new.add_argument("--house", metavar="RULES",
                     help="house rules to play with, comma-separated (e.g. standing; none by "
                     "default; F1 in the game explains each)")
    new.add_argument("save", nargs="?", help="where to save the game")
    new.add_argument("--save", dest="save_option", help="where to save the game")
    new.add_argument("--force", action="store_true", help="replace an existing save file")
    new.set_defaults(func=cmd_new)

    for name, func, text in (
        ("check", cmd_check, "parse and check an order sheet without running it"),
        ("turn", cmd_turn, "run a Clan's turn from an order sheet and save"),
    ):
        command = sub.add_parser(name, help=text)
        command.add_argument("--save", required=True, help="the save file")
        command.add_argument("--clan", type=int, required=True, help="the Clan number")
        command.add_argument("--pin", help="the Clan's PIN, if any (else asked on a terminal)")
        command.add_argument("sheet", help="the order sheet file, or - for standard input")
        _rules_flag(command)
        _allow_edited(command)
        if name == "check":
            command.add_argument("--forecast", action="store_true",
                                 help="also print what the sheet would do, pulse by pulse")
        command.set_defaults(func=func)

    report = sub.add_parser("report", help="print a Clan's current report")
    report.add_argument("--save", required=True, help="the save file")
    report.add_argument("--clan", type=int, required=True, help="the Clan number")
    report.add_argument("--pin", help="the Clan's PIN, if any (else asked on a terminal)")
    report.add_argument("--json", action="store_true", help="print JSON instead of text")
    report.add_argument("--format", choices=("text", "json", "paper"), default="text",
                        help="text (the default), json, or paper: the 1995 moderator's layout")
    _rules_flag(report)
    _allow_edited(report)
    report.set_defaults(func=cmd_report)

    history = sub.add_parser("history", help="print a Clan's turn log or a past report")
    _save_either_way(history)
    history.add_argument("--clan", type=int, required=True, help="the Clan number")
    history.add_argument("--turn", type=int, help="the game turn whose report to print")
    history.add_argument("--pin", help="the Clan's PIN, if any (else asked on a terminal)")
    _rules_flag(history)
    _allow_edited(history)
    history.set_defaults(func=cmd_history)

    odds_cmd = sub.add_parser("odds", help="estimate a fight from what a Clan knows")
    odds_cmd.add_argument("--save", required=True, help="the save file")
    odds_cmd.add_argument("--clan", type=int, required=True, help="the Clan number")
    odds_cmd.add_argument("--convoy", type=int, required=True, help="the Clan's convoy number")
    odds_cmd.add_argument("--target", help="any hex: on the convoy's route, next to it or "
                          "further (default: its own hex)")
    odds_cmd.add_argument("--sheet", help="the order sheet the convoy follows there (default: "
                          "the Clan's sheet being written in the save)")
    odds_cmd.add_argument("--attack-city", action="store_true",
                          help="the convoy invades the city in its hex (ATTACK)")
    odds_cmd.add_argument("--troops", type=int, help="troops to attack with (default: all)")
    odds_cmd.add_argument("--runs", type=int, help="battles to run (default: enough to be "
                          "within half a point; a hex attack is always worked out exactly)")
    odds_cmd.add_argument("--seed", type=int, default=0, help="seed of the runs (0)")
    odds_cmd.add_argument("--pin", help="the Clan's PIN, if any (else asked on a terminal)")
    odds_cmd.add_argument("--json", action="store_true", help="print JSON instead of a table")
    _allow_edited(odds_cmd)
    odds_cmd.set_defaults(func=cmd_odds)

    prices_cmd = sub.add_parser("prices", help="what everything costs a Clan now, and why")
    prices_cmd.add_argument("--save", required=True, help="the save file")
    prices_cmd.add_argument("--clan", type=int, required=True, help="the Clan number")
    prices_cmd.add_argument("--pin", help="the Clan's PIN, if any (else asked on a terminal)")
    prices_cmd.add_argument("--json", action="store_true", help="print JSON instead of tables")
    _allow_edited(prices_cmd)
    prices_cmd.set_defaults(func=cmd_prices)

    seat = sub.add_parser("seat", help="hand a seat to a bot or to a person; list the seats")
    _save_either_way(seat)
    seat.add_argument("--clan", type=int, help="the Clan number")
    who = seat.add_mutually_exclusive_group()
    who.add_argument("--bot", action="store_true", help="the computer plays the seat")
    who.add_argument("--human", action="store_true", help="a person plays the seat")
    seat.add_argument("--level", choices=("easy", "normal", "hard"),
                      help="how well the bot plays (with --bot; default: as before)")
    seat.add_argument("--pin", help="the seat's PIN, if it has one (else asked on a terminal)")
    _allow_edited(seat)
    seat.set_defaults(func=_seat)

    packet = sub.add_parser("packet", help="write a Clan's packet for play by mail: its "
                            "reports and its signed sheet form")
    _save_either_way(packet)
    packet.add_argument("--clan", type=int, required=True, help="the Clan number")
    packet.add_argument("--out", help="the folder to write it in (default: SAVE's name + -mail)")
    packet.add_argument("--pin", help="the Clan's PIN, if any (else asked on a terminal)")
    _allow_edited(packet)
    packet.set_defaults(func=cmd_packet)

    accept = sub.add_parser("accept", help="check sheet forms that came back by mail and keep "
                            "them for their turn")
    accept.add_argument("files", nargs="+", metavar="SAVE FILE",
                        help="the save file (unless --save names it), then filled-in sheet forms")
    accept.add_argument("--save", dest="save_option", help="the save file (as for report)")
    _allow_edited(accept)
    accept.set_defaults(func=cmd_accept)

    moderate = sub.add_parser("moderate", help="run the sheets that came by mail and write "
                              "every Clan's next packet")
    _save_either_way(moderate)
    moderate.add_argument("--deadline", action="store_true",
                          help="the deadline has passed: run the sheets that are in; a late "
                          "Clan's turn runs after all the others")
    moderate.add_argument("--out", help="the folder for the packets (default: SAVE's name + "
                          "-mail)")
    _allow_edited(moderate)
    moderate.set_defaults(func=cmd_moderate)

    serve = sub.add_parser("serve", help="play from browsers: a link for each seat and one for "
                           "the host's table")
    _save_either_way(serve)
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument("--public-url", help="the address players open, when a reverse proxy "
                       "stands in front (e.g. https://conquest.example.org)")
    serve.add_argument("--links", action="store_true",
                       help="print the links again and stop (nothing is served)")
    serve.add_argument("--new-links", action="store_true",
                       help="make every link again: the old ones stop working")
    _allow_edited(serve)
    serve.set_defaults(func=cmd_serve)

    sim = sub.add_parser("simulate", help="play whole games of bots, headless, and sum them up")
    _game_choice(sim)
    sim.add_argument("--map", help="map name (default test_small)")
    sim.add_argument("--clans", type=int, default=4, help="number of Clans or players (4)")
    sim.add_argument("--turns", type=int, help="last game turn (25)")
    sim.add_argument("--seed", default="sim", help="the run's seed; game i plays SEED-i")
    sim.add_argument("--games", type=int, default=1, help="how many games (1)")
    add_executor_options(sim)
    sim.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                     help="every bot's level (default normal)")
    sim.add_argument("--levels", help="each seat's level, e.g. hard,normal,normal,normal")
    sim.add_argument("--threshold", type=int, help=THRESHOLD_HELP)
    sim.add_argument("--json", action="store_true", help="one JSON object per game, no table")
    sim.add_argument("--save-dir", help="keep each game's final save in this folder (on a "
                     "cluster: a folder every worker writes to)")
    sim.set_defaults(func=cmd_simulate)

    view = sub.add_parser("view", help="Conquest: the board as a seat sees it")
    _save_either_way(view)
    view.add_argument("--clan", type=int, help="the seat number (without it: the seats)")
    view.add_argument("--pin", help="the seat's PIN, if any (else asked on a terminal)")
    view.add_argument("--moves", action="store_true", help="list every move open to the seat")
    _allow_edited(view)
    view.set_defaults(func=cmd_view)

    act = sub.add_parser("act", help="Conquest: make one move for a seat, e.g. "
                         '"Blitz Kamchatka from Alaska"')
    act.add_argument("save", help="the save file")
    act.add_argument("move", nargs="+", help="the move in words (see `conquest view --moves`)")
    act.add_argument("--save", dest="save_option", help=argparse_suppress())
    act.add_argument("--clan", type=int, required=True, help="the seat number")
    act.add_argument("--pin", help="the seat's PIN, if any (else asked on a terminal)")
    _allow_edited(act)
    act.set_defaults(func=cmd_act)

    bots = sub.add_parser("bots", help="Conquest: let the bots move until a person must")
    _save_either_way(bots)
    _allow_edited(bots)
    bots.set_defaults(func=cmd_bots)

    maps = sub.add_parser("maps", help="list the maps")
    maps.set_defaults(func=cmd_maps)
    add_scenario_command(sub)
    add_referee_command(sub)
    add_branch_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script and of `python -m conquest_tui`."""
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        if not words:  # the app on its title screen, as `play` opens it: its first frame
            return cmd_play(None)  # comes before the parser is built (some 10 ms)
        args = build_parser().parse_args(words)
        func: Callable[[argparse.Namespace], int] = getattr(args, "func", cmd_play)
        return func(args) if func is cmd_play else _headless(func, args)
    except CliError as error:
        print(f"conquest: {error}", file=sys.stderr)
        return error.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # a bug: still one sentence, never a traceback (CONQUEST_DEBUG=1)
        if os.environ.get("CONQUEST_DEBUG"):
            raise
        print(f"conquest: internal error ({type(error).__name__}: {error}); nothing was saved. "
              "Run again with CONQUEST_DEBUG=1 for details.", file=sys.stderr)
        return 70

