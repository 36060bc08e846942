"""The `conquest` command: the app with no arguments, a stable headless interface otherwise."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from conquest_tui import __version__

if TYPE_CHECKING:
    import argparse

    from conquest_tui.engine.combat.odds import Estimate
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.reports.report import Report
    from conquest_tui.engine.rules.ruleset import Ruleset
    from conquest_tui.session import Session

# The headless commands import the engine inside their functions, so that `conquest` (the app)
# starts without loading what only they need.


class CliError(Exception):
    """A failure to print as one sentence with a non-zero exit."""

    code = 1


class PinNeeded(CliError):
    """A PIN-protected Clan and no PIN given (nor a terminal to ask it on): exit code 2."""

    code = 2


def _unlock(table: Session, clan_number: int, pin: str | None) -> None:
    """Open a PIN-protected Clan's seat, or stop with one sentence before anything of it shows.

    The PIN is `--pin`, else asked on the terminal; wrong PINs back off (docs/security.md).
    """
    from conquest_tui.pins.backoff import Verdict, try_again

    if not table.has_pin(clan_number):
        return
    clan = table.game.clan(clan_number)
    label = f"Clan {clan.number} ({clan.name})"
    wait = table.pin_wait(clan_number)
    if wait:
        raise CliError(f"Too many wrong PINs for {label}. {try_again(wait)}")
    if pin is None:
        if not sys.stdin.isatty():
            raise PinNeeded(f"{label} has a PIN: give it with --pin.")
        import getpass

        try:
            pin = getpass.getpass(f"PIN of {label}: ")
        except EOFError:
            raise PinNeeded(f"{label} has a PIN: give it with --pin.") from None
    answer = table.try_pin(clan_number, pin)
    if answer.verdict is Verdict.WAIT:
        raise CliError(f"Too many wrong PINs for {label}. {try_again(answer.wait)}")
    if answer.verdict is Verdict.WRONG:
        later = f" {try_again(answer.wait)}" if answer.wait else ""
        raise CliError(f"Wrong PIN for {label}.{later}")


def _pin_hashes(text: str | None, clans: int, bots: int) -> list[str] | None:
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


def _read_sheet(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such order sheet") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CliError(f"{path}: cannot read the order sheet ({error})") from None


def cmd_new(args: argparse.Namespace) -> int:
    """Create a game and save it."""
    from conquest_tui import session

    names = [n.strip() for n in args.names.split(",")] if args.names else None
    game = session.new_game(map_name=args.map or session.default_map(), clans=args.clans,
                            bots=args.bots, seed=args.seed, names=names,
                            victory_threshold=args.threshold, turn_limit=args.turn_limit,
                            pin_hashes=_pin_hashes(args.pins, args.clans, args.bots),
                            level=args.level)
    path = Path(args.save)
    if path.exists() and not args.force:
        raise CliError(f"{path} already exists; use --force to replace it")
    session.save(game, path)
    print(f"New game on {game.map.title} (seed {game.state.seed}) saved to {path}.")
    limit = game.state.turn_limit
    print(f"Victory at {game.state.victory_threshold} popularity"
          + (f"; the game ends after game turn {limit}." if limit else "; no turn limit."))
    for clan in sorted(game.state.clans, key=lambda c: game.state.clan_order.index(c.number)):
        seat = (f"bot, {clan.bot_level}" if clan.seat == "bot"
                else "human, PIN" if clan.pin_hash else "human")
        print(f"  Clan {clan.number} {clan.name} ({seat})")
    active = game.clan(game.state.active_clan)
    print(f"Clan {active.number} ({active.name}) plays first.")
    return 0


def cmd_seat(args: argparse.Namespace) -> int:
    """Hand a seat to a bot or to a person (saved at once); with neither, list the seats."""
    from conquest_tui.session import Session

    table = Session.open(Path(args.save), allow_edited=args.allow_edited)
    if args.clan is not None and (args.bot or args.human):
        clan = table.clan_number(args.clan)
        if table.game.clan(clan).seat == "human" or args.human:
            _unlock(table, clan, args.pin)  # a PIN seat changes hands only with its PIN
        level = args.level if args.bot else None
        table.set_seat(clan, "bot" if args.bot else "human", level)
    elif args.level or args.pin:
        raise CliError("say --bot or --human, with --clan N")
    for clan in sorted(table.game.state.clans,
                       key=lambda c: table.game.state.clan_order.index(c.number)):
        seat = f"bot, {clan.bot_level}" if clan.seat == "bot" else "human"
        pin = ", PIN" if clan.pin_hash else ""
        print(f"  Clan {clan.number} {clan.name} ({seat}{pin})")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run whole bot games headless: a progress bar, a table, or one JSON line per game."""
    from conquest_tui.simulation import cli_output
    from conquest_tui.simulation.jobs import game_specs, run_games

    levels = ([level.strip() for level in args.levels.split(",")] if args.levels
              else [args.level] * args.clans)
    if len(levels) != args.clans:
        raise CliError(f"--levels gives {len(levels)} levels for {args.clans} Clans")
    if args.turns < 1 or args.games < 1 or args.jobs < 1:
        raise CliError("--turns, --games and --jobs take a whole number of 1 or more")
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

        for summary in run_games(specs, args.jobs):
            print(json.dumps(summary.as_json(), ensure_ascii=False), flush=True)
        return 0
    summaries = cli_output.run_with_progress(specs, args.jobs, run_games)
    cli_output.print_table(summaries)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Parse and check a sheet; one line per problem."""
    from conquest_tui.engine.reports.event_text import problem_line
    from conquest_tui.engine.reports.report_text import hide_rule_ids
    from conquest_tui.engine.reports.sentences import number_of
    from conquest_tui.session import Session

    table = Session.open(Path(args.save), allow_edited=args.allow_edited)
    clan = table.clan_number(args.clan)
    _unlock(table, clan, args.pin)
    sheet = _read_sheet(args.sheet)
    found = table.check(clan, sheet)
    problems = [problem for problem in found if not problem.is_warning]
    warnings = [problem for problem in found if problem.is_warning]
    for problem in found:
        line = problem_line(problem)
        if problem.is_warning:
            line = line.replace(": ", ": warning: ", 1)
        print(line if args.rules else hide_rule_ids(line))
    if not problems:
        tail = f" ({number_of(len(warnings), 'warning')})" if warnings else ""
        print(f"No problems found{tail}.")
    if getattr(args, "forecast", False):
        _print_forecast(table.game, clan, sheet)
    return 1 if problems else 0


def _print_forecast(game: Game, clan: int, sheet: str) -> None:
    """The sheet's forecast as Rich tables: money, then each convoy pulse by pulse."""
    from rich.console import Console
    from rich.table import Table

    from conquest_tui.engine.play.forecast import forecast_turn
    from conquest_tui.engine.reports import forecast_text

    forecast = forecast_turn(game, clan, sheet)
    console = Console(highlight=False)
    console.print(f"Forecast for turn {forecast.game_turn}: {forecast_text.money_line(forecast)}",
                  markup=False)
    console.print(forecast_text.stock_line(forecast), markup=False)
    for found in forecast.problems:
        console.print(f"line {found.line}: {forecast_text.problem_sentence(found)}",
                      markup=False)
    for convoy in forecast.convoys:
        table = Table(title=forecast_text.convoy_title(convoy), title_justify="left")
        for column in forecast_text.COLUMNS:
            table.add_column(column or "Note", justify="left" if column in ("Hex", "") else
                             "right")
        for row in forecast_text.convoy_rows(forecast, convoy):
            table.add_row(*row)
        console.print(table)
    console.print(forecast_text.cannot_know(forecast), markup=False)


