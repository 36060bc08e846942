"""Hard bots muster for the city that asks the fewest troops for its worth, not the best city."""

from __future__ import annotations

import attrs

from conquest_tui import session
from conquest_tui.bots import expansion, levels, war
from conquest_tui.bots.brain import bot_rng
from conquest_tui.bots.expansion import Board
from conquest_tui.bots.levels import Level
from conquest_tui.bots.paths import Paths
from conquest_tui.engine.core.state import CityMemory
from conquest_tui.engine.reports.view import ClanView

STATION, OUTPOST = "0206", "0402"
"""Two neutral cities of the small map near the first Clan's start: three and six moves away."""


def _muster_for(level: Level) -> tuple[int, str | None, ClanView]:
    """The troops a convoy at home musters at `level` when the Clan remembers a Station of 65
    troops three moves away and an Outpost of 25 six moves away, and the city those troops go
    for."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="muster")
    number = game.state.active_clan
    memory = game.clan(number).city_memory
    memory[STATION] = CityMemory(hex=STATION, game_turn=1, population=21_000, fortification=2,
                                 troops=65)
    memory[OUTPOST] = CityMemory(hex=OUTPOST, game_turn=1, population=24_000, fortification=1,
                                 troops=25)
    view = ClanView(game, number)
    board = Board.of(view, level, bot_rng(view, level))
    convoy = view.convoys()[0]
    reach = Paths(view).reach(convoy.convoy_type, convoy.hex, level.search_depth)
    needed = expansion.muster(board, convoy, reach, level.musters)
    return needed, expansion.city_goal(board, convoy, reach, needed), view


def test_cc_city_30_a_hard_convoy_musters_for_the_cheaper_outpost() -> None:
    """The Station is nearer, so it scores best, but takes nearly twice the troops of the
    Outpost (a Station's defenders hit 70 % of the time, an Outpost's 60 %, CC-CITY-30): the
    hard bot grows its convoy only to what takes the Outpost at its odds (CC-CBC-02: only
    troops fight) and sends it there; a level that musters for the best city (up to 200
    troops, as the hard bot did) grows it for the Station."""
    hard = levels.level_named("hard")
    cheap, goal, view = _muster_for(hard)
    best, best_goal, _ = _muster_for(attrs.evolve(hard, musters_cheapest=False, musters=200))
    assert goal == OUTPOST and best_goal == STATION
    assert 0 < cheap <= hard.musters < best
    # the Outpost is chosen for its price, not only because the Station asks more than 100
    assert _muster_for(attrs.evolve(hard, musters=200))[:2] == (cheap, OUTPOST)
    info = view.city_info(OUTPOST)
    assert info is not None
    assert war.city_odds(view, view.convoys()[0], info, cheap, hard.unseen_garrison) \
        >= hard.attack_odds


def test_mustering_cheapest_is_the_hard_level_s_judgement_only() -> None:
    """Normal and easy bots never muster, so the field is the hard level's alone."""
    assert levels.level_named("hard").musters_cheapest
    for name in ("easy", "normal"):
        level = levels.level_named(name)
        assert not level.musters_cheapest and level.musters == 0
