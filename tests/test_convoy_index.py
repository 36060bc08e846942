"""The fast lookups stay true: the hex → convoys index equals a scan of the convoy list after
every Clan turn and every move of seeded bot games, and the bots' shared path answers equal a
fresh search and are never served for another ground (issue "Fast at scale again")."""

from __future__ import annotations

from itertools import compress, repeat
from operator import attrgetter, eq

import attrs
import pytest

from conquest_tui import session
from conquest_tui.bots import write_sheet
from conquest_tui.bots.paths import Paths, answers_for
from conquest_tui.engine.core.game import Game, link_key
from conquest_tui.engine.core.state import Convoy, OwnerChanges
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView

_HEX = attrgetter("hex")


def scanned(game: Game, hex_id: str) -> list[Convoy]:
    """Every convoy in a hex, by a scan of the whole list (what the index replaces)."""
    convoys = game.state.convoys
    return list(compress(convoys, map(eq, map(_HEX, convoys), repeat(hex_id))))


def assert_index_true(game: Game) -> None:
    hexes = {convoy.hex for convoy in game.state.convoys} | set(game.map.hex_ids()[:50])
    for hex_id in sorted(hexes):
        found = game.convoys_in(hex_id)
        expected = scanned(game, hex_id)
        assert [id(c) for c in found] == [id(c) for c in expected], hex_id
    among = game.convoys_among(hexes)
    assert [c for _, c in among] == [c for c in game.state.convoys if c.hex in hexes]
    assert [p for p, _ in among] == sorted({p for p, _ in among})
    for clan in game.state.clans:
        own = sorted((c for c in game.state.convoys if c.owner == clan.number),
                     key=attrgetter("number"))
        assert [id(c) for c in game.convoys_of(clan.number)] == [id(c) for c in own]
        for convoy in own:
            assert game.convoy(clan.number, convoy.number) is convoy
    assert all(game.has_convoy(c) for c in game.state.convoys)
    for clan in game.state.clans:  # the Clans' hexes follow every capture
        assert game.owned_hexes(clan.number) == [
            h for h, s in zip(game.map.hex_ids(), game.state.hexes, strict=True)
            if s.owner == clan.number]


@pytest.mark.parametrize(("map_name", "clans", "level"),
                         [("test_small", 4, "hard"), ("europe", 6, "normal")])
