"""Snapshots of the title, hand-over, game and report screens (fixed seeds, fixed saves folder)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.handover import HandoverScreen
from conquest_tui.ui.screens.report import ReportScreen
from tests.ui.helpers import (
    forecast_settled,
    legal_step,
    screen_text,
    take_the_terminal,
    wait_for_screen,
    wait_until,
)

SEED = "snapshot"
SAVED_AT = 1_700_000_000  # 2023-11-14 22:13 UTC

SIZE = (120, 36)
BIG = (200, 60)


def saved_game(folder: Path) -> tuple[Game, Path]:
    """A two-Clan test_small game saved with a fixed modification time."""
    game = session.new_game(map_name="test_small", clans=2, seed=SEED)
    path = folder / f"test_small-{SEED}.json"
    session.save(game, path)
    os.utime(path, (SAVED_AT, SAVED_AT))
    return game, path


def test_title_screen(saves: Path, snap_compare: Any) -> None:
    saved_game(saves)

    async def saves_listed(pilot: Pilot[int]) -> None:
        await wait_until(pilot, lambda: bool(getattr(pilot.app.screen, "saves", None)),
                         "the saves listed")

    assert snap_compare(ConquestApp(cursor_blink=False), terminal_size=SIZE,
                        run_before=saves_listed)


def test_hand_over_screen(saves: Path, snap_compare: Any) -> None:
    _, path = saved_game(saves)
    assert snap_compare(ConquestApp(path, cursor_blink=False), terminal_size=SIZE)


async def test_hand_over_shows_no_clan_data(saves: Path) -> None:
    game, path = saved_game(saves)
    active = game.clan(game.state.active_clan)
    app = ConquestApp(path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        text = screen_text(app)
    assert f"Clan {active.number} ({active.name}) — take the terminal" in text
    assert "look away" in text and "Game turn 1" in text
    assert "$" not in text, "no money"
    assert "convoy" not in text.lower(), "no convoy"
    assert not re.search(r"\b\d{4}\b", text), "no hex ids"
    for clan in game.state.clans:
        if clan.number != active.number:
            assert clan.name not in text and str(clan.number) not in text
    for word in ("Food", "Fuel", "Troops", "Popularity", "PRE", "CONVOY"):
        assert word not in text


def test_game_screen(saves: Path, snap_compare: Any) -> None:
    _, path = saved_game(saves)

    async def open_turn(pilot: Pilot[int]) -> None:
        await take_the_terminal(pilot)
        await pilot.press("f2", *"BUY 10 FOOD", "enter", *"XYZZY", "escape")
        await forecast_settled(pilot)

    assert snap_compare(ConquestApp(path, cursor_blink=False), terminal_size=BIG,
                        run_before=open_turn)


def test_game_screen_small_terminal(saves: Path, snap_compare: Any) -> None:
    _, path = saved_game(saves)
    assert snap_compare(ConquestApp(path, cursor_blink=False), terminal_size=(100, 30),
                        press=["enter"])


def test_report_screen(saves: Path, snap_compare: Any) -> None:
    game, path = saved_game(saves)
    step = legal_step(game, game.state.active_clan)

    async def play(pilot: Pilot[int]) -> None:
        await take_the_terminal(pilot)
        await pilot.press("f2", *"BUY 10 FOOD", "enter", *"XYZZY")
        await pilot.press("down", "down", *step, "f5", "y")
        await wait_for_screen(pilot, ReportScreen)

    assert snap_compare(ConquestApp(path, cursor_blink=False), terminal_size=SIZE,
                        run_before=play)
