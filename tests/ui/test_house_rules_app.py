"""House rules in the app: the New Game form, the hand-over, F1's page, standing lines drawn.

Ids: docs/rules-interpretations.md "House rules" (HOUSE-03, HOUSE-STANDING-03, -05).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input

from conquest_tui.session import Session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.handover import HandoverScreen
from conquest_tui.ui.screens.help import HelpScreen
from conquest_tui.ui.screens.new_game import NewGameScreen
from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane
from tests.ui.helpers import screen_text, take_the_terminal, wait_for_screen, wait_until

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    return tmp_path


async def test_the_new_game_form_ticks_a_house_rule_into_the_game_house_03(
        _saves: Path) -> None:
    app = ConquestApp(saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        form = await wait_for_screen(pilot, NewGameScreen)
        box = form.query_one("#house-standing", Checkbox)
        assert not box.value, "off by default"
        assert "Standing orders" in str(box.label)
        box.value = True
        await pilot.press("ctrl+s")
        handover = await wait_for_screen(pilot, HandoverScreen)
        assert handover.house_rules == ("Standing orders",)
        assert app.session is not None and app.session.facts().house_rules == ("Standing orders",)


async def test_ticking_revolt_lowers_the_forms_victory_threshold_house_revolt_07(
        _saves: Path) -> None:
    """Revolts slow every Clan: the form's threshold follows the Revolt box, and the game
    made keeps what the form showed."""
    app = ConquestApp(saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        form = await wait_for_screen(pilot, NewGameScreen)
        field = form.query_one("#threshold", Input)
        plain = int(field.value)
        form.query_one("#house-revolt", Checkbox).value = True
        await wait_until(pilot, lambda: field.value != str(plain), "a lower threshold")
        assert int(field.value) == round(plain * 0.95)
        form.query_one("#house-revolt", Checkbox).value = False
        await wait_until(pilot, lambda: field.value == str(plain), "the map's own threshold")
        form.query_one("#house-revolt", Checkbox).value = True
        await wait_until(pilot, lambda: field.value != str(plain), "a lower threshold")
        await pilot.press("ctrl+s")
        await wait_for_screen(pilot, HandoverScreen)
        assert app.session is not None
        assert app.session.facts().victory_threshold == round(plain * 0.95)


async def test_the_hand_over_names_the_house_rules_and_f1_explains_them_house_03(
        _saves: Path) -> None:
    path = _saves / "house.json"
    Session.new(path, map_name="test_small", clans=2, seed="house", house_rules=("standing",))
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        await wait_until(pilot, lambda: "House rules: Standing orders." in screen_text(app),
                         "the house rules on the hand-over")
        await take_the_terminal(pilot)
        await pilot.press("f1")
        await wait_for_screen(pilot, HelpScreen)
        await pilot.press("h")
        await wait_until(pilot, lambda: "on in this game" in screen_text(app),
                         "the House rules page")
        text = screen_text(app)
        assert "Standing orders (standing) — on in this game" in text
        assert "seed 002" in text


async def test_a_game_without_house_rules_says_none_on_the_hand_over_and_all_off_in_f1(
        _saves: Path) -> None:
    path = _saves / "plain.json"
    Session.new(path, map_name="test_small", clans=2, seed="plain")
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        assert "House rules" not in screen_text(app)
        await take_the_terminal(pilot)
        await pilot.press("f1")
        await wait_for_screen(pilot, HelpScreen)
        await pilot.press("h")
        await wait_until(pilot, lambda: "off in this game" in screen_text(app),
                         "the House rules page")


async def test_the_next_sheet_shows_the_standing_lines_in_their_sections_marked_house_standing_05(
        _saves: Path) -> None:
    path = _saves / "standing.json"
    table = Session.new(path, map_name="test_small", clans=2, seed="house",
                        house_rules=("standing",))
    first, second = table.referee().game.state.clan_order
    table.open_seat(first).submit("[PRE]\nENLIST 2 @\n[CONVOY 1]\nPAUSE @\n")
    table.open_seat(second).submit("")
    app = ConquestApp(path, saves_folder=_saves, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await take_the_terminal(pilot)
        pane = screen.query_one(OrderSheetPane)
        lines = pane.text.splitlines()
        assert lines[0].startswith("[PRE]") and lines[1] == "ENLIST 2 @"
        convoy = next(i for i, line in enumerate(lines) if line.startswith("[CONVOY 1]"))
        assert lines[convoy + 1] == "PAUSE @"
        assert any(line.startswith("[POST]") for line in lines), "the new sheet's sections"
        editor = pane.editor
        assert editor.standing_mark == "@"
        drawn = editor.get_line(1)
        assert drawn.spans, "a standing line is drawn in the standing style"
        assert not editor.get_line(0).spans


def test_a_sheet_the_clan_wrote_is_shown_as_written_house_standing_05(_saves: Path) -> None:
    from conquest_tui.ui.sheet_edits import new_sheet, sheet_to_show

    table = Session.new(None, map_name="test_small", clans=2, seed="house",
                        house_rules=("standing",))
    view = table.open_seat(table.referee().game.state.clan_order[0]).view()
    assert sheet_to_show(view, "") == new_sheet(view)
    for written in ("[PRE]\n; a note\n", "[PRE]\nENLIST 2 @\nBUY 5 FOOD\n",
                    "[PRE]\nENLIST 2 @\n; a note\n", "[PRE]\n[CONVOY 1]\nN @\n"):
        assert sheet_to_show(view, written) == written
    shown = sheet_to_show(view, "[PRE]\nENLIST 2 @\n[CONVOY 9]\nN @\n")
    assert shown.startswith("[PRE]") and "\nENLIST 2 @\n" in shown
    assert shown.rstrip().endswith("[CONVOY 9]\nN @"), "a section the Clan no longer has comes last"
