"""Fog of war as a type: nothing reachable from a ClanView is another Clan's data or live state.

Covers CC-GEN-05: a Clan sees only what it owns or has encountered (its own stockpiles, its own
convoys, the hexes and cities it owns, visited or remembers), never another Clan's.
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Iterator, Mapping

import attrs
import pytest

from conquest_tui import session
from conquest_tui.engine.core.events import shown
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.hexgrid import direction_between
from conquest_tui.engine.core.state import CityState, Clan, Convoy, GameState, HexState
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import UNKNOWN, ClanView

LEAF_TYPES = (str, bytes, int, float, bool, type(None), enum.Enum)
LIVE_TYPES = (Game, GameState, Clan, Convoy, CityState, HexState)
"""The game's live state: a view hands out copies and value records, never these."""


@pytest.fixture(scope="module")
def game() -> Game:
    """Three Clans whose convoys meet at the first Clan's home city, after two game turns."""
    game = session.new_game(map_name="test_small", clans=3, seed="fog")
    first, *others = game.state.clan_order
    home = ClanView(game, first).owned_cities()[0]
    around = [hex_id for _, hex_id in game.map.neighbors(home) if game.map.is_land(hex_id)]
    sheets = {first: "[CONVOY 1]\nPAUSE\n"}
    for clan, hex_id in zip(others, around, strict=False):
        game.move_convoy(game.convoys_of(clan)[0], hex_id)
        sheets[clan] = f"[CONVOY 1]\nRECON\n{direction_between(hex_id, home)}\n"
    for _ in range(2 * len(sheets)):
        clan = game.state.active_clan
        run_clan_turn(game, clan, sheets[clan])
    assert all(clan.met_clans for clan in game.state.clans), "the Clans should have met"
    assert any(clan.sightings for clan in game.state.clans), "someone should have sighted"
    return game


def live_objects(game: Game) -> dict[int, str]:
    """id → where it sits, for the Game and every container and record of its state."""
    found: dict[int, str] = {id(game): "the Game"}
    stack: list[tuple[str, object]] = [("state", game.state)]
    while stack:
        where, obj = stack.pop()
        if isinstance(obj, LEAF_TYPES) or id(obj) in found:
            continue
        found[id(obj)] = where
        if isinstance(obj, Mapping):
            stack.extend((f"{where}[{key!r}]", value) for key, value in obj.items())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend((f"{where}[{index}]", item) for index, item in enumerate(obj))
        elif attrs.has(type(obj)):
            stack.extend((f"{where}.{field.name}", getattr(obj, field.name))
                         for field in attrs.fields(type(obj)))
    return found


def reachable(where: str, root: object) -> Iterator[tuple[str, object]]:
    """(path, object) for everything inside a record: attrs fields, mappings (keys too), lists,
    tuples and sets, recursively (a report, its JSON, an event)."""
    seen: set[int] = set()
    stack: list[tuple[str, object]] = [(where, root)]
    while stack:
        where, obj = stack.pop()
        if not isinstance(obj, LEAF_TYPES):
            if id(obj) in seen:
                continue
            seen.add(id(obj))
        yield where, obj
        if isinstance(obj, Mapping):
            for key, value in obj.items():
                stack.append((f"{where} key", key))
                stack.append((f"{where}[{key!r}]", value))
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend((f"{where}[{index}]", item) for index, item in enumerate(obj))
        elif attrs.has(type(obj)):
            stack.extend((f"{where}.{field.name}", getattr(obj, field.name))
                         for field in attrs.fields(type(obj)))


def _takes_no_arguments(method: object) -> bool:
    try:
        parameters = inspect.signature(method).parameters.values()  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in parameters)


def public_surface(view: ClanView, *, leaves: bool = False) -> Iterator[tuple[str, object]]:
    """(path, object) for everything reachable from the view's public attributes, properties
    and argument-free methods, recursively through records, tuples, lists and mappings; plus
    hex_info and city_info of every map hex. With `leaves`, strings, numbers and the like too."""
    kept: list[object] = []  # keeps every visited object alive, so that ids are not reused
    seen: set[int] = set()
    stack: list[tuple[str, object]] = [("view", view)]
    for hex_id in view.map.hex_ids():
        stack.append((f"view.hex_info({hex_id!r})", view.hex_info(hex_id)))
        stack.append((f"view.city_info({hex_id!r})", view.city_info(hex_id)))
    while stack:
        where, obj = stack.pop()
        if isinstance(obj, LEAF_TYPES):
            if leaves:
                yield where, obj
            continue
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        kept.append(obj)
        yield where, obj
        if isinstance(obj, Mapping):
            for key, value in obj.items():
                stack.append((f"{where} key", key))
                stack.append((f"{where}[{key!r}]", value))
            continue
        if isinstance(obj, list | tuple | set | frozenset):
            stack.extend((f"{where}[{index}]", item) for index, item in enumerate(obj))
            continue
        for name in dir(obj):
            if name.startswith("_"):
                continue
            value = getattr(obj, name)
            if inspect.isclass(value):
                continue
            if callable(value):
                if _takes_no_arguments(value):
                    stack.append((f"{where}.{name}()", value()))
                continue
            stack.append((f"{where}.{name}", value))


