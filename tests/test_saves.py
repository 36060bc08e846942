"""Saves: converter round trips, determinism, migrations, atomic writes, backups, clear errors."""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import (
    CityMemory,
    CityState,
    Clan,
    Convoy,
    Event,
    GameState,
    HexState,
    LastTurn,
    Problem,
    Sighting,
    Stockpile,
)
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.event_text import event_text
from conquest_tui.storage import savefile
from conquest_tui.storage.converter import FieldError, FieldErrors, converter, table_columns
from conquest_tui.storage.map_loader import map_from_data
from conquest_tui.storage.migrations import (
    MIGRATIONS,
    SAVE_VERSION,
    MigrationError,
    NewerVersionError,
    migrate,
    migrate_0_to_1,
)
from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.storage.save_list import list_saves, read_summary
from conquest_tui.storage.save_state import structure_state, unstructure_state
from conquest_tui.storage.savefile import (
    EditedSave,
    SaveError,
    game_from_text,
    game_to_text,
    load_game,
    save_game,
)
from tools.damage_saves import open_event_tables

RULES = load_ruleset()
FIXTURES = Path(__file__).parent / "fixtures" / "saves"
V0_FIXTURE = FIXTURES / "v0_tiny.json"

RAW_MAP: dict[str, Any] = {
    "format": "conquest-map",
    "version": 1,
    "name": "save_test",
    "title": "Save Test",
    "description": "Three by three.",
    "players": {"min": 2, "max": 2},
    "columns": 3,
    "rows": 3,
    "terrain": ["pa.", "fm.", "ap~"],
    "roads": ["0101 0102"],
    "rivers": [],
    "cities": [
        {"hex": "0101", "name": "Ardmore", "population": 25000, "major": False,
         "produces": "milk", "needs": "wool", "guild": "ENG", "fortification": 2,
         "base_value": 10000},
    ],
    "sources": "",
}


# --- building games --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def save_map() -> GameMap:
    return map_from_data(copy.deepcopy(RAW_MAP), "save_test")


def make_state(game_map: GameMap, **changes: Any) -> GameState:
    """A small mid-game state with every kind of record filled in."""
    red = Clan(
        number=1,
        name="Red Fox",
        sequence=2,
        stock=Stockpile(money=125_000, food=40, fuel=300, troops=60, rifles=30),
        known_hexes={"0102": 3, "0101": 3, "0201": 2},
        city_memory={"0101": CityMemory("0101", 2, owner=2, population=25_000, buildings=["HOS"])},
        sightings=[Sighting("0201", 3, owner=2, size_name="small", convoy_type="land")],
        met_clans=[2],
        inbox=[Event(1, "between", EventKind.PASSAGE, {"hex": "0201", "mode": "capture"}, actor=2)],
        last_turn=LastTurn(
            game_turn=2,
            sheet="CONVOY 1 MOVE SE\nDEFEND 0101 2",
            problems=[Problem(2, "not_owned", "check", {"pattern": "0101"})],
            events=[Event(1, "pulses", EventKind.PICKUP, {"hex": "0201", "taken": (("troops", 5),)},
                          "CC-RES-14", 3, 1)],
            income={"money": 10_000, "food": 12},
            visited_hexes=["0201"],
        ),
        draft_sheet="CONVOY 1 HOLD",
        slogan="Ünïcode — “quotes” \\ and \"escapes\"\n",
    )
    blue = Clan(number=2, name="Blue Jay", seat="bot", sequence=1, known_hexes={"0303": 1})
    hexes = [HexState() for _ in game_map.hex_ids()]
    hexes[0] = HexState(owner=1, defense=3, garrison=2, money=500, food=11, road_parts_bonus=5)
    hexes[4] = HexState(owner=2, looted=True, special="BAN", custom="LAB", custom_built_turn=2)
    state = GameState(
        map_name=game_map.name,
        seed="save-test",
        game_turn=3,
        clan_order=[2, 1],
        turn_index=1,
        prices={**dict.fromkeys(RULES.market, 20), "food": 12, "fuel": 30},
        goods_prices={**dict.fromkeys(RULES.goods, 300), "milk": 900},
        victory_threshold=5000,
        clans=[red, blue],
        hexes=hexes,
        cities=[CityState("0101", owner=1, population=25_400, buildings=["HOS"], spies=[2])],
        convoys=[
            Convoy(1, 1, "Vanguard", "land", "0201", vehicles={"truck": 2, "bike": 3},
                   experts=["ENG"], parts_owed=1.25, parts_factor=1.1),
            Convoy(2, 1, "Jaybird", "military", "0202", vehicles={"jeep": 4}, hidden=True),
        ],
        paved=["0101-0201"],
        top_clans=[[2, 1], [1, 2]],
    )
    return attrs.evolve(state, **changes)


