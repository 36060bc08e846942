"""The problems listed under the order sheet: one option per problem, Enter jumps to its line."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from conquest_tui.ui.widgets.steady_scroll import SteadyScrollbars


class ProblemList(SteadyScrollbars, OptionList):
    """The sheet's problems, one option each (its id is its index among them).

    Its height is fixed by the stylesheet, and its lines are measured as soon as they change:
    a keystroke that changes the problems costs one layout of the screen, drawn in the frame
    of the key (an OptionList measures its lines only when it is next drawn, and the layout
    that follows made a second frame).
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name for it
        """Create an empty list.

        Args:
            id: The widget's DOM id.
        """
        super().__init__(id=id)
        self._listed: list[str] | None = None

    @property
    def listed(self) -> list[str]:
        """The problems listed, as shown."""
        return list(self._listed or [])

    def show(self, listed: list[str]) -> None:
        """List these problems. As many as before: the changed ones are rewritten in place;
        else the list is replaced. Either way its lines are measured at once."""
        shown, self._listed = self._listed, list(listed)
        if shown is None or len(shown) != len(listed):
            if listed:
                self.set_options(Option(Text(line), id=str(index))
                                 for index, line in enumerate(listed))
            else:
                self.clear_options()  # measured at once, like set_options
            return
        changed = False
        for index, (before, now) in enumerate(zip(shown, listed, strict=True)):
            if before != now:
                self.replace_option_prompt_at_index(index, Text(now))
                changed = True
        if changed:
            self._update_lines()  # measured now, before the frame (OptionList's own method)
