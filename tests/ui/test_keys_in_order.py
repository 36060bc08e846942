"""Keys typed faster than the app draws still act in the order they were typed: a backspace
deletes before the letter typed after it is written (Textual runs a binding only once its key
has bubbled up to the app; the sheet editor runs its own at once)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from tests.ui.helpers import take_the_terminal


def _key(name: str) -> events.Key:
    return events.Key(name, name if len(name) == 1 else ("\x7f" if name == "backspace" else None))


async def test_a_burst_of_keys_with_backspaces_is_typed_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a terminal sends them when a player types fast (or pastes through a key macro): every
    key of the burst reaches the app before the first is drawn."""
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    path = tmp_path / "burst.json"
    session.save(session.new_game(map_name="test_small", clans=2, seed="keys"), path)
    async with ConquestApp(path, saves_folder=tmp_path, cursor_blink=False).run_test(
            size=(120, 30)) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.press("f2", *"BUY 5 FUEL")
        await pilot.pause()
        editor = screen.sheet_pane.editor
        row = editor.cursor_location[0]
        assert editor.document[row] == "BUY 5 FUEL"
        for _ in range(2):
            for name in ["backspace"] * 4 + list("FOOD") + ["backspace"] * 4 + list("FUEL"):
                pilot.app.post_message(_key(name))  # no wait between them
            await pilot.pause()
            await pilot.pause()
            assert editor.document[row] == "BUY 5 FUEL"
        for name in ["left", "left", "backspace", "E", "right", "right", "backspace", "D"]:
            pilot.app.post_message(_key(name))
        await pilot.pause()
        await pilot.pause()
        assert editor.document[row] == "BUY 5 FEED"
