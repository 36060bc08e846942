"""Hard bots refill their convoys in any city open to them, not only in their own, and take
the hexes that cost fewest troops first."""

from __future__ import annotations

import attrs
import pytest

from conquest_tui import session
from conquest_tui.bots import levels, write_sheet
from conquest_tui.bots.brain import bot_rng
from conquest_tui.bots.expansion import Board
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityMemory
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from tests.bot_helpers import low_convoy_in_own_hex

NEUTRAL = "0910"
"""A neutral city of the small map six hexes from the first Clan's start."""


def _low_convoy_beside_a_neutral_city(level: str) -> tuple[Game, int, str, str]:
    """A rich Clan whose first convoy, 3 buses and 2 troops, stands in an own hex beside a
    neutral city, five or more hexes from its own city; (game, clan, the sheet the level
    writes, its own city)."""
    def beside(game: Game, home: str) -> str:
        found = min((h for _, h in game.map.neighbors(NEUTRAL) if game.map.is_land(h)
                     and game.city(h) is None), key=lambda h: (-hexgrid.distance(h, home), h))
        assert hexgrid.distance(found, home) >= 5
        return found

    game, number, home = low_convoy_in_own_hex(beside)
    return game, number, write_sheet(ClanView(game, number), level), home


def test_cc_city_05_a_hard_convoy_refills_in_the_neutral_city_beside_it() -> None:
    """A Friendly city serves any Clan's troop pickup (CC-CITY-04/05, CC-RES-14): the hard
    convoy low on troops steps into the neutral city beside it, picks up the troops enlisted
    before the first pulse there, and takes hexes with the moves it has left. A normal one
    heads for its own city, five hexes off, and takes nothing on the way."""
    game, number, sheet, _home = _low_convoy_beside_a_neutral_city("hard")
    assert "ENLIST" in sheet.split("[CONVOY")[0], sheet
    result = run_clan_turn(game, number, sheet)
    mine = [e for e in result.events if e.convoy == 1]
    kinds = [e.kind for e in mine]
    pickup = kinds.index(EventKind.PICKUP)
    assert mine[pickup].facts["hex"] == NEUTRAL
    assert kinds[pickup:].count(EventKind.HEX_CAPTURED) >= 2
    game, number, sheet, home = _low_convoy_beside_a_neutral_city("normal")
    before = hexgrid.distance(game.convoys_of(number)[0].hex, home)
    result = run_clan_turn(game, number, sheet)
    assert EventKind.HEX_CAPTURED not in [e.kind for e in result.events if e.convoy == 1]
    assert hexgrid.distance(game.convoys_of(number)[0].hex, home) < before


def test_cc_city_06_a_city_hostile_or_held_by_a_rival_is_no_place_to_refill() -> None:
    """The cities a hard bot refills in are its own, its allies' and the neutral ones that
    would serve it: not a city it attacked and failed to take (Hostile, CC-CITY-06) nor one a
    rival holds. Normal and easy bots refill only in their own and their allies' cities."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="refill")
    number = game.state.active_clan
    rival = next(clan.number for clan in game.state.clans if clan.number != number)
    hostile = game.city("0402")
    held = game.city("0803")
    assert hostile is not None and held is not None
    hostile.hostile_to.append(number)
    held.owner = rival
    game.clan(number).city_memory["0803"] = CityMemory(hex="0803", game_turn=1, owner=rival)
    view = ClanView(game, number)
    hard = levels.level_named("hard")
    board = Board.of(view, hard, bot_rng(view, hard))
    assert hard.refills_in_any_city
    assert NEUTRAL in board.refills
    assert "0402" not in board.refills and "0803" not in board.refills
    assert set(view.owned_cities()) <= board.refills
    for name in ("easy", "normal"):
        level = levels.level_named(name)
        assert not level.refills_in_any_city
        assert Board.of(view, level, bot_rng(view, level)).refills == set(view.owned_cities())


def test_cc_cbh_02_a_hard_convoy_values_a_plain_over_a_mountain_by_the_troops_it_costs() -> None:
    """An unseen hex is priced from its terrain and river (CC-CBH-02, AMB-38): a mountain on a
    river asks more troops than a plain, so the hard bot scores the plain higher by as much
    (its convoys step into the best-scored hex beside them). Without the judgement the two are
    worth the same (a hex is one popularity point)."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="thrift")
    number = game.state.active_clan
    view = ClanView(game, number)
    hard = levels.level_named("hard")
    assert hard.thrifty_hexes
    plain, mountain = "0306", "1005"  # unseen plains; unseen mountains on a river
    for level, thrifty in ((hard, True), (attrs.evolve(hard, thrifty_hexes=False), False)):
        board = Board.of(view, level, bot_rng(view, level))
        assert board.hex_info(plain).terrain == "Plains"
        assert board.hex_info(mountain).terrain == "Mountains" and board.hex_info(mountain).river
        cheap, dear = board.hex_price(plain)[1], board.hex_price(mountain)[1]
        assert cheap < dear
        ratio = board.hex_score(plain) / board.hex_score(mountain)
        assert ratio == pytest.approx(dear / cheap if thrifty else 1.0)