@pytest.fixture
def game(rules: Ruleset, save_map: GameMap) -> Game:
    return Game(rules, save_map, make_state(save_map))


def snapshot(path: Path) -> tuple[bytes, int]:
    """A file's bytes and modification time, to prove a failed load left it alone."""
    return path.read_bytes(), path.stat().st_mtime_ns


def one_sentence_about(message: str, path: Path) -> None:
    assert message.startswith(str(path) + ": ")
    assert "\n" not in message
    assert "Traceback" not in message


def rewrite_data(path: Path, edit: Any, *, fix_checksum: bool) -> None:
    """Edit a save's data with `edit(data)`; optionally give it a matching checksum."""
    envelope = json.loads(path.read_text(encoding="utf-8"))
    edit(envelope["data"])
    if fix_checksum:
        envelope["checksum"] = savefile.checksum_of(savefile.canonical_json(envelope["data"]),
                                                    envelope)
    path.write_text(json.dumps(envelope, indent=1), encoding="utf-8")


# --- converter -------------------------------------------------------------------------------


def test_unstructure_structure_round_trip(save_map: GameMap) -> None:
    state = make_state(save_map)
    assert structure_state(unstructure_state(state)) == state
    assert structure_state(json.loads(json.dumps(unstructure_state(state)))) == state


def test_the_detailed_converter_reads_what_the_fast_one_reads(save_map: GameMap) -> None:
    """The second, detailed pass (run only to name a bad field) agrees with the fast one."""
    data = json.loads(json.dumps(unstructure_state(make_state(save_map))))
    fast = converter().structure(copy.deepcopy(data), GameState)
    assert converter(detailed=True).structure(data, GameState) == fast


def test_every_bad_field_is_found_and_the_first_is_named(save_map: GameMap) -> None:
    data = unstructure_state(make_state(save_map))
    data["clans"][0]["colour"] = "red"
    data["clans"][1]["stock"]["money"] = "lots"
    data["hexes"]["owner"][3] = None
    with pytest.raises(FieldErrors) as caught:
        structure_state(data)
    assert [str(error) for error in caught.value.errors] == [
        "state.clans[0].colour: is not a known field (misspelt?)",
        'state.clans[1].stock.money: expected a whole number, got "lots"',
        "state.hexes.owner[3]: expected a whole number, got null",
    ]
    assert str(caught.value) == "state.clans[0].colour: is not a known field (misspelt?)"


@pytest.mark.parametrize("facts", [
    [{"hex": "0201"}, {"amount": 3}],  # whole numbers and texts only
    [{"taken": (("troops", 5), ("fuel", 2))}, {"taken": (("rifles", 1),)}],  # pairs
    [{"hexes": ("0101", "0102")}, {"hexes": ()}],  # flat lists
    [{"taken": (("troops", 5),)}, {"hexes": ("0101",), "deep": ((1, ("a", 2)),)}],  # mixed
])
def test_event_facts_come_back_as_they_were(facts: list[dict[str, Any]]) -> None:
    """Facts are saved as JSON lists and read back as the tuples the engine made."""
    events = [Event(1, "pulses", EventKind.PICKUP, dict(f)) for f in facts]
    text = json.dumps(converter().unstructure(events, list[Event]))
    assert converter().structure(json.loads(text), list[Event]) == events


def test_hexes_are_stored_as_columns_named_after_the_fields(save_map: GameMap) -> None:
    data = unstructure_state(make_state(save_map))
    assert tuple(data["hexes"]) == tuple(a.name for a in attrs.fields(HexState))
    assert tuple(data["hexes"]) == table_columns(HexState)
    assert data["hexes"]["owner"][:2] == [1, 0]
    assert all(len(column) == 9 for column in data["hexes"].values())


def test_unstructure_gives_fresh_containers(save_map: GameMap) -> None:
    state = make_state(save_map)
    data = unstructure_state(state)
    data["clans"][0]["known_hexes"]["9999"] = 1
    data["convoys"]["vehicles"][0]["tank"] = 9
    data["cities"]["buildings"][0].append("AIR")
    assert state == make_state(save_map)


