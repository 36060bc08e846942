"""Whole games through `conquest turn` (CC-SEQ-01, CC-SEQ-14, CC-GEN-03): 4 Clans, 10 game turns.

Every Clan turn goes through the command line: no crash, no negative stockpile, and every troop
and vehicle accounted for by the facts of the turn's events (enlisted, recruited, deserted, lost
in hex attacks; vehicles created, bought, looted, won, sold, scrapped and deserted).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conquest_tui import session
from conquest_tui.bots.simple import write_sheet
from conquest_tui.cli import main
from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import STOCK_ITEMS, Event
from conquest_tui.engine.reports.sentences import items, words
from conquest_tui.engine.reports.view import ClanView

CLANS = 4
GAME_TURNS = 10

EXTRA_PRE = (
    "BUY 1 BIKE #1", "BUY 2 CARS #1", "SELL 1 BIKE #1", "SELL 1 CAR #2", "BUY 1 BIKE #2",
    "CREATE {city} LAND", "BUY 30 PARTS", "SELL 10 FOOD", "ENLIST 5", "BUY 1 TRUCK #1",
)
EXTRA_POST = ("ENLIST 3", "SELL 1 BIKE #1", "BUY 1 CAR #2", "BUY 20 FOOD", "SELL 5 FUEL")

def troops_everywhere(game: Game) -> int:
    """Unallocated + convoy troops + troops in owned cities + guards in owned hexes."""
    return (sum(clan.stock.troops for clan in game.state.clans)
            + sum(convoy.troops for convoy in game.state.convoys)
            + sum(city.troops for city in game.state.cities if city.owner)
            + sum(hex_state.garrison for hex_state in game.state.hexes if hex_state.owner))


def vehicles_everywhere(game: Game) -> int:
    return sum(convoy.vehicle_count for convoy in game.state.convoys)


def _amount_of(pairs: Fact, item: str) -> int:
    """The amount of `item` in an (item, amount) pairs fact."""
    return sum(amount for key, amount in items(pairs) if key == item)


def troop_change(event: Event) -> int:
    """Troops the event says came into the game (+) or left it (−)."""
    facts, kind = event.facts, event.kind
    if kind in (EventKind.ENLIST, EventKind.RECRUITS):
        return int(facts["troops" if kind == EventKind.ENLIST else "recruits"])
    if kind == EventKind.GARRISON_RECRUITS:
        return int(facts["recruited"])
    if kind == EventKind.INCOME:
        return _amount_of(facts["amounts"], "troops")
    if kind == EventKind.RANDOM_EVENT:
        effect = facts["effect"]
        if effect in ("gain", "lose"):
            sign = 1 if effect == "gain" else -1
            return sign * _amount_of(facts["amounts"], "troops")
        if effect == "lose_percent" and facts["item"] == "troops":
            return -int(facts["amount"])
        return 0
    if kind == EventKind.DESERTION:
        return -int(facts["deserters"])
    if kind == EventKind.SICK_DESERTION:
        return -int(facts["lost"])
    if kind == EventKind.HEX_CAPTURED:
        return -int(facts["lost"]) - int(facts["guards"])
    if kind == EventKind.HEX_ATTACK_FAILED:
        return -int(facts["lost"])
    if kind in (EventKind.DISBAND, EventKind.SUNK) and "troops" in facts:
        return -int(facts["troops"])  # lost with the convoy (CC-CNV-72, AMB-81, CC-MOVE-12)
    return 0


def vehicle_change(game: Game, event: Event) -> int:
    """Vehicles the event says its convoy gained (+) or lost (−)."""
    facts, kind = event.facts, event.kind
    if kind == EventKind.CREATE:
        convoy_type = game.rules.convoy_types[str(facts["convoy_type"])]
        return sum(count for _, count in convoy_type.new_vehicles)
    if kind in (EventKind.BUY, EventKind.SELL) and "vehicle" in facts:
        return int(facts["quantity"]) * (1 if kind == EventKind.BUY else -1)
    if kind == EventKind.SCRAPPED:
        return -len(words(facts["scrapped"]))
    if kind == EventKind.LOOT and facts.get("found") == "vehicle":
        return 1
    if kind == EventKind.RANDOM_EVENT and facts["effect"] == "scout_vehicle":
        return 1
    if kind == EventKind.RACETRACK or (kind == EventKind.JUNKYARD and facts["why"] == "taken"):
        return int(facts["count"])
    if kind == EventKind.VEHICLE_DESERTED:
        return -1
    if kind in (EventKind.DISBAND, EventKind.SUNK) and "vehicles" in facts:
        return -int(facts["vehicles"])
    return 0


def vehicle_changes(game: Game, events: list[Event]) -> dict[int, int]:
    """Vehicles each convoy gained (+) or lost (−) by the turn's events."""
    change: dict[int, int] = defaultdict(int)
    for event in events:
        change[event.convoy] += vehicle_change(game, event)
    return change


def check_ledger(before: Game, after: Game, clan: int, events: list[Event]) -> None:
    """Troops and vehicles now = before + what the events say, to the last one."""
    story = "\n".join(f"{e.kind}: {e.facts}" for e in events)
    change = vehicle_changes(after, events)
    assert (vehicles_everywhere(after) - vehicles_everywhere(before)
            == sum(change.values())), story
    assert (troops_everywhere(after) - troops_everywhere(before)
            == sum(map(troop_change, events))), story


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
        for pre, post in extras:
            before = session.load(save)
            clan = before.state.active_clan
            sheet.write_text(sheet_for(before, clan, pre, post))
            capsys.readouterr()
            assert main(["turn", "--save", str(save), "--clan", str(clan), str(sheet)]) == 0
            out = capsys.readouterr().out
            assert "$-" not in out, out
            after = session.load(save)
            events = [e for e in after.clan(clan).last_turn.events if e.phase != "between"]
            for each in after.state.clans:
                for item in STOCK_ITEMS:
                    assert each.stock.get(item) >= 0, (each.number, item)
            for convoy in after.state.convoys:
                assert convoy.troops >= 0 and convoy.cargo >= 0
                assert convoy.vehicles and all(n > 0 for n in convoy.vehicles.values())
            check_ledger(before, after, clan, events)
    final = session.load(save)
    assert final.state.game_turn == GAME_TURNS + 1 and not final.state.finished
    assert len(final.state.top_clans) == GAME_TURNS
    for clan in final.state.clans:
        assert main(["report", "--save", str(save), "--clan", str(clan.number)]) == 0
