"""SELL of food and the unit the troops have begun to eat (issue "Seats and saves", point 5).

The stockpile counts the unit its troops have begun to eat as a whole one (AMB-60: food is eaten
in thousandths and leaves the stockpile in whole units). A Clan may sell only the units nobody
has touched (docs/rules-interpretations.md, "Selling food"); otherwise the next pulse fed its
troops from a unit already sold and ended with food nobody bought.
"""

from __future__ import annotations

import attrs
from game_helpers import convoy_of
from test_conservation import holdings, unaccounted
from war_helpers import ctx_of, kinds

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Clan
from conquest_tui.engine.play.forecast import forecast_turn
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.steps import food

SEEN = 20
"""The food the Clan's report shows: 19 untouched units and one its troops have begun."""


def bitten(game: Game) -> Clan:
    """The active Clan with 20 food, 0.3 of one unit eaten, no income of food this turn and
    only convoy #1 eating: 5 troops whose ration (99 thousandths a pulse, training 35) does not
    divide the part eaten."""
    clan = game.clan(game.state.active_clan)
    for hex_id in game.owned_hexes(clan.number):
        game.hex(hex_id).food = 0
    clan.stock.food, clan.food_eaten_milli, clan.stock.troops = SEEN, 300, 0
    convoy = convoy_of(game, clan.number)
    convoy.troops, convoy.training = 5, 35
    return clan


def test_a_clan_cannot_sell_the_unit_its_troops_have_begun_cc_cl_sell_01_amb_60(
        quiet: Game) -> None:
    """SELL 20 FOOD with 19.7 units left is refused whole, as any sale of more than the
    stockpile holds: it holds 19 units that can be sold; nothing is sold, no money comes in."""
    clan = bitten(quiet)
    money = clan.stock.money
    result = run_clan_turn(quiet, clan.number, f"[PRE]\nSELL {SEEN} FOOD\n")
    assert clan.last_turn.income.get("food", 0) == 0
    [refused] = [p for p in result.problems if p.code == EventKind.NOT_ENOUGH]
    assert (refused.line, refused.facts["have"], refused.facts["quantity"]) == (2, 19, SEEN)
    assert not kinds(result.events, EventKind.SELL)
    assert clan.stock.money == money + clan.last_turn.income.get("money", 0)


def test_selling_all_the_food_it_may_leaves_no_food_from_nothing_cc_cl_sell_01_cc_seq_08(
        quiet: Game) -> None:
    """The bug: SELL 20 sold the bitten unit too, and the first pulse fed the troops from it and
    ended with a unit of food nobody bought. Now SELL 20 is refused, SELL 19 sells every unit
    it may; the troops finish the bitten unit, then go hungry, and every unit of food the Clan
    ends with is one it had (start − sold − eaten = end, as its events say)."""
    clan = bitten(quiet)
    before = {each.number: holdings(quiet, each.number) for each in quiet.state.clans}
    result = run_clan_turn(quiet, clan.number, f"[PRE]\nSELL {SEEN} FOOD\nSELL {SEEN - 1} FOOD\n")
    mine = [event for event in clan.last_turn.events if event.phase != "between"]
    assert unaccounted(before, quiet, mine) == {}
    assert food.whole_food(clan) == 0
    [sale] = kinds(result.events, EventKind.SELL)
    assert (sale.line, sale.facts["quantity"]) == (3, SEEN - 1)
    assert kinds(result.events, EventKind.HUNGRY)  # the 0.7 left ran out in the second pulse


def test_the_forecast_refuses_the_sale_as_the_turn_does_cc_cl_sell_01(quiet: Game) -> None:
    """The sheet's forecast (what the check shows while typing) runs the same sale: it says the
    line will fail for the same reason the turn gives."""
    clan = bitten(quiet)
    sheet = f"[PRE]\nSELL {SEEN} FOOD\nSELL {SEEN - 1} FOOD\n"
    ahead = forecast_turn(quiet, clan.number, sheet)
    result = run_clan_turn(quiet, clan.number, sheet)
    assert [(f.line, f.problem.code, f.problem.facts["have"]) for f in ahead.problems] == [
        (p.line, p.code, p.facts["have"]) for p in result.problems] == [
        (2, EventKind.NOT_ENOUGH, SEEN - 1)]


def test_troops_eat_nothing_from_a_unit_already_gone_cc_seq_08_amb_44(quiet: Game) -> None:
    """A unit begun and then spent whole (a CELEBRATE takes whole units) leaves the stockpile
    empty with its bites owed: the next pulse feeds nobody and makes no food; the troops left
    unfed are the convoy's five, no more (no desertion drawn here, to count them); the bites
    stay owed by the next food to come."""
    clan = bitten(quiet)
    clan.stock.food = 0
    rules = quiet.rules
    calm = Game(attrs.evolve(rules, consumption=attrs.evolve(rules.consumption,
                                                             desertion_chance=0.0)),
                quiet.map, quiet.state)
    ctx = ctx_of(calm, 1, clan.number)
    food.run_pulse(ctx, 1)
    assert (clan.stock.food, clan.food_eaten_milli, food.whole_food(clan)) == (0, 300, 0)
    assert [(e.kind, e.facts) for e in ctx.events] == [(EventKind.HUNGRY, {"unfed": 5})]
    clan.stock.food = 3  # next turn's income: the bites are paid from it
    assert food.whole_food(clan) == 2