stockpiles = st.builds(
    Stockpile, **{a: st.integers(0, 10**12) for a in tuple(a.name for a in attrs.fields(Stockpile))}
)
names = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
convoys = st.builds(
    Convoy,
    owner=st.integers(1, 20),
    number=st.integers(1, 12),
    name=names,
    convoy_type=st.sampled_from(["land", "sea", "amphibious", "military", "air"]),
    hex=st.from_regex(r"\A[0-9]{4}\Z"),
    vehicles=st.dictionaries(names, st.integers(0, 99), max_size=4),
    troops=st.integers(0, 10**6),
    cargo_type=names,
    experts=st.lists(st.sampled_from(["ENG", "DOC", "PIL", "SPY"]), max_size=3),
    hidden=st.booleans(),
    parts_owed=st.floats(0, 1e6, allow_nan=False),
    parts_factor=st.floats(0.8, 1.2),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stock=stockpiles, fleet=st.lists(convoys, max_size=6))
def test_round_trip_with_generated_stockpiles_and_convoys(
    save_map: GameMap, stock: Stockpile, fleet: list[Convoy]
) -> None:
    state = make_state(save_map, convoys=fleet)
    state.clans[1].stock = stock
    text = savefile.canonical_json(unstructure_state(state))
    assert structure_state(json.loads(text)) == state
    assert savefile.canonical_json(unstructure_state(structure_state(json.loads(text)))) == text


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d["clans"][0]["stock"].__setitem__("money", "x"),
         'state.clans[0].stock.money: expected a whole number, got "x"'),
        (lambda d: d["clans"][1]["stock"].__setitem__("food", "5"),
         'state.clans[1].stock.food: expected a whole number, got "5"'),
        (lambda d: d["hexes"]["owner"].__setitem__(7, "x"),
         'state.hexes.owner[7]: expected a whole number, got "x"'),
        (lambda d: d["hexes"]["looted"].__setitem__(2, 0),
         "state.hexes.looted[2]: expected true or false, got 0"),
        (lambda d: d["hexes"]["defense"].pop(),
         "state.hexes.defense: has 8 entries, but owner has 9"),
        (lambda d: d["hexes"].__setitem__("colour", []),
         "state.hexes.colour: is not a known field (misspelt?)"),
        (lambda d: d["clans"][0].pop("number"), "state.clans[0].number: is missing"),
        (lambda d: d["clans"][0].__setitem__("colour", "red"),
         "state.clans[0].colour: is not a known field (misspelt?)"),
        (lambda d: d["clans"][0]["known_hexes"].__setitem__("0102", 2.5),
         'state.clans[0].known_hexes["0102"]: expected a whole number, got 2.5'),
        (lambda d: d["clans"][0]["city_memory"]["0101"]["buildings"].__setitem__(0, 3),
         'state.clans[0].city_memory["0101"].buildings[0]: expected text in quotes, got 3'),
        (lambda d: d["clans"][0]["last_turn"]["events"]["rule"].__setitem__(0, None),
         "state.clans[0].last_turn.events.rule[0]: expected text in quotes, got null"),
        (lambda d: d["clans"][0]["last_turn"]["events"]["facts"][0].__setitem__("hex", 2.5),
         'state.clans[0].last_turn.events.facts[0]["hex"]: expected a whole number, text or a '
         "list of them, got 2.5"),
        (lambda d: d["clans"][0]["last_turn"]["events"]["kind"].__setitem__(0, "moved"),
         'state.clans[0].last_turn.events.kind[0]: unknown value "moved"'),
        (lambda d: d["convoys"]["vehicles"][1].__setitem__("jeep", True),
         'state.convoys.vehicles[1]["jeep"]: expected a whole number, got true'),
        (lambda d: d["convoys"]["parts_owed"].__setitem__(0, "1.5"),
         'state.convoys.parts_owed[0]: expected a number, got "1.5"'),
        (lambda d: d.__setitem__("clans", "abc"), 'state.clans: expected a list, got "abc"'),
        (lambda d: d["clans"].__setitem__(1, 7), "state.clans[1]: expected an object, got 7"),
        (lambda d: d.__setitem__("top_clans", [[1, "2"]]),
         'state.top_clans[0][1]: expected a whole number, got "2"'),
        (lambda d: d.pop("seed"), "state.seed: is missing"),
    ],
)
def test_bad_fields_are_named_by_path(save_map: GameMap, edit: Any, expected: str) -> None:
    """A last turn's events and a Clan's knowledge are named when first read (a load keeps
    them as read)."""
    data = open_event_tables(unstructure_state(make_state(save_map)))  # reached by the edit
    edit(data)
    with pytest.raises((FieldError, SaveError)) as caught:
        for clan in structure_state(data).clans:
            clan.read_for_play()
    assert str(caught.value).removeprefix("the save: ") == expected


