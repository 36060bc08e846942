"""A Clan's last turn is built and checked when first used (storage/saved_events, issue 24).

A load checks the next Clan's events at once (its report is the first shown, its turn the first
played) and leaves the other Clans' as read until their report, turn or history needs them; a
damaged one is then refused in the sentence a load would give, naming the file and the field;
a save writes an unread last turn back as it was read (CC-SEQ-13: the report after a turn).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conquest_tui import session
from conquest_tui.cli import main as conquest
from conquest_tui.engine.core.game import Game
from conquest_tui.storage.migrations import SAVE_VERSION
from conquest_tui.storage.saved_events import SavedEvents, text_table
from conquest_tui.storage.savefile import SaveError, game_to_text, load_game, save_game
from tests.save_helpers import refused_when_first_read
from tools.damage_saves import close_event_tables, forged_text, open_event_tables


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="lazy-events")
    for _ in range(2):
        session.play_bots(game)
    path = tmp_path_factory.mktemp("lazy") / "game.json"
    save_game(game, path, backups=0)
    return game, path


def _forged(path: Path, edit: Any, folder: Path) -> Path:
    envelope = json.loads(path.read_text(encoding="utf-8"))
    edit(open_event_tables(envelope["data"]["state"]))
    close_event_tables(envelope["data"]["state"])  # written back as the game writes them
    forged = folder / "forged.json"
    forged.write_bytes(forged_text(envelope).encode("utf-8"))
    return forged


def _positions(game: Game) -> tuple[int, int]:
    """(the saved position of the next Clan, of another Clan whose last turn has events)."""
    state = game.state
    active = state.clan_order[state.turn_index]
    numbers = [clan.number for clan in state.clans]
    other = next(i for i, clan in enumerate(state.clans)
                 if clan.number != active and clan.last_turn.events)
    return numbers.index(active), other


def test_a_save_nobody_read_is_written_back_as_it_was_and_reads_as_it_was_played(
        played: tuple[Game, Path]) -> None:
    game, path = played
    again = load_game(path)
    assert game_to_text(again) == path.read_text(encoding="utf-8")
    for before, after in zip(game.state.clans, again.state.clans, strict=True):
        assert after.last_turn.events == before.last_turn.events
    assert game_to_text(again) == path.read_text(encoding="utf-8")


def test_the_next_clans_damaged_event_is_refused_on_load(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    game, path = played
    active, _ = _positions(game)

    def remove(state: dict[str, Any]) -> None:
        del state["clans"][active]["last_turn"]["events"]["facts"][0]["hex"]

    if "hex" not in game.state.clans[active].last_turn.events[0].facts:
        pytest.skip("the next Clan's first event has no hex")
    forged = _forged(path, remove, tmp_path)
    with pytest.raises(SaveError) as caught:
        load_game(forged)
    assert str(caught.value) == (f"{forged}: state.clans[{active}].last_turn.events[0].facts.hex:"
                                 " missing")


def test_another_clans_damaged_event_is_refused_when_its_report_is_asked_for(
        played: tuple[Game, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, path = played
    _, other = _positions(game)
    events = game.state.clans[other].last_turn.events
    index, fact = next((i, name) for i, event in enumerate(events) for name in event.facts)

    def remove(state: dict[str, Any]) -> None:
        del state["clans"][other]["last_turn"]["events"]["facts"][index][fact]

    forged = _forged(path, remove, tmp_path)
    loaded = load_game(forged)  # the next Clan's turn can be played
    sentence = (f"{forged}: state.clans[{other}].last_turn.events[{index}].facts.{fact}: "
                "missing")
    for _ in range(2):  # refused the same way each time it is asked for
        with pytest.raises(SaveError) as caught:
            len(loaded.state.clans[other].last_turn.events)
        assert str(caught.value) == sentence
    number = game.state.clans[other].number
    assert conquest(["report", "--save", str(forged), "--clan", str(number)]) == 1
    assert capsys.readouterr().err.strip() == f"conquest: {sentence}"


def test_a_damaged_last_turn_stops_the_table_before_anything_runs_or_opens(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    """Another Clan's damaged last turn, found before a hand-over plays (not halfway through
    it) or before its seat opens: one sentence, nothing run, the save untouched."""
    game, path = played
    _, other = _positions(game)
    events = game.state.clans[other].last_turn.events
    index, fact = next((i, name) for i, event in enumerate(events) for name in event.facts)

    def remove(state: dict[str, Any]) -> None:
        del state["clans"][other]["last_turn"]["events"]["facts"][index][fact]

    forged = _forged(path, remove, tmp_path)
    before = forged.read_bytes()
    table = session.Session.open(forged)
    turn, active = table.game_turn, table.active_clan
    sentence = f"{forged}: state.clans[{other}].last_turn.events[{index}].facts.{fact}: missing"
    with pytest.raises(session.SessionError) as caught:
        table.play_bots()
    assert str(caught.value) == sentence
    with pytest.raises(session.SessionError) as caught:
        table.seat_door(game.state.clans[other].number).seat  # noqa: B018
    assert str(caught.value) == sentence
    assert forged.read_bytes() == before
    assert (table.game_turn, table.active_clan) == (turn, active)


def test_a_save_keeps_each_last_turn_as_one_text_and_a_version_6_table_still_loads(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    """From save version 7 a Clan's last turn's events are one JSON text, which a load does not
    read until they are used; a version 6 save (each table an object) loads and reads as it was
    played, and is written as texts when saved again (CC-SEQ-13: the report after a turn)."""
    game, path = played
    envelope = json.loads(path.read_text(encoding="utf-8"))
    assert envelope["version"] == SAVE_VERSION >= 7
    lasts = [clan["last_turn"]["events"] for clan in envelope["data"]["state"]["clans"]]
    assert all(isinstance(text, str) and text_table(text)["kind"] for text in lasts)
    loaded = load_game(path)
    active, other = _positions(game)
    assert isinstance(loaded.state.clans[other].last_turn.kept_events(), SavedEvents)
    assert not isinstance(loaded.state.clans[active].last_turn.kept_events(), SavedEvents)

    open_event_tables(envelope["data"]["state"])
    envelope["version"] = 6
    old = tmp_path / "version6.json"
    old.write_bytes(forged_text(envelope).encode("utf-8"))
    again = load_game(old)
    for before, after in zip(game.state.clans, again.state.clans, strict=True):
        assert after.last_turn.events == before.last_turn.events
    assert game_to_text(again) == game_to_text(load_game(path))


@pytest.fixture(scope="module")
def with_mail(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    """Three bots on test_small after three game turns: every Clan has mail (first meetings,
    messages)."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="mail-a")
    for _ in range(3):
        session.play_bots(game)
    path = tmp_path_factory.mktemp("mail") / "game.json"
    save_game(game, path, backups=0)
    return game, path


