"""The game screen's map: its lenses and legend, the map following the convoy pane and the city
pane following the map, the selected convoy's written route drawn on it, and moves toward the
map cursor added to the sheet (`m`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.ui.screens.game_focus import GameFocus
from conquest_tui.ui.widgets.map_pane import MapPane

if TYPE_CHECKING:
    from collections.abc import Mapping

    from conquest_tui.ui.map_lenses import Shade
    from conquest_tui.ui.map_overlay import RouteMark
    from conquest_tui.ui.widgets.convoy_pane import ConvoyPane

ROUTE_PAUSE = 0.25
"""Seconds after the sheet changes before the selected convoy's route is drawn again."""


class GameMap(GameFocus):
    """The map and what it shows of the sheet: the selected convoy's route."""

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

    def _lens_shades(self, lens: str) -> Mapping[str, Shade] | None:
        from conquest_tui.ui.map_lenses import lens_shading

        return lens_shading(self.view, lens)

    def on_map_pane_lens_changed(self, event: MapPane.LensChanged) -> None:
        event.map_pane.border_title = f"Map — {event.map_pane.lens_title}"
        for legend in self.query("#map-legend"):
            legend.show_lens(event.lens)  # type: ignore[attr-defined]  # the MapLegend, by id

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

    def _route_soon(self) -> None:
        """Draw the route again once the sheet has stopped changing for ROUTE_PAUSE."""
        if self._route_timer is not None:
            self._route_timer.stop()
        self._route_timer = self.set_timer(ROUTE_PAUSE, self._draw_route)

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
        marks: dict[str, RouteMark]
        if convoy is None or fuel is None:
            marks = {}
            summary = ""
        else:
            route = route_drawing.sheet_route(self.view, convoy, self.sheet_pane.text, fuel)
            marks, summary = route.marks(), route.summary()
        if str(map_pane.border_subtitle or "") != summary:  # no repaint when nothing changed
            map_pane.border_subtitle = summary
        if dict(map_pane.overlay.route) != marks:
            map_pane.set_overlay(attrs.evolve(map_pane.overlay, route=marks))

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
