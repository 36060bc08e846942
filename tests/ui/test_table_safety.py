"""Issue 16 at the table: quitting keeps the sheet, saves before every hand-over, damaged saves
offer their backup, plain words (no rule ids, markup shown as typed), screenshots told on screen."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.storage.savefile import backup_path
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.dialogs import ConfirmDialog
from conquest_tui.ui.screens.handover import HandoverScreen
from conquest_tui.ui.screens.report import ReportScreen
from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane
from tests.ui.helpers import screen_text, take_the_terminal, wait_for_screen, wait_until

SIZE = (120, 40)


def _snapshot(snap_compare: Any, path: Path, size: tuple[int, int],
              run_before: Callable[[Pilot[int]], Awaitable[None]]) -> bool:
    """The app on `path` (saves in the working folder) matches its snapshot after `run_before`."""
    app = ConquestApp(path, saves_folder=Path("."), cursor_blink=False)
    return bool(snap_compare(app, terminal_size=size, run_before=run_before))


def _saved(folder: Path, seed: str, names: list[str] | None = None) -> Path:
    game = session.new_game(map_name="test_small", clans=2, seed=seed, names=names)
    path = folder / f"{seed}.json"
    session.save(game, path)
    return path


async def test_ctrl_q_asks_and_keeps_the_sheet(tmp_path: Path) -> None:
    """Ctrl+Q asks first ("n" stays); "y" saves the sheet being written with the game."""
    path = _saved(tmp_path, "quit")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.press("f2", *"ENLIST 3", "ctrl+q")
        dialog = await wait_for_screen(pilot, ConfirmDialog)
        assert dialog.question == "Quit? Your sheet is kept."
        await pilot.press("ctrl+q")  # asked once, not twice
        await pilot.pause()
        assert len([s for s in app.screen_stack if isinstance(s, ConfirmDialog)]) == 1
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is screen, "back at the sheet")
        await pilot.press("ctrl+q", "y")
        await wait_until(pilot, lambda: app.return_value == 0, "the app to close")
    assert "ENLIST 3" in session.load(path).clan(screen.clan_number).draft_sheet


async def test_every_hand_over_is_reached_after_a_save(tmp_path: Path) -> None:
    """The next Clan's hand-over screen shows only once the save on disk says it is its turn."""
    path = _saved(tmp_path, "handover")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        first = await take_the_terminal(pilot)
        await pilot.press("f5", "y")
        await wait_for_screen(pilot, ReportScreen)
        await pilot.press("enter")
        handover = await wait_for_screen(pilot, HandoverScreen)
        assert handover.clan_number != first.clan_number
        assert session.load(path).state.active_clan == handover.clan_number


SUMMARY_CUT = 244
"""Bytes of a save kept by the damaged-save snapshot: the cut falls in its summary line (the
checksum line above it is a CRC-32's from save version 10)."""


def _damage(path: Path, keep: int | None = None) -> bytes:
    """Save once more (so a good backup exists), then break the save (cut to half, or to its
    first `keep` bytes: an error place that does not move when the game's data grows); its
    bytes."""
    session.save(session.load(path), path)
    whole = path.read_bytes()
    broken = whole[:keep or len(whole) // 2]  # cut short, as a full disk or a crash might
    path.write_bytes(broken)
    return broken


async def test_a_damaged_save_offers_its_newest_good_backup(tmp_path: Path) -> None:
    path = _saved(tmp_path, "damaged")
    broken = _damage(path)
    assert backup_path(path, 1).is_file()
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await wait_for_screen(pilot, ConfirmDialog)
        assert dialog.question.startswith("damaged.json is damaged (")
        assert "Open its backup from " in dialog.question
        await pilot.press("y")
        await wait_for_screen(pilot, HandoverScreen)
    assert path.read_bytes() == broken, "not overwritten before the next save"


async def test_a_damaged_save_without_backups_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "lost.json"
    path.write_text("{not json", encoding="utf-8")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "lost.json" in screen_text(app), "the refusal")
        assert not any(isinstance(s, ConfirmDialog) for s in app.screen_stack)


async def test_report_hides_rule_ids_until_asked_cc_rpt_01(tmp_path: Path) -> None:
    """The report speaks in sentences; r shows the rulebook references, and r hides them.
    Clan names are shown as typed, never read as markup."""
    path = _saved(tmp_path, "rules", names=["[b]Bold[/b]", "[red]Reds"])
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        name = session.load(path).clan(session.load(path).state.active_clan).name
        assert name in screen_text(app)
        await take_the_terminal(pilot)
        await pilot.press("f5", "y")
        report = await wait_for_screen(pilot, ReportScreen)
        assert f"({name})" in screen_text(app)
        assert "(CC-" not in screen_text(app)
        assert "Rule refs" in screen_text(app), "the toggle is in the footer"
        await pilot.press("r")
        await wait_until(pilot, lambda: "(CC-" in screen_text(app), "rule ids shown")
        assert report.show_rules
        await pilot.press("r")
        await wait_until(pilot, lambda: "(CC-" not in screen_text(app), "rule ids hidden")


