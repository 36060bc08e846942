"""The map's lenses, legend, planned route and overview: what a player reads off the map."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest
from textual.app import App, ComposeResult, CSSPathType
from textual.containers import Horizontal
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.ui import map_lenses
from conquest_tui.ui.map_overlay import RouteMark
from conquest_tui.ui.overlay_builder import build_overlay
from conquest_tui.ui.stylesheets import PANES_CSS
from conquest_tui.ui.widgets.map_legend import MapLegend, legend_text
from conquest_tui.ui.widgets.map_pane import MapPane

from .map_pane_app import HOSTS_CSS

SIZES = [(80, 24), (160, 50)]
SIZE_IDS = ["80x24", "160x50"]
FIRST_SHEET = "[CONVOY 1]\nN\nN\nNE\n"
"""Clan one's first turn: three moves north from 0308, attacking in Capture mode."""


def played_game() -> Game:
    """test_small, two Clans; the first moved and attacked on game turn 1; its turn 2 now."""
    game = session.new_game(map_name="test_small", clans=2, seed="snapshot")
    first, second = game.state.clan_order
    run_clan_turn(game, first, FIRST_SHEET)
    run_clan_turn(game, second, "")
    return game


@pytest.fixture(scope="module")
def view() -> ClanView:
    game = played_game()
    return ClanView(game, game.state.clan_order[0])


class LensApp(App[None]):
    """The map pane of one Clan with its lenses, the legend beside it, a route drawn."""

    CSS_PATH: ClassVar[CSSPathType] = [PANES_CSS, HOSTS_CSS]
    CSS = "MapLegend { width: 34; height: 1fr; overflow-y: auto; }"

    def __init__(self, view: ClanView, lens: str = map_lenses.TERRAIN) -> None:
        super().__init__()
        self.view = view
        self.lens = lens

    def compose(self) -> ComposeResult:
        route = {"0306": RouteMark("1"), "0405": RouteMark("2", capture=True)}
        overlay = attrs.evolve(build_overlay(self.view), route=route)
        with Horizontal():
            pane = MapPane(self.view.map, overlay, id="map")
            pane.lens_source = lambda lens: map_lenses.lens_shading(self.view, lens)
            yield pane
            yield MapLegend(id="legend")

    def on_mount(self) -> None:
        pane = self.query_one(MapPane)
        pane.lens = self.lens
        pane.cursor = "0306"
        self.query_one(MapLegend).show_lens(self.lens)


def screen_lines(pane: MapPane) -> list[str]:
    return [pane.render_line(y).text for y in range(pane.size.height)]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lens", map_lenses.LENSES)
def test_each_lens_with_its_legend_and_a_route(view: ClanView, snap_compare: Any, lens: str,
                                               size: tuple[int, int]) -> None:
    """Owners, defense, production and intel shade the map; the legend follows the lens."""

    async def settle(pilot: Pilot[None]) -> None:
        await pilot.pause()

    assert snap_compare(LensApp(view, lens), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_overview_shows_the_whole_map(view: ClanView, snap_compare: Any,
                                      size: tuple[int, int]) -> None:
    """z shrinks the whole map into the pane; own convoys and cities are marked."""

    async def overview(pilot: Pilot[None]) -> None:
        await pilot.press("z")
        await pilot.pause()

    assert snap_compare(LensApp(view), terminal_size=size, run_before=overview)


async def test_v_cycles_the_lenses_and_titles_say_which(view: ClanView) -> None:
    app = LensApp(view)
    async with app.run_test(size=(100, 30)) as pilot:
        pane = app.query_one(MapPane)
        seen = []
        for _ in map_lenses.LENSES:
            seen.append(pane.lens_title)
            await pilot.press("v")
        assert seen == [map_lenses.LENS_TITLES[lens] for lens in map_lenses.LENSES]
        assert pane.lens == map_lenses.TERRAIN
        await pilot.press("V")
        assert pane.lens == map_lenses.INTEL
        # The overview: z shrinks the map, the cursor keys still move, Enter zooms in there.
        await pilot.press("z")
        assert pane.overview and pane.lens_title == "Overview (What you know)"
        await pilot.press("j")
        assert pane.cursor == "0307"
        await pilot.press("enter")
        assert not pane.overview
        await pilot.press("z")
        await pilot.click(MapPane, offset=(1, 1))  # column 2, rows 3-4: hex 0203, zoomed in
        assert pane.cursor == "0203" and not pane.overview


async def test_owner_lens_marks_own_hexes_and_hides_the_unknown(view: ClanView) -> None:
    shades = map_lenses.lens_shading(view, map_lenses.OWNER)
    assert shades is not None
    for hex_id in view.owned_hexes():
        assert shades[hex_id].key == "own"
    never = set(view.map.hex_ids()) - set(view.known_hexes()) - set(view.owned_hexes())
    assert never and not never & set(shades)  # drawn as "never seen"
    app = LensApp(view, map_lenses.OWNER)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "?" not in "".join(screen_lines(app.query_one(MapPane)))


def test_intel_lens_says_how_old_what_you_know_is(view: ClanView) -> None:
    shades = map_lenses.lens_shading(view, map_lenses.INTEL)
    assert shades is not None
    assert {shade.key for shade in shades.values()} <= {"seen-now", "seen-1", "seen-3",
                                                         "seen-old"}
    for hex_id in view.owned_hexes():
        assert shades[hex_id].key == "seen-now"


def test_defense_and_production_show_only_what_is_known_now(view: ClanView) -> None:
    for lens in (map_lenses.DEFENSE, map_lenses.PRODUCTION):
        shades = map_lenses.lens_shading(view, lens)
        assert shades is not None
        for hex_id, shade in shades.items():
            info = view.hex_info(hex_id)
            assert (shade.key == "not-now") == (info.owner == -1), hex_id
    assert map_lenses.defense_shade(10).char == "+"
    assert map_lenses.production_shade(4500, {"F": 3, "U": 9}).char == "U"


def test_legend_words_for_every_lens() -> None:
    """Players read words: no rule ids, no field names."""
    from rich.console import Console

    for lens in map_lenses.LENSES:
        console = Console(width=40, record=True)
        console.print(legend_text(lens))
        text = console.export_text()
        assert map_lenses.LENS_TITLES[lens] in text
        assert "CC-" not in text and "_" not in text
        assert "your convoys" in text
