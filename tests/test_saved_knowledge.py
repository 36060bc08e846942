"""A Clan's knowledge is made and checked when first used (storage/saved_knowledge, issue 26).

A load makes the next Clan's known hexes, memories of cities (CC-RPT-01), sightings (CC-GEN-05)
and spies' reports (CC-RPT-12) at once and keeps the other Clans' as read until a turn or a seat
needs them; a damaged one is then refused in the sentence a load would give, naming the file
and the field, and stops the table before anything runs; a save writes unread knowledge back as
it was read, and a game plays the same whether it was read on load or not.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import KNOWLEDGE, CityMemory, SpyReport
from conquest_tui.storage.converter import unstructure
from conquest_tui.storage.saved_knowledge import SavedKnowledge
from conquest_tui.storage.savefile import SaveError, game_to_text, load_game
from tests.save_helpers import played_save, refused_when_first_read
from tools.damage_saves import forged_text


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    return played_save(tmp_path_factory.mktemp("knowledge"))


def _positions(game: Game) -> tuple[int, int]:
    """(the saved position of the next Clan, of another that has sighted and learned cities)."""
    state = game.state
    active = [clan.number for clan in state.clans].index(state.clan_order[state.turn_index])
    other = next(i for i, clan in enumerate(state.clans)
                 if i != active and clan.sightings and clan.city_memory)
    return active, other


def _forged(path: Path, clan: int, edit: Callable[[dict[str, Any]], Any], folder: Path) -> Path:
    envelope = json.loads(path.read_text(encoding="utf-8"))
    edit(envelope["data"]["state"]["clans"][clan])
    forged = folder / "forged.json"
    forged.write_bytes(forged_text(envelope).encode("utf-8"))
    return forged


def _first(record: dict[str, Any]) -> str:
    return next(iter(record))


def _spy_report(owner: Any = 0, game_turn: Any = 1) -> dict[str, Any]:
    """A spy's report on the map's first city as a save writes it (damaged as asked)."""
    written: dict[str, Any] = unstructure(SpyReport(CityMemory("0706", 1)), SpyReport)
    written["city"].update(owner=owner, game_turn=game_turn)
    return written


DAMAGE: list[tuple[str, Callable[[dict[str, Any]], Any], Callable[[dict[str, Any]], str]]] = [
    ("known_hexes", lambda clan: clan["known_hexes"].update({"9999": 1}),
     lambda _: 'known_hexes["9999"]: is not a hex of the map'),
    ("known_hexes", lambda clan: clan["known_hexes"].update({_first(clan["known_hexes"]): "x"}),
     lambda clan: f'known_hexes["{_first(clan["known_hexes"])}"]: expected a whole number, '
                  'got "x"'),
    ("city_memory", lambda clan: clan["city_memory"][_first(clan["city_memory"])].update(owner=99),
     lambda clan: f'city_memory["{_first(clan["city_memory"])}"].owner: 99 is not a Clan'),
    ("city_memory",
     lambda clan: clan["city_memory"][_first(clan["city_memory"])].update(troops=True),
     lambda clan: f'city_memory["{_first(clan["city_memory"])}"].troops: expected a whole '
                  "number, got true"),
    ("sightings", lambda clan: clan["sightings"]["hex"].__setitem__(0, "9999"),
     lambda _: 'sightings.hex[0]: "9999" is not a hex of the map'),
    ("sightings", lambda clan: clan["sightings"]["owner"].__setitem__(0, "x"),
     lambda _: 'sightings.owner[0]: expected a whole number, got "x"'),
    ("spy_reports", lambda clan: clan.update(spy_reports=[_spy_report(owner=99)]),
     lambda _: "spy_reports[0].city.owner: 99 is not a Clan"),
    ("spy_reports", lambda clan: clan.update(spy_reports=[_spy_report(game_turn=-3)]),
     lambda _: "spy_reports[0].city.game_turn: -3 is below 0"),
]
"""Each field of a Clan's knowledge damaged, in its cells' kind or in what they name: the field
and what the refusal says of it (given the Clan as saved)."""


def test_a_load_keeps_the_other_clans_knowledge_and_a_save_writes_it_back_as_read(
        played: tuple[Game, Path]) -> None:
    game, path = played
    again = load_game(path)
    active, _ = _positions(game)
    for index, clan in enumerate(again.state.clans):
        for name in KNOWLEDGE:
            assert isinstance(clan.kept_knowledge(name), SavedKnowledge) is (index != active)
    assert game_to_text(again) == path.read_text(encoding="utf-8")
    for before, after in zip(game.state.clans, again.state.clans, strict=True):
        assert [getattr(after, name) for name in KNOWLEDGE] == [
            getattr(before, name) for name in KNOWLEDGE]
    assert game_to_text(again) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "edit", "said"), DAMAGE)
def test_another_clans_damaged_knowledge_is_refused_when_first_read_and_stops_the_table(
        played: tuple[Game, Path], tmp_path: Path, name: str,
        edit: Callable[[dict[str, Any]], Any], said: Callable[[dict[str, Any]], str]) -> None:
    """Another Clan's damaged knowledge loads, and is refused when first read, naming the file
    and the field as a load names it; the table stops before anything runs."""
    game, path = played
    _, other = _positions(game)
    saved = json.loads(path.read_text(encoding="utf-8"))["data"]["state"]["clans"][other]
    forged = _forged(path, other, edit, tmp_path)
    loaded = load_game(forged)
    assert isinstance(loaded.state.clans[other].kept_knowledge(name), SavedKnowledge)
    refused_when_first_read(forged, lambda: getattr(loaded.state.clans[other], name),
                            f"{forged}: state.clans[{other}].{said(saved)}")


@pytest.mark.parametrize(("name", "edit", "said"), DAMAGE[::2])
def test_the_next_clans_damaged_knowledge_is_refused_on_load(
        played: tuple[Game, Path], tmp_path: Path, name: str,
        edit: Callable[[dict[str, Any]], Any], said: Callable[[dict[str, Any]], str]) -> None:
    game, path = played
    active, _ = _positions(game)
    saved = json.loads(path.read_text(encoding="utf-8"))["data"]["state"]["clans"][active]
    if not saved[name]:
        saved[name] = json.loads(path.read_text(encoding="utf-8"))["data"]["state"]["clans"][
            _positions(game)[1]][name]
    forged = _forged(path, active, lambda clan: (clan.update({name: saved[name]}), edit(clan)),
                     tmp_path)
    with pytest.raises(SaveError) as caught:
        load_game(forged)
    assert str(caught.value) == f"{forged}: state.clans[{active}].{said(saved)}"


def test_a_game_plays_the_same_whether_its_knowledge_was_read_on_load_or_not(
        played: tuple[Game, Path]) -> None:
    """The bots' next game turn (their sheets read every Clan's knowledge: CC-GEN-05 fog) gives
    the same save from a load that read every Clan's knowledge at once as from one that left it
    to its first use."""
    _, path = played
    read, unread = load_game(path), load_game(path)
    for clan in read.state.clans:
        clan.read_for_play()
    session.play_bots(read)
    session.play_bots(unread)
    assert game_to_text(unread) == game_to_text(read)


def test_a_replays_opening_position_with_damaged_knowledge_is_refused_naming_the_field(
        played: tuple[Game, Path]) -> None:
    """The sheet log's opening position (`conquest branch` replays from it: issue 31) is checked
    whole when read, its Clans' knowledge too."""
    from conquest_tui.session.replay import ReplayRefused, opening_game
    from conquest_tui.storage.sheet_log import SheetLog, attach, log_of, opening_data, pack_json

    _, path = played
    game = load_game(path)
    log = log_of(game.state)
    assert log is not None
    opening = opening_data(log)
    opening["clans"][0]["known_hexes"]["9999"] = 1
    attach(game.state, SheetLog(opening=pack_json(opening), turns=log.turns, current=log.current))
    with pytest.raises(ReplayRefused) as caught:
        opening_game(game, "game.json")
    assert str(caught.value) == ('game.json: data.log.opening: state.clans[0].known_hexes["9999"]: '
                                 "is not a hex of the map")
