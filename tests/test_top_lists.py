"""The extra Top Clans lists: most cities, hexes, income and power from game turn 5 (CC-RPT-09)."""

from __future__ import annotations

import json

import pytest

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.economy.gameturn import end_game_turn
from conquest_tui.engine.paper.paper_report import render_paper
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.reports.report import Report, build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.storage.savefile import SaveError, game_from_text, game_to_text

TITLES = ("MOST CITIES", "MOST HEXES", "HIGHEST INCOME", "MOST POWER")


def _strong_second(game: Game) -> tuple[int, int]:
    """The second Clan gets a second city, three more hexes, 2 trucks and a car, and $21,000."""
    first, second = (clan.number for clan in game.state.clans)
    next(city for city in game.state.cities if not city.owner).owner = second
    for hex_state in [h for h in game.state.hexes if not h.owner][:3]:
        hex_state.set_owner(second)
    for convoy in game.state.convoys:
        convoy.vehicles = {"truck": 2, "car": 1} if convoy.owner == second else {"van": 1}
    _incomes(game, second)
    return first, second


def _incomes(game: Game, second: int) -> None:
    """This game turn's Income Phase brought $21,000 to the second Clan, $9,500 to the first."""
    for clan in game.state.clans:
        clan.last_turn.game_turn = game.state.game_turn
        clan.last_turn.income = {"money": 21_000 if clan.number == second else 9_500}


def _report(game: Game, clan: int) -> Report:
    return build_report(ClanView(game, clan))


def test_extra_lists_start_at_the_end_of_game_turn_5_cc_rpt_09_amb_58(game: Game) -> None:
    """AMB-58: no extra lists at the end of game turn 4; from the end of game turn 5 the report
    ranks the Clans by cities, hexes, income and power (Σ each vehicle's most damage)."""
    game.state.game_turn = game.rules.game.top_lists_from_turn - 1
    first, second = _strong_second(game)
    end_game_turn(game)
    assert _report(game, first).top_lists == ()
    assert not any(title in render_report(_report(game, first)) for title in TITLES)
    _incomes(game, second)
    end_game_turn(game)
    lists = {top.measure: top.rows for top in _report(game, first).top_lists}
    assert list(lists) == ["cities", "hexes", "income", "power"]
    assert [row[0] for row in lists["cities"]] == [second, first]
    assert [row[2] for row in lists["cities"]] == [2, 1]
    assert lists["hexes"][0][2] - lists["hexes"][1][2] == 3
    assert [row[2] for row in lists["income"]] == [21_000, 9_500]
    trucks_and_car = 2 * (8 * 6 + 4) + (2 * 6 + 1)
    second_convoys = sum(1 for c in game.state.convoys if c.owner == second)
    first_vans = sum(1 for c in game.state.convoys if c.owner == first) * (3 * 6 + 2)
    assert lists["power"] == ((second, game.clan(second).name, trucks_and_car * second_convoys),
                              (first, game.clan(first).name, first_vans))


def test_extra_lists_in_the_text_and_paper_reports_cc_rpt_09_amb_58(game: Game) -> None:
    """Both reports print the four lists after the Top Clans, in words and dollars."""
    game.state.game_turn = game.rules.game.top_lists_from_turn
    first, second = _strong_second(game)
    end_game_turn(game)
    report = _report(game, first)
    text = render_report(report)
    assert text.index("TOP CLANS") < text.index("MOST CITIES") < text.index("MOST POWER")
    strong, weak = game.clan(second).name, game.clan(first).name
    assert f"HIGHEST INCOME\n 1. Clan {second} ({strong}) $21,000\n" in text
    assert f" 2. Clan {first} ({weak}) $9,500\n" in text
    paper = render_paper(report)
    for title in TITLES:
        assert f"\n{title}\n{'-' * len(title)}\n" in paper
    assert f"  1.   $21,000  Clan {second} ({strong})\n" in paper
    assert "top_figures" not in text + paper and "income:" not in text + paper


def test_extra_lists_survive_a_save_and_old_saves_load_cc_rpt_09_amb_58(game: Game) -> None:
    """The lists are saved with the game; a save from before them loads with none; a list
    naming a Clan that is not in the game is refused with the field's place."""
    game.state.game_turn = game.rules.game.top_lists_from_turn
    _strong_second(game)
    end_game_turn(game)
    text = game_to_text(game)
    loaded = game_from_text(text, "memory", game.rules)
    assert loaded.state.top_figures == game.state.top_figures != []
    data = json.loads(text)
    del data["data"]["state"]["top_figures"]
    older = game_from_text(json.dumps(data), "memory", game.rules, allow_edited=True)
    assert older.state.top_figures == []
    data = json.loads(text)
    data["data"]["state"]["top_figures"]["clan"][0] = 99
    with pytest.raises(SaveError, match=r"top_figures.*99 is not a Clan"):
        game_from_text(json.dumps(data), "memory", game.rules, allow_edited=True)
