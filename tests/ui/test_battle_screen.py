"""Replaying a battle of the report round by round: the b key, the picker, the battle screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.paper.battle_rounds import has_rounds
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.battle import BattlePicker, BattleScreen
from conquest_tui.ui.screens.report import ReportScreen
from tests.ui.helpers import screen_text, take_the_terminal, wait_for_screen, wait_until

SHEET = "[CONVOY 1]\nHUNT\n"
"""The active Clan's convoy hunts both enemy convoys standing in its hex: two battles."""


def _war(seed: str) -> Game:
    """Three Clans; the second and third Clans' convoys stand in the first Clan's convoy's hex."""
    game = session.new_game(map_name="test_small", clans=3, seed=seed)
    first, *others = game.state.clan_order
    hunter = game.convoys_of(first)[0]
    hunter.vehicles, hunter.troops = {"truck": 3, "car": 2}, 20
    for clan in others:
        prey = game.convoys_of(clan)[0]
        game.move_convoy(prey, hunter.hex)
        prey.hidden, prey.troops = False, 6
        prey.vehicles = {"truck": 3, "car": 2}
        game.clan(clan).stock.parts = 100
    game.clan(first).stock.parts = 100
    return game


async def test_b_replays_a_battle_of_the_report_round_by_round_cc_cbv_10(tmp_path: Path) -> None:
    """b lists the report's two battles; Enter opens one: before the battle, → a round with
    the tally after it, End the last round, ← back, Home the start; Escape returns."""
    game = _war("replay-app")
    game.clan(game.state.active_clan).draft_sheet = SHEET
    path = tmp_path / "replay.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("f5", "y")
        report = await wait_for_screen(pilot, ReportScreen)
        assert len(report.battles) == 2
        await pilot.press("b")
        picker = await wait_for_screen(pilot, BattlePicker)
        assert "Replay which battle?" in screen_text(app)
        assert all(name in screen_text(app) for name in picker.titles)
        await pilot.press("enter")
        battle = await wait_for_screen(pilot, BattleScreen)
        assert battle.event is report.battles[0] and battle.rounds > 1
        text = screen_text(app)
        assert "Before" in text and "Press → or Space for the first round." in text
        assert "Your convoy #1" in text and "Troops" in text and "Vehicles" in text
        await pilot.press("right")
        await wait_until(pilot, lambda: battle.at == 1, "round 1")
        text = screen_text(app)
        assert f"Round 1 of {battle.rounds}" in text and "Round 1: you dealt" in text
        assert "After round 1" in text
        await pilot.press("end")
        await wait_until(pilot, lambda: battle.at == battle.rounds, "the last round")
        last = battle.moments[-1]
        assert last.sentence.split(";")[0] in screen_text(app).replace("\n", " ")
        await pilot.press("space")  # past the end: stays on the last round
        await pilot.press("left", "home")
        await wait_until(pilot, lambda: battle.at == 0, "back before the battle")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is report, "the report again")


async def test_no_battle_no_b_key(tmp_path: Path) -> None:
    """A report without a battle offers no b key (and pressing it does nothing)."""
    game = session.new_game(map_name="test_small", clans=2, seed="replay-none")
    path = tmp_path / "none.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await take_the_terminal(pilot)
        await pilot.press("f5", "y")
        report = await wait_for_screen(pilot, ReportScreen)
        assert not report.battles and "Battles" not in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is report


class _BattleHost(App[None]):
    """The battle screen alone, over a real battle."""

    def __init__(self, event: Event) -> None:
        super().__init__()
        self.event = event

    def on_mount(self) -> None:
        self.push_screen(BattleScreen(self.event))


def _battle_event() -> Event:
    game = _war("replay-snapshot")
    result = run_clan_turn(game, game.state.active_clan, SHEET)
    return next(e for e in result.events
                if e.kind is EventKind.CONVOY_BATTLE and has_rounds(e))


def test_battle_screen_snapshot_80x24(snap_compare: Any) -> None:
    async def two_rounds(pilot: Pilot[None]) -> None:
        screen = await wait_for_screen(pilot, BattleScreen)
        await pilot.press("right", "right")
        await wait_until(pilot, lambda: screen.at == min(2, screen.rounds), "round 2")

    assert snap_compare(_BattleHost(_battle_event()), terminal_size=(80, 24),
                        run_before=two_rounds)
