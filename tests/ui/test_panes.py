"""Pilot tests of the convoy, city and order-sheet panes and the status line, in tiny host apps."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import attrs
import pytest
from textual.app import App, ComposeResult, CSSPathType
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import DataTable

from conquest_tui.engine.convoys.convoys import create_convoy
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.hexgrid import distance
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.sentences.event_text import problem_line
from conquest_tui.session import new_game
from conquest_tui.ui.sheet_edits import new_sheet
from conquest_tui.ui.stylesheets import PANES_CSS
from conquest_tui.ui.widgets.city_pane import CityPane
from conquest_tui.ui.widgets.convoy_pane import ConvoyPane
from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane
from conquest_tui.ui.widgets.status_line import StatusLine

from .helpers import load_sheet, wait_until
from .map_pane_app import HOSTS_CSS

SIZE = (100, 30)
HERE = Path(__file__).parent


def panes_game() -> Game:
    """The seeded two-Clan game every test here plays on."""
    return new_game(map_name="test_small", clans=2, seed="panes")


@pytest.fixture
def game() -> Game:
    """A fresh seeded game on test_small."""
    return panes_game()


def shown_text(widget: Widget) -> str:
    """The text a widget draws now, line by line."""
    width, height = widget.size
    strips = widget.render_lines(Region(0, 0, width, height))
    return "\n".join(strip.text.strip() for strip in strips)


def first_clan(game: Game) -> int:
    """The Clan that moves first."""
    return game.state.clan_order[0]


class PaneHost(App[None]):
    """A host app showing one pane, filled from the first Clan's view, recording its messages."""

    CSS_PATH: ClassVar[CSSPathType] = [PANES_CSS, HOSTS_CSS]

    def __init__(self, game: Game, pane: Widget) -> None:
        super().__init__()
        self.game = game
        self.pane = pane
        self.view = ClanView(game, first_clan(game))
        self.selections: list[ConvoyPane.ConvoySelected] = []
        self.changes: list[OrderSheetPane.SheetChanged] = []

    def compose(self) -> ComposeResult:
        yield self.pane

    def on_convoy_pane_convoy_selected(self, message: ConvoyPane.ConvoySelected) -> None:
        self.selections.append(message)

    def on_order_sheet_pane_sheet_changed(self, message: OrderSheetPane.SheetChanged) -> None:
        self.changes.append(message)


# --- convoy pane -----------------------------------------------------------------------------
async def test_convoy_pane_lists_convoy_1_and_selecting_it_posts_its_hex(game: Game) -> None:
    pane = ConvoyPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        convoy = app.view.convoys()[0]
        pane.show(app.view)
        pane.focus()
        await pilot.pause()
        assert convoy.number == 1
        assert pane.selected == 1
        assert [c.number for c in pane.convoys] == [c.number for c in app.view.convoys()]
        row = pane.query_one(DataTable).get_row("1")
        assert f"{convoy.troops} of {convoy.troop_capacity}" in row
        assert [(m.number, m.hex) for m in app.selections] == [(1, convoy.hex)]
        assert app.selections[-1].control is pane
        app.selections.clear()
        await pilot.press("enter")
        await pilot.pause()
        assert [(m.number, m.hex) for m in app.selections] == [(1, convoy.hex)]


async def test_convoy_pane_up_and_down_select_and_post(game: Game) -> None:
    clan = first_clan(game)
    home = ClanView(game, clan).owned_cities()[0]
    create_convoy(game, clan, 2, home, "land")
    pane = ConvoyPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        pane.show(app.view)
        pane.focus()
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        assert pane.selected == 2
        await pilot.press("down", "up")
        await pilot.pause()
        assert pane.selected == 1
        assert [m.number for m in app.selections] == [1, 2, 1]
        pane.show(app.view)
        await pilot.pause()
        assert pane.selected == 1 and len(app.selections) == 3


