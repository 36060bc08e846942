"""The game screen: map, convoys, city and order-sheet panes and the status line for one Clan.

Start-up speed: the first frame shows the map, the status line and the (still empty) side
column; the convoy, city and order-sheet panes and the footer are mounted right after it
(`_mount_panes`), together with the textual widgets and order modules only they need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult, CSSPathType
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from conquest_tui.ui.overlay_builder import build_overlay
from conquest_tui.ui.stylesheets import PANES_CSS, stylesheet
from conquest_tui.ui.widgets.map_pane import MapPane
from conquest_tui.ui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from collections.abc import Mapping

    from textual.command import Provider
    from textual.timer import Timer

    from conquest_tui.engine.face import Forecast
    from conquest_tui.session import Seat
    from conquest_tui.ui.map_lenses import Shade
    from conquest_tui.ui.widgets.convoy_pane import ConvoyPane
    from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane

PANE_ORDER: tuple[str, ...] = ("#map", "#convoys", "#city", "#sheet")
"""Focus cycling order of the panes."""

COMPACT_BELOW: tuple[int, int] = (100, 30)
"""Terminals narrower or shorter than this (columns, rows) show the convoy and city panes as
two tabs of one pane, so that the map and the order sheet keep usable sizes."""

SIDE_TABS: dict[str, str] = {"tab-convoys": "convoys", "tab-city": "city"}
"""The side tabs of a compact terminal and the pane each one shows."""


def _game_commands() -> type[Provider]:
    """The game's command palette provider (imported when the palette first opens)."""
    from conquest_tui.ui.commands import GameCommands

    return GameCommands


