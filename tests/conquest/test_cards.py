"""Conquest cards: the deck, sets, when to cash, what a set is worth, the deck refilled."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from conquest_tui.games.conquest.actions import Attack, CashSet, EndTurn, KeepCards, MoveIn
from conquest_tui.games.conquest.cards import Card, is_set, new_deck, sets_in
from conquest_tui.games.conquest.events import CardBonus, CardDrawn, SetCashed
from conquest_tui.games.conquest.play import IllegalAction, apply, legal_actions
from conquest_tui.games.conquest.state import Phase
from conquest_tui.games.conquest.turn import begin_turn, draw
from tests.conquest.conftest import attack_ready, give, started, world_to


def test_44_cards_fourteen_of_each_number_and_two_wild(rules, board) -> None:
    """W42-CARD-02: one card per territory numbered 1-3 (14 each, by a seeded deal), two wild 0s."""
    deck = new_deck(rules, board, random.Random(5))
    assert len(deck) == 44
    assert Counter(c.number for c in deck) == {1: 14, 2: 14, 3: 14, 0: 2}
    assert {c.territory for c in deck if not c.wild} == set(board.territories)
    assert deck == new_deck(rules, board, random.Random(5))
    assert deck != new_deck(rules, board, random.Random(6))


def test_what_makes_a_set(rules) -> None:
    """W42-CARD-03: three of a kind, 1-2-3, or a wild card with any two."""
    a, b, c = Card(1, "Peru"), Card(1, "Ural"), Card(1, "Siam")
    assert is_set((a, b, c), rules)
    assert is_set((Card(1, "Peru"), Card(2, "Ural"), Card(3, "Siam")), rules)
    assert is_set((Card(0), Card(2, "Ural"), Card(2, "Siam")), rules)
    assert is_set((Card(0), Card(0), Card(3, "Siam")), rules)
    assert not is_set((Card(1, "Peru"), Card(1, "Ural"), Card(3, "Siam")), rules)
    assert not is_set((a, b), rules)
    assert sets_in([a, b, Card(2, "Iceland")], rules) == []


def test_a_card_for_a_turn_with_a_capture_one_only() -> None:
    """W42-CARD-01: one card at the end of a turn with at least one capture, none without."""
    state = attack_ready(started(2))
    world_to(state, 0)
    for territory in ("Peru", "Brazil", "Egypt"):
        give(state, territory, 1, 1)
    give(state, "Argentina", 0, 30)
    apply(state, Attack("Argentina", "Peru", blitz=True))
    apply(state, MoveIn(10))
    apply(state, Attack("Peru", "Brazil", blitz=True))
    if state.phase is Phase.MOVE_IN:
        apply(state, MoveIn(0))
    state.phase = Phase.MOVE
    me = state.players[0]
    events = apply(state, EndTurn())
    assert [e for e in events if isinstance(e, CardDrawn)] == [CardDrawn(me.name)]
    assert len(me.cards) == 1
    state.phase = Phase.MOVE
    apply(state, EndTurn())  # player 1 took nothing
    assert state.players[1].cards == []


def test_may_cash_with_three_must_with_five_one_set_at_a_time() -> None:
    """W42-CARD-04: three or more cards with a set may be cashed, five or more must; after one
    set, another only while five or more are still held."""
    state = attack_ready(started(2))
    me = state.players[0]
    me.cards = [Card(1, "Peru"), Card(1, "Ural"), Card(1, "Siam"), Card(2, "Iceland")]
    begin_turn(state)
    assert state.phase is Phase.CARDS and KeepCards() in legal_actions(state)
    apply(state, KeepCards())
    assert state.phase is Phase.PLACE
    me.cards = [
        Card(1, "Peru"),
        Card(1, "Ural"),
        Card(1, "Siam"),
        Card(2, "Iceland"),
        Card(2, "Japan"),
        Card(2, "China"),
        Card(0),
        Card(3, "Congo"),
    ]
    begin_turn(state)
    assert KeepCards() not in legal_actions(state)
    with pytest.raises(IllegalAction, match="must cash"):
        apply(state, KeepCards())
    with pytest.raises(IllegalAction, match="not in your hand"):
        apply(state, CashSet((Card(3, "Peru"), Card(3, "Ural"), Card(3, "Siam"))))
    with pytest.raises(IllegalAction, match="no set"):
        apply(state, CashSet((Card(1, "Peru"), Card(1, "Ural"), Card(2, "Iceland"))))
    apply(state, CashSet((Card(1, "Peru"), Card(1, "Ural"), Card(1, "Siam"))))
    assert state.phase is Phase.CARDS and len(me.cards) == 5  # five still: another, at once
    with pytest.raises(IllegalAction, match="must cash"):
        apply(state, KeepCards())
    apply(state, CashSet((Card(2, "Iceland"), Card(2, "Japan"), Card(2, "China"))))
    assert state.phase is Phase.PLACE and len(me.cards) == 2
    me.cards = [
        Card(1, "Peru"),
        Card(1, "Ural"),
        Card(1, "Siam"),
        Card(2, "Iceland"),
        Card(2, "Japan"),
        Card(2, "China"),
        Card(0),
    ]
    begin_turn(state)
    apply(state, CashSet((Card(1, "Peru"), Card(1, "Ural"), Card(1, "Siam"))))
    assert state.phase is Phase.PLACE and len(me.cards) == 4  # four left: one set a turn


def test_set_values_rise_across_the_game(rules) -> None:
    """W42-CARD-05: 4, 6, 8, 10, 12, 15, then 5 more each time, counted over the whole game."""
    assert [rules.set_value(n) for n in range(9)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]
    state = attack_ready(started(3))
    state.sets_cashed = 6
    state.players[0].cards = [Card(0), Card(0), Card(3, "Siam")]
    begin_turn(state)
    before = state.to_place
    events = apply(state, CashSet((Card(0), Card(0), Card(3, "Siam"))))
    assert isinstance(events[0], SetCashed) and events[0].worth == 20
    assert state.to_place == before + 20 and state.sets_cashed == 7


def test_two_armies_on_each_held_territory_of_the_set(rules) -> None:
    """W42-CARD-06: +2 onto every held territory whose card is cashed (not capped at one)."""
    state = attack_ready(started(2))
    world_to(state, 0, 3)
    give(state, "Siam", 1, 1)
    state.players[0].cards = [Card(2, "Peru"), Card(2, "Ural"), Card(2, "Siam")]
    begin_turn(state)
    events = apply(state, CashSet((Card(2, "Peru"), Card(2, "Ural"), Card(2, "Siam"))))
    bonuses = [e for e in events if isinstance(e, CardBonus)]
    assert {(e.territory, e.count) for e in bonuses} == {("Peru", 2), ("Ural", 2)}
    assert (state.armies["Peru"], state.armies["Ural"], state.armies["Siam"]) == (5, 5, 1)
    assert bonuses[0].line() == "2 armies go straight onto Peru"


def test_an_empty_deck_is_the_cashed_cards_shuffled(rules) -> None:
    """W42-CARD-08: when the deck runs out the cashed cards are shuffled back in."""
    state = attack_ready(started(2))
    spent = [Card(1, "Peru"), Card(2, "Ural"), Card(3, "Siam")]
    state.deck, state.discard = [], list(spent)
    assert draw(state)
    assert state.discard == [] and len(state.deck) == 2
    assert sorted([*state.deck, *state.players[0].cards]) == sorted(spent)
    state.deck = []
    assert not draw(state)  # nothing anywhere: no card
