"""The inbox (I on the game screen): messages, broadcasts, radio, spies, agents, espionage, what
happened while away — grouped, newest first, what came since the last turn marked new."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from conquest_tui import session
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.inbox_items import AWAY, MEETINGS, MESSAGES, inbox_items
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.screens.inbox import NEW_MARK, InboxScreen, inbox_renderable
from tests.ui.helpers import legal_step, screen_text, take_the_terminal, wait_for_screen, wait_until

WHISPER = "Meet at the [b]ford[/b]"
"""A message with what would be markup: it must show as typed."""


def staged() -> tuple[Game, int, int]:
    """Three Clans; the first messages the second (anonymous, then signed to all), allies with
    the third and moves its convoy onto the second's: it is now the second Clan's turn."""
    game = session.new_game(map_name="test_small", clans=3, seed="inbox")
    a, b, c = game.state.clan_order
    step = legal_step(game, a)
    prey = game.convoys_of(b)[0]
    game.move_convoy(prey, hexgrid.neighbor(game.convoys_of(a)[0].hex, step))
    prey.hidden = False
    game.clan(a).name, game.clan(a).slogan = "Robin [i]Hood[/i]", "All [red]yours[/red]"
    run_clan_turn(game, a, f'[PRE]\nMESSAGE {b} "{WHISPER}"\nBROADCAST ALL "Peace"\n'
                           f"ALLY {c}\n[CONVOY 1]\n{step}\n")
    return game, a, b


def test_messages_come_first_new_and_as_written_cc_cl_message_01_cc_cl_broadcast_01() -> None:
    game, a, b = staged()
    items = inbox_items(ClanView(game, b))
    messages = [item for item in items if item.group == MESSAGES]
    assert [item.text for item in messages] == [
        f'Heard on the radio, to you: "{WHISPER}"',
        f'Heard on the radio, to every Clan: "{a}>Peace"']
    assert all(item.unread for item in messages)
    assert items[:2] == messages, "messages are the inbox's first group"
    groups = [item.group for item in items]
    assert MEETINGS in groups and AWAY in groups, "the first meeting, the battle while away"
    assert "ALLY" not in " ".join(item.text for item in items), "nobody is told of an alliance"
    sender = inbox_items(ClanView(game, a))
    assert not any(item.group == MESSAGES for item in sender), "the sender hears nothing back"


def test_what_was_read_at_the_last_turn_is_no_longer_new_cc_seq_16() -> None:
    game, _, b = staged()
    run_clan_turn(game, b, "")
    items = inbox_items(ClanView(game, b))
    assert [item.text for item in items if item.group == MESSAGES][0].endswith(f'"{WHISPER}"')
    assert not any(item.unread for item in items if item.group == MESSAGES)


def test_messages_stay_in_the_inbox_every_turn_after_and_in_the_save_cc_cl_message_01(
        tmp_path: Path) -> None:
    """Issue 27: a message is not forgotten after one turn. Two game turns later the second
    Clan still finds it (read, no longer new), under the game turn it was sent in, with the
    first meeting; a save and a load keep them."""
    game, a, b = staged()
    c = game.state.clan_order[2]
    for clan in (b, c, a, b, c, a):
        run_clan_turn(game, clan, "")
    assert game.state.game_turn == 3
    path = tmp_path / "kept.json"
    session.save(game, path)
    loaded = session.load(path)
    for view in (ClanView(game, b), ClanView(loaded, b)):
        items = inbox_items(view)
        messages = [(item.game_turn, item.text) for item in items if item.group == MESSAGES]
        assert messages == [(1, f'Heard on the radio, to you: "{WHISPER}"'),
                            (1, f'Heard on the radio, to every Clan: "{a}>Peace"')]
        assert not any(item.unread for item in items if item.group == MESSAGES)
        assert any(item.group == MEETINGS for item in items)
    text = " ".join(str(part) for part in _plain(inbox_renderable(inbox_items(
        ClanView(loaded, b)))))
    assert "Game turn 1" in text and WHISPER in text


def _plain(renderable: object) -> list[str]:
    """The lines of a renderable as a 100-column terminal prints them."""
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(renderable)
    return out.getvalue().splitlines()


async def test_shift_i_opens_the_inbox_and_escape_returns(tmp_path: Path) -> None:
    """The recipient takes the terminal, presses I: the message is there, marked new, its
    brackets shown as typed; Escape goes back to the game screen."""
    game, _, b = staged()
    path = tmp_path / "inbox.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await take_the_terminal(pilot)
        assert screen.clan_number == b
        await pilot.press("escape", "I")
        await wait_for_screen(pilot, InboxScreen)
        text = screen_text(app)
        assert "Game turn 1" in text and f"{NEW_MARK}Heard on the radio" in text
        assert WHISPER in text
        assert "Messages  2 new" in text and "First meetings" in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game again")


class InboxHost(App[None]):
    """The inbox alone, over a staged game (snapshots without the hand-over)."""

    def __init__(self, view: ClanView) -> None:
        super().__init__()
        self.view = view

    def on_mount(self) -> None:
        self.push_screen(InboxScreen(self.view))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_inbox_snapshot(size: tuple[int, int], snap_compare: Any) -> None:
    game, _, b = staged()
    assert snap_compare(InboxHost(ClanView(game, b)), terminal_size=size)