def cmd_turn(args: argparse.Namespace) -> int:
    """Run the Clan's turn and the bot seats after it, save once, print the Clan's report."""
    from conquest_tui.engine.economy.victory import end_sentence
    from conquest_tui.engine.reports.report_text import render_report
    from conquest_tui.session import Session

    table = Session.open(Path(args.save), allow_edited=args.allow_edited)
    clan = table.clan_number(args.clan)
    _unlock(table, clan, args.pin)
    outcome = table.submit(clan, _read_sheet(args.sheet))
    if outcome.handover.save_error:
        raise CliError(outcome.handover.save_error)
    print(render_report(outcome.report, rules=args.rules), end="")
    for bot_turn in outcome.handover.bot_turns:
        print(bot_turn.sentence)
    game = table.game
    if game.state.finished:
        print(f"{end_sentence(game)} Every Clan's final report: `conquest report`.")
    else:
        active = game.clan(game.state.active_clan)
        print(f"Next: Clan {active.number} ({active.name}), game turn {game.state.game_turn}.")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """Print the Clan's fog-filtered report, as text or JSON."""
    import json

    from conquest_tui.engine.reports.report_text import render_report
    from conquest_tui.session import Session

    table = Session.open(Path(args.save), allow_edited=args.allow_edited)
    clan = table.clan_number(args.clan)
    _unlock(table, clan, args.pin)
    report = table.report(clan)
    if args.json or args.format == "json":
        print(json.dumps(report_json(report), indent=2, ensure_ascii=False))
    elif args.format == "paper":
        from conquest_tui.engine.reports.paper_report import render_paper
        from conquest_tui.engine.reports.report_text import hide_rule_ids

        paper = render_paper(report)
        print(paper if args.rules else hide_rule_ids(paper), end="")
    else:
        print(render_report(report, rules=args.rules), end="")
        seated = table.game.clan(clan)
        if seated.seat == "bot":
            print(f"This seat is played by a bot ({seated.bot_level}); `conquest seat "
                  f"{args.save} --clan {clan} --human` hands it to a person.")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    """Print a Clan's turn log, or with --turn the report it read after that game turn."""
    from conquest_tui.engine.reports.report_text import hide_rule_ids
    from conquest_tui.engine.reports.turn_log import log_line
    from conquest_tui.session import Session

    save = args.save or args.save_option
    if not save:
        raise CliError("history needs a save file: conquest history SAVE --clan N")
    table = Session.open(Path(save), allow_edited=args.allow_edited)
    clan = table.clan_number(args.clan)
    _unlock(table, clan, args.pin)
    past = table.history(clan)
    if args.turn is None:
        if not past.turns:
            print(f"Clan {clan} ({past.clan_name}) has no past turns yet.")
        for turn in past.turns:
            print(log_line(turn.game_turn, turn.summary))
        return 0
    chosen = past.turn(args.turn)
    if chosen is None:
        turns = [turn.game_turn for turn in past.turns]
        kept = f"it has reports of game turns {turns[0]} to {turns[-1]}" if turns \
            else "it has played no turn yet"
        raise CliError(f"Clan {clan} has no report of game turn {args.turn} ({kept})")
    print(chosen.text if args.rules else hide_rule_ids(chosen.text), end="")
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    """Estimate a fight from what the Clan knows: seeded runs of the combat itself (issue 14)."""
    import json

    from conquest_tui.engine.combat import odds
    from conquest_tui.engine.reports import odds_text
    from conquest_tui.session import Session

    table = Session.open(Path(args.save), allow_edited=args.allow_edited)
    clan = table.clan_number(args.clan)
    _unlock(table, clan, args.pin)
    convoy = table.game.convoy(clan, args.convoy)
    if args.runs < 1 or (args.troops is not None and args.troops < 1):
        raise CliError("--runs and --troops take a whole number of 1 or more.")
    try:
        if convoy is None:
            raise odds.OddsError("no_convoy", number=args.convoy)
        found = odds.estimates(table.game, table.view(clan), convoy, args.target,
                               attack_city=args.attack_city, troops=args.troops,
                               runs=args.runs, seed=args.seed)
    except odds.OddsError as error:
        raise CliError(odds_text.error_text(error).capitalize() + ".") from None
    rules = table.game.rules
    if args.json:
        print(json.dumps([odds_json(estimate, rules) for estimate in found], indent=2,
                         ensure_ascii=False))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for estimate in found:
        grid = Table(show_header=False, box=None, padding=(0, 1))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(overflow="fold")
        for label, words in odds_text.rows(estimate, rules):
            grid.add_row(label, words)
        console.print(grid, markup=False)
        console.print()
    return 0


