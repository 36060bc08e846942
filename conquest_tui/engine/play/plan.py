"""The checker's planned game: the Clan's convoys as the sheet's earlier lines will leave them."""

from __future__ import annotations

import copy

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.record_copy import copy_record


def planned_game(game: Game, clan: int) -> Game:
    """A game that shares everything with `game` but its convoy list, the Clan's convoys and
    the Clan's stockpile, which are its own copies.

    The checker hands it to each order's check and then to the order's `forecast`, which
    changes it as the order will change the convoys when the turn runs it (CREATE adds a convoy
    numbered as the turn numbers it, SELL CONVOY takes one away, BUY and SELL of vehicles, GIVE,
    CONVERT, SPLIT, ABSORB) with the engine's own steps, so that a later line is checked
    against the convoys it will find. Nothing else of it may change: the rest is the game's.
    """
    state = game.state
    convoys = [copy_record(convoy) if convoy.owner == clan else convoy
               for convoy in state.convoys]
    clans = [attrs.evolve(other, stock=copy.copy(other.stock)) if other.number == clan
             else other for other in state.clans]
    return Game(game.rules, game.map, attrs.evolve(state, convoys=convoys, clans=clans))
