"""Agents sent to hexes and ESPIONAGE (CC-CL-TRAIN-02, AMB-71, CC-CL-ESPIONAGE-01…03, AMB-84)."""

from __future__ import annotations

import pytest

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.economy import economy
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.sentences.event_text import event_text, problem_line, problem_text
from tests.game_helpers import convoy_of, first_clan, second_clan


@pytest.fixture
def spying(quiet: Game) -> Game:
    """Game turn 5 (espionage allowed), the first Clan rich with two agents, the second at
    popularity 110 with an ally, a ban, a phone number shown and a slogan."""
    quiet.state.game_turn = 5
    me, target = quiet.clan(first_clan(quiet)), quiet.clan(second_clan(quiet))
    me.agents, me.stock.money = 2, 1_000_000
    target.popularity, target.allies, target.bans = 110, [me.number], [77]
    target.slogan, target.phone, target.phone_on = "Roads for all", "(513)555-3902", True
    return quiet


def events(result_events: tuple[Event, ...], kind: EventKind) -> list[Event]:
    return [event for event in result_events if event.kind == kind]


def results(game: Game) -> dict[str, Event]:
    """The buyer's ESPIONAGE answers of its last turn, by keyword."""
    return {str(e.facts["why"]): e for e in game.clan(first_clan(game)).last_turn.events
            if e.kind == EventKind.ESPIONAGE_RESULT}


# --- ESPIONAGE --------------------------------------------------------------------------------

def test_price_is_keyword_costs_times_popularity_cc_cl_espionage_02(spying: Game) -> None:
    """110 × (25 + 50 + 50) = $13,750, taken from the treasury; the target is not told."""
    me, target = first_clan(spying), second_clan(spying)
    inbox = list(spying.clan(target).inbox)
    result = run_clan_turn(spying, me, f"[PRE]\nES {target} OWNER INCOME ENEMIES\n")
    (bought,) = events(result.events, EventKind.ESPIONAGE)
    assert (bought.facts["cost"], bought.facts["popularity"]) == (13_750, 110)
    assert bought.facts["keywords"] == ("OWNER", "ENEMIES", "INCOME")
    income = spying.clan(me).last_turn.income.get("money", 0)
    assert spying.clan(me).stock.money == 1_000_000 + income - 13_750
    assert "$13,750" in event_text(bought)
    assert spying.clan(target).inbox == inbox


def test_not_before_game_turn_5_cc_cl_espionage_01(spying: Game) -> None:
    spying.state.game_turn = 4
    me, target = first_clan(spying), second_clan(spying)
    sheet = f"[PRE]\nESPIONAGE {target} HEXES\n"
    (problem,) = check_sheet(spying, me, sheet)
    assert problem.code == "too_early" and "before game turn 5" in problem_text(problem)
    result = run_clan_turn(spying, me, sheet)
    assert [e.kind for e in result.events if "espionage" in e.kind] == ["cannot_espionage"]
    assert "this is game turn 4" in event_text(events(result.events,
                                                      EventKind.CANNOT_ESPIONAGE)[0])


def test_results_per_keyword_cc_cl_espionage_03(spying: Game) -> None:
    """Each keyword answers with facts of the target now; CONVOYS shows no troops or goods."""
    me, target = first_clan(spying), second_clan(spying)
    estimate = economy.income_estimate(spying, target)
    run_clan_turn(spying, me, f"[POST]\nES {target} CONVOYS CITIES HEXES INCOME ENEMIES "
                  "ALLIES OWNER\n")
    found = results(spying)
    assert list(found) == ["owner", "allies", "enemies", "income", "hexes", "cities", "convoys"]
    owner = found["owner"].facts
    assert (owner["name"], owner["slogan"], owner["phone"]) == (
        spying.clan(target).name, "Roads for all", "(513)555-3902")
    assert found["allies"].facts["clans"] == (me,)
    assert found["enemies"].facts["clans"] == (77,)
    assert dict(found["income"].facts["amounts"]) == {k: v for k, v in estimate.items() if v}
    assert found["hexes"].facts["hexes"] == tuple(sorted(spying.owned_hexes(target)))
    city = next(c for c in spying.state.cities if c.owner == target)
    assert city.hex in [hex_id for hex_id, _ in found["cities"].facts["cities"]]
    convoy = convoy_of(spying, target)
    (seen,) = found["convoys"].facts["convoys"]
    assert seen[:2] == (convoy.hex, convoy.convoy_type)
    assert sum(count for count, _, _ in seen[2]) == convoy.vehicle_count
    sentence = event_text(found["convoys"])
    assert "troop" not in sentence and convoy.hex in sentence
    assert "counts Clan" in event_text(found["allies"]) and "bans Clan 77" in event_text(
        found["enemies"])


def test_phone_only_when_shown_cc_cl_espionage_03(spying: Game) -> None:
    target = second_clan(spying)
    spying.clan(target).phone_on = False
    run_clan_turn(spying, first_clan(spying), f"[PRE]\nES {target} OWNER\n")
    assert results(spying)["owner"].facts["phone"] == ""
    assert "no phone" in event_text(results(spying)["owner"])


