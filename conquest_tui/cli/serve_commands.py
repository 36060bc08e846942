"""`conquest serve`: the game in browsers, a link per seat and one for the host's table."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from conquest_tui.cli.errors import CliError
from conquest_tui.cli.seat_commands import save_named

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

    from conquest_tui.session import ConquestSeatInfo, SeatInfo

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""Addresses only this machine reaches."""


def cmd_serve(args: argparse.Namespace) -> int:
    """Print the game's links (made once, kept beside the save), then serve it until Ctrl+C."""
    from conquest_tui.serve.links import game_links, links_path
    from conquest_tui.session import ConquestTable, Session, game_of

    save = Path(save_named(args, "serve"))
    if game_of(save) == "conquest":
        seats: Sequence[SeatInfo | ConquestSeatInfo] = ConquestTable.open(
            save, allow_edited=args.allow_edited).seats
    else:
        seats = Session.open(save, allow_edited=args.allow_edited).seats()
    if not 0 < args.port < 65536:
        raise CliError("--port takes a port number, 1–65535")
    try:
        links = game_links(save, [info.number for info in seats], renew=args.new_links)
    except OSError as error:
        raise CliError(f"cannot keep the links beside {save} ({error})") from None
    from conquest_tui.serve.server import GameServer

    server = GameServer(save, host=args.host, port=args.port, public_url=args.public_url)
    print(f"Links to {save.name} (kept in {links_path(save).name}; give each player only "
          "their own):")
    print(f"  The host's table: {server.link(links.host)}")
    for info in seats:
        who = f"bot, {info.level}" if info.is_bot else "PIN" if info.has_pin else "no PIN"
        print(f"  {info.label} ({who}): {server.link(links.seats[info.number])}")
    if args.links:
        return 0
    if args.host not in LOCAL_HOSTS:
        print(f"Listening on {args.host}: anyone who reaches it with a link plays that seat. "
              "Put it behind a reverse proxy with TLS (see the README).")
    try:
        server.serve()
    except OSError as error:  # the port is taken, or the address is not this machine's
        raise CliError(f"cannot listen on {args.host}:{args.port} "
                       f"({error.strerror or error})") from None
    return 0
