"""A bot's convoy set up low on troops away from its city, for the bots' refill tests."""

from __future__ import annotations

from collections.abc import Callable

from conquest_tui import session
from conquest_tui.engine.core.game import Game


def low_convoy_in_own_hex(pick: Callable[[Game, str], str]) -> tuple[Game, int, str]:
    """A two-bot game on the small map whose active Clan is rich and whose first convoy, 3
    buses and 2 troops, stands in the hex `pick(game, its city's hex)` gives, made its own;
    (game, Clan, the city's hex)."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="refill")
    number = game.state.active_clan
    convoy = game.convoys_of(number)[0]
    home = convoy.hex
    here = pick(game, home)
    game.hex(here).set_owner(number)
    game.move_convoy(convoy, here)
    convoy.vehicles["bus"] = 3
    convoy.troops = 2
    game.clan(number).stock.money = 200_000
    return game, number, home