def test_another_clans_damaged_mail_is_refused_when_first_read_and_stops_the_table(
        with_mail: tuple[Game, Path], tmp_path: Path) -> None:
    """A Clan's mail (its messages and first meetings, all game long: CC-SEQ-16) is one JSON
    text a load reads only for the next Clan: another Clan's, damaged, is refused when first
    read, naming the file and the field, and stops the table before anything runs."""
    game, path = with_mail
    active, _ = _positions(game)
    other = next(i for i, clan in enumerate(game.state.clans)
                 if i != active and clan.mail and clan.mail[0].facts)
    fact = next(iter(game.state.clans[other].mail[0].facts))

    def remove(state: dict[str, Any]) -> None:
        del state["clans"][other]["mail"]["facts"][0][fact]

    envelope = json.loads(path.read_text(encoding="utf-8"))
    assert all(isinstance(clan["mail"], str) for clan in envelope["data"]["state"]["clans"])
    forged = _forged(path, remove, tmp_path)
    loaded = load_game(forged)
    assert isinstance(loaded.state.clans[other].kept_mail(), SavedEvents)
    refused_when_first_read(forged, lambda: loaded.state.clans[other].mail,
                             f"{forged}: state.clans[{other}].mail[0].facts.{fact}: missing")


def test_an_unread_mail_is_written_back_as_it_was_read(with_mail: tuple[Game, Path]) -> None:
    game, path = with_mail
    again = load_game(path)
    assert game_to_text(again) == path.read_text(encoding="utf-8")
    assert [clan.mail for clan in again.state.clans] == [clan.mail for clan in game.state.clans]


