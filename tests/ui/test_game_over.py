"""The end-of-game screen (issue 16): who won and why, the standings, everyone's graphs, each
Clan's final report; reached after the last turn and again from the title's load list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game_over import GameOverScreen
from conquest_tui.ui.screens.history import FiguresPlot
from tests.ui.helpers import legal_step, screen_text, wait_for_screen, wait_until


def finished() -> session.Session:
    """Two Clans, a two-game-turn limit; the first moves its convoy each turn: the game is over."""
    game = session.new_game(map_name="test_small", clans=2, seed="history", turn_limit=2)
    table = session.Session(game)
    first = game.state.clan_order[0]
    while not game.state.finished:
        clan = game.state.active_clan
        sheet = f"[CONVOY 1]\n{legal_step(game, clan)}\n" if clan == first else ""
        table.open_seat(clan).submit(sheet)
    return table


def game_over_screen(table: session.Session) -> GameOverScreen:
    """The screen as the app builds it, from the table's end of the game."""
    board = table.final_board()
    return GameOverScreen(board.sentence, board.rows, board.history, dict(board.reports))


async def test_a_finished_game_opens_on_its_end_screen_with_everyone_s_graphs(
        tmp_path: Path) -> None:
    """Loaded from the title's list (the app opens the save), a finished game shows who won,
    the standings, a line per Clan in every graph and each Clan's final report; Escape goes back
    to the title."""
    table = finished()
    path = tmp_path / "over.json"
    session.save(table.referee().game, path)
    winner = table.referee().game.state.winners[0]
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_screen(pilot, GameOverScreen)
        text = screen_text(app)
        assert "The game is over" in text and "winner" in text
        assert f"{winner} {table.referee().game.clan(winner).name}  winner" in text
        await pilot.press("g")
        await wait_until(pilot, lambda: screen.query(FiguresPlot), "the graphs")
        assert all(len(plot.lines) == 2 for plot in screen.query(FiguresPlot))
        await pilot.press("f")
        clans = screen.query_one("#final-clans", OptionList)
        await wait_until(pilot, lambda: clans.has_focus, "the list of Clans")
        await pilot.press("down")
        second = screen.rows[1]
        await wait_until(pilot, lambda: f"report for Clan {second.clan} " in str(
            screen.query_one("#final-text", Static).content), "the second Clan's final report")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen.id == "title", "the title")


class GameOverHost(App[None]):
    """The end-of-game screen alone (snapshots)."""

    def __init__(self, screen: GameOverScreen) -> None:
        super().__init__()
        self.end_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.end_screen)


@pytest.mark.parametrize(("tab", "size"), [("standings", (80, 24)), ("standings", (160, 50)),
                                         ("graphs", (80, 24)), ("graphs", (160, 50))],
                         ids=["standings-80x24", "standings-160x50", "graphs-80x24",
                              "graphs-160x50"])
def test_game_over_snapshot(size: tuple[int, int], tab: str, snap_compare: Any) -> None:
    """The standings (the winner marked) and everyone's graphs, at both sizes."""
    screen = game_over_screen(finished())

    async def choose(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen), "the end")
        if tab == "graphs":
            await pilot.press("g")
            await wait_until(pilot, lambda: pilot.app.screen.query(FiguresPlot), "the graphs")
        await pilot.pause()

    assert snap_compare(GameOverHost(screen), terminal_size=size, run_before=choose)
