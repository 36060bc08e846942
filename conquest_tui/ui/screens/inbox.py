"""The inbox: messages, radio news, spy and agent reports, espionage, what happened while away."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from conquest_tui.engine.face import ClanView, SpyReportInfo
from conquest_tui.ui.inbox_items import GROUPS, InboxItem, inbox_items
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

NEW_MARK = "●"
"""Marks what arrived since the Clan's last turn."""

EMPTY = ("Nothing here yet. Messages, radio news, your spies' and agents' reports and what "
         "espionage finds out come here.")


def _spy_report(report: SpyReportInfo) -> Table:
    """A spy's city and spotting report as labelled rows (a counterspy may have lied)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    owner = f"Clan {report.owner}" if report.owner > 0 else "nobody"
    table.add_row("City", Text(f"{report.city} ({report.hex})"))
    table.add_row("Owner", owner)
    table.add_row("Population", f"{report.population:,}")
    table.add_row("Fortification", Text(report.fortification))
    table.add_row("Garrison", f"{report.troops:,} troops")
    table.add_row("Buildings", Text(", ".join(report.buildings) or "none"))
    seen = [f"{s.hex}" + (f" (Clan {s.owner})" if s.owner else "")
            + (f" [{s.size_name}]" if s.size_name else "") for s in report.sightings]
    table.add_row("Convoys seen", Text(", ".join(seen) or "none"))
    return table


KEPT_NOTE = ("Messages and first meetings stay here all game; older radio news, reports and "
             "espionage are in your past reports (H on the game screen).")


def _turn_table(members: list[InboxItem]) -> Table:
    """One game turn's items: the new mark, the sentence (wrapped under itself)."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(width=1, no_wrap=True)
    table.add_column(ratio=1, overflow="fold")
    for item in members:
        style = "bold" if item.unread else ""
        body: RenderableType = Text(item.text, style=style)  # plain text: never markup
        if item.spy_report is not None:
            body = Group(Text("Your spy's report", style=style), _spy_report(item.spy_report))
        table.add_row(NEW_MARK if item.unread else "", body)
    return table


def _by_turn(members: list[InboxItem]) -> list[RenderableType]:
    """One group's items under a heading for each game turn, in the order given (newest
    first)."""
    parts: list[RenderableType] = []
    start = 0
    for index in range(1, len(members) + 1):
        if index < len(members) and members[index].game_turn == members[start].game_turn:
            continue
        turn = members[start].game_turn
        if turn:
            parts.append(Text(f"  Game turn {turn}", style="dim bold"))
        parts.append(_turn_table(members[start:index]))
        start = index
    return parts


def inbox_renderable(items: list[InboxItem]) -> RenderableType:
    """The inbox grouped by kind, each group's title with how many of its items are new."""
    if not items:
        return Text(EMPTY, style="dim")
    parts: list[RenderableType] = []
    for group in GROUPS:
        members = [item for item in items if item.group == group]
        if not members:
            continue
        new = sum(item.unread for item in members)
        title = Text(group, style="bold underline")
        if new:
            title.append(f"  {new} new", style="bold reverse")
        if parts:
            parts.append(Text(""))
        parts += [title, *_by_turn(members)]
    parts += [Text(""), Text(KEPT_NOTE, style="dim")]
    return Group(*parts)


class InboxScreen(Screen[None]):
    """What the Clan was told outside its own orders; Escape (or I) goes back to the game."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("inbox")
    HELP_TITLE: ClassVar[str] = "Inbox"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,I,i", "close", "Back to the game", id="inbox.close",
                tooltip="Close the inbox"),
    ]

    def __init__(self, view: ClanView) -> None:
        """Create the screen.

        Args:
            view: The Clan's view: its inbox, last turn and spies' reports.
        """
        super().__init__(classes="inbox-screen")
        self.view = view
        self.items = inbox_items(view)

    def compose(self) -> ComposeResult:
        clan = self.view.clan
        new = sum(item.unread for item in self.items)
        title = Text(f"Inbox of Clan {clan.number} ({clan.name})", style="bold")
        title.append(f" — {new} new since your last turn" if new else " — nothing new")
        yield Static(title, id="inbox-title")
        with VerticalScroll(id="inbox-list"):
            yield Static(inbox_renderable(self.items), id="inbox-body")
        yield KeyFooter()

    def action_close(self) -> None:
        """Back to the game screen."""
        self.dismiss(None)
