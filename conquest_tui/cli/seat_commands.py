"""The commands that act for one Clan (check, turn, report, history, odds, seat): each opens
the Clan's seat behind its PIN and does everything through it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from conquest_tui.cli.errors import CliError, PinNeeded

if TYPE_CHECKING:
    import argparse

    from conquest_tui.engine.face import Estimate, Forecast, Report, Ruleset
    from conquest_tui.session import Seat, Session

# The engine is imported inside the functions, so that `conquest` (the app) starts without
# loading what only these commands need.


def save_named(args: argparse.Namespace, command: str) -> str:
    """The save a command was given, as its first word (`conquest seat SAVE`) or by
    `--save SAVE`; kept in `args.save`."""
    save: str | None = args.save or args.save_option
    if not save:
        raise CliError(f"{command} needs a save file: conquest {command} SAVE (or --save SAVE)")
    args.save = save
    return save


def open_table(save: str, args: argparse.Namespace) -> Session:
    """The save's table (every failure one sentence naming the file)."""
    from conquest_tui.session import Session

    return Session.open(Path(save), allow_edited=args.allow_edited)


def open_seat(table: Session, clan_number: int, pin: str | None) -> Seat:
    """Open the Clan's seat, or stop with one sentence before anything of it shows.

    The PIN is `--pin`, else asked on the terminal; wrong PINs back off (docs/security.md).
    """
    from conquest_tui.pins.backoff import try_again
    from conquest_tui.session import PinRefused

    door = table.seat_door(clan_number)
    if not door.needs_pin:
        return door.seat
    wait = door.wait()
    if wait:
        raise CliError(f"Too many wrong PINs for {door.label}. {try_again(wait)}")
    if pin is None:
        if not sys.stdin.isatty():
            raise PinNeeded(f"{door.label} has a PIN: give it with --pin.")
        import getpass

        try:
            pin = getpass.getpass(f"PIN of {door.label}: ")
        except EOFError:
            raise PinNeeded(f"{door.label} has a PIN: give it with --pin.") from None
    try:
        return table.open_seat(clan_number, pin)
    except PinRefused as refused:
        raise CliError(str(refused)) from None


def read_sheet(path: str) -> str:
    """The order sheet in a file, or on standard input for "-"."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such order sheet") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CliError(f"{path}: cannot read the order sheet ({error})") from None


def cmd_seat(args: argparse.Namespace) -> int:
    """Hand a seat to a bot or to a person (saved at once); with neither, list the seats.

    A seat with a PIN changes in no way without its PIN, whoever plays it now."""
    save = save_named(args, "seat")
    table = open_table(save, args)
    if args.clan is not None and (args.bot or args.human):
        seat = open_seat(table, table.clan_number(args.clan), args.pin)
        seat.set_seat("bot" if args.bot else "human", args.level if args.bot else None)
    elif args.level or args.pin:
        raise CliError("say --bot or --human, with --clan N")
    for info in table.seats():
        who = f"bot, {info.level}" if info.is_bot else "human"
        pin = ", PIN" if info.has_pin else ""
        print(f"  Clan {info.number} {info.name} ({who}{pin})")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Parse and check a sheet; one line per problem. With --forecast, the forecast's warnings
    on their lines too (the app's end-turn box judges the sheet the same way), then its
    tables. Exit status 1 when a line will be skipped; warnings leave it 0."""
    from conquest_tui.engine.face import hide_rule_ids, number_of, problem_line

    table = open_table(args.save, args)
    seat = open_seat(table, table.clan_number(args.clan), args.pin)
    sheet = read_sheet(args.sheet)
    forecast: Forecast | None = None
    if getattr(args, "forecast", False):
        judgement = seat.judge(sheet)
        found, forecast = list(judgement.problems), judgement.forecast
    else:
        found = seat.check(sheet)
    problems = [problem for problem in found if not problem.is_warning]
    warnings = [problem for problem in found if problem.is_warning]
    for problem in found:
        line = problem_line(problem)
        if problem.is_warning:
            line = line.replace(": ", ": warning: ", 1)
        if args.rules:
            rule = sheet_rule(sheet, problem.line, seat.rules)
            if "(CC-" not in line and "(AMB-" not in line and rule:
                line = f"{line} ({rule})"
        print(line if args.rules else hide_rule_ids(line))
    if not problems:
        tail = f" ({number_of(len(warnings), 'warning')})" if warnings else ""
        print(f"No problems found{tail}.")
    if getattr(args, "forecast", False):
        if forecast is None:
            print("The game is over: there is no turn to forecast.")
        else:
            print_forecast(forecast)
    return 1 if problems else 0


