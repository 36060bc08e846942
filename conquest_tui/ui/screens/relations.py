"""Relations: every Clan met, what espionage told, your ALLY/BAN toggles, who allies with whom."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from conquest_tui.engine.face import ClanView
from conquest_tui.ui.relations_data import (
    ALLY,
    BAN,
    NEITHER,
    SELF,
    UNKNOWN,
    Relation,
    matrix,
    relations,
)
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

NOBODY_MET = ("You know no other Clan yet. A Clan shows here once your convoys meet its convoys "
              "(its slogan then shows too), a message passes between you, or you name it in "
              "an ALLY or BAN order.")

NOT_MET = "not yet (known from messages or your ally and ban lists)"
NOT_MET_TREATY = ("not yet: your convoys have not met its convoys (a treaty is offered and "
                  "accepted by Clan number)")
"""What "First met" says of a Clan whose convoys never met yours: one known from messages or
your lists, or one you have a treaty or an offer with (made by number, met or not)."""

LEGEND = (f"A: counts the Clan of the column as its ally   B: bans it   {NEITHER}: neither   "
          f"{UNKNOWN}: not known   {SELF}: itself.  Rows other than yours come from ESPIONAGE "
          "(ALLIES, ENEMIES) bought last turn.")

Toggle = Callable[[str, int], bool]
"""(ALLY or BAN, Clan number) → whether the sheet took the line."""
Pending = Callable[[str, int], int]
"""(ALLY or BAN, Clan number) → lines of the sheet that toggle it."""


def _state(now: bool, then: bool) -> Text:
    if now == then:
        return Text("yes" if now else "no")
    return Text(f"{'yes' if now else 'no'} → {'yes' if then else 'no'}", style="bold")


def _seen(turn: int, hex_id: str) -> str:
    return f"{hex_id}, turn {turn}" if turn else "—"


def detail(relation: Relation) -> RenderableType:
    """The selected Clan: slogan, first met, last seen, what espionage told."""
    clan = relation.clan
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    table.add_row("Clan", Text(f"{clan.number} {clan.name}"))
    table.add_row("Slogan", Text(clan.slogan or "—") if clan.met
                  else Text("not known until your convoys meet"))
    if not clan.met:
        table.add_row("First met", NOT_MET_TREATY if relation.treaty else NOT_MET)
    else:
        table.add_row("First met", _seen(clan.first_met_turn, clan.first_met_hex)
                      if clan.first_met_turn else "before your last turn")
    table.add_row("Last seen", _seen(clan.last_seen_turn, clan.last_seen_hex))
    table.add_row("Your ally", _state(relation.ally, relation.ally_next))
    table.add_row("Banned", _state(relation.ban, relation.ban_next))
    if relation.treaty:
        table.add_row("Treaty", Text(relation.treaty))
    for index, sentence in enumerate(relation.told):
        table.add_row("Espionage" if index == 0 else "", Text(sentence))
    return table


def matrix_renderable(view: ClanView) -> RenderableType:
    """Who counts whom as ally or bans, as far as the Clan knows (after seed 003's relations
    report): rows think of columns."""
    clans, cells = matrix(view)
    if len(clans) < 2:
        return Text("")
    table = Table(box=None, padding=(0, 1), show_edge=False, title_justify="left",
                  title="Who allies with whom", title_style="bold")
    table.add_column("", no_wrap=True, style="bold")
    for clan in clans:
        table.add_column(str(clan), justify="center", no_wrap=True)
    for row in clans:
        label = f"{row} (you)" if row == view.number else str(row)
        table.add_row(label, *(SELF if row == column else cells[row, column].cell
                               for column in clans))
    return Group(table, Text(LEGEND, style="dim"))


class RelationsScreen(Screen[None]):
    """The Clans dealt with, one row each; a and b add (or take back) ALLY / BAN lines on the
    sheet."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("relations")
    HELP_TITLE: ClassVar[str] = "Relations"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "toggle_relation('ALLY')", "Ally / not", id="relations.ally",
                tooltip="Add an ALLY line for the selected Clan to the sheet (again: take it "
                        "back)"),
        Binding("b", "toggle_relation('BAN')", "Ban / not", id="relations.ban",
                tooltip="Add a BAN line for the selected Clan to the sheet (again: take it back)"),
        Binding("escape,R,r", "close", "Back to the game", id="relations.close",
                tooltip="Close the relations"),
    ]

    def __init__(self, view: ClanView, pending: Pending, toggle: Toggle) -> None:
        """Create the screen.

        Args:
            view: The Clan's view.
            pending: How many lines of the sheet toggle ALLY or BAN for a Clan.
            toggle: Adds or takes back an ALLY or BAN line on the sheet.
        """
        super().__init__(classes="relations-screen")
        self.view = view
        self._pending = pending
        self._toggle = toggle
        self.relations: list[Relation] = []

    def compose(self) -> ComposeResult:
        clan = self.view.clan
        yield Static(Text(f"Relations of Clan {clan.number} ({clan.name})", style="bold"),
                     id="relations-title")
        table: DataTable[Text] = DataTable(id="relations-table", cursor_type="row",
                                           zebra_stripes=True)
        yield table
        with VerticalScroll(id="relations-more"):
            yield Static(id="relations-detail")
            yield Static(matrix_renderable(self.view), id="relations-matrix")
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self.query(DataTable):  # closed before it was shown (keys faster than screens)
            return
        table = self.query_one(DataTable)
        for label in ("Clan", "Name", "Your ally", "Banned", "Last seen"):
            table.add_column(label, key=label)
        self._fill()
        table.focus()

    def _fill(self) -> None:
        """(Re)build the rows from the view and the sheet's pending lines, keeping the cursor."""
        table: DataTable[Text] = self.query_one(DataTable)
        row = table.cursor_row
        pending = {(order, r.number): self._pending(order, r.number)
                   for r in self.view.contacts() for order in (ALLY, BAN)}
        self.relations = relations(self.view, pending)
        table.clear()
        for relation in self.relations:
            clan = relation.clan
            table.add_row(Text(str(clan.number)), Text(clan.name),
                          _state(relation.ally, relation.ally_next),
                          _state(relation.ban, relation.ban_next),
                          Text(_seen(clan.last_seen_turn, clan.last_seen_hex)),
                          key=str(clan.number))
        if self.relations:
            table.move_cursor(row=min(row, len(self.relations) - 1))
        self._show_detail()

    @property
    def selected(self) -> Relation | None:
        """The Clan under the cursor."""
        if not self.relations:
            return None
        return self.relations[min(self.query_one(DataTable).cursor_row, len(self.relations) - 1)]

    def _show_detail(self) -> None:
        shown = self.query("#relations-detail").results(Static)
        place = next(shown, None)
        if place is None:  # the page was closed meanwhile (keys faster than the screens)
            return
        relation = self.selected
        place.update(detail(relation) if relation is not None else Text(NOBODY_MET, style="dim"))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def action_toggle_relation(self, order: str) -> None:
        """Add an ALLY or BAN line for the selected Clan to the sheet, or take one back."""
        relation = self.selected
        if relation is None:
            self.notify(NOBODY_MET, severity="warning", markup=False)
            return
        number = relation.clan.number
        if not self._toggle(order, number):
            self.notify(f"No room for {order} {number}: the [PRE] and [POST] sections of your "
                        "sheet already hold all their lines.", severity="warning",
                        markup=False)
            return
        self._fill()
        pending = self._pending(order, number)
        self.notify(f"{order} {number} is on your sheet." if pending
                    else f"{order} {number} taken off your sheet.", timeout=3, markup=False)

    def action_close(self) -> None:
        """Back to the game screen."""
        self.dismiss(None)
