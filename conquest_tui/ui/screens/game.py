"""The game screen: map, convoys, city and order-sheet panes and the status line for one Clan.

The screen is put together here from its layers (see game_base.py): its layout and start-up,
its keys (game_keys.py) and its commands in the palette.

Start-up speed: the first frame shows the map, the status line and the (still empty) side
column; the convoy, city and order-sheet panes and the footer are mounted right after it
(`_mount_panes`), together with the textual widgets and order modules only they need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.containers import Horizontal, Vertical

from conquest_tui.ui.overlay_builder import build_overlay
from conquest_tui.ui.screens.game_keys import (
    GAME_BINDINGS,
    LETTER_ACTIONS,
    PANE_ACTIONS,
    palette_commands,
)
from conquest_tui.ui.screens.game_lookups import GameLookups
from conquest_tui.ui.stylesheets import PANES_CSS, stylesheet
from conquest_tui.ui.widgets.map_pane import MapPane
from conquest_tui.ui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.binding import BindingType
    from textual.command import Provider

    from conquest_tui.ui.command_list import Command


def _game_commands() -> type[Provider]:
    """The game's command palette provider (imported when the palette first opens)."""
    from conquest_tui.ui.command_list import ScreenCommands

    return ScreenCommands


class GameScreen(GameLookups):
    """One Clan's turn: everything shown comes from its fog-filtered ClanView."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "Game screen"

    CSS_PATH = [PANES_CSS, stylesheet("game")]
    """The panes' looks and the screen's layout, read when the first game screen is shown."""

    COMMANDS: ClassVar = {_game_commands}
    """The command palette's game commands (imported when the palette first opens)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (140, "-wide")]  # Screen declares its type
    """Narrow terminals (under 140 columns) get smaller minimum pane heights in game.tcss."""

    BINDINGS: ClassVar[list[BindingType]] = GAME_BINDINGS

    def compose(self) -> ComposeResult:
        with Horizontal(id="game-main"):
            map_pane = MapPane(self.view.map, build_overlay(self.view), id="map")
            map_pane.border_title = "Map"
            yield map_pane
            yield Vertical(id="game-side")  # its panes are mounted right after the first frame
        yield StatusLine(id="status")

    def on_mount(self) -> None:
        start = self._start_hex()
        map_pane = self.query_one("#map", MapPane)
        map_pane.cursor = start
        map_pane.center_on(start)
        map_pane.focus()
        map_pane.lens_source = self._lens_shades
        self.query_one("#status", StatusLine).show(self.view, self.view.game_turn, None)
        self.call_after_refresh(self._mount_panes)

    async def _mount_panes(self) -> None:
        """Mount the side panes and the footer, and fill them (the sheet is checked here)."""
        from textual.widgets import Tab, Tabs

        from conquest_tui.ui.widgets.city_pane import CityPane
        from conquest_tui.ui.widgets.convoy_pane import ConvoyPane
        from conquest_tui.ui.widgets.forecast_pane import ForecastPane
        from conquest_tui.ui.widgets.key_footer import KeyFooter
        from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane

        if self.panes_ready or not self.is_attached:
            return
        city = CityPane(id="city")
        city.border_title = "City / hex"
        sheet = OrderSheetPane(id="sheet")
        forecast = ForecastPane(id="forecast")
        footer = KeyFooter(compact=self.size.width < 140)
        tabs = Tabs(Tab("Convoys", id="tab-convoys"), Tab("City / hex", id="tab-city"),
                    id="side-tabs")
        tabs.can_focus = False  # F4, F6 and the mouse switch them; the focus stays in the panes
        with self.app.batch_update():
            await self.query_one("#game-side").mount(tabs, ConvoyPane(id="convoys"), city,
                                                     forecast, sheet)
            await self.mount(footer)
            if not self.is_attached or not sheet.query("SheetEditor"):
                return  # the screen was closed while its panes were mounted (keys were faster)
            self.panes_ready = True
            draft = self._start_draft
            sheet.load(self.seat, self.view, self.view.clan.draft_sheet if draft is None else draft)
            # The app's cursor_blink: ConquestApp's setting, read off the plain App here.
            sheet.editor.cursor_blink = self.app.cursor_blink  # type: ignore[attr-defined]  # the app is ConquestApp
            self.query_one("#convoys", ConvoyPane).show(self.view)
            city.show_hex(self.view, self.map_pane.cursor)
            self._show_status()
            # The status line follows the problem count as it changes, in the same frame.
            self.watch(sheet, "problem_count", self._show_status, init=False)
            first = forecast.follow(self.seat, sheet)  # then in a thread
            if first is not None:
                self._forecast_arrived(first, sheet.text)
            self._set_compact()
            self.refresh_bindings()  # the footer shows the keys of the focused map
            self._draw_route()

    def _start_hex(self) -> str:
        convoys = self.view.convoys()
        if convoys:
            return convoys[0].hex
        cities = self.view.owned_cities()
        if cities:
            return cities[0]
        owned = self.view.owned_hexes()
        return owned[0] if owned else self.view.map.hex_ids()[0]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_side_tab":
            return self.panes_ready and self.compact
        if action in LETTER_ACTIONS and self.panes_ready and self._focused_pane() == "#sheet":
            return False
        return self.panes_ready or action not in PANE_ACTIONS

    def palette_commands(self) -> list[Command]:
        """The game's commands in the command palette (`ScreenCommands` asks for them)."""
        return palette_commands(self)
