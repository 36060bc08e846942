"""The commands of a game of Conquest: a new game, a seat's view of the board, one move, the
bots' moves, and whole games of bots. A seat opens behind its PIN as Continental Conquest's do."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from conquest_tui.cli.errors import CliError, PinNeeded

if TYPE_CHECKING:
    import argparse

    from conquest_tui.games.conquest.view import PlayerView
    from conquest_tui.session.conquest_seat import ConquestSeat
    from conquest_tui.session.conquest_table import ConquestTable

CONTINENTAL_ONLY = {
    "map": "--map",
    "threshold": "--threshold",
    "turn_limit": "--turn-limit",
    "house": "--house",
    "save_dir": "--save-dir",
    "turns": "--turns",
}
"""Options of Continental Conquest that a game of Conquest has no use for."""


def refuse_continental_options(args: argparse.Namespace) -> None:
    """A sentence for the first option of the other game given to a game of Conquest."""
    for name, option in CONTINENTAL_ONLY.items():
        if getattr(args, name, None) is not None:
            raise CliError(
                f"{option} is a setting of Continental Conquest; a game of Conquest is played "
                "on the classic world map, to the last player standing"
            )


def cmd_new_conquest(args: argparse.Namespace, save: str) -> int:
    """`conquest new --game conquest`: 2 to 6 players, the last --bots of them bots."""
    from conquest_tui.session.conquest_table import ConquestPlayer, ConquestTable
    from conquest_tui.session.setup import random_seed

    refuse_continental_options(args)
    count, bots = args.clans, args.bots
    if not 0 <= bots <= count:
        raise CliError(f"--bots {bots}: a game of {count} players has 0 to {count} bots")
    names = [n.strip() for n in args.names.split(",")] if args.names else []
    if len(names) > count:
        raise CliError(f"--names gives {len(names)} names for {count} players")
    people = count - bots
    names += [f"Player {n}" for n in range(len(names) + 1, people + 1)]
    names += [f"Bot {n}" for n in range(len(names) - people + 1, bots + 1)]
    pins = [pin.strip() for pin in args.pins.split(",")] if args.pins else []
    if len(pins) > count:
        raise CliError(f"--pins gives {len(pins)} PINs for {count} players")
    if any(pins[people:]):
        raise CliError("a bot seat needs no PIN (bots take the last seats)")
    pins += [""] * (count - len(pins))
    players = [
        ConquestPlayer(name, args.level if n >= people else None, pins[n] or None)
        for n, name in enumerate(names)
    ]
    path = Path(save)
    if path.exists() and not args.force:
        raise CliError(f"{path} already exists; use --force to replace it")
    seed = args.seed or random_seed()
    table = ConquestTable.new(path, players, seed, replace=args.force)
    print(f"New game of Conquest (seed {seed}) saved to {path}.")
    print_seats(table)
    first = table.seat_info(table.to_act)
    print(f"{first.label} places the first army.")
    return 0


def print_seats(table: ConquestTable) -> None:
    for info in table.seats:
        who = f"bot, {info.level}" if info.is_bot else "human"
        pin = ", PIN" if info.has_pin else ""
        out = "" if info.alive else ", out of the game"
        print(f"  Seat {info.number} {info.label} ({who}{pin}{out})")


def open_conquest(save: str, args: argparse.Namespace) -> ConquestTable:
    from conquest_tui.session.conquest_table import ConquestTable, game_of

    path = Path(save)
    if game_of(path) != "conquest":
        raise CliError(
            f"{save}: this save is a game of Continental Conquest; `{args.command}` plays a "
            "game of Conquest (see `conquest report` and `conquest turn`)"
        )
    return ConquestTable.open(path, allow_edited=args.allow_edited)


def open_conquest_seat(table: ConquestTable, number: int, pin: str | None) -> ConquestSeat:
    """The seat, or one sentence before anything of it shows (the PIN: --pin, else asked on a
    terminal; wrong PINs back off)."""
    from conquest_tui.pins.backoff import try_again
    from conquest_tui.session.errors import PinRefused

    info = table.seat_info(number)
    if not info.has_pin:
        return table.open_seat(number)
    wait = table.pin_wait(number)
    if wait:
        raise CliError(f"Too many wrong PINs for {info.label}. {try_again(wait)}")
    if pin is None:
        if not sys.stdin.isatty():
            raise PinNeeded(f"{info.label} has a PIN: give it with --pin.")
        import getpass

        try:
            pin = getpass.getpass(f"PIN of {info.label}: ")
        except EOFError:
            raise PinNeeded(f"{info.label} has a PIN: give it with --pin.") from None
    try:
        return table.open_seat(number, pin)
    except PinRefused as refused:
        raise CliError(str(refused)) from None


def cmd_view(args: argparse.Namespace) -> int:
    """The board as the seat sees it: every territory, the players, the seat's own cards."""
    from conquest_tui.cli.seat_commands import save_named

    table = open_conquest(save_named(args, "view"), args)
    if args.clan is None:
        print_view(table.public_view())
        print_seats(table)
        return 0
    seat = open_conquest_seat(table, args.clan, args.pin)
    print_view(seat.view())
    moves = seat.legal()
    if moves and args.moves:
        print(f"Your {len(moves)} moves:")
        for action in moves:
            print(f"  {action.line()}")
    elif moves:
        print(f"Your move: {len(moves)} open (list them with --moves).")
    return 0


