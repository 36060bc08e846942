"""The command palette, safe against keys that come faster than it opens and closes."""

from __future__ import annotations

from textual import on
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.widgets import Button, Input


class SafePalette(CommandPalette):
    """Textual's command palette without its races: no fixed id (one opened while the last one
    closes does not clash), a page key before its list is laid out does nothing, and a command
    chosen after the palette was closed under it (a command that went to the title) closes
    nothing else."""

    def _action_command_list(self, action: str) -> None:
        if action in ("page_up", "page_down"):
            listing = self.query(CommandList)
            if not listing or not listing.first().scrollable_content_region:
                return  # the list is not laid out yet: it has no pages
        super()._action_command_list(action)

    def dismiss(self, result: None = None) -> AwaitComplete:
        if not self.is_active:  # already closed, or under a screen opened since
            return AwaitComplete.nothing()
        return super().dismiss(result)

    @on(Input.Submitted)
    @on(Button.Pressed)
    def _not_when_closed(self, event: Input.Submitted | Button.Pressed) -> None:
        """A second Enter typed before the palette closed chooses nothing (the command chosen
        by the first runs once)."""
        if not self.is_active:
            event.stop()
            event.prevent_default()
