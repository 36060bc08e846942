"""A Conquest turn: new armies, placing them, the attacks, one final move, the turn limit."""

from __future__ import annotations

import pytest

from conquest_tui.games.conquest.actions import (
    Attack,
    EndTurn,
    KeepCards,
    Move,
    Place,
    StopAttacking,
)
from conquest_tui.games.conquest.events import Allotted, GameOver, Moved, TurnBegan
from conquest_tui.games.conquest.play import IllegalAction, apply, legal_actions
from conquest_tui.games.conquest.state import Phase
from conquest_tui.games.conquest.turn import allotment, begin_turn, end_turn
from tests.conquest.conftest import attack_ready, give, started, world_to

NORTH_AMERICA = (
    "Alaska",
    "Northwest Territory",
    "Greenland",
    "Alberta",
    "Ontario",
    "Quebec",
    "Western United States",
    "Eastern United States",
    "Central America",
)


def test_allotment_territories_over_three_and_continents() -> None:
    """W42-ARM-01/02: held territories ÷ 3 (remainder dropped) plus each whole continent's bonus."""
    state = started(2)
    world_to(state, 1)
    for territory in [
        *NORTH_AMERICA,
        "Venezuela",
        "Peru",
        "Brazil",
        "Argentina",
        "Iceland",
        "Ural",
        "China",
    ]:
        give(state, territory, 0, 1)
    base, held, total = allotment(state, 0)
    assert (base, held) == (16 // 3, ["North America", "South America"])
    assert total == 5 + 5 + 2
    give(state, "Argentina", 1, 1)
    assert allotment(state, 0) == (15 // 3, ["North America"], 5 + 5)


def test_at_least_three_new_armies_before_cards() -> None:
    """W42-ARM-03, W42-ARM-04: three armies with fewer than nine territories; cards add to that."""
    state = started(2)
    world_to(state, 1)
    give(state, "Siam", 0, 1)
    give(state, "India", 0, 1)
    assert allotment(state, 0) == (0, [], 3)
    state.current = 0
    events = begin_turn(state)
    assert Allotted(state.players[0].name, 0, (), 3) in events
    assert state.to_place == 3


def test_new_armies_are_placed_before_any_attack() -> None:
    """W42-ARM-05, W42-TURN-01: place, then attack, then the final move, in that order."""
    state = started(2)
    if state.phase is Phase.CARDS:
        apply(state, KeepCards())
    assert state.phase is Phase.PLACE
    mine = state.territories_of(0)
    source = next(t for t in mine if any(state.owner[n] == 1 for n in state.board.neighbours(t)))
    target = next(n for n in state.board.neighbours(source) if state.owner[n] == 1)
    with pytest.raises(IllegalAction, match="place your new armies"):
        apply(state, Attack(source, target))
    with pytest.raises(IllegalAction, match="armies to place"):
        apply(state, Place(source, state.to_place + 1))
    apply(state, Place(source, state.to_place - 1))
    assert state.phase is Phase.PLACE
    with pytest.raises(IllegalAction, match="You have 1 army to place"):  # one, not "1 armies"
        apply(state, Place(mine[0], 2))
    apply(state, Place(mine[0], 1))
    assert state.phase is Phase.ATTACK
    apply(state, StopAttacking())
    assert state.phase is Phase.MOVE
    assert legal_actions(state)[-1] == EndTurn()


def test_one_final_move_to_an_adjacent_own_territory() -> None:
    """W42-MOV-01: one movement, to a bordering own territory, leaving an army; it ends the turn."""
    state = attack_ready(started(2))
    world_to(state, 0)
    give(state, "Argentina", 1, 1)
    give(state, "Peru", 0, 5)
    apply(state, StopAttacking())
    with pytest.raises(IllegalAction, match="does not border"):
        apply(state, Move("Peru", "Alaska", 1))
    with pytest.raises(IllegalAction, match="not yours"):
        apply(state, Move("Peru", "Argentina", 1))
    with pytest.raises(IllegalAction, match="At least one army must stay"):
        apply(state, Move("Peru", "Brazil", 5))
    events = apply(state, Move("Peru", "Brazil", 4))
    assert isinstance(events[0], Moved) and events[0].line() == (
        f"{state.players[0].name} moves 4 armies from Peru to Brazil"
    )
    assert (state.armies["Peru"], state.armies["Brazil"]) == (1, 5)
    assert state.current == 1 and state.phase in (Phase.PLACE, Phase.CARDS)


def test_the_turn_limit_ends_the_game_with_the_most_territories() -> None:
    """W42-END-03: at the turn limit the most territories (then armies) wins."""
    state = attack_ready(started(2))
    state.round = state.rules.turn_limit
    state.current = 1
    give(state, "Peru", 1, 1)
    leader = max(range(2), key=lambda p: len(state.territories_of(p)))
    events = end_turn(state)
    assert state.phase is Phase.OVER and state.winner == leader
    over = events[-1]
    assert isinstance(over, GameOver) and over.by_turn_limit
    assert "turn limit" in over.line()
    assert legal_actions(state) == []


def test_turns_pass_in_order_and_rounds_count() -> None:
    """W42-TURN-01, W42-SET-05: turns go round the fixed order; a round is every player's turn."""
    state = attack_ready(started(3))
    apply(state, StopAttacking())
    events = apply(state, EndTurn())
    assert any(isinstance(e, TurnBegan) and e.player == state.players[1].name for e in events)
    state.phase = Phase.MOVE
    apply(state, EndTurn())
    state.phase = Phase.MOVE
    events = apply(state, EndTurn())
    assert state.current == 0 and state.round == 2
    assert events[0].line() == f"Round 2: {state.players[0].name}'s turn"
