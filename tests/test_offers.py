"""Special buying opportunities announced on the radio for the next game turn (CC-RES-16)."""

from __future__ import annotations

import attrs
import pytest

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.economy import offers
from conquest_tui.engine.paper.paper_news import radio_lines
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.checks import InvalidValue
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.rules.ruleset_values import FloatRange
from conquest_tui.engine.sentences.event_text import event_text

SEED = "offer-11"
"""A seed whose game turn 1 ends with an offer (20% chance) and game turn 2 without one."""


def _game(rules: Ruleset, small_map: GameMap, seed: str = SEED, **market: object) -> Game:
    calm = attrs.evolve(rules, event_chance_per_turn=0.0,
                        market_rules=attrs.evolve(rules.market_rules, **market))
    setup = GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs")), seed=seed)
    return new_game(calm, small_map, setup)


def _end_game_turn(game: Game) -> None:
    turn = game.state.game_turn
    while game.state.game_turn == turn:
        run_clan_turn(game, game.state.active_clan, "")


def _bought(game: Game, clan: int) -> dict[str, object]:
    return next(e.facts for e in game.clan(clan).last_turn.events if e.kind == EventKind.BUY)


def test_radio_offer_then_buy_at_the_offered_price_for_one_game_turn_cc_res_16(
        rules: Ruleset, small_map: GameMap) -> None:
    """Every Clan hears the moderator's offer; BUY of that item costs the offered price during
    the next game turn only, and the report says so."""
    game = _game(rules, small_map)
    assert offers.offer_for(game, 1) is None
    _end_game_turn(game)
    offer = offers.offer_for(game, 2)
    assert offer is not None and offer.price < offer.usual == game.state.prices[offer.item]
    for clan in game.state.clans:
        heard = [e for e in clan.inbox if e.kind == EventKind.RADIO]
        assert [e.facts["heard"] for e in heard] == ["offer"]
        assert heard[0].facts["price"] == offer.price
        said = event_text(heard[0])
        assert "special buying opportunity for game turn 2" in said
        assert f"${offer.price:,}" in said and "_" not in said
    buyer = game.state.active_clan
    had = getattr(game.clan(buyer).stock, offer.item)
    result = run_clan_turn(game, buyer, f"[PRE]\nBUY 3 {offer.item}\n")
    facts = _bought(game, buyer)
    assert facts["why"] == "offer" and facts["cost"] == 3 * offer.price
    assert getattr(game.clan(buyer).stock, offer.item) >= had + 3
    assert any("special price" in event_text(e) for e in result.events)
    assert any("the moderator" in line for line in radio_lines(result.events))
    _end_game_turn(game)
    assert offers.offer_for(game, 3) is None
    buyer = game.state.active_clan
    run_clan_turn(game, buyer, f"[PRE]\nBUY 3 {offer.item}\n")
    facts = _bought(game, buyer)
    assert facts["why"] == "items" and facts["price"] == game.state.prices[offer.item]


def test_offer_roll_changes_no_other_draw_cc_res_16(rules: Ruleset, small_map: GameMap) -> None:
    """The offer's own generator: with or without offers, prices and cities end alike."""
    never = _game(rules, small_map, offer_chance=0.0)
    always = _game(rules, small_map, offer_chance=1.0)
    for game in (never, always):
        _end_game_turn(game)
    assert never.state.prices == always.state.prices
    assert [c.population for c in never.state.cities] == \
        [c.population for c in always.state.cities]
    assert offers.offer_for(never, 2) is None and offers.offer_for(always, 2) is not None


def test_offer_never_cheaper_than_selling_pays_cc_res_16(rules: Ruleset) -> None:
    """Buying at the offer to sell again at once never pays (AMB-45 sells at 50%)."""
    with pytest.raises(InvalidValue):
        attrs.evolve(rules.market_rules, offer_price=FloatRange(0.4, 0.8))
    with pytest.raises(InvalidValue):
        attrs.evolve(rules.market_rules, offer_items=("troops",))
