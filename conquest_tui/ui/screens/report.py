"""The turn report screen: the events of each phase and pulse with the line that caused each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from conquest_tui.engine.face import (
    PHASE_TITLES,
    RULE,
    Event,
    Report,
    city_row,
    convoy_lines,
    event_text,
    has_rounds,
    hex_row,
    hide_rule_ids,
    market_lines,
    problem_text,
    standings_lines,
    status_lines,
)
from conquest_tui.ui.sheet_outline import sheet_line
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

CITY_HEADER = ("HEX  NAME              OWN     VALUE      POP F  TRP  CM PRODUCES NEEDS    EXP  "
               "STATUS   SR RR BUILDINGS")
HEX_HEADER = "HEX  TER  OWN DF TR   VALUE  FO   FU  PA  VA SS  CS  ROADS"


def group_title(event: Event) -> str:
    """The heading an event is listed under: its phase, or its pulse."""
    if event.phase == "between":
        return "Since your last turn"
    if event.pulse:
        return f"Pulse {event.pulse}"
    phase = str(event.phase)
    return PHASE_TITLES.get(phase, phase.title())


def events_text(report: Report, sheet_text: str, events: Sequence[Event] | None = None, *,
                rules: bool = False) -> Text:
    """Events grouped by phase and pulse, each with its sentence and the sheet line behind it.

    Args:
        report: The Clan's report (its problems, and its events unless `events` is given).
        sheet_text: The order sheet that was run.
        events: The turn's events (default: the report's).
        rules: Whether to show the rulebook references ("(CC-MOVE-04)") too.
    """
    words = (lambda sentence: sentence) if rules else hide_rule_ids
    events = report.events if events is None else events
    text = Text()
    text.append(f"EVENTS OF YOUR TURN (game turn {report.game_turn})\n", style="bold")
    if not events:
        text.append("  Nothing happened.\n", style="dim")
    current = None
    for event in events:
        title = group_title(event)
        if title != current:
            current = title
            text.append(f"\n{title}\n", style="bold underline")
        text.append("  ")
        if event.line:
            source = sheet_line(sheet_text, event.line)
            text.append(f"line {event.line}", style="bold cyan")
            if source:
                text.append(f" «{source}»", style="cyan")
            text.append(": ")
        text.append(words(event_text(event)))
        if rules and event.rule:
            text.append(f"  ({event.rule})", style="dim")
        text.append("\n")
    text.rstrip()
    if report.problems:
        text.append("\n\nPROBLEMS IN YOUR ORDER SHEET (those lines were skipped)\n",
                    style="bold yellow")
        for problem in report.problems:
            source = sheet_line(sheet_text, problem.line)
            text.append("  ")
            if problem.line:
                text.append(f"line {problem.line}", style="bold yellow")
                if source:
                    text.append(f" «{source}»", style="yellow")
                text.append(": ")
            text.append(f"{words(problem_text(problem))}\n")
    text.rstrip()
    return text


def tables_text(report: Report) -> Text:
    """Stockpiles, market, convoys, cities, hexes, sightings and ranking as on the 1995 report."""
    watch = [report.victory_watch] if report.victory_watch else []
    lines: list[str] = [*watch, RULE, "STATUS", *status_lines(report), *market_lines(report),
                        RULE]
    for convoy in report.convoys:
        lines += convoy_lines(convoy)
        lines.append("")
    if not report.convoys:
        lines.append("You have no convoys.")
    lines += [RULE, "CITY LIST", CITY_HEADER]
    lines += [city_row(city) for city in report.cities] or ["(none)"]
    lines += [RULE, "HEX LIST", HEX_HEADER]
    lines += [hex_row(info) for info in report.hexes] or ["(none)"]
    if report.sightings:
        lines += [RULE, "SPOTTING"]
        for seen in report.sightings:
            owner = f" (Clan {seen.owner})" if seen.owner else ""
            size = f" [{seen.size_name}]" if seen.size_name else ""
            lines.append(f"{seen.hex}{owner}{size}  {seen.how} in turn {seen.game_turn}")
    lines += standings_lines(report)
    return Text(hide_rule_ids("\n".join(lines)), no_wrap=True, overflow="ignore")


class ReportScreen(Screen[None]):
    """One Clan's turn report; Enter hands the terminal on."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "Report"

    class ReportRead(Message):
        """The Clan has read its report: hand the terminal to the next Clan."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("report")
    """Its layout, read when the screen is first shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "continue", "Hand over", id="report.continue",
                tooltip="Done reading: hand the terminal to the next Clan"),
        Binding("enter", "back_to_map", "Back to the map", id="report.back",
                tooltip="Done reading: back to your Clan's map and sheet (a served seat)"),
        Binding("ctrl+s", "app.save_and_quit", "Save & quit", id="report.save_quit",
                tooltip="Save the game and go back to the title (the turn is already saved)"),
        Binding("r", "toggle_rules", "Rule refs", id="report.rules",
                tooltip="Show or hide the rulebook references (CC-…) after each sentence"),
        Binding("b", "battles", "Battles", id="report.battles",
                tooltip="Replay a battle of this report round by round"),
    ]

    def __init__(self, report: Report, sheet_text: str,
                 events: Sequence[Event] | None = None) -> None:
        """Create the screen.

        Args:
            report: The Clan's report, built right after its turn.
            sheet_text: The order sheet that was run (to quote the line behind each event).
            events: The turn's events, as its result gave them (default: the report's).
        """
        super().__init__(classes="report")
        self.report = report
        self.sheet_text = sheet_text
        self.events: tuple[Event, ...] = report.events if events is None else tuple(events)
        self.show_rules = False
        """Whether the rulebook references are shown (the r key)."""
        self.battles = tuple(event for event in self.events if has_rounds(event))
        """The battles the b key replays, in the report's order."""

    def compose(self) -> ComposeResult:
        report = self.report
        heading = Text.assemble(
            (f"Turn report — Clan {report.clan} ({report.clan_name})", "bold"),
            f"   game turn {report.game_turn} on {report.map_title}   ",
            f"popularity {report.popularity} (victory at {report.victory_threshold})",
        )
        yield Static(heading, id="report-heading")
        with ScrollableContainer(id="report-scroll") as scroll:
            scroll.border_title = "Report"
            then = "hand over" if self.hands_over else "go back to the map"
            scroll.border_subtitle = f"↑↓ PgUp PgDn to scroll, Enter to {then}" + (
                ", b to replay a battle" if self.battles else "")
            yield Static(events_text(report, self.sheet_text, self.events), id="report-events")
            tables = tables_text(report)
            wide = Static(tables, id="report-tables")
            # As wide as its longest line, so the scroll container scrolls sideways to it.
            wide.styles.width = max((cell_len(line) for line in tables.plain.splitlines()),
                                    default=1)
            yield wide
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#report-scroll").focus()

    def action_toggle_rules(self) -> None:
        """Show or hide the rulebook references after the sentences."""
        self.show_rules = not self.show_rules
        self.query_one("#report-events", Static).update(
            events_text(self.report, self.sheet_text, self.events, rules=self.show_rules))
        self.notify("Rulebook references shown." if self.show_rules
                    else "Rulebook references hidden.", timeout=2)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The b key is offered only when the report has a battle to replay; Enter hands the
        terminal over at the table, and goes back to the map at a served seat."""
        if action in ("continue", "back_to_map"):
            return (action == "continue") == self.hands_over
        return bool(self.battles) if action == "battles" else True

    @property
    def hands_over(self) -> bool:
        """Whether the next Clan takes the terminal after this report (not at a served seat)."""
        return bool(getattr(self.app, "HANDS_OVER", True))

    def action_battles(self) -> None:
        """Replay the report's battle; with several, ask which first."""
        from conquest_tui.ui.screens.battle import BattlePicker, BattleScreen

        if len(self.battles) == 1:
            self.app.push_screen(BattleScreen(self.battles[0]))
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                self.app.push_screen(BattleScreen(self.battles[index]))

        self.app.push_screen(BattlePicker(self.battles), chosen)

    def action_continue(self) -> None:
        """Hand the terminal on."""
        self.post_message(self.ReportRead())

    def action_back_to_map(self) -> None:
        """Done reading (a served seat): back to the Clan's own screens."""
        self.post_message(self.ReportRead())
