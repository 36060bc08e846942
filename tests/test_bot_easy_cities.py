"""An easy bot heads for a neutral city within its sight that its convoy can take (issue 28:
games of easy bots on Oceania, where land runs out early, end by victory)."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.bots import write_sheet
from conquest_tui.engine.reports.view import ClanView


def _easy_convoy_sheet(troops: int) -> str:
    """The easy sheet of a Clan on its first game turn, its convoy holding `troops`."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="easy-cities",
                            level=["easy", "easy"])
    clan = game.state.clan_order[1]
    game.convoys_of(clan)[0].troops = troops
    game.reindex()
    return write_sheet(ClanView(game, clan), "easy")


def test_cc_co_attack_01_an_easy_convoy_strong_enough_marches_on_a_near_city() -> None:
    """With troops enough to take the neutral city three moves away at the easy level's odds,
    the convoy goes there and ATTACKs it (before, an easy bot only ever took land)."""
    section = _easy_convoy_sheet(400).split("[CONVOY 1]")[1].split("[POST]")[0].split()
    assert section == ["N", "N", "SW", "ATTACK"]


def test_an_easy_convoy_too_weak_for_any_city_keeps_taking_land() -> None:
    """A convoy the city would beat attacks no city: it takes the land around it."""
    section = _easy_convoy_sheet(30).split("[CONVOY 1]")[1].split("[POST]")[0].split()
    assert section and "ATTACK" not in section
