"""The fog-safe copy the forecast plays on: a true deep copy, made fast (issue 26, CC-GEN-05)."""

from __future__ import annotations

import copy
from typing import Any

import attrs
import pytest

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import GameState, HexState
from conquest_tui.engine.play.fog_state import fog_safe_state
from conquest_tui.engine.play.forecast import forecast_turn
from conquest_tui.engine.play.record_copy import copy_record, copy_replacing
from conquest_tui.session.bot_turns import bot_sheet
from tests.game_helpers import first_clan


@pytest.fixture(scope="module")
def played() -> Game:
    """Three bot Clans after two game turns: sightings, memories, mail, past reports."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="fog-state",
                            level=["easy", "normal", "hard"])
    for _ in range(2):
        session.play_bots(game)
    return game


def _changeable(root: Any) -> list[Any]:
    """Every list, dict and record reached from `root`, each time it is reached."""
    found: list[Any] = []
    todo = [root]
    while todo:
        value = todo.pop()
        if isinstance(value, (list, dict)) or attrs.has(type(value)):
            found.append(value)
        if isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, dict):
            todo.extend(value.values())
        elif attrs.has(type(value)):
            todo.extend(getattr(value, field.name) for field in attrs.fields(type(value)))
    return found


def test_the_games_state_is_a_tree_so_a_copy_field_by_field_is_a_deep_copy(
        played: Game) -> None:
    """copy.deepcopy keeps an object reached twice as one object; the fast copy does not, which
    is the same only while nothing in the state is reached twice."""
    reached = _changeable(played.state)
    assert len(reached) > 300
    assert len({id(value) for value in reached}) == len(reached)


def test_the_fast_copy_equals_a_deep_copy_and_shares_nothing_changeable(played: Game) -> None:
    mine = copy_record(played.state)
    assert mine == copy.deepcopy(played.state)
    originals = {id(value) for value in _changeable(played.state)}
    assert not any(id(value) in originals for value in _changeable(mine))
    mine.clans[0].stock.money += 1
    mine.cities[0].buildings.append("X")
    assert mine != played.state


def test_the_fast_copy_copies_a_value_not_of_its_declared_type_deeply() -> None:
    """A field holding what its type does not say (an old save's) is copied by copy.deepcopy."""
    state = GameState(map_name="m", seed="s")
    state.paved = ("A", ["B"])  # type: ignore[assignment]
    mine = copy_record(state)
    assert mine.paved == state.paved and mine.paved[1] is not state.paved[1]


def test_a_copy_with_fields_given_is_the_evolved_records_copy(played: Game) -> None:
    """copy_replacing(record, **given) is copy_record(attrs.evolve(record, **given)), made
    without the evolved record: the given values kept as they are, the rest copied (a private
    field by the name evolve takes: a Clan's mail)."""
    clan = played.state.clans[0]
    inbox: list[Any] = []
    mine = copy_replacing(clan, inbox=inbox, mail=[], past_reports=[])
    assert mine == copy_record(attrs.evolve(clan, inbox=inbox, mail=[], past_reports=[]))
    assert mine.inbox is inbox
    assert mine.known_hexes == clan.known_hexes and mine.known_hexes is not clan.known_hexes
    assert mine.stock == clan.stock and mine.stock is not clan.stock


def test_the_forecasts_copy_leaves_out_past_reports_and_past_figures(played: Game) -> None:
    """A Clan's turn reads neither: the copy need not carry them (nor another Clan's)."""
    clan = first_clan(played)
    assert all(c.past_reports for c in played.state.clans) and played.state.turn_figures
    private = fog_safe_state(played, clan)
    assert not any(c.past_reports for c in private.clans) and not private.turn_figures


def test_an_unseen_hex_keeps_only_what_is_not_presumed(played: Game) -> None:
    """The presumed hex is unclaimed, unguarded, of the usual defense, nothing to take; when a
    structure was built, the road's bonus and when it was taken are kept as they are."""
    clan = played.clan(first_clan(played))
    index, hex_id = next((i, h) for i, h in enumerate(played.map.hex_ids())
                         if played.map.is_land(h) and h not in clan.last_turn.visited_hexes
                         and played.state.hexes[i].owner != clan.number)
    real = played.state.hexes[index]
    before = attrs.evolve(real)
    every = {field.name: 7 if field.type in (int, "int") else
             (True if field.type in (bool, "bool") else "Z") for field in attrs.fields(HexState)}
    for name, value in every.items():
        setattr(real, name, value)
    try:
        presumed = fog_safe_state(played, clan.number).hexes[index]
    finally:
        for field in attrs.fields(HexState):
            setattr(real, field.name, getattr(before, field.name))
    kept = {"custom_built_turn", "road_parts_bonus", "conquered_turn"}
    assert {name: getattr(presumed, name) for name in kept} == {name: every[name]
                                                                for name in kept}
    assert (presumed.owner, presumed.garrison, presumed.looted, presumed.special,
            presumed.custom, presumed.money, presumed.food, presumed.fuel, presumed.parts,
            presumed.vaccine) == (0, 0, True, "", "", 0, 0, 0, 0, 0)
    assert presumed.defense != 7 and hex_id


def test_the_forecast_leaves_the_game_as_it_was(played: Game) -> None:
    """The private turn changes only its copy: the game saves the same after a bot's sheet is
    judged (the forecast runs on every line it writes)."""
    from conquest_tui.storage.savefile import game_to_text

    before = game_to_text(played)
    clan = played.state.active_clan
    forecast_turn(played, clan, bot_sheet(played))
    assert game_to_text(played) == before


def test_presumed_hexes_read_as_the_list_of_every_hex(played: Game) -> None:
    """Made when first read, the forecast's hexes read like the list they stand for: by place,
    from the end, by slice, in order and reversed, compared, copied and shown."""
    from conquest_tui.engine.play.presumed_hexes import PresumedHexes

    clan = first_clan(played)
    hexes = fog_safe_state(played, clan).hexes
    assert isinstance(hexes, PresumedHexes)
    whole = [hexes[at] for at in range(len(hexes))]
    fresh = fog_safe_state(played, clan).hexes
    assert fresh[-1] is fresh[len(fresh) - 1] and fresh[2:5] == whole[2:5]
    assert list(fresh) == whole and list(reversed(fresh)) == whole[::-1]
    assert fresh == whole and whole == fresh
    assert (fresh != whole[::-1]) and (whole[::-1] != fresh)
    assert copy.deepcopy(fresh) == whole and fresh.copy() == whole and repr(fresh) == repr(whole)
    assert fresh.index(whole[3]) == whole.index(whole[3]) and whole[0] in fresh
    with pytest.raises(TypeError):
        fresh[0] = whole[0]


def test_the_forecasts_land_index_follows_its_hexes_made_late(played: Game) -> None:
    """The private game's owned hexes: the Clan's own from the start, then a presumed hex read
    late and given to the Clan, then taken back (`Game.owned_hexes`, `OwnerChanges`)."""
    from conquest_tui.engine.play.forecast import private_game

    clan = first_clan(played)
    private = private_game(played, clan)
    own = played.owned_hexes(clan)
    assert private.owned_hexes(clan) == own
    far = next(h for h in reversed(played.map.hex_ids()) if played.map.is_land(h)
               and h not in own and h not in played.clan(clan).last_turn.visited_hexes)
    private.hex(far).set_owner(clan)
    assert private.owned_hexes(clan) == sorted([*own, far], key=played.map.index_of)
    private.hex(far).set_owner(0)
    assert private.owned_hexes(clan) == own and played.hex(far).owner != clan
