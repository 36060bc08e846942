"""A whole game played by bots, headless, summed up as plain JSON-able data (for `simulate`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.bots import ConquestBot
from conquest_tui.games.conquest.play import apply
from conquest_tui.games.conquest.rules import ConquestRules
from conquest_tui.games.conquest.setup import new_game
from conquest_tui.games.conquest.state import GameState, Phase

COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
MOST_ACTIONS = 500_000
"""A guard against a bot that never ends its turn; no game of the tests comes near it."""


def play_game(
    rules: ConquestRules, board: Board, levels: Sequence[str], seed: int
) -> dict[str, Any]:
    """Play a game of len(levels) bots (seat i at levels[i]) from `seed` to its end."""
    names = [f"{COLOURS[i]} ({level})" for i, level in enumerate(levels)]
    state = new_game(rules, board, names, seed)
    bots = {
        name: ConquestBot(level, f"{seed} {i}")
        for i, (name, level) in enumerate(zip(names, levels, strict=True))
    }
    for _ in range(MOST_ACTIONS):
        if state.phase is Phase.OVER:
            return summary(state, seed)
        apply(state, bots[state.players[state.current].name].choose(state))
    raise RuntimeError(f"the game from seed {seed} did not end in {MOST_ACTIONS} actions")


def summary(state: GameState, seed: int) -> dict[str, Any]:
    """Winner, turns (rounds: every living player's turn), eliminations, sets of cards cashed and
    continents held (at the end, and how many turns each player began holding each), as JSON."""
    names = [p.name for p in state.players]
    winner = None if state.winner is None else names[state.winner]
    return {
        "game": "conquest",
        "seed": seed,
        "players": names,
        "winner": winner,
        "turns": state.round,
        "ended_by": "the world conquered" if len(state.alive()) == 1 else "the turn limit",
        "world_conquered": len(state.alive()) == 1,
        "eliminations": [
            {"player": names[out], "by": names[by], "round": when}
            for out, by, when in state.eliminated
        ],
        "sets_cashed": state.sets_cashed,
        "sets_cashed_by": {p.name: p.sets_cashed for p in state.players},
        "territories": {name: len(state.territories_of(i)) for i, name in enumerate(names)},
        "continent_turns": {
            continent: {names[i]: n for i, n in enumerate(counts) if n}
            for continent, counts in state.continent_turns.items()
        },
        "continents_held": {
            c.name: next(
                (names[i] for i in range(len(names)) if state.holds_continent(i, c.name)), None
            )
            for c in state.board.continents
        },
    }
