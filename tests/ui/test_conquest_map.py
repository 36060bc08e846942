"""Conquest's world map pane: every territory a labelled node that clears its neighbours at
80×24 and 160×50, the borders that wrap round the world as stubs, the cursor by arrows, capital
letters and the mouse; snapshots at both sizes (W42-GEN-05: the classic board's borders)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from conquest_tui.storage.conquest_data import load_board
from conquest_tui.ui.conquest.layout import load_layout
from conquest_tui.ui.conquest.map_canvas import draw_map, place_nodes
from conquest_tui.ui.conquest.map_pane import WorldMap
from tests.ui.conquest_helpers import MemorySeat, TurnHost, deployed_game

SIZES = {"80x24": (80, 24), "160x50": (160, 50)}


@pytest.mark.parametrize(("width", "height"), [(80, 20), (120, 46), (38, 20), (47, 19)])
def test_every_territory_has_a_label_of_its_own(width: int, height: int) -> None:
    layout, board = load_layout(), load_board()
    assert set(layout.spots) == set(board.territories)
    nodes = place_nodes(layout, dict.fromkeys(board.territories, 12), width, height)
    assert len({(n.x, n.y) for n in nodes.values()}) == 42
    for node in nodes.values():
        assert node.x >= 0 and node.end <= width and 0 <= node.y < height
    if width >= 44:  # from the map beside the side panel at 80 columns up, no two touch
        for a in nodes.values():
            for b in nodes.values():
                assert a is b or a.y != b.y or a.end < b.x or b.end < a.x, (a, b)


@pytest.mark.parametrize("armies", [3, 12, 105])
def test_short_labels_clear_each_other_beside_the_side_panel(armies: int) -> None:
    """At 80 columns with the side panel forced open the map is some 47 columns wide: labels
    that still meet on a row are pushed apart, a blank column between, all inside the pane."""
    layout, board = load_layout(), load_board()
    for width in range(44, 60):
        for height in (16, 19, 24):
            nodes = place_nodes(layout, dict.fromkeys(board.territories, armies), width, height)
            for a in nodes.values():
                assert a.x >= 0 and a.end <= width
                for b in nodes.values():
                    assert a is b or a.y != b.y or a.end < b.x or b.end < a.x, (width, a, b)


def test_long_labels_where_there_is_room_short_ones_else() -> None:
    layout, board = load_layout(), load_board()
    armies = dict.fromkeys(board.territories, 3)
    small = place_nodes(layout, armies, 80, 20)
    large = place_nodes(layout, armies, 150, 46)
    assert small["Northwest Territory"].text in ("NWT 3", " NW Territory 3 ")
    assert sum(n.text.startswith(" ") for n in large.values()) > sum(
        n.text.startswith(" ") for n in small.values())
    assert large["Kamchatka"].text == " Kamchatka 3 "
    crowded = place_nodes(layout, dict.fromkeys(board.territories, 123), 47, 19)
    assert crowded["Japan"].text == "Jap 123"  # the number never runs into the name


def test_the_border_round_the_back_of_the_world_is_drawn_as_stubs() -> None:
    layout, board = load_layout(), load_board()
    nodes = place_nodes(layout, dict.fromkeys(board.territories, 1), 120, 40)
    lines = draw_map(layout, board, {}, nodes, 120, 40)
    text = ["".join(segment.text for segment in line) for line in lines]
    alaska, kamchatka = nodes["Alaska"], nodes["Kamchatka"]
    assert text[alaska.y].startswith("Kam◂")
    assert text[kamchatka.y].rstrip().endswith("▸Ala")
    assert "North America +5" in "".join(text) and "Asia +7" in "".join(text)


async def test_arrows_go_to_a_neighbour_letters_jump_a_click_chooses() -> None:
    state = deployed_game()
    app = TurnHost(MemorySeat(state, state.current))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        world = app.screen.query_one(WorldMap)
        world.move_to("Alaska")
        await pilot.press("right")
        assert world.cursor in load_board().neighbours("Alaska")
        await pilot.press("J")
        assert world.cursor == "Japan"
        node = world.nodes["Brazil"]
        await pilot.click(WorldMap, offset=(node.x + 1, node.y))
        await pilot.pause()
        assert world.cursor == "Brazil"
        assert "Brazil" in str(app.screen.query_one("#cq-brief").content) or \
            "Brazil" in str(app.screen.query_one("#cq-here").content)


@pytest.mark.parametrize("size", list(SIZES))
def test_turn_screen_snapshot(snap_compare, size: str) -> None:  # noqa: ANN001 - fixture
    async def run_before(pilot: Pilot) -> None:
        app.screen.query_one(WorldMap).move_to("Ukraine")
        await pilot.pause()

    state = deployed_game()
    app = TurnHost(MemorySeat(state, state.current))
    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)


def test_what_the_others_did_since_the_last_turn() -> None:
    """The turn screen's "since your last turn": the others' moves, not the dice, not one's own."""
    from conquest_tui.ui.conquest.words import since_last_turn

    log = ["Round 1: Ann's turn", "Ann places 3 armies on Peru", "Round 1: Bob's turn",
           "Bob places 3 armies on Ural", "6 5 against 1: Siam loses 1 army",
           "Bob takes Siam; 1 army moves in", "Round 2: Ann's turn", "Ann gets 3 armies"]
    assert since_last_turn(log, "Ann") == ["Round 1: Bob's turn", "Bob places 3 armies on Ural",
                                           "Bob takes Siam; 1 army moves in"]
    assert since_last_turn(log, "Bob") == []
