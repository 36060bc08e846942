"""Hard bots weigh a city assault with the grenades a convoy carries running out (issue 28)."""

from __future__ import annotations

import attrs

from conquest_tui import session
from conquest_tui.bots import levels, write_sheet
from conquest_tui.bots.war import city_odds
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import CityMemory
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.play.judgement import judge_sheet
from conquest_tui.engine.reports.view import ClanView, ConvoyInfo

NEUTRAL = "0910"
"""A neutral city of the small map six hexes from the first Clan's start."""


def _convoy_in_a_station(grenades: int) -> tuple[Game, int]:
    """A game whose first Clan's first convoy, 85 troops and `grenades` grenades, stands in a
    neutral Station (fortification 2, the Barracks' 105 troops full): (game, Clan)."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="grenades",
                            level="hard")
    number = game.state.active_clan
    city = game.city(NEUTRAL)
    assert city is not None and city.owner == 0
    city.fortification, city.troops, city.buildings = 2, 105, ["BAR"]
    game.clan(number).city_memory[NEUTRAL] = CityMemory(
        hex=NEUTRAL, game_turn=1, population=city.population, fortification=2, troops=105,
        buildings=["BAR"])
    convoy = game.convoys_of(number)[0]
    game.move_convoy(convoy, NEUTRAL)
    convoy.vehicles = {"bus": 6}
    convoy.troops, convoy.grenades, convoy.morale, convoy.training = 85, grenades, 30, 30
    return game, number


def _odds(game: Game, number: int, counted: bool) -> float:
    """The convoy's odds of taking the Station with all its troops, as the hard bot reckons
    them with its grenades running out (`counted`) or not."""
    view = ClanView(game, number)
    convoy: ConvoyInfo = view.convoys()[0]
    info = view.city_info(NEUTRAL)
    assert info is not None
    hard = levels.level_named("hard")
    return city_odds(view, convoy, info, convoy.troops, hard.unseen_garrison, counted)


def test_cc_wpn_04_eight_grenades_do_not_make_a_station_of_105_look_sure() -> None:
    """A grenade is thrown every tenth round while the convoy has one, killing 2–8 on a hit
    and 1 on a miss (CC-WPN-04, AMB-21): eight of them kill about 25 of a Station's 105
    defenders, and 85 troops hitting half the time against the Station's 70 % cannot kill the
    rest (CC-CBC-02…10). Reckoned as if the grenades never ran out, the assault looked all but
    sure; counted, the hard bot does not like its odds, and more grenades than the fight can
    throw make them better."""
    game, number = _convoy_in_a_station(8)
    hard = levels.level_named("hard")
    assert _odds(game, number, counted=False) > 0.9 > hard.attack_odds
    eight = _odds(game, number, counted=True)
    assert eight < 0.05
    plenty, clan = _convoy_in_a_station(40)
    assert _odds(plenty, clan, counted=True) > eight


def test_cc_cbc_02_a_hard_convoy_takes_hexes_instead_of_an_assault_the_forecast_strikes_out(
) -> None:
    """The convoy's ATTACK on the Station would leave it no troops: the forecast a player sees
    says so and the judgement strikes the line out, so a convoy that wrote it stood in the
    city doing nothing, turn after turn. The hard bot writes no ATTACK there and moves on to
    take hexes."""
    game, number = _convoy_in_a_station(8)
    attack = "[CONVOY 1]\nATTACK\n"
    judgement = judge_sheet(game, number, parse_sheet(attack, game.rules, game.house),
                            notices=False)
    assert any(problem.code is ProblemCode.FORECAST_NO_TROOPS for problem in judgement.problems)
    sheet = write_sheet(ClanView(game, number), "hard")
    section = sheet.split("[CONVOY 1]")[1].split("[")[0].split()
    assert "ATTACK" not in section
    assert any(word in {"N", "NE", "SE", "S", "SW", "NW"} for word in section)


def test_counting_grenades_is_the_hard_level_s_judgement_only() -> None:
    """Normal and easy bots reckon their odds as before (their sheets are unchanged)."""
    assert levels.level_named("hard").counts_grenades
    for name in ("easy", "normal"):
        assert not levels.level_named(name).counts_grenades
    assert attrs.fields(levels.Level).counts_grenades.default is False
