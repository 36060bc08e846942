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


def fitting(widths: list[int], keep: list[bool], room: int) -> list[bool]:
    """Which keys to show, in order, so that they fit in `room` columns: those kept always
    first, then the others from the left while they fit (a key that does not fit is left out,
    a shorter one after it may still be shown)."""
    used = sum(width for width, always in zip(widths, keep, strict=True) if always)
    shown = list(keep)
    for index, width in enumerate(widths):
        if not keep[index] and used + width <= room:
            shown[index] = True
            used += width
    return shown


class KeyFooter(Footer):
    """Textual's footer, but a key that would run past the right edge (under the command
    palette's key) is left out whole rather than cut: at 80 columns the footer ends cleanly.
    The help key is always there."""

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
        first: dict[str, tuple[Binding, bool, str]] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show:
                first.setdefault(binding.action, (binding, enabled, tooltip))
        keys = [(binding, enabled, tooltip, self.app.get_key_display(binding))
                for binding, enabled, tooltip in first.values()]
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
                         for binding, _enabled, _tooltip, display in keys],
                        [binding.action in ALWAYS_SHOWN for binding, *_rest in keys], room)
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
