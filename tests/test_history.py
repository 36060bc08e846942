"""History (issue 16): every past report kept and read back, the turn log, per-turn figures,
what a Clan may see of them, and `conquest history`."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import cli, session
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Clan, Event, PastReport
from conquest_tui.engine.reports import past_reports
from conquest_tui.engine.reports.history import build_history, final_standings
from conquest_tui.engine.reports.turn_log import summary
from conquest_tui.pins.hashing import hash_pin
from conquest_tui.storage import past_reports as packing
from conquest_tui.storage.converter import structure, unstructure


def played(turns: int = 2, *, limit: int = 0, pins: list[str] | None = None) -> session.Session:
    """Two human Clans on the test map, `turns` game turns played with empty sheets."""
    game = session.new_game(map_name="test_small", clans=2, seed="history", turn_limit=limit,
                            pin_hashes=pins)
    table = session.Session(game)
    for _ in range(turns * 2):
        if game.state.finished:
            break
        clan = game.state.active_clan
        table.open_seat(clan, "1234" if table.seat_info(clan).has_pin else None).submit("")
    return table


def test_every_past_report_is_kept_and_reads_back_as_it_was_read() -> None:
    game = session.new_game(map_name="test_small", clans=2, seed="history")
    table = session.Session(game)
    first = game.state.active_clan
    outcome = table.open_seat(first).submit("[PRE]\nBUY 5 FOOD\n")
    read_then = outcome.report
    table.open_seat(game.state.active_clan).submit("")
    table.open_seat(first).submit("")
    history = table.open_seat(first).history()
    assert [t.game_turn for t in history.turns] == [1, 2]
    turn1 = history.turn(1)
    assert turn1 is not None
    assert "Game turn 1" in turn1.text and "Bought 5 food" in turn1.text
    assert f"Popularity {read_then.popularity}" in turn1.text
    assert history.turn(3) is None


def test_past_reports_survive_a_save_and_load(tmp_path: Path) -> None:
    table = played(2)
    path = tmp_path / "game.json"
    table.path = path
    table.save()
    again = session.Session.open(path)
    for clan in table.referee().game.state.clan_order:
        assert again.open_seat(clan).history().turns == table.open_seat(clan).history().turns
    assert again.referee().game.state.turn_figures == table.referee().game.state.turn_figures


def test_reports_are_kept_as_read_and_packed_by_the_save_against_the_one_before() -> None:
    """The engine keeps each report as the text the Clan read; the save writes it packed (zlib
    against the report before, a keyframe every 8) and gives the same text back."""
    clan = Clan(number=1, name="Test")
    texts = [f"Report {n}\n" + "the same long line of the hex list\n" * 40 + f"end {n}\n"
             for n in range(1, 20)]
    for turn, text in enumerate(texts, start=1):
        past_reports.archive(clan, turn, f"turn {turn}", text)
    assert [p.text for p in past_reports.read_all(clan)] == texts
    assert [p.text for p in clan.past_reports] == texts, "the engine keeps plain records"
    written = unstructure(clan.past_reports, list[PastReport])
    assert set(written) == {"game_turn", "summary", "packed"}, "the save's layout is unchanged"
    assert len(written["packed"][3]) < len(packing.pack(texts[3])), "packed against the one before"
    assert written["packed"][8] == packing.pack(texts[8]), "every 8th on its own"
    assert structure(written, list[PastReport], "past_reports") == clan.past_reports
    past_reports.archive(clan, 19, "again", "replaced\n")
    assert len(clan.past_reports) == 19 and past_reports.read_turn(clan, 19).text == "replaced\n"


def test_a_load_leaves_past_reports_packed_until_the_history_is_read() -> None:
    """Loading a game does not unpack its past reports (they are most of a late save); saving
    it again writes them as they were read, and the history still reads every one."""
    clan = Clan(number=1, name="Test")
    texts = [f"Report {n}\n" + "a line of the hex list\n" * 30 for n in range(1, 12)]
    for turn, text in enumerate(texts, start=1):
        past_reports.archive(clan, turn, f"turn {turn}", text)
    written = unstructure(clan.past_reports, list[PastReport])
    loaded = structure(written, list[PastReport], "past_reports")
    assert not any(isinstance(report.kept, str) for report in loaded)
    assert unstructure(loaded, list[PastReport]) == written
    assert all(isinstance(report.kept, packing.PackedText) and report.kept.unread()
               for report in loaded), "nothing was unpacked"
    loaded.append(PastReport(12, "turn 12", "Report 12\n"))
    again = unstructure(loaded, list[PastReport])
    assert again["packed"][:11] == written["packed"]
    assert [report.text for report in structure(again, list[PastReport], "past_reports")] == [
        *texts, "Report 12\n"]


def test_a_damaged_past_report_loads_as_unreadable_not_a_refused_save() -> None:
    clan = Clan(number=1, name="Test")
    for turn in (1, 2, 3):
        past_reports.archive(clan, turn, f"turn {turn}", f"report {turn}\n")
    written = unstructure(clan.past_reports, list[PastReport])
    written["packed"][1] = "not packed at all"
    loaded = structure(written, list[PastReport], "past_reports")
    assert [p.text for p in loaded] == ["report 1\n", past_reports.UNREADABLE,
                                        past_reports.UNREADABLE]


def test_turn_log_names_the_main_events() -> None:
    events = [
        Event(clan=1, phase="income", kind=EventKind.INCOME, rule="",
              facts={"amounts": (("money", 12_400), ("food", 40))}),
        Event(clan=1, phase="pulses", kind=EventKind.CITY_CAPTURED, rule="",
              facts={"city": "Eastreach", "hex": "0304"}),
        Event(clan=1, phase="pulses", kind=EventKind.HEX_CAPTURED, rule="", facts={"hex": "0305"}),
        Event(clan=1, phase="pulses", kind=EventKind.SUNK, rule="",
              facts={"convoy": 2, "hex": "0101"}),
        Event(clan=1, phase="between", kind=EventKind.CONVOY_BATTLE, rule="",
              facts={"convoy": 3, "why": "destroyed"}),
        Event(clan=1, phase="between", kind=EventKind.HEX_LOST, rule="", facts={"hex": "0306"}),
    ]
    assert summary(events) == ("took Eastreach; took 1 hex; lost 1 hex; 1 battle; convoy #2 sank; "
                               "lost convoy #3; income $12,400")


def test_figures_are_recorded_at_every_game_turn_end_cc_rpt_09() -> None:
    table = played(2)
    state = table.referee().game.state
    assert [(f.game_turn, f.clan) for f in state.turn_figures] == [
        (turn, clan) for turn in (1, 2) for clan in state.clan_order]
    last = [f for f in state.turn_figures if f.game_turn == 2]
    for figures in last:
        clan = table.referee().game.clan(figures.clan)
        assert figures.popularity == clan.popularity
        assert figures.hexes == sum(h.owner == clan.number for h in state.hexes)
        assert figures.income > 0


def test_during_the_game_a_clan_sees_only_its_own_series_and_reports() -> None:
    table = played(2)
    a, b = table.referee().game.state.clan_order
    history = table.open_seat(a).history()
    assert set(history.series) == {a} and set(history.names) == {a}
    assert all(f"Clan {b} (" not in t.text.splitlines()[0] for t in history.turns)
    assert all(f"report for Clan {a} " in t.text for t in history.turns)


def test_at_the_end_everyone_s_series_show_and_resigned_clans_keep_history() -> None:
    table = played(3, limit=2)
    game = table.referee().game
    a, b = game.state.clan_order
    assert game.state.finished
    history = build_history(game, a)
    assert set(history.series) == {a, b}
    assert [p[0] for p in history.series[b]["popularity"]] == [1, 2]
    rows = final_standings(game)
    assert [row.rank for row in rows] == [1, 2] and any(row.winner for row in rows)


def test_resigned_clan_keeps_its_history() -> None:
    game = session.new_game(map_name="test_small", clans=3, seed="history")
    table = session.Session(game)
    first = game.state.active_clan
    table.open_seat(first).submit("")
    table.open_seat(game.state.active_clan).submit("")
    table.open_seat(game.state.active_clan).submit("")
    table.open_seat(first).resign()
    assert [t.game_turn for t in table.open_seat(first).history().turns] == [1]


def test_conquest_history_prints_the_log_and_a_turn(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    table = played(2)
    path = tmp_path / "game.json"
    session.save(table.referee().game, path)
    clan = table.referee().game.state.clan_order[0]
    assert cli.main(["history", str(path), "--clan", str(clan)]) == 0
    log = capsys.readouterr().out.splitlines()
    assert log[0].startswith("Turn 1: ") and log[1].startswith("Turn 2: ") and "income $" in log[0]
    assert cli.main(["history", str(path), "--clan", str(clan), "--turn", "2"]) == 0
    text = capsys.readouterr().out
    assert "Game turn 2" in text and "(CC-" not in text
    assert cli.main(["history", "--save", str(path), "--clan", str(clan), "--turn", "9"]) == 1
    assert "no report of game turn 9" in capsys.readouterr().err


def test_conquest_history_asks_for_the_pin_like_report(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    table = played(1, pins=[hash_pin("1234"), ""])
    path = tmp_path / "game.json"
    session.save(table.referee().game, path)
    clan = next(c.number for c in table.referee().game.state.clans if c.pin_hash)
    assert cli.main(["history", str(path), "--clan", str(clan)]) == 2
    assert "PIN" in capsys.readouterr().err
    assert cli.main(["history", str(path), "--clan", str(clan), "--pin", "1234"]) == 0


def test_a_save_whose_figures_name_no_clan_is_refused_naming_the_field(tmp_path: Path) -> None:
    table = played(1)
    table.referee().game.state.turn_figures[1].clan = 999
    path = tmp_path / "damaged.json"
    session.save(table.referee().game, path)
    with pytest.raises(session.SessionError, match=r"state\.turn_figures.*clan.*999"):
        session.load(path)
