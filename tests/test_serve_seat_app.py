"""The app opened on one seat, as a served link opens it (issue 29): its door names only its
Clan, its game screen opens out of turn too, another window's turn brings it up to date, and
it has no title, no other Clan's hand-over and no handing seats over."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui.session import Session
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.screens.seat_door import SeatDoorScreen
from conquest_tui.ui.seat_app import SeatApp
from tests.ui.helpers import screen_text, wait_for_screen, wait_until


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "seats.json"
    Session.new(path, map_name="test_small", clans=2, bots=0, seed="seat-app")
    return path


async def test_a_seat_out_of_turn_writes_its_sheet_then_plays_when_its_turn_comes(
        save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second Clan's seat: the door says it is not its turn and names no other Clan; its
    game screen opens all the same; the first Clan's turn played in another window brings
    "It is your turn now" and its sheet as it was; Escape and Ctrl+S never show the title."""
    monkeypatch.setattr(SeatApp, "POLL", 0.1)
    table = Session.open(save)
    first, second = (info.number for info in table.seats())
    other_name = table.seat_info(first).name
    app = SeatApp(save, second, keymap={})
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, SeatDoorScreen)
        door = screen_text(app)
        assert "It is not your turn yet" in door and other_name not in door
        await pilot.press("enter")
        game_screen = await wait_for_screen(pilot, GameScreen)
        await wait_until(pilot, lambda: game_screen.panes_ready, "the panes")
        game_screen.sheet_pane.editor.text = "; written out of turn\n" + game_screen.draft

        Session.open(save).open_seat(first).submit("")  # another window plays its turn
        await wait_until(pilot, lambda: app.screen is not game_screen
                         and isinstance(app.screen, GameScreen), "the turn played elsewhere")
        now = await wait_for_screen(pilot, GameScreen)
        await wait_until(pilot, lambda: now.panes_ready, "the panes")
        assert now.seat.is_turn
        assert now.draft.startswith("; written out of turn")

        await pilot.press("ctrl+s")  # save & quit: back to the door, never the title
        await wait_for_screen(pilot, SeatDoorScreen)
        assert "It is your turn." in screen_text(app)
    assert Session.open(save).open_seat(second).draft.startswith("; written out of turn")


async def test_a_link_to_no_such_clan_ends_with_a_sentence(save: Path) -> None:
    app = SeatApp(save, 99_999, keymap={})
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.return_code is not None, "the app's end")
    assert app.return_code == 1


async def test_another_clans_sheet_saved_just_before_f5_does_not_stop_the_turn(
        save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first Clan's seat ends its turn a moment after the second Clan's seat, in another
    tab, kept its sheet in the save (before the seat's next look): the turn runs and its report
    shows; the second Clan's sheet is still in the save (CC-SEQ-13)."""
    from conquest_tui.ui.screens.report import ReportScreen

    monkeypatch.setattr(SeatApp, "POLL", 60.0)  # no look between the other tab's write and F5
    table = Session.open(save)
    first, second = (info.number for info in table.seats())
    app = SeatApp(save, first, keymap={})
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, SeatDoorScreen)
        await pilot.press("enter")
        game_screen = await wait_for_screen(pilot, GameScreen)
        await wait_until(pilot, lambda: game_screen.panes_ready, "the panes")
        Session.open(save).open_seat(second).save_draft("; the other tab's sheet\n")
        await pilot.press("f5")
        await pilot.press("y")
        await wait_for_screen(pilot, ReportScreen)
        await pilot.pause()
        titles = [note.title for note in app._notifications]  # what the toasts show
        assert "Cannot end the turn" not in titles
    after = Session.open(save)
    assert after.active_clan == second
    assert after.open_seat(second).draft == "; the other tab's sheet\n"

