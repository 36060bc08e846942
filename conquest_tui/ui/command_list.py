"""The command palette's building blocks: a list of commands, and the commands a screen offers
of its own (`palette_commands`)."""

from __future__ import annotations

from collections.abc import Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

Command = tuple[str, Callable[[], object], str, bool]
"""(name, callback, help, shown before anything is typed)."""


class CommandList(Provider):
    """A provider of a list of commands: the shown ones before anything is typed, then every
    one that matches what is typed."""

    def commands(self) -> list[Command]:
        """Every command the palette offers now."""
        raise NotImplementedError

    async def discover(self) -> Hits:
        """The commands shown before anything is typed."""
        for name, callback, help_text, shown in self.commands():
            if shown:
                yield DiscoveryHit(Content(name), callback, text=name, help=help_text)

    async def search(self, query: str) -> Hits:
        """The commands matching what is typed."""
        matcher = self.matcher(query)
        for name, callback, help_text, _ in self.commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


class ScreenCommands(CommandList):
    """The commands of the screen the palette was opened on: what its `palette_commands()`
    gives (the game screen's: save, end turn, inbox, relations, resign, jumps)."""

    def commands(self) -> list[Command]:
        """Every command the palette offers now."""
        offered: Callable[[], list[Command]] | None = getattr(
            self.screen, "palette_commands", None)
        return [] if offered is None else offered()
