"""The odds key on the game screen: the selected convoy against what the map cursor's hex holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.table import Table

from conquest_tui import session
from conquest_tui.engine.core.state import Sighting
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.screens.odds import OddsScreen
from tests.ui.helpers import screen_text, take_the_terminal, wait_for_screen, wait_until

MAP_KEYS = {"N": "up", "S": "down", "NW": "y", "NE": "u", "SW": "b", "SE": "n"}


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    return tmp_path


async def test_o_shows_the_odds_of_meeting_a_seen_convoy_in_words_cc_cbv_01(
        _saves: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="odds")
    first, second = game.state.clan_order[:2]
    convoy = game.convoys_of(first)[0]
    direction, there = next((d, h) for d, h in game.map.neighbors(convoy.hex)
                            if not game.map.is_water(h))
    game.clan(first).sightings.append(Sighting(hex=there, game_turn=1, owner=second,
                                               size_name="tiny", convoy_type="land"))
    path = _saves / "odds.json"
    session.save(game, path)
    app = ConquestApp(path, cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.press("escape", MAP_KEYS[direction], "o")
        odds = await wait_for_screen(pilot, OddsScreen)
        await wait_until(pilot, lambda: odds.answer is not None, "the odds worked out")
        assert isinstance(odds.answer, Table)
        await pilot.pause()
        text = screen_text(app)
        assert f"attacks Clan {second}'s convoy in {there}" in text
        assert "Chance" in text and "Assumed" in text and "is tiny, Land" in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "the game screen again")
        assert isinstance(app.screen, GameScreen)


async def test_o_two_hexes_down_the_route_counts_the_enlisted_troops_cc_cbh_05(
        _saves: Path) -> None:
    """Issue 27: the cursor on a route hex two moves on: the odds take the convoy as the sheet
    being written brings it there — 5 troops and 20 ENLISTed — against 15–31, exactly."""
    game = session.new_game(map_name="test_small", clans=2, seed="test")
    first, second = game.state.clan_order[:2]
    convoy = game.convoys_of(first)[0]
    assert convoy.hex == "0308"
    convoy.vehicles, convoy.troops = {"truck": 2}, 5
    game.clan(first).stock.troops = 0
    game.hex("0307").set_owner(first)
    target = game.hex("0306")
    target.owner, target.defense, target.garrison = second, 5, 5
    game.clan(first).last_turn.visited_hexes.append("0306")
    game.clan(first).draft_sheet = "[PRE]\nENLIST 20\n[CONVOY 1]\nN\nN\n"
    path = _saves / "route.json"
    session.save(game, path)
    app = ConquestApp(path, cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("escape", "up", "up", "o")
        odds = await wait_for_screen(pilot, OddsScreen)
        await wait_until(pilot, lambda: odds.answer is not None, "the odds worked out")
        await pilot.pause()
        text = screen_text(app)
        assert "Convoy #1 with 25 troops attacks hex 0306" in text
        assert "about 81% to win" in text and "exactly" in text
