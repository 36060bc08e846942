"""The referee's view of a game, opened from the title behind the referee PIN (never a seat)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static, TabbedContent, TabPane

from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from conquest_tui.session import RefereeDesk


def clans_text(desk: RefereeDesk) -> Group:
    """Every Clan: its seat and popularity in bold, then its stocks, land, cities and convoys
    (a long line wraps under its own start)."""
    parts: list[RenderableType] = []
    for index, clan in enumerate(desk.clans):
        first, *rest = clan.lines()
        parts.append(Text(("\n" if index else "") + first, style="bold"))
        grid = Table.grid()
        grid.add_column(width=2)
        grid.add_column(ratio=1)
        for line in rest:
            grid.add_row("", line.strip())
        parts.append(grid)
    return Group(*parts)


def dice_text(desk: RefereeDesk) -> RenderableType:
    """The chance outcomes of each Clan's last turn as every Clan read them, then every draw
    of the last game turn, grouped by Clan turn."""
    parts: list[RenderableType] = []
    parts.append(Text("What chance decided, as each Clan read it", style="bold"))
    if not desk.rolls:
        parts.append(Text("No chance decided anything in the last turn.", style="dim"))
    else:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(ratio=1)
        for roll in desk.rolls:
            grid.add_row(f"Clan {roll.clan}, turn {roll.game_turn}", roll.sentence)
        parts.append(grid)
    parts.append(Text("\nEvery die of the last game turn", style="bold"))
    if not desk.draws:
        parts.append(Text("Nothing was drawn in the last game turn.", style="dim"))
    for group in desk.draws:
        count = len(group.lines)
        parts.append(Text(f"\n{group.heading}: {count:,} "
                          f"{'draw' if count == 1 else 'draws'}", style="bold"))
        parts.append(Text("\n".join(f"  {line}" for line in group.lines)))
    return Group(*parts)


class RefereeScreen(Screen[None]):
    """Every Clan, the last turn's dice, and the battles to replay round by round."""

    HELP_TITLE: ClassVar[str] = "Referee's view"
    CSS_PATH: ClassVar[CSSPaths] = stylesheet("referee")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "tab('referee-clans')", "Clans", id="referee.clans",
                tooltip="Every Clan: money, stocks, popularity, cities, convoys, seats"),
        Binding("d", "tab('referee-dice')", "Dice", id="referee.dice",
                tooltip="Every die of the last game turn, and what chance decided"),
        Binding("b", "tab('referee-battles')", "Battles", id="referee.battles",
                tooltip="The last turn's battles: Enter replays one round by round"),
        Binding("escape", "close", "Title", id="referee.close",
                tooltip="Back to the title screen"),
    ]

    def __init__(self, desk: RefereeDesk, save_name: str) -> None:
        """Create the screen.

        Args:
            desk: The referee's desk, opened with the referee PIN.
            save_name: The save's file name, for the heading.
        """
        super().__init__(classes="referee")
        self.desk = desk
        self.save_name = save_name

    def compose(self) -> ComposeResult:
        desk = self.desk
        yield Static(Text(f"Referee's view of {self.save_name}: {desk.map_title} "
                          f"(seed {desk.seed}), game turn {desk.game_turn}", style="bold"),
                     id="referee-heading")
        yield Static(desk.playing, id="referee-playing", markup=False)
        battles = len(desk.battles)
        with TabbedContent(id="referee-tabs"):
            with TabPane(f"Clans ({len(desk.clans)})", id="referee-clans"), \
                    VerticalScroll(classes="referee-scroll"):
                yield Static(clans_text(desk), id="referee-clan-list", markup=False)
            with TabPane(f"Dice ({sum(len(g.lines) for g in desk.draws):,})",
                         id="referee-dice"), \
                    VerticalScroll(classes="referee-scroll"):
                yield Static(dice_text(desk), id="referee-dice-list", markup=False)
            with TabPane(f"Battles ({battles})", id="referee-battles"):
                if battles:
                    yield OptionList(*(Text(f"{b.title}, game turn {b.game_turn}")
                                       for b in desk.battles), id="referee-battle-list")
                    yield Static("Enter replays the battle round by round, as the Clan "
                                 "named first read it.", id="referee-battle-hint")
                else:
                    yield Static("No battle was fought in the last turn.",
                                 id="referee-battle-hint")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._focus_pane("referee-clans")

    def action_tab(self, pane: str) -> None:
        """Show one of the tabs, its list taking the keys (the page keys scroll it)."""
        self.query_one("#referee-tabs", TabbedContent).active = pane
        self._focus_pane(pane)

    def _focus_pane(self, pane: str) -> None:
        if pane == "referee-battles":
            if self.desk.battles:
                self.query_one("#referee-battle-list", OptionList).focus()
            return
        self.query_one(f"#{pane} VerticalScroll", VerticalScroll).focus()

    def on_option_list_option_selected(self, selected: OptionList.OptionSelected) -> None:
        """Replay the chosen battle with the battle screen."""
        from conquest_tui.ui.screens.battle import RefereeBattleScreen

        selected.stop()
        self.app.push_screen(RefereeBattleScreen(self.desk.battles[selected.option_index].event))

    def action_close(self) -> None:
        """Back to the title screen."""
        self.dismiss(None)

