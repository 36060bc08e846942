"""Play by mail (issue 29): packets, signed sheet forms read back, acknowledgements, the
moderator's run in the Clans' order, and the rulebook's late turns (CC-GEN-03, CC-GEN-11,
CC-RPT-10, CC-RPT-11, CC-SEQ-01)."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from conquest_tui.bots import write_sheet
from conquest_tui.cli import main
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.pins.hashing import hash_pin
from conquest_tui.session import Session
from conquest_tui.storage.savefile import checksum_of, game_to_text, load_game

SECTION_HEADINGS = {"[PRE]": "Pre-turn Clan Orders:", "[POST]": "Post-turn Clan Orders:",
                    "[AGENTS]": "Agent Destinations:"}


def new_mail_game(folder: Path, clans: int = 3, **setup: object) -> tuple[Path, list[int]]:
    """A seeded game saved in `folder`, and its Clans in their order."""
    path = folder / "mail.json"
    table = Session.new(path, map_name="test_small", clans=clans, seed="mail", **setup)
    return path, [info.number for info in table.seats()]


def packet(path: Path, clan: int, *extra: str) -> Path:
    """`conquest packet`: the Clan's sheet form's path."""
    assert main(["packet", str(path), "--clan", str(clan), *extra]) == 0
    return form_of(path, clan)


def form_of(path: Path, clan: int) -> Path:
    """The newest sheet form of the Clan in the save's packet folder."""
    folder = path.with_name(f"{path.stem}-mail")
    forms = sorted(folder.glob(f"clan-{clan}-turn-*-sheet.txt"),
                   key=lambda found: int(found.name.split("-")[3]))
    return forms[-1]


def fill(form: str, sheet: str) -> str:
    """The form with a plain sheet's orders written on its numbered blank lines, section by
    section, as a player fills it in by hand."""
    wanted: dict[str, list[str]] = {}
    heading = ""
    for raw in sheet.splitlines():
        line = raw.split(";", 1)[0].strip() if '"' not in raw else raw.strip()
        if not line:
            continue
        if line.startswith("[CONVOY"):
            heading = f"#{int(line.strip('[]').split()[1])}"
        elif line in SECTION_HEADINGS:
            heading = SECTION_HEADINGS[line]
        else:
            wanted.setdefault(heading, []).append(line)
    out: list[str] = []
    heading = ""
    for line in form.splitlines():
        text = line.strip()
        convoy = re.match(r"ORDERS FOR [A-Z]+ CONVOY (#\d+) ", text)
        if convoy:
            heading = convoy.group(1)
        elif text in SECTION_HEADINGS.values():
            heading = text
        elif "______" in text and wanted.get(heading):
            line = line.replace("______", wanted[heading].pop(0), 1)
        out.append(line)
    assert not any(wanted.values()), f"the form has too few lines for {wanted}"
    return "\n".join(out) + "\n"


def stampless_checksum(path: Path) -> str:
    """The save's checksum as the game writes it with no stamp: the same game, the same sum
    (the stamp counts the writes, which differ between the two ways of playing)."""
    text = game_to_text(load_game(path))
    return checksum_of(text[text.index('"data": ') + 8:].rsplit("}", 1)[0], {})


def test_a_game_by_mail_ends_as_the_same_game_played_at_the_keyboard(tmp_path: Path) -> None:
    """Three game turns of three Clans by packet, filled-in form, accept (in a shuffled
    order) and moderate give the save that hot-seat play of the same sheets gives
    (CC-GEN-03: turns run in the Clans' order whatever order the sheets came in)."""
    path, clans = new_mail_game(tmp_path)
    forms = {clan: packet(path, clan) for clan in clans}
    hot = tmp_path / "hot.json"
    shutil.copy(path, hot)
    played: list[list[tuple[int, str]]] = []
    for game_turn in (1, 2, 3):
        game = Session.open(path).referee().game
        assert game.state.game_turn == game_turn
        sheets = {}
        for clan in clans:
            form = forms[clan]
            assert f"-turn-{game_turn}-" in form.name
            text = fill(form.read_text(encoding="utf-8"),
                        write_sheet(ClanView(game, clan), "normal"))
            sheets[clan] = form.with_name(form.name.replace("-sheet", "-filled"))
            sheets[clan].write_text(text, encoding="utf-8")
        arrival = list(clans)
        random.Random(game_turn).shuffle(arrival)
        for clan in arrival:
            assert main(["accept", str(path), str(sheets[clan])]) == 0
        assert main(["moderate", str(path)]) == 0
        order = Session.open(hot).referee().game.state.clan_order
        played.append([(clan, sheets[clan].read_text(encoding="utf-8")) for clan in order])
        forms = {clan: form_of(path, clan) for clan in clans}
    for turn in played:
        for clan, text in turn:
            table = Session.open(hot)
            table.open_seat(clan).submit(text)
    mailed = load_game(path)
    assert mailed.state.game_turn == 4
    assert [(run.game_turn, run.clan, run.arrival) for run in mailed.state.mail.runs] == [
        (turn, clan, "on time") for turn in (1, 2, 3) for clan in mailed.state.clan_order]
    assert mailed.state.mail.sheets == []
    assert {clan.number: clan.last_turn.sheet for clan in mailed.state.clans} == dict(played[2])
    assert stampless_checksum(path) == stampless_checksum(hot)


