"""The convoy pane: the Clan's convoys as on the 1995 orders sheet, listed and in detail."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import DataTable, Static

from conquest_tui.engine.face import ClanView, ConvoyInfo, Ruleset, vehicle_count
from conquest_tui.ui.widgets.steady_scroll import SteadyScrollbars


def _of(pair: tuple[int, int]) -> str:
    return f"{pair[0]} of {pair[1]}"


def convoy_heading(convoy: ConvoyInfo) -> str:
    """`LAND CONVOY #1 (Wolfpack) IN HEX 0516 [CAPTURE, HIDDEN]`, as on the orders sheet."""
    mode = convoy.mode.upper() + (", HIDDEN" if convoy.hidden else "")
    name = f" ({convoy.name})" if convoy.name else ""
    kind = convoy.convoy_type.upper()
    return f"{kind} CONVOY #{convoy.number}{name} IN HEX {convoy.hex} [{mode}]"


def convoy_rows(convoy: ConvoyInfo, rules: Ruleset | None = None) -> list[tuple[str, str]]:
    """The orders-sheet block of one convoy (CC-RPT-10) as (label, value) rows.

    Args:
        convoy: The convoy as the Clan's view gives it.
        rules: For the names of experts (codes are shown without it).

    Returns:
        (label, value) rows in sheet order.
    """
    vehicles = ", ".join(vehicle_count(count, name) for name, count in convoy.vehicles) or "none"
    weapons = [f"Rifles {_of(convoy.rifles)}", f"Grenades {_of(convoy.grenades)}",
               f"Rockets {_of(convoy.rockets)}"]
    if convoy.convoy_type == "air":
        weapons.append(f"Bombs {_of(convoy.bombs)}")
    cargo = (f"{convoy.cargo} {convoy.cargo_type}" if convoy.cargo and convoy.cargo_type
             else str(convoy.cargo))
    experts = ", ".join(
        rules.experts[code].name if rules is not None and code in rules.experts else code
        for code in convoy.experts
    ) or "none"
    rows = [
        ("Vehicles", vehicles),
        ("Troops", f"{convoy.troops} of {convoy.troop_capacity}"),
        ("Weapons", "   ".join(weapons)),
        ("Strength", f"{convoy.combat_strength}   Size {convoy.size} ({convoy.size_name})"),
        ("Morale", f"{convoy.morale}   Training {convoy.training}   Health {convoy.health}%"),
        ("Fuel cost", f"{convoy.fuel_cost} a move"),
        ("Cargo", f"{cargo} (max {convoy.cargo_capacity})"),
        ("Experts", experts),
        ("Moves", f"{convoy.moves} a turn   Order lines {convoy.order_lines}"),
    ]
    if convoy.kill_mode:
        rows.insert(5, ("Kill mode", convoy.kill_mode))
    return rows


def _detail(convoy: ConvoyInfo, rules: Ruleset | None) -> Group:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", no_wrap=True)
    table.add_column(overflow="fold")
    for label, value in convoy_rows(convoy, rules):
        table.add_row(label, Text(value))  # a convoy's name is whatever its Clan typed
    return Group(Text(convoy_heading(convoy), style="bold", overflow="fold"), table)


class ConvoyTable(SteadyScrollbars, DataTable[str | Text]):
    """The convoy list: a table whose scrollbars are redrawn only when its geometry changes."""


class ConvoyPane(Widget, can_focus=True):
    """The Clan's convoys: one row each, and the full orders-sheet block of the selected one.

    Keys: up/down (or k/j) select a convoy, Enter asks the screen to centre the map on it again.
    """

    BINDING_GROUP_TITLE = "Convoys"
    """Title of this pane's group in the keys panel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor(-1)", "Previous convoy", show=False, id="convoys.previous",
                tooltip="Select the previous convoy"),
        Binding("down,j", "cursor(1)", "Next convoy", show=False, id="convoys.next",
                tooltip="Select the next convoy"),
        Binding("enter", "choose", "Show on map", id="convoys.show",
                tooltip="Centre the map on the selected convoy"),
    ]
    """Select with up/down, show on the map with Enter."""


    COLUMNS: ClassVar[tuple[str, ...]] = ("#", "Type", "Hex", "Mode", "Troops", "Str", "Moves")
    """Columns of the compact list."""

    @dataclass
    class ConvoySelected(Message):
        """Posted when another convoy is selected, and again on Enter (to centre the map)."""

        number: int
        """The convoy's number."""
        hex: str
        """The hex the convoy stands in."""
        convoy_pane: ConvoyPane
        """The pane that posted the message."""

        @property
        def control(self) -> ConvoyPane:
            """The convoy pane that posted the message."""
            return self.convoy_pane

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create an empty convoy pane; `show` fills it.

        Args:
            name: The widget's name.
            id: The widget's DOM id.
            classes: Space-separated CSS classes.
            disabled: Whether the pane starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._convoys: list[ConvoyInfo] = []
        self._rules: Ruleset | None = None
        self._selected: int | None = None
        self._filling = False

    def compose(self) -> ComposeResult:
        table: ConvoyTable = ConvoyTable(cursor_type="row", zebra_stripes=True)
        table.can_focus = False
        table.add_columns(*self.COLUMNS)
        yield table
        with VerticalScroll(id="convoy-detail-scroll", can_focus=False):
            yield Static("No convoys.", id="convoy-detail")

    @property
    def convoys(self) -> list[ConvoyInfo]:
        """The convoys shown, in number order."""
        return list(self._convoys)

    @property
    def selected(self) -> int | None:
        """The number of the selected convoy, or None when the Clan has none."""
        return self._selected

    @selected.setter
    def selected(self, number: int | None) -> None:
        self.select(number)

    @property
    def selected_convoy(self) -> ConvoyInfo | None:
        """The selected convoy's facts, or None."""
        for convoy in self._convoys:
            if convoy.number == self._selected:
                return convoy
        return None

    def show(self, view: ClanView) -> None:
        """Show the Clan's convoys, keeping the selection when that convoy still exists.

        Args:
            view: What the Clan knows.
        """
        self._convoys = view.convoys()
        self._rules = view.rules
        numbers = [convoy.number for convoy in self._convoys]
        keep = self._selected if self._selected in numbers else (numbers[0] if numbers else None)
        table = self.query_one(DataTable)
        self._filling = True
        try:
            table.clear()
            for convoy in self._convoys:
                mode = convoy.mode.title() + ("·H" if convoy.hidden else "")
                table.add_row(
                    f"#{convoy.number}", convoy.convoy_type.title(), convoy.hex, mode,
                    f"{convoy.troops} of {convoy.troop_capacity}", str(convoy.combat_strength),
                    str(convoy.moves), key=str(convoy.number),
                )
        finally:
            self._filling = False
        self.select(keep)
        self.border_title = f"Convoys ({len(numbers)})" if numbers else "Convoys"

    def select(self, number: int | None) -> None:
        """Select a convoy by number (None or an unknown number selects nothing).

        Posts ConvoySelected when the selection changes (the first `show` selects convoy
        number one, or the lowest, and so posts it too).

        Args:
            number: The convoy's number.
        """
        index = next((i for i, c in enumerate(self._convoys) if c.number == number), None)
        if index is None:
            number = None
        else:
            self._filling = True
            try:
                self.query_one(DataTable).move_cursor(row=index)
            finally:
                self._filling = False
        changed = number != self._selected
        self._selected = number
        self._show_detail()
        if changed:
            self._announce()

    def action_cursor(self, step: int) -> None:
        """Select the previous (-1) or next (+1) convoy."""
        if not self._convoys:
            return
        numbers = [convoy.number for convoy in self._convoys]
        here = numbers.index(self._selected) if self._selected in numbers else 0
        self.select(numbers[max(0, min(len(numbers) - 1, here + step))])

    def action_choose(self) -> None:
        """Post ConvoySelected for the selected convoy again."""
        self._announce()

    @on(DataTable.RowHighlighted)
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if self._filling or event.row_key.value is None:
            return
        self.select(int(event.row_key.value))

    @on(DataTable.RowSelected)
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None and int(event.row_key.value) == self._selected:
            self._announce()

    def _announce(self) -> None:
        convoy = self.selected_convoy
        if convoy is not None:
            self.post_message(self.ConvoySelected(convoy.number, convoy.hex, self))

    def _show_detail(self) -> None:
        detail = self.query_one("#convoy-detail", Static)
        convoy = self.selected_convoy
        if convoy is None:
            detail.update("No convoys." if not self._convoys else "Select a convoy.")
        else:
            detail.update(_detail(convoy, self._rules))