def odds_json(estimate: Estimate, rules: Ruleset) -> dict[str, object]:
    """An estimate as JSON-ready data: its fields, facts as objects, the words a player reads."""
    import attrs

    from conquest_tui.engine.reports import odds_text

    data = attrs.asdict(estimate, recurse=False)
    data["attacker"], data["defender"] = (
        {**attrs.asdict(side), "vehicles": dict(side.vehicles)}
        for side in (estimate.attacker, estimate.defender))
    data["target"] = dict(estimate.target)
    data["assumptions"] = [{"code": a.code, **dict(a.facts), "text": odds_text.assumption_text(
        a, rules)} for a in estimate.assumptions]
    data["text"] = [f"{label}: {words}" for label, words in odds_text.rows(estimate, rules)]
    return data


def report_json(report: Report) -> dict[str, object]:
    """The report as JSON-ready data: every field; each event and problem also carries the
    sentence a player reads ("text"), next to its kind (or code) and facts."""
    import attrs

    from conquest_tui.engine.reports.event_text import event_text, problem_text

    data = attrs.asdict(report)
    data["events"] = [{**attrs.asdict(event), "text": event_text(event)}
                      for event in report.events]
    data["since_last_turn"] = [{**attrs.asdict(event), "text": event_text(event)}
                               for event in report.since_last_turn]
    data["problems"] = [{**attrs.asdict(problem), "text": problem_text(problem)}
                        for problem in report.problems]
    return data


