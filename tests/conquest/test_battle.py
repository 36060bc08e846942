"""Conquest's attacks: who may attack whom, the dice, the ends of a battle, withdrawal, capture."""

from __future__ import annotations

import pytest

from conquest_tui.games.conquest.actions import (
    Attack,
    CashSet,
    KeepCards,
    MoveIn,
    Place,
    Retreat,
    Roll,
    StandingOrder,
)
from conquest_tui.games.conquest.cards import Card
from conquest_tui.games.conquest.dice import losses
from conquest_tui.games.conquest.events import (
    AttackEnded,
    Captured,
    DiceRolled,
    Eliminated,
    GameOver,
    Withdrew,
)
from conquest_tui.games.conquest.play import IllegalAction, apply
from conquest_tui.games.conquest.state import GameState, Phase
from tests.conquest.conftest import attack_ready, give, started, world_to


def duel(players: int = 2) -> GameState:
    """Player 0 holds the world but Peru, Brazil and Egypt (player 1), and Japan with 3 or more."""
    state = attack_ready(started(players))
    state.current = 0
    world_to(state, 0)
    for territory in ("Peru", "Brazil", "Egypt"):
        give(state, territory, 1, 1)
    if players > 2:
        give(state, "Japan", 2, 3)
    return state


def test_only_from_an_own_territory_with_two_armies_to_a_bordering_enemy() -> None:
    """W42-ATT-01, W42-ATT-02."""
    state = duel()
    give(state, "Venezuela", 0, 1)
    give(state, "Argentina", 0, 5)
    with pytest.raises(IllegalAction, match="needs 2 armies"):
        apply(state, Attack("Venezuela", "Peru"))
    with pytest.raises(IllegalAction, match="does not border"):
        apply(state, Attack("Argentina", "Egypt"))
    with pytest.raises(IllegalAction, match="yours already"):
        apply(state, Attack("Argentina", "Venezuela"))
    with pytest.raises(IllegalAction, match="not yours"):
        apply(state, Attack("Peru", "Argentina"))
    apply(state, Attack("Argentina", "Peru"))
    assert state.phase is Phase.BATTLE


@pytest.mark.parametrize(
    ("attacking", "defending", "dice"),
    [(2, 1, (1, 1)), (3, 1, (2, 1)), (4, 2, (3, 2)), (9, 7, (3, 2))],
)
def test_dice_by_armies(attacking, defending, dice) -> None:
    """W42-ATT-04, W42-ATT-05: 2→1, 3→2, 4+→3 attacker dice; 1→1, 2+→2 defender dice."""
    state = duel()
    give(state, "Argentina", 0, attacking)
    give(state, "Peru", 1, defending)
    apply(state, Attack("Argentina", "Peru"))
    rolled = apply(state, Roll())[0]
    assert isinstance(rolled, DiceRolled)
    assert (len(rolled.attacker), len(rolled.defender)) == dice
    assert rolled.attacker_losses + rolled.defender_losses == min(dice)


def test_highest_against_highest_ties_to_the_defender() -> None:
    """W42-ATT-06: pairs compared highest first; a tie kills an attacking army."""
    assert losses((6, 5, 1), (5, 5)) == (1, 1)
    assert losses((6, 6, 6), (5, 5)) == (0, 2)
    assert losses((4, 3), (4, 3)) == (2, 0)
    assert losses((1, 1, 1), (6,)) == (1, 0)  # one die a side: one comparison


def test_an_attack_goes_roll_by_roll_and_may_retreat() -> None:
    """W42-ATT-03, W42-ATT-07 (c): Attack waits after each throw; the attacker may retreat."""
    state = duel()
    give(state, "Argentina", 0, 30)
    give(state, "Peru", 1, 30)
    apply(state, Attack("Argentina", "Peru"))
    apply(state, Roll())
    assert state.phase is Phase.BATTLE
    ended = apply(state, Retreat())
    assert ended == [AttackEnded("Argentina", "Peru", retreated=True)]
    assert state.phase is Phase.ATTACK and state.owner["Peru"] == 1
    assert state.armies["Argentina"] + state.armies["Peru"] == 60 - 2


def test_a_blitz_is_fought_out_until_the_attacker_has_one_army() -> None:
    """W42-ATT-03, W42-ATT-07 (a): a Blitz has no retreat; it ends with the attacker down to one."""
    state = duel()
    give(state, "Argentina", 0, 3)
    give(state, "Peru", 1, 40)
    events = apply(state, Attack("Argentina", "Peru", blitz=True))
    assert state.armies["Argentina"] == 1 and state.owner["Peru"] == 1
    assert events[-1] == AttackEnded("Argentina", "Peru", retreated=False)
    assert events[-1].line() == "Peru holds against Argentina"
    with pytest.raises(IllegalAction):
        apply(state, Retreat())


