"""The game screen at every terminal size: 80×24 (convoys and city as tabs), 100×30, 160×50."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game import GameScreen
from tests.ui.helpers import keep_save, take_the_terminal

SEED = "snapshot"


@pytest.fixture
def save(saves: Path) -> Path:
    """A two-Clan test_small game in a saves folder shown as "saves", local time in UTC."""
    return keep_save(session.new_game(map_name="test_small", clans=2, seed=SEED), saves, SEED)


def shown(screen: GameScreen) -> set[str]:
    """The ids of the game screen's panes that are on screen."""
    return {pane for pane in ("map", "convoys", "city", "sheet", "side-tabs")
            if screen.query_one(f"#{pane}").display and screen.query_one(f"#{pane}").region}


def focused_pane(screen: GameScreen) -> str:
    """The id of the pane that holds the focus."""
    focused = screen.focused
    assert focused is not None
    for widget in (focused, *focused.ancestors):
        if widget.id in ("map", "convoys", "city", "sheet"):
            return widget.id
    raise AssertionError(f"the focus is outside the panes: {focused!r}")


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)],
                         ids=["80x24", "100x30", "160x50"])
def test_game_screen_at_every_size(save: Path, snap_compare: Any, size: tuple[int, int]) -> None:
    """80×24: map, sheet and one of convoys/city under two tabs; 100×30 and up: all four."""

    async def open_turn(pilot: Pilot[int]) -> None:
        await take_the_terminal(pilot)
        await pilot.pause()

    assert snap_compare(ConquestApp(save, cursor_blink=False), terminal_size=size,
                        run_before=open_turn)


async def test_small_terminal_keeps_map_and_sheet_and_tabs_the_rest(save: Path) -> None:
    """At 80×24 the map and the sheet keep usable sizes; F4 switches between the convoy and
    city panes; F6 still visits map, convoys and sheet, bringing the convoys to the front."""
    async with ConquestApp(save, cursor_blink=False).run_test(size=(80, 24)) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.pause()
        assert shown(screen) == {"map", "side-tabs", "convoys", "sheet"}
        assert screen.query_one("#sheet").region.height >= 10, "room to write orders"
        assert screen.query_one("#map").region.width >= 40, "room to read the map"
        await pilot.press("f4")
        await pilot.pause()
        assert shown(screen) == {"map", "side-tabs", "city", "sheet"}
        visited = []
        for _ in range(3):
            await pilot.press("f6")
            await pilot.pause()
            visited.append(focused_pane(screen))
            assert visited[-1] in shown(screen)
        assert visited == ["convoys", "sheet", "map"]
        await pilot.press("f4")
        await pilot.pause()
        assert "city" in shown(screen) and "convoys" not in shown(screen)
        await pilot.click("#tab-convoys")
        await pilot.pause()
        assert "convoys" in shown(screen) and "city" not in shown(screen)


async def test_resize_while_typing_keeps_the_draft(save: Path) -> None:
    """Shrinking to 80×24 and growing to 160×50 while writing keeps the draft and the focus."""
    async with ConquestApp(save, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        screen = await take_the_terminal(pilot)
        assert shown(screen) == {"map", "convoys", "city", "sheet"}
        await pilot.press("f2", *"BUY 10 FO")
        draft = screen.draft
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.compact and shown(screen) == {"map", "side-tabs", "convoys", "sheet"}
        await pilot.press(*"OD")
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert not screen.compact
        assert shown(screen) == {"map", "convoys", "city", "sheet"}
        assert focused_pane(screen) == "sheet"
        assert screen.draft == draft.replace("BUY 10 FO", "BUY 10 FOOD")
