"""A Clan's price list (issue 27): the prices its orders pay now, from the rules and the same
functions the orders pay by, and `conquest prices` printing them behind the seat's PIN.

Checklist: CC-RES-03/04/05 (market and fixed prices), CC-RES-16 (the radio's offer), CC-CNV-68
(CREATE's price by convoy number), CC-CL-TRAIN-01 (agents double), CC-CL-FORTIFY-01 (a city's
next level), CC-CL-ESPIONAGE-01 (points × popularity), CC-CL-BUYV-03 (vehicle prices).
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from conquest_tui.cli import main
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.economy import offers
from conquest_tui.engine.economy.price_list import price_list
from conquest_tui.engine.paper import price_text
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import Ruleset
from tests.game_helpers import first_clan


def test_every_price_is_the_one_the_orders_pay(game: Game) -> None:
    """Market items at this game turn's price, every vehicle at its own, the next convoy at
    the creation table's price, the next agent doubling, each own city's next level."""
    clan = first_clan(game)
    game.state.prices["food"] = 123
    game.clan(clan).agents = 2
    prices = price_list(game, clan)
    rules = game.rules
    food = prices.find("food")
    assert food is not None and food.price == 123 and food.why == "market"
    assert {p.key: p.price for p in prices.group("vehicles")} == {
        key: vehicle.cost for key, vehicle in rules.vehicles.items()}
    create = prices.find("create")
    assert create is not None
    assert create.price == rules.creation_cost(len(game.convoys_of(clan)) + 1)
    agent = prices.find("agent")
    assert agent is not None and agent.price == rules.agent_cost(3) == 2 * rules.agent_cost(2)
    owned = [city for city in game.state.cities if city.owner == clan]
    fortify = prices.group("cities")
    assert [p.key for p in fortify] == sorted(city.hex for city in owned)
    assert fortify[0].price == rules.fortification(owned[0].fortification).cost_to_raise
    assert {p.key: p.price for p in prices.group("experts")} == {
        code: expert.cost for code, expert in rules.experts.items()}
    espionage = {p.key: p.price for p in prices.group("espionage") if p.why == "popularity"}
    assert espionage == dict(rules.espionage)


def test_the_radio_offer_is_the_price_while_it_lasts_cc_res_16(rules: Ruleset,
                                                                  small_map: GameMap) -> None:
    """A game turn with an offer: its item costs the offer's price, said as the radio's."""
    calm = attrs.evolve(rules, event_chance_per_turn=0.0,
                        market_rules=attrs.evolve(rules.market_rules, offer_chance=1.0))
    setup = GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs")), seed="offer")
    game = new_game(calm, small_map, setup)
    while game.state.game_turn == 1:
        run_clan_turn(game, game.state.active_clan, "")
    offer = offers.offer_for(game, game.state.game_turn)
    assert offer is not None
    price = price_list(game, game.state.active_clan).find(offer.item)
    assert price is not None and (price.price, price.why) == (offer.price, "offer")
    assert f"(the market's price: ${offer.usual:,})" in price_text.why_cell(price)


def _clan(save: Path) -> int:
    from conquest_tui.session import Session

    return Session.open(save).active_clan


def test_conquest_prices_lists_everything_within_80_columns(
        save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`conquest prices`: a heading with the money, every group, vehicles included, no line
    wider than 80 columns, no rule ids or program words."""
    clan = _clan(save)
    capsys.readouterr()
    assert main(["prices", "--save", str(save), "--clan", str(clan)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Prices for Clan {clan}, game turn 1: you have $25,000.")
    for words in ("Vehicles (BUY", "Truck", "$40,000 each", "Experts (HIRE)", "Engineer",
                  "City buildings (ERECT)", "Custom structures (BUILD)", "Convoys (CREATE",
                  "Your cities (FORTIFY)", "Espionage (ESPIONAGE)", "150 × popularity",
                  "$20 a unit"):
        assert words in out, words
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "CC-" not in out and "_" not in out and "None" not in out


def test_conquest_prices_json_gives_each_price_its_words(
        save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clan = _clan(save)
    capsys.readouterr()
    assert main(["prices", "--save", str(save), "--clan", str(clan), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    bikes = next(p for p in data["prices"] if p["key"] == "bike")
    assert bikes["price"] == 2_500 and bikes["facts"]["word"] == "BIKES"
    assert bikes["text"] == ["Bike", "$2,500 each", "fixed; land convoys only"]
