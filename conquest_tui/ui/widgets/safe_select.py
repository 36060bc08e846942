"""A dropdown safe against keys that come faster than its list is drawn or its form closes."""

from __future__ import annotations

from typing import Any, Literal

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay


class _SafeOverlay(SelectOverlay):
    """Textual's dropdown list, where a page key before the list is drawn does nothing."""

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return  # the list is not laid out yet: it has no pages
        super()._move_page(direction)


class _SafeCurrent(SelectCurrent):
    """Textual's shown choice, which a change made as its form closes leaves alone."""

    def update(self, label: RenderableType | NoSelection) -> None:
        try:
            super().update(label)
        except NoMatches:
            if self.is_attached and self.query("#label"):
                raise  # still on screen: not the race this is for


class SafeSelect(Select[Any]):
    """Textual's dropdown without its races: a page key pressed before its list is drawn
    does nothing, and a choice changed while its form closes changes nothing on screen."""

    def compose(self) -> ComposeResult:
        yield _SafeCurrent(self.prompt)
        yield _SafeOverlay(type_to_search=self._type_to_search).data_bind(
            compact=Select.compact
        )
