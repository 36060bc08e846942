"""Odds a player can plan with (issue 27): any hex on the route, this turn's purchases and
ENLIST counted, a city's invasion next to it, a hex attack worked out exactly (AMB-42)."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest
from game_helpers import convoy_of, first_clan, second_clan

from conquest_tui.engine.combat import odds
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.play.forecast import forecast_turn
from conquest_tui.engine.play.planned import planned_estimates
from conquest_tui.engine.sentences import odds_text

START = "0308"
"""The first Clan's home city, where its convoy #1 stands."""
ON_THE_WAY = "0307"
TWO_AWAY = "0306"
"""Two moves north of START: N, N."""


@pytest.fixture
def own(game: Game) -> Convoy:
    convoy = convoy_of(game, first_clan(game))
    assert convoy.hex == START
    convoy.vehicles, convoy.troops = {"truck": 2}, 25
    game.clan(convoy.owner).stock.troops = 0  # nothing to pick up at home but what is enlisted
    game.hex(ON_THE_WAY).set_owner(first_clan(game))  # no attack on the way
    return convoy


def guarded(game: Game, hex_id: str, level: int, guards: int) -> None:
    state = game.hex(hex_id)
    state.owner, state.defense, state.garrison = second_clan(game), level, guards
    game.clan(first_clan(game)).last_turn.visited_hexes.append(hex_id)


def test_the_rulebook_example_two_hexes_down_the_route_is_exact_cc_cbh_05(
        game: Game, own: Convoy) -> None:
    """CC-CBH-05, AMB-42: 25 troops reaching a level-5 plains hex with 5 guards two moves on
    take it 81.1% of the time (exactly 1,379 rolls in 1,701); all 25 die in under 1 in 50."""
    guarded(game, TWO_AWAY, 5, 5)
    [estimate] = planned_estimates(game, own.owner, "[CONVOY 1]\nN\nN\n", own.number, TWO_AWAY)
    assert estimate.fight == odds.HEX_ATTACK and estimate.exact and estimate.troops == 25
    assert Fraction(estimate.win).limit_denominator(2000) == Fraction(1379, 1701)
    assert estimate.wiped_out <= 0.02
    rows = dict(odds_text.rows(estimate, game.rules))
    assert rows["Chance"] == "about 81% to win"
    assert rows["All killed"].startswith("every one of your 25 troops dies in 1 fight in")
    assert "after pulse 1, before it enters hex 0306" in rows["Assumed"]


def test_enlisted_troops_count_on_the_route_cc_cl_enlist_01_cc_res_14(
        game: Game, own: Convoy) -> None:
    """Troops ENLISTed before the pulses and picked up in the home city go into the fight two
    hexes away: the odds count the troops the forecast has the convoy take there."""
    guarded(game, TWO_AWAY, 5, 5)
    sheet = "[PRE]\nENLIST 10\n[CONVOY 1]\nN\nN\n"
    [estimate] = planned_estimates(game, own.owner, sheet, own.number, TWO_AWAY)
    forecast = forecast_turn(game, own.owner, sheet)
    [convoy] = [c for c in forecast.convoys if c.number == own.number]
    assert estimate.troops == convoy.pulses[0].troops > 25
    assert estimate.win > 1379 / 1701


def test_next_to_a_city_the_odds_are_of_invading_it_cc_cbc_02(game: Game, own: Convoy) -> None:
    """A city next to the convoy's route: the odds are those of invading it, not only of
    taking its hex."""
    city = next(c for c in game.state.cities if c.owner == 0)
    game.move_convoy(own, next(h for _, h in hexgrid.neighbors(city.hex)
                                if not game.map.is_water(h)))
    game.hex(own.hex).set_owner(own.owner)
    game.hex(city.hex).set_owner(own.owner)
    direction = hexgrid.direction_between(own.hex, city.hex)
    found = planned_estimates(game, own.owner, f"[CONVOY 1]\n{direction}\n", own.number,
                              city.hex)
    assert [e.fight for e in found] == [odds.CITY_INVASION]
    assert found[0].troops == 25


def test_a_hex_off_the_route_takes_the_convoy_as_its_moves_leave_it(
        game: Game, own: Convoy) -> None:
    """A hex the sheet never enters: the convoy as it stands after its last move."""
    guarded(game, TWO_AWAY, 5, 5)
    [estimate] = planned_estimates(game, own.owner, "[CONVOY 1]\nN\n", own.number, TWO_AWAY)
    assert estimate.troops == 25
    assert "is not on its route" in dict(odds_text.rows(estimate, game.rules))["Assumed"]


@pytest.mark.parametrize("chance", [0.0, 0.5, 0.9])
def test_runs_go_on_until_the_share_is_within_half_a_point(chance: float) -> None:
    """Without a number of runs, a fight is run until the 95 % interval around its win share
    lies within half a point: a sure thing stops at 1,000 runs, a coin toss near 40,000."""
    rng = Random(f"coin:{chance}")
    made = odds._enough(lambda: odds._Run(rng.random() < chance, True, 0, 0), None)
    share = sum(run.won for run in made) / len(made)
    assert abs(share - chance) <= 0.005
    if chance == 0.0:
        assert len(made) == 1_000
    elif chance == 0.5:
        assert 38_000 <= len(made) <= 40_000
    else:
        assert 10_000 < len(made) < 20_000
