"""A tiny app hosting one MapPane, for the map pane's Pilot and snapshot tests."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult, CSSPathType

from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.storage.map_loader import load_map
from conquest_tui.ui.map_overlay import CityMark, MapOverlay
from conquest_tui.ui.stylesheets import PANES_CSS
from conquest_tui.ui.widgets.map_pane import MapPane

HOSTS_CSS = Path(__file__).resolve().parent / "hosts.tcss"
"""The host apps' layout: the pane fills the screen."""


def sample_overlay() -> MapOverlay:
    """A clan's view of test_small: some land, two cities, convoys, a fogged east."""
    game_map = load_map("test_small")
    return MapOverlay(
        owned_hexes={"0706", "0705", "0605", "0806"},
        known_hexes=frozenset(h for h in game_map.hex_ids() if int(h[:2]) <= 11),
        cities={"0706": CityMark("Varnhold", True, "own"), "0402": CityMark("Ardmoor", False, "3")},
        own_convoys={"0705": (3,), "0904": (1, 12)},
        foreign_convoys={"0904": 2, "0803": 1},
        extra_roads={frozenset({"0402", "0403"})},
    )


class MapPaneApp(App[None]):
    """One MapPane filling the screen; remembers every CursorMoved it saw."""

    CSS_PATH: ClassVar[CSSPathType] = [PANES_CSS, HOSTS_CSS]

    def __init__(self, game_map: GameMap | None = None, overlay: MapOverlay | None = None) -> None:
        super().__init__()
        self.game_map = game_map if game_map is not None else load_map("test_small")
        self.overlay = overlay
        self.moves: list[str] = []

    def compose(self) -> ComposeResult:
        yield MapPane(self.game_map, self.overlay, id="map")

    def on_map_pane_cursor_moved(self, message: MapPane.CursorMoved) -> None:
        self.moves.append(message.hex_id)
