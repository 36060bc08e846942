"""A normal bot's agent scouts cities beyond its convoys' sight, so that its war party learns
where its rivals' cities are (issue 28; CC-CL-TRAIN-02 agents, CC-RPT-01 city list)."""

from __future__ import annotations

import random

from conquest_tui.bots import intel
from conquest_tui.bots.extras_state import Budget, Extras
from conquest_tui.bots.levels import level_named
from conquest_tui.bots.plan import SheetPlan
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.world.knowledge import see_hex
from tests.game_helpers import first_clan, second_clan


def _agent_lines(game: Game, level: str = "normal") -> list[str]:
    """The [AGENTS] lines the first Clan's bot of that level writes this turn."""
    view = ClanView(game, first_clan(game))
    plan = SheetPlan.for_view(view)
    extras = Extras(view, level_named(level), plan, random.Random(1),
                    Budget(view.clan.stock.money))
    intel.add_intel(extras)
    return [line.split()[-1] for line in plan.written(plan.agents)]


def test_a_normal_bot_scouts_a_far_city_it_knows_nothing_of_cc_cl_train_02(game: Game) -> None:
    """Knowing no rival city nor where any rival was, one of a normal bot's two agents goes to
    a city beyond its convoys' sight (a hard bot's agents, none to watch, stay home)."""
    clan = game.clan(first_clan(game))
    clan.agents = 2
    home = ClanView(game, clan.number).owned_cities()
    scouted = _agent_lines(game)
    assert len(scouted) == 1
    assert hexgrid.nearest(scouted[0], home) >= intel.SCOUT_NEAR
    assert game.map.city_at(scouted[0]) is not None
    assert _agent_lines(game, "hard") == []


def test_the_scout_finds_a_rival_city_and_looks_elsewhere_next_cc_rpt_01(game: Game) -> None:
    """The agent the sheet sends to the rival's city brings it into the Clan's city list with
    its owner (the war party's target); knowing it, the Clan's agents watch it and none
    scouts."""
    clan = game.clan(first_clan(game))
    clan.agents = 1
    rival = second_clan(game)
    target = next(c.hex for c in game.state.cities if c.owner == rival)
    view = ClanView(game, clan.number)
    assert all(info.owner != rival for info in view.listed_cities())
    # every other far city was seen this game turn: the rival's is the one left to scout
    for site in game.map.cities:
        city = game.city(site.hex)
        if site.hex != target and city is not None and city.owner != clan.number:
            see_hex(game, clan, site.hex)
    assert _agent_lines(game) == [target]
    run_clan_turn(game, clan.number, f"[PRE]\n[AGENTS]\n{target}\n")
    after = ClanView(game, clan.number)
    assert any(info.hex == target and info.owner == rival for info in after.listed_cities())
    clan.agents = 2
    assert _agent_lines(game) == [target]