def cmd_maps(args: argparse.Namespace) -> int:
    """List the maps with their player counts."""
    from conquest_tui import session

    default_map = session.default_map()
    for info in session.maps():
        default = "  (default)" if info.name == default_map else ""
        print(f"{info.name:<16} {info.title:<22} {info.min_players}–{info.max_players} players  "
              f"{info.columns}×{info.rows}, {info.city_count} cities{default}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Open the app (the title screen, or straight into a save)."""
    save = getattr(args, "save", None)
    if getattr(args, "allow_edited", False):
        return play(save, allow_edited=True)
    return play(save)


def play(save: str | None, *, allow_edited: bool = False) -> int:
    """Open the app on the title screen, or at a save's hand-over screen."""
    from conquest_tui import startup_gc

    startup_gc.pause()  # resumed by the app once its whole first screen is drawn
    from conquest_tui.ui.app import run_app

    return run_app(Path(save) if save else None, allow_edited=allow_edited)


def _headless(func: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a headless command; a session error becomes one sentence, like a CliError."""
    from conquest_tui.session import SessionError

    try:
        return func(args)
    except SessionError as error:
        raise CliError(str(error)) from None


def _rules_flag(command: argparse.ArgumentParser) -> None:
    command.add_argument("--rules", action="store_true",
                         help="show the rulebook references, e.g. (CC-MOVE-04), after sentences")


def _allow_edited(command: argparse.ArgumentParser) -> None:
    command.add_argument("--allow-edited", action="store_true",
                         help="open a save changed outside the game (its checksum does not "
                         "match); it is still checked")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every sub-command."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="conquest",
        description="CONTINENTAL CONQUEST for the terminal. With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"conquest-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the game (optionally resuming a save)")
    play.add_argument("save", nargs="?", help="a save file to resume at its hand-over screen")
    _allow_edited(play)
    play.set_defaults(func=cmd_play)

    new = sub.add_parser("new", help="create a new game and save it")
    new.add_argument("--map", help="map name (see `conquest maps`; default british_isles)")
    new.add_argument("--clans", type=int, required=True, help="number of Clans, 2–20")
    new.add_argument("--bots", type=int, default=0, help="how many of them are bot seats")
    new.add_argument("--seed", help="seed for a replayable game (random by default)")
    new.add_argument("--names", help="Clan names, comma-separated")
    new.add_argument("--pins", help="PINs by seat, comma-separated, empty for none "
                     "(e.g. 1234,,5678); a shell may keep them in its history")
    new.add_argument("--threshold", type=int, help="victory popularity (default: AMB-57)")
    new.add_argument("--turn-limit", type=int, help="last game turn (default 25, AMB-57; 0: none)")
    new.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                     help="how well the bots play (default normal)")
    new.add_argument("--save", required=True, help="where to save the game")
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
    history.add_argument("save", nargs="?", help="the save file")
    history.add_argument("--save", dest="save_option", help="the save file (as for report)")
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
    odds_cmd.add_argument("--target", help="a hex next to the convoy (default: its own hex)")
    odds_cmd.add_argument("--attack-city", action="store_true",
                          help="the convoy invades the city in its hex (ATTACK)")
    odds_cmd.add_argument("--troops", type=int, help="troops to attack with (default: all)")
    odds_cmd.add_argument("--runs", type=int, default=1_000, help="battles to run (1,000)")
    odds_cmd.add_argument("--seed", type=int, default=0, help="seed of the runs (0)")
    odds_cmd.add_argument("--pin", help="the Clan's PIN, if any (else asked on a terminal)")
    odds_cmd.add_argument("--json", action="store_true", help="print JSON instead of a table")
    _allow_edited(odds_cmd)
    odds_cmd.set_defaults(func=cmd_odds)

    seat = sub.add_parser("seat", help="hand a seat to a bot or to a person; list the seats")
    seat.add_argument("save", help="the save file")
    seat.add_argument("--clan", type=int, help="the Clan number")
    who = seat.add_mutually_exclusive_group()
    who.add_argument("--bot", action="store_true", help="the computer plays the seat")
    who.add_argument("--human", action="store_true", help="a person plays the seat")
    seat.add_argument("--level", choices=("easy", "normal", "hard"),
                      help="how well the bot plays (with --bot; default: as before)")
    seat.add_argument("--pin", help="the seat's PIN, if it has one (else asked on a terminal)")
    _allow_edited(seat)
    seat.set_defaults(func=cmd_seat)

    sim = sub.add_parser("simulate", help="play whole games of bots, headless, and sum them up")
    sim.add_argument("--map", default="test_small", help="map name (default test_small)")
    sim.add_argument("--clans", type=int, default=4, help="number of Clans (4)")
    sim.add_argument("--turns", type=int, default=25, help="last game turn (25)")
    sim.add_argument("--seed", default="sim", help="the run's seed; game i plays SEED-i")
    sim.add_argument("--games", type=int, default=1, help="how many games (1)")
    sim.add_argument("--jobs", type=int, default=1, help="games played at once, in processes")
    sim.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                     help="every bot's level (default normal)")
    sim.add_argument("--levels", help="each seat's level, e.g. hard,normal,normal,normal")
    sim.add_argument("--threshold", type=int, help="victory popularity (default: AMB-57)")
    sim.add_argument("--json", action="store_true", help="one JSON object per game, no table")
    sim.add_argument("--save-dir", help="keep each game's final save in this folder")
    sim.set_defaults(func=cmd_simulate)

    maps = sub.add_parser("maps", help="list the maps")
    maps.set_defaults(func=cmd_maps)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script and of `python -m conquest_tui`."""
    words = sys.argv[1:] if argv is None else list(argv)
    try:
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

