"""The hand-over PIN prompt: the right PIN opens the turn, wrong ones back off; drafts stay put."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Input

from conquest_tui import session
from conquest_tui.pins.hashing import hash_pin, is_pin_hash, verify_pin
from conquest_tui.session import Session
from conquest_tui.storage.savefile import backup_path
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.screens.handover import HandoverScreen, PinPrompt
from conquest_tui.ui.screens.title import TitleScreen
from tests.ui.helpers import wait_for_screen, wait_until

PINS = {"Iron Wolves": "wolfpin", "Road Hogs": "hogpin"}
"""The PIN of each Clan of the test game (text that appears nowhere else in a save)."""


def _pin_game(tmp_path: Path) -> tuple[Path, str]:
    """A saved two-Clan game with a PIN per Clan; the path and the first Clan's PIN."""
    game = session.new_game(map_name="test_small", clans=2, seed="pin-test",
                            names=list(PINS), pin_hashes=[hash_pin(p) for p in PINS.values()])
    path = tmp_path / "pin.json"
    session.save(game, path)
    return path, PINS[game.clan(game.state.active_clan).name]


def _fake_clock(table: Session) -> list[float]:
    """Give the session a clock that moves only when the test adds to it; that clock."""
    now = [1_000_000.0]
    table.clock = lambda: now[0]
    return now


async def test_wrong_pins_back_off_and_the_prompt_takes_no_pin_during_the_wait(
        tmp_path: Path) -> None:
    """Issue 13: three wrong PINs are free, then the prompt waits 1 s, 2 s … taking no input
    (not even the right PIN); the wait survives quitting the app."""
    path, pin = _pin_game(tmp_path)
    table = Session.open(path)
    now = _fake_clock(table)
    app = ConquestApp(path, session=table, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        await pilot.press("enter")
        prompt = await wait_for_screen(pilot, PinPrompt)
        pin_input = prompt.query_one("#pin-input", Input)
        for _ in range(4):
            await pilot.press("9", "enter")
        await wait_until(pilot, lambda: pin_input.disabled, "the wait")
        assert prompt.note == "Wrong PIN. Try again in 1 second."
        await pilot.press(*pin, "enter")
        await pilot.pause()
        assert app.screen is prompt and pin_input.value == ""
        assert not any(isinstance(shown, GameScreen) for shown in app.screen_stack)
        now[0] += 1
        await wait_until(pilot, lambda: not pin_input.disabled, "the end of the wait")
        assert prompt.note == "Wrong PIN."
        await pilot.press("9", "enter")
        await wait_until(pilot, lambda: pin_input.disabled, "the second wait")
        assert prompt.note == "Wrong PIN. Try again in 2 seconds."
        now[0] += 1
        await wait_until(pilot, lambda: prompt.note.endswith("in 1 second."), "the count")

    again = Session.open(path)
    again.clock = table.clock
    app = ConquestApp(path, session=again, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        await pilot.press("enter")
        prompt = await wait_for_screen(pilot, PinPrompt)
        assert prompt.query_one("#pin-input", Input).disabled
        assert prompt.note == "Try again in 1 second."
        now[0] += 1
        await wait_until(pilot, lambda: not prompt.query_one("#pin-input", Input).disabled,
                         "the end of the wait")
        await pilot.press(*pin, "enter")
        await wait_until(pilot, lambda: app.screen is not prompt, "the prompt to close")
        assert session.load(path).clan(prompt.door.number).pin_failures == 0, "a right PIN"



async def test_a_pin_clans_draft_is_kept_only_in_the_save(tmp_path: Path) -> None:
    """Issue 13: the sheet being written by a PIN-protected Clan is kept inside the save (and
    its backups), never in a loose file."""
    path, pin = _pin_game(tmp_path)
    marker = "ENLIST 4417"
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, PinPrompt)
        await pilot.press(*pin, "enter")
        screen = await wait_for_screen(pilot, GameScreen)
        await wait_until(pilot, lambda: screen.panes_ready, "the game screen's panes")
        await pilot.press("f2", *marker, "ctrl+s")
        await wait_for_screen(pilot, TitleScreen)  # saved, back at the title
    assert marker in session.load(path).clan(screen.clan_number).draft_sheet
    home = Path(os.environ["HOME"])
    holders = {file for folder in (tmp_path, home) for file in folder.rglob("*")
               if file.is_file() and marker.encode() in file.read_bytes()}
    saves = {path, *(backup_path(path, n) for n in range(1, 4))}
    assert holders and holders <= saves


async def test_escape_leaves_the_prompt_without_opening_the_turn(tmp_path: Path) -> None:
    path, _ = _pin_game(tmp_path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await wait_for_screen(pilot, HandoverScreen)


def test_the_save_holds_only_the_hash(tmp_path: Path) -> None:
    path, _ = _pin_game(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert not any(pin in text for pin in PINS.values())
    game = session.load(path)
    assert all(is_pin_hash(clan.pin_hash) for clan in game.state.clans)
    for clan in game.state.clans:
        assert verify_pin(PINS[clan.name], clan.pin_hash)
