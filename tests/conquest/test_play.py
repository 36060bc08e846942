"""Conquest played through: legal actions, same state and actions give the same game, a player's
view, actions that print themselves, and bots at every level playing to the end."""

from __future__ import annotations

import json

from conquest_tui.games.conquest.actions import (
    Attack,
    CashSet,
    EndTurn,
    KeepCards,
    Move,
    MoveIn,
    Place,
    Retreat,
    Roll,
    StandingOrder,
    StopAttacking,
)
from conquest_tui.games.conquest.bots import ConquestBot
from conquest_tui.games.conquest.cards import Card
from conquest_tui.games.conquest.play import apply, legal_actions, player_to_act
from conquest_tui.games.conquest.runner import play_game
from conquest_tui.games.conquest.state import Phase
from conquest_tui.games.conquest.view import view
from tests.conquest.conftest import started


def test_actions_read_as_a_player_would_say_them() -> None:
    """Each action prints itself back in words (W42-ATT-03: Blitz and Attack, the seed's names)."""
    lines = [
        Place("Peru", 1).line(),
        Place("Peru", 3).line(),
        CashSet((Card(1, "Peru"), Card(0), Card(2, "Ural"))).line(),
        KeepCards().line(),
        Attack("Peru", "Brazil").line(),
        Attack("Peru", "Brazil", blitz=True).line(),
        Roll().line(),
        Retreat().line(),
        MoveIn(1).line(),
        MoveIn(0).line(),
        StopAttacking().line(),
        Move("Peru", "Brazil", 2).line(),
        EndTurn().line(),
        StandingOrder("Peru", 6, "Brazil").line(),
        StandingOrder("Peru", 6).line(),
        StandingOrder("Peru", 0).line(),
    ]
    assert lines == [
        "Place 1 army on Peru",
        "Place 3 armies on Peru",
        "Cash in Peru (1), a wild card, Ural (2)",
        "Keep the cards",
        "Attack Brazil from Peru",
        "Blitz Brazil from Peru",
        "Roll the dice",
        "Retreat",
        "Move 1 army more in",
        "Move no more armies in",
        "Stop attacking",
        "Move 2 armies from Peru to Brazil",
        "End the turn",
        "Withdraw from Peru to Brazil if attacked by 6 armies or more",
        "Withdraw from Peru if attacked by 6 armies or more",
        "Defend Peru",
    ]


def test_same_state_and_same_actions_give_the_same_game() -> None:
    """W42-SET-05: everything random comes from the seeded generator the state holds."""
    state = started(4, seed=9)
    twin = state.copy()
    bots = [ConquestBot("normal", i) for i in range(4)]
    twins = [ConquestBot("normal", i) for i in range(4)]
    for _ in range(400):
        if state.phase is Phase.OVER:
            break
        action = bots[state.current].choose(state)
        assert twins[twin.current].choose(twin) == action
        assert apply(state, action) == apply(twin, action)
    assert state.same_as(twin)


def test_bots_choose_only_legal_actions_and_the_army_count_stays_whole() -> None:
    """W42-GEN-03: every territory always holds an army; bots' choices are among the legal
    actions (placing and moving counts are checked by apply)."""
    state = started(3, seed=4)
    bots = {i: ConquestBot(level, i) for i, level in enumerate(("easy", "normal", "hard"))}
    for _ in range(1500):
        if state.phase is Phase.OVER:
            break
        action = bots[state.current].choose(state)
        if state.phase not in (Phase.PLACE, Phase.MOVE, Phase.MOVE_IN):
            assert action in legal_actions(state)
        apply(state, action)
        assert all(n >= 1 for n in state.armies.values())


def test_a_player_sees_the_whole_map_but_only_their_own_cards() -> None:
    """W42-GEN-02, W42-CARD-04: the view hands out every territory with owner and armies, one's
    own cards, the others' card counts and what the next set is worth."""
    state = started(3)
    state.players[1].cards = [Card(2, "Peru"), Card(0)]
    seen = view(state, 0)
    assert len(seen.territories) == 42
    assert seen.my_cards == () and seen.players[1].cards == 2
    assert seen.next_set_worth == 4 and seen.to_act == state.players[0].name
    assert seen.armies_to_place == state.to_place
    assert view(state, 1).my_cards == (Card(0), Card(2, "Peru"))
    assert view(state, 1).armies_to_place == 0
    assert player_to_act(state) == 0


def test_bot_games_end_with_the_world_held(rules, board) -> None:
    """W42-END-02, W42-END-01, W42-CARD-05: normal bots play 2, 4 and 6-player games to one player
    holding all 42; the summary is plain JSON (the 100-game check is tools/conquest_checks.py)."""
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        result = play_game(rules, board, ["normal"] * players, seed)
        assert result["world_conquered"] and result["winner"] in result["players"]
        assert result["territories"][result["winner"]] == 42
        assert len(result["eliminations"]) == players - 1
        assert set(result["continents_held"].values()) == {result["winner"]}
        assert json.loads(json.dumps(result)) == result
    assert play_game(rules, board, ["easy", "hard"], 5)["winner"] is not None
