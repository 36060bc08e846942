"""The command palette, safe against keys that come faster than it opens and closes."""

from __future__ import annotations

from textual import on, work
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.widgets import Button, Input

_GATHER = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]
"""Textual's search for commands, without the worker around it."""


class SafePalette(CommandPalette):
    """Textual's command palette without its races: no fixed id (one opened while the last one
    closes does not clash), its search stops when it closes, a page key before its list is laid
    out does nothing, and an Enter after it closed (the first chose a command) chooses
    nothing and closes nothing else."""

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        """Textual's search for commands, which stops when the palette closes under it (the
        list it fills is gone) instead of failing."""
        try:
            await _GATHER(self, search_value)
        except NoMatches:
            if self.is_attached and self.query(CommandList):
                raise  # the palette is still open: not the race this is for
            return

    def _action_command_list(self, action: str) -> None:
        if action in ("page_up", "page_down"):
            listing = self.query(CommandList)
            if not listing or not listing.first().scrollable_content_region:
                return  # the list is not laid out yet: it has no pages
        super()._action_command_list(action)

    def dismiss(self, result: None = None) -> AwaitComplete:
        if not self.is_active:  # already closed, or under a screen opened since
            done: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return done
        return super().dismiss(result)

    @on(Input.Submitted)
    @on(Button.Pressed)
    def _not_when_closed(self, event: Input.Submitted | Button.Pressed) -> None:
        """A second Enter typed before the palette closed chooses nothing (the command chosen
        by the first runs once)."""
        if not self.is_active:
            event.stop()
            event.prevent_default()
