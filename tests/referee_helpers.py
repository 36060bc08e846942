"""A small scripted game with a referee PIN and one convoy battle fought (issue 31, point 4)."""

from __future__ import annotations

from pathlib import Path

from conquest_tui.pins.hashing import hash_pin
from conquest_tui.session import Session

REFEREE_PIN = "whistle-blower"
"""The referee PIN of the scripted game (text that appears nowhere else in a save)."""


def battle_save(path: Path) -> Path:
    """Save at `path` a two-Clan game with a referee PIN where the first Clan's convoy #1 has
    hunted the second's in one hex: a battle of several rounds in the last turn."""
    table = Session.new(path, map_name="test_small", clans=2, seed="demo",
                        referee_pin_hash=hash_pin(REFEREE_PIN))
    game = table.referee().game
    first, second = game.state.clan_order
    for clan in (first, second):
        convoy = game.convoy(clan, 1)
        assert convoy is not None
        game.move_convoy(convoy, "0506")
        convoy.vehicles, convoy.troops = {"truck": 3, "car": 2}, 20
        convoy.hidden = False
        game.clan(clan).stock.parts = 500
    game.reindex()
    table.save("a battle set up")
    table.open_seat(first).submit("[CONVOY 1]\nHUNT\n")
    return path
