"""What an idle Clan suffered is the first thing it reads: its report and its first screen
(CC-SEQ-16, CC-GEN-04)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.screens.since_last_turn import SinceLastTurnScreen
from tests.ui.helpers import wait_for_screen


def raided() -> tuple[Game, int, int]:
    """Clan A's strong convoy drives south into Clan B's home hex (its convoy and its city)."""
    game = session.new_game(map_name="test_small", clans=2, seed="war")
    raider, victim = game.state.clan_order
    convoy = game.convoy(raider, 1)
    assert convoy is not None and game.convoy(victim, 1) is not None
    assert game.convoy(victim, 1).hex == "1609"  # type: ignore[union-attr]
    game.move_convoy(convoy, "1608")
    convoy.start_hex = "1608"
    convoy.vehicles, convoy.troops = {"truck": 2, "car": 2}, 40
    run_clan_turn(game, raider, "[CONVOY 1]\nS\n")
    return game, raider, victim


def test_the_idle_clan_reads_its_lost_battle_first_cc_seq_16_cc_gen_04() -> None:
    game, raider, victim = raided()
    since = ClanView(game, victim).since_last_turn()
    kinds = [event.kind for event in since]
    assert EventKind.MET_CLAN in kinds and all(event.actor == raider for event in since)
    text = render_report(build_report(ClanView(game, victim)))
    head = text.split("STATUS")[0]
    assert "SINCE YOUR LAST TURN" in head
    assert f"Clan {raider}'s convoy #1 attacked your convoy #1 in 1609" in head
    run_clan_turn(game, victim, "")
    after = build_report(ClanView(game, victim))
    assert all(event.actor != raider for event in after.since_last_turn)  # read: gone
    assert [e.kind for e in after.events[:len(kinds)]] == kinds  # then first in its turn


async def test_the_first_screen_of_the_idle_clan_says_what_happened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    game, raider, victim = raided()
    path = tmp_path / "raid.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # the hand-over screen of the raided Clan
        screen = await wait_for_screen(pilot, SinceLastTurnScreen)
        assert any(f"Clan {raider}'s convoy #1 attacked your convoy #1" in sentence
                   for sentence in screen.sentences)
        await pilot.press("enter")
        await wait_for_screen(pilot, GameScreen)  # the turn, under the closed dialog
