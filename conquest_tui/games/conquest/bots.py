"""Bots at three levels: only moves the rules allow, chosen from their own seeded Random."""

from __future__ import annotations

import random

from attrs import frozen

from conquest_tui.games.conquest.actions import (
    Action,
    Attack,
    CashSet,
    EndTurn,
    KeepCards,
    Move,
    MoveIn,
    Place,
    Roll,
    StopAttacking,
)
from conquest_tui.games.conquest.cards import Card, sets_in
from conquest_tui.games.conquest.odds import capture_estimate
from conquest_tui.games.conquest.state import GameState, Phase

LEVELS = ("easy", "normal", "hard")


@frozen
class Style:
    """How a level plays."""

    attack_at: float
    """The least chance of taking a territory worth an attack."""
    card_attack_at: float
    """The least chance for the turn's first capture (it earns a card)."""
    careful: bool
    """Moves in only as many armies as the new border needs."""
    wanders: bool
    """Places and attacks at random among the acceptable choices; stops early."""
    hunts: bool = False
    """Goes after a player it can put out this turn (and take the cards of)."""
    hunt_margin: float = 1.3
    """How much stronger than a rival's armies its own must be to go hunting it."""
    sweep_share: float = 1.0
    """With this share of all armies, it attacks at normal's threshold to finish the game."""
    duel_attack_at: float = 1.0
    """The least chance for an attack once only two players are left."""


STYLES = {
    "easy": Style(attack_at=0.7, card_attack_at=0.7, careful=False, wanders=True),
    "normal": Style(
        attack_at=0.55,
        card_attack_at=0.45,
        careful=False,
        wanders=False,
    ),
    "hard": Style(
        attack_at=0.8,
        card_attack_at=0.5,
        careful=True,
        wanders=False,
        hunts=True,
        duel_attack_at=0.55,
        sweep_share=0.45,
    ),
}


class ConquestBot:
    """One seat's bot: `choose(state)` gives its next action when it is that seat's turn."""

    def __init__(self, level: str, seed: int | str) -> None:
        if level not in STYLES:
            raise ValueError(f"no bot level {level!r}; the levels are {', '.join(LEVELS)}")
        self.level = level
        self.style = STYLES[level]
        self.rng = random.Random(f"conquest bot {level} {seed}")

    def choose(self, state: GameState) -> Action:
        match state.phase:
            case Phase.DEPLOY:
                return Place(self._placement(state, 1), 1)
            case Phase.CARDS:
                return self._cards(state)
            case Phase.PLACE:
                count = (
                    state.to_place
                    if not self.style.wanders
                    else self.rng.randint(1, state.to_place)
                )
                return Place(self._placement(state, count), count)
            case Phase.ATTACK:
                return self._attack(state)
            case Phase.BATTLE:
                return Roll()
            case Phase.MOVE_IN:
                return MoveIn(self._move_in(state))
            case Phase.MOVE:
                return self._final_move(state)
            case Phase.OVER:
                raise ValueError("the game is over")

    # cards ---------------------------------------------------------------------------------

    def _cards(self, state: GameState) -> Action:
        me = state.current
        hand = state.players[me].cards
        must = len(hand) >= state.rules.must_cash_at
        sets = sets_in(hand, state.rules)
        if not sets or (self.style.wanders and not must):
            return KeepCards()

        def bonus(cards: tuple[Card, ...]) -> tuple[int, int]:
            held = sum(1 for c in cards if not c.wild and state.owner[c.territory] == me)
            return held, -sum(1 for c in cards if c.wild)  # keeps wild cards for later

        return CashSet(max(sets, key=bonus))

    # placing -------------------------------------------------------------------------------

    def _placement(self, state: GameState, count: int) -> str:
        me = state.current
        front = [t for t in state.territories_of(me) if _enemies(state, t)]
        if self.style.wanders:
            return self.rng.choice(front)
        if self.style.hunts:
            hunt = _hunt(state, count, self.style.hunt_margin)
            if hunt is not None:
                return hunt[0]
        best = self._best_attack(state, extra=count)
        if best is not None:
            return best[1]
        return max(front, key=lambda t: (_threat(state, t) - state.armies[t], t))

    # attacking -----------------------------------------------------------------------------

    def _attack(self, state: GameState) -> Action:
        style = self.style
        threshold = style.attack_at if state.captured_this_turn else style.card_attack_at
        if _army_share(state) >= style.sweep_share:
            threshold = min(threshold, STYLES["normal"].attack_at)
        if len(state.alive()) == 2:
            threshold = min(threshold, style.duel_attack_at)
        if style.wanders:
            choices = [
                (s, t)
                for s, t in _attacks(state)
                if capture_estimate(state.rules, state.armies[s], state.armies[t]) >= threshold
            ]
            if not choices or self.rng.random() < 0.25:
                return StopAttacking()
            source, target = self.rng.choice(choices)
            return Attack(source, target, blitz=True)
        if style.hunts:
            hunt = _hunt(state, 0, self.style.hunt_margin)
            if hunt is not None:
                return Attack(hunt[0], hunt[1], blitz=True)
        best = self._best_attack(state, extra=0, least=threshold)
        if best is None:
            return StopAttacking()
        return Attack(best[1], best[2], blitz=True)

    def _best_attack(
        self, state: GameState, extra: int, least: float = 0.0
    ) -> tuple[float, str, str] | None:
        """(chance, from, to) of the best attack with at least `least` chance of a capture, with
        `extra` armies added to the attacker."""
        best: tuple[float, str, str] | None = None
        for source, target in _attacks(state, minimum=2 - extra):
            chance = capture_estimate(
                state.rules, state.armies[source] + extra, state.armies[target]
            )
            if chance < least:
                continue
            if best is None or (chance, source, target) > best:
                best = (chance, source, target)
        return best

    def _move_in(self, state: GameState) -> int:
        battle = state.battle
        assert battle is not None
        spare = state.armies[battle.source] - 1
        source_threat = _threat(state, battle.source)
        target_threat = _threat(state, battle.target)
        if not source_threat:
            return spare
        if (
            self.style.hunts
            and _hunt(state, spare, self.style.hunt_margin, battle.target) is not None
        ):
            return spare
        if not self.style.careful:
            return spare // 2
        if not target_threat:
            return 0
        return round(spare * target_threat / (source_threat + target_threat))

    # the final move ------------------------------------------------------------------------

    def _final_move(self, state: GameState) -> Action:
        if self.style.wanders:
            return EndTurn()
        me = state.current
        inland = [
            t for t in state.territories_of(me) if state.armies[t] > 1 and not _enemies(state, t)
        ]
        if not inland:
            return EndTurn()
        source = max(inland, key=lambda t: (state.armies[t], t))
        near = [t for t in state.board.neighbours(source) if state.owner[t] == me]
        target = max(near, key=lambda t: (_threat(state, t), t))
        return Move(source, target, state.armies[source] - 1)


