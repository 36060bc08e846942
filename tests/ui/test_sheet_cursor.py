"""Where the order sheet's cursor waits: on a new sheet, on the line for the first order."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.sheet_edits import resume_at
from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane
from tests.ui.helpers import take_the_terminal

SIZE = (120, 30)


async def test_on_a_new_sheet_the_first_order_typed_goes_under_pre_cc_cl_order_01(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """F2 then typing writes the first order on the blank line under `[PRE]`, not into the
    header: the sheet shows no problem."""
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    path = tmp_path / "cursor.json"
    session.save(session.new_game(map_name="test_small", clans=2, seed="cursor"), path)
    async with ConquestApp(path, saves_folder=tmp_path, cursor_blink=False).run_test(
            size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        pane = screen.query_one(OrderSheetPane)
        await pilot.press("f2", *"BUY 5 FUEL")
        await pilot.pause()
        lines = pane.text.split("\n")
        assert lines[0].startswith("[PRE]")
        assert lines[1] == "BUY 5 FUEL"
        assert pane.problem_count == 0
        assert pane.border_subtitle == "Ln 2, Col 11"


async def test_a_draft_opens_where_the_clan_left_off_cc_cl_order_01(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Clan's own draft is shown as written, the cursor at the end of its last order, so the
    next order typed after Enter follows it."""
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    game = session.new_game(map_name="test_small", clans=2, seed="cursor")
    clan = game.state.active_clan
    draft = "[PRE]\nENLIST 3\n\n[POST]\n"
    game.clan(clan).draft_sheet = draft
    path = tmp_path / "draft.json"
    session.save(game, path)
    async with ConquestApp(path, saves_folder=tmp_path, cursor_blink=False).run_test(
            size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        pane = screen.query_one(OrderSheetPane)
        await pilot.press("f2")
        await pilot.pause()
        assert pane.text == draft
        assert pane.editor.cursor_location == (1, 8)
        await pilot.press("enter", *"BUY 5 FUEL")
        await pilot.pause()
        assert pane.text == "[PRE]\nENLIST 3\nBUY 5 FUEL\n\n[POST]\n"
        assert pane.problem_count == 0


@pytest.mark.parametrize(("lines", "where"), [
    (["[PRE]", "", "[POST]", ""], (1, 0)),
    (["[PRE]", "BUY 5 FUEL", "", "[CONVOY 1]", "MOVE N ; north", "", "[POST]", ""], (4, 14)),
    (["[PRE]", "ENLIST 3   ", "; a note", "[POST]", ""], (1, 8)),
    ([""], (0, 0)),
])
def test_the_cursor_resumes_after_the_last_order(lines: list[str], where: tuple[int, int]) -> None:
    """The cursor's place when a sheet opens: after its last order, else under the header."""
    assert resume_at(lines) == where
