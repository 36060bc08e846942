"""`conquest scenario run`: scenario files played and checked, a pass/fail table (Rich)."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_scenario_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `scenario` command and its `run` sub-command."""
    scenario = sub.add_parser("scenario", help="run the rules lab's scenario files")
    inner = scenario.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = inner.add_parser("run", help="play scenario files (or every one in folders) and "
                           "check what must hold afterwards")
    run.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                     help="a scenario file (.toml) or a folder of them")
    run.set_defaults(func=cmd_scenario_run)
    export = inner.add_parser("export", help="write a Clan's position, as its seat sees it, as "
                              "a scenario to start from")
    export.add_argument("save", nargs="?", help="the save file")
    export.add_argument("--save", dest="save_option", help="the save file (as for report)")
    export.add_argument("--clan", type=int, required=True, help="the Clan number")
    export.add_argument("--pin", help="the Clan's PIN (asked for when the seat has one)")
    export.add_argument("--output", "-o", type=Path,
                        help="the scenario file to write (default: print it)")
    export.add_argument("--allow-edited", action="store_true",
                        help="open a save changed outside the game; it is still checked")
    export.set_defaults(func=cmd_scenario_export)


def cmd_scenario_run(args: argparse.Namespace) -> int:
    """Play every scenario named; a table of passes and failures; 1 when any failed."""
    from rich.console import Console
    from rich.table import Table

    from conquest_tui.scenarios.loader import scenario_files
    from conquest_tui.scenarios.runner import run_scenario

    console = Console(highlight=False)
    files = scenario_files(list(args.paths))
    if not files:
        console.print("No scenario files found.")
        return 1
    table = Table(title="Scenarios", show_lines=False)
    table.add_column("Scenario")
    table.add_column("Rules")
    table.add_column("Result")
    failures = []
    for path in files:
        outcome = run_scenario(path)
        if outcome.passed:
            result = "[green]passed[/]" + (" (known difference)" if outcome.known else "")
        else:
            result = "[red]FAILED[/]"
            failures.append(outcome)
        table.add_row(outcome.title, ", ".join(outcome.rules), result)
    console.print(table)
    for outcome in failures:
        console.print(f"\n[bold red]{outcome.title}[/] ({outcome.path})")
        for line in (outcome.error,) if outcome.error else outcome.differences:
            console.print(f"  {line}", markup=False, soft_wrap=True)
    passed = len(files) - len(failures)
    console.print(f"\n{passed} of {len(files)} scenario{'s' if len(files) != 1 else ''} passed.")
    return 1 if failures else 0


def cmd_scenario_export(args: argparse.Namespace) -> int:
    """Write the Clan's position through its seat (only what it sees) as a scenario file."""
    from conquest_tui.cli.seat_commands import open_seat, open_table, save_named
    from conquest_tui.scenarios.export import scenario_from_view, scenario_toml

    table = open_table(save_named(args, "scenario export"), args)
    seat = open_seat(table, table.clan_number(args.clan), args.pin)
    text = scenario_toml(scenario_from_view(seat.view()))
    if args.output is None:
        print(text, end="")
    else:
        args.output.write_text(text, encoding="utf-8")
        print(f"Wrote {args.output}: add the sheets and what must hold, then run it with "
              f"`conquest scenario run {args.output}`.")
    return 0
