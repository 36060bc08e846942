"""Golden turns: one convoy of each type moves on test_small; its report is checked line by line.

Clan 144 (Brackwater, 0308: swamp, river mouth, on the coast, on two roads) plays its first turn
with one convoy #1 of the type under test, in Recon mode so that no hex is attacked. Income is
the only line not pinned here (another part of the engine); every stock is checked against it.
The convoy's parts turn factor for this seed is 0.916 (AMB-28), its training 30 (factor 1).
"""

from __future__ import annotations

import attrs
import pytest

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.paper.report_text import event_line
from conquest_tui.engine.play.turn import run_clan_turn

HOME = "0308"
START = {"money": 25_000, "food": 100, "fuel": 300, "parts": 50, "vaccine": 10, "troops": 15}


@attrs.frozen
class Golden:
    sheet: str
    lines: tuple[str, ...]
    hex: str
    spent: dict[str, int]
    """Stock used this turn, beyond income (troops: those now aboard the convoy)."""
    moves: int


def _play(game: Game, convoy_type: str, sheet: str, *,
          airport: bool = False) -> tuple[int, list[str]]:
    clan = game.state.clan_order[0]
    start = game.convoy(clan, 1)
    assert start is not None and start.hex == HOME
    game.remove_convoy(start)
    if airport:
        game.city(HOME).buildings.append("AIR")  # type: ignore[union-attr]
    convoy = convoys.create_convoy(game, clan, 1, HOME, convoy_type, hidden=False)
    convoy.created_turn = 0
    convoy.mode = "recon"
    result = run_clan_turn(game, clan, "[CONVOY 1]\n" + sheet)
    return clan, [event_line(e) for e in result.events if e.kind != "income"]


LAND = Golden(
    sheet="N\nN\nSW\nNE\nNW\nSE\nSE\nPAUSE\n",
    lines=(
        "[pickup] Convoy #1 picked up 5 troops in 0308.",
        # 1 car + 2 bikes: fuel rate 2+1+1 = 4; road ×0.5 -> 2
        "[pulse 1, line 2] Convoy #1 moved N 0307 (Plains) by road for 2 fuel.",
        "[pulse 2, line 3] Convoy #1 moved N 0306 (Plains) by road for 2 fuel.",
        # island only along the causeway road: 4 × 1.5 × 0.5 = 3
        "[pulse 3, line 4] Convoy #1 moved SW 0206 (Islands) by road for 3 fuel.",
        "[pulse 4, line 5] Convoy #1 moved NE 0306 (Plains) by road for 2 fuel.",
        "[pulse 5, line 6] convoy #1 cannot move: 0205 is water: a land convoy cannot enter it "
        "(CC-MOVE-04)",
        # 0306-0406 has no road: 4 × 1.0
        "[pulse 6, line 7] Convoy #1 moved SE 0406 (Plains) for 4 fuel.",
        "[pulse 7, line 8] convoy #1 has 0 of its 5 moves left this turn; the move to 0507 was "
        "cancelled",
        # PAUSE: 4 × 1.0 × 0.5, a road in the hex: × 0.5 again = 1
        "[pulse 8, line 9] Convoy #1 paused in 0406 for 1 fuel.",
        # size 5 × 0.1 × 0.916 = 0.458 per hex; 5 road/plains hexes at ×1 + PAUSE ½ = 2.75 → 3
        "[maintenance] Convoy #1 used 3 parts for maintenance.",
        "[maintenance] Convoy #1's morale fell by 6 to 24.",
    ),
    hex="0406", spent={"fuel": 14, "parts": 3, "food": 15, "troops": 5, "money": 0}, moves=5,
)

