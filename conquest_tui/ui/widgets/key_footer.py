"""The footer of keys, each shown whole: keys that do not fit the terminal's width are left out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual import events
    from textual.app import ComposeResult
    from textual.binding import Binding

ALWAYS_SHOWN: frozenset[str] = frozenset({"help", "app.help"})
"""Actions whose key stays in the footer however narrow the terminal: F1 lists the rest."""


def key_width(key: str, description: str, *, compact: bool) -> int:
    """Columns one key takes in the footer: its key, its words and the space around them."""
    if compact:  # "f5 End turn" and a margin of one
        return cell_len(key) + 1 + cell_len(description) + 1
    return cell_len(key) + 2 + cell_len(description) + 1  # " f5 " "End turn "


def palette_width(key: str, description: str, *, compact: bool) -> int:
    """Columns the command palette's key takes at the right end: its bar, key and words."""
    if compact:  # "▏^p palette"
        return 1 + cell_len(key) + 1 + cell_len(description)
    return 1 + cell_len(key) + 2 + cell_len(description) + 2  # "▏ ^p palette "


def fitting(widths: list[int], ranks: list[int], room: int) -> list[bool]:
    """Which keys to show (they stay in their order) so that they fit in `room` columns: rank 0
    always, then rank 1 from the left while they fit, then rank 2… (a key that does not fit
    is left out, a shorter one after it may still be shown)."""
    shown = [rank == 0 for rank in ranks]
    used = sum(width for width, show in zip(widths, shown, strict=True) if show)
    for index in sorted(range(len(widths)), key=lambda i: (ranks[i], i)):
        if not shown[index] and used + widths[index] <= room:
            shown[index] = True
            used += widths[index]
    return shown


class KeyFooter(Footer):
    """Textual's footer, but a key that would run past the right edge (under the command
    palette's key) is left out whole rather than cut: at 80 columns the footer ends cleanly.
    The help key is always there; the screen's own keys (end turn, save, back) go before those
    of the focused pane."""

    def __init__(self, *, compact: bool = False) -> None:
        """Create the footer.

        Args:
            compact: Less space around the keys (the game screen below 140 columns).
        """
        super().__init__(compact=compact)
        self._laid_out_for = 0
        """The width the keys were last chosen for."""

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        active = self.screen.active_bindings
        first: dict[str, tuple[Binding, bool, str, int]] = {}
        for node, binding, enabled, tooltip in active.values():
            if binding.show:  # the help key, then the screen's own, then the focused pane's
                rank = 0 if binding.action in ALWAYS_SHOWN else 1 if node is self.screen else 2
                first.setdefault(binding.action, (binding, enabled, tooltip, rank))
        keys = [(binding, enabled, tooltip, self.app.get_key_display(binding))
                for binding, enabled, tooltip, _rank in first.values()]
        ranks = [rank for *_rest, rank in first.values()]
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        width = self.app.size.width
        self._laid_out_for = width
        room = width
        if palette is not None:
            _node, binding, _enabled, _tooltip = palette
            room -= palette_width(self.app.get_key_display(binding), binding.description,
                                  compact=self.compact)
        shown = fitting([key_width(display, binding.description, compact=self.compact)
                         for binding, _enabled, _tooltip, display in keys], ranks, room)
        for (binding, enabled, tooltip, display), show in zip(keys, shown, strict=True):
            if show:
                yield FooterKey(binding.key, display, binding.description, binding.action,
                                disabled=not enabled, tooltip=tooltip,
                                ).data_bind(compact=Footer.compact)
        if palette is not None:
            _node, binding, enabled, tooltip = palette
            yield FooterKey(binding.key, self.app.get_key_display(binding), binding.description,
                            binding.action, classes="-command-palette", disabled=not enabled,
                            tooltip=binding.tooltip or binding.description)

    def on_resize(self, event: events.Resize) -> None:
        if self._bindings_ready and self.app.size.width != self._laid_out_for:
            self.call_after_refresh(self.recompose)
