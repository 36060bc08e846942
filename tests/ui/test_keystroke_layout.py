"""Typing in the order sheet changes no size on the screen, so a keystroke settles in one frame
(`bench/bench_keystroke.py` counts the frames on a terminal)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Size
from textual.widget import Widget

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from tests.ui.helpers import take_the_terminal

KEYS = [
    *"BUY 10 FULE", "backspace", "backspace", *"EL",  # a word put right: the problem goes
    "enter", *"HIRE 2 SCOUTS",  # "HIRE is a convoy order…": a long problem, wrapped
    "enter", "B", "backspace", "backspace",  # a problem, then the new line taken back
    "up", "down", "up",  # cursor moves: the hint follows
]
"""Keys that show and take back problems, add and remove lines, move the cursor."""


async def test_typing_changes_no_size_on_the_game_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sheet pane, its editor, hint line and problem list, the map and the status line keep
    their sizes while problems come and go, lines are added and taken back; and the layouts the
    editor's growing text asks for leave the map's scrollbars alone (they were redrawn in a
    second frame after each). At 80×24, where the editor is smallest and the problems wrap the
    most (a wide screen's list is taller by its CSS alone: `bench_keystroke --size 200x60`)."""
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    path = tmp_path / "keys.json"
    session.save(session.new_game(map_name="test_small", clans=2, seed="keys"), path)
    async with ConquestApp(path, saves_folder=tmp_path, cursor_blink=False).run_test(
            size=(80, 24)) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.press("f2")
        await pilot.pause()
        sheet = screen.sheet_pane
        watched: list[Widget] = [sheet, sheet.editor, sheet.query_one("#sheet-hint"),
                                 sheet.problem_list, screen.map_pane, screen.query_one("#status")]

        def sizes() -> dict[str, Size]:
            return {widget.id or type(widget).__name__: widget.outer_size for widget in watched}

        before = sizes()
        map_scrollbars: list[Size] = []
        monkeypatch.setattr(screen.map_pane, "_scroll_update", map_scrollbars.append)
        listed: list[int] = []
        lines = sheet.editor.document.line_count
        for key in KEYS:
            await pilot.press(key)
            await pilot.pause()
            assert sizes() == before, f"a size changed at {key!r}"
            listed.append(len(sheet.problem_list.listed))
        assert 0 in listed and max(listed) > 0, "problems came and went"
        assert sheet.editor.document.line_count == lines + 1, "lines added and one taken back"
        assert not map_scrollbars, "the map's scrollbars were brought up to date again"
