"""Conquest cards: the deck, what makes a set and which sets a hand holds (W42-CARD-02/03)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from attrs import frozen

from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.rules import ConquestRules


@frozen(order=True)
class Card:
    """A card: a territory's card numbered 1, 2 or 3, or a wild card (number 0, no territory)."""

    number: int
    territory: str = ""

    @property
    def wild(self) -> bool:
        return not self.territory

    def words(self) -> str:
        return "a wild card" if self.wild else f"{self.territory} ({self.number})"


def new_deck(rules: ConquestRules, board: Board, rng: random.Random) -> list[Card]:
    """The 44 cards, shuffled: territories numbered by a seeded deal, as many of each number."""
    territories = list(board.territories)
    rng.shuffle(territories)
    numbers = [n for n in rules.card_numbers for _ in range(rules.cards_per_number)]
    if len(numbers) != len(territories):
        raise ValueError("the card numbers do not match the territories")
    deck = [Card(n, t) for n, t in zip(numbers, territories, strict=True)]
    deck += [Card(0) for _ in range(rules.wild_cards)]
    rng.shuffle(deck)
    return deck


def is_set(cards: tuple[Card, ...], rules: ConquestRules) -> bool:
    """Three of a kind, one of each number, or a wild card with any two cards."""
    if len(cards) != rules.set_size:
        return False
    numbers = sorted(c.number for c in cards)
    if 0 in numbers:
        return True
    return len(set(numbers)) == 1 or tuple(numbers) == tuple(sorted(rules.card_numbers))


def holds(hand: list[Card], cards: tuple[Card, ...]) -> bool:
    """Whether every one of `cards` is in the hand (the two wild cards are alike)."""
    return not Counter(cards) - Counter(hand)


def sets_in(hand: list[Card], rules: ConquestRules) -> list[tuple[Card, ...]]:
    """Every set the hand can make, each once, in a fixed order."""
    found: list[tuple[Card, ...]] = []
    for combo in itertools.combinations(range(len(hand)), rules.set_size):
        cards = tuple(sorted(hand[i] for i in combo))
        if is_set(cards, rules) and cards not in found:
            found.append(cards)
    return found
