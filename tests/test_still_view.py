"""A bot's view of a game standing still answers as the Clan's view, reading once (issue 26)."""

from __future__ import annotations

from conquest_tui.bots.still_view import StillView
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Sighting
from conquest_tui.engine.reports.view import ClanView
from tests.game_helpers import first_clan


def test_the_still_view_answers_as_the_clans_view(game: Game) -> None:
    clan = first_clan(game)
    seen = game.state.convoys[-1].hex
    game.clan(clan).sightings += [Sighting(hex=seen, game_turn=1, owner=2),
                                  Sighting(hex="0101", game_turn=1)]
    still, view = StillView(game, clan), ClanView(game, clan)
    assert still.convoys() == view.convoys()
    for site in game.map.cities:
        assert still.city_info(site.hex) == view.city_info(site.hex)
    assert still.city_info("0101") == view.city_info("0101")  # no city there
    assert still.listed_cities() == view.listed_cities()
    assert still.owned_cities() == view.owned_cities()
    assert still.income_estimate() == view.income_estimate()
    assert still.met_clans() == view.met_clans()
    assert still.standing() == view.standing()
    assert still.last_turn() == view.last_turn()
    for hex_id in game.map.hex_ids():
        assert still.sightings_in(hex_id) == view.sightings_in(hex_id)
    assert still.sightings_in(seen) and still.sightings_in(seen) is not still.sightings_in(seen)


def test_each_caller_gets_a_list_of_its_own_read_once(game: Game) -> None:
    clan = first_clan(game)
    still = StillView(game, clan)
    first = still.convoys()
    first.clear()
    assert still.convoys() and still.convoys() is not still.convoys()
    still.income_estimate()["money"] = -1
    still.owned_cities().clear()
    still.listed_cities().clear()
    assert still.income_estimate() == ClanView(game, clan).income_estimate()
    assert still.owned_cities() and still.listed_cities()
    game.convoys_of(clan)[0].troops += 5  # a game that moves on needs a new view
    assert still.convoys()[0].troops + 5 == ClanView(game, clan).convoys()[0].troops
