"""Whole games played by bots through saves: no crash, no negative stockpile, saves always load."""

from __future__ import annotations

import pytest

from conquest_tui import session
from conquest_tui.bots import LEVELS, write_sheet
from conquest_tui.engine.core.state import STOCK_ITEMS
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.storage.savefile import game_from_text, game_to_text


@pytest.mark.parametrize("seed", ["bots-1", "bots-2"])
def test_four_bot_clans_play_several_game_turns(seed: str) -> None:
    game = session.new_game(map_name="test_small", clans=4, bots=4, seed=seed)
    for _ in range(5):
        turns = session.play_bots(game)
        assert len(turns) == 8, "two rounds of four bot seats per call"
        assert all(turn.result.clan == turn.clan for turn in turns)
        game = game_from_text(game_to_text(game), "round trip")
        for clan in game.state.clans:
            for item in STOCK_ITEMS:
                assert clan.stock.get(item) >= 0, (clan.number, item)
        for convoy in game.state.convoys:
            assert convoy.troops >= 0 and convoy.vehicles and all(convoy.vehicles.values())
    assert game.state.game_turn >= 6
    assert any(hex_state.owner for hex_state in game.state.hexes)
    owned = sum(1 for hex_state in game.state.hexes if hex_state.owner)
    assert owned > 4, "bots should have captured some hexes in five turns"


@pytest.mark.parametrize("level", LEVELS)
def test_cc_gen_05_a_bot_sheet_ignores_what_only_other_clans_know(level: str) -> None:
    """Other Clans' stockpiles, their convoys it has not seen and the game's seed (which would
    predict the dice) change nothing in a bot's sheet: it reads only its own ClanView."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="bot-fog")
    for _ in range(2):
        session.play_bots(game)
    mine = game.state.active_clan
    others = [clan for clan in game.state.clan_order if clan != mine]
    sheet = write_sheet(ClanView(game, mine), level)
    seen = {(s.owner, s.hex) for s in game.clan(mine).sightings}
    for clan in others:
        rich = game.clan(clan)
        rich.stock.money, rich.stock.fuel, rich.stock.troops = 9_999_999, 0, 0
        for convoy in game.convoys_of(clan):
            if (clan, convoy.hex) not in seen:
                convoy.troops, convoy.vehicles = 0, {key: 9 for key in convoy.vehicles}
    game.state.seed = "another seed entirely"
    assert write_sheet(ClanView(game, mine), level) == sheet
    assert sheet.startswith("[PRE]\n") and "[CONVOY" in sheet