SEA = Golden(
    sheet="S\nN\nNE\nNE\nN\nSW\nSW\nNW\nN\nNE\n",
    lines=(
        "[pickup] Convoy #1 picked up 5 troops in 0308.",
        # motorboat + jetski: fuel rate 3
        "[pulse 1, line 2] Convoy #1 moved S 0309 (Water) for 3 fuel.",
        # back into the coastal river mouth from the water: swamp 3 × 1.5 = 4.5 -> 5
        "[pulse 2, line 3] Convoy #1 moved N 0308 (Swamp) for 5 fuel.",
        # up the river: × 2 in place of the terrain
        "[pulse 3, line 4] Convoy #1 moved NE 0407 (Swamp) along the river for 6 fuel.",
        "[pulse 4, line 5] Convoy #1 moved NE 0507 (Agricultural) along the river for 6 fuel.",
        "[pulse 5, line 6] convoy #1 cannot move: a sea convoy in the river hex 0507 may only "
        "follow the river or go into water or islands; no river leads to 0506 (CC-MOVE-08)",
        "[pulse 6, line 7] Convoy #1 moved SW 0407 (Swamp) along the river for 6 fuel.",
        "[pulse 7, line 8] Convoy #1 moved SW 0308 (Swamp) along the river for 6 fuel.",
        "[pulse 8, line 9] Convoy #1 moved NW 0207 (Water) for 3 fuel.",
        "[pulse 9, line 10] Convoy #1 moved N 0206 (Islands) for 5 fuel.",
        # from islands into a coastal land hex
        "[pulse 10, line 11] Convoy #1 moved NE 0306 (Plains) for 3 fuel.",
        # size 4 × 0.1 × 0.916 = 0.3664 × (1 + 3 + 4 × 1.5 + 1 + 1.5 + 1 = 13.5) = 4.95 -> 5
        "[maintenance] Convoy #1 used 5 parts for maintenance.",
        "[maintenance] Convoy #1's morale fell by 6 to 24.",
    ),
    hex="0306", spent={"fuel": 43, "parts": 5, "food": 15, "troops": 5, "money": 0}, moves=9,
)

AMPHIBIOUS = Golden(
    sheet="S\nN\nNE\nN\nSW\nNW\nSW\n",
    lines=(
        "[pickup] Convoy #1 picked up 7 troops in 0308.",
        # hovercraft + skimmer: fuel rate 6
        "[pulse 1, line 2] Convoy #1 moved S 0309 (Water) for 6 fuel.",
        "[pulse 2, line 3] Convoy #1 moved N 0308 (Swamp) for 9 fuel.",
        # along the river: terrain cost, no discount (AMB-18)
        "[pulse 3, line 4] Convoy #1 moved NE 0407 (Swamp) for 9 fuel.",
        "[pulse 4, line 5] Convoy #1 moved N 0406 (Plains) for 6 fuel.",
        # a real road: × 0.5
        "[pulse 5, line 6] Convoy #1 moved SW 0307 (Plains) by road for 3 fuel.",
        # islands freely, without the road: 6 × 1.5
        "[pulse 6, line 7] Convoy #1 moved NW 0206 (Islands) for 9 fuel.",
        "[pulse 7, line 8] convoy #1 has 0 of its 6 moves left this turn; the move to 0107 was "
        "cancelled",
        # 0.3664 × (1 + 3 + 3 + 1 + 1 + 1.5 = 10.5) = 3.85 -> 4
        "[maintenance] Convoy #1 used 4 parts for maintenance.",
        "[maintenance] Convoy #1's morale fell by 6 to 24.",
    ),
    hex="0206", spent={"fuel": 42, "parts": 4, "food": 15, "troops": 7, "money": 0}, moves=6,
)

