"""What a seat hands its player: the open board, the player's own cards, others' card counts."""

from __future__ import annotations

from attrs import frozen

from conquest_tui.games.conquest.actions import StandingOrder
from conquest_tui.games.conquest.cards import Card
from conquest_tui.games.conquest.state import GameState


@frozen
class TerritoryView:
    name: str
    continent: str
    owner: str
    armies: int


@frozen
class RivalView:
    name: str
    alive: bool
    territories: int
    armies: int
    cards: int


@frozen
class PlayerView:
    """The game as one player sees it: the whole map (Conquest has no fog), but of the hands
    only the player's own; the others show how many cards they hold."""

    player: str
    round: int
    to_act: str
    phase: str
    territories: tuple[TerritoryView, ...]
    players: tuple[RivalView, ...]
    my_cards: tuple[Card, ...]
    my_standing_orders: tuple[StandingOrder, ...]
    sets_cashed: int
    next_set_worth: int
    armies_to_place: int
    winner: str


def view(state: GameState, player: int) -> PlayerView:
    names = [p.name for p in state.players]
    board = state.board
    rivals = tuple(
        RivalView(
            p.name,
            p.alive,
            len(state.territories_of(i)),
            sum(state.armies[t] for t in state.territories_of(i)),
            len(p.cards),
        )
        for i, p in enumerate(state.players)
    )
    mine = state.players[player]
    return PlayerView(
        player=names[player],
        round=state.round,
        to_act=names[state.current],
        phase=state.phase.value,
        territories=tuple(
            TerritoryView(t, board.continent_of(t), names[state.owner[t]], state.armies[t])
            for t in board.territories
        ),
        players=rivals,
        my_cards=tuple(sorted(mine.cards)),
        my_standing_orders=tuple(mine.standing[t] for t in sorted(mine.standing)),
        sets_cashed=state.sets_cashed,
        next_set_worth=state.rules.set_value(state.sets_cashed),
        armies_to_place=state.to_place if state.current == player else 0,
        winner="" if state.winner is None else names[state.winner],
    )
