"""The New Game form for Conquest: 2–6 players, each a person (with an optional PIN) or a bot
(with its level), a seed and the save's name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from conquest_tui import session
from conquest_tui.ui.screens.dialogs import ConfirmDialog
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter
from conquest_tui.ui.widgets.safe_select import SafeSelect

if TYPE_CHECKING:
    from conquest_tui.session.conquest_boards import ConquestPlayer
    from conquest_tui.session.conquest_table import ConquestTable

MIN_PLAYERS, MAX_PLAYERS = 2, 6
PLAYER_NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve", "Fay")
GAMES: list[tuple[str, str]] = [("Continental Conquest", "continental"), ("Conquest", "conquest")]
"""The games the table plays, as the form's first field offers them."""

_SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


class GameChosen(Message):
    """The form's game was changed: the app shows that game's form instead."""

    def __init__(self, game: str, form: Screen[None]) -> None:
        super().__init__()
        self.game = game
        self.form = form
        """The form it was changed on (the app goes on only if that form is still shown)."""


class PlayerRow(Horizontal):
    """One seat: the player's name, person or bot, a PIN (a bot: its level)."""

    def __init__(self, index: int) -> None:
        super().__init__(classes="clan-row", id=f"cq-row-{index}")
        self.index = index

    def compose(self) -> ComposeResult:
        yield Label(f"Player {self.index + 1}", classes="clan-label")
        yield Input(PLAYER_NAMES[self.index], placeholder="Name", id=f"cq-name-{self.index}",
                    classes="clan-name", max_length=20, tooltip="Every player needs a name")
        yield Label("Bot", classes="clan-bot-label")
        yield Switch(False, id=f"cq-bot-{self.index}", classes="clan-bot",
                     tooltip="On: the computer plays this seat")
        yield Input(placeholder="PIN (optional)", password=True, id=f"cq-pin-{self.index}",
                    classes="clan-pin", max_length=32,
                    tooltip="Asked at this player's hand-over; stored only as a hash")
        level = SafeSelect([(name.capitalize(), name) for name in session.bot_levels()],
                           value="normal", allow_blank=False, id=f"cq-level-{self.index}",
                           classes="clan-level", tooltip="How well the bot plays")
        level.display = False
        yield level

    @on(Switch.Changed)
    def _seat_changed(self, event: Switch.Changed) -> None:
        self.query_one(f"#cq-pin-{self.index}", Input).display = not event.value
        self.query_one(f"#cq-level-{self.index}", Select).display = event.value

    def player(self) -> ConquestPlayer:
        from conquest_tui.session.conquest_boards import ConquestPlayer

        name = self.query_one(f"#cq-name-{self.index}", Input).value.strip()
        if self.query_one(f"#cq-bot-{self.index}", Switch).value:
            level = str(self.query_one(f"#cq-level-{self.index}", Select).value)
            return ConquestPlayer(name, level, None)
        pin = self.query_one(f"#cq-pin-{self.index}", Input).value
        return ConquestPlayer(name, None, pin or None)


