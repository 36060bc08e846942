"""Scrolling widgets whose scrollbars are redrawn only when their geometry changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.geometry import Size
    from textual.scroll_view import ScrollView

    _ScrollViewBase = ScrollView
else:
    _ScrollViewBase = object  # a mixin: the widget's CSS type names come from its other base


class SteadyScrollbars(_ScrollViewBase):
    """A mixin for scroll views (the map, the sheet's editor, the convoy table, the problem
    list; listed first among the bases): a layout of the screen brings the scrollbars up to
    date only when the view's size or its own virtual size changed since they last were.

    Textual (8.2) compares a scroll view's own virtual size with the region the layout gives it,
    which differ whenever it can scroll; so every layout of the screen (a line added to the
    sheet, the problem list changed) refreshed the scrollbars of every scroll view after the
    frame was drawn, and the terminal got a second frame repainting them. A view whose virtual
    size changes as a key is handled (`SheetEditor.edit`) brings its scrollbars up to date then,
    so that they are drawn in the frame of the key.
    """

    _steady_geometry: tuple[Any, ...] | None = None
    """What the scrollbars were last brought up to date for."""

    def _geometry(self, size: Size, virtual_size: Size) -> tuple[Any, ...]:
        styles = self.styles
        return (size, virtual_size, styles.gutter, styles.overflow_x, styles.overflow_y,
                styles.scrollbar_size_vertical, styles.scrollbar_size_horizontal)

    def _scroll_update(self, virtual_size: Size) -> None:
        self._steady_geometry = self._geometry(self.outer_size, virtual_size)
        super()._scroll_update(virtual_size)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        if self._geometry(size, self.virtual_size) == self._steady_geometry:
            return False
        return super()._size_updated(size, virtual_size, container_size, layout)