def test_not_enough_money_fails_whole_amb_84(spying: Game) -> None:
    """No partial keywords: the whole order fails and nothing is paid or learnt."""
    me, target = first_clan(spying), second_clan(spying)
    spying.clan(me).stock.money = 0
    spying.clan(target).popularity = 10_000  # more than income can pay for
    result = run_clan_turn(spying, me, f"[PRE]\nES {target} OWNER CONVOYS\n")
    income = spying.clan(me).last_turn.income.get("money", 0)
    (failed,) = events(result.events, EventKind.NO_MONEY)
    assert failed.facts["cost"] == 225 * 10_000
    assert "nothing was bought" in event_text(failed)
    assert not results(spying) and spying.clan(me).stock.money == income


def test_bad_espionage_lines_are_named(spying: Game) -> None:
    me, target = first_clan(spying), second_clan(spying)
    text = (f"[PRE]\nES {target} SECRETS\nES {target} OWNER OWNER\nES {target}\nES Wolves HEXES\n"
            f"ES {me} HEXES\nES 999 HEXES\n")
    problems = check_sheet(spying, me, text)
    assert [(p.line, p.code) for p in problems] == [
        (2, "bad_keyword"), (3, "twice"), (4, "missing_keyword"), (5, "bad_clan"),
        (6, "own_clan"), (7, "no_clan")]
    assert "OWNER, ALLIES, ENEMIES, INCOME, HEXES, CITIES, CONVOYS" in problem_text(problems[0])


# --- agents -----------------------------------------------------------------------------------

def test_agent_reports_his_hex_city_and_visible_convoys_cc_cl_train_02_amb_71(
        spying: Game) -> None:
    """The hex and city entries join the lists (as SCAN gives them) and the convoys there
    that are not hidden are reported with owner and size; hidden ones are not."""
    me, target = first_clan(spying), second_clan(spying)
    convoy = convoy_of(spying, target)
    city = spying.city(convoy.hex)
    assert city is not None and city.owner == target
    result = run_clan_turn(spying, me, f"[AGENTS]\n{convoy.hex}\n")
    (report,) = events(result.events, EventKind.AGENT_REPORT)
    facts = report.facts
    assert (facts["agent"], facts["hex"], facts["owner"]) == (1, convoy.hex, target)
    assert (facts["city_owner"], facts["troops"]) == (target, city.troops)
    assert [seen[0] for seen in facts["convoys"]] == [target]
    view = ClanView(spying, me)
    assert convoy.hex in [info.hex for info in view.listed_hexes()]
    assert convoy.hex in [info.hex for info in view.listed_cities()]
    assert view.hex_info(convoy.hex).owner == target
    assert [(s.hex, s.owner, s.how) for s in view.sightings()] == [
        (convoy.hex, target, "reported")]
    assert event_text(report).startswith(f"Agent 1 reports from {convoy.hex}")
    convoy.hidden = True
    while spying.state.active_clan != me:
        run_clan_turn(spying, spying.state.active_clan, "")
    again = run_clan_turn(spying, me, f"[AGENTS]\nAGENT {convoy.hex}\n")
    assert events(again.events, EventKind.AGENT_REPORT)[0].facts["convoys"] == ()


def test_one_line_per_agent_held_at_the_start_cc_cl_train_02(spying: Game) -> None:
    """Lines past the agents the Clan had do not run; agents trained this turn go next turn."""
    me = first_clan(spying)
    text = "[PRE]\nTRAIN 1\n[AGENTS]\n0101\n0102\n0103\n"
    assert [(p.line, p.code) for p in check_sheet(spying, me, text)] == [(6, "over_limit")]
    result = run_clan_turn(spying, me, text)
    assert [e.facts["hex"] for e in events(result.events, EventKind.AGENT_REPORT)] == [
        "0101", "0102"]
    (over,) = [p for p in result.problems if p.code == "over_limit"]
    assert over.line == 6 and "only 2 agents" in problem_line(over)


def test_agent_lines_read_one_hex_each(spying: Game) -> None:
    me = first_clan(spying)
    sheet = parse_sheet("[AGENTS]\n0516 ; the capital\nAGENT 0101\nNORTH\n0101 0102\n\nAGENT\n",
                        spying.rules)
    assert [(p.line, p.code) for p in sheet.problems] == [
        (4, "bad_hex"), (5, "extra_words"), (7, "missing_hex")]
    assert [getattr(line.order, "hex", "") for line in sheet.agents if line.order] == [
        "0516", "0101"]
    (off,) = check_sheet(spying, me, "[AGENTS]\n9999\n")
    assert off.code == "off_map"
    (none,) = check_sheet(spying, second_clan(spying), "[AGENTS]\n0101\n")
    assert "you have no agents" in problem_text(none)
