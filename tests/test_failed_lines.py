"""Order lines that fail when their time comes are kept with the save only up to a count, like a
sheet's problems: a sheet of junk cannot grow the save beyond its own size."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.sentences.event_text import event_text
from conquest_tui.storage.savefile import game_from_text, game_to_text

AGENTS_JUNK = "[AGENTS]\n" + "0101\n" * 1999
"""10 KB: 1,999 hexes for agents a new Clan does not have; each line fails at the turn's end."""


def _saved_size(game: object) -> int:
    return len(game_to_text(game).encode("utf-8"))  # type: ignore[arg-type]


def test_a_10_kb_sheet_of_failing_agent_lines_grows_the_save_by_at_most_10_kb() -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="failed-lines")
    before = _saved_size(game)
    clan = game.state.active_clan
    result = run_clan_turn(game, clan, AGENTS_JUNK)
    growth = _saved_size(game) - before
    assert len(AGENTS_JUNK.encode()) <= 10_240
    assert growth <= 10_240, growth
    failed = [p for p in result.problems if p.level == "resolve"]
    assert len(failed) == 1999, "the Clan who submitted reads every problem"
    assert sum(e.kind is EventKind.OVER_LIMIT for e in result.events) == 1999
    saved = game.clan(clan).last_turn.events
    most = game.rules.order_limits.saved_problems_max
    assert sum(e.kind is EventKind.OVER_LIMIT for e in saved) == most
    (summary,) = [e for e in saved if e.kind is EventKind.MORE_FAILED]
    assert summary.facts == {"more": 1999 - most}
    assert event_text(summary) == "…and 1,949 more order lines failed when their time came."


def test_the_capped_turn_loads_and_its_report_reads_the_count() -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="failed-lines")
    clan = game.state.active_clan
    run_clan_turn(game, clan, AGENTS_JUNK)
    loaded = game_from_text(game_to_text(game), "capped")
    report = render_report(build_report(ClanView(loaded, clan)))
    assert "1,949 more order lines failed" in report


def test_a_few_failing_lines_are_all_kept() -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="failed-lines")
    clan = game.state.active_clan
    run_clan_turn(game, clan, "[AGENTS]\n" + "0101\n" * 3)
    saved = game.clan(clan).last_turn.events
    assert sum(e.kind is EventKind.OVER_LIMIT for e in saved) == 3
    assert not [e for e in saved if e.kind is EventKind.MORE_FAILED]
