"""The title screen: New game, Load game (the saves in the saves folder), Quit."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from conquest_tui.storage.savefile import SaveSummary, list_saves

if TYPE_CHECKING:
    from conquest_tui.ui.app import ConquestApp

BANNER = "C O N T I N E N T A L     C O N Q U E S T"

SUBTITLE = "The play-by-mail wargame of 1995 — hot-seat edition for 2–20 Clans at one keyboard"


def saved_at(modified: float) -> str:
    """A save's date as the load list shows it (local time)."""
    if not modified:
        return "?"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(modified))


class TitleScreen(Screen[None]):
    """The first screen: start a game, resume a save, or leave."""

    HELP_TITLE: ClassVar[str] = "Title"

    SCOPED_CSS: ClassVar[bool] = False
    DEFAULT_CSS: ClassVar[str] = """
    #title {
        align: center middle;
    }
    #title-box {
        align-horizontal: center;
        width: 96;
        max-width: 100%;
        height: auto;
        max-height: 100%;
    }
    #title-banner {
        width: 100%;
        content-align: center middle;
        text-align: center;
        text-style: bold;
        color: $accent;
        border: double $accent;
        padding: 1 0;
    }
    #title-subtitle {
        width: 100%;
        text-align: center;
        color: $text-muted;
        margin-bottom: 1;
    }
    #title-menu {
        width: 30;
        height: auto;
        margin: 0 0 1 0;
        border: round $primary;
    }
    #title-saves {
        height: auto;
        max-height: 14;
        border: round $primary;
    }
    #title-saves:focus, #title-menu:focus {
        border: round $accent;
    }
    #title-saves-note {
        color: $text-muted;
        padding: 0 1;
    }
    """
    """The screen's layout, loaded with the screen (not at start-up); unscoped, as in app.tcss."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "new_game", "New game", id="title.new_game",
                tooltip="Set up a new game"),
        Binding("ctrl+l", "load_game", "Load game", id="title.load_game",
                tooltip="Pick a saved game to resume"),
        Binding("ctrl+r", "refresh_saves", "Refresh", id="title.refresh",
                tooltip="Read the saves folder again"),
        Binding("escape", "focus_menu", "Menu", show=False, id="title.menu",
                tooltip="Back to the menu"),
    ]

    def __init__(self, saves_dir: Path) -> None:
        """Create the title screen.

        Args:
            saves_dir: The folder whose saves the load list shows.
        """
        super().__init__(id="title")
        self.saves_dir = saves_dir
        self.saves: list[SaveSummary] = []

    @property
    def conquest(self) -> ConquestApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="title-banner")
            yield Static(SUBTITLE, id="title-subtitle")
            yield OptionList(
                Option("New game", id="new"),
                Option("Load game", id="load"),
                Option("Quit", id="quit"),
                id="title-menu",
            )
            saves = DataTable(id="title-saves", cursor_type="row", zebra_stripes=True)
            saves.border_title = "Saved games"
            saves.tooltip = "Enter resumes the highlighted save at its hand-over screen"
            yield saves
            yield Static("", id="title-saves-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#title-saves", DataTable)
        table.add_columns("Save", "Map", "Turn", "Whose turn", "Saved")
        self.refresh_saves()
        self.query_one("#title-menu", OptionList).focus()

    def refresh_saves(self) -> None:
        """Read the saves folder into the load list."""
        self.saves = list_saves(self.saves_dir)
        table = self.query_one("#title-saves", DataTable)
        table.clear()
        for index, save in enumerate(self.saves):
            name = save.path.name
            if save.error:
                table.add_row(Text(name), "cannot be loaded", "", Text(save.error[:60]),
                              saved_at(save.modified), key=str(index))
                continue
            whose = f"Clan {save.active_clan} ({save.active_name})"
            if save.finished:
                whose = "game over"
            table.add_row(Text(name), Text(save.title or save.map_name), str(save.game_turn),
                          Text(whose),
                          saved_at(save.modified), key=str(index))
        note = self.query_one("#title-saves-note", Static)
        count = len(self.saves)
        if count:
            note.update(f"{count} save{'s' if count != 1 else ''} in {self.saves_dir}")
        else:
            note.update(f"No saves yet in {self.saves_dir}")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id
        if choice == "new":
            self.action_new_game()
        elif choice == "load":
            self.action_load_game()
        elif choice == "quit":
            self.app.exit(0)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        index = int(event.row_key.value or 0)
        if 0 <= index < len(self.saves):
            save = self.saves[index]
            if save.error:
                self.notify(save.error, title="Cannot load", severity="error", markup=False)
                return
            self.conquest.open_save(save.path)

    def action_new_game(self) -> None:
        """Open the new-game form."""
        self.conquest.show_new_game()

    def action_load_game(self) -> None:
        """Move to the load list."""
        self.refresh_saves()
        if not self.saves:
            self.notify(f"There are no saves in {self.saves_dir} yet.", title="Load game",
                        markup=False)
            return
        self.query_one("#title-saves", DataTable).focus()

    def action_refresh_saves(self) -> None:
        """Read the saves folder again."""
        self.refresh_saves()

    def action_focus_menu(self) -> None:
        """Focus the menu."""
        self.query_one("#title-menu", OptionList).focus()
