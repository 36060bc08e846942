"""Branches: a new save of a game as it stood before a game turn, rebuilt by replaying its log."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from conquest_tui.session.errors import SessionError
from conquest_tui.session.referee import watch_dice
from conquest_tui.session.replay import replay

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game


def take_seats(branch: Game, original: Game) -> None:
    """The original's seats on the branch: who plays each Clan (a person or a bot, its level)
    and its PIN; the referee's PIN."""
    for name in ("referee_pin_hash", "referee_pin_failures", "referee_pin_retry_at"):
        setattr(branch.state, name, getattr(original.state, name))
    watch_dice(branch)
    for clan in branch.state.clans:
        seated = original.clan(clan.number)
        clan.seat, clan.bot_level, clan.pin_hash = seated.seat, seated.bot_level, seated.pin_hash


def branch(save: Path, game_turn: int, out: Path, *, replace: bool = False) -> Game:
    """Write to `out` the game saved at `save` as it stood before `game_turn`, rebuilt by
    replaying its log, with the same seats, PINs and bots: a normal save that plays on
    (SessionError, one sentence; nothing is written then)."""
    from conquest_tui.session import files
    from conquest_tui.session.conquest_files import game_of
    from conquest_tui.session.table import Session
    from conquest_tui.storage.save_list import display_name

    if game_of(save) == "conquest":
        raise SessionError(f"{display_name(save)}: a game of Conquest cannot be branched; only "
                           "Continental Conquest saves keep their sheets")
    original = files.load(save)
    if original.state.mail.secret:  # its post box (sheets kept, packets signed) is not replayed
        raise SessionError(f"{display_name(save)}: a game played by mail cannot be branched")
    reached = original.state.game_turn
    last = reached + 1 if original.state.finished else reached  # a finished game: its end too
    if not 1 <= game_turn <= last:
        raise SessionError(f"{display_name(save)}: the game has reached game turn {reached}, "
                           f"so it can be branched before game turns 1 to {last}, not "
                           f"{game_turn}")
    if out.exists() and not replace:
        raise SessionError(f"{display_name(out)} already exists; use --replace to replace it")
    rebuilt = replay(original, game_turn, display_name(save))
    take_seats(rebuilt, original)
    table = Session(rebuilt, out)
    with files.locked(out):
        table._disk = files.claimed(out, replace=replace)
        table._write_now(f"a branch of {save.name} before game turn {game_turn}")
    return rebuilt