def _enemies(state: GameState, territory: str) -> list[str]:
    owner = state.owner[territory]
    return [t for t in state.board.neighbours(territory) if state.owner[t] != owner]


def _hunt(
    state: GameState, extra: int, margin: float, source: str | None = None
) -> tuple[str, str] | None:
    """(from, to): the first attack on the rival most worth putting out this turn, if the
    armies next to it (with `extra` more) are enough; None when no rival is in reach."""
    me = state.current
    best: tuple[float, str, str] | None = None
    for rival in state.alive():
        if rival == me:
            continue
        held = [t for t in state.board.territories if state.owner[t] == rival]
        stacks = {
            s: state.armies[s] - 1
            for t in held
            for s in state.board.neighbours(t)
            if state.owner[s] == me and (state.armies[s] > 1 or s == source)
        }
        if not stacks:
            continue
        strength = sum(stacks.values()) + extra
        needed = margin * sum(state.armies[t] for t in held) + 2 * len(held)
        if strength < needed:
            continue
        worth = (1 + len(state.players[rival].cards)) / len(held)
        for target in held:
            for near in state.board.neighbours(target):
                if near not in stacks or (source is not None and near != source):
                    continue
                chance = capture_estimate(
                    state.rules, state.armies[near] + extra, state.armies[target]
                )
                score = worth + chance
                if best is None or (score, near, target) > best:
                    best = (score, near, target)
    return None if best is None else (best[1], best[2])


def _army_share(state: GameState) -> float:
    mine = sum(state.armies[t] for t in state.territories_of(state.current))
    return mine / sum(state.armies.values())


def _threat(state: GameState, territory: str) -> int:
    """Armies of other players next to a territory."""
    return sum(state.armies[t] for t in _enemies(state, territory))


def _attacks(state: GameState, minimum: int = 2) -> list[tuple[str, str]]:
    me = state.current
    return [
        (source, target)
        for source in state.territories_of(me)
        if state.armies[source] >= minimum
        for target in _enemies(state, source)
    ]
