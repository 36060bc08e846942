"""A game's hexes, past figures and past reports are checked on load, made when first used.

A load checks the hexes' table (and the history's figures and each Clan's past reports) a
column at a time and leaves the records unmade until a turn, a map or the history needs them
(issue 26); a damaged one is still refused on load, naming the file and the field; a save
writes what nobody read back as it was read, and a game plays the same whether its hexes were
read before or not (CC-HEX: each hex's owner, defense, structures and goods; issue 16: the
history's reports and figures).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import HexState
from conquest_tui.storage.clan_tables import make_together
from conquest_tui.storage.converter import converter
from conquest_tui.storage.hooks import Prepared
from conquest_tui.storage.past_reports import SavedReports
from conquest_tui.storage.save_state import structure_state
from conquest_tui.storage.saved_tables import SavedTable
from conquest_tui.storage.savefile import SaveError, game_to_text, load_game
from tests.save_helpers import played_save
from tools.damage_saves import forged_text


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    return played_save(tmp_path_factory.mktemp("lazy"))


def _forged(path: Path, edit: Any, folder: Path) -> Path:
    envelope = json.loads(path.read_text(encoding="utf-8"))
    edit(envelope["data"]["state"])
    forged = folder / "forged.json"
    forged.write_bytes(forged_text(envelope).encode("utf-8"))
    return forged


def test_a_load_leaves_the_hexes_unmade_and_a_save_writes_them_as_read(
        played: tuple[Game, Path]) -> None:
    game, path = played
    again = load_game(path)
    for name in ("hexes", "turn_figures"):
        assert isinstance(again.state.kept_table(name), SavedTable)
    assert game_to_text(again) == path.read_text(encoding="utf-8")
    for name in ("hexes", "turn_figures"):  # the save did not make them
        assert isinstance(again.state.kept_table(name), SavedTable)
    assert all(isinstance(clan.kept_past_reports(), SavedReports) for clan in again.state.clans)
    assert again.state.hexes == game.state.hexes
    assert again.state.turn_figures == game.state.turn_figures != []
    for before, after in zip(game.state.clans, again.state.clans, strict=True):
        assert [(past.game_turn, past.summary) for past in after.past_reports] == [
            (past.game_turn, past.summary) for past in before.past_reports] != []
        assert after.past_reports[-1].text == before.past_reports[-1].text  # older: by replay
    assert all(type(made) is HexState for made in again.state.hexes)
    assert again.state.kept_table("hexes") is again.state.hexes  # made once: a plain list
    assert game_to_text(again) == path.read_text(encoding="utf-8")


def test_a_game_plays_the_same_whether_its_hexes_were_read_before(
        played: tuple[Game, Path]) -> None:
    _, path = played
    lazy, read = load_game(path), load_game(path)
    _ = read.state.hexes
    for game in (lazy, read):
        session.play_bots(game)
    assert game_to_text(lazy) == game_to_text(read)


def test_a_copy_made_before_the_hexes_were_read_shares_them(played: tuple[Game, Path]) -> None:
    _, path = played
    game = load_game(path)
    copy = attrs.evolve(game.state)  # as the order checker copies the state (play/plan.py)
    game.state.hexes[0].garrison += 5
    assert copy.hexes is game.state.hexes
    assert copy.hexes[0].garrison == game.state.hexes[0].garrison


@pytest.mark.parametrize(("edit", "field", "reason"), [
    (lambda state: state["hexes"]["owner"].__setitem__(3, "7"), "state.hexes.owner[3]",
     "expected a whole number"),
    (lambda state: state["hexes"]["looted"].__setitem__(2, 1), "state.hexes.looted[2]",
     "expected true or false"),
    # a flag, a list or nothing where a whole number goes, a number where a flag or a text goes
    (lambda state: state["hexes"]["owner"].__setitem__(6, True), "state.hexes.owner[6]",
     "expected a whole number"),
    (lambda state: state["hexes"]["food"].__setitem__(7, [1]), "state.hexes.food[7]",
     "expected a whole number"),
    (lambda state: state["hexes"]["fuel"].__setitem__(8, None), "state.hexes.fuel[8]",
     "expected a whole number"),
    (lambda state: state["hexes"]["looted"].__setitem__(9, None), "state.hexes.looted[9]",
     "expected true or false"),
    (lambda state: state["hexes"]["special"].__setitem__(10, 0), "state.hexes.special[10]",
     "expected text in quotes"),
    (lambda state: state["hexes"]["owner"].__setitem__(4, 99), "state.hexes.owner[4]",
     "99 is not a Clan"),
    (lambda state: state["hexes"]["defense"].__setitem__(1, 0), "state.hexes.defense[1]",
     "0 is below 1"),
    (lambda state: state["hexes"]["special"].__setitem__(5, "XYZ"), "state.hexes.special[5]",
     '"XYZ" is not a special structure'),
    (lambda state: state["hexes"]["money"].pop(), "state.hexes.money", "has"),
    (lambda state: state["turn_figures"]["clan"].__setitem__(2, 99),
     "state.turn_figures.clan[2]", "99 is not a Clan"),
    (lambda state: state["turn_figures"]["money"].__setitem__(1, -5),
     "state.turn_figures.money[1]", "-5 is below 0"),
    (lambda state: state["turn_figures"]["game_turn"].__setitem__(0, 1.5),
     "state.turn_figures.game_turn[0]", "expected a whole number"),
    (lambda state: state["clans"][1]["past_reports"]["game_turn"].__setitem__(1, 0),
     "state.clans[1].past_reports[1].game_turn", "0 is below 1"),
    (lambda state: state["clans"][2]["past_reports"]["summary"].__setitem__(0, 5),
     "state.clans[2].past_reports.summary[0]", "expected text in quotes"),
    (lambda state: state["clans"][2]["stock"].__setitem__("money", "lots"),
     "state.clans[2].stock.money", 'expected a whole number, got "lots"'),
    (lambda state: state["clans"][1]["stock"].__setitem__("fuel", True),
     "state.clans[1].stock.fuel", "expected a whole number, got true"),
    (lambda state: state["clans"][1]["stock"].__setitem__("gold", 5),
     "state.clans[1].stock.gold", "is not a known field"),
    (lambda state: state["clans"][1].__setitem__("allies", ["2"]),
     "state.clans[1].allies[0]", 'expected a whole number, got "2"'),
    (lambda state: state["clans"][2].__setitem__("bot_level", "godlike"),
     "state.clans[2].bot_level", '"godlike" is not a bot\'s level'),
    (lambda state: state["clans"][0].__setitem__("seat", ["bot"]),
     "state.clans[0].seat", "expected text in quotes"),
    (lambda state: state["clans"][1].__setitem__("structure_uses", {"0101": "once"}),
     'state.clans[1].structure_uses["0101"]', 'expected a whole number, got "once"'),
    (lambda state: state["clans"][2].__setitem__("met_clans", 3),
     "state.clans[2].met_clans", "expected a list, got 3"),
    (lambda state: state["convoys"]["troops"].__setitem__(1, -3),
     "state.convoys.troops[1]", "-3 is below 0"),
    (lambda state: state["cities"]["claymores"].__setitem__(0, -1),
     "state.cities.claymores[0]", "-1 is below 0"),
])
def test_a_damaged_hex_figure_or_report_is_refused_on_load_naming_the_field(
        played: tuple[Game, Path], tmp_path: Path, edit: Any, field: str, reason: str) -> None:
    _, path = played
    forged = _forged(path, edit, tmp_path)
    with pytest.raises(SaveError) as caught:
        load_game(forged)
    assert str(caught.value).startswith(f"{forged}: {field}: {reason}")


def test_a_missing_column_takes_the_fields_default_as_before(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    game, path = played
    forged = _forged(path, lambda state: state["hexes"].pop("vaccine"), tmp_path)
    again = load_game(forged, allow_edited=True)
    assert [made.vaccine for made in again.state.hexes] == [0] * len(game.state.hexes)
    assert again.state.hexes[0].owner == game.state.hexes[0].owner


def test_every_clans_tables_made_together_are_those_made_clan_by_clan(
        played: tuple[Game, Path]) -> None:
    """The last turns' problems made in one go for all Clans (storage/clan_tables) are what
    each Clan's own pass makes; the inboxes (CC-SEQ-16) and the Clans' knowledge (CC-GEN-05
    sightings, CC-RPT-01 memories of cities) are left as read, to their first use."""
    _, path = played
    data = json.loads(path.read_text(encoding="utf-8"))["data"]["state"]
    for line, clan in enumerate(data["clans"][:2], start=3):  # the bots' sheets have none
        clan["last_turn"]["problems"] = {"code": ["unknown-order"], "facts": [{"word": "FLY"}],
                                         "level": ["parse"], "line": [line]}
    alone = structure_state(json.loads(json.dumps(data)))
    make_together(data, converter())
    assert all(isinstance(clan["last_turn"]["problems"], Prepared) for clan in data["clans"])
    assert all(isinstance(clan["stock"], Prepared) for clan in data["clans"])  # CC-RES-01
    for name in ("inbox", "city_memory", "sightings"):
        assert not isinstance(data["clans"][0][name], Prepared)
    together = structure_state(data)
    assert together.clans == alone.clans
    assert any(clan.last_turn.problems for clan in together.clans)
    assert all(type(clan.last_turn.problems) is list for clan in together.clans)


def test_an_empty_table_loads_empty_and_one_missing_a_column_is_still_refused(
        played: tuple[Game, Path], tmp_path: Path) -> None:
    """A table with every column empty is no records (CC-CNV: no convoys left); one that lacks
    a column with no default is refused as before, naming it."""
    _, path = played

    def emptied(state: dict[str, Any]) -> None:
        state["convoys"] = {name: [] for name in state["convoys"]}

    again = load_game(_forged(path, emptied, tmp_path), allow_edited=True)
    assert again.state.convoys == []

    def lacking(state: dict[str, Any]) -> None:
        emptied(state)
        del state["convoys"]["owner"]

    forged = _forged(path, lacking, tmp_path)
    with pytest.raises(SaveError, match=r"state\.convoys\.owner: is missing"):
        load_game(forged, allow_edited=True)
