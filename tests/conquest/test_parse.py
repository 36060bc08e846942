"""Moves typed as words (issue 30: `conquest act`): every action's sentence reads back as the
same action, a terse form for scripts, and words that are no move are refused in words."""

from __future__ import annotations

import pytest

from conquest_tui.games.conquest.actions import (
    Attack,
    CashSet,
    Move,
    MoveIn,
    Place,
    StandingOrder,
)
from conquest_tui.games.conquest.bots import ConquestBot
from conquest_tui.games.conquest.cards import Card
from conquest_tui.games.conquest.parse import ParseError, parse_action
from conquest_tui.games.conquest.play import apply, legal_actions
from conquest_tui.games.conquest.state import Phase
from conquest_tui.storage.conquest_data import load_board
from tests.conquest.conftest import started


def test_every_legal_move_of_a_game_reads_back_from_its_sentence() -> None:
    """Each phase's moves, as a bot game passes through them, parse back from `line()`."""
    board = load_board()
    state = started(3, seed=8)
    bots = [ConquestBot("normal", i) for i in range(3)]
    seen: set[Phase] = set()
    for _ in range(400):
        if state.phase is Phase.OVER:
            break
        seen.add(state.phase)
        for action in legal_actions(state)[:60]:
            assert parse_action(action.line(), board) == action, action.line()
        apply(state, bots[state.current].choose(state))
    assert {Phase.PLACE, Phase.ATTACK, Phase.MOVE_IN, Phase.MOVE} <= seen


@pytest.mark.parametrize(
    "action",
    [
        CashSet((Card(0), Card(1, "Peru"), Card(3, "Eastern United States"))),
        StandingOrder("Peru", 4, "Brazil"),
        StandingOrder("Peru", 6),
        StandingOrder("Peru", 0),
        MoveIn(1),
        Place("Alaska", 1),
    ],
)
def test_cards_and_standing_orders_read_back(action: object) -> None:
    assert parse_action(action.line(), load_board()) == action  # type: ignore[attr-defined]


def test_the_terse_form_and_any_case_read_as_the_same_move() -> None:
    board = load_board()
    assert parse_action("ATTACK Alaska Kamchatka BLITZ", board) == Attack(
        "Alaska", "Kamchatka", True
    )
    assert parse_action("attack eastern united states quebec", board) == Attack(
        "Eastern United States", "Quebec", False
    )
    assert parse_action("MOVE Peru Brazil 3", board) == Move("Peru", "Brazil", 3)
    assert parse_action("place north africa 4", board) == Place("North Africa", 4)


def test_words_that_are_no_move_are_refused_in_words() -> None:
    board = load_board()
    with pytest.raises(ParseError, match="There is no territory called Atlantis"):
        parse_action("Blitz Atlantis from Peru", board)
    with pytest.raises(ParseError, match='"dance" is no move; moves read like "Place'):
        parse_action("dance", board)


def test_one_army_reads_in_the_singular() -> None:
    """Players read words: "1 army moves in", "1 army more follows"."""
    from conquest_tui.games.conquest.events import Captured, MovedIn

    assert Captured("Ann", "Peru", "Brazil", 1).line() == "Ann takes Peru; 1 army moves in"
    assert Captured("Ann", "Peru", "Brazil", 3).line() == "Ann takes Peru; 3 armies move in"
    assert MovedIn("Ann", "Brazil", "Peru", 1).line() == "1 army more follows from Brazil to Peru"