class GameScreen(Screen[None]):
    """One Clan's turn: everything shown comes from its fog-filtered ClanView."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "Game screen"

    CSS_PATH: ClassVar[CSSPathType] = [PANES_CSS, stylesheet("game")]
    """The panes' looks and the screen's layout, read when the first game screen is shown."""

    COMMANDS: ClassVar = {_game_commands}
    """The command palette's game commands (imported when the palette first opens)."""

    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (140, "-wide")]
    """Narrow terminals (under 140 columns) get smaller minimum pane heights in game.tcss."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "submit", "End turn", id="game.submit",
                tooltip="Submit the order sheet and run this Clan's turn"),
        Binding("ctrl+s", "save_and_quit", "Save & quit", id="game.save_quit",
                tooltip="Save the game with the sheet being written, and go back to the title"),
        Binding("m", "add_move", "Move here", id="game.add_move",
                tooltip="Add a move toward the map cursor for the selected convoy"),
        Binding("o", "odds", "Odds", id="game.odds", show=False,
                tooltip="The odds of a fight for the selected convoy at the map cursor"),
        Binding("I", "inbox", "Inbox", id="game.inbox", show=False,
                tooltip="Messages, radio news, spy and agent reports, espionage, what happened "
                        "while you were away"),
        Binding("R", "relations", "Relations", id="game.relations", show=False,
                tooltip="The Clans you met, your alliances and bans, who allies with whom"),
        Binding("p", "replay", "Replay", id="game.replay", show=False,
                tooltip="Play your last turn back on the map, pulse by pulse"),
        Binding("H", "history", "History", id="game.history", show=False,
                tooltip="Your past turns: the turn log, each past report, plots of your figures"),
        # F6 is a priority key: the order sheet's editor would take it to select a line.
        Binding("f6", "focus_pane(1)", "Next pane", id="game.next_pane", priority=True,
                tooltip="Focus the next pane (map, convoys, city, order sheet)"),
        Binding("shift+f6", "focus_pane(-1)", "Previous pane", show=False, priority=True,
                id="game.previous_pane", tooltip="Focus the previous pane"),
        Binding("escape", "focus_map", "Map", show=False, id="game.focus_map",
                tooltip="Focus the map"),
        Binding("f2", "focus_sheet", "Sheet", id="game.focus_sheet",
                tooltip="Focus the order sheet"),
        Binding("f4", "switch_side_tab", "Convoys/City", id="game.switch_side_tab",
                tooltip="Show the other one of the convoy and city panes (small terminals)"),
        Binding("f3", "toggle_forecast", "Forecast", id="game.forecast",
                tooltip="Show what the sheet will do, pulse by pulse, in place of the convoy "
                        "and city panes (or hide it)"),
    ]

    class SaveRequested(Message):
        """Save the game with the sheet being written (and go back to the title, if asked)."""

        def __init__(self, seat: Seat, draft: str, *, then_quit: bool = False) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan at the terminal.
                draft: Its order sheet as written so far (kept with the save).
                then_quit: Whether to go back to the title screen once saved.
            """
            super().__init__()
            self.seat = seat
            self.draft = draft
            self.then_quit = then_quit

    class DraftPaused(Message):
        """Typing stopped for a moment: the sheet being written goes into the save."""

        def __init__(self, seat: Seat, draft: str) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan at the terminal.
                draft: Its order sheet as written so far.
            """
            super().__init__()
            self.seat = seat
            self.draft = draft

    class TurnEnded(Message):
        """The Clan ends its turn with this order sheet: run it and show the report."""

        def __init__(self, seat: Seat, sheet_text: str) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan at the terminal.
                sheet_text: Its order sheet.
            """
            super().__init__()
            self.seat = seat
            self.sheet_text = sheet_text

    class ClanResigned(Message):
        """The Clan at the terminal resigns from the game (CC-GEN-11)."""

        def __init__(self, seat: Seat) -> None:
            """Create the message.

            Args:
                seat: The seat of the Clan that resigns.
            """
            super().__init__()
            self.seat = seat

    DRAFT_PAUSE: ClassVar[float] = 2.0
    """Seconds after typing stops before the sheet being written goes into the save."""

    def __init__(self, seat: Seat, draft: str | None = None) -> None:
        """Create the screen.

        Args:
            seat: The seat of the Clan at the terminal (the panes read only its view).
            draft: The sheet to show (None: the draft kept with the Clan).
        """
        super().__init__(id="game")
        self.seat = seat
        self.clan_number = seat.number
        self.view = seat.view()
        self._start_draft = draft
        self.panes_ready = False
        self._route_timer: Timer | None = None
        self._draft_timer: Timer | None = None
        """Whether the convoy, city and order-sheet panes are mounted (right after the first
        frame)."""
        self._money_after: int | None = None
        """The money after this turn, from the sheet's last forecast (None: not yet)."""

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
        from textual.widgets import Footer, Tab, Tabs

        from conquest_tui.ui.widgets.city_pane import CityPane
        from conquest_tui.ui.widgets.convoy_pane import ConvoyPane
        from conquest_tui.ui.widgets.forecast_pane import ForecastPane
        from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane

        if self.panes_ready or not self.is_attached:
            return
        city = CityPane(id="city")
        city.border_title = "City / hex"
        sheet = OrderSheetPane(id="sheet")
        forecast = ForecastPane(id="forecast")
        footer = Footer(compact=self.size.width < 140)
        tabs = Tabs(Tab("Convoys", id="tab-convoys"), Tab("City / hex", id="tab-city"),
                    id="side-tabs")
        tabs.can_focus = False  # F4, F6 and the mouse switch them; the focus stays in the panes
        with self.app.batch_update():
            await self.query_one("#game-side").mount(tabs, ConvoyPane(id="convoys"), city,
                                                     forecast, sheet)
            await self.mount(footer)
            self.panes_ready = True
            draft = self._start_draft
            sheet.load(self.seat, self.view, self.view.clan.draft_sheet if draft is None else draft)
            sheet.editor.cursor_blink = self.app.cursor_blink  # type: ignore[attr-defined]
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

    def on_resize(self) -> None:
        compact = self.size.width < 140
        for footer in self.query("Footer"):
            if footer.compact != compact:  # type: ignore[attr-defined]
                footer.compact = compact  # type: ignore[attr-defined]
        self._set_compact()

    def _set_compact(self) -> None:
        """Show the convoy and city panes as tabs when the terminal is small (COMPACT_BELOW)."""
        width, height = self.size
        compact = width < COMPACT_BELOW[0] or height < COMPACT_BELOW[1]
        if compact == self.has_class("-compact"):
            return
        self.set_class(compact, "-compact")
        if compact:  # the pane holding the focus stays on show
            pane = self._focused_pane()
            if pane in ("#convoys", "#city"):
                self.show_side_pane(pane[1:])
        self.refresh_bindings()

    @property
    def compact(self) -> bool:
        """Whether the convoy and city panes are shown as tabs (a small terminal)."""
        return self.has_class("-compact")

    def show_side_pane(self, name: str) -> None:
        """Bring the convoy ("convoys") or city ("city") pane to the front of the side tabs."""
        self.set_class(name == "city", "-city-tab")
        if self.panes_ready:
            from textual.widgets import Tabs

            self.query_one("#side-tabs", Tabs).active = f"tab-{name}"

    def on_tabs_tab_activated(self, event: object) -> None:
        from textual.widgets import Tabs

        if not isinstance(event, Tabs.TabActivated) or event.tab is None:
            return
        name = SIDE_TABS.get(event.tab.id or "")
        if name is None:
            return
        hidden = "#convoys" if name == "city" else "#city"
        self.set_class(name == "city", "-city-tab")
        if self.compact and self._focused_pane() == hidden:
            target = self._focus_target(self.query_one(f"#{name}"))
            if target is not None:
                target.focus()

    def action_switch_side_tab(self) -> None:
        """Show the other one of the convoy and city panes (small terminals)."""
        self.show_side_pane("convoys" if self.has_class("-city-tab") else "city")

    def _start_hex(self) -> str:
        convoys = self.view.convoys()
        if convoys:
            return convoys[0].hex
        cities = self.view.owned_cities()
        if cities:
            return cities[0]
        owned = self.view.owned_hexes()
        return owned[0] if owned else self.view.map.hex_ids()[0]

    # --- panes -------------------------------------------------------------------------------

    @property
    def map_pane(self) -> MapPane:
        """The map pane."""
        return self.query_one("#map", MapPane)

    @property
    def sheet_pane(self) -> OrderSheetPane:
        """The order sheet pane."""
        from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane

        return self.query_one("#sheet", OrderSheetPane)

    _PANE_ACTIONS: ClassVar[frozenset[str]] = frozenset(
        {"submit", "add_move", "focus_pane", "focus_sheet", "relations", "toggle_forecast"})
    """Actions that need the side panes (off for the moment before they are mounted)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_side_tab":
            return self.panes_ready and self.compact
        return self.panes_ready or action not in self._PANE_ACTIONS

    def _show_status(self) -> None:
        self.query_one("#status", StatusLine).show(
            self.view, self.view.game_turn,
            self.sheet_pane.problem_count if self.panes_ready else None, self._money_after)

    def on_forecast_pane_ready(self, event: Message) -> None:
        """A forecast of the sheet: its warnings on the lines that will fail, and the money
        after the turn in the status line."""
        self._forecast_arrived(event.forecast, event.text)  # type: ignore[attr-defined]

    def _forecast_arrived(self, forecast: Forecast, text: str) -> None:
        from conquest_tui.engine.face import sheet_warnings

        sheet = self.sheet_pane
        checked = {problem.line for problem in sheet.problems if not problem.is_warning}
        sheet.set_forecast(sheet_warnings(forecast, checked), text)
        self._money_after = forecast.end.money
        self._show_status()

    def action_toggle_forecast(self) -> None:
        """Show the forecast pane in place of the convoy and city panes (on a small terminal,
        in place of the order sheet too), or hide it."""
        shown = not self.has_class("-forecast")
        self.set_class(shown, "-forecast")
        if self.compact:  # the sheet and the forecast take turns: the focus follows
            if shown and self._focused_pane() == "#sheet":
                self.query_one("#forecast-scroll").focus()
            elif not shown:
                self.sheet_pane.editor.focus()

    # Handlers by name (not @on), so that the pane classes load after the first frame.
    def on_map_pane_cursor_moved(self, event: MapPane.CursorMoved) -> None:
        if self.panes_ready:
            from conquest_tui.ui.widgets.city_pane import CityPane

            self.query_one("#city", CityPane).show_hex(self.view, event.hex_id)

    def on_convoy_pane_convoy_selected(self, event: ConvoyPane.ConvoySelected) -> None:
        map_pane = self.map_pane
        map_pane.cursor = event.hex
        map_pane.center_on(event.hex)
        self._draw_route()

    # --- map: lenses, legend, the selected convoy's route ----------------------------------

    def _lens_shades(self, lens: str) -> Mapping[str, Shade] | None:
        from conquest_tui.ui.map_lenses import lens_shading

        return lens_shading(self.view, lens)

    def on_map_pane_lens_changed(self, event: MapPane.LensChanged) -> None:
        event.map_pane.border_title = f"Map — {event.map_pane.lens_title}"
        for legend in self.query("#map-legend"):
            legend.show_lens(event.lens)  # type: ignore[attr-defined]

    async def on_map_pane_legend_toggled(self, event: MapPane.LegendToggled) -> None:
        """Show the legend of the current lens beside the map, or hide it."""
        from conquest_tui.ui.widgets.map_legend import MapLegend

        found = self.query("#map-legend")
        if found:
            legend = found.first()
            legend.display = not legend.display
        else:
            legend = MapLegend(id="map-legend")
            legend.border_title = "Legend"
            legend.show_lens(event.map_pane.lens)
            await self.query_one("#game-main").mount(legend, after=event.map_pane)
        # A small terminal shows the legend in place of the side panes (game.tcss).
        self.set_class(bool(legend.display), "-legend")

    def on_order_sheet_pane_sheet_changed(self, event: Message) -> None:
        if self._route_timer is not None:
            self._route_timer.stop()
        self._route_timer = self.set_timer(0.25, self._draw_route)
        if self._draft_timer is not None:
            self._draft_timer.stop()
        self._draft_timer = self.set_timer(self.DRAFT_PAUSE, self._draft_paused)

    def _draft_paused(self) -> None:
        """Typing stopped: the sheet goes into the save (the app writes it)."""
        self._draft_timer = None
        if self.panes_ready and self.is_attached:
            self.post_message(self.DraftPaused(self.seat, self.sheet_pane.text))

    @property
    def draft_pending(self) -> bool:
        """Whether typing stopped less than DRAFT_PAUSE ago (the save has not the sheet yet)."""
        return self._draft_timer is not None

    def _draw_route(self) -> None:
        """Draw the selected convoy's written moves on the map, numbered by pulse, with their
        cost in the map's bottom border."""
        import attrs

        from conquest_tui.ui import route_drawing
        from conquest_tui.ui.widgets.convoy_pane import ConvoyPane

        self._route_timer = None
        if not self.panes_ready or not self.is_attached:
            return
        map_pane = self.map_pane
        convoy = self.query_one("#convoys", ConvoyPane).selected_convoy
        fuel = self.seat.route_fuel(convoy.number) if convoy else None
        if convoy is None or fuel is None:
            marks: dict[str, object] = {}
            summary = ""
        else:
            route = route_drawing.sheet_route(self.view, convoy, self.sheet_pane.text, fuel)
            marks, summary = route.marks(), route.summary()
        if str(map_pane.border_subtitle or "") != summary:  # no repaint when nothing changed
            map_pane.border_subtitle = summary
        if dict(map_pane.overlay.route) != marks:
            map_pane.set_overlay(attrs.evolve(map_pane.overlay, route=marks))

    # --- commands ----------------------------------------------------------------------------

    def jump_to_hex(self, hex_id: str) -> None:
        """Put the map cursor on a hex and centre the map there."""
        map_pane = self.map_pane
        map_pane.cursor = hex_id
        map_pane.center_on(hex_id)
        map_pane.focus()

    def select_convoy(self, number: int) -> None:
        """Select one of the Clan's convoys (the map centres on it)."""
        from conquest_tui.ui.widgets.convoy_pane import ConvoyPane

        if not self.panes_ready:
            return
        convoys = self.query_one("#convoys", ConvoyPane)
        convoys.select(number)
        convoy = convoys.selected_convoy
        if convoy is not None:
            self.jump_to_hex(convoy.hex)

    @property
    def draft(self) -> str:
        """The order sheet as written so far (the saved draft until the panes are mounted)."""
        if self.panes_ready:
            return self.sheet_pane.text
        return self.view.clan.draft_sheet if self._start_draft is None else self._start_draft

    def action_save(self) -> None:
        """Save now, the sheet being written included."""
        self.post_message(self.SaveRequested(self.seat, self.draft))

    def action_save_and_quit(self) -> None:
        """Save, the sheet included, and go back to the title screen."""
        self.post_message(self.SaveRequested(self.seat, self.draft, then_quit=True))

    async def action_help(self) -> None:
        """Show the help screen."""
        await self.app.run_action("help")

    def action_add_move(self) -> None:
        """Add the moves of a legal path to the map cursor for the selected convoy (roads
        preferred, within the moves and order lines it has left), or say why there is none."""
        from conquest_tui.ui import route_drawing
        from conquest_tui.ui.widgets.convoy_pane import ConvoyPane

        convoy = self.query_one("#convoys", ConvoyPane).selected_convoy
        if convoy is None:
            self.notify("Select a convoy first (convoy pane).", severity="warning")
            return
        sheet = self.sheet_pane
        target = self.map_pane.cursor
        route = route_drawing.sheet_route(self.view, convoy, sheet.text)
        plan = route_drawing.plan_to(self.view, convoy, route, target)
        if not plan.ok and not plan.partial:
            self.notify(route_drawing.plan_words(convoy.number, plan, route, convoy.convoy_type),
                        severity="warning", timeout=6)
            return
        words = route_drawing.move_lines(plan, convoy.convoy_type)
        added = [word for word in words if sheet.add_move(convoy.number, word)]
        if added and plan.partial:
            self.notify(route_drawing.partial_words(convoy.number, plan, route, added),
                        timeout=6)
        elif added:
            left = plan.left - plan.moves
            self.notify(f"Convoy #{convoy.number}: {' '.join(added)} to {target} "
                        f"({left} move{'' if left == 1 else 's'} left).", timeout=3)
        self._draw_route()

    def action_odds(self) -> None:
        """Show the odds of a fight for the selected convoy in the map cursor's hex (its own
        hex, or the one next to it it would enter)."""
        from conquest_tui.ui.screens.odds import OddsScreen
        from conquest_tui.ui.widgets.convoy_pane import ConvoyPane

        convoy = self.query_one("#convoys", ConvoyPane).selected_convoy
        if convoy is None:
            self.notify("Select a convoy first (convoy pane).", severity="warning")
            return
        self.app.push_screen(OddsScreen(self.seat, self.view, convoy.number,
                                        self.map_pane.cursor))

    def action_inbox(self) -> None:
        """Show the inbox: what the Clan was told outside its own orders."""
        from conquest_tui.ui.screens.inbox import InboxScreen

        self.app.push_screen(InboxScreen(self.view))

    def action_replay(self) -> None:
        """Play the Clan's last turn back on the map, pulse by pulse."""
        from conquest_tui.ui.screens.replay import ReplayScreen, replay_frames

        frames = replay_frames(self.view)
        if not frames:
            self.notify("There is no turn of yours to replay yet.", severity="warning")
            return
        self.app.push_screen(ReplayScreen(self.view, frames))

    def action_history(self) -> None:
        """Show the Clan's past reports, turn by turn, and plots of its figures."""
        from conquest_tui.ui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.seat.history()))

    def action_relations(self) -> None:
        """Show the Clans met; its ALLY and BAN keys write lines on this sheet."""
        from conquest_tui.ui.screens.relations import RelationsScreen

        if not self.panes_ready:
            return
        sheet = self.sheet_pane
        self.app.push_screen(RelationsScreen(self.view, sheet.pending_clan_orders,
                                             sheet.toggle_clan_order))

    def _focused_pane(self) -> str | None:
        """The selector (in PANE_ORDER) of the pane holding the focus, if any."""
        focused = self.focused
        if focused is None:
            return None
        for selector in PANE_ORDER:
            pane = self.query_one(selector) if self.panes_ready or selector == "#map" else None
            if pane is not None and (focused is pane or pane in focused.ancestors):
                return selector
        return None

    def action_focus_pane(self, step: int) -> None:
        """Focus the next (+1) or previous (-1) pane that takes the focus (in a small
        terminal, the convoy and city panes come to the front as they get it)."""
        current = self._focused_pane()
        index = PANE_ORDER.index(current) if current is not None else 0
        for offset in range(1, len(PANE_ORDER) + 1):
            selector = PANE_ORDER[(index + step * offset) % len(PANE_ORDER)]
            target = self._focus_target(self.query_one(selector))
            if target is not None:
                if self.compact and selector in ("#convoys", "#city"):
                    self.show_side_pane(selector[1:])
                target.focus()
                return

    @staticmethod
    def _focus_target(pane: Widget) -> Widget | None:
        """The widget that takes the focus for a pane (None when nothing in it can)."""
        from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane

        if isinstance(pane, OrderSheetPane):
            return pane.editor
        if pane.focusable:
            return pane
        return next((child for child in pane.query("*") if child.focusable), None)

    def action_focus_map(self) -> None:
        """Focus the map."""
        self.map_pane.focus()

    def action_focus_sheet(self) -> None:
        """Focus the order sheet (on a small terminal it takes the forecast's place again)."""
        if self.compact:
            self.remove_class("-forecast")
        self.sheet_pane.editor.focus()

    def action_submit(self) -> None:
        """Ask, then run the Clan's turn."""
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        count = self.sheet_pane.problem_count
        if count:
            detail = (f"The sheet has {count} problem{'s' if count != 1 else ''}: "
                      "those lines will be skipped; the other lines run.")
        else:
            detail = "The sheet has no problems."

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(self.TurnEnded(self.seat, self.sheet_pane.text))

        self.app.push_screen(
            ConfirmDialog(f"End the turn of Clan {self.view.clan.number}?", detail,
                          yes="End turn", no="Keep writing", title="End turn"),
            answered,
        )

    def action_resign(self) -> None:
        """Ask, then resign the Clan (CC-GEN-11): its units stay where they are and defend."""
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        clan = self.view.clan
        detail = ("Its convoys, cities and hexes stay where they are and defend themselves, but "
                  "it gives no more orders and cannot win. This cannot be undone; the sheet "
                  "being written is dropped.")

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(self.ClanResigned(self.seat))

        self.app.push_screen(
            ConfirmDialog(f"Resign Clan {clan.number} ({clan.name}) from the game?", detail,
                          yes="Resign", no="Keep playing", title="Resign"),
            answered,
        )
