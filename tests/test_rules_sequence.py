"""The sequence of play as a player meets it: pre-turn orders, pickup, pulses, post-turn
orders, maintenance, turn close, the status report and news between turns (CC-SEQ)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoys
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.economy import economy
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.phases import maintenance
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from tests.game_helpers import convoy_of as _convoy
from tests.game_helpers import first_clan as _first
from tests.game_helpers import second_clan as _second

HOME = "0308"  # the first Clan's starting city, Brackwater
AWAY = "1609"  # the second Clan's starting city, Eastreach



def _new_convoy(game: Game, clan: int, hex_id: str, kind: str, number: int = 2) -> Convoy:
    convoy = convoys.create_convoy(game, clan, number, hex_id, kind, hidden=False)
    convoy.created_turn = 0
    return convoy


def _events(game: Game, clan: int, kind: str = "") -> list[Event]:
    return [e for e in game.clan(clan).last_turn.events if not kind or e.kind == kind]


def _problems(game: Game, clan: int) -> dict[int, str]:
    return {p.line: p.code for p in game.clan(clan).last_turn.problems}


def test_pre_turn_orders_five_lines_created_convoy_waits_but_is_fed_cc_seq_04(
        game: Game) -> None:
    """CC-SEQ-04: five pre-turn lines; a convoy CREATEd there gets bought vehicles and picks up
    troops and weapons before the pulses, but cannot move."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.money = 300_000
    sheet = ("[PRE]\nCREATE 0308 LAND \"Scouts\"\nBUY 1 BUS #2\nBUY 4 GRENADES\nENLIST 5\n"
             "ENLIST 1\nENLIST 1\n[CONVOY 2]\nN\n")
    run_clan_turn(game, first, sheet)
    problems = _problems(game, first)
    assert problems[7] == "over_limit"  # the sixth pre-turn line
    assert problems[9] == "new_convoy"
    scouts = _convoy(game, first, 2)
    assert scouts.hex == HOME and scouts.vehicles["bus"] == 1
    assert scouts.troops == 15 + 5 + 1 and scouts.grenades == 2  # 1 per 10 troop spaces
    picked = [e for e in _events(game, first, "pickup") if e.convoy == 2]
    assert [e.phase for e in picked] == ["pickup"]


def test_pre_turn_pickup_only_in_friendly_cities_cc_seq_05(game: Game) -> None:
    """CC-SEQ-05: before the pulses a convoy in its own city takes troops and weapons; one
    outside a city takes nothing."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.money = 300_000
    outside = _new_convoy(game, first, "0307", "land")
    run_clan_turn(game, first, "[PRE]\nBUY 1 BUS #1\nBUY 2 GRENADES\n")
    picked = [(e.convoy, dict(e.facts["taken"])) for e in _events(game, first, "pickup")
              if e.phase == "pickup"]
    assert len(picked) == 1 and picked[0][0] == 1
    assert picked[0][1]["troops"] == 15 and picked[0][1]["grenades"] == 2
    assert outside.troops == 0 and outside.grenades == 0


def test_pulses_run_convoy_by_convoy_blank_lines_do_nothing_cc_seq_06(game: Game) -> None:
    """CC-SEQ-06: in each pulse convoy #1 acts, then #2, before the next pulse; a blank line
    is no order and costs nothing."""
    first = _first(game)
    _new_convoy(game, first, HOME, "land")
    fuel = game.clan(first).stock.fuel
    run_clan_turn(game, first, "[CONVOY 1]\nRECON\n\nCAPTURE\n[CONVOY 2]\nRECON\nCAPTURE\n")
    done = [(e.pulse, e.convoy) for e in _events(game, first, "mode")]
    assert done == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert _problems(game, first) == {}
    income = game.clan(first).last_turn.income.get("fuel", 0)
    assert game.clan(first).stock.fuel == fuel + income


def test_pickup_after_each_pulse_cc_seq_07(game: Game) -> None:
    """CC-SEQ-07: troops that reach the pool during pulse 1 board the convoy waiting in the
    city at the end of that pulse."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.money = 300_000
    clan.stock.troops = 0
    waiting = _convoy(game, first)
    dropping = _new_convoy(game, first, HOME, "land")
    dropping.troops = 5
    run_clan_turn(game, first, "[PRE]\nBUY 1 BUS #1\n[CONVOY 2]\nEMPTY\n")
    picked = [(e.phase, e.pulse, e.convoy, e.line) for e in _events(game, first, "pickup")]
    assert picked == [("pulses", 1, 1, 0)]
    assert waiting.troops == 10 and dropping.troops == 0


def test_sea_engineer_pulses_11_and_12_come_last_cc_seq_09(game: Game) -> None:
    """CC-SEQ-09: a sea convoy with an Engineer runs lines 11 and 12 after everyone's pulse 10;
    a land convoy's eleventh line is not carried out."""
    first = _first(game)
    ship = _new_convoy(game, first, "0309", "sea")
    ship.experts = ["ENG"]
    toggles = "\n".join(["RECON", "CAPTURE"] * 6)
    run_clan_turn(game, first, f"[CONVOY 1]\n{toggles}\n[CONVOY 2]\n{toggles}\n")
    done = [(e.pulse, e.convoy) for e in _events(game, first, "mode")]
    assert done[-3:] == [(10, 2), (11, 2), (12, 2)]
    assert (10, 1) in done and (11, 1) not in done
    assert done == sorted(done)
    assert list(_problems(game, first).values()) == ["over_limit", "over_limit"]


