"""The turn report screen: each event's sentence with the whole sheet line behind it."""

from __future__ import annotations

from pathlib import Path

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.report import ReportScreen
from tests.ui.helpers import screen_text, take_the_terminal, wait_for_screen

SIZE = (160, 50)


async def test_a_quoted_name_with_a_semicolon_shows_whole_cc_cl_name_01(tmp_path: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="quoted")
    path = tmp_path / "quoted.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("f2", *'NAME #1 "Road; Hogs" ; renamed', "f5", "y")
        report = await wait_for_screen(pilot, ReportScreen)
        text = screen_text(app)
        assert app.last_outcome is not None
        assert report.events == app.last_outcome.result.events, "the turn's own events"
    assert 'line 2 «NAME #1 "Road; Hogs"»:' in text, "the order is quoted whole"
    assert "renamed" not in text, "the comment is not part of the order"
    assert "Road; Hogs" in text.split("»:", 1)[1], "the sentence names the convoy whole"
