"""The hot-seat app by key presses only: new game, two Clans' turns, game-turn end, load."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Input

from conquest_tui import session
from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.launch import load_keymap
from conquest_tui.ui.screens.dialogs import ConfirmDialog
from conquest_tui.ui.screens.handover import HandoverScreen
from conquest_tui.ui.screens.help import HelpScreen, help_renderable, rules_interpretations_path
from conquest_tui.ui.screens.new_game import NewGameScreen
from conquest_tui.ui.screens.report import ReportScreen
from conquest_tui.ui.screens.title import TitleScreen
from conquest_tui.ui.widgets.map_pane import MapPane
from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane
from conquest_tui.ui.widgets.status_line import StatusLine
from tests.ui.helpers import (
    legal_step,
    screen_text,
    take_the_terminal,
    wait_for_command,
    wait_for_screen,
    wait_until,
)

SIZE = (200, 60)

MAP_KEYS = {"N": "up", "S": "down", "NW": "y", "NE": "u", "SW": "b", "SE": "n"}
"""The map pane's cursor key for each direction."""


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    return tmp_path


async def new_game_by_keys(pilot: Pilot[int], seed: str) -> None:
    """Title → New game → test_small, seed typed, Ctrl+S; ends at the first hand-over."""
    app = pilot.app
    assert isinstance(app.screen, TitleScreen)
    await pilot.press("enter")  # "New game" is highlighted
    await wait_for_screen(pilot, NewGameScreen)
    await pilot.press("enter", *"test", "enter")  # open the map list, search, choose
    await wait_until(pilot, lambda: getattr(app.screen, "map_name", "") == "test_small",
                     "test_small chosen")
    await pilot.press("tab", "tab", "ctrl+a", "ctrl+k", *seed)  # clans, then seed
    await pilot.pause()
    await pilot.press("ctrl+s")
    await wait_for_screen(pilot, HandoverScreen)


async def play_turn(pilot: Pilot[int], *, orders: bool) -> ReportScreen:
    """Hand-over → game screen → (a BUY and a move) → End turn → yes; returns the report."""
    screen = await take_the_terminal(pilot)
    if orders:
        await pilot.press("f2", *"BUY 10 FOOD")  # the line under [PRE]
        step = legal_step(screen.app.session.referee().game, screen.clan_number)
        await pilot.press("escape", MAP_KEYS[step], "m")  # map cursor one hex away, move
        await pilot.pause()
        text = screen.query_one(OrderSheetPane).text
        assert "BUY 10 FOOD" in text and step in text.split()
    await pilot.press("f5")
    await wait_for_screen(pilot, ConfirmDialog)
    await pilot.press("y")
    report = await wait_for_screen(pilot, ReportScreen)
    return report


async def test_two_clans_play_a_game_turn_by_keys_and_the_autosave_resumes(
        _saves: Path) -> None:
    app = ConquestApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game_by_keys(pilot, "flow")
        assert app.session is not None
        game = app.session.referee().game
        assert app.session.path == _saves / "test_small-flow.json"
        first, second = game.state.clan_order
        assert isinstance(app.screen, HandoverScreen) and app.screen.clan_number == first
        food_before = game.clan(first).stock.food

        report = await play_turn(pilot, orders=True)
        assert report.report.clan == first
        sheet = report.sheet_text.splitlines()
        buy_line = next(i for i, line in enumerate(sheet, 1) if line.startswith("BUY"))
        events_by_line = {event.line for event in report.report.events}
        assert buy_line in events_by_line, "the BUY ran and its event names its line"
        assert any(event.pulse and event.line > buy_line for event in report.report.events), \
            "the move ran in a pulse and its event names its line"
        assert not report.report.problems
        await pilot.press("enter")
        await wait_for_screen(pilot, HandoverScreen)
        assert app.screen.clan_number == second
        assert app.screen.game_turn == 1

        await play_turn(pilot, orders=False)
        await pilot.press("enter")
        handover = await wait_for_screen(pilot, HandoverScreen)
        assert handover.clan_number == first and handover.game_turn == 2, \
            "after the last Clan the game turn ends and the first Clan's hand-over follows"
        assert "Game turn 1 is over" in handover.note

    saved = session.load(_saves / "test_small-flow.json")
    assert saved.state.game_turn == 2
    assert saved.state.active_clan == first
    assert saved.clan(first).stock.food >= food_before + 10 - 20, "the BUY was kept"
    assert "BUY 10 FOOD" in saved.clan(first).last_turn.sheet
    assert saved.convoys_of(first)[0].hex != game.convoys_of(second)[0].hex

    again = ConquestApp(_saves / "test_small-flow.json", cursor_blink=False)
    async with again.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, HandoverScreen)
        assert (screen.clan_number, screen.game_turn) == (first, 2)
        resumed = await take_the_terminal(pilot)  # past what happened since its last turn
        assert resumed.clan_number == first