def test_missing_columns_take_the_field_default(save_map: GameMap) -> None:
    state = make_state(save_map)
    data = unstructure_state(state)
    del data["hexes"]["road_parts_bonus"]
    assert [h.road_parts_bonus for h in structure_state(data).hexes] == [0] * 9
    del data["convoys"]["owner"]
    with pytest.raises(FieldError, match=r"state\.convoys\.owner: is missing"):
        structure_state(data)


# --- text form and determinism ---------------------------------------------------------------


def test_game_text_round_trip(game: Game, rules: Ruleset) -> None:
    text = game_to_text(game)
    loaded = game_from_text(text, "memory", rules)
    assert loaded.state == game.state
    assert loaded.map == game.map
    assert game_to_text(loaded) == text


def test_load_game_uses_the_standard_ruleset_by_default(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from conquest_tui.storage import rules_loader

    standard = attrs.evolve(RULES)
    monkeypatch.setattr(rules_loader, "load_ruleset", lambda: standard)
    assert load_game(saved).rules is standard


def test_same_state_gives_byte_identical_saves(game: Game, tmp_path: Path) -> None:
    save_game(game, tmp_path / "a.json")
    save_game(game, tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_dict_insertion_order_does_not_change_the_save(
    rules: Ruleset, save_map: GameMap
) -> None:
    one = make_state(save_map)
    two = make_state(save_map)
    two.clans[0].known_hexes = dict(reversed(list(two.clans[0].known_hexes.items())))
    two.convoys[0].vehicles = {"bike": 3, "truck": 2}
    assert game_to_text(Game(rules, save_map, one)) == game_to_text(Game(rules, save_map, two))


def test_an_int_in_a_float_field_saves_like_the_float(rules: Ruleset, save_map: GameMap) -> None:
    one = make_state(save_map)
    two = make_state(save_map)
    one.convoys[1].parts_owed = 0
    two.convoys[1].parts_owed = 0.0
    assert game_to_text(Game(rules, save_map, one)) == game_to_text(Game(rules, save_map, two))


def test_envelope_fields(game: Game) -> None:
    envelope = json.loads(game_to_text(game))
    assert list(envelope) == ["format", "version", "created_with", "checksum", "summary", "stamp",
                              "data"]
    assert envelope["stamp"] == {"by": "", "generation": 0}
    assert envelope["format"] == "conquest-save"
    assert envelope["version"] == SAVE_VERSION
    assert envelope["created_with"].startswith("conquest-tui ")
    assert envelope["checksum"] == savefile.checksum_of(savefile.canonical_json(envelope["data"]),
                                                        envelope)
    assert envelope["data"]["map"] == RAW_MAP
    assert envelope["summary"] == {
        "map": "save_test", "title": "Save Test", "game_turn": 3, "active_clan": 1,
        "active_name": "Red Fox", "clans": ["Blue Jay", "Red Fox"], "finished": False,
    }


def test_a_reformatted_but_unchanged_save_still_loads(
    game: Game, rules: Ruleset, tmp_path: Path
) -> None:
    path = tmp_path / "pretty.json"
    path.write_text(json.dumps(json.loads(game_to_text(game)), indent=4), encoding="utf-8")
    assert load_game(path, rules).state == game.state


# --- migrations ------------------------------------------------------------------------------


def test_every_old_version_has_a_step() -> None:
    assert sorted(MIGRATIONS) == list(range(SAVE_VERSION))


def test_v0_fixture_migrates_and_loads(rules: Ruleset) -> None:
    game = load_game(V0_FIXTURE, rules)
    red = game.clan(1)
    assert red.stock == Stockpile(money=125_000, food=40, fuel=300, parts=25, troops=60,
                                  rifles=30, grenades=5, claymores=2)
    assert red.draft_sheet == ""
    assert event_text(red.last_turn.events[0]) == "Convoy 1 moved to 0202."
    assert red.sightings == [Sighting("0202", 3, owner=2, size_name="small",
                                      convoy_type="land", how="met")]
    assert len(game.state.hexes) == 12
    assert game.hex("0102").special == "BAN"
    assert game.hex("0302").custom == "LAB"
    assert all(h.road_parts_bonus == 0 for h in game.state.hexes)
    assert game.convoy(2, 1) is not None and game.convoy(2, 1).vehicles == {"jeep": 4}
    assert game.state.active_clan == 1


def test_v0_fixture_upgrades_to_a_current_save(rules: Ruleset, tmp_path: Path) -> None:
    game = load_game(V0_FIXTURE, rules)
    path = tmp_path / "upgraded.json"
    save_game(game, path)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == SAVE_VERSION
    assert load_game(path, rules).state == game.state


def test_migration_steps_do_not_change_their_input() -> None:
    data = json.loads(V0_FIXTURE.read_text(encoding="utf-8"))["data"]
    before = copy.deepcopy(data)
    migrated = migrate_0_to_1(data)
    assert data == before
    assert migrated["state"]["hexes"]["road_parts_bonus"] == [0] * 12
    assert migrated["state"]["clans"][0]["stock"]["money"] == 125_000
    assert "money" not in migrated["state"]["clans"][0]


def test_migrate_refuses_newer_and_unknown_versions() -> None:
    with pytest.raises(NewerVersionError, match="please update conquest-tui"):
        migrate({}, SAVE_VERSION + 1)
    with pytest.raises(MigrationError, match="version -1, which this program cannot read"):
        migrate({}, -1)
    with pytest.raises(MigrationError, match="could not be upgraded to version 1"):
        migrate({"state": {"clans": "nope"}}, 0)


# --- bad files -------------------------------------------------------------------------------


@pytest.fixture
def saved(game: Game, tmp_path: Path) -> Path:
    path = tmp_path / "x.json"
    save_game(game, path)
    return path


def check_refused(path: Path, rules: Ruleset, expected: str) -> str:
    """Load must fail with one sentence naming the file, and leave the file untouched."""
    before = snapshot(path) if path.is_file() else None
    with pytest.raises(SaveError) as caught:
        load_game(path, rules)
    message = str(caught.value)
    one_sentence_about(message, path)
    assert expected in message
    if before is not None:
        assert snapshot(path) == before
    return message


def test_missing_file(rules: Ruleset, tmp_path: Path) -> None:
    message = check_refused(tmp_path / "nope.json", rules, "no such save file")
    assert message == f"{tmp_path / 'nope.json'}: no such save file"


def test_truncated_file(saved: Path, rules: Ruleset) -> None:
    data = saved.read_bytes()
    saved.write_bytes(data[: len(data) // 2])
    check_refused(saved, rules, "the file is damaged (not valid JSON, it may be cut short: line 8")


def test_empty_and_non_utf8_files(saved: Path, rules: Ruleset) -> None:
    saved.write_bytes(b"")
    check_refused(saved, rules, "the file is empty")
    saved.write_bytes(b"\xff\xfe{}")
    check_refused(saved, rules, "the file is damaged (not UTF-8 text at byte 0)")


def test_edited_number_with_the_old_checksum(saved: Path, rules: Ruleset) -> None:
    text = saved.read_text(encoding="utf-8")
    assert '"money":125000' in text
    saved.write_text(text.replace('"money":125000', '"money":999999', 1), encoding="utf-8")
    message = check_refused(saved, rules, "checksum does not match")
    assert message == (
        f"{saved}: the save was changed outside the game (edited or damaged): its checksum does "
        "not match; to open it anyway, use --allow-edited (the app asks first)"
    )
    with pytest.raises(EditedSave):
        load_game(saved, rules)


def test_an_edited_save_opens_on_request_and_saves_with_a_fresh_checksum(
    saved: Path, rules: Ruleset
) -> None:
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text.replace('"money":125000', '"money":999999', 1), encoding="utf-8")
    game = load_game(saved, rules, allow_edited=True)
    assert game.clan(1).stock.money == 999_999
    save_game(game, saved, backups=0)
    assert load_game(saved, rules).clan(1).stock.money == 999_999


def test_an_edited_save_is_checked_like_any_other(saved: Path, rules: Ruleset) -> None:
    rewrite_data(saved, lambda d: d["state"]["convoys"]["vehicles"][0].__setitem__(
        "hovercraftt", 2), fix_checksum=False)
    with pytest.raises(SaveError) as caught:
        load_game(saved, rules, allow_edited=True)
    assert str(caught.value) == (
        f'{saved}: state.convoys.vehicles[0]["hovercraftt"]: is not a vehicle kind'
    )


@pytest.mark.parametrize("command", ["check", "turn", "report"])
def test_every_command_that_loads_a_save_takes_allow_edited(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from conquest_tui import session
    from conquest_tui.cli import main

    game = session.new_game(map_name="test_small", clans=2, seed="allow-edited")
    path = tmp_path / "edited.json"
    session.save(game, path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"game_turn":1', '"game_turn":2', 1), encoding="utf-8")
    clan = str(game.state.active_clan)
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("[PRE]\n", encoding="utf-8")
    words = [command, "--save", str(path), "--clan", clan, *([str(sheet)] if command != "report"
                                                                 else [])]
    assert main(words) == 1
    assert "to open it anyway, use --allow-edited" in capsys.readouterr().err
    assert main([*words, "--allow-edited"]) == 0
    assert "Game turn 2" in capsys.readouterr().out or command == "check"
    if command == "turn":  # saved again: a valid checksum, no flag needed any more
        assert main(["report", "--save", str(path), "--clan", clan]) == 0


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda s: s["prices"].__setitem__("troops", 0), 'state.prices["troops"]: 0 is below 1'),
        (lambda s: s["prices"].pop("troops"), 'state.prices["troops"]: is missing'),
        (lambda s: s["clans"][0]["stock"].__setitem__("money", -5),
         "state.clans[0].stock.money: -5 is below 0"),
        (lambda s: s["clans"][1].__setitem__("turns_played", -2),
         "state.clans[1].turns_played: -2 is below 0"),
        (lambda s: s["hexes"]["owner"].__setitem__(3, 9), "state.hexes.owner[3]: 9 is not a Clan"),
        (lambda s: s["convoys"]["hex"].__setitem__(1, "0909"),
         'state.convoys.hex[1]: "0909" is not a hex of the map'),
        (lambda s: (s["clan_order"].pop(), s.__setitem__("turn_index", 0)),
         "state.clan_order: Clan 1 is missing"),
        (lambda s: s["clan_order"].__setitem__(0, 1),
         "state.clan_order[1]: Clan 1 is listed twice"),
        (lambda s: s["clans"][0]["sightings"]["owner"].__setitem__(0, 8),
         "state.clans[0].sightings.owner[0]: 8 is not a Clan"),
        (lambda s: s["clans"][0]["city_memory"]["0101"].__setitem__("owner", 6),
         'state.clans[0].city_memory["0101"].owner: 6 is not a Clan'),
        (lambda s: s["convoys"]["experts"].__setitem__(0, ["ENG", "WIZ"]),
         'state.convoys.experts[0][1]: "WIZ" is not an expert'),
        (lambda s: s["clans"][0].__setitem__("bot_level", "godlike"),
         'state.clans[0].bot_level: "godlike" is not a bot\'s level'),
    ],
)
def test_references_and_amounts_are_checked_after_structuring(
    saved: Path, rules: Ruleset, edit: Any, expected: str
) -> None:
    rewrite_data(saved, lambda d: edit(d["state"]), fix_checksum=True)
    check_refused(saved, rules, expected)


def test_newer_version(saved: Path, rules: Ruleset) -> None:
    text = saved.read_text(encoding="utf-8")
    newer = SAVE_VERSION + 2
    saved.write_text(text.replace(f' "version": {SAVE_VERSION},', f' "version": {newer},', 1),
                     encoding="utf-8")
    message = check_refused(saved, rules, f"version {newer}")
    assert message == (
        f"{saved}: this save is version {newer}, but this program reads saves up to version "
        f"{SAVE_VERSION} — please update conquest-tui"
    )


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"format": "conquest-map"}', 'not a conquest-tui save (it is a "conquest-map" file)'),
        ('{"version": 1, "data": {}}', "not a conquest-tui save (it has no format field)"),
        ("[1, 2, 3]", "not a conquest-tui save (the file holds no JSON object)"),
        ('{"format": "conquest-save", "version": "1"}', "no valid version number"),
        ('{"format": "conquest-save", "version": 1, "data": {}}', "no valid checksum"),
    ],
)
def test_not_a_save(tmp_path: Path, rules: Ruleset, content: str, expected: str) -> None:
    path = tmp_path / "other.json"
    path.write_text(content, encoding="utf-8")
    check_refused(path, rules, expected)


