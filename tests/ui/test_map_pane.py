"""The map pane: cursor keys, clicks, scrolling, hex ids, overlays, partial refresh, snapshot."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.pilot import Pilot

from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.hexgrid import neighbor
from conquest_tui.ui.hex_glyphs import city_label, convoy_label
from conquest_tui.ui.hex_layout import HEX_HEIGHT, HEX_WIDTH
from conquest_tui.ui.map_overlay import CityMark, MapOverlay
from conquest_tui.ui.widgets.map_pane import MapPane

from .map_pane_app import MapPaneApp, sample_overlay

SIZE = (100, 30)


def screen_lines(pane: MapPane) -> list[str]:
    """The text of every line the pane shows now."""
    return [pane.render_line(y).text for y in range(pane.size.height)]


def hex_text(pane: MapPane, hex_id: str) -> list[str]:
    """The text drawn in one hex (both lines), at the current scroll."""
    box = pane.hex_layout.footprint_of(hex_id)
    scroll_x, scroll_y = pane.scroll_offset
    lines = screen_lines(pane)
    x = box.x - scroll_x
    return [lines[box.y - scroll_y + i][x : x + box.width] for i in range(box.height)]


@pytest.mark.parametrize(
    ("start", "key", "direction"),
    [
        ("0706", "up", "N"),
        ("0706", "k", "N"),
        ("0706", "down", "S"),
        ("0706", "j", "S"),
        ("0706", "y", "NW"),
        ("0706", "u", "NE"),
        ("0706", "b", "SW"),
        ("0706", "n", "SE"),
        ("0605", "y", "NW"),
        ("0605", "n", "SE"),
        ("0706", "left", "SW"),  # odd column: same row number lies SW / SE
        ("0706", "h", "SW"),
        ("0706", "right", "SE"),
        ("0706", "l", "SE"),
        ("0605", "left", "NW"),  # even column: same row number lies NW / NE
        ("0605", "right", "NE"),
    ],
)
async def test_keys_move_the_cursor_to_the_neighbour(start: str, key: str, direction: str) -> None:
    app = MapPaneApp()
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one(MapPane)
        pane.cursor = start
        await pilot.press(key)
        assert pane.cursor == neighbor(start, direction)
        await pilot.pause()
        assert app.moves[-1] == pane.cursor


async def test_the_cursor_stops_at_the_map_edge() -> None:
    app = MapPaneApp()
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one(MapPane)
        assert pane.cursor == "0101"
        await pilot.press("up", "left", "y", "b")
        assert pane.cursor == "0101"
        with pytest.raises(ValueError, match="not on map"):
            pane.cursor = "1713"


async def test_click_selects_the_hex_under_the_mouse() -> None:
    app = MapPaneApp()
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one(MapPane)
        for hex_id in ("0304", "0405", "1612"):
            box = pane.hex_layout.footprint_of(hex_id)
            await pilot.click(MapPane, offset=(box.x + 3, box.y + 1))
            assert pane.cursor == hex_id
        await pilot.click(MapPane, offset=(HEX_WIDTH + 1, 0))  # the gap above column 2
        assert pane.cursor == "1612"


def big_map() -> GameMap:
    return GameMap.from_rows("big", ["pafdmswjbM" * 4] * 30)


async def test_the_view_scrolls_to_keep_the_cursor_visible() -> None:
    app = MapPaneApp(big_map())
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one(MapPane)

        def cursor_in_view() -> bool:
            box = pane.hex_layout.footprint_of(pane.cursor)
            view = Region(*pane.scroll_offset, *pane.scrollable_content_region.size)
            return view.contains_region(Region(box.x, box.y, box.width, box.height))

        await pilot.press(*["down"] * 15)
        assert pane.cursor == "0116"
        assert pane.scroll_offset.y > 0
        assert cursor_in_view()
        await pilot.press(*["right"] * 21)
        assert pane.cursor == "2216"
        assert pane.scroll_offset.x > 0
        assert cursor_in_view()
        await pilot.press(*["up"] * 15)
        assert pane.scroll_offset.y == 0
        assert cursor_in_view()
        pane.center_on("4030")
        await pilot.pause()
        assert pane.scroll_offset == (pane.max_scroll_x, pane.max_scroll_y)
        box = pane.hex_layout.footprint_of("3025")
        scroll_x, scroll_y = pane.scroll_offset
        await pilot.click(MapPane, offset=(box.x - scroll_x, box.y - scroll_y))
        assert pane.cursor == "3025"


async def test_toggling_hex_ids_shows_them() -> None:
    app = MapPaneApp()
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one(MapPane)
        assert "0101" not in "\n".join(screen_lines(pane))
        await pilot.press("i")
        assert pane.show_hex_ids
        assert hex_text(pane, "0101")[0] == "0101 "
        assert hex_text(pane, "1612")[0].startswith("1612")
        pane.toggle_hex_ids()
        await pilot.pause()
        assert "0101" not in "\n".join(screen_lines(pane))


async def test_an_own_convoy_shows_its_number() -> None:
    app = MapPaneApp()
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one(MapPane)
        assert "12" not in "".join(hex_text(pane, "0503"))
        pane.set_overlay(MapOverlay(own_convoys={"0503": (12,)}, foreign_convoys={"0604": 2}))
        await pilot.pause()
        assert "12" in hex_text(pane, "0503")[1]
        assert "!2" in hex_text(pane, "0604")[1]


async def test_unknown_hexes_show_no_city_name() -> None:
    game_map_app = MapPaneApp()
    async with game_map_app.run_test(size=SIZE) as pilot:
        pane = game_map_app.query_one(MapPane)
        assert "VARN" in hex_text(pane, "0706")[0]
        known = frozenset(h for h in pane.game_map.hex_ids() if h != "0706")
        pane.set_overlay(MapOverlay(known_hexes=known))
        await pilot.pause()
        top = hex_text(pane, "0706")[0]
        assert "VARN" not in top
        assert "◆" in top
        assert "Ardm" in hex_text(pane, "0402")[0]


async def test_set_overlay_refreshes_only_the_changed_hexes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = MapPaneApp()
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one(MapPane)
        await pilot.pause()
        regions: list[tuple[Region, ...]] = []
        monkeypatch.setattr(pane, "refresh", lambda *r, **_: regions.append(r))
        pane.set_overlay(MapOverlay(owned_hexes={"0503"}))
        box = pane.hex_layout.footprint_of("0503")
        assert regions == [(Region(box.x, box.y, HEX_WIDTH, HEX_HEIGHT),)]
        regions.clear()
        pane.cursor = "0102"
        assert sorted(r[0].y for r in regions) == [0, 2]
        assert all(r[0].size == (HEX_WIDTH, HEX_HEIGHT) for r in regions)


async def test_an_owned_hex_and_cursor_change_only_their_lines() -> None:
    app = MapPaneApp()
    async with app.run_test(size=SIZE) as pilot:
        pane = app.query_one(MapPane)
        before = [pane.render_line(y) for y in range(pane.size.height)]
        pane.set_overlay(MapOverlay(owned_hexes={"0503"}))
        await pilot.pause()
        after = [pane.render_line(y) for y in range(pane.size.height)]
        changed = [y for y, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        box = pane.hex_layout.footprint_of("0503")
        assert changed == [box.y + HEX_HEIGHT - 1]  # owned: the bottom line is underlined


async def test_scrolling_moves_the_picture_and_nothing_else() -> None:
    """Every map cell is drawn the same from any scroll offset, also when the view starts or
    ends inside a hex, and every line fills the pane exactly."""
    app = MapPaneApp(overlay=sample_overlay())
    async with app.run_test(size=(37, 11)) as pilot:
        pane = app.query_one(MapPane)
        pane.cursor = "0604"
        drawn: dict[tuple[int, int], tuple[str, object]] = {}
        scrolls = [(0, 0), (1, 0), (3, 1), (7, 2), (12, 5), (29, 8), (pane.max_scroll_x, 15)]
        for scroll in scrolls:
            pane.scroll_to(*scroll, animate=False)
            await pilot.pause()
            scroll_x, scroll_y = pane.scroll_offset
            for y, strip in enumerate(pane.render_lines(pane.size.region)):
                assert strip.cell_length == pane.size.width
                cells = [(ch, segment.style) for segment in strip for ch in segment.text]
                for x, cell in enumerate(cells):
                    assert drawn.setdefault((x + scroll_x, y + scroll_y), cell) == cell
        assert set(range(pane.virtual_size.width)) <= {x for x, _ in drawn}


def test_city_and_convoy_labels() -> None:
    text = lambda cells: "".join(ch for ch, _ in cells)  # noqa: E731
    assert text(city_label(CityMark("Varnhold", True), known=True)) == "◆VARN"
    assert text(city_label(CityMark("Ardmoor", False, "own"), known=True)) == "■Ardm"
    assert text(city_label(CityMark("Ardmoor", False, "12"), known=True)) == "12Ard"
    assert text(city_label(CityMark("Ardmoor", False), known=False)) == "●"
    assert text(convoy_label((3,), 0)) == "3"
    assert text(convoy_label((1, 12), 0)) == "1,12"
    assert text(convoy_label((1, 12, 7), 2)) == "1+!2"
    assert text(convoy_label((), 3)) == "!3"


def test_snapshot_of_test_small(snap_compare) -> None:  # noqa: ANN001 - pytest fixture
    async def run_before(pilot: Pilot) -> None:
        pane = pilot.app.query_one(MapPane)
        pane.cursor = "0604"
        await pilot.pause()

    app = MapPaneApp(overlay=sample_overlay())
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_cursor_messages_merge_per_pane() -> None:
    app = MapPaneApp()
    async with app.run_test(size=SIZE):
        pane = app.query_one(MapPane)
        other = MapPane(pane.game_map)
        first, second = MapPane.CursorMoved("0101", pane), MapPane.CursorMoved("0102", pane)
        assert second.can_replace(first)
        assert second.control is pane
        assert not MapPane.CursorMoved("0102", other).can_replace(first)


def test_every_terrain_and_mark_has_its_own_colours() -> None:
    """A map of any terrain draws (no terrain without a palette entry), and no two terrains
    look alike, so a player can tell them apart."""
    from conquest_tui.engine.core.gamemap import TERRAINS
    from conquest_tui.ui.map_palette import TERRAIN_STYLES

    assert set(TERRAIN_STYLES) == set(TERRAINS)
    assert len({style.bgcolor for style in TERRAIN_STYLES.values()}) == len(TERRAINS)
