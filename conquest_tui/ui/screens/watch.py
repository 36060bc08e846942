"""Watching a game of bots: one game turn per key, every Clan's holdings, standings, reports."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static

from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from textual.timer import Timer

    from conquest_tui.session import BotTurn, HandOver, Seat, Session, WatchBoard

CLAN_COLOURS = (
    "#d7263d", "#1b998b", "#f4a259", "#3d5a80", "#8e44ad", "#2e86ab", "#c0a000", "#6a994e",
    "#e07a5f", "#5e548e", "#118ab2", "#ef476f", "#06d6a0", "#9c6644", "#7b2cbf", "#ff7f11",
    "#588157", "#b5179e", "#4361ee", "#8d99ae",
)
"""One background colour per Clan, by seat in the turn order."""

AUTO_PAUSE = 1.5
"""Seconds between game turns when the game plays on by itself."""

NARROW_BELOW = 110
"""(Under it, the map is as wide as the screen.)"""

SIDE_WIDTH = 72
"""Columns of the standings beside the map (watch.tcss #watch-side)."""
"""Terminal columns under which the standings go under the map instead of beside it."""


def clan_letters(board: WatchBoard) -> dict[int, str]:
    """Clan number → its letter on the map (A, B, … in the turn order)."""
    return {row.seat.number: chr(ord("A") + index) for index, row in enumerate(board.rows)}


def holdings_map(board: WatchBoard, *, wide: bool = True) -> Text:
    """The whole map, two cells a hex (one when not `wide`): each Clan's hexes in its colour,
    its cities in capitals. Clans behind a PIN are left out: their seats keep their secrets.
    """
    letters = clan_letters(board)
    colours = {row.seat.number: CLAN_COLOURS[index % len(CLAN_COLOURS)]
               for index, row in enumerate(board.rows)}
    world = board.map
    text = Text(no_wrap=True, overflow="crop")
    for row in range(1, world.rows + 1):
        if row > 1:
            text.append("\n")
        for column in range(1, world.columns + 1):
            hex_id = f"{column:02d}{row:02d}"
            owner = board.hex_owners.get(hex_id, 0)
            city = board.city_owners.get(hex_id)
            if city:
                cell, style = f"{letters[city]}#", f"bold white on {colours[city]}"
            elif owner:
                cell, style = f"{letters[owner].lower()} ", f"white on {colours[owner]}"
            elif city is not None:
                cell, style = "# ", "bold"
            elif world.is_water(hex_id):
                cell, style = "~ ", "#3a6ea5"
            else:
                cell, style = "· ", "#6a994e"
            text.append(cell if wide else cell[0], style=style)
    return text


LEGEND = "A# a Clan's city   a  its hex   #  a free city   ·  land   ~  water"
LEGEND_SMALL = "A a Clan's city (bold)   a its hex   # a free city   · land   ~ water"


class ReportViewer(ModalScreen[None]):
    """One bot Clan's report, as its player would read it; Escape closes it."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("watch")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="watch_report.close",
                tooltip="Back to the game of bots"),
    ]

    def __init__(self, title: str, text: str) -> None:
        """Create the viewer.

        Args:
            title: "Report of Clan N (name)".
            text: The report as text.
        """
        super().__init__(classes="watch-report")
        self.report_title = title
        self.text = text

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="watch-report-box") as box:
            box.border_title = self.report_title
            yield Static(self.text, markup=False, id="watch-report-text")
        yield KeyFooter()

    def action_close(self) -> None:
        """Back to the game of bots."""
        self.dismiss(None)


class WatchScreen(Screen[None]):
    """A game in which every seat is a bot, played one game turn per key, nothing hidden."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "Watching bots"
    CSS_PATH: ClassVar[CSSPaths] = stylesheet("watch")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,n", "next_turn", "Next game turn", id="watch.next",
                tooltip="The bots play one game turn"),
        Binding("a", "auto", "Auto", id="watch.auto",
                tooltip="The bots play on by themselves, a game turn every moment (again: stop)"),
        Binding("r", "report", "Report", id="watch.report",
                tooltip="The last report of the Clan chosen in the standings"),
        Binding("escape", "leave", "Title", id="watch.title",
                tooltip="Save and go back to the title screen"),
    ]

    class GameOver(Message):
        """The game being watched has ended: the app shows how."""

    def __init__(self, session: Session) -> None:
        """Create the screen.

        Args:
            session: The game of bots and where it is saved.
        """
        super().__init__(classes="watch")
        self.session = session
        self.busy = False
        """Whether the bots are playing a game turn now."""
        self.sentences: list[str] = []
        """What each bot did in the last game turn played here."""
        self._auto: Timer | None = None

    @property
    def board(self) -> WatchBoard:
        """The game being watched, as the table may see it."""
        return self.session.watch_board()

    @property
    def auto(self) -> bool:
        """Whether the game plays on by itself."""
        return self._auto is not None

    def compose(self) -> ComposeResult:
        yield Static("", id="watch-title", markup=False)
        with Horizontal(id="watch-body"):
            with Vertical(id="watch-map-box"):
                with ScrollableContainer(id="watch-map-scroll") as scroll:
                    scroll.border_title = "Every Clan's holdings"
                    yield Static("", id="watch-map")
                yield Static(LEGEND, id="watch-legend", markup=False)
            with Vertical(id="watch-side"):
                table: DataTable[str] = DataTable(id="watch-standings", cursor_type="row",
                                                  zebra_stripes=True)
                table.border_title = "Standings"
                yield table
                log = Static("", id="watch-turns", markup=False)
                log.border_title = "Last game turn"
                yield log
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#watch-standings", DataTable)
        for label, key in (("", "letter"), ("Clan", "clan"), ("Bot", "bot"),
                           ("Pop.", "popularity"), ("Hexes", "hexes"), ("Cities", "cities"),
                           ("Troops", "troops"), ("Money", "money")):
            table.add_column(label, key=key)
        self.refresh_all()
        table.focus()

    def on_resize(self) -> None:
        self.set_class(self.size.width < NARROW_BELOW, "narrow")
        self._draw_map()

    def _draw_map(self, board: WatchBoard | None = None) -> None:
        """Two cells a hex when the whole map's width fits, else one."""
        room = self.size.width - (0 if self.has_class("narrow") else SIDE_WIDTH) - 2
        board = board or self.board
        wide = board.map.columns * 2 <= room
        self.query_one("#watch-map", Static).update(holdings_map(board, wide=wide))
        self.query_one("#watch-legend", Static).update(LEGEND if wide else LEGEND_SMALL)

    # --- drawing ---------------------------------------------------------------------------

    def refresh_all(self) -> None:
        """Redraw the title, the map, the standings and the last game turn."""
        board = self.board
        doing = ("the bots are playing…" if self.busy
                 else "playing on by itself" if self.auto else "Space: next game turn")
        finished = "the game is over" if board.finished else f"game turn {board.game_turn}"
        hidden = (f"{board.hidden} Clan{'s' if board.hidden != 1 else ''} behind a PIN hidden"
                  if board.hidden else "nothing hidden")
        self.query_one("#watch-title", Static).update(
            f"Bots on {board.map.title} — {finished} — {hidden} ({doing})")
        self._draw_map(board)
        self._fill_standings(board)
        self.query_one("#watch-turns", Static).update(
            "\n".join(self.sentences) or "No game turn played yet while watching.")

    def _fill_standings(self, board: WatchBoard) -> None:
        table = self.query_one("#watch-standings", DataTable)
        chosen = self.chosen_clan()
        table.clear()
        letters = clan_letters(board)
        ranked = sorted(board.rows, key=lambda row: (row.popularity is None,
                                                     -(row.popularity or 0), row.seat.number))
        for row in ranked:
            seat = row.seat
            bot = "resigned" if seat.resigned else seat.level if seat.is_bot else "human"
            if seat.has_pin:
                bot += ", PIN"
            shown = [str(value) if value is not None else "—"
                     for value in (row.popularity, row.hexes, row.cities, row.troops)]
            money = f"{row.money:,}" if row.money is not None else "—"
            table.add_row(letters[seat.number], f"{seat.number} {seat.name}", bot, *shown, money,
                          key=str(seat.number))
        if chosen is not None:
            table.move_cursor(row=table.get_row_index(str(chosen)))

    def chosen_clan(self) -> int | None:
        """The Clan under the standings' cursor (None before the table is filled)."""
        table = self.query_one("#watch-standings", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return int(key) if key is not None else None

    # --- playing ----------------------------------------------------------------------------

    def action_next_turn(self) -> None:
        """The bots play one game turn (in a thread: the screen stays alive meanwhile)."""
        if self.busy or self.session.finished:
            return
        self.busy = True
        self.refresh_all()
        self._play()

    @work(thread=True, exclusive=True, group="watch")
    def _play(self) -> None:
        from conquest_tui.session import SessionError

        try:
            handover = self.session.play_game_turn()
        except SessionError as error:  # another window moved the game on, or a busy save
            self.app.call_from_thread(self._not_played, str(error))
            return
        self.app.call_from_thread(self._played, handover)

    def _not_played(self, sentence: str) -> None:
        """Nothing was played: another window wrote the save; the game is loaded again."""
        from conquest_tui.session import SessionError

        self.busy = False
        self._stop_auto()
        try:
            self.session.reload()
        except SessionError as error:
            sentence = str(error)
        self.notify(sentence, title="Loaded again", severity="warning", markup=False)
        self.refresh_all()

    def _played(self, handover: HandOver) -> None:
        self.busy = False
        self.sentences = [self.turn_sentence(turn) for turn in handover.bot_turns]
        if handover.save_error:
            self.notify(handover.save_error, title="Could not save", severity="error",
                        markup=False)
        if handover.finished:
            self._stop_auto()
        self.refresh_all()
        if handover.finished:
            self.post_message(self.GameOver())

    def turn_sentence(self, turn: BotTurn) -> str:
        """"A  Clan 221 Night Riders (hard): took 2 hexes; 1 battle; income $12,400"."""
        from conquest_tui.engine.face import turn_summary as summary

        order = [seat.number for seat in self.session.seats()]
        letter = chr(ord("A") + order.index(turn.clan)) if turn.clan in order else "?"
        done = summary(turn.result.events)
        return f"{letter}  Clan {turn.clan} {turn.name} ({turn.level}): {done}"

    def action_leave(self) -> None:
        """Save and go back to the title, once the game turn being played is over."""
        self._stop_auto()
        if self.busy:
            self.notify("The bots are finishing their game turn; press Escape again then.",
                        title="A moment", markup=False)
            return
        self.app.action_to_title()  # type: ignore[attr-defined]  # the app is ConquestApp

    def action_auto(self) -> None:
        """Play on by itself, a game turn every moment; again: stop."""
        if self._auto is not None:
            self._stop_auto()
        elif not self.session.finished:
            self._auto = self.set_interval(AUTO_PAUSE, self.action_next_turn)
            self.action_next_turn()
        self.refresh_all()

    def _stop_auto(self) -> None:
        if self._auto is not None:
            self._auto.stop()
            self._auto = None

    def action_report(self) -> None:
        """The chosen Clan's report, as it reads it (behind its PIN when its seat has one)."""
        number = self.chosen_clan()
        if number is None or self.busy:
            return
        from conquest_tui.session import SessionError

        door = self.session.seat_door(number)

        def show() -> None:
            try:
                seat = door.seat
            except SessionError as error:  # a damaged save: nothing of the Clan shows
                self.notify(str(error), title="Cannot open the seat", severity="error",
                            markup=False)
                return
            self._show_report(seat)

        if not door.needs_pin:
            show()
            return
        from conquest_tui.ui.screens.handover import PinPrompt

        def opened(ok: bool | None) -> None:
            if ok:
                show()

        self.app.push_screen(PinPrompt(door.label, door), opened)

    def _show_report(self, seat: Seat) -> None:
        from conquest_tui.engine.face import render_report

        text = render_report(seat.report())
        self.app.push_screen(ReportViewer(f"Report of {seat.label}", text))

    def on_data_table_row_selected(self, _: DataTable.RowSelected) -> None:
        self.action_report()
