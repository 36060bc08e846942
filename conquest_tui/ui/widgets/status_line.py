"""The status line: the active Clan, the game turn, its stockpiles and the sheet's problems."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widgets import Static

from conquest_tui.engine.face import ClanView, number_of

SEPARATOR = " │ "

_Field = tuple[int, str, str]
"""(priority, text, style): fields with the highest priority number are dropped first."""


class StatusLine(Static):
    """One line of what matters most: Clan, turn, money, supplies, troops, weapons, problems.

    When the line is too narrow, the least important fields that do not fit are left out:
    the money after this turn and supplies are kept before troops, troops before weapons; then
    the Clan name goes (the number stays).
    """


    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
    ) -> None:
        """Create an empty status line; `show` fills it.

        Args:
            name: The widget's name.
            id: The widget's DOM id.
            classes: Space-separated CSS classes.
        """
        super().__init__("", name=name, id=id, classes=classes)
        self._fields: list[_Field] = []
        self._clan_short = ""
        self._shown: tuple[str, tuple[object, ...]] | None = None
        """The line as drawn (text and styles), to redraw only when it changes."""
        self._estimate: tuple[ClanView, int] | None = None

    def show(self, view: ClanView, game_turn: int, problem_count: int | None,
             money_after: int | None = None) -> None:
        """Show a Clan's stockpiles at a game turn, with its order sheet's problem count.

        Args:
            view: What the Clan knows (only its own Clan record is read).
            game_turn: The game turn being played.
            problem_count: Problems on the Clan's order sheet now (None: not checked yet, the
                field is left out).
            money_after: The money after this turn's income and costs, from the sheet's
                forecast (None: not worked out yet; the income estimate is shown, with "~").
        """
        clan = view.clan
        stock = clan.stock
        if money_after is None:
            money_after = stock.money + self._income_estimate(view)
            after = f"→ ~${money_after:,}"
        else:
            after = f"→ ${money_after:,}"
        problems = number_of(problem_count, "problem") if problem_count else "no problems"
        self._clan_short = f"Clan {clan.number}"
        self._fields = [
            (1, f"Clan {clan.number} {clan.name}".rstrip(), "bold"),
            (1, f"Turn {game_turn}", ""),
            (1, f"${stock.money:,}", "bold"),
            (2, after, "bold"),
            (2, f"Food {stock.food:,} Fuel {stock.fuel:,} Parts {stock.parts:,} "
                f"Vac {stock.vaccine:,}", ""),
            (3, f"Troops {stock.troops:,}", ""),
            (4, f"R{stock.rifles} G{stock.grenades} Rk{stock.rockets} C{stock.claymores} "
                f"B{stock.bombs}", ""),
        ]
        if problem_count is not None:
            self._fields.append((1, problems, "$text-error" if problem_count else "$text-success"))
        self._refit()

    def _income_estimate(self, view: ClanView) -> int:
        """The money this turn's income should bring (worked out once per view)."""
        if self._estimate is None or self._estimate[0] is not view:
            self._estimate = (view, view.income_estimate().get("money", 0))
        return self._estimate[1]

    @property
    def plain(self) -> str:
        """The text shown now, without styles (for tests and the screen reader)."""
        return self.text_for(self.size.width).plain

    def _on_resize(self, event: events.Resize) -> None:
        self._refit()

    def _refit(self) -> None:
        """Show the line for the width there is; redrawn only when it changed, never laid out
        again (the line is one row high and as wide as the screen, whatever it says)."""
        line = self.text_for(self.size.width)
        shown = (line.plain, tuple(line.spans))
        if shown != self._shown:
            self._shown = shown
            self.update(line, layout=False)

    def text_for(self, width: int) -> Content:
        """The line as it shows in `width` cells: the fields that fit (all when width is 0).

        Args:
            width: The cells available.

        Returns:
            The styled line.
        """
        fields = list(self._fields)
        if width > 0 and self._length(fields) > width:
            kept = [field for field in fields if field[0] == 1]
            if self._length(kept) > width and kept:
                kept[0] = (1, self._clan_short, "bold")
            for priority in (2, 3, 4):
                for field in fields:
                    if field[0] == priority and self._length([*kept, field]) <= width:
                        kept.append(field)
            fields = sorted(kept, key=self._fields_order)
        parts: list[tuple[str, str] | str] = []
        for index, (_, text, style) in enumerate(fields):
            if index:
                parts.append((SEPARATOR, "dim"))
            parts.append((text, style) if style else text)
        return Content.assemble(*parts)

    def _fields_order(self, field: _Field) -> int:
        for index, (_, text, _) in enumerate(self._fields):
            if text == field[1]:
                return index
        return 0

    @staticmethod
    def _length(fields: list[_Field]) -> int:
        return sum(len(text) for _, text, _ in fields) + len(SEPARATOR) * max(len(fields) - 1, 0)
