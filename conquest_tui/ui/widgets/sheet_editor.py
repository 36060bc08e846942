"""The order sheet's text editor: lines with problems marked, each problem written beside it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.strip import Strip
from textual.widgets import TextArea
from textual.widgets.text_area import Edit, EditResult

from conquest_tui.engine.face import Problem, hide_rule_ids, problem_text, split_mark
from conquest_tui.ui.widgets.sheet_costs import Margin
from conquest_tui.ui.widgets.steady_scroll import SteadyScrollbars


def problem_notes(problems: list[Problem]) -> dict[int, str]:
    """0-based row → the note beside it: the row's first problem, and how many more it has."""
    by_row: dict[int, list[str]] = {}
    for problem in problems:
        if problem.line > 0:
            by_row.setdefault(problem.line - 1, []).append(hide_rule_ids(problem_text(problem)))
    return {row: messages[0] + (f" (+{len(messages) - 1} more)" if len(messages) > 1 else "")
            for row, messages in by_row.items()}


class SheetEditor(SteadyScrollbars, TextArea):
    """The sheet's text editor: a TextArea that marks the lines with problems and writes each
    line's problem beside it, after its text (as editors show diagnostics inline)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"sheet-editor--problem-line",
                                             "sheet-editor--problem-note",
                                             "sheet-editor--cost", "sheet-editor--short",
                                             "sheet-editor--total",
                                             "sheet-editor--standing"}
    """The style of a line with a problem and of the note beside it; of a line's cost in the
    right margin, of a cost the money cannot cover, and of a section's total; of a standing
    order (house rule `standing`: it repeats on the next sheet)."""


    NOTE_GAP = 2
    """Blank cells between a line's text and its problem note."""
    NOTE_MIN_WIDTH = 8
    """A note is left out when fewer cells than this are free after the line."""

    revision: reactive[int] = reactive(0, init=False, repaint=False)
    """Counts the edits made; a watcher of it runs right after each edit, before the redraw."""

    INDENT = "  "
    """What Tab writes at the start of a line when there is nothing to complete."""

    KEPT_KEYS: ClassVar[frozenset[str]] = frozenset({"tab", "shift+tab"})
    """Keys the editor keeps: they never move the focus out of it (F6 and Esc do)."""

    def __init__(self, text: str = "", *, id: str | None = None) -> None:  # noqa: A002
        """Create the editor: no soft wrap, line numbers; Tab completes (`completer`).

        Args:
            text: The starting text.
            id: The widget's DOM id.
        """
        super().__init__(text, soft_wrap=False, show_line_numbers=True, tab_behavior="focus",
                         id=id)
        self._notes: dict[int, str] = {}
        self._margins: dict[int, Margin] = {}
        self._standing_mark = ""
        self.completer: Callable[[], bool] | None = None
        """Completes the word at the cursor; False when there is nothing to complete."""

    def _tab(self) -> None:
        """Tab: complete the word at the cursor; else indent a blank start of a line; else a
        bell. The focus stays in the editor whatever happens."""
        if self.completer is not None and self.completer():
            return
        row, column = self.cursor_location
        if not self.document[row][:column].strip():
            self.insert(self.INDENT)
            return
        self.app.bell()

    async def _on_key(self, event: events.Key) -> None:
        """A key the editor does not type (backspace, the arrows, delete…) runs its binding here,
        in the order the keys came: Textual runs a binding only once the key has bubbled up to
        the app, through every pane's queue, so a letter typed right after a backspace could be
        written before the backspace deleted (Textual issue 6605). The bindings looked up are
        the ones the app would look up (the focused chain's, not the priority ones, which ran
        before the key reached the editor). Tab and Shift+Tab stay here: Tab completes or
        indents (`_tab`), and neither moves the focus out of the sheet (issue 27)."""
        if event.key in self.KEPT_KEYS:
            event.stop()
            event.prevent_default()
            if event.key == "tab" and not self.read_only:
                self._tab()
            return
        await super()._on_key(event)
        if event._stop_propagation or event._no_default_action:  # typed: nothing more to do
            return
        for namespace, bindings in self.screen._modal_binding_chain:
            for binding in bindings.key_to_bindings.get(event.key, ()):
                if not binding.priority and await self.app.run_action(binding.action, namespace):
                    event.stop()
                    event.prevent_default()
                    return

    def edit(self, edit: Edit) -> EditResult:
        """Make an edit (typing, pasting, deleting), then tell the watchers of `revision`."""
        lines = self.document.line_count
        result = super().edit(edit)
        if self.document.line_count != lines:  # the scrollbar follows in the frame of the key
            self._scroll_update(self.virtual_size)
        self.revision += 1
        return result

    @property
    def problem_rows(self) -> frozenset[int]:
        """0-based rows drawn as having a problem."""
        return frozenset(self._notes)

    def set_problems(self, notes: Mapping[int, str]) -> None:
        """Mark the rows (0-based) that have problems, each with the note written beside it;
        redraws only when something changed."""
        if notes != self._notes:
            self._notes = dict(notes)
            self.notify_style_update()  # drops the drawn lines TextArea keeps (keyed without ours)
            self.refresh()

    @property
    def standing_mark(self) -> str:
        """The mark that ends a standing order ("": standing orders are not in play)."""
        return self._standing_mark

    @standing_mark.setter
    def standing_mark(self, mark: str) -> None:
        if mark != self._standing_mark:
            self._standing_mark = mark
            if self.is_mounted:
                self.notify_style_update()
                self.refresh()

    @property
    def margins(self) -> dict[int, Margin]:
        """0-based rows → what their right margin shows."""
        return dict(self._margins)

    def set_margins(self, margins: Mapping[int, Margin]) -> None:
        """Show each row's cost (0-based) in the right margin; redraws only on a change."""
        if margins != self._margins:
            self._margins = dict(margins)
            self.refresh()

    def get_line(self, line_index: int) -> Text:
        line = super().get_line(line_index)
        mark = self._standing_mark
        if mark and mark in line.plain and split_mark(line.plain, mark)[1]:
            line.stylize(self.get_component_rich_style("sheet-editor--standing", partial=True))
        if line_index in self._notes:
            line.stylize(self.get_component_rich_style("sheet-editor--problem-line",
                                                       partial=True))
        return line

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        row = self.scroll_offset.y + y  # no soft wrap: one screen line per sheet line
        note, margin = self._notes.get(row), self._margins.get(row)
        if (note is None and margin is None) or row >= self.document.line_count:
            return strip
        text_end = (self.gutter_width + self.get_column_width(row, len(self.document[row]))
                    - self.scroll_offset.x)
        end = min(strip.cell_length, self.scrollable_content_region.width)
        if margin is not None:
            for words in (margin.text, margin.compact):  # in full, else the cost alone
                start = end - cell_len(words) - 1  # one blank before the scrollbar's place
                if words and start > text_end and start >= self.gutter_width:
                    component = ("sheet-editor--short" if margin.short else
                                 "sheet-editor--total" if margin.total else
                                 "sheet-editor--cost")
                    strip = self._put(strip, start, words, component)
                    end = start - self.NOTE_GAP + 1  # a blank between a note and the cost
                    break
        if note is None:
            return strip
        return self._with_note(strip, text_end, note, end)

    def _with_note(self, strip: Strip, text_end: int, note: str, end: int) -> Strip:
        """The drawn line with its problem note in the free cells after the text, up to
        `end` (where the cost in the margin starts, or the region's end)."""
        start = text_end + self.NOTE_GAP
        if start < self.gutter_width or end - start < self.NOTE_MIN_WIDTH:
            return strip
        words = f"◂ {note}"
        if cell_len(words) > end - start:
            words = set_cell_size(words, end - start - 1) + "…"
        return self._put(strip, start, words, "sheet-editor--problem-note")

    def _put(self, strip: Strip, start: int, words: str, component: str) -> Strip:
        """`words` drawn over the line from cell `start`, in a component's style on the line's
        background there."""
        under = list(strip.crop(start, start + 1))
        background = under[0].style if under and under[0].style else Style()
        style = background + self.get_component_rich_style(component, partial=True)
        shown = Strip([Segment(words, style)], cell_len(words))
        return Strip.join([strip.crop(0, start), shown,
                           strip.crop(start + shown.cell_length, strip.cell_length)])
