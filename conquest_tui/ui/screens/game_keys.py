"""The game screen's keys and its commands in the palette (the same actions, found by name)."""

from __future__ import annotations

from collections.abc import Awaitable
from functools import partial
from typing import Protocol

from textual.binding import Binding, BindingType

from conquest_tui.engine.face import ClanView
from conquest_tui.ui.command_list import Command

GAME_BINDINGS: list[BindingType] = [
    Binding("f5", "submit", "End turn", id="game.submit",
            tooltip="Submit the order sheet and run this Clan's turn"),
    Binding("ctrl+s", "save_and_quit", "Save & quit", id="game.save_quit",
            tooltip="Save the game with the sheet being written, and go back to the title"),
    Binding("m", "add_move", "Move here", id="game.add_move",
            tooltip="Add a move toward the map cursor for the selected convoy"),
    Binding("o", "odds", "Odds", id="game.odds", show=False,
            tooltip="The odds of a fight for the selected convoy at the map cursor"),
    Binding("I", "inbox", "Inbox", id="game.inbox", show=False,
            tooltip="Messages, radio news, spy and agent reports, espionage, what happened "
                    "while you were away"),
    Binding("R", "relations", "Relations", id="game.relations", show=False,
            tooltip="The Clans you met, your alliances and bans, who allies with whom"),
    Binding("p", "replay", "Replay", id="game.replay", show=False,
            tooltip="Play your last turn back on the map, pulse by pulse"),
    Binding("H", "history", "History", id="game.history", show=False,
            tooltip="Your past turns: the turn log, each past report, plots of your figures"),
    # F6 is a priority key: the order sheet's editor would take it to select a line.
    Binding("f6", "focus_pane(1)", "Next pane", id="game.next_pane", priority=True,
            tooltip="Focus the next pane (map, convoys, city, order sheet)"),
    Binding("shift+f6", "focus_pane(-1)", "Previous pane", show=False, priority=True,
            id="game.previous_pane", tooltip="Focus the previous pane"),
    Binding("escape", "focus_map", "Map", show=False, id="game.focus_map",
            tooltip="Focus the map"),
    Binding("f2", "focus_sheet", "Sheet", id="game.focus_sheet",
            tooltip="Focus the order sheet"),
    Binding("f4", "switch_side_tab", "Convoys/City", id="game.switch_side_tab",
            tooltip="Show the other one of the convoy and city panes (small terminals)"),
    Binding("f3", "toggle_forecast", "Forecast", id="game.forecast",
            tooltip="Show what the sheet will do, pulse by pulse, in place of the convoy "
                    "and city panes (or hide it)"),
]
"""The game screen's keys (the app's keymap may change them, by id)."""

LETTER_ACTIONS: frozenset[str] = frozenset(
    {"add_move", "odds", "inbox", "relations", "replay", "history"})
"""Actions on single letters: never while the order sheet has the focus (a letter meant for
the sheet must not open a screen, issue 27); F6, F2 and Esc move between the panes."""

PANE_ACTIONS: frozenset[str] = frozenset(
    {"submit", "add_move", "focus_pane", "focus_sheet", "relations", "toggle_forecast"})
"""Actions that need the side panes (off for the moment before they are mounted)."""


class CommandHost(Protocol):
    """What the palette's commands act on: the game screen of the Clan at the terminal."""

    view: ClanView

    def action_save(self) -> None: ...
    def action_save_and_quit(self) -> None: ...
    def action_submit(self) -> None: ...
    def action_help(self) -> Awaitable[None]: ...
    def action_inbox(self) -> None: ...
    def action_relations(self) -> None: ...
    def action_history(self) -> None: ...
    def action_resign(self) -> None: ...
    def select_convoy(self, number: int) -> None: ...
    def jump_to_hex(self, hex_id: str) -> None: ...


def palette_commands(screen: CommandHost) -> list[Command]:
    """The game's commands in the palette, for the Clan at the terminal (only what its view
    shows): save, end turn, help, inbox, relations, history, resign, jumps to its convoys and to
    the cities."""
    found: list[Command] = [
        ("Save game", screen.action_save, "Save now and keep playing", True),
        ("Save & quit", screen.action_save_and_quit, "Save, sheet included, and leave", True),
        ("End turn", screen.action_submit, "Submit the order sheet and run the turn", True),
        ("Help", screen.action_help, "Keys, orders and rules interpretations", True),
        ("Inbox", screen.action_inbox,
         "Messages, radio news, spy and agent reports, espionage", True),
        ("Relations", screen.action_relations,
         "The Clans you met, your alliances and bans, who allies with whom", True),
        ("History", screen.action_history,
         "Your past turns: the turn log, each past report, plots of your figures", True),
        ("Resign", screen.action_resign,
         "Drop out: the Clan's units stay and defend, it gives no more orders", False),
    ]
    for convoy in screen.view.convoys():
        name = f" ({convoy.name})" if convoy.name else ""
        found.append((f"Jump to convoy #{convoy.number}{name}",
                      partial(screen.select_convoy, convoy.number),
                      f"{convoy.convoy_type.title()} convoy in hex {convoy.hex}", True))
    for site in sorted(screen.view.map.cities, key=lambda s: s.name):
        found.append((f"Jump to city {site.name}", partial(screen.jump_to_hex, site.hex),
                      f"Hex {site.hex}" + (" (major city)" if site.major else ""), False))
    return found
