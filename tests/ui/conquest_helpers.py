"""Shared helpers of Conquest's app tests: a seat over a game in memory, a host app."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import App, ComposeResult
from textual.widgets import Static

from conquest_tui.games.conquest import play
from conquest_tui.games.conquest.actions import Action, Place
from conquest_tui.games.conquest.events import Event
from conquest_tui.games.conquest.setup import new_game
from conquest_tui.games.conquest.state import GameState, Phase
from conquest_tui.games.conquest.view import PlayerView, view
from conquest_tui.session import SessionError
from conquest_tui.storage.conquest_data import load_board, load_rules
from conquest_tui.ui.conquest.layout import load_layout
from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen


class MemorySeat:
    """A player's seat over a game held in memory (the table's seat saves; this one does not)."""

    def __init__(self, state: GameState, player: int) -> None:
        self.state = state
        self.player = player

    @property
    def is_turn(self) -> bool:
        return self.state.phase is not Phase.OVER and self.state.current == self.player

    def view(self) -> PlayerView:
        return view(self.state, self.player)

    def legal(self) -> tuple[Action, ...]:
        return tuple(play.legal_actions(self.state)) if self.is_turn else ()

    def resign(self) -> None:
        raise SessionError("A game held in memory has no table to hand the seat to.")

    def act(self, action: Action) -> Sequence[Event]:
        if not self.is_turn:
            raise SessionError("It is not your turn.")
        try:
            return play.apply(self.state, action)
        except play.IllegalAction as error:
            raise SessionError(str(error)) from None


def deployed_game(players: int = 3, seed: int = 4) -> GameState:
    """A new game with the initial deployment done (each player's armies spread in turn)."""
    names = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"][:players]
    state = new_game(load_rules(), load_board(), names, seed)
    while state.phase is Phase.DEPLOY:
        mine = state.territories_of(state.current)
        placed = sum(state.armies[t] for t in mine)
        play.apply(state, Place(mine[placed % len(mine)], 1))
    return state


def fresh_game(players: int = 3, seed: int = 4) -> GameState:
    names = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"][:players]
    return new_game(load_rules(), load_board(), names, seed)


class TurnHost(App[None]):
    """A bare app showing one seat's turn screen; `turns_over` counts the turns it ended."""

    def __init__(self, seat: MemorySeat) -> None:
        super().__init__()
        self.seat = seat
        self.turns_over: list[tuple[str, ...]] = []
        self.cursor_blink = False

    def compose(self) -> ComposeResult:
        yield Static("host")

    def on_mount(self) -> None:
        self.push_screen(ConquestTurnScreen(self.seat, load_rules(), load_board(),
                                            load_layout()))

    def on_conquest_turn_screen_turn_over(self, message: ConquestTurnScreen.TurnOver) -> None:
        self.turns_over.append(message.lines)

    def action_save_and_quit(self) -> None:
        self.exit()
