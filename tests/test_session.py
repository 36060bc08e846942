"""The one turn path (session.Session): check, submit, bots, resign, saves, as players see it."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.session import NotYourTurn, Session, SessionError


@pytest.fixture
def table(tmp_path: Path) -> Session:
    """Two humans and one bot (the bot seat plays last in each game turn)."""
    game = session.new_game(map_name="test_small", clans=3, bots=1, seed="session")
    bot = next(c.number for c in game.state.clans if c.seat == "bot")
    game.state.clan_order.remove(bot)
    game.state.clan_order.append(bot)
    table = Session(game, tmp_path / "saves" / "game.json")
    table.save()
    return table


def humans(table: Session) -> list[int]:
    return [seat.number for seat in table.seats() if not seat.is_bot]


def test_cc_seq_01_submit_runs_the_turn_reports_it_and_saves(table: Session) -> None:
    first, second = humans(table)
    outcome = table.open_seat(first).submit("[PRE]\nENLIST 5\n")
    assert outcome.result.clan == first and outcome.result.events
    assert outcome.report.clan == first
    assert outcome.handover.next_clan == second and not outcome.handover.bot_turns
    assert outcome.handover.note == "" and outcome.handover.save_error == ""
    assert Session.open(table.path).referee().game.state.active_clan == second  # type: ignore[arg-type]


def test_the_player_who_submits_reads_every_problem_the_save_keeps_the_first(
        table: Session) -> None:
    """A sheet of 300 bad lines: the report right after the turn lists all 300; the save keeps
    the first problems and one line counting the rest (so junk cannot bloat the save)."""
    first, _ = humans(table)
    outcome = table.open_seat(first).submit("[PRE]\n" + "NONSENSE\n" * 300)
    assert len(outcome.report.problems) == 300
    kept = Session.open(table.path).open_seat(first).report().problems  # type: ignore[arg-type]
    most = table.referee().game.rules.order_limits.saved_problems_max
    assert len(kept) == most + 1 < 300


def test_cc_seq_01_a_turn_out_of_turn_is_refused(table: Session) -> None:
    _, second = humans(table)
    with pytest.raises(NotYourTurn, match="turn"):
        table.open_seat(second).submit("[PRE]\n")
    with pytest.raises(NotYourTurn, match="turn"):
        table.open_seat(second).resign()


def test_the_last_human_turn_hands_over_through_the_bot_seat(table: Session) -> None:
    first, second = humans(table)
    table.open_seat(first).submit("[PRE]\n")
    outcome = table.open_seat(second).submit("[PRE]\n")
    bot = outcome.handover.bot_turns
    assert [turn.clan for turn in bot] == [table.referee().game.state.clan_order[-1]]
    assert bot[0].sentence.startswith(f"Bot Clan {bot[0].clan} (")
    assert outcome.handover.note == "Game turn 1 is over."
    assert outcome.handover.next_clan == first
    saved = Session.open(table.path)  # type: ignore[arg-type]
    assert saved.game_turn == 2 and saved.active_clan == first


def test_play_bots_saves_only_when_a_bot_played(table: Session) -> None:
    before = table.path.read_text()  # type: ignore[union-attr]
    assert table.play_bots().bot_turns == ()
    assert table.path.read_text() == before  # type: ignore[union-attr]


def test_cc_gen_11_resign_hands_the_turn_on_and_saves(table: Session) -> None:
    first, second = humans(table)
    handover = table.open_seat(first).resign()
    assert handover.next_clan == second
    assert Session.open(table.path).referee().game.clan(first).resigned  # type: ignore[arg-type]


def test_check_lists_problems_without_running_the_sheet(table: Session) -> None:
    first, _ = humans(table)
    problems = table.open_seat(first).check("[PRE]\nFROB\n")
    assert [p.line for p in problems] == [2]
    assert table.referee().game.state.active_clan == first


def test_keep_draft_is_saved_with_the_game(table: Session) -> None:
    first, _ = humans(table)
    table.open_seat(first).keep_draft("[PRE]\nENLIST 3\n")
    table.save()
    assert "ENLIST 3" in Session.open(table.path).referee().game.clan(first).draft_sheet  # type: ignore[arg-type]


def test_an_unknown_clan_is_one_sentence_listing_the_clans(table: Session) -> None:
    with pytest.raises(SessionError, match=r"there is no Clan 1 in this game; the Clans are \d"):
        table.open_seat(1).report()


def test_a_save_that_cannot_be_read_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(SessionError, match="broken.json"):
        Session.open(path)


def test_a_failed_autosave_is_reported_and_the_turn_stands(table: Session,
                                                           tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    table.path = blocker / "game.json"  # its folder is a file: the save must fail
    first, second = humans(table)
    outcome = table.open_seat(first).submit("[PRE]\n")
    assert "game.json" in outcome.handover.save_error
    assert table.referee().game.state.active_clan == second
