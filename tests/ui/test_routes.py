"""`m` on the game screen writes a legal path to the map cursor, or says in words why not."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.engine.convoys import movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.sheet_outline import convoy_moves
from conquest_tui.ui.widgets.convoy_pane import ConvoyPane
from conquest_tui.ui.widgets.map_pane import MapPane
from tests.ui.helpers import take_the_terminal, wait_until

START = "0308"
"""Where Clan one's convoy #1 (land, Capture mode) stands on test_small, seed "snapshot"."""


@pytest.fixture
def save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    path = tmp_path / "routes.json"
    session.save(session.new_game(map_name="test_small", clans=2, seed="snapshot"), path)
    return path


async def press_m_at(pilot: Pilot[int], screen: GameScreen, target: str) -> None:
    pane = screen.query_one("#map", MapPane)
    pane.focus()
    pane.cursor = target
    await pilot.press("m")
    await pilot.pause()


def last_notice(pilot: Pilot[int]) -> str:
    notices = list(pilot.app._notifications)  # noqa: SLF001 - what the toast shows
    return notices[-1].message if notices else ""


def written_path(screen: GameScreen) -> list[str]:
    """The hexes the convoy's written moves enter, each checked against the entry rules."""
    game = screen.app.session.referee().game
    convoy = game.convoy(screen.clan_number, 1)
    assert convoy is not None
    here, hexes = convoy.hex, []
    for move in convoy_moves(screen.sheet_pane.text, game.rules, 1):
        there = hexgrid.neighbor(here, move.direction) if move.direction else move.target
        assert there is not None
        assert movement.entry_problem(game, convoy.convoy_type, here, there) is None, there
        hexes.append(there)
        here = there
    return hexes


async def test_m_writes_only_legal_paths_and_says_why_not_cc_move_02_04_cc_ter_15(
        save: Path) -> None:
    """Water and an island without a road: nothing written, words why (no rule ids). The
    island 0206, reached only by the road 0307–0306–0206: its path written and drawn,
    numbered by pulse. Then a hex past the moves left: the first moves of the way, as far as
    this turn goes, and how far it still is."""
    async with ConquestApp(save, cursor_blink=False).run_test(size=(100, 30)) as pilot:
        screen = await take_the_terminal(pilot)
        convoy = screen.query_one(ConvoyPane).selected_convoy
        assert convoy is not None and convoy.hex == START
        before = screen.sheet_pane.text
        for target, words in (
            ("0101", "Convoy #1 cannot reach 0101: it is on the water, where a land convoy "
                     "cannot go."),
            ("1512", "Convoy #1 cannot reach 1512: islands are reached only along a road, and "
                     "no road you know leads there."),
        ):
            await press_m_at(pilot, screen, target)
            assert screen.sheet_pane.text == before
            assert last_notice(pilot) == words
            assert "CC-" not in last_notice(pilot)

        await press_m_at(pilot, screen, "0206")
        assert written_path(screen) == ["0307", "0306", "0206"]
        await wait_until(pilot, lambda: screen.map_pane.overlay.route, "the route drawn")
        route = screen.map_pane.overlay.route
        assert [route[h].label for h in ("0307", "0306", "0206")] == ["1", "2", "3"]
        assert all(mark.capture for mark in route.values())  # Capture mode attacks each hex
        assert str(screen.map_pane.border_subtitle).startswith(
            f"Convoy #1: 3 of {convoy.moves} moves, ")

        await press_m_at(pilot, screen, "0601")
        path = written_path(screen)
        assert path[:3] == ["0307", "0306", "0206"] and len(path) == convoy.moves
        assert last_notice(pilot).startswith("Convoy #1 heads for 0601: ")
        assert f"to {path[-1]}, as far as it goes this turn ({convoy.moves - 3} moves); " \
            in last_notice(pilot)
        assert last_notice(pilot).endswith("to go.")

        await press_m_at(pilot, screen, "1609")
        assert written_path(screen) == path
        assert last_notice(pilot).startswith("Convoy #1 cannot reach 1609 this turn: it is ")
        assert last_notice(pilot).endswith("away and has 0 moves left.")
