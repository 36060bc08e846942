"""`conquest referee SAVE`: the referee's view behind the game's referee PIN, as text or JSON."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from conquest_tui.cli.errors import CliError, PinNeeded

if TYPE_CHECKING:
    import argparse

    from conquest_tui.session import Battle, RefereeDesk, Session


def add_referee_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `referee` command."""
    referee = sub.add_parser("referee", help="the referee's view of a game made with a referee "
                             "PIN: every Clan, the last turn's dice, each battle round by round")
    referee.add_argument("save", nargs="?", help="the save file")
    referee.add_argument("--save", dest="save_option", help="the save file (as for report)")
    referee.add_argument("--pin", help="the referee PIN (else asked on a terminal)")
    referee.add_argument("--json", action="store_true", help="print JSON instead of text")
    referee.add_argument("--allow-edited", action="store_true",
                         help="open a save changed outside the game; it is still checked")
    referee.set_defaults(func=cmd_referee)


def cmd_referee(args: argparse.Namespace) -> int:
    """Open the game's referee desk behind its PIN and print it."""
    from conquest_tui.cli.seat_commands import open_table, save_named

    table = open_table(save_named(args, "referee"), args)
    desk = open_desk(table, args.pin)
    if args.json:
        print(json.dumps(desk_json(desk), indent=2, ensure_ascii=False))
    else:
        print("\n".join(desk_lines(desk)))
    return 0


def open_desk(table: Session, pin: str | None) -> RefereeDesk:
    """The desk, or one sentence before anything of the game shows (no referee, no PIN given
    off a terminal, a wrong PIN or a wait: the same back-off as a seat's)."""
    from conquest_tui.pins.backoff import try_again
    from conquest_tui.session import NO_REFEREE, PinRefused

    if not table.has_referee:
        raise CliError(NO_REFEREE)
    wait = table.referee_wait()
    if wait:
        raise CliError(f"Too many wrong referee PINs. {try_again(wait)}")
    if pin is None:
        if not sys.stdin.isatty():
            raise PinNeeded("This game has a referee PIN: give it with --pin.")
        import getpass

        try:
            pin = getpass.getpass("Referee PIN: ")
        except EOFError:
            raise PinNeeded("This game has a referee PIN: give it with --pin.") from None
    try:
        return table.open_referee(pin)
    except PinRefused as refused:
        raise CliError(str(refused)) from None


# --- text ----------------------------------------------------------------------------------


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count:,} {one if count == 1 else many or one + 's'}"


def desk_lines(desk: RefereeDesk) -> list[str]:
    """The desk as the command prints it."""
    lines = [f"Referee's view: {desk.map_title} (seed {desk.seed}), game turn {desk.game_turn}.",
             desk.playing, ""]
    for clan in desk.clans:
        lines += clan.lines() + [""]
    lines += ["What chance decided, as each Clan read it"]
    lines += [f"  Clan {roll.clan}, game turn {roll.game_turn}: {roll.sentence}"
              for roll in desk.rolls] or ["  No chance decided anything in the last turn."]
    lines += ["", "Every die of the last game turn"]
    if not desk.draws:
        lines.append("  Nothing was drawn in the last game turn.")
    for group in desk.draws:
        lines.append(f"  {group.heading}: {_n(len(group.lines), 'draw')}")
        lines += [f"    {line}" for line in group.lines]
    lines += ["", "Battles, round by round"]
    if not desk.battles:
        lines.append("  No battle was fought in the last turn.")
    for battle in desk.battles:
        lines += battle_lines(battle)
    return lines


def battle_lines(battle: Battle) -> list[str]:
    """A battle's title, then each moment with both sides' strength."""
    from conquest_tui.engine.face import moments

    lines = [f"  {battle.title}, game turn {battle.game_turn}"]
    for moment in moments(battle.event):
        sides = "; ".join(_side_words(side.name, side.troops, side.vehicles)
                          for side in moment.sides)
        lines.append(f"    {moment.sentence} ({sides})")
    return lines


def _side_words(name: str, troops: int, vehicles: int | None) -> str:
    held = _n(troops, "troop")
    if vehicles is not None:
        held += f", {_n(vehicles, 'vehicle')}"
    return f"{name}: {held}"


# --- JSON ----------------------------------------------------------------------------------


def desk_json(desk: RefereeDesk) -> dict[str, Any]:
    """The desk as JSON-ready data."""
    from conquest_tui.engine.face import moments

    return {
        "map": desk.map_title, "seed": desk.seed, "game_turn": desk.game_turn,
        "playing": desk.playing,
        "clans": [{"number": c.number, "name": c.name, "seat": c.seat,
                   "popularity": c.popularity, "money": c.money,
                   "stocks": {name.lower(): amount for name, amount in c.stocks},
                   "hexes": c.hexes, "cities": list(c.cities), "convoys": list(c.convoys)}
                  for c in desk.clans],
        "draws": [{"clan": g.clan, "game_turn": g.game_turn, "heading": g.heading,
                   "draws": [{"phase": r.phase, "line": r.line, "convoy": r.convoy,
                              "drawn": r.what, "result": r.result, "words": words}
                             for r, words in zip(g.rolls, g.lines, strict=True)]}
                  for g in desk.draws],
        "dice": [{"clan": r.clan, "game_turn": r.game_turn, "sentence": r.sentence}
                 for r in desk.rolls],
        "battles": [{"clan": b.clan, "game_turn": b.game_turn, "title": b.title,
                     "rounds": [{"round": m.number, "sentence": m.sentence,
                                 "sides": [{"name": s.name, "troops": s.troops,
                                            "vehicles": s.vehicles} for s in m.sides]}
                                for m in moments(b.event)]}
                    for b in desk.battles],
    }