def _immutable(obj: object) -> bool:
    """A tuple or frozenset of immutable values: sharing it lets nobody change the game."""
    if not isinstance(obj, tuple | frozenset):
        return False
    try:
        hash(obj)
    except TypeError:
        return False
    return True


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_cc_gen_05_nothing_reachable_from_a_view_is_live_game_state(game: Game,
                                                                    seat: int) -> None:
    clan = game.state.clan_order[seat]
    live = live_objects(game)
    reached = 0
    for where, obj in public_surface(ClanView(game, clan)):
        reached += 1
        assert not isinstance(obj, LIVE_TYPES), f"{where} is a live {type(obj).__name__}"
        if id(obj) in live and not _immutable(obj):
            raise AssertionError(f"{where} is the game's own {live[id(obj)]}")
    assert reached > 1000, "the walk should cover the map, the rules and the Clan's lists"


def test_cc_gen_05_the_view_shows_its_own_stockpiles_and_nobody_elses(game: Game) -> None:
    mine, theirs, *_ = game.state.clan_order
    view = ClanView(game, mine)
    assert view.clan.stock == game.clan(mine).stock
    assert view.clan.name == game.clan(mine).name
    found = {id(obj) for _, obj in public_surface(view)}
    other = game.clan(theirs)
    for private in (other, other.stock, other.last_turn, other.inbox, other.city_memory,
                    other.known_hexes, other.sightings, *game.convoys_of(theirs)):
        assert id(private) not in found


def test_cc_gen_05_changing_what_a_view_returns_changes_nothing_in_the_game(game: Game) -> None:
    clan = game.state.clan_order[0]
    view = ClanView(game, clan)
    money = game.clan(clan).stock.money
    view.clan.stock.money += 1_000_000
    view.known_hexes().clear()
    view.sightings().clear()
    view.prices().clear()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.clan.draft_sheet = "[PRE]\n"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.number = game.state.clan_order[1]  # type: ignore[misc]
    assert game.clan(clan).stock.money == money
    assert game.clan(clan).known_hexes and game.state.prices


def test_cc_gen_05_lists_hold_only_owned_visited_or_remembered_places(game: Game) -> None:
    for clan in game.state.clan_order:
        view = ClanView(game, clan)
        own = game.clan(clan)
        visited = set(own.last_turn.visited_hexes)
        for info in view.listed_hexes():
            assert info.owner == clan or info.hex in visited
        for city in view.listed_cities():
            assert city.owner == clan or city.hex in visited or city.hex in own.city_memory
        assert [(c.number, c.hex) for c in view.convoys()] == [
            (c.number, c.hex) for c in game.convoys_of(clan)]
        for hex_id in game.map.hex_ids():
            if game.hex(hex_id).owner != clan and hex_id not in visited:
                assert view.hex_info(hex_id).owner == UNKNOWN


def test_cc_gen_05_a_views_events_and_problems_are_equal_copies(game: Game) -> None:
    """The events and problems of a Clan's last turn, inbox and mail read as the Clan's own,
    each a record of its own with facts of its own."""
    checked = 0
    for clan in game.state.clans:
        view = ClanView(game, clan.number)
        own = view.last_turn()
        shown_inbox = [e for e in clan.inbox if shown(e.kind)]
        pairs = [*zip(own.events, clan.last_turn.events, strict=True),
                 *zip(own.problems, clan.last_turn.problems, strict=True),
                 *zip(view.since_last_turn(), shown_inbox, strict=True),
                 *zip(view.mail(), clan.mail, strict=True)]
        for copy, original in pairs:
            assert copy == original
            assert copy is not original and copy.facts is not original.facts
            checked += 1
    assert checked > 10