def test_another_clans_damaged_inbox_is_refused_when_first_read_and_its_own_on_load(
        with_mail: tuple[Game, Path], tmp_path: Path) -> None:
    """A Clan's inbox (what happened to it between its turns: CC-SEQ-16) is built only for the
    next Clan on load: another Clan's, damaged, loads and is refused when first read, naming
    the file and the field, and stops the table before anything runs; the next Clan's, damaged,
    is refused on load."""
    game, path = with_mail
    active, _ = _positions(game)
    other = next(i for i, clan in enumerate(game.state.clans)
                 if i != active and clan.inbox and clan.inbox[0].facts)
    fact = next(iter(game.state.clans[other].inbox[0].facts))

    def remove(clan: int) -> Any:
        def edit(state: dict[str, Any]) -> None:
            del state["clans"][clan]["inbox"]["facts"][0][fact]
        return edit

    forged = _forged(path, remove(other), tmp_path)
    loaded = load_game(forged)
    assert isinstance(loaded.state.clans[other].kept_inbox(), SavedEvents)
    refused_when_first_read(forged, lambda: loaded.state.clans[other].inbox,
                             f"{forged}: state.clans[{other}].inbox[0].facts.{fact}: missing")

    if game.state.clans[active].inbox and game.state.clans[active].inbox[0].facts:
        fact = next(iter(game.state.clans[active].inbox[0].facts))
        forged = _forged(path, remove(active), tmp_path)
        with pytest.raises(SaveError) as caught:
            load_game(forged)
        own = f"{forged}: state.clans[{active}].inbox[0].facts.{fact}: missing"
        assert str(caught.value) == own


@pytest.mark.parametrize(("column", "cell", "said"), [
    ("kind", "moved", 'kind[0]: unknown value "moved"'),
    ("line", "3", 'line[0]: expected a whole number, got "3"'),
])
def test_another_clans_inbox_with_a_bad_cell_loads_and_is_refused_when_first_read(
        with_mail: tuple[Game, Path], tmp_path: Path, column: str, cell: Any, said: str) -> None:
    """An inbox's cells (the words naming its events' kinds, their numbers: CC-SEQ-16) are
    checked at its first use too, in the sentence a load gave them."""
    game, path = with_mail
    active, _ = _positions(game)
    other = next(i for i, clan in enumerate(game.state.clans) if i != active and clan.inbox)

    def damage(state: dict[str, Any]) -> None:
        state["clans"][other]["inbox"][column][0] = cell

    forged = _forged(path, damage, tmp_path)
    loaded = load_game(forged)
    assert isinstance(loaded.state.clans[other].kept_inbox(), SavedEvents)
    refused_when_first_read(forged, lambda: loaded.state.clans[other].inbox,
                            f"{forged}: state.clans[{other}].inbox.{said}")


def test_an_unread_inbox_is_written_back_as_it_was_read_and_reads_as_it_was_played(
        with_mail: tuple[Game, Path]) -> None:
    game, path = with_mail
    again = load_game(path)
    active, _ = _positions(game)
    assert any(isinstance(clan.kept_inbox(), SavedEvents)
               for i, clan in enumerate(again.state.clans) if i != active)
    assert game_to_text(again) == path.read_text(encoding="utf-8")
    assert [clan.inbox for clan in again.state.clans] == [clan.inbox for clan in game.state.clans]
    assert game_to_text(again) == path.read_text(encoding="utf-8")
