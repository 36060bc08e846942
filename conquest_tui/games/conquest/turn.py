"""A turn around the attacks: deployment, new armies, cashing cards, placing, the final move."""

from __future__ import annotations

from conquest_tui.games.conquest.actions import CashSet, Move, Place, armies
from conquest_tui.games.conquest.cards import holds, is_set, sets_in
from conquest_tui.games.conquest.events import (
    Allotted,
    CardBonus,
    CardDrawn,
    Event,
    GameOver,
    Moved,
    Placed,
    SetCashed,
    TurnBegan,
)
from conquest_tui.games.conquest.state import GameState, Phase


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why in the player's words."""


def allotment(state: GameState, player: int) -> tuple[int, list[str], int]:
    """(armies for territories, continents held, the total with the minimum of three)."""
    rules = state.rules
    base = len(state.territories_of(player)) // rules.territories_per_army
    held = state.continents_of(player)
    bonus = sum(c.bonus for c in state.board.continents if c.name in held)
    return base, held, max(rules.minimum_allotment, base + bonus)


def deploy(state: GameState, action: Place) -> list[Event]:
    """One army of the initial allotment, then the next player with armies left (W42-SET-04)."""
    player = state.current
    if action.count != 1:
        raise IllegalAction("The initial deployment places one army at a time")
    _own(state, action.territory)
    state.armies[action.territory] += 1
    state.deploy_left[player] -= 1
    events: list[Event] = [Placed(state.players[player].name, action.territory, 1)]
    count = len(state.players)
    for step in range(1, count + 1):
        following = (player + step) % count
        if state.deploy_left[following] > 0:
            state.current = following
            return events
    state.current = 0
    return events + begin_turn(state)


def begin_turn(state: GameState) -> list[Event]:
    """New armies for the player whose turn it is (W42-ARM-01..03), then cards or placing."""
    player = state.current
    name = state.players[player].name
    base, held, total = allotment(state, player)
    for continent in held:
        state.continent_turns[continent][player] += 1
    state.to_place = total
    state.captured_this_turn = False
    state.cashed_this_phase = False
    state.battle = None
    events: list[Event] = [TurnBegan(name, state.round), Allotted(name, base, tuple(held), total)]
    state.phase = Phase.CARDS if may_cash(state) else Phase.PLACE
    return events


def may_cash(state: GameState) -> bool:
    """Whether the player may cash a set now: enough cards, a set among them, and either
    no set cashed yet in this phase or five or more cards still held (W42-CARD-04)."""
    hand = state.players[state.current].cards
    if len(hand) < state.rules.may_cash_at or not sets_in(hand, state.rules):
        return False
    return not state.cashed_this_phase or must_cash(state)


def must_cash(state: GameState) -> bool:
    return len(state.players[state.current].cards) >= state.rules.must_cash_at


def cash(state: GameState, action: CashSet) -> list[Event]:
    """Armies for a set by the game's count of sets so far (W42-CARD-05), +2 on each held
    territory whose card is in it (W42-CARD-06); the cards go to the discard pile."""
    player = state.players[state.current]
    cards = tuple(sorted(action.cards))
    if not holds(player.cards, cards):
        raise IllegalAction("Those cards are not in your hand")
    if not is_set(cards, state.rules):
        raise IllegalAction(
            "Those cards are no set: three of a kind, one of each number, or a wild card with two"
        )
    worth = state.rules.set_value(state.sets_cashed)
    state.sets_cashed += 1
    player.sets_cashed += 1
    for card in cards:
        player.cards.remove(card)
    state.discard.extend(cards)
    state.to_place += worth
    state.cashed_this_phase = True
    events: list[Event] = [SetCashed(player.name, cards, worth)]
    for card in cards:
        if not card.wild and state.owner[card.territory] == state.current:
            bonus = state.rules.held_territory_bonus
            state.armies[card.territory] += bonus
            events.append(CardBonus(player.name, card.territory, bonus))
    if not may_cash(state):
        after_cards(state)
    return events


def after_cards(state: GameState) -> None:
    state.cashed_this_phase = False
    state.phase = Phase.PLACE if state.to_place > 0 else Phase.ATTACK


def place(state: GameState, action: Place) -> list[Event]:
    """New armies onto own territories, all before the attacks (W42-ARM-05)."""
    _own(state, action.territory)
    if not 1 <= action.count <= state.to_place:
        raise IllegalAction(f"You have {armies(state.to_place)} to place")
    state.armies[action.territory] += action.count
    state.to_place -= action.count
    if state.to_place == 0:
        state.phase = Phase.ATTACK
    return [Placed(state.players[state.current].name, action.territory, action.count)]


def move(state: GameState, action: Move) -> list[Event]:
    """The one final troop movement to an adjacent own territory (W42-MOV-01); the turn ends."""
    _own(state, action.source)
    _own(state, action.target)
    if not state.board.adjacent(action.source, action.target):
        raise IllegalAction(f"{action.target} does not border {action.source}")
    if not 1 <= action.count <= state.armies[action.source] - 1:
        raise IllegalAction(f"At least one army must stay in {action.source}")
    state.armies[action.source] -= action.count
    state.armies[action.target] += action.count
    name = state.players[state.current].name
    return [Moved(name, action.source, action.target, action.count), *end_turn(state)]


def end_turn(state: GameState) -> list[Event]:
    """A card for a turn with a capture (W42-CARD-01), then the next living player's turn, or
    the end at the turn limit (W42-END-03)."""
    events: list[Event] = []
    if state.captured_this_turn and draw(state):
        events.append(CardDrawn(state.players[state.current].name))
    count = len(state.players)
    following = state.current
    for step in range(1, count + 1):
        following = (state.current + step) % count
        if state.players[following].alive:
            break
    if following <= state.current:
        state.round += 1
    state.current = following
    if state.round > state.rules.turn_limit:
        return events + finish(state, by_turn_limit=True)
    return events + begin_turn(state)


def draw(state: GameState) -> bool:
    """The top card to the player; an empty deck is the cashed cards shuffled (W42-CARD-08)."""
    if not state.deck:
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
    if not state.deck:
        return False
    state.players[state.current].cards.append(state.deck.pop())
    return True


def standings(state: GameState) -> list[int]:
    """Players best first: most territories, then most armies, then the earlier seat."""

    def key(player: int) -> tuple[int, int, int]:
        held = state.territories_of(player)
        return (-len(held), -sum(state.armies[t] for t in held), player)

    return sorted(range(len(state.players)), key=key)


def finish(state: GameState, by_turn_limit: bool) -> list[Event]:
    winner = standings(state)[0]
    state.winner = winner
    state.phase = Phase.OVER
    state.battle = None
    return [GameOver(state.players[winner].name, by_turn_limit)]


def _own(state: GameState, territory: str) -> None:
    if territory not in state.owner:
        raise IllegalAction(f"There is no territory called {territory}")
    if state.owner[territory] != state.current:
        raise IllegalAction(f"{territory} is not yours")