def test_capture_moves_one_army_in_and_the_attacker_may_move_more() -> None:
    """W42-ATT-07 (b), W42-ATT-08, W42-ATT-09: one army moves in by itself; more may follow, one
    stays behind; then the attacks go on."""
    state = duel()
    give(state, "Argentina", 0, 40)
    events = apply(state, Attack("Argentina", "Peru", blitz=True))
    captured = next(e for e in events if isinstance(e, Captured))
    assert captured.moved_in == 1 and state.owner["Peru"] == 0 and state.armies["Peru"] == 1
    assert state.phase is Phase.MOVE_IN
    left = state.armies["Argentina"]
    with pytest.raises(IllegalAction, match="At least one army must stay"):
        apply(state, MoveIn(left))
    apply(state, MoveIn(left - 1))
    assert (state.armies["Argentina"], state.armies["Peru"]) == (1, left)
    assert state.phase is Phase.ATTACK
    apply(state, Attack("Peru", "Brazil", blitz=True))  # a second attack in the same turn
    assert state.owner["Brazil"] == 0


def test_standing_order_withdraws_to_a_neighbour_or_gives_up_the_armies() -> None:
    """W42-ATT-03, W42-ATT-10: the absent defender's standing order answers an Attack (never a
    Blitz); armies go to the named bordering territory, or are lost without one."""
    state = duel()
    give(state, "Peru", 1, 4)
    state.current = 1
    apply(state, StandingOrder("Peru", 10, "Brazil"))
    with pytest.raises(IllegalAction, match="not a territory of yours next to Peru"):
        apply(state, StandingOrder("Peru", 10, "Egypt"))
    state.current = 0
    give(state, "Argentina", 0, 9)
    apply(state, Attack("Argentina", "Peru"))
    assert state.phase is Phase.BATTLE  # 9 armies are below the order's 10
    apply(state, Retreat())
    give(state, "Argentina", 0, 12)
    events = apply(state, Attack("Argentina", "Peru"))
    assert events[0] == Withdrew(state.players[1].name, "Peru", 4, "Brazil")
    assert state.armies["Brazil"] == 5 and state.owner["Peru"] == 0
    assert any(isinstance(e, Captured) for e in events)
    apply(state, MoveIn(0))
    state.current = 1
    give(state, "Egypt", 1, 3)
    apply(state, StandingOrder("Egypt", 2))
    state.current = 0
    give(state, "North Africa", 0, 5)
    events = apply(state, Attack("North Africa", "Egypt"))
    assert events[0].line().endswith("abandons Egypt, giving up 3 armies")
    apply(state, MoveIn(0))
    give(state, "Egypt", 1, 3)
    events = apply(state, Attack("North Africa", "Egypt", blitz=True))
    assert not any(isinstance(e, Withdrew) for e in events)


def test_the_last_territory_puts_a_player_out_and_the_cards_pass() -> None:
    """W42-END-01, W42-CARD-07: a player with no territory is out; the captor takes the cards,
    may cash a set at once and, holding five or more, must."""
    state = duel(3)
    victim = state.players[2]
    victim.cards = [Card(1, "Peru"), Card(2, "Alaska"), Card(3, "Ural")]
    state.players[0].cards = [Card(1, "Iceland"), Card(1, "Siam")]
    give(state, "Kamchatka", 0, 20)
    events = apply(state, Attack("Kamchatka", "Japan", blitz=True))
    out = next(e for e in events if isinstance(e, Eliminated))
    assert out.cards_taken == 3 and not victim.alive and victim.cards == []
    assert out.line() == f"{victim.name} is out of the game; {state.players[0].name} takes 3 cards"
    assert len(state.players[0].cards) == 5
    apply(state, MoveIn(0))
    assert state.phase is Phase.CARDS
    with pytest.raises(IllegalAction, match="must cash"):
        apply(state, KeepCards())
    apply(state, CashSet((Card(1, "Peru"), Card(2, "Alaska"), Card(3, "Ural"))))
    assert state.phase is Phase.PLACE and state.to_place == state.rules.set_value(0)
    apply(state, Place("Japan", state.to_place))
    assert state.phase is Phase.ATTACK


def test_holding_all_42_wins() -> None:
    """W42-END-02: the game ends when one player holds every territory."""
    state = duel()
    give(state, "Peru", 0, 1)
    give(state, "Brazil", 0, 1)
    give(state, "North Africa", 0, 30)
    events = apply(state, Attack("North Africa", "Egypt", blitz=True))
    assert isinstance(events[-1], GameOver) and not events[-1].by_turn_limit
    assert state.phase is Phase.OVER and state.winner == 0
    assert events[-1].line() == f"{state.players[0].name} has conquered the world"
