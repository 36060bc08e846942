"""`conquest branch`: a new save of a game as it stood before a game turn, rebuilt by replay."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_branch_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `branch` command."""
    branch = sub.add_parser(
        "branch", help="write the game as it stood before a game turn to a new save, rebuilt "
        "from the sheets the save keeps, to play on from there")
    branch.add_argument("save", nargs="?", help="the save file")
    branch.add_argument("--save", dest="save_option", help="the save file (as for report)")
    branch.add_argument("--turn", type=int, required=True,
                        help="the game turn to branch before (1: the game as it opened)")
    branch.add_argument("--out", type=Path, required=True, help="the new save file")
    branch.add_argument("--replace", action="store_true", help="replace an existing new save")
    branch.set_defaults(func=cmd_branch)


def cmd_branch(args: argparse.Namespace) -> int:
    """Replay the save's sheets up to the game turn and write the new save."""
    from conquest_tui.cli.seat_commands import save_named
    from conquest_tui.session.branch import branch
    from conquest_tui.storage.save_list import display_name

    save = Path(save_named(args, "branch"))
    game = branch(save, args.turn, args.out, replace=args.replace)
    state = game.state
    active = game.clan(state.active_clan)
    print(f"{display_name(args.out)}: the game as it stood before game turn {args.turn}, "
          f"rebuilt from the sheets of {display_name(save)}; Clan {active.number} "
          f"({active.name}) plays next.")
    return 0
