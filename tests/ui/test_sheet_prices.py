"""The sheet tells what it costs and keeps the keyboard (issue 27): BUY's completion with prices,
each line's cost in the margin, Tab that never leaves the editor, map letters kept off the sheet.

Checklist: CC-CL-BUYS-01/02 and CC-CL-BUYV-03 (BUY and its prices), CC-CL-GEN-03 (a line the
money cannot cover is skipped), CC-CL-FORTIFY-01 (FORTIFY's price), CC-RES-03 (market prices).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane
from tests.ui.helpers import forecast_settled, keep_save, screen_text, take_the_terminal, wait_until

SEED = "snapshot"
KEYS = {"\n": "enter", "\t": "tab"}
"""How a typed sheet's characters are pressed (any other character is its own key)."""


@pytest.fixture
def save(saves: Path) -> Path:
    """A new two-Clan test_small game, its first Clan's sheet not yet written."""
    return keep_save(session.new_game(map_name="test_small", clans=2, seed=SEED), saves, SEED)


def home_city(path: Path) -> str:
    """The hex of the first Clan's home city."""
    game = session.load(path)
    clan = game.state.active_clan
    return next(city.hex for city in game.state.cities if city.owner == clan)


async def type_sheet(pilot: Pilot[Any], sheet: OrderSheetPane, text: str) -> None:
    """Empty the sheet, then type `text` key by key (Tab and Enter as keys)."""
    sheet.editor.focus()
    sheet.editor.clear()
    await pilot.pause()
    await pilot.press(*(KEYS.get(character, character) for character in text))
    await pilot.pause()


async def test_a_sheet_typed_with_tabs_keeps_the_keyboard_and_completes_buy(save: Path) -> None:
    """Issue 27 point 3: `BUY 2 B`, then Tab twice: the item is completed (and cycled), the
    focus stays in the editor and the letters typed next go into the sheet, never to the map
    (`IKES` opened the inbox). Tab with nothing to complete indents or rings; Shift+Tab stays."""
    async with ConquestApp(save, cursor_blink=False).run_test(size=(80, 24)) as pilot:
        screen = await take_the_terminal(pilot)
        sheet = screen.sheet_pane
        await type_sheet(pilot, sheet, "[PRE]\nBU\t2 B")
        assert "BIKES $2,500" in sheet.hint and sheet.hint.startswith("BUY what (Tab): ")
        await pilot.press("tab")
        await pilot.pause()
        assert sheet.text.splitlines()[1] == "BUY 2 BOMBS "
        await pilot.press("tab")
        await pilot.pause()
        assert sheet.text.splitlines()[1] == "BUY 2 BIKES "
        await pilot.press(*"#1", "tab", "tab", "shift+tab", *"IKES")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen) and sheet.editor.has_focus
        assert sheet.text.splitlines()[1] == "BUY 2 BIKES #1IKES"
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        await pilot.press(*(KEYS.get(character, character) for character in
                            "\nEN\t20\n[CONVOY 1]\t\nN\n\n[POST]\nDEF\t1609"))
        await pilot.pause()
        assert sheet.text == ("[PRE]\nBUY 2 BIKES #1\nENLIST 20\n[CONVOY 1]\nN\n\n[POST]\n"
                              "DEFEND 1609")
        assert sheet.editor.has_focus and isinstance(pilot.app.screen, GameScreen)


