"""The hand-over's note about the table reads as a paragraph at 80×24 (CC-SEQ-01: the hand-over
names the bot seats, nothing of any Clan)."""

from __future__ import annotations

from pathlib import Path

from textual.geometry import Region
from textual.widgets import Static

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.handover import HandoverScreen
from tests.ui.helpers import wait_for_screen


async def test_a_wrapped_note_of_bot_seats_continues_under_its_first_line(
        tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    session.save(session.new_game(map_name="test_small", clans=4, bots=2, seed="note"), path)
    async with ConquestApp(path, cursor_blink=False).run_test(size=(80, 24)) as pilot:
        handover = await wait_for_screen(pilot, HandoverScreen)
        await pilot.pause()
        note = handover.query_one("#handover-note", Static)
        width, height = note.size
        rows = [strip.text for strip in note.render_lines(Region(0, 0, width, height))]
        written = [row for row in rows if row.strip()]
        assert len(written) == 2 and written[0].startswith("Bot seats:"), rows
        assert written[1] == written[1].lstrip(), "the second line starts under the first"