async def test_convoy_pane_detail_shows_the_orders_sheet_block(game: Game) -> None:
    pane = ConvoyPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        pane.show(app.view)
        await pilot.pause()
        convoy = app.view.convoys()[0]
        detail = shown_text(pane.query_one("#convoy-detail"))
        assert detail.startswith(f"LAND CONVOY #1 ({convoy.name}) IN HEX {convoy.hex} [CAPTURE]")
        assert f"{convoy.troops} of {convoy.troop_capacity}" in detail
        assert f"max {convoy.cargo_capacity}" in detail


# --- city pane -------------------------------------------------------------------------------
async def test_city_pane_shows_own_city_as_yours_with_its_population(game: Game) -> None:
    pane = CityPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        home = app.view.owned_cities()[0]
        city = app.view.city_info(home)
        assert city is not None
        pane.show_hex(app.view, home)
        await pilot.pause()
        facts = dict(pane.city_facts)
        assert facts["City"] == (city.name.upper() if city.major else city.name)
        assert facts["Owner"] == "yours"
        assert facts["Population"] == f"{city.population:,}"
        assert facts["Troops"] == f"{city.troops:,}"
        assert pane.border_title in (city.name, city.name.upper())
        shown = shown_text(pane.query_one("#city-facts"))
        assert "yours" in shown and f"{city.population:,}" in shown


async def test_city_pane_hides_the_troops_of_a_far_city_never_visited(game: Game) -> None:
    pane = CityPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        home = app.view.owned_cities()[0]
        known = app.view.known_hexes()
        far = max((c.hex for c in game.state.cities if c.hex not in known),
                  key=lambda hex_id: distance(home, hex_id))
        assert game.city(far).troops > 0  # type: ignore[union-attr]
        pane.show_hex(app.view, far)
        await pilot.pause()
        facts = dict(pane.city_facts)
        assert facts["Troops"] == "?"
        assert facts["Population"] == "?"
        assert facts["Owner"] == "unknown"
        assert dict(pane.hex_facts)["Defense"] == "?"
        assert "never visited: only the map's public facts" in [v for _, v in pane.city_facts]
        assert "?" in shown_text(pane.query_one("#city-facts"))


# --- order sheet pane ------------------------------------------------------------------------
def _row_of(pane: OrderSheetPane, header: str) -> int:
    return next(i for i, line in enumerate(pane.text.splitlines()) if line.startswith(header))


def test_new_sheet_template_has_the_line_allowances(game: Game) -> None:
    text = new_sheet(ClanView(game, first_clan(game)))
    assert text.splitlines()[0] == "[PRE]           ; 5 lines"
    assert "[CONVOY 1]      ; 10 lines" in text.splitlines()
    assert "[POST]          ; 10 lines" in text.splitlines()


async def _cursor_under_pre(pilot: Pilot[object], pane: OrderSheetPane, game: Game) -> int:
    """Load a new sheet into the pane and put the cursor on the empty line under [PRE]."""
    load_sheet(pane, game, first_clan(game), "")
    await pilot.pause()
    row = _row_of(pane, "[PRE]") + 1
    pane.editor.focus()
    pane.editor.move_cursor((row, 0))
    return row


async def test_order_sheet_shows_a_problem_as_it_is_typed_and_clears_it(game: Game) -> None:
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        row = await _cursor_under_pre(pilot, pane, game)
        assert pane.problem_count == 0
        await pilot.press(*"BUY lots FUEL")
        await pilot.pause()
        assert pane.text.splitlines()[row] == "BUY lots FUEL"
        assert [problem_line(p) for p in pane.problems] == [
            f'line {row + 1}: "lots" is not a whole number']
        assert pane.problem_count == 1
        assert pane.border_title == "Order sheet — 1 problem"
        assert pane.editor.problem_rows == {row}
        drawn = pane.editor.render_line(row - pane.editor.scroll_offset.y).text
        assert drawn.rstrip().endswith('BUY lots FUEL  ◂ "lots" is not a whole number')
        assert app.changes[-1].problem_count == 1 and "BUY lots FUEL" in app.changes[-1].text
        assert app.changes[-1].control is pane

        pane.editor.move_cursor((row, len("BUY ")))
        await pilot.press("shift+right", "shift+right", "shift+right", "shift+right", "1", "0")
        await pilot.pause()
        assert pane.text.splitlines()[row] == "BUY 10 FUEL"
        assert pane.problem_count == 0
        assert pane.border_title == "Order sheet — no problems"
        assert pane.editor.problem_rows == frozenset()
        assert "◂" not in pane.editor.render_line(row - pane.editor.scroll_offset.y).text


