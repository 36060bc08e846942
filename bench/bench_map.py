"""Time the map pane: full repaint of a 200×60 view and a one-hex change (prints, never asserts).

Run: `python bench/bench_map.py [--runs N]`. Measures the largest map in data/maps (when it is
larger than test_small) and a synthetic 60×60 map with roads, rivers and 60 cities.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.style import Style  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402

from bench.figures import Figure, machine_reference_ms, record  # noqa: E402
from conquest_tui.engine.convoys import routes  # noqa: E402
from conquest_tui.engine.core.gamemap import CitySite, GameMap  # noqa: E402
from conquest_tui.engine.core.hexgrid import neighbors  # noqa: E402
from conquest_tui.storage.map_loader import list_maps, load_map  # noqa: E402
from conquest_tui.storage.rules_loader import load_ruleset  # noqa: E402
from conquest_tui.ui.map_lenses import OWNER, Shade  # noqa: E402
from conquest_tui.ui.map_overlay import MapOverlay  # noqa: E402
from conquest_tui.ui.stylesheets import PANES_CSS  # noqa: E402
from conquest_tui.ui.widgets.map_pane import MapPane  # noqa: E402

VIEW_WIDTH, VIEW_HEIGHT = 200, 60
FULL_TARGET_MS = 8.0
ONE_HEX_TARGET_MS = 1.5
LAND = "ppppaaaffdmmswjbM"
ROUTE_TARGET_MS = 50.0
FORGOTTEN = Style(link="bench:forgotten")
"""A style no pane reads: set as the pane's background style, it is replaced on the next read."""
"""`m` on a far hex: the path search (engine/convoys/routes) across the whole map."""


def lens_shading_of(game_map: GameMap) -> dict[str, Shade]:
    """An owner-lens shading of every hex: twelve Clans, nobody, not known, own."""
    keys = [f"clan-{n % 8}" for n in range(12)] + ["nobody", "not-now", "own"]
    return {h: Shade(keys[i % len(keys)], str(i % 10)) for i, h in enumerate(game_map.hex_ids())}


