"""The forecast beside the sheet (F3), its warnings on the lines that will fail, and the money
after the turn in the status line (issue 16)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.engine.paper.forecast_text import FORECAST_CODE
from conquest_tui.engine.sentences.event_text import problem_text
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.widgets.forecast_pane import ForecastPane
from conquest_tui.ui.widgets.status_line import StatusLine
from tests.ui.helpers import keep_save, take_the_terminal, wait_for_screen, wait_until

SEED = "snapshot"
SHEET = "[PRE]\n\n[CONVOY 1]\nN\nS\nN\n[POST]\n"
"""Clan 144's convoy #1 stands in 0308: N to 0307 costs 2 fuel, S back 3, then nothing left."""


@pytest.fixture
def save(saves: Path) -> Path:
    """A two-Clan test_small game whose first Clan has 5 fuel and nothing to pick up, its sheet
    written: the third move will fail for want of fuel."""
    game = session.new_game(map_name="test_small", clans=2, seed=SEED)
    clan = game.clan(game.state.active_clan)
    for hex_state in game.state.hexes:
        hex_state.fuel = 0
    clan.stock.fuel = 5
    clan.draft_sheet = SHEET
    return keep_save(game, saves, SEED)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_forecast_pane_at_both_sizes(save: Path, snap_compare: Any, size: tuple[int, int]) -> None:
    """F3 shows the forecast: the money line, the convoy's pulse table, the failure at pulse 3
    (at 80×24 in place of the sheet)."""

    async def open_forecast(pilot: Pilot[int]) -> None:
        await take_the_terminal(pilot)
        await pilot.press("f3")
        await pilot.pause()

    assert snap_compare(ConquestApp(save, cursor_blink=False), terminal_size=size,
                        run_before=open_forecast)


async def test_the_line_that_runs_out_of_fuel_is_warned_and_follows_typing_cc_res_08(
        save: Path) -> None:
    """The forecast's failure sits on its sheet line as a warning (the line still runs), worded
    for players; the status line shows the money now and after this turn. After an edit the
    forecast follows (debounced, in a thread): a line taken away takes its warning with it."""
    async with ConquestApp(save, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        screen = await take_the_terminal(pilot)
        sheet = screen.sheet_pane
        warned = [p for p in sheet.problems if p.code == FORECAST_CODE]
        assert [p.line for p in warned] == [6]
        assert warned[0].is_warning and sheet.problem_count == 0
        assert problem_text(warned[0]).startswith("forecast: will fail at pulse 3: ")
        assert "fuel" in problem_text(warned[0]) and "_" not in problem_text(warned[0])
        status = screen.query_one(StatusLine).plain
        assert "$25,000 │ → $" in status and "~" not in status
        pane = screen.query_one(ForecastPane)
        assert not pane.display or not pane.region  # hidden until F3
        first = pane.forecast
        editor = sheet.editor
        editor.focus()
        editor.move_cursor((5, 1))  # the end of line 6, the third move
        await pilot.press("backspace")
        await wait_until(pilot, lambda: pane.forecast is not first, "a new forecast")
        assert not [p for p in sheet.problems if p.code == FORECAST_CODE]


async def test_the_end_turn_box_names_the_lines_skipped_and_warned_cc_seq_15(
        save: Path) -> None:
    """CC-SEQ-15, issue 27 point 4: F5's box judges the sheet as `conquest check --forecast`
    does: no line will be skipped, and the move that runs out of fuel is named as a warning."""
    from conquest_tui.ui.screens.dialogs import ConfirmDialog

    async with ConquestApp(save, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("f5")
        dialog = await wait_for_screen(pilot, ConfirmDialog)
        assert dialog.detail == (
            "The sheet has no problems. Warnings on line 6: it runs, but may fail or cost more "
            "than you expect (the forecast rolls its own dice).")
        await pilot.press("n")
