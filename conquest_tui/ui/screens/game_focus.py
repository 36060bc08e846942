"""The game screen's panes in place and in focus: the compact layout of a small terminal (the
convoy and city panes as two tabs), and the focus going round the panes (F6, F2, Escape)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.ui.screens.game_base import GameScreenBase

if TYPE_CHECKING:
    from textual.widget import Widget

PANE_ORDER: tuple[str, ...] = ("#map", "#convoys", "#city", "#sheet")
"""Focus cycling order of the panes."""

COMPACT_BELOW: tuple[int, int] = (100, 30)
"""Terminals narrower or shorter than this (columns, rows) show the convoy and city panes as
two tabs of one pane, so that the map and the order sheet keep usable sizes."""

SIDE_TABS: dict[str, str] = {"tab-convoys": "convoys", "tab-city": "city"}
"""The side tabs of a compact terminal and the pane each one shows."""


class GameFocus(GameScreenBase):
    """The panes' layout on the terminal's size, and which pane has the focus."""

    def on_resize(self) -> None:
        compact = self.size.width < 140
        for footer in self.query("Footer"):
            if footer.compact != compact:  # type: ignore[attr-defined]  # a Footer, found by name
                footer.compact = compact  # type: ignore[attr-defined]  # a Footer, as above
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
