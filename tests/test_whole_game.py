"""Whole games through `conquest turn` (CC-SEQ-01, CC-SEQ-14, CC-GEN-03): 4 Clans, 10 game turns.

Every Clan turn goes through the command line: no crash, no negative stockpile, and every unit
of every item each Clan holds accounted for by the facts of the turn's events (the ledger of
tests/test_conservation.py: troops, vehicles, money, food, fuel, parts, weapons, cargo).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conquest_tui import session
from conquest_tui.bots import write_sheet
from conquest_tui.cli import main
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import STOCK_ITEMS
from conquest_tui.engine.reports.view import ClanView
from tests.test_conservation import holdings, unaccounted

CLANS = 4
GAME_TURNS = 10

EXTRA_PRE = (
    "BUY 1 BIKE #1", "BUY 2 CARS #1", "SELL 1 BIKE #1", "SELL 1 CAR #2", "BUY 1 BIKE #2",
    "CREATE {city} LAND", "BUY 30 PARTS", "SELL 10 FOOD", "ENLIST 5", "BUY 1 TRUCK #1",
)
EXTRA_POST = ("ENLIST 3", "SELL 1 BIKE #1", "BUY 1 CAR #2", "BUY 20 FOOD", "SELL 5 FUEL")

def check_ledger(before: Game, after: Game, clan: int) -> None:
    """Every Clan's holdings now = before + what the turn's events say, item by item (the
    ledger of tests/test_conservation.py: troops, vehicles, money, goods, parts, weapons…)."""
    mine = [e for e in after.clan(clan).last_turn.events if e.phase != "between"]
    told = [event for each in after.state.clans if each.number != clan
            for event in each.inbox[len(before.clan(each.number).inbox):]]
    held = {each.number: holdings(before, each.number) for each in before.state.clans}
    story = "\n".join(f"{e.kind}: {e.facts}" for e in mine + told)
    assert unaccounted(held, after, mine + told) == {}, story


def sheet_for(game: Game, clan: int, pre: list[str], post: list[str]) -> str:
    """The bot's sheet with a few extra Clan orders; CREATE in the Clan's first city."""
    cities = [city.hex for city in ClanView(game, clan).listed_cities() if city.owner == clan]
    city = cities[0] if cities else "0101"
    lines = write_sheet(ClanView(game, clan)).splitlines()
    at_pre = lines.index("[PRE]") + 1
    lines[at_pre:at_pre] = [line.format(city=city) for line in pre]
    lines += post
    return "\n".join(lines) + "\n"


@settings(max_examples=4, deadline=None, database=None, derandomize=True,
          phases=(Phase.explicit, Phase.reuse, Phase.generate),
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6),
       extras=st.lists(st.tuples(st.lists(st.sampled_from(EXTRA_PRE), max_size=2),
                                 st.lists(st.sampled_from(EXTRA_POST), max_size=2)),
                       min_size=CLANS * GAME_TURNS, max_size=CLANS * GAME_TURNS))
def test_four_clans_play_ten_game_turns_through_the_cli_cc_seq_01_cc_seq_14(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int,
        extras: list[tuple[list[str], list[str]]]) -> None:
    save, sheet = tmp_path / f"whole-{seed}.json", tmp_path / "sheet.txt"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CONQUEST_DEBUG", "1")
        assert main(["new", "--map", "test_small", "--clans", str(CLANS), "--seed",
                     f"whole-{seed}", "--save", str(save), "--force"]) == 0
        before = session.load(save)
        for pre, post in extras:
            clan = before.state.active_clan
            sheet.write_text(sheet_for(before, clan, pre, post))
            capsys.readouterr()
            assert main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0
            out = capsys.readouterr().out
            assert "$-" not in out, out
            after = session.load(save)
            for each in after.state.clans:
                for item in STOCK_ITEMS:
                    assert each.stock.get(item) >= 0, (each.number, item)
            for convoy in after.state.convoys:
                assert convoy.troops >= 0 and convoy.cargo >= 0
                assert convoy.vehicles and all(n > 0 for n in convoy.vehicles.values())
            check_ledger(before, after, clan)
            before = after  # the save as the next turn finds it (read once, not twice)
    final = session.load(save)
    assert final.state.game_turn == GAME_TURNS + 1 and not final.state.finished
    assert len(final.state.top_clans) == GAME_TURNS
    for clan in final.state.clans:
        assert main(["report", "--save", str(save), "--clan", str(clan.number)]) == 0
