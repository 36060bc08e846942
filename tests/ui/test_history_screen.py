"""The history screen (H on the game screen, issue 16): the turn log, a past report in full, the
plots of the Clan's own figures — never another Clan's during the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from conquest_tui import session
from conquest_tui.engine.reports.history import History, build_history
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.screens.history import FiguresPlot, HistoryScreen, report_text
from tests.ui.helpers import legal_step, screen_text, take_the_terminal, wait_for_screen, wait_until


def two_game_turns() -> session.Session:
    """Two Clans on the test map; the first moves its convoy each turn: two game turns over."""
    game = session.new_game(map_name="test_small", clans=2, seed="history")
    table = session.Session(game)
    first = game.state.clan_order[0]
    for _ in range(4):
        clan = game.state.active_clan
        sheet = f"[PRE]\nBUY 5 FOOD\n[CONVOY 1]\n{legal_step(game, clan)}\n" \
            if clan == first else ""
        table.open_seat(clan).submit(sheet)
    return table


async def test_two_game_turns_then_h_reads_turn_1_s_report(tmp_path: Path) -> None:
    """Two Clans play two game turns (through the session, as the app does); the first Clan
    takes the terminal, presses H, moves to turn 1 in the log and reads that report; its plots
    show its own line only."""
    table = two_game_turns()
    path = tmp_path / "history.json"
    session.save(table.referee().game, path)
    first, second = table.referee().game.state.clan_order
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await take_the_terminal(pilot)
        assert screen.clan_number == first
        await pilot.press("escape", "H")
        history = await wait_for_screen(pilot, HistoryScreen)
        text = screen_text(app)
        assert "Turn 2: " in text and "Turn 1: took 1 hex" in text and "2 past turns" in text
        await pilot.press("down")
        await wait_until(pilot, lambda: "Game turn 1 on" in screen_text(app), "turn 1's report")
        assert f"report for Clan {first} " in screen_text(app)
        shown = str(history.query_one("#history-text", Static).content)
        assert "Bought 5 food" in shown and "(CC-" not in shown, "in full, in words"
        assert second not in history.history.series and first in history.history.series
        await pilot.press("p")
        await wait_until(pilot, lambda: history.query(FiguresPlot), "the plots")
        assert all(len(plot.lines) == 1 for plot in history.query(FiguresPlot))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game again")


def test_a_clan_never_reads_another_clan_s_reports_or_series_during_the_game() -> None:
    table = two_game_turns()
    first, second = table.referee().game.state.clan_order
    for clan, other in ((first, second), (second, first)):
        history = build_history(table.referee().game, clan)
        assert set(history.series) == {clan}
        assert all(f"report for Clan {clan} " in past.text for past in history.turns)
        assert not any(f"report for Clan {other} " in past.text for past in history.turns)


class HistoryHost(App[None]):
    """The history screen alone (snapshots without the hand-over)."""

    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history

    def on_mount(self) -> None:
        self.push_screen(HistoryScreen(self.history))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
@pytest.mark.parametrize("tab", ["log", "plots"])
def test_history_snapshot(size: tuple[int, int], tab: str, snap_compare: Any) -> None:
    """The log with turn 1's report selected; the plots of popularity, income, hexes, cities."""
    table = two_game_turns()
    history = build_history(table.referee().game, table.referee().game.state.clan_order[0])

    async def choose(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, HistoryScreen), "history")
        if tab == "log":
            await pilot.press("down")
            log = pilot.app.screen.query_one("#turn-log", OptionList)
            await wait_until(pilot, lambda: log.highlighted == 1, "turn 1 highlighted")
        else:
            await pilot.press("p")
            await wait_until(pilot, lambda: pilot.app.screen.query(FiguresPlot), "the plots")
        await pilot.pause()

    assert snap_compare(HistoryHost(history), terminal_size=size, run_before=choose)


async def test_an_old_report_the_save_no_longer_keeps_is_rebuilt_behind_a_line(
        tmp_path: Path) -> None:
    """Five game turns saved: the save keeps the last three game turns' reports; highlighting
    turn 1 shows a "rebuilding" line while a worker replays the game's sheets, then the report
    as the Clan read it (issue 26: save growth)."""
    table = two_game_turns()
    for _ in range(6):
        clan = table.active_clan
        table.open_seat(clan).submit("")
    game = table.referee().game
    path = tmp_path / "old.json"
    session.save(game, path)
    first = game.state.clan_order[0]
    read_then = game.clan(first).past_reports[0].text
    seat = session.Session.open(path).open_seat(first)
    assert not seat.report_kept(1)

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(HistoryScreen(seat.history(), seat))

    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "history")
        for _ in range(4):
            await pilot.press("down")
        history = app.screen
        shown = history.query_one("#history-text", Static)
        await wait_until(pilot, lambda: "Game turn 1 on" in str(shown.content), "turn 1 rebuilt")
        assert str(shown.content) == str(report_text(read_then))