async def test_a_bad_line_shows_at_once_and_the_good_lines_still_run(_saves: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="bad-line")
    path = _saves / "bad.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        sheet = screen.query_one(OrderSheetPane)
        assert sheet.problem_count == 0
        await pilot.press("f2", *"BUY 10 FOOD", "enter", *"XYZZY")
        # No pause: the keystroke's own message cycle has shown the problem.
        assert sheet.problem_count == 1
        assert "1 problem" in str(sheet.border_title)
        assert "1 problem" in screen.query_one(StatusLine).plain
        await pilot.press("f5", "y")
        report = await wait_for_screen(pilot, ReportScreen)
        assert [p.line for p in report.report.problems] == [3]
        assert 2 in {event.line for event in report.report.events}, "BUY 10 FOOD still ran"


async def test_save_and_quit_keeps_the_sheet_being_written(_saves: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="draft")
    path = _saves / "draft.json"
    session.save(game, path)
    first = game.state.active_clan
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("f2", *"ENLIST 5", "ctrl+s")
        await wait_for_screen(pilot, TitleScreen)  # Save & quit goes back to the title
        assert app.session is None
    saved = session.load(path)
    assert saved.state.active_clan == first
    assert "ENLIST 5" in saved.clan(first).draft_sheet

    again = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with again.run_test(size=SIZE) as pilot:
        await take_the_terminal(pilot)
        assert "ENLIST 5" in again.screen.query_one(OrderSheetPane).text


async def test_convoy_selection_centres_the_map_and_help_lists_orders(_saves: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="help")
    path = _saves / "help.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await take_the_terminal(pilot)
        convoy = screen.view.convoys()[0]
        map_pane = screen.query_one(MapPane)
        await pilot.press("up", "up")
        assert map_pane.cursor != convoy.hex
        await pilot.press("f6", "enter")  # convoy pane, "show on map"
        await pilot.pause()
        assert map_pane.cursor == convoy.hex
        await pilot.press("f1")
        help_screen = await wait_for_screen(pilot, HelpScreen)
        assert "Help" in screen_text(app)
        console = Console(width=160, record=True, file=io.StringIO())
        console.print(help_renderable(help_screen.groups, help_screen.orders))
        help_text = console.export_text()
        assert "BUY quantity item [#convoy]" in help_text
        assert "End turn" in help_text and "F5" in help_text
        assert all(spec.keyword in help_text for spec in load_ruleset().orders.specs)
        assert help_text.index("Your first turn") < help_text.index("Keys")
        assert rules_interpretations_path().name in help_text
        assert "CC-" not in help_text and ".toml" not in help_text, "no rule ids nor files"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_bindings_have_ids_and_can_be_rebound(_saves: Path) -> None:
    keys = _saves / "keys.toml"
    keys.write_text('[game]\nsubmit = "f9"\n', encoding="utf-8")
    keymap = load_keymap(keys)
    assert keymap == {"game.submit": "f9"}
    game = session.new_game(map_name="test_small", clans=2, seed="keys")
    path = _saves / "keys.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False, keymap=keymap)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        assert all(binding.id for binding in screen.BINDINGS if isinstance(binding, Binding))
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen is screen, "F5 no longer ends the turn"
        await pilot.press("f9")
        await wait_for_screen(pilot, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        listed = {binding.id: binding.key for _, bindings in app.key_groups(screen)
                  for binding in bindings}
        assert listed["game.submit"] == "f9", "help lists the key in force"
        assert listed["app.palette"] == "ctrl+p" and listed["app.quit"] == "ctrl+q"


async def test_the_command_palette_saves_and_jumps(_saves: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="palette")
    path = _saves / "palette.json"
    session.save(game, path)
    city = next(site for site in game.map.cities if site.name.startswith("B"))
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.press("f2", *"ENLIST 3", "ctrl+p")
        await pilot.pause()
        await pilot.press(*"save game")
        await wait_for_command(pilot, "Save game")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "ENLIST 3" in session.load(path).clan(
            screen.clan_number).draft_sheet, "the save with the sheet being written")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*f"jump to city {city.name}")
        await wait_for_command(pilot, f"Jump to city {city.name}")
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.query_one(MapPane).cursor == city.hex,
                         "the map cursor on the city")


