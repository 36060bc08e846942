"""The order sheet pane: the Clan's sheet in rulebook syntax, checked as it is typed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static, TextArea

from conquest_tui.engine.face import (
    CLAN,
    CONVOY,
    ClanView,
    Forecast,
    OrderRegistry,
    PriceList,
    Problem,
    ProblemCode,
    hide_rule_ids,
    number_of,
    price_text,
    problem_line,
)
from conquest_tui.ui.fit_text import fit_lines
from conquest_tui.ui.sheet_additions import SectionFull, SheetEdit, clan_order_toggle, move_addition
from conquest_tui.ui.sheet_completion import TRADE_WORD, TRADES, Cycle, completion_at
from conquest_tui.ui.sheet_edits import (
    BUY_LINES,
    allowance,
    header_hint,
    resume_at,
    sheet_to_show,
    standing_mark,
)
from conquest_tui.ui.sheet_outline import (
    SheetSection,
    candidates,
    clan_order_rows,
    is_header,
    order_words,
    section_at,
    spec_of,
)
from conquest_tui.ui.widgets.problem_list import ProblemList
from conquest_tui.ui.widgets.sheet_costs import SheetCosts, sheet_costs
from conquest_tui.ui.widgets.sheet_editor import SheetEditor, problem_notes

if TYPE_CHECKING:
    from conquest_tui.session import Seat

BOUGHT_LINES_LAST = "lines bought with ORDER count for your next turn only"
"""How long bought lines last, said in ORDER's hint."""