class ConquestNewGameScreen(Screen[None]):
    """Set up a game of Conquest and start it at the first player's hand-over."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "New game"
    CSS_PATH: ClassVar[CSSPaths] = stylesheet("new_game")

    class GameCreated(Message):
        """A new Conquest game was set up and saved: start it."""

        def __init__(self, table: ConquestTable) -> None:
            super().__init__()
            self.table = table

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game", id="cq_new.start",
                tooltip="Create the game and go to the first hand-over screen"),
        Binding("ctrl+r", "reseed", "New seed", id="cq_new.reseed",
                tooltip="Draw a new random seed"),
        Binding("escape", "back", "Back", id="cq_new.back", tooltip="Back to the title screen"),
    ]

    def __init__(self, saves_dir: Path) -> None:
        super().__init__(classes="new-game")
        self.saves_dir = saves_dir
        self.seed = session.random_seed()
        self._count = 3
        self._auto_save_name = ""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game-form"):
            yield Static("New game", id="new-game-title")
            with Vertical(id="new-game-settings"):
                with Horizontal(classes="field"):
                    yield Label("Game", classes="field-label")
                    yield SafeSelect(GAMES, value="conquest", allow_blank=False,
                                     id="game-select", tooltip="Which game to play")
                yield Static("Conquest (1990): 42 territories in 6 continents, dice and cards; "
                             "whoever holds all 42 wins.", id="map-info")
                with Horizontal(classes="field"):
                    yield Label("Players", classes="field-label")
                    yield Input(str(self._count), id="cq-players", type="integer", max_length=1,
                                tooltip="How many play (2–6)")
                with Horizontal(classes="field"):
                    yield Label("Seed", classes="field-label")
                    yield Input(self.seed, id="seed", max_length=40,
                                tooltip="The same seed and players give the same game")
                with Horizontal(classes="field"):
                    yield Label("Save as", classes="field-label")
                    yield Input("", id="save-name", max_length=80,
                                tooltip="File name in the saves folder; every move is saved")
            yield Static("Players (bots take their seats by themselves)", classes="section-title")
            yield Vertical(id="clan-rows")
            yield Static("", id="new-game-error", markup=False)
            with Horizontal(id="new-game-buttons"):
                yield Button("Start game (Ctrl+S)", id="start", variant="primary")
                yield Button("Back (Esc)", id="back")
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self.query("#clan-rows"):  # closed before it was shown (keys faster than screens)
            return
        self._set_rows(self._count)
        self._update_save_name()
        self.query_one("#game-select", Select).focus()

    def _set_rows(self, count: int) -> None:
        rows = self.query_one("#clan-rows", Vertical)
        existing = list(rows.query(PlayerRow))
        for row in existing[count:]:
            row.remove()
        rows.mount_all([PlayerRow(i) for i in range(len(existing), count)])

    def _update_save_name(self) -> None:
        field = self.query_one("#save-name", Input)
        if field.value and field.value != self._auto_save_name:
            return
        seed = self.query_one("#seed", Input).value.strip() or self.seed
        self._auto_save_name = _SAFE_NAME.sub("_", f"conquest-{seed}") + ".json"
        field.value = self._auto_save_name

    def _error(self, message: str) -> None:
        self.query_one("#new-game-error", Static).update(message)

    @on(Select.Changed, "#game-select")
    def _game_changed(self, event: Select.Changed) -> None:
        if event.value == "continental":
            self.post_message(GameChosen("continental", self))

    @on(Input.Changed, "#cq-players")
    def _count_changed(self, event: Input.Changed) -> None:
        try:
            count = int(event.value)
        except ValueError:
            return
        if MIN_PLAYERS <= count <= MAX_PLAYERS:
            self._error("")
            if count != self._count:
                self._count = count
                self._set_rows(count)
        else:
            self._error(f"Conquest is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")

    @on(Input.Changed, "#seed")
    def _seed_changed(self) -> None:
        self._update_save_name()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_reseed(self) -> None:
        """Draw a new random seed."""
        self.query_one("#seed", Input).value = session.random_seed()

    def action_back(self) -> None:
        """Back to the title screen."""
        self.dismiss(None)

    def action_start(self) -> None:
        """Check the form, then create the game (asking before replacing a save)."""
        try:
            count = int(self.query_one("#cq-players", Input).value)
        except ValueError:
            count = 0
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            self._error(f"Choose {MIN_PLAYERS} to {MAX_PLAYERS} players.")
            return
        name = self.query_one("#save-name", Input).value.strip() or self._auto_save_name
        if not name.endswith(".json"):
            name += ".json"
        path = Path(name) if Path(name).is_absolute() else self.saves_dir / name
        if path.exists():
            self.app.push_screen(
                ConfirmDialog(f"{path.name} already exists. Replace it?",
                              "The old game is kept as a backup (.bak1).", yes="Replace",
                              no="Keep", title="Save file exists"),
                lambda yes: self._create(count, path) if yes else None)
            return
        self._create(count, path)

    def _create(self, count: int, path: Path) -> None:
        from conquest_tui.session.conquest_table import ConquestTable

        rows = sorted(self.query(PlayerRow), key=lambda r: r.index)[:count]
        players = [row.player() for row in rows]
        names = [p.name for p in players]
        if len(set(names)) != len(names):
            self._error("Every player needs a name of their own.")
            return
        seed = self.query_one("#seed", Input).value.strip() or self.seed
        try:
            table = ConquestTable.new(path, players, seed, replace=True)
        except session.SessionError as error:
            self._error(str(error))
            return
        self.post_message(self.GameCreated(table))