MILITARY = Golden(
    sheet="SW\nN\nNE\nNE\nNE\nSE\nN\nN\n",
    lines=(
        "[pickup] Convoy #1 picked up 4 troops in 0308.",
        "[pulse 1, line 2] convoy #1 cannot move: 0208 is water: a military convoy cannot "
        "enter it (CC-MOVE-04)",
        # 2 jeeps: fuel rate 6, road × 0.5
        "[pulse 2, line 3] Convoy #1 moved N 0307 (Plains) by road for 3 fuel.",
        "[pulse 3, line 4] Convoy #1 moved NE 0406 (Plains) by road for 3 fuel.",
        "[pulse 4, line 5] Convoy #1 moved NE 0506 (Agricultural) by road for 3 fuel.",
        "[pulse 5, line 6] Convoy #1 moved NE 0605 (Agricultural) by road for 3 fuel.",
        # metropolis: 6 × 0.5 × 0.5 = 1.5 -> 2
        "[pulse 6, line 7] Convoy #1 moved SE 0706 (Metropolis) by road for 2 fuel.",
        "[pulse 7, line 8] Convoy #1 moved N 0705 (Agricultural) by road for 3 fuel.",
        # all fast scouts: 5 + 1 = 6 moves
        "[pulse 8, line 9] convoy #1 has 0 of its 6 moves left this turn; the move to 0704 was "
        "cancelled",
        # size 2 × 0.1 × 1.5 (military) × 0.916 = 0.2748 × 6 road hexes = 1.65 -> 2
        "[maintenance] Convoy #1 used 2 parts for maintenance.",
        "[maintenance] Convoy #1's morale fell by 6 to 24.",
    ),
    hex="0705", spent={"fuel": 17, "parts": 2, "food": 15, "troops": 4, "money": 0}, moves=6,
)

AIR = Golden(
    sheet="0706\n1311\n0911\n0309\n1601\n0308\n",
    lines=(
        # ultralight: fuel rate 1 per hex of distance, terrain ignored
        "[pulse 1, line 2] Convoy #1 moved to 0706 (Metropolis) for 4 fuel.",
        "[pulse 2, line 3] Convoy #1 moved to 1311 (Metropolis) for 8 fuel.",
        "[pulse 3, line 4] Convoy #1 moved to 0911 (Jungle) for 4 fuel.",
        "[pulse 4, line 5] Convoy #1 moved to 0309 (Water) for 6 fuel.",
        # range 20 + 8 (all scouts) + 4 (started in its own city with an Airport) = 32
        "[pulse 5, line 6] convoy #1 has 10 of its 32 hexes of range left this turn; the move "
        "to 1601 was cancelled",
        "[pulse 6, line 7] Convoy #1 moved to 0308 (Swamp) for 1 fuel.",
        # size 1 × 0.1 × 1.5 (air) × 0.916 = 0.1374 × 23 hexes = 3.16 -> 4
        "[maintenance] Convoy #1 used 4 parts for maintenance.",
        "[maintenance] Convoy #1's morale fell by 6 to 24.",
    ),
    hex="0308", spent={"fuel": 23, "parts": 4, "food": 15, "troops": 0, "money": 0}, moves=23,
)


@pytest.mark.parametrize(("convoy_type", "golden"), [
    ("land", LAND), ("sea", SEA), ("amphibious", AMPHIBIOUS), ("military", MILITARY),
    ("air", AIR),
])
def test_golden_turn_cc_co_move_cc_move_cc_cnv_10(game: Game, convoy_type: str,
                                                   golden: Golden) -> None:
    """CC-CO-MOVE-01/03, CC-MOVE-04…14/21, CC-CNV-02…06/10…12/38, CC-RES-09: one turn per type."""
    clan, lines = _play(game, convoy_type, golden.sheet, airport=convoy_type == "air")
    assert lines == list(golden.lines)
    convoy = game.convoy(clan, 1)
    assert convoy is not None and convoy.hex == golden.hex
    assert convoy.moves_made == golden.moves
    assert convoy.troops == golden.spent["troops"]
    stock = game.clan(clan).stock
    income = game.clan(clan).last_turn.income
    for item in ("money", "fuel", "parts", "food", "troops"):
        expected = START[item] + income.get(item, 0) - golden.spent[item]
        assert stock.get(item) == expected, item
