"""The referee's dice log in words: each draw of the last game turn, grouped by Clan turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from conquest_tui.engine.core.rng import GAME_TURN_END, DiceRoll

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game


@attrs.frozen
class DrawGroup:
    """The draws of one Clan's turn, or of a game turn's end, in the order they were made."""

    clan: int
    """The Clan whose turn it was (0: the end of the game turn)."""
    game_turn: int
    heading: str
    """"Clan 856 (Iron Wolves), game turn 3" or "The end of game turn 3"."""
    rolls: tuple[DiceRoll, ...]
    lines: tuple[str, ...]
    """One line a draw: "pulse 1, line 2 (HUNT), convoy #1: a roll of 1 to 6 came up 6"."""


def draw_groups(game: Game) -> tuple[DrawGroup, ...]:
    """The last game turn's draws as the save keeps them, one group a Clan's turn."""
    groups: list[DrawGroup] = []
    start = 0
    rolls = game.state.referee_dice
    for index in range(1, len(rolls) + 1):
        if index == len(rolls) or rolls[index].clan != rolls[start].clan:
            groups.append(_group(game, tuple(rolls[start:index])))
            start = index
    return tuple(groups)


def _group(game: Game, rolls: tuple[DiceRoll, ...]) -> DrawGroup:
    first = rolls[0]
    if first.clan == GAME_TURN_END:
        heading, sheet = f"The end of game turn {first.game_turn}", []
    else:
        clan = game.clan(first.clan)
        heading = f"Clan {clan.number} ({clan.name}), game turn {first.game_turn}"
        last = clan.last_turn
        sheet = last.sheet.splitlines() if last.game_turn == first.game_turn else []
    return DrawGroup(first.clan, first.game_turn, heading, rolls,
                     tuple(draw_line(roll, sheet) for roll in rolls))


def sheet_line(roll: DiceRoll, sheet: list[str]) -> str:
    """The sheet line being carried out at the draw, as written ("" if none or not at hand)."""
    if 0 < roll.line <= len(sheet):
        return " ".join(sheet[roll.line - 1].split())
    return ""


def draw_line(roll: DiceRoll, sheet: list[str]) -> str:
    """A draw in words: where in the turn, then what was drawn and what came up."""
    where = [roll.phase]
    if roll.line:
        written = sheet_line(roll, sheet)
        where.append(f"line {roll.line}" + (f" ({written})" if written else ""))
    if roll.convoy:
        where.append(f"convoy #{roll.convoy}")
    return f"{', '.join(where)}: {roll.what} came up {roll.result}"