async def test_tab_completes_an_order_keyword_of_the_section(game: Game) -> None:
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        row = await _cursor_under_pre(pilot, pane, game)
        await pilot.press("E", "N", "tab")
        await pilot.pause()
        assert pane.text.splitlines()[row] == "ENLIST ", "the keyword and its separator"
        assert pane.editor.has_focus
        assert pane.hint.startswith("ENLIST quantity")
        await pilot.press("5")  # the quantity goes straight after the separator
        await pilot.pause()
        assert pane.text.splitlines()[row] == "ENLIST 5"
        assert pane.border_subtitle == f"Ln {row + 1}, Col 9"


async def test_tab_cycles_keywords_and_uses_the_convoy_section(game: Game) -> None:
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        load_sheet(pane, game, first_clan(game), "")
        await pilot.pause()
        row = _row_of(pane, "[CONVOY 1]") + 1
        pane.editor.focus()
        pane.editor.move_cursor((row, 0))
        await pilot.press("P", "A", "tab")
        await pilot.pause()
        assert pane.text.splitlines()[row] == "PAUSE ", "PA is PAUSE's abbreviation: it first"
        await pilot.press("tab")
        await pilot.pause()
        assert pane.text.splitlines()[row] == "PATROL ", "cycling keeps one separator"


async def test_a_typed_abbreviation_completes_to_its_own_order_first(game: Game) -> None:
    """"BU" is BUY's abbreviation (BUILD's is BL): Tab gives BUY first, then BUILD."""
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        row = await _cursor_under_pre(pilot, pane, game)
        await pilot.press("B", "U", "tab")
        await pilot.pause()
        assert pane.text.splitlines()[row] == "BUY "
        await pilot.press("tab")
        await pilot.pause()
        assert pane.text.splitlines()[row] == "BUILD "


async def test_add_move_appends_under_the_convoy_section(game: Game) -> None:
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        load_sheet(pane, game, first_clan(game), "")
        await pilot.pause()
        assert pane.add_move(1, "nw")
        await pilot.pause()
        lines = pane.text.splitlines()
        header = _row_of(pane, "[CONVOY 1]")
        assert lines[header + 1] == "NW"
        assert pane.add_move(1, "SE")
        await pilot.pause()
        assert pane.text.splitlines()[header + 1:header + 3] == ["NW", "SE"]


async def test_add_move_stops_at_the_line_limit_with_a_problem(game: Game) -> None:
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        full = "[CONVOY 1]\n" + "PAUSE\n" * 10 + "[POST]\n"
        load_sheet(pane, game, first_clan(game), full)
        await pilot.pause()
        assert not pane.add_move(1, "N")
        await pilot.pause()
        assert pane.text == full
        assert [p.line for p in pane.problems] == [1]
        assert "10 order lines" in problem_line(pane.problems[0])
        assert pane.border_title == "Order sheet — 1 problem"


async def test_add_move_creates_a_missing_section_before_post(game: Game) -> None:
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        load_sheet(pane, game, first_clan(game), "[PRE]\n[POST]\nENLIST 5\n")
        await pilot.pause()
        assert pane.add_move(1, "0407")
        await pilot.pause()
        assert pane.text.splitlines()[:4] == ["[PRE]", "[CONVOY 1]      ; 10 lines", "0407", ""]


# --- status line -----------------------------------------------------------------------------
async def test_status_line_shows_money_and_drops_fields_when_narrow(game: Game) -> None:
    status = StatusLine()
    app = PaneHost(game, status)
    async with app.run_test(size=SIZE) as pilot:
        status.show(app.view, game.state.game_turn, 2)
        await pilot.pause()
        clan = app.view.clan
        text = status.plain
        assert f"Clan {clan.number} {clan.name}" in text
        assert f"${clan.stock.money:,}" in text
        assert "2 problems" in text
        assert len(text) <= status.size.width
        narrow = status.text_for(40).plain
        assert narrow.startswith(f"Clan {clan.number} │") and len(narrow) <= 40
        assert f"${clan.stock.money:,}" in narrow


