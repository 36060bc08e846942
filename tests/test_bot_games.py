"""Whole games played by bots through saves: no crash, no negative stockpile, saves always load."""

from __future__ import annotations

import pytest

from conquest_tui import session
from conquest_tui.engine.core.state import STOCK_ITEMS
from conquest_tui.storage.savefile import game_from_text, game_to_text


@pytest.mark.parametrize("seed", ["bots-1", "bots-2"])
def test_four_bot_clans_play_several_game_turns(seed: str) -> None:
    game = session.new_game(map_name="test_small", clans=4, bots=4, seed=seed)
    for _ in range(5):
        session.play_bots(game)
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
