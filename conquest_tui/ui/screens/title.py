"""The title screen: New game, Load game (the saves in the saves folder), Quit."""

from __future__ import annotations

import time
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from conquest_tui.ui.stylesheets import CSSPaths, stylesheet
from conquest_tui.ui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from conquest_tui.storage.save_list import SaveSummary

BANNER = "C O N T I N E N T A L     C O N Q U E S T"

SUBTITLE = "The play-by-mail wargame of 1995 for 2–20 Clans — and Conquest (1990) for 2–6 players"


def saved_at(modified: float) -> str:
    """A save's date as the load list shows it (local time)."""
    if not modified:
        return "?"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(modified))


class TitleScreen(Screen[None]):
    """The first screen: start a game, resume a save, or leave."""

    HELP_TITLE: ClassVar[str] = "Title"

    class NewGameChosen(Message):
        """The player chose to set up a new game."""

    class SavesListed(Message):
        """The saves folder has been read into the load list."""

    class SaveChosen(Message):
        """The player chose a save to resume."""

        def __init__(self, path: Path) -> None:
            """Create the message.

            Args:
                path: The save file.
            """
            super().__init__()
            self.path = path

    class RefereeChosen(Message):
        """The player chose a save to open as its referee (behind the referee PIN)."""

        def __init__(self, path: Path) -> None:
            """Create the message.

            Args:
                path: The save file.
            """
            super().__init__()
            self.path = path

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("title")
    """Its layout, read when the screen is first shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # n first (shown in the footer): a browser keeps Ctrl+N for a new window.
        Binding("n,ctrl+n", "new_game", "New game", id="title.new_game",
                tooltip="Set up a new game"),
        Binding("l,ctrl+l", "load_game", "Load game", id="title.load_game",
                tooltip="Pick a saved game to resume"),
        Binding("r", "referee", "Referee", id="title.referee",
                tooltip="The referee's view of the highlighted save (its referee PIN first)"),
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
        self.refereeing = False
        """Whether Enter in the load list opens the referee's view (chosen from the menu)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="title-banner")
            yield Static(SUBTITLE, id="title-subtitle")
            yield OptionList(
                Option("New game", id="new"),
                Option("Load game", id="load"),
                Option("Referee's view", id="referee"),
                Option("Quit", id="quit"),
                id="title-menu",
            )
            saves: DataTable[str] = DataTable(id="title-saves", cursor_type="row",
                                              zebra_stripes=True)
            saves.border_title = "Saved games"
            saves.tooltip = "Enter resumes the highlighted save at its hand-over screen"
            yield saves
            yield Static("", id="title-saves-note", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#title-saves", DataTable)
        # As Text, not markup: a column label read as markup loads rich's emoji table (~4 ms)
        table.add_columns(*map(Text, ("Save", "Map", "Turn", "Whose turn", "Saved")))
        # The saves are read (and the rules loaded) once the title is on the terminal.
        self.call_after_refresh(self._read_saves)
        self.query_one("#title-menu", OptionList).focus()

    @work(thread=True, exclusive=True, group="title-saves")
    def _read_saves(self) -> None:
        """Off the first frame: list the saves; then (once drawn) load the rules."""
        from conquest_tui.storage.save_list import list_saves

        saves = list_saves(self.saves_dir)

        def show() -> None:
            self._show_saves(saves)
            self.post_message(self.SavesListed())
            self.call_after_refresh(self._load_rules)

        self.app.call_from_thread(show)

    @work(thread=True, exclusive=True, group="title-rules", exit_on_error=False)
    def _load_rules(self) -> None:
        """Load the rules a game needs while the title is read (opening a save is quicker)."""
        from conquest_tui.storage.rules_loader import RulesError, load_ruleset

        with suppress(RulesError):  # opening a save or starting a game reports it
            load_ruleset()

    def refresh_saves(self) -> None:
        """Read the saves folder into the load list."""
        from conquest_tui.storage.save_list import list_saves

        self._show_saves(list_saves(self.saves_dir))

    def _show_saves(self, saves: list[SaveSummary]) -> None:
        self.saves = saves
        table = self.query_one("#title-saves", DataTable)
        table.clear()
        for index, save in enumerate(self.saves):
            name = save.path.name
            if save.error:  # damaged: Enter says why and offers a backup
                table.add_row(Text(name), Text("damaged"), "", Text("Enter: details"),
                              saved_at(save.modified), key=str(index))
                continue
            whose = (f"Clan {save.active_clan} ({save.active_name})" if save.game != "conquest"
                     else save.active_name)
            if save.finished:
                whose = "game over"
            if save.edited:  # changed outside the game: loading asks first
                name = f"{name} (edited)"
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
        elif choice == "referee":
            self._pick_for_referee()
        elif choice == "quit":
            self.app.exit(0)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        index = int(event.row_key.value or 0)
        if 0 <= index < len(self.saves):
            path = self.saves[index].path
            if self.refereeing:
                self.post_message(self.RefereeChosen(path))
                return
            # A damaged save too: the app says why, and offers its newest good backup.
            self.post_message(self.SaveChosen(path))

    def action_new_game(self) -> None:
        """Open the new-game form."""
        self.post_message(self.NewGameChosen())

    def action_load_game(self) -> None:
        """Move to the load list."""
        self._set_refereeing(False)
        self.refresh_saves()
        if not self.saves:
            self.notify(f"There are no saves in {self.saves_dir} yet.", title="Load game",
                        markup=False)
            return
        self.query_one("#title-saves", DataTable).focus()

    def action_refresh_saves(self) -> None:
        """Read the saves folder again."""
        self.refresh_saves()

    def action_referee(self) -> None:
        """The referee's view of the highlighted save (from the menu: choose the save first)."""
        table = self.query_one("#title-saves", DataTable)
        if not table.has_focus:
            self._pick_for_referee()
            return
        row = table.cursor_row
        if 0 <= row < len(self.saves):
            self.post_message(self.RefereeChosen(self.saves[row].path))

    def _pick_for_referee(self) -> None:
        """The load list, where Enter now opens the chosen save's referee's view."""
        self.refresh_saves()
        if not self.saves:
            self.notify(f"There are no saves in {self.saves_dir} yet.", title="Referee's view",
                        markup=False)
            return
        self._set_refereeing(True)
        self.query_one("#title-saves", DataTable).focus()

    def _set_refereeing(self, on: bool) -> None:
        self.refereeing = on
        table = self.query_one("#title-saves", DataTable)
        table.border_title = ("Referee's view of which save? (Enter; Esc: back)" if on
                              else "Saved games")

    def action_focus_menu(self) -> None:
        """Focus the menu."""
        self._set_refereeing(False)
        self.query_one("#title-menu", OptionList).focus()