@pytest.fixture
def mail_game(tmp_path: Path) -> tuple[Path, list[int], dict[int, Path]]:
    """A three-Clan game whose packets were made."""
    path, clans = new_mail_game(tmp_path)
    return path, clans, {clan: packet(path, clan) for clan in clans}


def refused(path: Path, sheet: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Accept a sheet that must be refused: exit 1, one sentence, the save untouched."""
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["accept", str(path), str(sheet)]) == 1
    assert path.read_bytes() == before
    return capsys.readouterr().out


def test_a_sheet_whose_signature_game_or_turn_is_wrong_is_refused(
        mail_game: tuple[Path, list[int], dict[int, Path]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Refused with a sentence, nothing kept (exit 1): a changed Clan line, a form of another
    game, a form of a turn that already ran."""
    path, clans, forms = mail_game
    form = forms[clans[0]].read_text(encoding="utf-8")
    forged = tmp_path / "forged.txt"
    forged.write_text(form.replace(f"Clan: {clans[0]} ", f"Clan: {clans[1]} "), "utf-8")
    said = refused(path, forged, capsys)
    assert "refused, nothing was kept: the signature does not match" in said

    other, _ = new_mail_game(tmp_path / "other")
    stranger = packet(other, clans[0])
    assert "not of this game" in refused(path, stranger, capsys)

    blank = tmp_path / "blank.txt"
    blank.write_text("[PRE]\nENLIST 5\n", "utf-8")
    assert "not a sheet form from a packet" in refused(path, blank, capsys)

    for clan in clans:
        assert main(["accept", str(path), str(forms[clan])]) == 0
    assert main(["moderate", str(path)]) == 0
    said = refused(path, forms[clans[0]], capsys)
    assert "for game turn 1, which already ran: its coming turn is game turn 2" in said
    assert load_game(path).state.mail.sheets == []


def test_a_later_sheet_replaces_the_earlier_one_and_the_acknowledgement_says_what_was_read(
        mail_game: tuple[Path, list[int], dict[int, Path]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The second sheet of a Clan replaces its first; the acknowledgement names the Clan,
    the turn, the lines read and the check's problems by the form's line numbers."""
    path, clans, forms = mail_game
    form = forms[clans[0]].read_text(encoding="utf-8")
    first = tmp_path / "first.txt"
    first.write_text(fill(form, "[PRE]\nENLIST 5\n[CONVOY 1]\nFLY\n"), "utf-8")
    capsys.readouterr()
    assert main(["accept", str(path), str(first)]) == 0
    said = capsys.readouterr().out
    bad_line = first.read_text("utf-8").splitlines().index("   1. FLY") + 1
    assert (f"accepted the sheet of Clan {clans[0]} (" in said
            and "for game turn 1: 2 order lines read, 1 problem found." in said)
    assert f"line {bad_line}: " in said
    second = tmp_path / "second.txt"
    second.write_text(fill(form, "[PRE]\nENLIST 7\n"), "utf-8")
    assert main(["accept", str(path), str(second)]) == 0
    said = capsys.readouterr().out
    assert "1 order line read, 0 problems found (it replaces the sheet that came before)." \
        in said
    kept = load_game(path).state.mail.sheets
    assert [(sheet.clan, sheet.text) for sheet in kept] == [(clans[0], second.read_text("utf-8"))]


def test_at_the_deadline_a_late_turn_runs_after_the_others_and_a_second_miss_drops_the_clan(
        mail_game: tuple[Path, list[int], dict[int, Path]],
        capsys: pytest.CaptureFixture[str]) -> None:
    """CC-GEN-03: a late turn runs after all the others when it comes; more than a turn
    behind, the Clan is dropped (CC-GEN-11, CC-SEQ-14); the Clans' order comes back for the
    next turn."""
    path, clans, forms = mail_game
    first, second, third = clans
    assert main(["accept", str(path), str(forms[second]), str(forms[third])]) == 0
    assert main(["moderate", str(path)]) == 0
    assert "Waiting for the sheets of Clan" in capsys.readouterr().out
    assert load_game(path).state.game_turn == 1
    assert main(["moderate", str(path), "--deadline"]) == 0
    said = capsys.readouterr().out
    assert "sent no sheet for game turn 1 by the deadline: its turn runs after all the " \
           "others" in said
    game = load_game(path)
    assert game.state.clan_order == [second, third, first]
    assert game.state.active_clan == first and game.state.game_turn == 1
    assert main(["accept", str(path), str(forms[first])]) == 0
    assert main(["moderate", str(path)]) == 0
    game = load_game(path)
    assert game.state.game_turn == 2
    assert game.state.clan_order == clans
    assert [(run.clan, run.arrival) for run in game.state.mail.runs] == [
        (first, "waiting"), (second, "on time"), (third, "on time"), (first, "late")]

    for clan in (first, third):
        assert main(["accept", str(path), str(form_of(path, clan))]) == 0
    assert main(["moderate", str(path), "--deadline"]) == 0
    assert main(["moderate", str(path), "--deadline"]) == 0
    said = capsys.readouterr().out
    assert "by a second deadline: more than a turn behind, it is dropped" in said
    game = load_game(path)
    assert game.clan(second).resigned and game.state.game_turn == 3

    # The save's sheet log holds the late turn and the drop: a replay (old reports rebuilt)
    # plays them as the moderator did, the Clans' order and every report the same.
    from conquest_tui.session.replay import logged_turns, opening_game, play_logged

    logged = logged_turns(game)
    assert {"late", "dropped"} <= {entry.kind for entry in logged}
    rebuilt = opening_game(game)
    play_logged(rebuilt, logged)
    assert rebuilt.state.clan_order == game.state.clan_order
    for clan in game.state.clans:
        assert [past.text for past in rebuilt.clan(clan.number).past_reports] == \
            [past.text for past in clan.past_reports]


def test_a_packet_opens_only_behind_the_seats_pin(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The packet is the seat's: without its PIN nothing is written; the moderator's run
    leaves that Clan's packet to its seat."""
    path, _ = new_mail_game(tmp_path, clans=2, pin_hashes=[hash_pin("1357"), ""])
    seats = Session.open(path).seats()
    clans = [info.number for info in sorted(seats, key=lambda info: not info.has_pin)]
    assert main(["packet", str(path), "--clan", str(clans[0])]) == 2
    assert not path.with_name("mail-mail").exists()
    form = packet(path, clans[0], "--pin", "1357")
    other = packet(path, clans[1])
    assert main(["accept", str(path), str(form), str(other)]) == 0
    capsys.readouterr()
    assert main(["moderate", str(path)]) == 0
    said = capsys.readouterr().out
    assert f"Clan {clans[0]} (" in said and "has a PIN: its packet is made at its seat" in said
    assert form_of(path, clans[1]).name.startswith(f"clan-{clans[1]}-turn-2")
    assert form_of(path, clans[0]) == form


def test_the_paper_orders_sheet_filled_in_reads_as_the_sheet_it_prints(tmp_path: Path) -> None:
    """CC-RPT-10/11: the 1995 sheet (here the whole paper report) filled in by hand reads as
    the plain sheet with the same orders, each problem on the form's own line."""
    from conquest_tui.engine.orders.sheet import parse_sheet
    from conquest_tui.engine.paper.paper_report import render_paper
    from conquest_tui.engine.reports.report import build_report

    path, clans = new_mail_game(tmp_path)
    game = Session.open(path).referee().game
    plain = "[PRE]\nENLIST 5\nBUY 20 FOOD\n[CONVOY 1]\nNW\nLOOT\nFLY\n[POST]\nSLOGAN \"Onward\"\n"
    paper = fill(render_paper(build_report(ClanView(game, clans[0]))), plain)
    read, wanted = parse_sheet(paper, game.rules), parse_sheet(plain, game.rules)
    assert [line.order for line in read.pre] == [
        line.order for line in wanted.pre]
    assert [line.order for line in read.convoy_lines(1)] == [
        line.order for line in wanted.convoy_lines(1)]
    assert [line.order for line in read.post] == [line.order for line in wanted.post]
    assert len(read.pre) == 2
    fly = paper.splitlines().index("   3. FLY") + 1
    assert [problem.line for problem in read.problems] == [fly]


def test_a_save_from_before_play_by_mail_gets_an_empty_post_box(tmp_path: Path) -> None:
    """Save version 5 had no post box: the migration gives it an empty one (no id, no
    secret); its first packet makes them, and later packets sign with the same ones."""
    from conquest_tui.storage.migrations import migrate_5_to_6
    from conquest_tui.storage.save_state import structure_state, unstructure_state

    path, clans = new_mail_game(tmp_path)
    data = {"state": unstructure_state(load_game(path).state)}
    del data["state"]["mail"]
    mail = structure_state(migrate_5_to_6(data)["state"]).mail
    assert (mail.game_id, mail.secret, mail.sheets, mail.runs) == ("", "", [], [])
    assert "mail" not in data["state"], "input unchanged"
    first = packet(path, clans[0]).read_text("utf-8")
    secret = load_game(path).state.mail.secret
    form_of(path, clans[0]).unlink()
    assert packet(path, clans[0]).read_text("utf-8") == first
    assert load_game(path).state.mail.secret == secret
