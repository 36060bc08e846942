"""A battle of the report replayed round by round, and the list to pick one from (issue 14)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static

from conquest_tui.engine.face import Event, Moment, event_text, hide_rule_ids, moments
from conquest_tui.engine.face import battle_title as title
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter


def tally_table(moment: Moment) -> Table:
    """Both sides' troops (and vehicles, in a convoy battle) at this moment of the battle."""
    vehicles = moment.sides[0].vehicles is not None
    table = Table(expand=False, box=None, padding=(0, 2), show_edge=False)
    table.add_column("After round " + str(moment.number) if moment.number else "Before",
                     style="bold", no_wrap=True)
    table.add_column("Troops", justify="right")
    if vehicles:
        table.add_column("Vehicles", justify="right")
    for side in moment.sides:
        row = [side.name, f"{side.troops:,}"]
        if vehicles:
            row.append(f"{side.vehicles:,}")
        table.add_row(*row)
    return table


class BattleScreen(Screen[None]):
    """One battle: its sentence, then its rounds one at a time with both sides' tally."""

    HELP_TITLE: ClassVar[str] = "Battle replay"
    CSS_PATH: ClassVar[CSSPaths] = stylesheet("battle")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space", "step(1)", "Next round", id="battle.next",
                tooltip="Show the next round of the battle"),
        Binding("left", "step(-1)", "Back", id="battle.back",
                tooltip="Show the round before"),
        Binding("home", "go(0)", "Start", id="battle.start",
                tooltip="Back to the moment before the first round"),
        Binding("end", "go(-1)", "End", id="battle.end", tooltip="Straight to the last round"),
        Binding("escape", "close", "Close", id="battle.close",
                tooltip="Back to the report"),
    ]

    def __init__(self, event: Event) -> None:
        """Create the screen.

        Args:
            event: A battle of the report (`battle_rounds.has_rounds`).
        """
        super().__init__(classes="battle")
        self.event = event
        self.moments = moments(event)
        self.at = 0
        """The moment shown: 0 before the first round, else the round just fought."""

    def compose(self) -> ComposeResult:
        yield Static(Text(title(self.event), style="bold"), id="battle-heading")
        yield Static(hide_rule_ids(event_text(self.event)), id="battle-summary", markup=False)
        with VerticalScroll(id="battle-rounds", can_focus=False) as rounds:
            rounds.border_subtitle = "→ Space: next round  ← back  Home End  Esc: close"
            yield Static(id="battle-log", markup=False)
        yield Static(id="battle-tally")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show()

    @property
    def rounds(self) -> int:
        """How many rounds the battle lasted."""
        return len(self.moments) - 1

    def _show(self) -> None:
        moment = self.moments[self.at]
        log = Text()
        for shown in self.moments[:self.at + 1]:
            if shown.number:
                log.append("\n")
            log.append(shown.sentence, style="bold" if shown is moment and shown.number else "")
        if not self.at:
            log.append("\nPress → or Space for the first round.", style="dim")
        rounds = self.query_one("#battle-rounds", VerticalScroll)
        rounds.border_title = (f"Round {self.at} of {self.rounds}" if self.at
                               else f"{self.rounds} {'round' if self.rounds == 1 else 'rounds'}")
        self.query_one("#battle-log", Static).update(log)
        self.query_one("#battle-tally", Static).update(tally_table(moment))
        rounds.scroll_end(animate=False, immediate=True)

    def action_step(self, by: int) -> None:
        """The next round, or the one before."""
        self.action_go(min(max(self.at + by, 0), self.rounds))

    def action_go(self, where: int) -> None:
        """A moment by its number (-1: the last round)."""
        self.at = self.rounds if where < 0 else where
        self._show()

    def action_close(self) -> None:
        """Back to the screen the battle was opened from."""
        self.dismiss(None)


class RefereeBattleScreen(BattleScreen):
    """A battle opened from the referee's view: Escape goes back to it, and says so."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="battle.close",
                tooltip="Back to the referee's view"),
    ]


class BattlePicker(ModalScreen[int | None]):
    """The report's battles by name: Enter replays one, Escape goes back."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("battle")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Close", id="battle_picker.close",
                tooltip="Back to the report"),
    ]

    def __init__(self, battles: Sequence[Event]) -> None:
        """Create the picker.

        Args:
            battles: The report's battles with rounds to replay, in the report's order.
        """
        super().__init__(classes="battle-picker")
        self.titles = [title(event) for event in battles]

    def compose(self) -> ComposeResult:
        listing = OptionList(*(Text(name) for name in self.titles), id="battle-list")
        listing.border_title = "Replay which battle?"
        listing.border_subtitle = "Enter: replay  Esc: close"
        yield listing

    def on_option_list_option_selected(self, selected: OptionList.OptionSelected) -> None:
        self.dismiss(selected.option_index)

    def action_cancel(self) -> None:
        """Back to the report without a battle."""
        self.dismiss(None)