async def test_a_screenshot_goes_to_the_saves_folder_and_says_where(tmp_path: Path) -> None:
    path = _saved(tmp_path, "shot")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    told: list[str] = []
    notify = app.notify

    def heard(message: str, **options: Any) -> None:
        told.append(message)
        notify(message, **options)

    app.notify = heard  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("f12")
        await wait_until(pilot, lambda: list(tmp_path.glob("*.svg")), "the screenshot file")
        shot = next(tmp_path.glob("*.svg"))
        await wait_until(pilot, lambda: told, "a note on screen")
        assert told == [f"Saved to {shot}"]
    assert not (Path(os.environ["HOME"]) / "Downloads").exists()


async def test_bought_lines_hint_says_how_long_they_last_cc_cl_order_01(tmp_path: Path) -> None:
    path = _saved(tmp_path, "order")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        sheet = screen.query_one(OrderSheetPane)
        await pilot.press("f2")
        await wait_until(pilot, lambda: sheet.editor.has_focus, "the order sheet's focus")
        await pilot.press(*"ORDER 1 1")
        await wait_until(pilot, lambda: "next turn only" in sheet.hint, "the lifetime in the hint")
        assert sheet.border_subtitle == "Ln 2, Col 10"


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_quit_dialog_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snap_compare: object,
                              size: tuple[int, int]) -> None:
    monkeypatch.chdir(tmp_path)
    path = _saved(Path("."), "snapquit")

    async def ask(pilot: Pilot[int]) -> None:
        await take_the_terminal(pilot)
        await pilot.press("ctrl+q")
        await wait_for_screen(pilot, ConfirmDialog)

    assert _snapshot(snap_compare, path, size, ask)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_damaged_save_dialog_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      snap_compare: object, size: tuple[int, int]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    path = _saved(Path("."), "snapdamaged")
    _damage(path, keep=SUMMARY_CUT)
    os.utime(backup_path(path, 1), (1_700_000_000, 1_700_000_000))

    async def wait(pilot: Pilot[int]) -> None:
        await wait_for_screen(pilot, ConfirmDialog)

    try:
        assert _snapshot(snap_compare, path, size, wait)
    finally:
        monkeypatch.undo()
        time.tzset()


def test_help_starts_with_a_first_turn_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               snap_compare: object) -> None:
    """At 80×24 the first screen of F1 is the first turn, step by step."""
    monkeypatch.chdir(tmp_path)
    path = _saved(Path("."), "snaphelp")

    async def help_on_the_game_screen(pilot: Pilot[int]) -> None:
        from conquest_tui.ui.screens.help import HelpScreen

        await take_the_terminal(pilot)
        await pilot.press("f1")
        await wait_for_screen(pilot, HelpScreen)

    assert _snapshot(snap_compare, path, (80, 24), help_on_the_game_screen)


async def test_the_sheet_reaches_the_save_a_moment_after_typing_stops(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A closed window or a killed process loses nothing typed before the pause (about 2 s;
    shortened here): the draft is written into the save without Ctrl+S or Ctrl+Q."""
    from conquest_tui.ui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "DRAFT_PAUSE", 0.2)
    path = _saved(tmp_path, "pause")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.press("f2", *"ENLIST 4")
        assert screen.draft_pending, "typing restarts the pause"
        await wait_until(pilot, lambda: "ENLIST 4" in session.load(path).clan(
            screen.clan_number).draft_sheet, "the draft in the save")
        assert not screen.draft_pending


async def test_a_game_moved_on_in_another_window_is_loaded_again_not_overwritten(
        tmp_path: Path) -> None:
    """Another window plays this Clan's turn: ending the turn here loads the game again (the
    other window's turn stands) instead of writing over it."""
    path = _saved(tmp_path, "moved")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        other = session.Session.open(path)
        other.open_seat(screen.clan_number).submit("[PRE]\nENLIST 6\n")
        await pilot.press("f5", "enter")
        handover = await wait_for_screen(pilot, HandoverScreen)
        assert handover.clan_number != screen.clan_number
        assert handover.note.startswith("The game moved on: Clan ")
        assert "in another window; it was loaded again." in handover.note
    saved = session.load(path)
    assert saved.clan(screen.clan_number).turns_played == 1


async def test_a_hand_over_waiting_while_another_window_plays_goes_on_from_its_turn(
        tmp_path: Path) -> None:
    """The hand-over screen waits; another window plays that Clan's turn; Enter loads the game
    again and calls the next Clan (never the turn already played, never a crash)."""
    path = _saved(tmp_path, "waiting")
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        first = await wait_for_screen(pilot, HandoverScreen)
        session.Session.open(path).open_seat(first.clan_number).submit("")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoverScreen)
                         and app.screen.clan_number != first.clan_number, "the next hand-over")
        assert len([s for s in app.screen_stack if isinstance(s, HandoverScreen)]) == 1
    assert session.load(path).clan(first.clan_number).turns_played == 1
