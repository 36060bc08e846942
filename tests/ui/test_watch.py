"""Watching a game of bots (issue 17): a game turn per key, every Clan's holdings, the seats."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.session import Session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.handover import HandoverScreen
from conquest_tui.ui.screens.watch import ReportViewer, WatchScreen
from tests.ui.helpers import (
    screen_text,
    take_the_terminal,
    wait_for_command,
    wait_for_screen,
    wait_until,
)

SEED = "watch"
SAVED_AT = 1_700_000_000


def _save(folder: Path, name: str, *, bots: int, clans: int = 4) -> Path:
    path = folder / f"{name}.json"
    session.save(session.new_game(map_name="test_small", clans=clans, bots=bots, seed=SEED,
                                  level=["hard", "normal", "easy", "normal"][:clans]), path)
    os.utime(path, (SAVED_AT, SAVED_AT))
    return path


async def _ask_palette(pilot: Pilot[int], command: str) -> None:
    """Open the command palette and ask for a command by its whole name (typed at once)."""
    from textual.command import CommandPalette
    from textual.widgets import Input

    await pilot.press("ctrl+p")
    palette = await wait_for_screen(pilot, CommandPalette)
    palette.query_one(Input).value = command
    await wait_for_command(pilot, command)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_watch_screen_at_both_sizes(saves: Path, snap_compare: Any,
                                    size: tuple[int, int]) -> None:
    """Holdings of every Clan on the map, the standings with each bot's level, the keys."""
    path = _save(saves, "bots", bots=4)

    async def watching(pilot: Pilot[int]) -> None:
        await wait_for_screen(pilot, WatchScreen)
        await pilot.pause()

    assert snap_compare(ConquestApp(path, cursor_blink=False), terminal_size=size,
                        run_before=watching)


async def test_space_plays_one_game_turn_at_a_time_and_saves(saves: Path) -> None:
    path = _save(saves, "bots", bots=4)
    async with ConquestApp(path, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        screen = await wait_for_screen(pilot, WatchScreen)
        assert screen.session.game_turn == 1, "nothing is played before the key"
        for turn in (2, 3):
            await pilot.press("space")
            await wait_until(pilot, lambda t=turn: screen.session.game_turn == t
                             and not screen.busy, f"game turn {turn}")
            assert len(screen.sentences) == 4
        text = screen_text(pilot.app)
        assert "game turn 3" in text
        assert "(hard): " in text and "income $" in text, "what each bot did"
        assert Session.open(path).referee().game.state.game_turn == 3, "each game turn is saved"
        await pilot.press("r")
        viewer = await wait_for_screen(pilot, ReportViewer)
        assert "report for Clan" in viewer.text
        await pilot.press("escape")
        await wait_for_screen(pilot, WatchScreen)


async def test_taking_over_a_bot_seat_from_the_palette_is_saved(saves: Path) -> None:
    path = _save(saves, "bots", bots=4)
    game = Session.open(path).referee().game
    first = game.clan(game.state.clan_order[0])
    async with ConquestApp(path, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        await wait_for_screen(pilot, WatchScreen)
        await _ask_palette(pilot, f"Take over Clan {first.number}")
        await pilot.press("enter")
        handover = await wait_for_screen(pilot, HandoverScreen)
        assert handover.clan_number == first.number
        assert "Bot seats: " in handover.note and "(easy)" in handover.note, "seats are public"
        assert Session.open(path).referee().game.clan(first.number).seat == "human"


async def test_handing_this_seat_to_a_bot_lets_it_play_at_once(saves: Path) -> None:
    path = _save(saves, "mixed", bots=1, clans=2)
    async with ConquestApp(path, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        screen = await take_the_terminal(pilot)
        clan = screen.clan_number
        await _ask_palette(pilot, "Hand this seat to a bot (hard)")
        await pilot.press("enter")
        watch = await wait_for_screen(pilot, WatchScreen)  # no person is left at the table
        seated = Session.open(path).referee().game.clan(clan)
        assert (seated.seat, seated.bot_level) == ("bot", "hard")
        assert watch.session.seat_info(clan).is_bot


async def test_a_seat_with_a_pin_changes_hands_only_with_its_pin(saves: Path) -> None:
    """At the hand-over, handing a PIN seat to a bot asks its PIN first (rules-interpretations:
    Seats); with it, the bot plays that turn and the next person is called."""
    from conquest_tui.pins.hashing import hash_pin
    from conquest_tui.ui.screens.handover import PinPrompt

    path = saves / "pin.json"
    game = session.new_game(map_name="test_small", clans=2, seed=SEED,
                            pin_hashes=[hash_pin("4321"), hash_pin("9999")])
    session.save(game, path)
    first = game.state.clan_order[0]
    label = f"Hand Clan {first} ({game.clan(first).name}) to a bot (normal)"
    async with ConquestApp(path, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        await _ask_palette(pilot, label)
        await pilot.press("enter")
        await wait_for_screen(pilot, PinPrompt)
        assert Session.open(path).seat_info(first).seat == "human", "nothing before the PIN"
        await pilot.press(*"4321", "enter")
        await wait_until(pilot, lambda: pilot.app.screen.clan_number != first,
                         "the next person's hand-over")
        handover = pilot.app.screen
        assert isinstance(handover, HandoverScreen)
        assert f"Clan {first} " in handover.note and "(normal)" in handover.note
        assert Session.open(path).referee().game.clan(first).seat == "bot"
