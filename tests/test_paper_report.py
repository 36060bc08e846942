"""The 1995 turn report (`conquest report --format paper`) and the typed radio (CC-RPT-01…15).

Golden files under tests/fixtures/paper/ pin every section on a staged, seeded game; rewrite
them with `PAPER_GOLDEN_UPDATE=1 pytest tests/test_paper_report.py` after checking by eye.
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

from conquest_tui import session
from conquest_tui.cli import main
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Sighting
from conquest_tui.engine.paper.paper_lists import city_row, hex_row, sighting_entry
from conquest_tui.engine.paper.paper_report import render_paper
from conquest_tui.engine.paper.paper_sheet import convoy_block
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import Report, build_report
from conquest_tui.engine.reports.view import CityInfo, ClanView, ConvoyInfo, HexInfo
from conquest_tui.engine.sentences.event_text import event_text
from conquest_tui.engine.world import radio
from conquest_tui.storage.migrations import SAVE_VERSION, migrate
from conquest_tui.storage.save_state import structure_state, unstructure_state

GOLDEN = Path(__file__).parent / "fixtures" / "paper"
EXPERTS = {"GUN": "Gunner", "MER": "Merchant", "SER": "Sergeant"}


def _squeeze(line: str) -> str:
    """A row with its column padding removed, as the rulebook quotes it."""
    return " ".join(line.split())


# --- rows, column for column, against the rulebook's examples -----------------------------------

def test_city_row_reads_as_the_rulebook_example_cc_rpt_01() -> None:
    city = CityInfo(hex="0825", name="Limerick", major=False, owner=122, value=14103,
                    population=31166, fortification=2, troops=36, claymores=0, produces="gas",
                    needs="steel", expert="SER", status="Owned", spotting=2, radio=6,
                    buildings=("CHU", "STO", "MAR"), seen_turn=3, live=True)
    assert _squeeze(city_row(city, EXPERTS)) == (
        "0825 Limerick 122 $14103 31166 2 36 0 Gas Steel Sergeant Owned 2 6 ChuStoMar")
    major = attrs.evolve(city, name="Dublin", major=True, conquered=True)
    assert city_row(major, EXPERTS).startswith("*0825 DUBLIN ")  # conquered (CC-RPT-04)


def test_hex_row_reads_as_the_rulebook_example_cc_rpt_03_04() -> None:
    info = HexInfo(hex="0825", terrain="Plains", terrain_abbr="Pla", owner=122, defense=1,
                   guards=0, value=414, food=14, fuel=67, parts=17, vaccine=0, special="",
                   custom="CAM", roads=("NE", "S"), river=True, seen_turn=3)
    assert hex_row(info) == " 0825 Pla 122  1  0 $  414  14  67  17   0 --- Cam NE S"
    assert _squeeze(hex_row(info)) == "0825 Pla 122 1 0 $ 414 14 67 17 0 --- Cam NE S"
    assert hex_row(attrs.evolve(info, conquered=True)).startswith("*0825 Pla")


def test_spotting_entries_by_range_cc_rpt_05() -> None:
    assert sighting_entry(Sighting("0516", 3, 329, "large")) == "0516 (329) [large]"
    assert sighting_entry(Sighting("0516", 3, 329)) == "0516 (329)"
    assert sighting_entry(Sighting("0516", 3)) == "0516"


def _convoy(experts: tuple[str, ...], kill_mode: str) -> ConvoyInfo:
    return ConvoyInfo(
        number=1, name="Robin's Hood #1", convoy_type="land", hex="1525", mode="capture",
        hidden=False, vehicles=(("Truck", 4), ("Bus", 1), ("Van", 3), ("Car", 9), ("Bike", 6)),
        troops=172, troop_capacity=172, rifles=(6, 6), grenades=(17, 17), rockets=(4, 4),
        bombs=(0, 0), cargo_type="", cargo=0, cargo_capacity=81, fuel_cost=56,
        combat_strength=748, size=120, size_name="huge", morale=95, training=100, health=100,
        experts=experts, kill_mode=kill_mode, moves=6, order_lines=10)


def test_convoy_block_reads_as_the_sample_sheet_kill_only_with_a_gunner_cc_rpt_10_cc_co_km_03(
        ) -> None:
    block = convoy_block(_convoy(("GUN", "MER"), "N"), EXPERTS)
    assert block[:5] == [
        "ORDERS FOR LAND CONVOY #1 (Robin's Hood #1) IN HEX 1525 [CAPTURE]",
        "  Vehicles: 4 trucks, 1 bus, 3 vans, 9 cars, 6 bikes",
        "  Troops: 172 of 172   Rifles: 6 of 6   Grenades: 17 of 17   Rockets: 4 of 4",
        "  Combat Strength: 748   Morale: 95   Training: 100   Health: 100   Fuel Cost: 56"
        "   Kill: N",
        "  Cargo: 0 (max 81)   Experts: Gunner, Merchant",
    ]
    assert len(block) == 6 + 10  # ten order lines
    assert "Kill:" not in "\n".join(convoy_block(_convoy(("MER",), ""), EXPERTS))


# --- a staged game: Clan A's convoy drives into Clan B's home hex ------------------------------

def _raid() -> tuple[Game, int, int]:
    game = session.new_game(map_name="test_small", clans=2, seed="war")
    raider, victim = game.state.clan_order
    convoy = game.convoy(raider, 1)
    assert convoy is not None
    game.move_convoy(convoy, "1608")
    convoy.start_hex = "1608"
    convoy.vehicles, convoy.troops = {"truck": 2, "car": 2}, 40
    convoy.experts = ["GUN", "MER"]
    clan = game.clan(raider)
    clan.agents, clan.next_pre_lines = 2, 2  # two agent lines, two bought pre-turn lines
    run_clan_turn(game, raider, "[CONVOY 1]\nS\n")
    return game, raider, victim


@pytest.fixture(scope="module")
def papers() -> dict[str, str]:
    """The three reports of the staged game, in the order they were printed."""
    game, raider, victim = _raid()
    out = {"raider_turn_1": render_paper(build_report(ClanView(game, raider)))}
    run_clan_turn(game, victim, f'[PRE]\nBROADCAST {raider} "Peace?"\n')
    out["victim_turn_1"] = render_paper(build_report(ClanView(game, victim)))
    run_clan_turn(game, raider, "")
    out["raider_turn_2"] = render_paper(build_report(ClanView(game, raider)))
    return out


def _sections(text: str) -> dict[str, str]:
    """The report cut at its section titles (a title underlined with dashes)."""
    lines = text.splitlines()
    cuts = [i - 1 for i, line in enumerate(lines) if line and set(line) == {"-"}]
    sections = {"HEADER": "\n".join(lines[:cuts[0]])}
    for start, end in zip(cuts, [*cuts[1:], len(lines)], strict=True):
        sections[lines[start]] = "\n".join(lines[start:end])
    return sections


SECTIONS = ("HEADER", "ENCOUNTERS", "STATUS REPORT", "MARKET PRICES",
            "GOODS PRICES (FREE MARKET)", "TOP CLANS", "HEXES LIST", "CITIES LIST",
            "SPOTTING REPORT", "PASSAGE NOTES", "HEARD ON THE RADIO")


@pytest.mark.parametrize("name", ["raider_turn_1", "victim_turn_1", "raider_turn_2"])
def test_each_section_matches_its_golden_file_cc_rpt_01_03_05_08_09_10_11_14(
        name: str, papers: dict[str, str]) -> None:
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("PAPER_GOLDEN_UPDATE"):
        path.write_text(papers[name], encoding="utf-8")
    golden = _sections(path.read_text(encoding="utf-8"))
    got = _sections(papers[name])
    for title in SECTIONS:
        assert got.get(title) == golden.get(title), title
    assert papers[name] == path.read_text(encoding="utf-8")  # the orders sheet too


def test_the_raiders_report_cc_rpt_04_06_09_11_13(papers: dict[str, str]) -> None:
    """Its conquest of this turn is marked, its own battle is on its radio, the Clan it met is
    introduced, Top Clans appear from the first game-turn end, its sheet has 5 + 2 bought
    pre-turn lines and one line per agent."""
    paper = _sections(papers["raider_turn_1"])
    assert "*1609 Wil" in paper["HEXES LIST"] and "* conquered this turn" in paper["CITIES LIST"]
    assert "(game turn 1, your battle)" in paper["HEARD ON THE RADIO"]
    assert "(Road Hogs), met in hex 1609" in paper["ENCOUNTERS"]
    sheet = papers["raider_turn_1"].split("Pre-turn Clan Orders:")[1]
    assert sheet.split("Post-turn")[0].count("______") == 7
    assert "Agent 2: hex ______" in sheet and "Agent 3" not in sheet
    assert "Kill: N" in sheet


def test_the_raided_clan_reads_passage_spotting_and_its_battle_cc_rpt_05_06_07(
        papers: dict[str, str]) -> None:
    paper = _sections(papers["victim_turn_1"])
    raider = papers["raider_turn_1"].split("CLAN ")[1].split(" ")[0]
    assert f"1609: a convoy of Clan {raider} in Capture mode" in paper["PASSAGE NOTES"]
    assert "Spotted from Eastreach (1609):" in paper["SPOTTING REPORT"]
    assert "your battle" in paper["HEARD ON THE RADIO"]  # fought in the raider's turn


def test_a_signed_message_is_heard_on_the_radio_cc_rpt_06_cc_city_67(
        papers: dict[str, str]) -> None:
    victim = papers["victim_turn_1"].split("CLAN ")[1].split(" ")[0]
    assert f"{victim}>Peace?" in _sections(papers["raider_turn_2"])["HEARD ON THE RADIO"]


def test_the_end_of_game_report_for_every_player_cc_rpt_15() -> None:
    game, raider, victim = _raid()
    for clan in (raider, victim):
        report: Report = build_report(ClanView(game, clan))
        report = attrs.evolve(report, game_over="Clan 1 has won the game.",
                              winners=(raider,), top_clans=((raider, "Iron Wolves", 340),
                                                            (victim, "Road Hogs", 120)))
        paper = _sections(render_paper(report))
        assert paper["END OF THE GAME"].strip().endswith("Clan 1 has won the game.")
        assert "WINNER" in paper["FINAL STANDINGS"].splitlines()[2]
        assert "ORDERS SHEET" not in render_paper(report)


# --- the radio: kinds and facts, never sentences in the engine ---------------------------------

def test_broadcasts_are_kinds_and_facts_worded_by_the_reports_cc_city_63_cc_rpt_06() -> None:
    game, raider, victim = _raid()
    assert not game.state.broadcasts or all(isinstance(b.kind, EventKind)
                                            for b in game.state.broadcasts)
    radio.broadcast(game, "1609", EventKind.RAZE, [victim], actor=victim, city="Eastreach")
    item = game.state.broadcasts[-1]
    assert (item.kind, item.facts) == (EventKind.RAZE, {"hex": "1609", "actor": victim,
                                                        "city": "Eastreach"})
    run_clan_turn(game, victim, "")
    heard = [e for e in game.clan(victim).last_turn.events if e.kind == EventKind.RADIO]
    assert event_text(heard[-1]) == (f"Radio (your battle): Clan {victim} razed its own city "
                                     "of Eastreach (1609) (game turn 1).")


def test_a_version_3_broadcast_keeps_its_sentence_after_migration_cc_city_63() -> None:
    """Save version 3 kept a broadcast's news as a sentence; version 4 reads it as kind
    "legacy" with that sentence, and the Clan hears it as before."""
    game = session.new_game(map_name="test_small", clans=2, seed="war")
    first = game.state.clan_order[0]
    data = {"state": unstructure_state(game.state)}
    data["state"]["broadcasts"] = {"hex": ["0308"], "game_turn": [1],
                                   "text": ["Clan 901 fought Clan 902"],
                                   "clans": [[901, 902]], "heard_by": [[]]}
    assert SAVE_VERSION >= 4
    item = structure_state(migrate(data, 3)["state"]).broadcasts[0]
    assert item.kind == EventKind.LEGACY and item.facts == {"sentence": "Clan 901 fought Clan 902"}
    game.state.broadcasts = [item]
    run_clan_turn(game, first, "")
    heard = next(e for e in game.clan(first).last_turn.events if e.kind == EventKind.RADIO)
    assert event_text(heard) == ("Radio, heard in 0308: Clan 901 fought Clan 902 "
                                 "(game turn 1).")


def test_conquest_report_format_paper(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, raider, _ = _raid()
    path = tmp_path / "raid.json"
    session.save(game, path)
    capsys.readouterr()
    assert main(["report", "--save", str(path), "--clan", str(raider), "--format", "paper"]) == 0
    out = capsys.readouterr().out
    assert "HEARD ON THE RADIO" in out and "ORDERS FOR LAND CONVOY #1" in out