def print_view(view: PlayerView) -> None:
    from rich.console import Console
    from rich.table import Table

    from conquest_tui.session.conquest_boards import COLOURS

    console = Console(highlight=False)
    colour = {rival.name: COLOURS[n] for n, rival in enumerate(view.players)}
    title = f"Round {view.round}, {view.phase}: {view.to_act}'s move"
    world = Table(title=title, title_justify="left")
    for name, justify in (("Continent", "left"), ("Territory", "left"), ("Held by", "left")):
        world.add_column(name, justify=justify)  # type: ignore[arg-type]
    world.add_column("Armies", justify="right")
    continent = ""
    for place in sorted(view.territories, key=lambda t: (t.continent, t.name)):
        shown = place.continent if place.continent != continent else ""
        continent = place.continent
        owner = f"[{colour[place.owner].lower()}]{place.owner}[/]"
        world.add_row(shown, place.name, owner, str(place.armies))
    console.print(world)
    players = Table(title="Players", title_justify="left")
    for name in ("Player", "Colour", "Territories", "Armies", "Cards"):
        players.add_column(name, justify="left" if name in ("Player", "Colour") else "right")
    for rival in view.players:
        name = rival.name if rival.alive else f"{rival.name} (out)"
        players.add_row(
            name, colour[rival.name], str(rival.territories), str(rival.armies), str(rival.cards)
        )
    console.print(players)
    if view.player:
        cards = ", ".join(card.words() for card in view.my_cards) or "none"
        print(f"{view.player}'s cards: {cards}.")
    print(f"The next set of cards is worth {view.next_set_worth} armies.")
    if view.armies_to_place:
        count = view.armies_to_place
        print(f"Armies to place: {count}.")
    for order in view.my_standing_orders:
        print(f"Standing order: {order.line()}.")
    if view.winner:
        print(f"{view.winner} has won.")


def cmd_seat_conquest(args: argparse.Namespace, save: str) -> int:
    """`conquest seat SAVE [--clan N --bot/--human]` for a game of Conquest."""
    table = open_conquest(save, args)
    if args.clan is not None and (args.bot or args.human):
        seat = open_conquest_seat(table, args.clan, args.pin)
        seat.set_seat("bot" if args.bot else "human", args.level if args.bot else None)
    elif args.level or args.pin:
        raise CliError("say --bot or --human, with --clan N")
    print_seats(table)
    return 0


def cmd_act(args: argparse.Namespace) -> int:
    """One move for the seat, from its words; what happened, then whose move it is."""
    from conquest_tui.cli.seat_commands import save_named
    from conquest_tui.games.conquest.parse import ParseError, parse_action
    from conquest_tui.storage.conquest_data import load_board

    table = open_conquest(save_named(args, "act"), args)
    seat = open_conquest_seat(table, args.clan, args.pin)
    try:
        action = parse_action(" ".join(args.move), load_board())
    except ParseError as error:
        raise CliError(f"{error}.") from None
    for event in seat.act(action):
        print(event.line())
    print_next(table)
    return 0


def cmd_bots(args: argparse.Namespace) -> int:
    """The bots' moves until a person must move or the game ends."""
    from conquest_tui.cli.seat_commands import save_named

    table = open_conquest(save_named(args, "bots"), args)
    for line in table.play_bots():
        print(line)
    print_next(table)
    return 0


def print_next(table: ConquestTable) -> None:
    if table.finished:
        print(table.end_sentence())
        return
    info = table.seat_info(table.to_act)
    who = "a bot's move: `conquest bots` plays it" if info.is_bot else "to move"
    print(f"Now: {info.label}, seat {info.number}, {who}.")
