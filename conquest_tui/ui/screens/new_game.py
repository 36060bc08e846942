"""The new-game form: map and preview, Clans (name, seat, PIN), seed, victory, last turn, save."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static, Switch

from conquest_tui import session
from conquest_tui.engine.face import LEGEND, GameMap
from conquest_tui.pins.hashing import hash_pin
from conquest_tui.storage.map_loader import MapError, MapInfo, load_map, preview_lines
from conquest_tui.storage.rules_loader import RulesError, load_ruleset
from conquest_tui.ui.conquest.new_game_screen import GAMES, GameChosen
from conquest_tui.ui.screens.dialogs import ConfirmDialog
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter
from conquest_tui.ui.widgets.safe_select import SafeSelect

if TYPE_CHECKING:
    from conquest_tui.session import Session

MIN_CLANS, MAX_CLANS = session.clan_counts()

PREVIEW_WIDTH = 30
PREVIEW_HEIGHT = 12

PREVIEW_COLOURS: dict[str, str] = {
    "plains": "#a8bf62", "agricultural": "#d9c54e", "forest": "#3d7a38", "desert": "#ecd9a6",
    "mountains": "#8c7867", "swamp": "#5c7a6a", "wilderness": "#7f8c3a", "jungle": "#1e7d5c",
    "barren": "#b3ada2", "metropolis": "#a8476a", "water": "#1c4680", "islands": "#3f8fb0",
    "sea_lane": "#2f6fbd",
}
"""Terrain → background of its preview cell (the map pane's colours)."""

_SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


def preview_text(game_map: GameMap, width: int = PREVIEW_WIDTH,
                 height: int = PREVIEW_HEIGHT) -> Text:
    """A coloured terrain thumbnail of a map."""
    text = Text(no_wrap=True, overflow="crop")
    for index, line in enumerate(preview_lines(game_map, width, height)):
        if index:
            text.append("\n")
        for char in line:
            colour = PREVIEW_COLOURS.get(LEGEND.get(char, ""), "#000000")
            shown = char if char not in ".~" else " "
            text.append(shown, style=f"#101010 on {colour}")
    return text


def default_save_name(map_name: str, seed: str) -> str:
    """`<map>-<seed>.json`, made safe as a file name."""
    return _SAFE_NAME.sub("_", f"{map_name}-{seed}") + ".json"


class ClanRow(Horizontal):
    """One seat: the Clan's name, human or bot, and an optional PIN (a bot: its level)."""

    def __init__(self, index: int, name: str) -> None:
        """Create the row for seat `index` (0-based) with a default name."""
        super().__init__(classes="clan-row", id=f"clan-row-{index}")
        self.index = index
        self.default_name = name

    def compose(self) -> ComposeResult:
        yield Label(f"Clan {self.index + 1}", classes="clan-label")
        yield Input(self.default_name, placeholder="Clan name", id=f"name-{self.index}",
                    classes="clan-name", max_length=30,
                    tooltip="The Clan's name (every Clan needs its own)")
        yield Label("Bot", classes="clan-bot-label")
        yield Switch(False, id=f"bot-{self.index}", classes="clan-bot",
                     tooltip="On: the computer plays this seat")
        yield Input(placeholder="PIN (optional)", password=True, id=f"pin-{self.index}",
                    classes="clan-pin", max_length=32,
                    tooltip="Asked at this Clan's hand-over screen; stored only as a hash")
        level = SafeSelect([(name.capitalize(), name) for name in session.bot_levels()],
                           value="normal", allow_blank=False, id=f"level-{self.index}",
                           classes="clan-level",
                           tooltip="How well the bot plays: easy, normal or hard")
        level.display = False
        yield level

    @on(Switch.Changed)
    def _seat_changed(self, event: Switch.Changed) -> None:
        """A bot needs no PIN; it has a level instead."""
        self.query_one(f"#pin-{self.index}", Input).display = not event.value
        self.query_one(f"#level-{self.index}", Select).display = event.value

    @property
    def clan_name(self) -> str:
        """The name typed."""
        return self.query_one(f"#name-{self.index}", Input).value.strip()

    @property
    def is_bot(self) -> bool:
        """Whether the seat is a bot."""
        return self.query_one(f"#bot-{self.index}", Switch).value

    @property
    def pin(self) -> str:
        """The PIN typed ("" for none)."""
        return self.query_one(f"#pin-{self.index}", Input).value

    @property
    def level(self) -> str:
        """The bot's level (read only for a bot seat)."""
        return str(self.query_one(f"#level-{self.index}", Select).value)


class NewGameScreen(Screen[None]):
    """Set up a game and start it at the first Clan's hand-over screen."""

    FLOW_SCREEN: ClassVar[bool] = True
    HELP_TITLE: ClassVar[str] = "New game"

    class GameCreated(Message):
        """A new game was set up and saved where the form says: start it."""

        def __init__(self, session: Session) -> None:
            """Create the message.

            Args:
                session: The new game's table, saved where the form said.
            """
            super().__init__()
            self.session = session

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("new_game")
    """Its layout, read when the screen is first shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start game", id="new_game.start",
                tooltip="Create the game and go to the first hand-over screen"),
        Binding("ctrl+r", "reseed", "New seed", id="new_game.reseed",
                tooltip="Draw a new random seed"),
        Binding("escape", "back", "Back", id="new_game.back", tooltip="Back to the title screen"),
    ]

    def __init__(self, saves_dir: Path, maps: list[MapInfo] | None = None) -> None:
        """Create the form.

        Args:
            saves_dir: Where the new game's save goes.
            maps: The maps to offer (default: every map found).
        """
        super().__init__(classes="new-game")
        self.saves_dir = saves_dir
        self.maps = maps if maps is not None else session.maps()
        default = session.default_map()
        self.map_name = default if any(
            m.name == default for m in self.maps) else self.maps[0].name
        self.seed = session.random_seed()
        self._auto_threshold = ""
        self._threshold_edited = False
        self._turn_limit: int | None = None
        """The last game turn the form asks for (None: the rulebook default)."""
        self._auto_save_name = ""
        self._save_name_edited = False
        self._clan_count = 2
        self._map_cache: dict[str, GameMap] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game-form"):
            yield Static("New game", id="new-game-title")
            with Horizontal(id="new-game-top"):
                with Vertical(id="new-game-settings"):
                    with Horizontal(classes="field"):
                        yield Label("Game", classes="field-label")
                        yield SafeSelect(GAMES, value="continental", allow_blank=False,
                                         id="game-select", tooltip="Which game to play")
                    with Horizontal(classes="field"):
                        yield Label("Map", classes="field-label")
                        yield SafeSelect(
                            [(f"{m.title} ({m.min_players}–{m.max_players} Clans)", m.name)
                             for m in self.maps],
                            value=self.map_name, allow_blank=False, id="map-select",
                            type_to_search=True, tooltip="The map to play on",
                        )
                    with Horizontal(classes="field"):
                        yield Label("Clans", classes="field-label")
                        yield Input(str(self._clan_count), id="clans", type="integer",
                                    max_length=2, tooltip="How many Clans play (2–20)")
                    with Horizontal(classes="field"):
                        yield Label("Seed", classes="field-label")
                        yield Input(self.seed, id="seed", max_length=40,
                                    tooltip="The same seed, map and Clans give the same game "
                                    "(Ctrl+R draws a new one)")
                    with Horizontal(classes="field"):
                        yield Label("Victory at", classes="field-label")
                        yield Input("", id="threshold", type="integer", max_length=6,
                                    tooltip="Popularity a Clan needs to win (default: the "
                                    "rulebook proposal for this map and number of Clans)")
                    with Horizontal(classes="field"):
                        yield Label("Last turn", classes="field-label")
                        yield Input(str(load_ruleset().game.default_turn_limit), id="turn-limit",
                                    type="integer", max_length=3,
                                    tooltip="The game ends after this game turn if no Clan has "
                                    "won (0: no limit)")
                    with Horizontal(classes="field"):
                        yield Label("Referee PIN", classes="field-label")
                        yield Input(placeholder="optional", password=True, id="referee-pin",
                                    max_length=32,
                                    tooltip="A PIN for the game's referee, who sees every Clan "
                                    "(the title's Referee's view); none: the game has no "
                                    "referee")
                    with Horizontal(classes="field"):
                        yield Label("Save as", classes="field-label")
                        yield Input("", id="save-name", max_length=80,
                                    tooltip="File name in the saves folder; the game autosaves "
                                    "there after every turn")
                with Vertical(id="new-game-map"):
                    yield Static("", id="map-preview")
                    yield Static("", id="map-info", markup=False)
                    yield Static("", id="fair-note", markup=False)
            yield Static("Clans (bots take their seats by themselves)", classes="section-title")
            yield Vertical(id="clan-rows")
            yield Static("House rules (off unless ticked; F1 in the game explains each)",
                         classes="section-title")
            with Vertical(id="house-rules"):
                for rule in session.house_rules():
                    yield Checkbox(f"{rule.title} ({rule.seed.split(',')[0]})",
                                   id=f"house-{rule.name}", classes="house-rule",
                                   tooltip=rule.summary)
            yield Static("", id="new-game-error", markup=False)
            with Horizontal(id="new-game-buttons"):
                yield Button("Start game (Ctrl+S)", id="start", variant="primary",
                             tooltip="Create the game")
                yield Button("Back (Esc)", id="back", tooltip="Back to the title screen")
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self.query("#clan-rows"):  # closed before it was shown (keys faster than screens)
            return
        self._set_clan_rows(self._clan_count)
        self._show_map()
        self.query_one("#map-select", Select).focus()

    # --- map and derived defaults --------------------------------------------------------------

    def _game_map(self) -> GameMap | None:
        if self.map_name not in self._map_cache:
            try:
                self._map_cache[self.map_name] = load_map(self.map_name)
            except MapError as error:
                self._error(str(error))
                return None
        return self._map_cache[self.map_name]

    def _info(self) -> MapInfo:
        return next(m for m in self.maps if m.name == self.map_name)

    def _show_map(self) -> None:
        game_map = self._game_map()
        info = self._info()
        if game_map is not None:
            self.query_one("#map-preview", Static).update(preview_text(game_map))
        self.query_one("#map-info", Static).update(
            f"{info.title}: {info.columns}×{info.rows} hexes, {info.city_count} cities, "
            f"{info.min_players}–{info.max_players} Clans.\n{info.description}"
        )
        self._update_defaults()

    def _max_clans(self) -> int:
        return min(MAX_CLANS, self._info().max_players)

    def _update_defaults(self) -> None:
        game_map = self._game_map()
        if game_map is not None:
            self._check_fairness(game_map, self._clan_count)
        if game_map is not None:
            self._update_threshold(game_map)
        if not self._save_name_edited:
            seed = self.query_one("#seed", Input).value.strip() or self.seed
            self._auto_save_name = default_save_name(self.map_name, seed)
            self.query_one("#save-name", Input).value = self._auto_save_name

    def _update_threshold(self, game_map: GameMap) -> None:
        """The map's threshold for this many Clans and the house rules ticked, unless the
        player typed one."""
        if self._threshold_edited:
            return
        try:
            value = session.victory_threshold(game_map, self._clan_count, self._house_rules())
        except RulesError as error:
            self._error(str(error))
        else:
            self._auto_threshold = str(value)
            self.query_one("#threshold", Input).value = self._auto_threshold

    @on(Checkbox.Changed, ".house-rule")
    def _house_rule_changed(self) -> None:
        game_map = self._game_map()
        if game_map is not None:
            self._update_threshold(game_map)

    @work(thread=True, exclusive=True, group="new-game-fairness", exit_on_error=False)
    def _check_fairness(self, game_map: GameMap, clans: int) -> None:
        """Whether the map seats this many Clans fairly, worked out beside the form."""
        notice = session.fair_starts_notice(game_map, clans)
        self.app.call_from_thread(self._show_fairness, game_map.name, clans, notice)

    def _show_fairness(self, map_name: str, clans: int, notice: str) -> None:
        """The map's word on fair starts, if it is still the map and the Clans chosen."""
        if (map_name, clans) != (self.map_name, self._clan_count):
            return
        note = self.query_one("#fair-note", Static)
        note.update(f"{notice} You may start it all the same, or choose fewer Clans."
                    if notice else "")
        note.display = bool(notice)

    def _set_clan_rows(self, count: int) -> None:
        rows = self.query_one("#clan-rows", Vertical)
        existing = list(rows.query(ClanRow))
        for row in existing[count:]:
            row.remove()
        new = [ClanRow(i, session.CLAN_NAMES[i % len(session.CLAN_NAMES)])
               for i in range(len(existing), count)]
        if new:
            rows.mount_all(new)

    def _error(self, message: str) -> None:
        self.query_one("#new-game-error", Static).update(message)

    # --- events ----------------------------------------------------------------------------------

    @on(Select.Changed, "#game-select")
    def _game_changed(self, event: Select.Changed) -> None:
        if event.value == "conquest":
            self.post_message(GameChosen("conquest", self))

    @on(Select.Changed, "#map-select")
    def _map_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.map_name:
            self.map_name = event.value
            if self._clan_count > self._max_clans():
                self.query_one("#clans", Input).value = str(self._max_clans())
            self._show_map()

    @on(Input.Changed, "#clans")
    def _clans_changed(self, event: Input.Changed) -> None:
        try:
            count = int(event.value)
        except ValueError:
            return
        if MIN_CLANS <= count <= self._max_clans():
            self._error("")
            if count != self._clan_count:
                self._clan_count = count
                self._set_clan_rows(count)
                self._update_defaults()
        elif event.value:
            self._error(f"{self._info().title} takes {MIN_CLANS}–{self._max_clans()} Clans.")

    @on(Input.Changed, "#seed")
    def _seed_changed(self) -> None:
        self._update_defaults()

    @on(Input.Changed, "#threshold")
    def _threshold_changed(self, event: Input.Changed) -> None:
        self._threshold_edited = event.value != self._auto_threshold

    @on(Input.Changed, "#save-name")
    def _save_name_changed(self, event: Input.Changed) -> None:
        self._save_name_edited = event.value != self._auto_save_name

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    # --- actions ---------------------------------------------------------------------------------

    def action_reseed(self) -> None:
        """Draw a new random seed."""
        self.query_one("#seed", Input).value = session.random_seed()

    def action_back(self) -> None:
        """Back to the title screen."""
        self.dismiss(None)

    def action_start(self) -> None:
        """Check the form, then create the game (asking before replacing a save)."""
        try:
            count = int(self.query_one("#clans", Input).value)
        except ValueError:
            count = 0
        if not MIN_CLANS <= count <= self._max_clans():
            self._error(f"Choose {MIN_CLANS}–{self._max_clans()} Clans for this map.")
            self.query_one("#clans", Input).focus()
            return
        threshold_text = self.query_one("#threshold", Input).value.strip()
        threshold = int(threshold_text) if threshold_text.isdigit() else None
        if threshold is not None and threshold <= 0:
            threshold = None
        limit_text = self.query_one("#turn-limit", Input).value.strip()
        self._turn_limit = int(limit_text) if limit_text.isdigit() else None
        save_name = self.query_one("#save-name", Input).value.strip()
        if not save_name:
            save_name = default_save_name(self.map_name, self.seed)
        if not save_name.endswith(".json"):
            save_name += ".json"
        path = Path(save_name)
        if not path.is_absolute():
            path = self.saves_dir / path
        if path.exists():
            self.app.push_screen(
                ConfirmDialog(f"{path.name} already exists. Replace it?",
                              "The old game is kept as a backup (.bak1).", yes="Replace",
                              no="Keep", title="Save file exists"),
                lambda yes: self._create(count, threshold, path) if yes else None,
            )
            return
        self._create(count, threshold, path)

    def _house_rules(self) -> tuple[str, ...]:
        """The names of the house rules ticked."""
        return tuple(rule.name for rule in session.house_rules()
                     if self.query_one(f"#house-{rule.name}", Checkbox).value)

    def _create(self, count: int, threshold: int | None, path: Path) -> None:
        rows = sorted(self.query(ClanRow), key=lambda r: r.index)[:count]
        names = [row.clan_name or session.CLAN_NAMES[row.index % len(session.CLAN_NAMES)]
                 for row in rows]
        # session.new_game seats bots last; keep the form's order by putting them there too.
        humans = [row for row in rows if not row.is_bot]
        bots = [row for row in rows if row.is_bot]
        ordered = humans + bots
        names = [names[rows.index(row)] for row in ordered]
        pins = [hash_pin(row.pin) if row.pin and not row.is_bot else "" for row in ordered]
        levels = [row.level if row.is_bot else "normal" for row in ordered]
        seed = self.query_one("#seed", Input).value.strip() or self.seed
        referee_pin = self.query_one("#referee-pin", Input).value.strip()
        try:
            table = session.Session.new(
                path, replace=True, map_name=self.map_name, clans=count, bots=len(bots),
                seed=seed, names=names, victory_threshold=threshold, pin_hashes=pins,
                turn_limit=self._turn_limit, level=levels,
                referee_pin_hash=hash_pin(referee_pin) if referee_pin else "",
                house_rules=self._house_rules())
        except session.SessionError as error:
            self._error(str(error))
            return
        self.post_message(self.GameCreated(table))
