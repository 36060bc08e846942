"""Small lookups the rules tests share: the Clans in playing order and their convoys."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy


def first_clan(game: Game) -> int:
    """The Clan that plays first."""
    return game.state.clan_order[0]


def second_clan(game: Game) -> int:
    """The Clan that plays second."""
    return game.state.clan_order[1]


def convoy_of(game: Game, clan: int, number: int = 1) -> Convoy:
    """One of the Clan's convoys, which must exist."""
    convoy = game.convoy(clan, number)
    assert convoy is not None
    return convoy
