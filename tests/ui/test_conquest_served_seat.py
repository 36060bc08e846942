"""A Conquest seat opened from its own link (`conquest serve`): that player's board only,
behind its PIN; the others' moves show as they are saved; the move comes to the seat with a
word; the bots are played by whichever window comes to them; the end closes the window.

Covers W42-ATT-03-AMB's table (a person's seat behind a PIN) and W42-SET-04 (deployment in
turn) from separate windows, W42-END-01 (the end)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from conquest_tui.games.conquest.actions import Place
from conquest_tui.session.conquest_table import ConquestPlayer, ConquestTable
from conquest_tui.ui.conquest.game_over_screen import ServedGameOverScreen
from conquest_tui.ui.conquest.seat_app import ConquestSeatApp
from conquest_tui.ui.conquest.seat_door import ConquestSeatDoorScreen
from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen
from conquest_tui.ui.screens.handover import PinPrompt
from tests.ui.helpers import screen_text, wait_until

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def quick_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat looks at the save often, so that a test need not wait for it."""
    monkeypatch.setattr(ConquestSeatApp, "POLL", 0.05)


async def until_screen(pilot: Pilot[object], kind: type[Screen[None]]) -> None:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, kind), f"a {kind.__name__}")


async def until_shown(pilot: Pilot[object], words: str) -> None:
    await wait_until(pilot, lambda: words in screen_text(pilot.app), f"{words!r} shown")


def two_people(folder: Path) -> Path:
    """Ann and Bob, each behind a PIN; Ann moves first (seat 1)."""
    path = folder / "served.json"
    ConquestTable.new(path, [ConquestPlayer("Ann", None, "11"),
                             ConquestPlayer("Bob", None, "22")], 7)
    assert [seat.name for seat in ConquestTable.open(path).seats] == ["Ann", "Bob"]
    return path


def seat_of(path: Path, name: str) -> int:
    return next(seat.number for seat in ConquestTable.open(path).seats if seat.name == name)


async def test_a_seat_watches_the_others_and_plays_when_the_move_comes_to_it(
        saves: Path) -> None:
    """Bob's link while Ann is to move: his door says whose turn it is; behind his PIN his
    board shows Ann playing and a key of his says it is not his turn; Ann's move, saved by her
    own window, comes to his board with "It is your turn now." and his army is placed."""
    path = two_people(saves)
    app = ConquestSeatApp(path, 2)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, ConquestSeatDoorScreen)
        door = screen_text(app)
        assert "Bob (Blue)" in door and "It is Ann (Red)'s turn" in door
        assert "Alaska" not in door
        await pilot.press("enter")
        await until_screen(pilot, PinPrompt)
        await pilot.press(*"22", "enter")
        await until_screen(pilot, ConquestTurnScreen)
        board = app.screen
        assert isinstance(board, ConquestTurnScreen)
        assert "Round 1 — Ann is playing — Initial deployment" in screen_text(app)
        bobs = next(t.name for t in board.view.territories if t.owner == "Bob")
        board.query_one("#cq-map").move_to(bobs)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert "It is Ann's turn, not yours." in screen_text(app)

        ann = ConquestTable.open(path).open_seat(1, "11")
        anns = next(t.name for t in ann.view().territories if t.owner == "Ann")
        ann.act(Place(anns, 1))
        await wait_until(pilot, lambda: any(note.message == "It is your turn now."
                                            for note in app._notifications), "the word")
        assert app.screen is board  # the same board, followed: the cursor stays
        assert "Round 1 — Bob — Initial deployment" in screen_text(app)
        before = next(t.armies for t in board.view.territories if t.name == bobs)
        await pilot.press("enter")
        await until_shown(pilot, "Ann is playing")
        table = ConquestTable.open(path)
        assert table.to_act == 1
        assert next(t.armies for t in table.public_view().territories
                    if t.name == bobs) == before + 1


async def test_a_bots_turn_is_played_by_the_window_that_comes_to_it(saves: Path) -> None:
    """Cyd, a bot, moves first: he has placed his army by the time Ann's door opens."""
    path = saves / "bot.json"
    ConquestTable.new(path, [ConquestPlayer("Cyd", "easy"), ConquestPlayer("Ann")], 5)
    table = ConquestTable.open(path)
    assert table.seat_info(table.to_act).name == "Cyd"
    app = ConquestSeatApp(path, seat_of(path, "Ann"))
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, ConquestSeatDoorScreen)
        assert "It is your turn." in screen_text(app)
        await pilot.press("enter")
        await until_screen(pilot, ConquestTurnScreen)
        assert "Round 1 — Ann — Initial deployment" in screen_text(app)
        assert any(line.startswith("Cyd") for line in ConquestTable.open(path).log())


async def test_save_and_quit_goes_back_to_the_door_and_the_end_closes_the_window(
        saves: Path) -> None:
    """Ctrl+S at a served seat: its door again (no title there); a resignation leaves the bot
    to play to the end, whose standings close the window."""
    path = saves / "duel.json"
    ConquestTable.new(path, [ConquestPlayer("Ann"), ConquestPlayer("Bob", "hard")], 3)
    app = ConquestSeatApp(path, seat_of(path, "Ann"))
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, ConquestSeatDoorScreen)
        await pilot.press("enter")
        await until_screen(pilot, ConquestTurnScreen)
        await pilot.press("ctrl+s")
        await until_screen(pilot, ConquestSeatDoorScreen)
        await pilot.press("enter")
        await until_screen(pilot, ConquestTurnScreen)
        await pilot.press("ctrl+x")
        await pilot.pause()
        await pilot.press("y")
        await until_screen(pilot, ServedGameOverScreen)
        shown = screen_text(app)
        assert "has conquered the world." in shown and "esc Close" in shown
        await pilot.press("escape")
        await wait_until(pilot, lambda: not app.is_running, "the window closed")
