"""Play by mail: `packet` (one Clan's, behind its PIN), `accept` (sheets that came back) and
`moderate` (the kept sheets run, the next packets written)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from conquest_tui.cli.errors import CliError
from conquest_tui.cli.seat_commands import open_seat, open_table, save_named

if TYPE_CHECKING:
    import argparse

    from conquest_tui.session.mail import Packet


def out_folder(save: str, out: str | None) -> Path:
    """Where packets go: `--out`, else a folder beside the save (`saves/demo-mail/`)."""
    if out:
        return Path(out)
    path = Path(save)
    return path.with_name(f"{path.stem}-mail")


def write_packet(found: Packet, folder: Path) -> list[Path]:
    """Write a packet's files into the folder (made if needed); their paths. A sheet form
    already there is left alone: it may be the one the player is filling in."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for name, text in found.files:
            target = folder / name
            if name.endswith("-sheet.txt") and target.exists():
                continue
            target.write_text(text, encoding="utf-8")
            written.append(target)
    except OSError as error:
        raise CliError(f"{folder}: could not write the packet ({error.strerror or error})") \
            from None
    return written


def cmd_packet(args: argparse.Namespace) -> int:
    """Write one Clan's packet: its report, its report in the 1995 layout, its sheet form."""
    save_named(args, "packet")
    table = open_table(args.save, args)
    seat = open_seat(table, table.clan_number(args.clan), args.pin)
    found = seat.packet()
    written = write_packet(found, out_folder(args.save, args.out))
    print(f"The packet of {seat.label} for game turn {found.game_turn}:")
    for path in written:
        print(f"  {path}")
    return 0


def cmd_accept(args: argparse.Namespace) -> int:
    """Check sheet forms that came back and keep the good ones; an acknowledgement for each."""
    args.save = None
    if args.save_option is None:
        args.save, args.files = args.files[0], args.files[1:]
    save_named(args, "accept")
    if not args.files:
        raise CliError("accept needs the sheet forms to check: conquest accept SAVE FILE...")
    sheets: list[tuple[str, str]] = []
    for name in args.files:
        try:
            sheets.append((name, Path(name).read_text(encoding="utf-8")))
        except FileNotFoundError:
            raise CliError(f"{name}: no such sheet; nothing was kept") from None
        except (OSError, UnicodeDecodeError) as error:
            raise CliError(f"{name}: cannot read the sheet ({error}); nothing was kept") \
                from None
    table = open_table(args.save, args)
    refused = 0
    for answer in table.accept(sheets):
        print(answer.sentence)
        for problem in answer.problems:
            print(f"  {problem}")
        refused += not answer.accepted
    return 1 if refused else 0


def cmd_moderate(args: argparse.Namespace) -> int:
    """Run the kept sheets (at the deadline, the rule for late turns) and write the packets."""
    save_named(args, "moderate")
    table = open_table(args.save, args)
    done = table.moderate(deadline=args.deadline)
    for sentence in done.sentences:
        print(sentence)
    if not done.sentences:
        print("No turn ran.")
    if done.waiting:
        print("Waiting for the sheets of " + ", ".join(done.waiting) + ".")
    elif table.finished:
        print(table.end_sentence())
    folder = out_folder(args.save, args.out)
    if not done.sentences:
        return 0
    for found in done.packets:
        write_packet(found, folder)
    if done.packets:
        count = len(done.packets)
        print(f"{count} {'packet' if count == 1 else 'packets'} written to {folder}.")
    for who in done.kept_back:
        print(f"{who} has a PIN: its packet is made at its seat "
              f"(conquest packet {args.save} --clan {who.split()[1]}).")
    return 0
