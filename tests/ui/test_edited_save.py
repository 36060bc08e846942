"""A save changed outside the game: the load list marks it, and the app opens it only on yes."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.dialogs import ConfirmDialog
from conquest_tui.ui.screens.handover import HandoverScreen
from conquest_tui.ui.screens.title import TitleScreen
from tests.ui.helpers import screen_text, wait_for_screen, wait_until

SIZE = (200, 60)


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    return tmp_path


def edited_save(folder: Path) -> Path:
    """A saved game whose first Clan's money was changed by hand."""
    game = session.new_game(map_name="test_small", clans=2, seed="edited")
    path = folder / "tested.json"
    session.save(game, path)
    money = game.clan(game.state.clan_order[0]).stock.money
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'"money":{money}', '"money":777777', 1), encoding="utf-8")
    return path


async def test_an_edited_save_is_marked_and_opens_only_when_the_player_says_yes(
    _saves: Path,
) -> None:
    path = edited_save(_saves)
    app = ConquestApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        title = await wait_for_screen(pilot, TitleScreen)
        await wait_until(pilot, lambda: bool(title.saves), "the saves listed")
        assert "tested.json (edited)" in screen_text(app)
        await pilot.press("ctrl+l", "enter")
        await wait_for_screen(pilot, ConfirmDialog)
        assert "This save was changed outside the game. Open it anyway?" in screen_text(app)
        await pilot.press("n")
        await wait_for_screen(pilot, TitleScreen)
        assert app.session is None
        await pilot.press("ctrl+l", "enter")
        await wait_for_screen(pilot, ConfirmDialog)
        await pilot.press("y")
        await wait_for_screen(pilot, HandoverScreen)
        assert app.session is not None and app.session.path == path
        assert 777_777 in [clan.stock.money for clan in app.session.referee().game.state.clans]