def test_bad_field_with_a_valid_checksum(saved: Path, rules: Ruleset) -> None:
    rewrite_data(saved, lambda d: d["state"]["clans"][1]["stock"].__setitem__("money", "x"),
                 fix_checksum=True)
    message = check_refused(saved, rules, "state.clans[1].stock.money")
    assert message == f'{saved}: state.clans[1].stock.money: expected a whole number, got "x"'


def test_bad_hex_column_with_a_valid_checksum(saved: Path, rules: Ruleset) -> None:
    rewrite_data(saved, lambda d: d["state"]["hexes"]["owner"].__setitem__(5, "x"),
                 fix_checksum=True)
    check_refused(saved, rules, 'state.hexes.owner[5]: expected a whole number, got "x"')


def test_state_that_does_not_fit_its_map(saved: Path, rules: Ruleset) -> None:
    def drop_hex(data: dict[str, Any]) -> None:
        for column in data["state"]["hexes"].values():
            column.pop()

    rewrite_data(saved, drop_hex, fix_checksum=True)
    check_refused(saved, rules, "state.hexes: has 8 hexes, the map has 9")


def test_damaged_embedded_map(saved: Path, rules: Ruleset) -> None:
    rewrite_data(saved, lambda d: d["map"].__setitem__("terrain", ["pa.", "fm.", "ap"]),
                 fix_checksum=True)
    check_refused(saved, rules, ": map: terrain")


