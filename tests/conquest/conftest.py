"""Shared pieces for the Conquest tests: rules and map from data/conquest, small positions."""

from __future__ import annotations

import pytest

from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.play import apply
from conquest_tui.games.conquest.rules import ConquestRules
from conquest_tui.games.conquest.setup import new_game
from conquest_tui.games.conquest.state import GameState, Phase
from conquest_tui.storage.conquest_data import load_board, load_rules

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


@pytest.fixture
def rules() -> ConquestRules:
    return load_rules()


@pytest.fixture
def board() -> Board:
    return load_board()


def started(players: int = 2, seed: int = 1) -> GameState:
    """A game past its initial deployment (each army on the first own territory), at the
    first player's turn."""
    state = new_game(load_rules(), load_board(), NAMES[:players], seed)
    from conquest_tui.games.conquest.actions import Place

    while state.phase is Phase.DEPLOY:
        apply(state, Place(state.territories_of(state.current)[0], 1))
    return state


def attack_ready(state: GameState) -> GameState:
    """The player whose turn it is, past cards and placing, at the attack phase."""
    state.players[state.current].cards = []
    state.to_place = 0
    state.phase = Phase.ATTACK
    return state


def give(state: GameState, territory: str, player: int, armies: int) -> None:
    state.owner[territory] = player
    state.armies[territory] = armies


def world_to(state: GameState, player: int, armies: int = 1) -> None:
    """Every territory to one player (tests then hand some back)."""
    for territory in state.board.territories:
        give(state, territory, player, armies)
