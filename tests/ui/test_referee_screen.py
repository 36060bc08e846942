"""The referee's view in the app: from the title behind the referee PIN, never from a hand-over
or a seat; Escape returns to the title (issue 31, point 4)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from textual.widgets import Input, TabbedContent

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.battle import BattleScreen
from conquest_tui.ui.screens.handover import HandoverScreen, PinPrompt
from conquest_tui.ui.screens.help import HelpScreen, help_renderable
from conquest_tui.ui.screens.referee import RefereeScreen
from conquest_tui.ui.screens.title import TitleScreen
from tests.referee_helpers import REFEREE_PIN, battle_save
from tests.ui.helpers import screen_text, wait_for_screen, wait_until


async def test_the_referee_pin_opens_the_view_and_escape_returns_to_the_title(
        tmp_path: Path) -> None:
    battle_save(tmp_path / "battle.json")
    app = ConquestApp(saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        title = await wait_for_screen(pilot, TitleScreen)
        await wait_until(pilot, lambda: title.saves, "the saves listed")
        await pilot.press("down", "down", "enter")  # the menu's "Referee's view"
        assert title.refereeing
        await pilot.press("enter")
        prompt = await wait_for_screen(pilot, PinPrompt)
        await pilot.press(*"wrong", "enter")
        await wait_until(pilot, lambda: prompt.note == "Wrong PIN.", "the wrong PIN said")
        await pilot.press(*REFEREE_PIN, "enter")
        referee = await wait_for_screen(pilot, RefereeScreen)
        shown = screen_text(app)
        assert "Clan 856 (Iron Wolves), human: popularity" in shown
        assert "Clan 246 (Road Hogs)" in shown and "Money $" in shown
        assert REFEREE_PIN not in shown
        await pilot.press("d")
        await pilot.pause()
        assert referee.query_one("#referee-tabs", TabbedContent).active == "referee-dice"
        dice = " ".join(screen_text(app).split())
        assert "Clan 856, turn 1" in dice and "Convoy #1 attacked Clan 246's convoy #1" in dice
        # Every die follows, grouped by Clan turn; the long list, which `d` gave the keys,
        # scrolls to its last draw.
        assert "Every die of the last game turn" in dice
        scroll = referee.query_one("#referee-dice .referee-scroll")
        await pilot.press("end")
        await pilot.pause()
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
        assert "maintenance, convoy #1: a roll of 3 to 6 came up" in screen_text(app)
        await pilot.press("b", "enter")
        battle = await wait_for_screen(pilot, BattleScreen)
        assert battle.rounds >= 2
        await pilot.press("end")
        await pilot.pause()
        assert f"Round {battle.rounds} of {battle.rounds}" in screen_text(app)
        await pilot.press("escape")
        await wait_for_screen(pilot, RefereeScreen)
        await pilot.press("escape")
        await wait_for_screen(pilot, TitleScreen)
        assert app.session is None  # no game was opened to play


async def test_a_game_without_a_referee_says_so_on_the_title(tmp_path: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="plain")
    session.save(game, tmp_path / "plain.json")
    app = ConquestApp(saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        title = await wait_for_screen(pilot, TitleScreen)
        await wait_until(pilot, lambda: title.saves, "the saves listed")
        await pilot.press("l", "r")
        await wait_until(pilot, lambda: any("This game has no referee" in note.message
                                            for note in app._notifications), "the notice")
        assert isinstance(app.screen, TitleScreen)


async def test_the_hand_over_and_the_seat_never_offer_the_referee(tmp_path: Path) -> None:
    """Neither the hand-over screen nor a Clan's game screen has a key, a command or a word
    that leads to the referee's view, even in a game with a referee PIN."""
    path = battle_save(tmp_path / "battle.json")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        handover = await wait_for_screen(pilot, HandoverScreen)
        keys = [active.binding for active in handover.active_bindings.values()]
        assert not [b for b in keys if "referee" in f"{b.action} {b.description}".lower()]
        assert "referee" not in screen_text(app).lower()
        await pilot.press("r")
        await pilot.pause()
        assert not any(isinstance(shown, (RefereeScreen, PinPrompt))
                       for shown in app.screen_stack)
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, HandoverScreen),
                         "the Clan's game screen")
        game_screen = app.screen
        keys = [active.binding for active in game_screen.active_bindings.values()]
        assert not [b for b in keys if "referee" in f"{b.action} {b.description}".lower()]
        assert not isinstance(game_screen, RefereeScreen)
        assert not app.query(Input).filter("#referee-pin")


async def test_the_new_game_form_sets_a_referee_pin(tmp_path: Path) -> None:
    """The form's Referee PIN makes a game with a referee; the save keeps only its hash."""
    from conquest_tui.ui.screens.new_game import NewGameScreen

    app = ConquestApp(saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("enter")
        form = await wait_for_screen(pilot, NewGameScreen)
        await pilot.press("enter", *"test", "enter")
        await wait_until(pilot, lambda: form.map_name == "test_small", "test_small chosen")
        form.query_one("#referee-pin", Input).value = "flag-on-the-play"
        await pilot.press("ctrl+s")
        await wait_for_screen(pilot, HandoverScreen)
        table = app.session
        assert table is not None and table.has_referee and table.path is not None
        assert "flag-on-the-play" not in table.path.read_text(encoding="utf-8")
        assert table.open_referee("flag-on-the-play").clans


async def test_a_battle_opened_from_the_referee_s_view_says_escape_goes_back_to_it(
        tmp_path: Path) -> None:
    """The battle screen opened from the referee's view lists Escape in F1's keys as going back
    to the referee's view (not to a report, which the referee never had), and it does."""
    battle_save(tmp_path / "battle.json")
    app = ConquestApp(saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        title = await wait_for_screen(pilot, TitleScreen)
        await wait_until(pilot, lambda: title.saves, "the saves listed")
        await pilot.press("down", "down", "enter", "enter")  # "Referee's view", the save
        await wait_for_screen(pilot, PinPrompt)
        await pilot.press(*REFEREE_PIN, "enter")
        referee = await wait_for_screen(pilot, RefereeScreen)
        await pilot.press("b", "enter")
        battle = await wait_for_screen(pilot, BattleScreen)
        await pilot.press("f1")
        help_screen = await wait_for_screen(pilot, HelpScreen)
        console = Console(width=160, record=True, file=io.StringIO())
        console.print(help_renderable(help_screen.groups, help_screen.orders))
        keys = console.export_text()
        assert "Back to the referee's view" in keys and "Back to the report" not in keys
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is battle, "the battle again")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is referee, "the referee's view again")
