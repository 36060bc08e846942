"""A bot's odds of taking a city only fall as an unarmed convoy's troops fall (issue 26)."""

from __future__ import annotations

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conquest_tui.bots.war import city_odds
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.reports.view import ClanView
from tests.game_helpers import first_clan


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # the game is only read
@given(fort=st.integers(1, 6), garrison=st.integers(0, 400), claymores=st.integers(0, 5),
       grenades=st.integers(0, 3), morale=st.integers(0, 10), training=st.integers(0, 10),
       fewer=st.integers(0, 300), more=st.integers(0, 300), unseen=st.floats(0.0, 1.0),
       counted=st.booleans())
def test_cc_cbc_02_an_unarmed_convoy_never_likes_its_odds_better_with_fewer_troops(
        game: Game, fort: int, garrison: int, claymores: int, grenades: int, morale: int,
        training: int, fewer: int, more: int, unseen: float, counted: bool) -> None:
    """A convoy without rifles fights a city with the same to-hit whatever its troops
    (CC-CBC-02…10), so the bot's odds of taking it never rise as troops are lost on the way:
    the bot may pass over a city it cannot take with all its troops before reckoning the
    losses on its path, whether its grenades are counted as running out (the hard bot) or
    not."""
    view = ClanView(game, first_clan(game))
    convoy = attrs.evolve(view.convoys()[0], rifles=(0, 0), grenades=(grenades, 9),
                          morale=morale, training=training)
    city = next(info for info in (view.city_info(site.hex) for site in game.map.cities)
                if info is not None)
    city = attrs.evolve(city, fortification=fort, troops=garrison, claymores=claymores,
                        live=True, seen_turn=1)
    low, high = sorted((fewer, more))
    assert city_odds(view, convoy, city, low, unseen, counted) <= city_odds(
        view, convoy, city, high, unseen, counted)