def test_the_hex_index_equals_a_scan_after_every_clan_turn_and_move(
        map_name: str, clans: int, level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = session.new_game(map_name=map_name, clans=clans, bots=clans, seed="index-1",
                            turn_limit=6, level=level)
    moves = 0
    real_move = Game.move_convoy

    def checked_move(self: Game, convoy: Convoy, target: str) -> None:
        nonlocal moves
        real_move(self, convoy, target)
        moves += 1
        assert_index_true(self)

    removed = 0
    real_remove = Game.remove_convoy

    def checked_remove(self: Game, convoy: Convoy) -> None:
        nonlocal removed
        real_remove(self, convoy)
        removed += 1
        assert not self.has_convoy(convoy)
        assert_index_true(self)

    monkeypatch.setattr(Game, "move_convoy", checked_move)
    monkeypatch.setattr(Game, "remove_convoy", checked_remove)
    while not game.state.finished:
        clan = game.state.active_clan
        run_clan_turn(game, clan, write_sheet(ClanView(game, clan), level))
        assert_index_true(game)
    assert moves > 50, "the bots should have moved"


def test_a_changed_convoy_list_is_seen() -> None:
    game = session.new_game(map_name="test_small", clans=4, bots=4, seed="index-2")
    convoy = game.state.convoys[0]
    assert_index_true(game)
    game.move_convoy(convoy, next(h for _, h in game.map.neighbors(convoy.hex)))
    assert_index_true(game)
    game.state.convoys.append(Convoy(owner=convoy.owner, number=99, name="", convoy_type="land",
                                     hex=convoy.hex))
    assert_index_true(game)
    game.remove_convoy(convoy)
    assert_index_true(game)
    game.state.convoys = list(reversed(game.state.convoys))
    assert_index_true(game)


def test_shared_path_answers_equal_a_fresh_search_and_follow_the_ground() -> None:
    game = session.new_game(map_name="europe", clans=4, bots=4, seed="paths-1")
    view = ClanView(game, game.state.active_clan)
    start = game.state.convoys[0].hex
    first = Paths(view)
    deep = first.reach("land", start, 6)
    shallow = Paths(view).reach("land", start, 3)  # cut from the shared deep search
    fresh = Paths(view)._search("land", start, 3)
    assert list(shallow.previous.items()) == list(fresh.previous.items())
    assert list(shallow.distance.items()) == list(fresh.distance.items())
    assert list(first.reach("land", start, 3).distance.items()) == [
        (h, d) for h, d in deep.distance.items() if d <= 3]
    ground = view.entry_ground()
    assert answers_for(ground) is answers_for(ClanView(game, game.state.clan_order[1])
                                                .entry_ground())
    a, b = start, next(h for _, h in game.map.neighbors(start))
    game.pave(a, b)  # a road paved: another ground, whose answers start empty
    paved = ClanView(game, game.state.active_clan).entry_ground()
    assert paved != ground
    assert answers_for(paved) is not answers_for(ground)
    assert not answers_for(paved).searched


@pytest.mark.parametrize("map_name", ["test_small", "europe", "oceania", "british_isles"])
def test_legal_steps_are_the_neighbours_entry_problem_allows(map_name: str) -> None:
    from conquest_tui.engine.convoys import movement

    game = session.new_game(map_name=map_name, clans=4, bots=4, seed="steps-1")
    island = next((h for h in game.map.hex_ids() if game.map.is_island(h)), None)
    if island is not None:
        game.pave(island, game.map.neighbors(island)[0][1])
    for hex_id in game.map.hex_ids():
        for convoy_type in game.rules.convoy_types:
            expected = tuple((d, t) for d, t in game.map.neighbors(hex_id)
                             if movement.entry_problem(game, convoy_type, hex_id, t) is None)
            assert movement.legal_steps(game, convoy_type, hex_id) == expected


def test_the_lookups_stay_true_as_convoys_are_destroyed_between_moves() -> None:
    """A convoy taken out of the game (destroyed in battle, disbanded, absorbed) leaves the
    hex index and each Clan's convoys at once, whatever moved before or after; a convoy not in
    the game changes nothing (CC-CBV-14: a convoy with no vehicles left is destroyed)."""
    game = session.new_game(map_name="europe", clans=6, bots=6, seed="index-3")
    for clan in game.state.clans:  # a second convoy for each Clan, in its home hex
        home = game.convoys_of(clan.number)[0]
        game.state.convoys.append(Convoy(owner=clan.number, number=2, name="",
                                         convoy_type="land", hex=home.hex))
    game.state.convoys.sort(key=attrgetter("owner", "number"))
    assert_index_true(game)
    first, second, *rest = game.state.convoys
    game.move_convoy(second, rest[0].hex)  # two Clans' convoys share a hex
    game.remove_convoy(rest[0])
    assert_index_true(game)
    game.move_convoy(first, second.hex)
    here = [id(c) for c in game.convoys_in(second.hex)]
    assert here.index(id(first)) < here.index(id(second))  # in the convoy list's order
    game.remove_convoy(second)
    game.remove_convoy(first)  # the Clan's last convoy: it has none left
    assert game.convoys_of(first.owner) == []
    assert_index_true(game)
    game.remove_convoy(first)  # already gone
    assert_index_true(game)
    last = game.state.convoys[-1]
    game.move_convoy(last, game.state.convoys[0].hex)  # a move, then a removal
    game.remove_convoy(game.state.convoys[1])
    assert_index_true(game)
    while game.state.convoys:
        game.remove_convoy(game.state.convoys[len(game.state.convoys) // 2])
        assert_index_true(game)


def test_a_road_paved_in_play_touches_both_its_hexes_and_no_other() -> None:
    """A hex has a road when the map or a link paved in play touches it, before and after the
    game's lookups are rebuilt (CC-TER-16; the paved hexes are looked up, not searched)."""
    game = session.new_game(map_name="europe", clans=4, bots=4, seed="roads-1")

    def by_search(hex_id: str) -> bool:
        return game.map.has_road(hex_id) or any(
            game.road_between(hex_id, other) for _, other in game.map.neighbors(hex_id))

    bare = [h for h in game.map.hex_ids() if not by_search(h)
            and not any(by_search(o) for _, o in game.map.neighbors(h))]
    a = bare[0]
    b = game.map.neighbors(a)[0][1]
    assert not game.has_road(a) and not game.has_road(b)
    game.pave(a, b)
    c, d = bare[-1], bare[-3]
    assert not game.map.are_adjacent(c, d)
    game.state.paved.append(link_key(c, d))  # a link of hexes that do not touch: no road
    for check in (game, Game(game.rules, game.map, game.state)):
        assert check.has_road(a) and check.has_road(b)
        assert not check.has_road(c) and not check.has_road(d)
        assert [h for h in game.map.hex_ids() if check.has_road(h)] == [
            h for h in game.map.hex_ids() if by_search(h)]


def test_a_clans_hexes_follow_every_capture_and_loss() -> None:
    """The hexes a Clan owns are kept between calls, yet follow every hex taken or lost, a hex
    list put in place of the old one, and a caller changing the list it was given (CC-HEX-01:
    a Clan's hexes; their income and the hex list of its report read them)."""
    game = session.new_game(map_name="europe", clans=4, bots=4, seed="lands-1")
    first, second = game.state.clan_order[:2]

    def scan(clan: int) -> list[str]:
        return [h for h, s in zip(game.map.hex_ids(), game.state.hexes, strict=True)
                if s.owner == clan]

    mine = game.owned_hexes(first)
    assert mine == scan(first) and mine
    mine.clear()  # the caller's own copy
    assert game.owned_hexes(first) == scan(first)
    taken = game.hex(game.owned_hexes(first)[0])
    taken.set_owner(second)  # captured
    assert game.owned_hexes(first) == scan(first)
    assert game.owned_hexes(second) == scan(second)
    game.hex(game.map.hex_ids()[0]).set_owner(first)
    assert game.owned_hexes(first) == scan(first)
    game.state.hexes = [attrs.evolve(s, owner=0) for s in game.state.hexes]  # another list
    assert game.owned_hexes(first) == [] == game.owned_hexes(second)


def test_a_clans_hexes_stay_true_when_the_log_of_captures_is_emptied(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hexes given lately are kept in a short log: a game that read them before the log was
    emptied builds them afresh; a hex given twice, or a hex of another game given, changes
    nothing wrongly (CC-HEX-01: a Clan's hexes, its income and the hex list it reads)."""
    monkeypatch.setattr(OwnerChanges, "KEEP", 3)
    game = session.new_game(map_name="europe", clans=4, bots=4, seed="lands-2")
    other = session.new_game(map_name="europe", clans=4, bots=4, seed="lands-2")
    first, second = game.state.clan_order[:2]

    def scan(clan: int) -> list[str]:
        return [h for h, s in zip(game.map.hex_ids(), game.state.hexes, strict=True)
                if s.owner == clan]

    for hex_id in [h for h in game.map.hex_ids() if not game.hex(h).owner][:8]:
        game.hex(hex_id).set_owner(first)
        other.hex(hex_id).set_owner(first)
    before = game.owned_hexes(first)
    assert before == scan(first) == other.owned_hexes(first)
    mine = game.hex(before[0])
    mine.set_owner(second)
    mine.set_owner(first)  # taken and taken back: the same as before
    assert game.owned_hexes(first) == before == scan(first)
    other.hex(before[1]).set_owner(second)  # another game's hex: not this one's
    assert game.owned_hexes(first) == before
    assert other.owned_hexes(first) == [h for h in before if h != before[1]]
    for hex_id in before[:5]:  # more than the log keeps: built afresh
        game.hex(hex_id).set_owner(0)
    assert game.owned_hexes(first) == before[5:] == scan(first)
    assert game.owned_hexes(second) == scan(second)
    assert game.owned_hexes(0) == []


def test_a_game_indexed_afresh_reads_its_own_paved_roads(game: Game) -> None:
    """The ends of the paved links are kept from the last game indexed on the same map with the
    same links (a forecast's copy); a game with other links, or after a road is paved, reads its
    own (CC-MOVE-22)."""
    first = game.map.hex_ids()[0]
    second = game.map.neighbors(first)[0][1]
    Game(game.rules, game.map, game.state)  # indexed without the road
    paved = attrs.evolve(game.state, paved=[link_key(first, second)])
    assert Game(game.rules, game.map, paved).has_road(second)
    assert Game(game.rules, game.map, game.state).has_road(second) == game.map.has_road(second)
    game.pave(first, second)
    assert Game(game.rules, game.map, game.state).has_road(first)


def test_a_move_in_another_game_leaves_this_games_index_as_it_is() -> None:
    """A forecast moves the convoys of a copy of the game: the real game's hex index stays
    true and is not rebuilt for it, and a convoy from outside the game is moved without
    entering the index (issue "Fast at scale again": one rebuild a Clan-turn on 40 Clans)."""
    game = session.new_game(map_name="europe", clans=4, bots=4, seed="index-4")
    copy = session.new_game(map_name="europe", clans=4, bots=4, seed="index-4")
    assert_index_true(game)
    index = game._hex_index()
    moved = copy.state.convoys[0]
    target = next(h for _, h in copy.map.neighbors(moved.hex))
    copy.move_convoy(moved, target)
    assert moved.hex == target
    assert game._hex_index() is index
    assert_index_true(game)
    assert_index_true(copy)
    stray = Convoy(owner=1, number=9, name="", convoy_type="land", hex=moved.hex)
    game.move_convoy(stray, game.state.convoys[0].hex)
    assert stray.hex == game.state.convoys[0].hex
    assert game._hex_index() is index
    assert stray not in game.convoys_in(stray.hex)
    assert_index_true(game)


def test_only_move_convoy_sets_a_convoys_hex() -> None:
    """Nothing counts hex sets any more (the hook made every convoy four times dearer to make):
    the hex index stays true because the game, its tools, benches and tests move convoys only
    through `Game.move_convoy`; an assignment to `.hex` anywhere else would leave it wrong."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    found = []
    for folder in ("conquest_tui", "tools", "bench", "tests"):
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for function in ast.walk(tree):
                if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for node in ast.walk(function):
                    targets = (node.targets if isinstance(node, ast.Assign)
                               else [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign)
                               else [])
                    flat = [t for target in targets for t in
                            (target.elts if isinstance(target, ast.Tuple) else [target])]
                    if any(isinstance(t, ast.Attribute) and t.attr == "hex" for t in flat):
                        found.append(f"{path.relative_to(root)}:{function.name}")
    assert found == ["conquest_tui/engine/core/game.py:move_convoy"]
