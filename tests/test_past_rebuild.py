"""Past reports a save no longer keeps, rebuilt by replaying its sheets (issue 26 save growth,
issue 31): the history still shows every report each Clan read after its turn (CC-SEQ-13),
byte for byte, and only through the Clan's own seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import cli, session
from conquest_tui.engine.core.game import Game
from conquest_tui.session.bot_turns import play_bot_turn
from conquest_tui.session.past_rebuild import NOT_REBUILT
from conquest_tui.storage import past_reports
from conquest_tui.storage.sheet_log import log_of, pack_turn, unpack_turn


@pytest.fixture(scope="module")
def played() -> Game:
    """A game of three bots on the small map, eight game turns played (kept in memory: every
    report's text as each Clan read it)."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="rebuild",
                            turn_limit=8)
    while not game.state.finished:
        play_bot_turn(game)
    return game


@pytest.fixture
def saved(played: Game, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    session.save(played, path)
    return path


def test_a_save_keeps_only_the_last_game_turns_reports(played: Game, saved: Path) -> None:
    loaded = session.load(saved)
    newest = played.state.clans[0].past_reports[-1].game_turn
    for clan in loaded.state.clans:
        kept = [past.game_turn for past in clan.past_reports
                if not past.text.startswith("This report is rebuilt")]
        assert kept == list(range(newest - past_reports.WINDOW + 1, newest + 1))
        assert [past.summary for past in clan.past_reports] == \
            [past.summary for past in played.clan(clan.number).past_reports]


def test_every_old_report_is_rebuilt_as_the_clan_read_it(played: Game, saved: Path) -> None:
    table = session.Session.open(saved)
    for clan in played.state.clans:
        seat = table.open_seat(clan.number)
        for past in clan.past_reports:
            assert seat.past_report(past.game_turn) == past.text
        assert not seat.report_kept(1) and seat.report_kept(clan.past_reports[-1].game_turn)
    assert table.open_seat(played.state.clans[0].number).past_report(99) == ""


def test_a_rebuild_that_fails_its_digests_says_so_for_those_turns(
        played: Game, saved: Path) -> None:
    game = session.load(saved)
    log = log_of(game.state)
    assert log is not None
    entries = unpack_turn(log.turns[3], "test")  # game turn 4 as if the rules changed since
    entries[-1].digest = "f" * 16
    log.turns[3] = pack_turn(entries)
    table = session.Session(game)
    clan = game.state.clans[0].number
    seat = table.open_seat(clan)
    original = played.clan(clan)
    assert seat.past_report(2) == original.past_reports[1].text
    assert seat.past_report(4) == NOT_REBUILT
    assert seat.past_report(5) == NOT_REBUILT
    assert seat.past_report(8) == original.past_reports[7].text  # kept in the save


def test_conquest_history_prints_an_old_report_rebuilt(
        played: Game, saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clan = played.state.clans[1]
    assert cli.main(["history", str(saved), "--clan", str(clan.number), "--turn", "2",
                     "--rules"]) == 0
    assert capsys.readouterr().out == clan.past_reports[1].text