class OrderSheetPane(Widget):
    """The Clan's order sheet: a text editor checked as it is typed, a hint line, the problems.

    Tab at the start of an order line completes (and on further presses cycles) the order
    keywords of that section; after `BUY 2 ` it completes what to buy. Each line's cost, from
    the forecast, stands in the editor's right margin (`set_costs`). The hint line shows the
    syntax of the order on the cursor line.
    """

    BINDING_GROUP_TITLE = "Order sheet"
    """Title of this pane's group in the keys panel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "complete", "Complete order", id="order_sheet.complete",
                tooltip="Complete the order keyword at the start of the line, or what BUY "
                        "and SELL trade (with its price); again to cycle. Tab never leaves "
                        "the sheet: F6 or Esc does"),
    ]
    """Tab completes order keywords and BUY's item; the editor keeps it (`SheetEditor._on_key`),
    this binding lists it among the keys."""


    problem_count: reactive[int] = reactive(0, init=False)
    """How many problems are shown (watch it to follow the count as the sheet is typed)."""

    TITLE = "Order sheet"
    """The start of the pane's border title; the problem count follows."""

    @dataclass
    class SheetChanged(Message):
        """Posted when the sheet text changes (merged while queued)."""

        text: str
        """The whole sheet."""
        problem_count: int
        """Problems found in it."""
        order_sheet_pane: OrderSheetPane
        """The pane that posted the message."""

        @property
        def control(self) -> OrderSheetPane:
            """The order sheet pane that posted the message."""
            return self.order_sheet_pane

        def can_replace(self, message: Message) -> bool:
            return (isinstance(message, OrderSheetPane.SheetChanged)
                    and message.order_sheet_pane is self.order_sheet_pane)

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create an empty order sheet pane; `load` gives it a Clan's sheet.

        Args:
            name: The widget's name.
            id: The widget's DOM id.
            classes: Space-separated CSS classes.
            disabled: Whether the pane starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._seat: Seat | None = None
        self._prices: PriceList | None = None
        """The Clan's prices when its sheet was loaded (they change only between turns)."""
        self._view: ClanView | None = None
        """The Clan's view when its sheet was loaded (its lines, convoys and rules)."""
        self._text = ""
        self._problems: list[Problem] = []
        self._notices: list[Problem] = []
        self._forecast: list[Problem] = []
        """The forecast's warnings on lines that will fail (`set_forecast`)."""
        self._forecast_rows = 0
        """How many lines the sheet had when those warnings were worked out."""
        self._costs = SheetCosts({}, {})
        """Each line's cost from the forecast (`set_costs`), kept like its warnings."""
        self._cycle: Cycle | None = None
        self._hint = ""
        """The hint line as shown."""
        self.border_title = self.TITLE

    def compose(self) -> ComposeResult:
        editor = SheetEditor(self._text, id="sheet-editor")
        if self._view is not None:
            editor.standing_mark = standing_mark(self._view)
        yield editor
        yield Static("", id="sheet-hint", markup=False)  # the hint quotes what was typed
        yield ProblemList(id="sheet-problems")

    @property
    def editor(self) -> SheetEditor:
        """The sheet's text editor."""
        return self.query_one(SheetEditor)

    @property
    def problem_list(self) -> ProblemList:
        """The problems listed under the sheet."""
        return self.query_one("#sheet-problems", ProblemList)

    @property
    def text(self) -> str:
        """The whole sheet as typed."""
        return self.editor.text if self.is_mounted else self._text

    @property
    def problems(self) -> list[Problem]:
        """The problems shown now, in line order."""
        checked = {problem.line for problem in self._problems}
        forecast = [problem for problem in self._forecast if problem.line not in checked]
        return sorted(self._problems + self._notices + forecast,
                      key=lambda problem: problem.line)

    def set_forecast(self, warnings: list[Problem], text: str) -> None:
        """Show the forecast's warnings on the lines that will fail (a line the checker has a
        problem with keeps only the checker's). Kept while the sheet keeps its line count.

        Args:
            warnings: Warnings (NOTICE problems) by sheet line, worded for players.
            text: The sheet they were worked out from (ignored unless it is the sheet now).
        """
        if text != self.text:
            return
        self._forecast = list(warnings)
        self._forecast_rows = text.count("\n")
        self._show_problems()


    def set_costs(self, forecast: Forecast, text: str) -> None:
        """Show each line's cost and the money left after it in the sheet's right margin, the
        lines the money cannot cover, and each section's total (kept while the sheet keeps its
        line count, like the forecast's warnings).

        Args:
            forecast: The forecast of the sheet.
            text: The sheet it was worked out from (ignored unless it is the sheet now).
        """
        if text != self.text:
            return
        self._costs = sheet_costs(forecast, text.split("\n"))
        self._forecast_rows = text.count("\n")
        if self.is_mounted:
            self.editor.set_margins(self._costs.margins)
            self._update_hint()

    def load(self, seat: Seat, view: ClanView, text: str) -> None:
        """Show a Clan's sheet; an empty one starts from the template (`new_sheet`).

        Args:
            seat: The Clan's seat (the sheet is checked through it).
            view: What the Clan sees now (its order lines, convoys and the rules).
            text: The sheet so far (its draft), or "".
        """
        self._seat = seat
        self._view = view
        self._prices = seat.prices()
        self._cycle = None
        self._notices = []
        self._forecast = []
        self._costs = SheetCosts({}, {})
        self._text = sheet_to_show(view, text)
        if self.is_mounted:
            self.editor.standing_mark = standing_mark(view)
            self.editor.load_text(self._text)
            self._place_cursor()
            self._check()

    def _place_cursor(self) -> None:
        """The cursor waits where the Clan left off: at the end of the draft's last order, or
        on a new sheet on the blank line under `[PRE]`, where the first order goes."""
        self.editor.move_cursor(resume_at(self._text.split("\n")))

    def on_mount(self) -> None:
        self.editor.completer = self.complete  # Tab in the editor (it keeps the focus)
        # Each edit is checked as it is made, before the editor is redrawn, so that a keystroke
        # shows the editor, the problems and the hint in one frame.
        self.watch(self.editor, "revision", self._sheet_edited, init=False)
        # So is each cursor move: the hint and the position follow in the frame of the key.
        self.watch(self.editor, "selection", self._update_hint, init=False)
        self._place_cursor()
        self._check()

    # --- checking ----------------------------------------------------------------------------
    def _sheet_edited(self) -> None:
        text = self.editor.text
        if text == self._text:
            return
        self._text = text
        self._notices = []
        if text.count("\n") != self._forecast_rows:
            self._forecast = []  # lines moved: the warnings would sit on the wrong ones
            if self._costs.margins:
                self._costs = SheetCosts({}, {})  # and so would the costs
                self.editor.set_margins({})
        self._check()
        self.post_message(self.SheetChanged(self._text, self.problem_count, self))

    @on(TextArea.Changed, "#sheet-editor")
    def _sheet_replaced(self, event: TextArea.Changed) -> None:
        """A change not made by an edit (the whole text loaded): checked like one."""
        event.stop()
        self._sheet_edited()

    def _check(self) -> None:
        if self._seat is None:
            self._problems = []
        else:
            self._problems = self._seat.check(self.text)
        self._show_problems()

    def _show_problems(self) -> None:
        """Show the problems: only what changed is redrawn (most keystrokes change none)."""
        problems = self.problems
        warnings = sum(problem.is_warning for problem in problems)
        count = len(problems) - warnings
        title = f"{self.TITLE} — {number_of(count, 'problem') if count else 'no problems'}"
        if warnings:
            title += f", {number_of(warnings, 'warning')}"
        if title != self.border_title:
            self.border_title = title
        self.set_class(bool(count), "-has-problems")
        self.problem_count = count  # lines that will be skipped: a warning's line runs
        if not self.is_mounted:
            return
        self.editor.set_problems(problem_notes(problems))
        # Problems and warnings (the checker's notices, the forecast's) are listed; the list
        # keeps its height either way, so that the editor keeps its size.
        self.problem_list.show([hide_rule_ids(_listed(problem)) for problem in problems])
        self._update_hint()

    @on(OptionList.OptionSelected, "#sheet-problems")
    def _problem_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        problems = self.problems
        index = int(event.option.id or 0)
        if index < len(problems) and problems[index].line > 0:
            editor = self.editor
            editor.move_cursor((problems[index].line - 1, 0), center=True)
            editor.focus()

    # --- the hint line -----------------------------------------------------------------------
    def on_resize(self) -> None:
        self.call_after_refresh(self._update_hint)  # fitted to the hint line's new size

    @on(TextArea.SelectionChanged, "#sheet-editor")
    def _cursor_moved(self, event: TextArea.SelectionChanged) -> None:
        event.stop()  # the hint followed the move already (the watcher of `selection`)

    def _show_position(self) -> None:
        """The cursor's line and column in the pane's subtitle ("Ln 3, Col 7")."""
        row, column = self.editor.cursor_location
        where = f"Ln {row + 1}, Col {column + 1}"
        if where != self.border_subtitle:
            self.border_subtitle = where

    def _update_hint(self) -> None:
        if not self.is_mounted:
            return
        self._show_position()
        hint_line = self.query_one("#sheet-hint", Static)
        hint = fit_lines(self.hint, *hint_line.content_size)  # a narrow pane: cut between words
        if hint != self._hint:
            self._hint = hint
            hint_line.update(hint, layout=False)  # its height is fixed by the stylesheet
        row = self.editor.cursor_location[0]
        here = [index for index, problem in enumerate(self.problems) if problem.line == row + 1]
        listing = self.problem_list
        if here and here[0] < listing.option_count:
            listing.highlighted = here[0]
        elif listing.highlighted is not None:
            listing.highlighted = None

    @property
    def hint(self) -> str:
        """One line about the cursor line: the order's syntax and summary, or what fits there."""
        editor = self.editor
        row = editor.cursor_location[0]
        lines = editor.document.lines
        line = lines[row] if row < len(lines) else ""
        section = section_at(lines, row)
        if is_header(line):
            return header_hint(self._view, lines, section)
        if section is None or section.order_section is None:
            return "Start a section: [PRE], [CONVOY n] or [POST]"
        words = order_words(line)
        if words is None:
            return "A quote is opened but never closed"
        if not words:
            if section.order_section == CLAN:
                return "A Clan order: type its keyword (Tab completes)"
            return "A convoy order: N NE SE S SW NW or a hex number to move, or a keyword (Tab)"
        spec = spec_of(self.orders, words, section.order_section)
        trade = TRADE_WORD.fullmatch(line[:editor.cursor_location[1]])
        if spec is not None and spec.keyword in TRADES and trade is not None:
            return self._trade_hint(spec.keyword, trade.group(4).upper())
        cost = self._costs.sentences.get(row)
        if cost is not None:
            return cost
        if spec is not None:
            if spec.keyword == BUY_LINES:  # the summary would not say how long they last
                return f"{spec.syntax} — {BOUGHT_LINES_LAST}"
            note = "" if spec.supported else "  (not yet supported)"
            return f"{spec.syntax} — {spec.summary}{note}"
        prefix = words[0].upper
        other = self.orders.other_section(section.order_section, prefix.rstrip("."))
        if other is not None:
            where = "a [CONVOY n] section" if other.section == CONVOY else "[PRE] or [POST]"
            return f"{other.keyword} belongs in {where}: {other.syntax} — {other.summary}"
        matches = candidates(self.orders, section.order_section, prefix)
        if matches:
            return "Tab: " + " ".join(matches[:12])
        return f"{words[0].text} is not an order here"

    def _trade_hint(self, keyword: str, prefix: str) -> str:
        """What BUY (with its price now) or SELL takes as its item, from what is typed."""
        choices = self.trade_choices(prefix)
        if not choices:
            return f"{keyword} quantity item: nothing to {keyword.lower()} starts with {prefix}"
        if keyword == "SELL":
            return "SELL what (Tab): " + " ".join(name for name, _ in choices)
        return "BUY what (Tab): " + "  ".join(f"{name} {price_text.dollars(price)}"
                                              for name, price in choices)

    @property
    def orders(self) -> OrderRegistry:
        """The orders of the game's rules (none before `load`)."""
        return self._view.rules.orders if self._view is not None else OrderRegistry()

    # --- completion --------------------------------------------------------------------------
    def action_complete(self) -> None:
        """Complete or cycle the word at the cursor (the editor's Tab, listed in the keys)."""
        if not self.is_mounted or not self.editor.has_focus or not self.complete():
            raise SkipAction()

    def complete(self) -> bool:
        """Complete or cycle the order keyword at the start of the cursor line, or what BUY and
        SELL trade; False when there is nothing to complete here."""
        if not self.is_mounted:
            return False
        editor = self.editor
        row, column = editor.cursor_location
        lines = editor.document.lines
        cycle = self._cycle
        if cycle is not None and cycle.continues_at(lines[row], row, column):
            self._put_word(cycle, cycle.next_word(), column)
            return True
        found = completion_at(lines, row, column, self.orders, self._trade_names)
        if found is None:
            return False
        if not found.candidates:
            self.app.bell()  # the Tab was for completing all the same
            return True
        line = lines[row]
        self._cycle = Cycle(row, found.start, line[found.start:found.end], found.candidates)
        self._put_word(self._cycle, found.candidates[0] + " ", found.end)
        return True

    def trade_choices(self, prefix: str = "") -> list[tuple[str, int]]:
        """What BUY and SELL trade, as the sheet writes it, with BUY's price now: supplies and
        weapons, then vehicles; those starting with `prefix`."""
        if self._prices is None:
            return []
        return [(name, price) for name, price in price_text.buy_choices(self._prices)
                if name.startswith(prefix)]

    def _trade_names(self, prefix: str) -> list[str]:
        """What BUY and SELL trade starting with `prefix`, without the prices."""
        return [name for name, _ in self.trade_choices(prefix)]

    def _put_word(self, cycle: Cycle, word: str, end: int) -> None:
        """Put the word (a candidate and a space after it) from the cycle's start to `end`, the
        cursor after the space."""
        editor = self.editor
        editor.replace(word, (cycle.row, cycle.start), (cycle.row, end))
        cycle.word = word
        editor.move_cursor((cycle.row, cycle.start + len(word)))

    # --- moves from the map ------------------------------------------------------------------
    def add_move(self, convoy_number: int, direction_or_hex: str) -> bool:
        """Append a move line to a convoy's section, creating the section if it is missing.

        A section already holding all its order lines gets nothing; a problem says so instead.

        Args:
            convoy_number: The convoy to move.
            direction_or_hex: `N` `NE` `SE` `S` `SW` `NW` or a `CCRR` hex id.

        Returns:
            Whether the line was added.
        """
        move = direction_or_hex.strip().upper()
        edit = move_addition(self.editor.document.lines, convoy_number, move, self._allowance)
        if isinstance(edit, SectionFull):
            self._notices = [Problem(edit.header_row + 1, ProblemCode.OVER_LIMIT, "check", {
                "why": "added", "number": convoy_number, "most": edit.allowed, "move": move})]
            self._show_problems()
            return False
        self._apply(edit)
        return True

    # --- Clan orders from the relations screen ------------------------------------------------
    def pending_clan_orders(self, keyword: str, clan: int) -> int:
        """How many [PRE]/[POST] lines give `keyword` (ALLY, BAN) for that Clan."""
        if self._view is None:
            return 0
        lines = self.editor.document.lines if self.is_mounted else self._text.splitlines()
        return len(clan_order_rows(lines, self._view.rules, keyword, clan))

    def toggle_clan_order(self, keyword: str, clan: int) -> bool:
        """Take back the last `keyword clan` line of the sheet, or add one: under [PRE] while it
        has room, else under [POST] (both sections take Clan orders).

        Returns:
            Whether the sheet changed (False: both sections already hold all their lines).
        """
        if self._view is None:
            return False
        edit = clan_order_toggle(self.editor.document.lines, self._view.rules, keyword, clan,
                                 self._allowance)
        if edit is None:
            return False
        self._apply(edit)
        return True

    def _apply(self, edit: SheetEdit) -> None:
        """Make an edit in the editor (checked like a typed one), the cursor where it says."""
        editor = self.editor
        editor.replace(edit.text, edit.start, edit.end)
        if edit.cursor is not None:
            editor.move_cursor(edit.cursor)
            editor.scroll_cursor_visible()

    # --- helpers -----------------------------------------------------------------------------
    def _allowance(self, section: SheetSection) -> int:
        """Order lines the section may hold (0 when not known)."""
        return 0 if self._view is None else allowance(self._view, section)


def _listed(problem: Problem) -> str:
    """A problem as the list under the sheet shows it: a warning says it is one (its line
    runs), as `conquest check` says it."""
    line = problem_line(problem)
    return line.replace(": ", ": warning: ", 1) if problem.is_warning else line
