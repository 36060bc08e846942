"""The replay of the Clan's last turn, pulse by pulse on the map, from what it saw."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.screens.replay import ReplayScreen, replay_frames
from conquest_tui.ui.widgets.map_pane import MapPane
from tests.ui.helpers import take_the_terminal, wait_for_screen, wait_until

from .test_map_lenses import SIZE_IDS, SIZES, played_game


@pytest.fixture(scope="module")
def view() -> ClanView:
    game = played_game()
    return ClanView(game, game.state.clan_order[0])


def test_frames_follow_the_convoy_and_tell_the_attack(view: ClanView) -> None:
    """Start at 0308, then 0307 (5 troops, 6 needed: the commander calls the attack off, AMB-42,
    nothing marked), 0306 (taken, marked), 0405: one frame a pulse."""
    frames = replay_frames(view)
    assert [frame.pulse for frame in frames] == [0, 1, 2, 3]
    assert [frame.convoys for frame in frames] == [
        {"0308": (1,)}, {"0307": (1,)}, {"0306": (1,)}, {"0405": (1,)}]
    assert frames[1].marked == ()
    assert "called the attack off" in frames[1].sentences[1]
    assert frames[2].marked == ("0306",)
    assert frames[2].sentences[0].startswith("Convoy #1 attacked 0306")
    assert all("CC-" not in line for frame in frames for line in frame.sentences)


def test_a_first_turn_has_nothing_to_replay() -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="snapshot")
    assert replay_frames(ClanView(game, game.state.clan_order[0])) == []


class ReplayApp(App[None]):
    def __init__(self, view: ClanView) -> None:
        super().__init__()
        self.view = view

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.view, replay_frames(self.view), autoplay=False))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_replay_snapshot(view: ClanView, snap_compare: Any, size: tuple[int, int]) -> None:
    """Pulse 2: the convoy in 0306, the attack marked, its sentence below the map."""

    async def to_pulse_two(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(ReplayApp(view), terminal_size=size, run_before=to_pulse_two)


async def test_p_plays_the_last_turn_and_escape_ends_it(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """p plays the pulses on its own to the last and stops there; the arrow keys step back
    through them; escape returns to the map. The test waits on what the replay shows, never on
    the clock: a pulse every 20 ms here instead of every 1.2 s, so it runs through at once."""
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    monkeypatch.setattr(ReplayScreen, "SECONDS_PER_PULSE", 0.02)
    path = tmp_path / "replay.json"
    session.save(played_game(), path)
    async with ConquestApp(path, cursor_blink=False).run_test(size=(100, 30)) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("escape", "p")
        replay = await wait_for_screen(pilot, ReplayScreen)
        pane = replay.query_one(MapPane)
        last = len(replay.frames) - 1
        await wait_until(pilot, lambda: replay.index == last and not replay.playing,
                         "the replay to play every pulse and stop at the last")
        assert pane.overlay.own_convoys == {"0405": (1,)}
        await pilot.press("left")
        assert pane.overlay.own_convoys == {"0306": (1,)}
        await pilot.press("left")
        assert pane.overlay.own_convoys == {"0307": (1,)}
        assert not replay.playing
        await pilot.press("escape")
        await wait_for_screen(pilot, GameScreen)
