"""Once-per-turn uses of hexes and structures by a Clan: DEFEND, FISH, Bank LOOT, visits."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Clan


def use_key(kind: str, hex_id: str, convoy: int = 0) -> str:
    """"FIS 0512" for a Clan-wide use, "POL 0512 #3" for one convoy's use."""
    return f"{kind} {hex_id} #{convoy}" if convoy else f"{kind} {hex_id}"


def used_this_turn(game: Game, clan: Clan, key: str) -> bool:
    """Whether the Clan already made this use in the current game turn."""
    return clan.structure_uses.get(key) == game.state.game_turn


def mark_used(game: Game, clan: Clan, key: str) -> None:
    """Record a use for the current game turn; uses of earlier turns are forgotten."""
    turn = game.state.game_turn
    clan.structure_uses = {k: t for k, t in clan.structure_uses.items() if t == turn}
    clan.structure_uses[key] = turn


def first_use(game: Game, clan: Clan, key: str) -> bool:
    """Mark the use and say whether it was the first one this turn."""
    if used_this_turn(game, clan, key):
        return False
    mark_used(game, clan, key)
    return True
