"""Conquest's map and setup: players, the deal, the allotment, the initial deployment."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conquest_tui.games.conquest.actions import Place
from conquest_tui.games.conquest.play import IllegalAction, apply
from conquest_tui.games.conquest.setup import new_game
from conquest_tui.games.conquest.state import Phase
from conquest_tui.storage.conquest_data import conquest_dir
from tests.conquest.conftest import NAMES


def test_two_to_six_players(rules, board) -> None:
    """W42-GEN-01: 2 to 6 players, no fewer, no more."""
    for count in range(2, 7):
        assert len(new_game(rules, board, NAMES[:count], 3).players) == count
    for names in (NAMES[:1], (*NAMES, "Gus")):
        with pytest.raises(ValueError, match="2 to 6 players"):
            new_game(rules, board, names, 3)


def test_the_map_has_42_territories_in_six_continents(board) -> None:
    """W42-GEN-02, W42-ARM-02: the seed's continents, territories (spelling mended), bonuses."""
    assert len(board.territories) == 42
    bonuses = {c.name: c.bonus for c in board.continents}
    assert bonuses == {
        "North America": 5,
        "South America": 2,
        "Europe": 5,
        "Africa": 3,
        "Asia": 7,
        "Australia": 2,
    }
    sizes = {c.name: len(c.territories) for c in board.continents}
    assert sizes == {
        "North America": 9,
        "South America": 4,
        "Europe": 7,
        "Africa": 6,
        "Asia": 12,
        "Australia": 4,
    }
    assert "Great Britain" in board.territories and "Egypt" in board.territories


def test_borders_are_the_classic_83_both_ways_and_connected(board) -> None:
    """W42-GEN-05: the classic board's borders, symmetric; the listing in the file agrees."""
    assert board.border_count() == 83
    for here in board.territories:
        for there in board.neighbours(here):
            assert board.adjacent(there, here)
    assert len(board.reachable("Alaska", lambda _t: True)) == 42
    data = json.loads((conquest_dir() / "classic_map.json").read_text(encoding="utf-8"))
    assert {t: tuple(sorted(n)) for t, n in data["adjacency"].items()} == dict(board.borders)
    assert board.adjacent("Alaska", "Kamchatka")  # a bridge across the sea


@pytest.mark.parametrize(
    ("players", "allotment", "dealt"),
    [
        (2, 50, [21, 21]),
        (3, 35, [14] * 3),
        (4, 30, [11, 11, 10, 10]),
        (5, 25, [9, 9, 8, 8, 8]),
        (6, 20, [7] * 6),
    ],
)
def test_deal_and_allotment(rules, board, players, allotment, dealt) -> None:
    """W42-SET-01/02/03, W42-GEN-03: the allotment by players, equal deals with one army on each
    territory, and one extra army for every player dealt one territory fewer."""
    state = new_game(rules, board, NAMES[:players], 7)
    counts = [len(state.territories_of(i)) for i in range(players)]
    assert counts == dealt
    assert all(state.armies[t] == 1 for t in board.territories)
    most = max(counts)
    for i in range(players):
        extra = 1 if counts[i] < most else 0
        assert counts[i] + state.deploy_left[i] == allotment + extra


def test_initial_deployment_one_army_at_a_time_in_turn(rules, board) -> None:
    """W42-SET-04: players place one army each in turn until all are placed."""
    state = new_game(rules, board, NAMES[:3], 5)
    seen = []
    with pytest.raises(IllegalAction, match="one army at a time"):
        apply(state, Place(state.territories_of(0)[0], 2))
    other = state.territories_of(1)[0]
    with pytest.raises(IllegalAction, match="not yours"):
        apply(state, Place(other, 1))
    while state.phase is Phase.DEPLOY:
        seen.append(state.current)
        apply(state, Place(state.territories_of(state.current)[-1], 1))
    assert seen[:6] == [0, 1, 2, 0, 1, 2]
    assert Counter(seen) == {0: 21, 1: 21, 2: 21}
    assert state.phase in (Phase.PLACE, Phase.CARDS) and state.current == 0
    assert sum(state.armies.values()) == 3 * 35
    assert state.to_place == 14 // 3  # the first turn's new armies, still to be placed


def test_turn_order_is_seeded_and_fixed(rules, board) -> None:
    """W42-SET-05, W42-GEN-04: the order comes from the seed, not the names given (they are
    only what players are called)."""
    orders = {tuple(p.name for p in new_game(rules, board, NAMES, s).players) for s in range(8)}
    assert len(orders) > 1
    one = new_game(rules, board, NAMES[:4], 11)
    again = new_game(rules, board, NAMES[:4], 11)
    renamed = new_game(rules, board, ("W", "X", "Y", "Z"), 11)
    assert one.same_as(again)
    assert one.owner == renamed.owner and one.deploy_left == renamed.deploy_left