async def test_the_last_game_turn_ends_with_final_standings_cc_pop_09_amb_57(
        _saves: Path) -> None:
    """With a one-turn limit, the second Clan's report shows the end and the winner."""
    game = session.new_game(map_name="test_small", clans=2, seed="finale", turn_limit=1)
    path = _saves / "finale.json"
    session.save(game, path)
    app = ConquestApp(path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_turn(pilot, orders=False)
        await pilot.press("enter")
        await pilot.pause()
        report = await play_turn(pilot, orders=False)
        assert report.report.game_over.startswith("The game is over: game turn 1 was the last")
        text = screen_text(app)
        assert "END OF THE GAME" in text and "FINAL STANDINGS" in text and "*winner*" in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: "game turn 1 was the last of the game" in screen_text(app),
                         "the end of the game on screen")
    assert session.load(path).state.finished


async def test_the_new_game_form_sets_the_last_game_turn_amb_57(_saves: Path) -> None:
    """AMB-57: the form shows the rulebook's turn limit and the game keeps the one typed."""
    app = ConquestApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        form = await wait_for_screen(pilot, NewGameScreen)
        limit = form.query_one("#turn-limit", Input)
        assert limit.value == str(load_ruleset().game.default_turn_limit)
        await pilot.press("enter", *"test", "enter")
        await pilot.pause()
        limit.focus()
        await pilot.press("ctrl+a", "ctrl+k", "1", "2", "ctrl+s")
        await wait_for_screen(pilot, HandoverScreen)
        assert app.session is not None and app.session.referee().game.state.turn_limit == 12


async def test_a_bot_seat_of_the_new_game_form_has_a_level_not_a_pin(_saves: Path) -> None:
    """Turning a seat into a bot hides its PIN and offers its level; the game keeps it."""
    from textual.widgets import Select, Switch

    app = ConquestApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        form = await wait_for_screen(pilot, NewGameScreen)
        await pilot.press("enter", *"test", "enter")
        await pilot.pause()
        level = form.query_one("#level-1", Select)
        assert not level.display and form.query_one("#pin-1", Input).display
        form.query_one("#bot-1", Switch).value = True
        await pilot.pause()
        assert level.display and not form.query_one("#pin-1", Input).display
        level.value = "hard"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session is not None
        seats = {seat.name: (seat.seat, seat.level) for seat in app.session.seats()}
        assert ("bot", "hard") in seats.values() and ("human", "normal") in seats.values()


async def test_a_clan_resigns_from_the_palette_and_is_skipped_cc_gen_11(_saves: Path) -> None:
    """CC-GEN-11 (hot-seat): "Resign" asks first, then the Clan drops out, the game autosaves
    and the next Clan's hand-over says so without naming anything of the Clan."""
    game = session.new_game(map_name="test_small", clans=3, seed="resign")
    path = _saves / "resign.json"
    session.save(game, path)
    quitter, following, _ = game.state.clan_order
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        assert screen.clan_number == quitter
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"resign")
        await wait_for_command(pilot, "Resign")
        await pilot.press("enter")
        await wait_for_screen(pilot, ConfirmDialog)
        await pilot.press("y")
        handover = await wait_for_screen(pilot, HandoverScreen)
        assert handover.clan_number == following
        assert f"Clan {quitter} has resigned." in screen_text(app)
        saved = session.load(path)
        assert saved.clan(quitter).resigned and saved.state.active_clan == following


async def test_the_title_lists_the_saves_and_opens_the_one_chosen(_saves: Path) -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="listed")
    session.save(game, _saves / "listed.json")
    active = game.clan(game.state.active_clan)
    app = ConquestApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        title = await wait_for_screen(pilot, TitleScreen)
        await wait_until(pilot, lambda: bool(title.saves), "the saves listed")
        assert "listed.json" in screen_text(app) and "1 save in" in screen_text(app)
        await pilot.press("ctrl+l", "enter")
        handover = await wait_for_screen(pilot, HandoverScreen)
        assert handover.clan_number == active.number
        assert app.session is not None and app.session.path == _saves / "listed.json"
