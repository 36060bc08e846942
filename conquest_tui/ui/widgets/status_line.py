"""The status line: the active Clan, the game turn, its stockpiles and the sheet's problems."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widgets import Static

from conquest_tui.engine.view import ClanView

SEPARATOR = " │ "

_Field = tuple[int, str, str]
"""(priority, text, style): fields with the highest priority number are dropped first."""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class StatusLine(Static):
    """One line of what matters most: Clan, turn, money, supplies, troops, weapons, problems.

    When the line is too narrow, weapons go first, then troops, then supplies, then the Clan
    name (the Clan number stays).
    """

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
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

    def show(self, view: ClanView, game_turn: int, problem_count: int) -> None:
        """Show a Clan's stockpiles at a game turn, with its order sheet's problem count.

        Args:
            view: What the Clan knows (only its own Clan record is read).
            game_turn: The game turn being played.
            problem_count: Problems on the Clan's order sheet now.
        """
        clan = view.clan
        stock = clan.stock
        problems = (_plural(problem_count, "problem") if problem_count else "no problems")
        self._clan_short = f"Clan {clan.number}"
        self._fields = [
            (1, f"Clan {clan.number} {clan.name}".rstrip(), "bold"),
            (1, f"Turn {game_turn}", ""),
            (1, f"${stock.money:,}", "bold"),
            (2, f"Food {stock.food:,} Fuel {stock.fuel:,} Parts {stock.parts:,} "
                f"Vac {stock.vaccine:,}", ""),
            (3, f"Troops {stock.troops:,}", ""),
            (4, f"R{stock.rifles} G{stock.grenades} Rk{stock.rockets} C{stock.claymores} "
                f"B{stock.bombs}", ""),
            (1, problems, "$text-error" if problem_count else "$text-success"),
        ]
        self._refit()

    @property
    def plain(self) -> str:
        """The text shown now, without styles (for tests and the screen reader)."""
        return self._fit(self.size.width).plain

    def _on_resize(self, event: events.Resize) -> None:
        self._refit()

    def _refit(self) -> None:
        self.update(self._fit(self.size.width))

    def _fit(self, width: int) -> Content:
        """The fields that fit in `width` cells (everything when the width is not known yet)."""
        fields = list(self._fields)
        if width > 0:
            for drop in (4, 3, 2):
                if self._length(fields) <= width:
                    break
                fields = [field for field in fields if field[0] != drop]
            if self._length(fields) > width and fields:
                fields[0] = (1, self._clan_short, "bold")
        parts: list[tuple[str, str] | str] = []
        for index, (_, text, style) in enumerate(fields):
            if index:
                parts.append((SEPARATOR, "dim"))
            parts.append((text, style) if style else text)
        return Content.assemble(*parts)

    @staticmethod
    def _length(fields: list[_Field]) -> int:
        return sum(len(text) for _, text, _ in fields) + len(SEPARATOR) * max(len(fields) - 1, 0)