SECTION_RULES: dict[str, str] = {"[PRE]": "CC-CL-GEN-02", "[POST]": "CC-CL-GEN-02",
                                 "[CONVOY": "CC-CO-GEN-01", "[AGENTS]": "AMB-71"}
"""The rule of a section's lines when the line names no order: how they are written."""
SHEET_RULE = "CC-SEQ-15"
"""The rule of the sheet's sections and their lines (a header, a line outside a section)."""


def sheet_rule(sheet: str, number: int, rules: Ruleset) -> str:
    """The rulebook reference behind a problem on sheet line `number` (1-based): the rule its
    order is declared with, else how its section's lines are written, else the sheet's."""
    from conquest_tui.engine.face import CLAN, CONVOY, MOVE, is_move_word, strip_comment, tokenize

    lines = sheet.split("\n")
    if not 1 <= number <= len(lines):
        return SHEET_RULE
    text = strip_comment(lines[number - 1]).strip()
    if not text or text.startswith("["):
        return SHEET_RULE
    try:
        words = tokenize(text)
    except ValueError:
        words = []
    if words:
        keys = [words[0].upper.rstrip(".")]
        if len(words) > 1:
            keys.insert(0, f"{keys[0]} {words[1].upper}")
        if is_move_word(words[0]):
            keys.append(MOVE)
        for key in keys:
            for section in (CLAN, CONVOY):
                spec = rules.orders.lookup(section, key)
                if spec is not None:
                    return spec.rule
    for above in reversed(lines[:number - 1]):
        head = above.strip().upper()
        if head.startswith("["):
            return next((rule for start, rule in SECTION_RULES.items()
                         if head.startswith(start)), SHEET_RULE)
    return SHEET_RULE