async def test_map_letters_act_only_outside_the_order_sheet(save: Path) -> None:
    """Issue 27: `I`, `R`, `p`, `m` and `o` do nothing while the focus is anywhere in the order
    sheet pane (its problem list too); from the map, `I` opens the inbox."""
    async with ConquestApp(save, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        screen = await take_the_terminal(pilot)
        sheet = screen.sheet_pane
        sheet.problem_list.focus()
        await pilot.pause()
        for action in ("inbox", "relations", "replay", "add_move", "odds", "history"):
            assert screen.check_action(action, ()) is False
        await pilot.press("I", "R", "p", "m", "o")
        await pilot.pause()
        assert pilot.app.screen is screen
        await pilot.press("f6")  # out of the sheet, round to the map
        await wait_until(pilot, lambda: screen.map_pane.has_focus, "the map's focus")
        await pilot.press("I")
        await wait_until(pilot, lambda: pilot.app.screen is not screen, "the inbox")


async def test_each_line_shows_its_cost_the_money_left_and_a_section_total(save: Path) -> None:
    """Issue 27 point 2: a line that costs money says so in the sheet's right margin with the
    money left after it; a line the money cannot cover when it runs is marked; the section's
    header shows its total; the hint says it in words (CC-CL-GEN-03, CC-CL-FORTIFY-01)."""
    home = home_city(save)
    async with ConquestApp(save, cursor_blink=False).run_test(size=(160, 50)) as pilot:
        screen = await take_the_terminal(pilot)
        sheet = screen.sheet_pane
        await type_sheet(pilot, sheet, f"[PRE]\nBUY 10 FOOD\nFORTIFY {home}\n[POST]\n")
        await forecast_settled(pilot)
        await wait_until(pilot, lambda: 1 in sheet.editor.margins, "the costs")
        margins = sheet.editor.margins
        assert margins[1].text.startswith("−$1,000 → $") and not margins[1].short
        assert margins[2].short and margins[2].text.startswith("✗ $50,000 > $")
        assert margins[0].total and margins[0].text == "total −$1,000"
        drawn = sheet.editor.render_line(1 - sheet.editor.scroll_offset.y).text.rstrip()
        assert drawn.endswith(margins[1].text)
        sheet.editor.move_cursor((1, 3))
        await pilot.pause()
        assert sheet.hint.startswith("This line costs $1,000 in the pre-turn orders: $")
        sheet.editor.move_cursor((2, 3))
        await pilot.pause()
        assert sheet.hint.startswith("Not enough money in the pre-turn orders: this line "
                                     "costs $50,000")
        await pilot.press("end", "enter")  # lines moved: the old costs would sit wrong
        await pilot.pause()
        assert 2 not in sheet.editor.margins or not sheet.editor.margins[2].short


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_sheet_costs_snapshot(save: Path, snap_compare: Any, size: tuple[int, int]) -> None:
    """A line with its cost and the money left, a line the money cannot cover, the total."""
    home = home_city(save)

    async def write(pilot: Pilot[Any]) -> None:
        screen = await take_the_terminal(pilot)
        await pilot.press("f2")
        await type_sheet(pilot, screen.sheet_pane,
                         f"[PRE]\nBUY 10 FOOD\nFORTIFY {home}\n[CONVOY 1]\n\n[POST]\n")
        await forecast_settled(pilot)
        await wait_until(pilot, lambda: screen.sheet_pane.editor.margins, "the costs")
        screen.sheet_pane.editor.move_cursor((1, 0))
        await pilot.pause()

    assert snap_compare(ConquestApp(save, cursor_blink=False), terminal_size=size,
                        run_before=write)


async def test_help_has_a_market_page_of_the_clans_prices(save: Path) -> None:
    """Issue 27 point 1: F1, then m, shows what everything costs the Clan now and what sets
    it (vehicles included, which appear nowhere else); m again goes back (CC-RES-03)."""
    from conquest_tui.ui.screens.help import HelpScreen

    async with ConquestApp(save, cursor_blink=False).run_test(size=(80, 24)) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen), "help")
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.prices is not None
        await pilot.press("m")
        await pilot.pause()
        market = help_screen.query_one("#market-scroll")
        assert market.display and market.has_focus
        text = screen_text(pilot.app)
        assert "Market — your prices now" in text and "Prices for Clan " in text
        assert "$20 a unit" in text and "Engineer" not in text  # experts further down
        await pilot.press("pagedown", "pagedown")
        assert "Engineer" in screen_text(pilot.app)
        await pilot.press("m")
        await pilot.pause()
        assert help_screen.query_one("#help-scroll").has_focus


def test_market_page_snapshot(save: Path, snap_compare: Any) -> None:
    """The Market page at 80×24: supplies and weapons at this game turn's prices."""

    async def market(pilot: Pilot[Any]) -> None:
        await take_the_terminal(pilot)
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()

    assert snap_compare(ConquestApp(save, cursor_blink=False), terminal_size=(80, 24),
                        run_before=market)
