"""Any keys typed into the order sheet: the app never crashes and the draft is kept whole."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.title import TitleScreen
from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane
from tests.ui.helpers import take_the_terminal, wait_for_screen

SIZE = (120, 40)

CHARACTERS = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz0123456789 []#;:,.-+*/\\\"'!?$%&()<>=_"
    "²³¹٣৪໕߂①Ⅻ௰𝟗"          # digits Python calls digits, numerals that are not ours
    "\u2028\u2029\x85\x0c\x0b\t"    # line and paragraph separators, form feed, tabs
    "éßøçπЖ中文🙂\u200b\u200d\ufeff\u0301"  # letters, emoji, zero-width and combining marks
)
KEYS = ("enter", "backspace", "delete", "tab", "left", "right", "up", "down", "home", "end",
        "ctrl+z", "ctrl+y")
"""Editing keys mixed in with the characters (each one the editor handles itself)."""


def keystrokes(seed: int, count: int) -> list[str]:
    """A seeded run of typed characters with editing keys among them."""
    rng = random.Random(seed)
    return [rng.choice(KEYS) if rng.random() < 0.15 else rng.choice(CHARACTERS)
            for _ in range(count)]


@pytest.mark.parametrize("seed", [1])
async def test_any_keys_typed_into_the_sheet_keep_the_app_and_the_draft(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Issue 13: typing any character sequence never crashes the app or loses the draft;
    Ctrl+S then keeps exactly what the editor shows."""
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    game = session.new_game(map_name="test_small", clans=2, seed=f"keys-{seed}")
    path = tmp_path / "keys.json"
    session.save(game, path)
    clan = game.state.active_clan
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        pane = screen.query_one(OrderSheetPane)
        await pilot.press("f2")
        for key in keystrokes(seed, 60):
            await pilot.press(key)
        await pilot.pause()
        typed = pane.text
        assert typed.strip()
        await pilot.press("ctrl+s")
        await wait_for_screen(pilot, TitleScreen)  # saved, back at the title
    assert session.load(path).clan(clan).draft_sheet == typed
