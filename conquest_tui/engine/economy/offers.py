"""Special buying opportunities: one item offered cheap for a game turn, by radio (CC-RES-16)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.rng import rng_for
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.rules.ruleset_tables import round_by


@attrs.frozen
class Offer:
    """BUY of `item` costs `price` a unit instead of the market's `usual` during `game_turn`."""

    item: str
    price: int
    usual: int
    game_turn: int


def offer_for(game: Game, game_turn: int) -> Offer | None:
    """The offer of a game turn, or None: rolled from its own generator for the end of the game
    turn before (so no other draw changes), at the prices that game turn keeps throughout."""
    if game_turn <= 1:
        return None
    market = game.rules.market_rules
    rng = rng_for(game.state.seed, "gameturn", game_turn - 1, "offer")
    if rng.random() >= market.offer_chance:
        return None
    item = rng.choice(market.offer_items)
    usual = game.state.prices[item]
    price = max(1, min(usual, round_by("nearest", usual * market.offer_price.roll(rng))))
    return Offer(item=item, price=price, usual=usual, game_turn=game_turn)


def buy_price(game: Game, item: str) -> tuple[int, Offer | None]:
    """What BUY pays a unit of a market item now, and the offer when that is the price."""
    offer = offer_for(game, game.state.game_turn)
    if offer is not None and offer.item == item:
        return offer.price, offer
    return game.state.prices[item], None


def announce(game: Game) -> None:
    """After a game turn's end: the moderator's radio announcement of the new game turn's
    offer, into every Clan's inbox (read before its next sheet)."""
    offer = offer_for(game, game.state.game_turn)
    if offer is None:
        return
    for clan in game.state.clans:
        clan.inbox.append(Event(
            clan=clan.number, phase=TurnPhase.BETWEEN, kind=EventKind.RADIO, rule="CC-RES-16",
            game_turn=offer.game_turn - 1,
            facts={"heard": EventKind.OFFER.value, "listener": "", "hex": "",
                   "turn": offer.game_turn - 1, "clans": (), "item": offer.item,
                   "price": offer.price, "usual": offer.usual, "for_turn": offer.game_turn}))
