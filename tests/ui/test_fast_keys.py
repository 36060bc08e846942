"""Keys typed faster than the screens open and close crash nothing and lose no sheet: seeded
bursts through the whole app at 80×24 (tools/fast_keys.py runs hundreds), and each crash they
found, by its keys. The standard: no keystroke can crash the app or lose a draft."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandList
from textual.widgets import Select

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.command_palette import SafePalette
from conquest_tui.ui.screens.handover import HandoverScreen
from conquest_tui.ui.screens.help import HelpScreen
from conquest_tui.ui.screens.new_game import NewGameScreen
from conquest_tui.ui.screens.title import TitleScreen
from tests.ui.helpers import take_the_terminal, wait_for_command, wait_until
from tools.fast_keys import SIZE, lay_out_saves, one_seed, press_at_once


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


def game_in(folder: Path, seed: str) -> Path:
    """A two-Clan game on test_small saved in `folder`."""
    path = folder / f"{seed}.json"
    session.save(session.new_game(map_name="test_small", clans=2, seed=seed), path)
    return path


async def test_a_seeded_burst_of_keys_from_the_title_on_crashes_nothing(saves: Path) -> None:
    """A new game, the hand-over and the game screen's pages at a fast typist's pace: the app
    never raises, and the sheet on screen when the window closes is the one saved."""
    assert await one_seed(3, saves, bursts=4) is None


async def test_page_down_in_the_palette_before_its_list_is_drawn(saves: Path) -> None:
    """Ctrl+P, Page Down at once (the palette's list not laid out yet) crashed the app."""
    app = ConquestApp(saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_at_once(pilot, ["ctrl+p", "pagedown", "pageup", "pagedown"])
        await press_at_once(pilot, ["escape"])
        assert app.is_running


async def test_enter_twice_on_a_palette_command_runs_it_once(saves: Path) -> None:
    """Ctrl+P, a command, Enter Enter: the second Enter reached the closed palette, which closed
    the screen under it (the title: no screen left, a crash)."""
    app = ConquestApp(saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"keys")
        await wait_for_command(pilot, "Keys")
        await press_at_once(pilot, ["enter", "enter", "enter"])
        await pilot.pause()
        assert app.is_running
        assert len(app.screen_stack) >= 1


async def test_help_closed_and_opened_again_at_once(saves: Path) -> None:
    """F1, Esc, F1 in one burst on the game screen: the second help opened while the first was
    still closing (both took the same fixed id: a crash)."""
    app = ConquestApp(game_in(saves, "help-twice"), saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await take_the_terminal(pilot)
        await press_at_once(pilot, ["f1", "escape", "f1", "escape", "f1"])
        app.pop_screen()  # Esc, F1 handled before the help that closed was taken down
        app.action_help()
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert app.is_running


async def test_the_hand_over_left_and_reopened_at_once(saves: Path) -> None:
    """Esc on the hand-over (the title), then Enter on the save at once, twice over: each
    hand-over opened while the last was still closing (the same fixed id: a crash)."""
    path = game_in(saves, "handover-twice")
    app = ConquestApp(path, saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_to_title()  # Esc, then Enter on the save twice before a screen is gone
        app.on_title_screen_save_chosen(TitleScreen.SaveChosen(path))
        app.on_title_screen_save_chosen(TitleScreen.SaveChosen(path))
        await pilot.pause()
        await wait_until(pilot, lambda: isinstance(app.screen, HandoverScreen), "a hand-over")
        assert app.is_running


async def test_the_palette_closed_while_it_searches(saves: Path) -> None:
    """Seed 104 of tools/fast_keys.py (a game of bots watched; Enter, Enter, Ctrl+P, U): the
    next step of the game closed the palette while it searched for "U", and the search then
    failed on the palette's list, already taken down: a crash. Here the list is taken down as
    a closing palette's is, and a search starts after it."""
    app = ConquestApp(saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_at_once(pilot, ["ctrl+p"])
        palette = app.screen
        assert isinstance(palette, SafePalette)
        await palette.query_one(CommandList).remove()
        palette._gather_commands("U")  # noqa: SLF001 - what typing U starts
        await pilot.pause()
        await pilot.pause()
        assert app.is_running


async def test_help_and_relations_closed_before_they_are_shown(saves: Path) -> None:
    """Seeds 1113 and 1038 of tools/fast_keys.py: F1 (or R) and Esc handled before the page
    was drawn; the page, closed already, then looked for its scroll (its table) to focus: a
    crash. Closed at once, each page does nothing and the game screen stays."""
    from conquest_tui.ui.screens.game import GameScreen

    app = ConquestApp(game_in(saves, "closed-at-once"), saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        game = await take_the_terminal(pilot)
        app.action_help()
        app.pop_screen()  # Esc, handled before the help's first frame
        await pilot.pause()
        game.action_relations()
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, GameScreen)



async def test_enter_tab_page_up_on_the_map_dropdown_before_its_list_is_drawn(saves: Path) -> None:
    """The New Game form, then Enter (the map dropdown opens), Tab, Page Up at once: the page key
    reached the dropdown's list before it was drawn and crashed the app. It does nothing; the
    form stays, with the map it showed."""
    app = ConquestApp(saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_at_once(pilot, ["n"])
        assert isinstance(app.screen, NewGameScreen)
        shown = app.screen.query_one("#map-select", Select).value
        await press_at_once(pilot, ["enter", "tab", "pageup"])
        await press_at_once(pilot, ["pagedown"])
        assert app.is_running
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#map-select", Select).value == shown


async def test_the_new_game_form_closed_as_it_opens(saves: Path) -> None:
    """From the title, Up, Enter (Quit), n, l, x at once: the New Game form opened as the app
    closed, before its dropdowns had drawn their choice, which crashed the app. The app ends
    as a Quit ends it."""
    lay_out_saves(saves)
    app = ConquestApp(saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_at_once(pilot, ["up", "enter", "n", "l", "x"])
        await pilot.pause()
    assert app.return_code in (0, None)