def test_post_turn_orders_ten_lines_after_the_pulses_cc_seq_10(game: Game) -> None:
    """CC-SEQ-10: ten post-turn lines run after the convoys have moved; the eleventh does not."""
    first = _first(game)
    clan = game.clan(first)
    clan.stock.money = 300_000
    troops = clan.stock.troops
    run_clan_turn(game, first, "[CONVOY 1]\nN\n[POST]\n" + "ENLIST 1\n" * 11)
    enlisted = _events(game, first, "enlist")
    assert len(enlisted) == 10 and all(e.phase == "post" for e in enlisted)
    kinds = [e.kind for e in _events(game, first)]
    assert kinds.index("move") < kinds.index("enlist")
    assert list(_problems(game, first).values()) == ["over_limit"]
    assert clan.stock.troops == troops + 10


def test_maintenance_pickup_then_parts_in_convoy_order_cc_seq_11(game: Game) -> None:
    """CC-SEQ-11: maintenance picks up first, then convoy #1 pays its parts, then #2, which
    scraps its own vehicles when the parts run out."""
    first = _first(game)
    clan = game.clan(first)
    one = _convoy(game, first)
    one.troops = 2
    two = _new_convoy(game, first, "0307", "land")
    one.parts_owed, two.parts_owed = 3.0, 4.0
    clan.stock.parts, clan.stock.troops = 5, 3
    ctx = TurnContext(game=game, clan=clan, sheet=parse_sheet("", game.rules))
    ctx.phase = "maintenance"
    maintenance.run(ctx)
    kinds = [(e.kind, e.convoy) for e in ctx.events if e.kind in ("pickup", "parts", "scrapped")]
    assert kinds == [("pickup", 1), ("parts", 1), ("scrapped", 2)]
    assert one.vehicles == {"bike": 2, "car": 1} and one.troops == 5
    assert two.vehicles == {"bike": 1, "car": 1}  # a bike scraps for 2 parts: 2 + 2 = 4
    assert clan.stock.parts == 0


def test_turn_close_effects_in_order_cc_seq_12(game: Game) -> None:
    """CC-SEQ-12: morale decays before the Trainer's gain; Recruiting Center, then Helipad; an
    air convoy over water is lost; an unclaimed Junkyard car is lost; cities spot last."""
    first, second = _first(game), _second(game)
    convoy = _convoy(game, first)
    convoy.experts = ["TRA"]
    city = game.city(HOME)
    assert city is not None
    city.buildings = ["HEL", "JUN", "REC"]
    _new_convoy(game, first, "0309", "air")
    game.move_convoy(_convoy(game, second), "0408")
    run_clan_turn(game, first, "")
    kinds = [e.kind for e in _events(game, first)]
    for kind in ("sunk", "morale", "training", "recruits", "helipad", "junkyard"):
        assert kind in kinds, kind
    assert kinds.index("morale") < kinds.index("training")
    assert kinds.index("recruits") < kinds.index("helipad")
    assert _events(game, first, "junkyard")[-1].facts["why"] == "lost"
    assert game.convoy(first, 2) is None
    assert [s.hex for s in game.clan(first).sightings] == ["0408"]


def test_status_report_stock_estimate_lists_cc_seq_13(game: Game) -> None:
    """CC-SEQ-13: the report shows the stockpiles, an income estimate that next turn's income
    meets when nothing is lost, the Top Clans, the city list and the hex list."""
    first, second = _first(game), _second(game)
    run_clan_turn(game, first, "")
    run_clan_turn(game, second, "")
    report = build_report(ClanView(game, first))
    text = render_report(report)
    money = game.clan(first).stock.money
    for part in ("STATUS", f"Money ${money:,}", "Troops", "Estimated income next turn",
                 "CITY LIST", "HEX LIST", "TOP CLANS"):
        assert part in text, part
    assert text.index("STATUS") < text.index("CITY LIST") < text.index("HEX LIST")
    estimate = economy.income_estimate(game, first)
    assert f"Estimated income next turn: ${estimate['money']:,}" in text
    run_clan_turn(game, first, "")
    assert game.clan(first).last_turn.income["money"] == estimate["money"]


def test_what_happened_between_turns_is_reported_next_turn_cc_seq_16(game: Game) -> None:
    """CC-SEQ-16: a stranger driving through your hex while you wait shows up on your next
    turn as news "since your last turn"."""
    first, second = _first(game), _second(game)
    stranger = _convoy(game, first)
    game.move_convoy(stranger, "1608")
    run_clan_turn(game, first, "[CONVOY 1]\nS\n")
    assert stranger.hex == AWAY
    assert game.clan(second).inbox
    run_clan_turn(game, second, "")
    news = [e for e in _events(game, second) if e.phase == "between" and e.game_turn == 1
            and e.actor == first]
    assert any(e.kind == "passage" and e.facts["hex"] == AWAY for e in news)
    text = render_report(build_report(ClanView(game, second)))
    assert any(line.startswith("[since your last turn]") and f"Clan {first}" in line
               for line in text.splitlines())