# --- snapshot --------------------------------------------------------------------------------
class SheetSnapshotApp(App[None]):
    """The order sheet pane with one problem, for the snapshot."""

    CSS_PATH: ClassVar[CSSPathType] = [PANES_CSS, HOSTS_CSS]

    def compose(self) -> ComposeResult:
        yield OrderSheetPane()

    def on_mount(self) -> None:
        game = panes_game()
        pane = self.query_one(OrderSheetPane)
        clan = first_clan(game)
        text = new_sheet(ClanView(game, clan)).replace("[PRE]           ; 5 lines\n\n",
                                                     "[PRE]           ; 5 lines\nBUY lots FUEL\n")
        load_sheet(pane, game, clan, text)
        pane.editor.cursor_blink = False
        pane.editor.focus()
        pane.editor.move_cursor((3, 0))


def test_snapshot_order_sheet_with_one_problem(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(SheetSnapshotApp(), terminal_size=SIZE)


async def test_typing_unicode_digits_and_separators_keeps_the_draft_and_names_the_line(
        game: Game) -> None:
    """`BUY ²` once crashed the game and lost the draft; now it is a problem on its line. The
    editor makes a typed line separator a new line, and the problems' numbers follow it."""
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        row = await _cursor_under_pre(pilot, pane, game)
        pane.editor.insert("BUY ² FOOD\u2028ENLIST ٣")
        await wait_until(pilot, lambda: pane.problem_count == 2, "both problems are counted")
        assert pane.text.split("\n")[row:row + 2] == ["BUY ² FOOD", "ENLIST ٣"]
        assert [problem_line(p) for p in pane.problems] == [
            f'line {row + 1}: "²" is not a whole number',
            f'line {row + 2}: "٣" is not a whole number']


async def test_a_warning_is_shown_on_its_line_but_not_counted_as_a_problem_cc_cbh_05(
        game: Game) -> None:
    """A move into another Clan's hex is a warning: the sheet's title says "1 warning", and
    the count of lines that will be skipped stays 0."""
    clan = first_clan(game)
    convoy = game.convoys_of(clan)[0]
    other = next(number for number in game.state.clan_order if number != clan)
    direction, there = next((d, h) for d, h in game.map.neighbors(convoy.hex)
                            if not game.map.is_water(h) and not game.hex(h).owner)
    state = game.hex(there)
    state.owner, state.defense, state.garrison = other, 1, 0
    game.clan(clan).last_turn.visited_hexes.append(there)  # the Clan saw it last turn
    pane = OrderSheetPane()
    app = PaneHost(game, pane)
    async with app.run_test(size=SIZE) as pilot:
        load_sheet(pane, game, clan, f"[CONVOY {convoy.number}]\n{direction}\n")
        await pilot.pause()
        assert [p.is_warning for p in pane.problems] == [True]
        assert pane.problem_count == 0
        assert pane.border_title == "Order sheet — no problems, 1 warning"


def test_city_pane_says_where_the_plague_is_and_what_curing_costs_cc_co_cure_01(
        game: Game) -> None:
    """A plagued city of the Clan's own, known to be plagued (a Doctor or Hospital there, or
    shown always): its facts say so, with the vaccine a CURE takes."""
    from conquest_tui.engine.reports.view import CityInfo
    from conquest_tui.ui.widgets.city_pane import city_facts

    clan = first_clan(game)
    info = next(c for c in ClanView(game, clan).listed_cities() if c.owner == clan)
    plagued = attrs.evolve(info, plague=True, cure_vaccine=61)
    assert isinstance(plagued, CityInfo)
    notes = [value for _, value in city_facts(plagued, clan, game.rules, game.state.game_turn)]
    assert "the Plague is here: a CURE takes 61 vaccine (less with a Doctor)" in notes
    assert not any("Plague" in value for _, value in
                   city_facts(info, clan, game.rules, game.state.game_turn))
