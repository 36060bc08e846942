"""The attack flow: Blitz or Attack, the dice, withdrawal, capture, move-in and elimination."""

from __future__ import annotations

from conquest_tui.games.conquest.actions import Attack, MoveIn, StandingOrder, armies
from conquest_tui.games.conquest.dice import losses, roll
from conquest_tui.games.conquest.events import (
    AttackEnded,
    Captured,
    DiceRolled,
    Eliminated,
    Event,
    MovedIn,
    Withdrew,
)
from conquest_tui.games.conquest.state import Battle, GameState, Phase
from conquest_tui.games.conquest.turn import IllegalAction, finish, may_cash


def start(state: GameState, action: Attack) -> list[Event]:
    """From an own territory with two or more armies to an adjacent enemy one (W42-ATT-01/02).
    A Blitz is fought out at once; an Attack waits for Roll or Retreat (W42-ATT-03)."""
    source, target = action.source, action.target
    for territory in (source, target):
        if territory not in state.owner:
            raise IllegalAction(f"There is no territory called {territory}")
    if state.owner[source] != state.current:
        raise IllegalAction(f"{source} is not yours")
    if state.owner[target] == state.current:
        raise IllegalAction(f"{target} is yours already")
    if not state.board.adjacent(source, target):
        raise IllegalAction(f"{target} does not border {source}")
    if state.armies[source] < state.rules.minimum_attack_armies:
        raise IllegalAction(
            f"An attack needs {armies(state.rules.minimum_attack_armies)} in {source}"
        )
    state.battle = Battle(source, target, action.blitz)
    state.phase = Phase.BATTLE
    if action.blitz:
        events: list[Event] = []
        while state.phase is Phase.BATTLE:
            events += throw(state)
        return events
    return withdraw_if_ordered(state)


def withdraw_if_ordered(state: GameState) -> list[Event]:
    """The defender's standing order under an Attack: withdraw when attacked by its threshold
    or more armies (W42-ATT-03), to its named adjacent territory if still the defender's, else
    the armies are given up (W42-ATT-10); the territory falls empty and is captured."""
    battle = state.battle
    assert battle is not None
    defender = state.owner[battle.target]
    order = state.players[defender].standing.get(battle.target)
    if battle.blitz or order is None or state.armies[battle.source] < order.threshold:
        return []
    to = order.to if _withdraw_to(state, order, defender) else ""
    count = state.armies[battle.target]
    if to:
        state.armies[to] += count
    state.armies[battle.target] = 0
    return [Withdrew(state.players[defender].name, battle.target, count, to), *capture(state)]


def _withdraw_to(state: GameState, order: StandingOrder, defender: int) -> bool:
    return (
        bool(order.to)
        and state.owner.get(order.to) == defender
        and state.board.adjacent(order.territory, order.to)
    )


def throw(state: GameState) -> list[Event]:
    """One throw of the dice (W42-ATT-04..06) and its end if it ends (W42-ATT-07)."""
    battle = state.battle
    assert battle is not None
    rules = state.rules
    attacking = roll(
        state.rng, rules.dice_for_attacker(state.armies[battle.source]), rules.dice_sides
    )
    defending = roll(
        state.rng, rules.dice_for_defender(state.armies[battle.target]), rules.dice_sides
    )
    lost_a, lost_d = losses(attacking, defending)
    state.armies[battle.source] -= lost_a
    state.armies[battle.target] -= lost_d
    events: list[Event] = [
        DiceRolled(battle.source, battle.target, attacking, defending, lost_a, lost_d)
    ]
    if state.armies[battle.target] == 0:
        return events + capture(state)
    if state.armies[battle.source] < rules.minimum_attack_armies:
        state.battle = None
        state.phase = Phase.ATTACK
        return [*events, AttackEnded(battle.source, battle.target, retreated=False)]
    return events + withdraw_if_ordered(state)


def retreat(state: GameState) -> list[Event]:
    """The attacker calls off an Attack (W42-ATT-07c)."""
    battle = state.battle
    assert battle is not None
    state.battle = None
    state.phase = Phase.ATTACK
    return [AttackEnded(battle.source, battle.target, retreated=True)]


def capture(state: GameState) -> list[Event]:
    """One attacking army moves in (W42-ATT-08); a defender left with nothing is out and its
    cards go to the captor (W42-END-01, W42-CARD-07); all 42 held ends the game (W42-END-02)."""
    battle = state.battle
    assert battle is not None
    attacker = state.current
    defender = state.owner[battle.target]
    state.owner[battle.target] = attacker
    state.armies[battle.source] -= 1
    state.armies[battle.target] = 1
    state.captured_this_turn = True
    name = state.players[attacker].name
    events: list[Event] = [Captured(name, battle.target, battle.source, 1)]
    if defender not in state.owner.values():
        loser = state.players[defender]
        loser.alive = False
        taken = len(loser.cards)
        state.players[attacker].cards.extend(loser.cards)
        loser.cards = []
        state.eliminated.append((defender, attacker, state.round))
        events.append(Eliminated(loser.name, name, taken))
        state.cashed_this_phase = False
        state.took_cards = True
    if len(state.alive()) == 1:
        return events + finish(state, by_turn_limit=False)
    if state.armies[battle.source] > 1:
        state.phase = Phase.MOVE_IN
    else:
        after_capture(state)
    return events


def move_in(state: GameState, action: MoveIn) -> list[Event]:
    """More armies from the attacking territory; one stays behind (W42-ATT-08)."""
    battle = state.battle
    assert battle is not None
    if not 0 <= action.count <= state.armies[battle.source] - 1:
        raise IllegalAction(f"At least one army must stay in {battle.source}")
    state.armies[battle.source] -= action.count
    state.armies[battle.target] += action.count
    after_capture(state)
    if not action.count:
        return []
    name = state.players[state.current].name
    return [MovedIn(name, battle.source, battle.target, action.count)]


def after_capture(state: GameState) -> None:
    """Back to the attacks, or first to the cards taken from a player just put out (W42-CARD-07)."""
    state.battle = None
    state.to_place = 0
    took, state.took_cards = state.took_cards, False
    state.phase = Phase.CARDS if took and may_cash(state) else Phase.ATTACK
