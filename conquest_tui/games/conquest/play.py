"""The one door to a game: whose turn it is, the legal actions, and apply(action) → events."""

from __future__ import annotations

from conquest_tui.games.conquest import battle, turn
from conquest_tui.games.conquest.actions import (
    Action,
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
from conquest_tui.games.conquest.cards import sets_in
from conquest_tui.games.conquest.events import Event
from conquest_tui.games.conquest.state import GameState, Phase
from conquest_tui.games.conquest.turn import IllegalAction

__all__ = ["IllegalAction", "apply", "legal_actions", "player_to_act"]

_ALLOWED: dict[Phase, tuple[type, ...]] = {
    Phase.DEPLOY: (Place, StandingOrder),
    Phase.CARDS: (CashSet, KeepCards, StandingOrder),
    Phase.PLACE: (Place, StandingOrder),
    Phase.ATTACK: (Attack, StopAttacking, StandingOrder),
    Phase.BATTLE: (Roll, Retreat),
    Phase.MOVE_IN: (MoveIn,),
    Phase.MOVE: (Move, EndTurn, StandingOrder),
    Phase.OVER: (),
}

_WORDS: dict[Phase, str] = {
    Phase.DEPLOY: "place one army of your initial allotment",
    Phase.CARDS: "cash in a set of cards or keep them",
    Phase.PLACE: "place your new armies",
    Phase.ATTACK: "attack or stop attacking",
    Phase.BATTLE: "roll the dice or retreat",
    Phase.MOVE_IN: "say how many more armies move in",
    Phase.MOVE: "make your final move or end the turn",
    Phase.OVER: "nothing: the game is over",
}


def player_to_act(state: GameState) -> int | None:
    """The seat whose move it is (None once the game is over)."""
    return None if state.phase is Phase.OVER else state.current


def apply(state: GameState, action: Action) -> list[Event]:
    """Carry out the action of the player whose turn it is; raises IllegalAction (and changes
    nothing) when the rules do not allow it now."""
    if not isinstance(action, _ALLOWED[state.phase]):
        raise IllegalAction(f"Now is the time to {_WORDS[state.phase]}")
    if isinstance(action, StandingOrder):
        return _standing(state, action)
    match state.phase:
        case Phase.DEPLOY:
            assert isinstance(action, Place)
            return turn.deploy(state, action)
        case Phase.CARDS:
            if isinstance(action, CashSet):
                return turn.cash(state, action)
            if turn.must_cash(state):
                raise IllegalAction("With five or more cards you must cash in a set")
            turn.after_cards(state)
            return []
        case Phase.PLACE:
            assert isinstance(action, Place)
            return turn.place(state, action)
        case Phase.ATTACK:
            if isinstance(action, Attack):
                return battle.start(state, action)
            state.phase = Phase.MOVE
            return []
        case Phase.BATTLE:
            assert state.battle is not None
            if isinstance(action, Retreat):
                return battle.retreat(state)
            return battle.throw(state)
        case Phase.MOVE_IN:
            assert isinstance(action, MoveIn)
            return battle.move_in(state, action)
        case Phase.MOVE:
            if isinstance(action, Move):
                return turn.move(state, action)
            return turn.end_turn(state)
    raise IllegalAction("The game is over")  # pragma: no cover - OVER allows nothing


def _standing(state: GameState, order: StandingOrder) -> list[Event]:
    """A standing order for the defence of an own territory (W42-ATT-03, W42-ATT-10)."""
    if state.owner.get(order.territory) != state.current:
        raise IllegalAction(f"{order.territory} is not yours")
    if order.to and (
        state.owner.get(order.to) != state.current
        or not state.board.adjacent(order.territory, order.to)
    ):
        raise IllegalAction(f"{order.to} is not a territory of yours next to {order.territory}")
    orders = state.players[state.current].standing
    if order.threshold <= 0:
        orders.pop(order.territory, None)
    else:
        orders[order.territory] = order
    return []


def legal_actions(state: GameState) -> list[Action]:
    """Every action of play open to the player whose turn it is, in a fixed order (standing
    orders, open whenever it is one's turn outside a battle, are not listed)."""
    me = state.current
    board = state.board
    mine = [t for t in board.territories if state.owner[t] == me]
    actions: list[Action] = []
    match state.phase:
        case Phase.DEPLOY:
            actions += [Place(t, 1) for t in mine]
        case Phase.CARDS:
            actions += [CashSet(cards) for cards in sets_in(state.players[me].cards, state.rules)]
            if not turn.must_cash(state):
                actions.append(KeepCards())
        case Phase.PLACE:
            actions += [Place(t, n) for t in mine for n in range(1, state.to_place + 1)]
        case Phase.ATTACK:
            for source in mine:
                if state.armies[source] < state.rules.minimum_attack_armies:
                    continue
                for target in board.neighbours(source):
                    if state.owner[target] != me:
                        actions += [Attack(source, target, False), Attack(source, target, True)]
            actions.append(StopAttacking())
        case Phase.BATTLE:
            actions += [Roll(), Retreat()]
        case Phase.MOVE_IN:
            assert state.battle is not None
            actions += [MoveIn(n) for n in range(state.armies[state.battle.source])]
        case Phase.MOVE:
            for source in mine:
                for target in board.neighbours(source):
                    if state.owner[target] == me:
                        actions += [Move(source, target, n) for n in range(1, state.armies[source])]
            actions.append(EndTurn())
        case Phase.OVER:
            pass
    return actions