def test_data_missing_its_state(saved: Path, rules: Ruleset) -> None:
    rewrite_data(saved, lambda d: d.pop("state"), fix_checksum=True)
    check_refused(saved, rules, "data.state: is missing")


def test_folder_instead_of_file(tmp_path: Path, rules: Ruleset) -> None:
    folder = tmp_path / "dir.json"
    folder.mkdir()
    check_refused(folder, rules, "this is a folder, not a save file")


# --- writing: atomic, backups ----------------------------------------------------------------


def turn_of(path: Path) -> int:
    return int(json.loads(path.read_text(encoding="utf-8"))["summary"]["game_turn"])


def test_backups_rotate(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "rot.json"
    for turn in range(1, 6):
        game.state.game_turn = turn
        save_game(game, path, backups=3)
    assert turn_of(path) == 5
    assert [turn_of(savefile.backup_path(path, n)) for n in (1, 2, 3)] == [4, 3, 2]
    assert not savefile.backup_path(path, 4).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "rot.json", "rot.json.bak1", "rot.json.bak2", "rot.json.bak3",
    ]


def test_no_backups_when_asked(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    save_game(game, path, backups=0)
    save_game(game, path, backups=0)
    assert [p.name for p in tmp_path.iterdir()] == ["solo.json"]


def test_the_next_save_removes_what_a_killed_save_left_behind(game: Game,
                                                              tmp_path: Path) -> None:
    """A save killed mid-write leaves `.NAME.xxxx.tmp`; the next save of that file removes it
    and touches nothing else in the folder."""
    path = tmp_path / "g[1].json"
    orphans = [tmp_path / f".g[1].json.{tag}.tmp" for tag in ("a1b2c3", "zz9")]
    others = [tmp_path / ".other.json.a1b2c3.tmp", tmp_path / "notes.tmp"]
    for leftover in (*orphans, *others):
        leftover.write_text("half a save")
    save_game(game, path)
    assert path.is_file() and not any(orphan.exists() for orphan in orphans)
    assert all(other.exists() for other in others)


def test_save_creates_the_folder(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "g.json"
    save_game(game, path)
    assert path.is_file()


def test_failing_serialisation_keeps_the_previous_save(
    game: Game, saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(saved)

    def broken(*args: Any, **kwargs: Any) -> str:
        raise ValueError("disk gremlins")

    monkeypatch.setattr(json, "dumps", broken)
    with pytest.raises(SaveError) as caught:
        save_game(game, saved)
    monkeypatch.undo()
    one_sentence_about(str(caught.value), saved)
    assert "could not be saved (disk gremlins)" in str(caught.value)
    assert snapshot(saved) == before
    assert sorted(p.name for p in saved.parent.iterdir()) == ["x.json"]


@pytest.mark.parametrize("failing_call", [1, 2])
def test_failing_replace_keeps_the_previous_save(
    game: Game, saved: Path, rules: Ruleset, monkeypatch: pytest.MonkeyPatch, failing_call: int
) -> None:
    """os.replace fails on its first use (backup rotation) or its last (the save itself)."""
    before = snapshot(saved)
    real_replace = os.replace
    calls = {"n": 0}

    def flaky(src: Any, dst: Any) -> None:
        calls["n"] += 1
        if calls["n"] == failing_call:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    game.state.game_turn = 9
    monkeypatch.setattr(os, "replace", flaky)
    with pytest.raises(SaveError) as caught:
        save_game(game, saved, backups=1)
    monkeypatch.undo()
    assert str(caught.value) == f"{saved}: the game could not be saved (No space left on device)"
    assert snapshot(saved) == before
    assert load_game(saved, rules).state.game_turn == 3
    assert not [p for p in saved.parent.iterdir() if p.name.startswith(".")]


def test_failing_fsync_keeps_the_previous_save(
    game: Game, saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(saved)

    def no_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", no_fsync)
    with pytest.raises(SaveError, match="could not be saved"):
        save_game(game, saved)
    monkeypatch.undo()
    assert snapshot(saved) == before
    assert sorted(p.name for p in saved.parent.iterdir()) == ["x.json"]


# --- summaries and the load list -------------------------------------------------------------


def test_read_summary(saved: Path) -> None:
    summary = read_summary(saved)
    assert summary.path == saved
    assert (summary.map_name, summary.title, summary.game_turn) == ("save_test", "Save Test", 3)
    assert (summary.active_clan, summary.active_name) == (1, "Red Fox")
    assert summary.clans == ("Blue Jay", "Red Fox")
    assert summary.modified == saved.stat().st_mtime
    assert summary.version == SAVE_VERSION
    assert summary.error == ""


def test_read_summary_of_a_v0_save_without_one() -> None:
    summary = read_summary(V0_FIXTURE)
    assert (summary.title, summary.game_turn, summary.active_name) == (
        "Tiny Test Island", 3, "Red Fox",
    )
    assert summary.version == 0


def test_read_summary_refuses_damaged_files(saved: Path) -> None:
    data = saved.read_bytes()
    saved.write_bytes(data[: len(data) - 200])
    with pytest.raises(SaveError, match="not valid JSON"):
        read_summary(saved)
    with pytest.raises(SaveError, match="no such save file"):
        read_summary(saved.with_name("gone.json"))


def test_a_changed_summary_is_not_shown_and_the_save_is_marked_edited(saved: Path) -> None:
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text.replace('"game_turn": 3', '"game_turn": 30', 1), encoding="utf-8")
    summary = read_summary(saved)
    assert summary.edited
    assert summary.game_turn == 3  # what loading opens, read from the game data
    with pytest.raises(EditedSave):
        load_game(saved)


def test_a_version_2_save_loads_and_lists_its_summary_from_the_data(
    saved: Path, rules: Ruleset
) -> None:
    """Before version 3 the checksum covered `data` only: its summary is not trusted."""
    envelope = json.loads(saved.read_text(encoding="utf-8"))
    envelope["version"] = 2
    envelope["summary"]["active_name"] = "Someone Else"
    envelope["checksum"] = savefile.checksum_of(savefile.canonical_json(envelope["data"]))
    saved.write_text(json.dumps(envelope, indent=1), encoding="utf-8")
    summary = read_summary(saved)
    assert (summary.active_name, summary.version, summary.edited) == ("Red Fox", 2, False)
    assert load_game(saved, rules).clan(1).name == "Red Fox"


def test_list_saves(game: Game, tmp_path: Path) -> None:
    save_game(game, tmp_path / "older.json")
    save_game(game, tmp_path / "newer.json")
    save_game(game, tmp_path / "newer.json")  # makes newer.json.bak1, which is not listed
    shutil.copy(V0_FIXTURE, tmp_path / "ancient.json")
    (tmp_path / "broken.json").write_text('{"format": "conquest-save", "ver', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a save", encoding="utf-8")
    for age, name in enumerate(["newer.json", "broken.json", "older.json", "ancient.json"]):
        stamp = 1_700_000_000 - age * 60
        os.utime(tmp_path / name, (stamp, stamp))
    found = list_saves(tmp_path)
    assert [s.path.name for s in found] == ["newer.json", "broken.json", "older.json",
                                            "ancient.json"]
    assert found[0].error == "" and found[0].title == "Save Test"
    assert found[1].error.startswith(f"{tmp_path / 'broken.json'}: the file is damaged")
    assert found[3].version == 0 and found[3].error == ""
    assert list_saves(tmp_path / "missing") == []


def test_the_save_checks_know_every_bot_level() -> None:
    """A save names a bot's level the bots know, and every level they know is accepted."""
    from conquest_tui.bots import LEVELS
    from conquest_tui.storage.field_rules import BOT_LEVELS

    assert frozenset(LEVELS) == BOT_LEVELS