def plan_across(game_map: GameMap) -> None:
    """A land convoy's path from the first land hex to the last (often too far or blocked)."""
    world = routes.RouteWorld(game_map, load_ruleset())
    land = [h for h in game_map.hex_ids() if game_map.is_land(h)]
    routes.plan_route(world, "land", land[len(land) // 3], land[2 * len(land) // 3], 12)


def synthetic_map(size: int = 60, cities: int = 60, seed: int = 1995) -> GameMap:
    """A deterministic size×size map: coasts, blotches of terrain, 60 cities, roads, rivers."""
    rng = random.Random(seed)
    rows = []
    for r in range(size):
        line = []
        for c in range(size):
            edge = min(r, c, size - 1 - r, size - 1 - c)
            if edge < 2:
                line.append(rng.choice(".~i") if edge == 1 else ".")
            else:
                line.append(LAND[(c // 6 + r // 5 + rng.randrange(3)) % len(LAND)])
        rows.append("".join(line))
    game_map = GameMap.from_rows("synthetic", rows)
    land = [
        h for h in game_map.hex_ids() if game_map.is_land(h) and game_map.terrain_of(h) != "islands"
    ]
    sites = rng.sample(land, cities)
    city_list = [
        CitySite(h, f"City{i:02d}", 20000 + i * 1000, i % 6 == 0, "milk", "wool", None, 1, 9000)
        for i, h in enumerate(sites)
    ]
    land_set = set(land)
    roads = [_walk(rng, a, b, land_set) for a, b in zip(sites, sites[1:], strict=False)]
    rivers = [_walk(rng, rng.choice(land), rng.choice(land), land_set) for _ in range(12)]
    return GameMap.from_rows(
        "synthetic",
        rows,
        roads=[" ".join(p) for p in roads if len(p) > 1],
        rivers=[" ".join(p) for p in rivers if len(p) > 1],
        cities=city_list,
    )


def _walk(rng: random.Random, start: str, goal: str, land: set[str]) -> list[str]:
    """A wobbly path of land hexes from start toward goal (at most 40 steps)."""
    path = [start]
    here = start
    for _ in range(40):
        if here == goal:
            break
        options = [h for _, h in neighbors(here) if h in land and h not in path]
        if not options:
            break
        here = min(options, key=lambda h: (_gap(h, goal), rng.random()))
        path.append(here)
    return path


def _gap(a: str, b: str) -> int:
    return abs(int(a[:2]) - int(b[:2])) + abs(int(a[2:]) - int(b[2:]))


def pick_maps() -> list[GameMap]:
    """The largest stored map (if larger than test_small), then the synthetic 60×60 map."""
    best = max(list_maps(), key=lambda i: i.columns * i.rows, default=None)
    chosen = [] if best is None or best.columns * best.rows <= 16 * 12 else [load_map(best.name)]
    return [*chosen, synthetic_map()]


class BenchApp(App[None]):
    """A screen holding only the map pane, without scrollbars, at 200×60."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [PANES_CSS, Path(__file__).with_suffix(".tcss")]

    def __init__(self, game_map: GameMap, overlay: MapOverlay) -> None:
        super().__init__()
        self.game_map = game_map
        self.overlay = overlay

    def compose(self) -> ComposeResult:
        yield MapPane(self.game_map, self.overlay)


def median_ms(
    runs: int, setup: Callable[[], object], action: Callable[[], object]
) -> list[float]:
    """Wall times of action in ms over runs, setup run untimed before each."""
    samples = []
    for _ in range(runs):
        setup()
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


async def bench(game_map: GameMap, runs: int) -> None:
    col, row = game_map.columns // 2, game_map.rows // 2
    centre, below, beside = (
        f"{col:02d}{row:02d}",
        f"{col:02d}{row + 1:02d}",
        f"{col + 1:02d}{row + 1:02d}",
    )
    base = MapOverlay(owned_hexes={centre, below})
    grown = MapOverlay(owned_hexes={centre, below, beside})
    app = BenchApp(game_map, base)
    async with app.run_test(size=(VIEW_WIDTH, VIEW_HEIGHT)) as pilot:
        pane = app.query_one(MapPane)
        pane.cursor = centre
        pane.center_on(centre)
        await pilot.pause()
        width, height = pane.size
        lines = range(height)

        def render_all() -> None:
            for y in lines:
                pane.render_line(y)

        def cold() -> None:
            """Forget everything: styles, looks, hex lines and row strips."""
            pane.painter.clear_caches()
            pane.painter.cells_of_look.clear()
            pane.painter.void = FORGOTTEN  # unlike any style read: the next read replaces it
            pane.notify_style_update()  # the pane's styles are read again, Textual's too

        def cold_rows() -> None:
            pane.painter.row_cache.clear()

        def via_textual() -> None:
            pane.refresh()  # the whole pane dirty: Textual's line cache is dropped
            pane.render_lines(pane.size.region)

        render_all()
        full_cold = median_ms(runs, cold, render_all)
        full_rows = median_ms(runs, cold_rows, render_all)
        def cold_and_dirty() -> None:
            cold()
            pane.refresh()

        full_textual = median_ms(runs, cold_and_dirty, via_textual)
        warm = median_ms(runs, lambda: None, render_all)

        scroll_y = pane.scroll_offset.y
        cursor_steps = iter([below, centre] * (runs + 1))

        def dirty_lines(*hexes: str) -> list[int]:
            found: set[int] = set()
            for hex_id in hexes:
                box = pane.hex_layout.footprint_of(hex_id)
                found.update(range(box.y - scroll_y, box.y - scroll_y + box.height))
            return sorted(y for y in found if 0 <= y < height)

        def move_cursor() -> None:
            old = pane.cursor
            pane.cursor = next(cursor_steps)
            for y in dirty_lines(old, pane.cursor):
                pane.render_line(y)

        overlays = iter([grown, base] * (runs + 1))

        def change_overlay() -> None:
            pane.set_overlay(next(overlays))
            for y in dirty_lines(beside):
                pane.render_line(y)

        render_all()
        one_cursor = median_ms(runs, lambda: None, move_cursor)
        one_overlay = median_ms(runs, lambda: None, change_overlay)

        # The same under the owner lens: every hex shaded (worst case: many distinct shades).
        shading = lens_shading_of(game_map)
        pane.lens_source = lambda lens: shading
        pane.lens = OWNER
        await pilot.pause()
        render_all()
        lens_cold = median_ms(runs, cold, render_all)
        lens_cursor = median_ms(runs, lambda: None, move_cursor)
        def switch_lens() -> None:
            pane.watch_lens(OWNER)
            render_all()

        lens_switch = median_ms(runs, lambda: None, switch_lens)
        await pilot.pause()
    route = median_ms(max(3, runs // 5), lambda: None, lambda: plan_across(game_map))

    print(
        f"map: {game_map.name} {game_map.columns}x{game_map.rows}, "
        f"{len(game_map.cities)} cities, {len(game_map.roads)} road links, "
        f"{len(game_map.rivers)} river links; viewport {width}x{height}; median of {runs} runs"
    )
    rows = [
        ("full repaint, cold (all caches)", full_cold, FULL_TARGET_MS),
        ("full repaint, cold row strips (hex cache warm)", full_rows, FULL_TARGET_MS),
        ("full repaint through Widget.render_lines, cold", full_textual, FULL_TARGET_MS),
        ("full repaint, warm caches", warm, FULL_TARGET_MS),
        ("one-hex change: cursor move + refreshed lines", one_cursor, ONE_HEX_TARGET_MS),
        ("one-hex change: set_overlay + refreshed lines", one_overlay, ONE_HEX_TARGET_MS),
        ("owner lens: full repaint, cold (all caches)", lens_cold, FULL_TARGET_MS),
        ("owner lens: cursor move + refreshed lines", lens_cursor, ONE_HEX_TARGET_MS),
        ("switching lens: shades read + full repaint", lens_switch, FULL_TARGET_MS),
        ("m's path search, land, 12 moves, map-wide", route, ROUTE_TARGET_MS),
    ]
    reference = machine_reference_ms()
    for label, samples, target in rows:
        ms, best = statistics.median(samples), min(samples)
        print(
            f"  {label:<48} {ms:7.3f} ms (best {best:6.3f})  target {target:4.1f} ms  "
            f"ratio {ms / target:5.2f}"
        )
        record(Figure("map", f"{game_map.name}: {label}", "ms", samples, target,
                      reference_ms=reference))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=25, help="runs per measurement (median)")
    args = parser.parse_args()
    for game_map in pick_maps():
        asyncio.run(bench(game_map, args.runs))


if __name__ == "__main__":
    main()
