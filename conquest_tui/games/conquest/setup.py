"""A new game: turn order, the deal, one army on each territory and the armies left to deploy."""

from __future__ import annotations

import random
from collections.abc import Sequence

from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.cards import new_deck
from conquest_tui.games.conquest.rules import ConquestRules
from conquest_tui.games.conquest.state import GameState, Phase, Player


def new_game(rules: ConquestRules, board: Board, names: Sequence[str], seed: int) -> GameState:
    """Seat the players in a seeded random order (W42-SET-05), deal the territories one at a
    time in that order (W42-SET-02), put one army on each and start the initial deployment."""
    if not rules.minimum_players <= len(names) <= rules.maximum_players:
        raise ValueError(
            f"Conquest is for {rules.minimum_players} to {rules.maximum_players} players"
        )
    if len(set(names)) != len(names):
        raise ValueError("two players have the same name")
    rng = random.Random(seed)
    order = list(names)
    rng.shuffle(order)
    players = [Player(name) for name in order]
    territories = list(board.territories)
    rng.shuffle(territories)
    owner = {t: i % len(players) for i, t in enumerate(territories)}
    dealt = [sum(1 for t in territories if owner[t] == i) for i in range(len(players))]
    most = max(dealt)
    allotment = rules.initial_armies[len(players)]
    deploy_left = [
        allotment - n + (rules.short_deal_extra_armies if n < most else 0) for n in dealt
    ]
    deck = new_deck(rules, board, rng)
    state = GameState(
        rules=rules,
        board=board,
        players=players,
        owner={t: owner[t] for t in board.territories},
        armies=dict.fromkeys(board.territories, 1),
        deck=deck,
        rng=rng,
        deploy_left=deploy_left,
        continent_turns={c.name: [0] * len(players) for c in board.continents},
    )
    state.phase = Phase.DEPLOY
    state.current = 0
    return state
