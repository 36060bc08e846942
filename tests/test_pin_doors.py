"""No door shows or changes a Clan behind a PIN without it: every command line door, the watch
screen and the palette, for a PIN seat handed to a bot (docs/security.md; CC-GEN-02)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.cli import main
from conquest_tui.pins.hashing import hash_pin
from conquest_tui.session import Session

PIN = "1357"


@pytest.fixture(scope="module")
def pin_hash() -> str:
    return hash_pin(PIN)


@pytest.fixture
def saved(tmp_path: Path, pin_hash: str) -> tuple[Path, int]:
    """A person behind a PIN handed their seat to a bot; the other seat is a bot: a game of
    bots at the table, one of them still guarded. The save and the guarded Clan."""
    path = tmp_path / "walk.json"
    table = Session.new(path, map_name="test_small", clans=2, bots=1, seed="w",
                        pin_hashes=[pin_hash, ""])
    guarded = next(info.number for info in table.seats() if info.has_pin)
    table.open_seat(guarded, PIN).set_seat("bot", "normal")
    return path, guarded


def sheet(tmp_path: Path) -> str:
    path = tmp_path / "sheet.txt"
    path.write_text("[PRE]\nENLIST 1\n", encoding="utf-8")
    return str(path)


def doors(path: Path, clan: int, tmp_path: Path) -> list[list[str]]:
    """Every command that acts for one Clan."""
    save, number = str(path), str(clan)
    return [
        ["report", "--save", save, "--clan", number],
        ["report", "--save", save, "--clan", number, "--format", "paper"],
        ["report", "--save", save, "--clan", number, "--json"],
        ["check", "--save", save, "--clan", number, sheet(tmp_path)],
        ["check", "--save", save, "--clan", number, "--forecast", sheet(tmp_path)],
        ["turn", "--save", save, "--clan", number, sheet(tmp_path)],
        ["history", save, "--clan", number],
        ["odds", "--save", save, "--clan", number, "--convoy", "1"],
        ["prices", "--save", save, "--clan", number],
        ["seat", save, "--clan", number, "--bot", "--level", "easy"],
        ["seat", save, "--clan", number, "--human"],
    ]


def test_every_command_line_door_asks_the_pin_and_shows_nothing_without_it(
        saved: tuple[Path, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, guarded = saved
    before = path.read_bytes()
    name = Session.open(path).seat_info(guarded).name
    for words in doors(path, guarded, tmp_path):
        assert main(words) == 2, words  # no PIN given, no terminal to ask it on
        out, err = capsys.readouterr()
        assert out == "" and f"Clan {guarded} ({name}) has a PIN: give it with --pin." in err
    assert path.read_bytes() == before, "nothing changed"


def test_a_wrong_pin_opens_no_door_and_is_counted(
        saved: tuple[Path, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, guarded = saved
    for count, words in enumerate(doors(path, guarded, tmp_path)[:3], start=1):
        assert main([*words, "--pin", "0000"]) == 1
        out, err = capsys.readouterr()
        assert out == "" and ("Wrong PIN" in err or "Too many wrong PINs" in err)
        assert Session.open(path).referee().game.clan(guarded).pin_failures == min(count, 4)
    info = Session.open(path).seat_info(guarded)
    assert (info.seat, info.level) == ("bot", "normal"), "the seat did not change"


def test_the_seat_changes_with_its_pin(saved: tuple[Path, int],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path, guarded = saved
    assert main(["seat", str(path), "--clan", str(guarded), "--bot", "--level", "easy",
                 "--pin", PIN]) == 0
    assert Session.open(path).seat_info(guarded).level == "easy"
    assert f"Clan {guarded} " in capsys.readouterr().out


def test_the_watch_board_leaves_a_pin_clan_out(saved: tuple[Path, int]) -> None:
    path, guarded = saved
    table = Session.open(path)
    table.play_game_turn()
    board = table.watch_board()
    row = next(row for row in board.rows if row.seat.number == guarded)
    assert (row.popularity, row.hexes, row.cities, row.troops, row.money) == (None,) * 5
    assert guarded not in board.hex_owners.values()
    assert guarded not in board.city_owners.values()
    assert board.hidden == 1
    open_row = next(row for row in board.rows if row.seat.number != guarded)
    assert open_row.hexes and open_row.seat.number in board.hex_owners.values()


async def test_the_watch_screen_asks_the_pin_before_a_guarded_report(
        saved: tuple[Path, int]) -> None:
    from conquest_tui.ui.app import ConquestApp
    from conquest_tui.ui.screens.handover import PinPrompt
    from conquest_tui.ui.screens.watch import ReportViewer, WatchScreen
    from tests.ui.helpers import screen_text, wait_for_screen

    path, guarded = saved
    async with ConquestApp(path, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        watch = await wait_for_screen(pilot, WatchScreen)
        assert "1 Clan behind a PIN hidden" in screen_text(pilot.app)
        table = watch.query_one("#watch-standings")
        table.move_cursor(row=table.get_row_index(str(guarded)))  # type: ignore[attr-defined]
        await pilot.press("r")
        prompt = await wait_for_screen(pilot, PinPrompt)
        await pilot.press(*"0000", "enter")
        await pilot.pause()
        assert pilot.app.screen is prompt and not any(
            isinstance(screen, ReportViewer) for screen in pilot.app.screen_stack)
        await pilot.press(*PIN, "enter")
        viewer = await wait_for_screen(pilot, ReportViewer)
        assert viewer.report_title.startswith(f"Report of Clan {guarded} (")


def test_a_session_offers_no_game_to_a_seat() -> None:
    """A seat holds its table, never the game: what it hands out are views and reports."""
    game = session.new_game(map_name="test_small", clans=2, seed="doors")
    seat = Session(game).open_seat(game.state.clan_order[0])
    assert not hasattr(seat, "game") and not hasattr(Session(game), "game")


async def test_the_palette_asks_the_pin_before_a_guarded_bot_s_level_changes(
        saved: tuple[Path, int]) -> None:
    from textual.command import CommandPalette
    from textual.widgets import Input

    from conquest_tui.ui.app import ConquestApp
    from conquest_tui.ui.screens.handover import PinPrompt
    from conquest_tui.ui.screens.watch import WatchScreen
    from tests.ui.helpers import wait_for_command, wait_for_screen

    path, guarded = saved
    name = Session.open(path).seat_info(guarded).name
    command = f"Let Clan {guarded} ({name})'s bot play easy"
    async with ConquestApp(path, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        await wait_for_screen(pilot, WatchScreen)
        await pilot.press("ctrl+p")
        palette = await wait_for_screen(pilot, CommandPalette)
        palette.query_one(Input).value = command
        await wait_for_command(pilot, command)
        await pilot.press("enter")
        await wait_for_screen(pilot, PinPrompt)
        await pilot.press("escape")
        await wait_for_screen(pilot, WatchScreen)
    assert Session.open(path).seat_info(guarded).level == "normal", "nothing without the PIN"