def print_forecast(forecast: Forecast) -> None:
    """The sheet's forecast as Rich tables: money, then each convoy pulse by pulse (the lines
    it could not carry out are listed as warnings on their lines, with the check's problems)."""
    from rich.console import Console
    from rich.table import Table

    from conquest_tui.engine.face import forecast_text

    console = Console(highlight=False)
    console.print(f"Forecast for turn {forecast.game_turn}: {forecast_text.money_line(forecast)}",
                  markup=False)
    console.print(forecast_text.stock_line(forecast), markup=False)
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
    from conquest_tui.engine.face import render_report

    table = open_table(args.save, args)
    seat = open_seat(table, table.clan_number(args.clan), args.pin)
    sheet = read_sheet(args.sheet)
    if not table.finished and table.seat_info(table.active_clan).is_bot:
        # Bot seats due before this Clan (a new game a bot opens) play first, as at the table.
        before = table.play_bots()
        if before.save_error:
            raise CliError(before.save_error)
        for bot_turn in before.bot_turns:
            print(bot_turn.sentence)
    outcome = seat.submit(sheet)
    if outcome.handover.save_error:
        raise CliError(outcome.handover.save_error)
    print(render_report(outcome.report, rules=args.rules), end="")
    for bot_turn in outcome.handover.bot_turns:
        print(bot_turn.sentence)
    if table.finished:
        print(f"{table.end_sentence()} Every Clan's final report: `conquest report`.")
    else:
        active = table.seat_info(table.active_clan)
        print(f"Next: Clan {active.number} ({active.name}), game turn {table.game_turn}.")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """Print the Clan's fog-filtered report, as text or JSON."""
    import json

    from conquest_tui.engine.face import render_report

    table = open_table(args.save, args)
    seat = open_seat(table, table.clan_number(args.clan), args.pin)
    report = seat.report()
    if args.json or args.format == "json":
        print(json.dumps(report_json(report), indent=2, ensure_ascii=False))
    elif args.format == "paper":
        from conquest_tui.engine.face import hide_rule_ids, render_paper

        paper = render_paper(report)
        print(paper if args.rules else hide_rule_ids(paper), end="")
    else:
        print(render_report(report, rules=args.rules), end="")
        info = seat.info
        if info.is_bot:
            print(f"This seat is played by a bot ({info.level}); `conquest seat --save "
                  f"{args.save} --clan {info.number} --human` hands it to a person.")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    """Print a Clan's turn log, or with --turn the report it read after that game turn."""
    from conquest_tui.engine.face import hide_rule_ids, log_line

    table = open_table(save_named(args, "history"), args)
    seat = open_seat(table, table.clan_number(args.clan), args.pin)
    past = seat.history()
    if args.turn is None:
        if not past.turns:
            print(f"Clan {seat.number} ({past.clan_name}) has no past turns yet.")
        for turn in past.turns:
            print(log_line(turn.game_turn, turn.summary))
        return 0
    chosen = past.turn(args.turn)
    if chosen is None:
        turns = [turn.game_turn for turn in past.turns]
        kept = f"it has reports of game turns {turns[0]} to {turns[-1]}" if turns \
            else "it has played no turn yet"
        raise CliError(f"Clan {seat.number} has no report of game turn {args.turn} ({kept})")
    text = seat.past_report(args.turn)  # an old one is rebuilt from the game's sheets
    print(text if args.rules else hide_rule_ids(text), end="")
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    """Estimate a fight from what the Clan knows: seeded runs of the combat itself (issue 14)."""
    import json

    from conquest_tui.engine.face import odds_text

    table = open_table(args.save, args)
    seat = open_seat(table, table.clan_number(args.clan), args.pin)
    if (args.runs is not None and args.runs < 1) or (args.troops is not None and args.troops < 1):
        raise CliError("--runs and --troops take a whole number of 1 or more.")
    sheet = seat.draft if args.sheet is None else read_sheet(args.sheet)
    found = seat.odds(args.convoy, args.target, attack_city=args.attack_city,
                      troops=args.troops, runs=args.runs, seed=args.seed, sheet=sheet)
    rules = seat.rules
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


def cmd_prices(args: argparse.Namespace) -> int:
    """Print what each thing the Clan's orders buy costs it now, and what sets the price."""
    from conquest_tui.engine.face import price_text

    table = open_table(args.save, args)
    seat = open_seat(table, table.clan_number(args.clan), args.pin)
    prices = seat.prices()
    if args.json:
        import json

        import attrs

        print(json.dumps({**attrs.asdict(prices, recurse=False), "prices": [
            {**attrs.asdict(price), "facts": dict(price.facts), "text": list(
                (price_text.name_cell(price), price_text.price_cell(price),
                 price_text.why_cell(price)))} for price in prices.prices]},
            indent=2, ensure_ascii=False))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, width=min(Console().width, 80))
    console.print(price_text.heading(prices), markup=False)
    for title, rows in price_text.groups(prices):
        grid = Table(title=title, title_justify="left", title_style="bold", box=None,
                     padding=(0, 1), show_header=False)
        grid.add_column(no_wrap=True, max_width=22)
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(overflow="fold", ratio=1)
        for row in rows:
            grid.add_row(*row)
        console.print()
        console.print(grid, markup=False)
    return 0


def odds_json(estimate: Estimate, rules: Ruleset) -> dict[str, object]:
    """An estimate as JSON-ready data: its fields, facts as objects, the words a player reads."""
    import attrs

    from conquest_tui.engine.face import odds_text

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

    from conquest_tui.engine.face import event_text, problem_text

    data = attrs.asdict(report)
    for field in ("house_rules", "standing_lines"):  # a game of the rulebook alone reads as it
        if not data[field]:                          # always did
            del data[field]
    data["events"] = [{**attrs.asdict(event), "text": event_text(event)}
                      for event in report.events]
    data["since_last_turn"] = [{**attrs.asdict(event), "text": event_text(event)}
                               for event in report.since_last_turn]
    data["problems"] = [{**attrs.asdict(problem), "text": problem_text(problem)}
                        for problem in report.problems]
    return data
