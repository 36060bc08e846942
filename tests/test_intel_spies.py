"""Spies: PLANT (CC-CO-PLANT), spy reports and counterspies (CC-CITY-61, CC-RPT-12), SABOTAGE
and its outcomes (CC-CL-SABOTAGE, AMB-33), RAZE killing your own spy (CC-CO-RAZE-06)."""

from __future__ import annotations

from random import Random

import pytest
from game_helpers import convoy_of
from war_helpers import ctx_of, kinds, order

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.economy import economy
from conquest_tui.engine.orders.registry import CLAN
from conquest_tui.engine.orders.sheet import parse_order_line
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.sentences.event_text import event_text, problem_text
from conquest_tui.engine.steps import sabotage
from conquest_tui.engine.world import spies
from tests.test_conservation import holdings, unaccounted
from tests.test_fog import LIVE_TYPES, live_objects, public_surface

A_HOME, B_CITY = "0308", "1609"
"""The first Clan's home city and the second Clan's."""


def clans(game: Game) -> tuple[int, int]:
    first, second = game.state.clan_order
    return first, second


def spy_convoy(game: Game, clan: int, hex_id: str) -> Convoy:
    """The Clan's convoy #1 in the hex, in plain sight, with an Expert Spy aboard."""
    convoy = convoy_of(game, clan)
    game.move_convoy(convoy, hex_id)
    convoy.hidden = False
    convoy.experts = sorted({*convoy.experts, "SPY"})
    return convoy


def city(game: Game, hex_id: str) -> CityState:
    found = game.city(hex_id)
    assert found is not None
    return found


def clan_ctx(game: Game, clan: int) -> TurnContext:
    ctx = ctx_of(game, 0, clan)
    ctx.phase = "post"
    return ctx


def clan_order(ctx: TurnContext, text: str) -> None:
    parsed = parse_order_line(text, 1, CLAN, ctx.game.rules)
    ctx.line = 1
    parsed.run(ctx)  # type: ignore[attr-defined]


def planted(game: Game, hex_id: str, *owners: int) -> CityState:
    """The city with spies of these Clans in it."""
    target = city(game, hex_id)
    target.spies = sorted(owners)
    return target


# --- PLANT -------------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["PLANT", "PL", "SPY"])
def test_plant_pl_and_spy_are_one_order_cc_amb_16(game: Game, word: str) -> None:
    """AMB-16: PLANT, PL and SPY are synonyms."""
    parsed = parse_order_line(word, 1, "convoy", game.rules)
    assert type(parsed).__name__ == "Plant"


def test_a_planted_spy_leaves_the_convoy_for_good_and_reports_every_turn_cc_co_plant_01_02(
        game: Game) -> None:
    """CC-CO-PLANT-01/02, CC-CITY-61, CC-RPT-01: the spy leaves the convoy and hides in the
    foreign city; at the end of the turn his Clan gets the city on its city list and the enemy
    convoys the city sees on its spotting report, as if it owned the city."""
    first, second = clans(game)
    convoy = spy_convoy(game, first, B_CITY)
    game.move_convoy(convoy_of(game, second), "1608")  # next to its own city: seen, owner made out
    run_clan_turn(game, first, "[CONVOY 1]\nPLANT\n")
    assert "SPY" not in convoy.experts
    assert city(game, B_CITY).spies == [first]
    view = ClanView(game, first)
    report = build_report(view)
    [told] = kinds(list(report.events), EventKind.PLANT)
    assert "hides there for good" in event_text(told)
    [spied] = report.spy_reports
    target = city(game, B_CITY)
    assert (spied.hex, spied.owner, spied.population, spied.troops) == (
        B_CITY, second, target.population, target.troops)
    assert "1608" in {s.hex for s in spied.sightings}
    assert "1608" in {s.hex for s in view.sightings()}
    info = view.city_info(B_CITY)
    assert info is not None and info.owner == second and info.population == target.population
    assert B_CITY in {c.hex for c in report.cities}


def test_plant_needs_a_spy_and_a_city_cc_co_plant_01(game: Game) -> None:
    """CC-CO-PLANT-01: without an Expert Spy, or outside a city, nothing is planted."""
    first, _ = clans(game)
    convoy = convoy_of(game, first)
    convoy.experts = [e for e in convoy.experts if e != "SPY"]
    ctx = ctx_of(game, 1, first)
    order(ctx, convoy, "PLANT")
    convoy = spy_convoy(game, first, "0307")
    order(ctx, convoy, "PLANT")
    assert [e.facts["why"] for e in kinds(ctx.events, EventKind.CANNOT_PLANT)] == [
        "no_spy", "no_city"]
    assert "SPY" in convoy.experts


def test_a_spy_in_your_own_city_is_a_counterspy_and_sends_no_report_cc_co_plant_03(
        game: Game) -> None:
    """CC-CO-PLANT-03: planted in an own city he is a counterspy."""
    first, _ = clans(game)
    convoy = spy_convoy(game, first, A_HOME)
    ctx = ctx_of(game, 1, first)
    order(ctx, convoy, "PLANT")
    [done] = kinds(ctx.events, EventKind.PLANT)
    assert done.facts["counterspy"] == 1 and "counterspy" in event_text(done)
    assert spies.has_counterspy(city(game, A_HOME))
    spies.turn_end(game, game.clan(first), Random(1))
    assert game.clan(first).spy_reports == []


def test_a_counterspy_halves_the_spy_range_and_makes_details_wrong_cc_rpt_12_cc_co_plant_05(
        game: Game) -> None:
    """CC-RPT-12, CC-CO-PLANT-05: with a counterspy in the city the spy's spotting range is
    halved and each detail of his city report is wrong half the time."""
    first, second = clans(game)
    target = planted(game, B_CITY, first)
    reach = spies.knowledge.spotting_range(game, target.fortification, target.buildings)
    far = next(h for h in spies.hexgrid.ring(B_CITY, reach) if game.map.contains(h))
    game.move_convoy(convoy_of(game, second), far)
    clan = game.clan(first)
    alone = spies.spy_report(game, clan, target, Random(3))
    assert far in {s.hex for s in alone.sightings}
    target.spies = sorted([first, second])
    wrong = 0
    for seed in range(200):
        report = spies.spy_report(game, clan, target, Random(seed))
        assert far not in {s.hex for s in report.sightings}
        wrong += report.city.population != target.population
    assert 60 < wrong < 140


# --- SABOTAGE ----------------------------------------------------------------------------------


def test_sabotage_needs_your_spy_in_a_foreign_city_once_a_turn_cc_cl_sabotage_01_cc_amb_33(
        game: Game) -> None:
    """CC-CL-SABOTAGE-01, AMB-33: no spy, no chance; not in your own city; one a turn."""
    first, second = clans(game)
    ctx = clan_ctx(game, first)
    clan_order(ctx, f"SABOTAGE {B_CITY}")
    planted(game, B_CITY, first)
    clan_order(ctx, f"SABOTAGE {B_CITY}")
    clan_order(ctx, f"SABOTAGE {B_CITY}")
    clan_order(ctx, f"SABOTAGE {A_HOME}")
    assert [e.facts["why"] for e in kinds(ctx.events, EventKind.CANNOT_SABOTAGE)] == [
        "no_spy", "twice", "own_city"]
    assert len(kinds(ctx.events, EventKind.SABOTAGE)) == 1
    problems = check_sheet(game, first, f"[PRE]\nSABOTAGE {A_HOME}\nSABOTAGE 0307\n")
    assert [p.line for p in problems] == [2, 3]
    assert "counterspy" in problem_text(problems[0])


def test_every_sabotage_outcome_does_what_the_table_says_cc_cl_sabotage_01_cc_amb_33(
        game: Game) -> None:
    """AMB-33: each row of the d100 table, applied to the second Clan's city."""
    first, second = clans(game)
    thief, owner = game.clan(first), game.clan(second)
    target = city(game, B_CITY)
    target.troops, target.claymores, target.buildings = 40, 3, ["MAR", "CHU"]
    owner.stock.money = 2_000
    level = target.fortification
    done = {}
    for row in game.rules.sabotage:
        before = (target.population, target.troops, owner.stock.money, thief.stock.money)
        done[row.kind] = (before, sabotage._apply(game, thief, target, row, Random(5)))
    assert done["nothing"][1] == {}
    before, facts = done["kill_garrison_percent"]
    assert 4 <= facts["troops"] <= 12  # 10–30% of 40
    _, facts = done["steal_money"]
    assert facts["stolen"] == (("money", 2_000),)  # capped at what the owner had
    assert owner.stock.money == 0 and thief.stock.money == done["steal_money"][0][3] + 2_000
    assert done["burn_building"][1]["building"] in ("Marketplace", "Church")
    assert len(target.buildings) == 1  # CC-CITY-39: a building destroyed by SABOTAGE
    assert target.income_sabotaged and target.spotting_falsified
    assert done["lower_fortification"][1]["lowered"] == 1 and target.fortification == level - 1
    before, facts = done["kill_population"]
    assert 0 < facts["people"] <= 10_000 and facts["troops"] == 0
    assert done["destroy_claymores"][1]["claymores"] >= 1


def test_a_sabotaged_city_makes_no_money_at_the_next_income_phase_only_cc_amb_33(
        game: Game) -> None:
    """AMB-33 56–65: the city produces no money at its owner's next Income Phase."""
    _, second = clans(game)
    target = city(game, B_CITY)
    paid = economy.city_value(game, target, second, None)
    target.income_sabotaged = True
    assert paid > 0 and economy.city_value(game, target, second, None) == 0
    spies.income_collected(game, second)
    assert economy.city_value(game, target, second, None) == paid


def test_a_falsified_spotting_report_drops_and_invents_entries_cc_amb_33(game: Game) -> None:
    """AMB-33 74–80: the owner's next spotting report from the city is falsified, then no more."""
    _, second = clans(game)
    target = city(game, B_CITY)
    target.spotting_falsified = True
    clan = game.clan(second)
    clan.sightings = []
    spies.falsify_spotting(game, clan, target, Random(2))
    assert clan.sightings and not target.spotting_falsified


def test_the_owner_sees_the_effect_not_the_author_cc_cl_sabotage_02(game: Game) -> None:
    """CC-CL-SABOTAGE-02: without a counterspy the owner reads what happened, not who did it."""
    first, second = clans(game)
    planted(game, B_CITY, first)
    ctx = clan_ctx(game, first)
    for turn in range(2, 40):
        game.state.game_turn = turn
        clan_order(ctx, f"SABOTAGE {B_CITY}")
    inbox = [e for e in game.clan(second).inbox if e.kind == EventKind.SABOTAGED]
    assert inbox and all(e.actor == 0 for e in inbox)
    assert all(f"Clan {first}" not in event_text(e) for e in inbox)
    assert "No one knows who sent them" in event_text(inbox[0])


def test_counterspy_detection_rises_per_attempt_and_a_caught_spy_is_named_cc_cl_sabotage_02(
        game: Game) -> None:
    """CC-CL-SABOTAGE-02, CC-CO-PLANT-05, AMB-33: 10% + 10% per earlier attempt; the caught
    spy is eliminated with no effect and the owner learns whose he was; while he is not
    caught, the counterspy tells the owner who did it."""
    first, second = clans(game)
    target = planted(game, B_CITY, first, second)
    thief = game.clan(first)
    caught_at = []
    for trial in range(300):
        target.spies, target.spy_attempts = sorted([first, second]), {}
        for attempt in range(11):
            game.state.game_turn = 100 * trial + attempt + 2
            if sabotage.sabotage(game, thief, target, Random(f"{trial}:{attempt}"))[
                    "effect"] == sabotage.CAUGHT:
                caught_at.append(attempt)
                break
    assert max(caught_at) <= 9  # the tenth attempt is caught for sure (10% + 9 × 10%)
    assert caught_at.count(0) < caught_at.count(1) + caught_at.count(2)
    assert target.spies == [second] and str(first) not in target.spy_attempts
    target.spies, target.spy_attempts = sorted([first, second]), {str(first): 9}
    game.state.game_turn = 100_000
    ctx = clan_ctx(game, first)
    clan_order(ctx, f"SABOTAGE {B_CITY}")
    [mine] = kinds(ctx.events, EventKind.SABOTAGE)
    assert mine.facts["effect"] == "caught" and "eliminated" in event_text(mine)
    [told] = [e for e in game.clan(second).inbox if e.kind == EventKind.SPY_CAUGHT]
    assert told.actor == first and f"Clan {first}" in event_text(told)
    target.spies, target.spy_attempts = sorted([first, second]), {}
    seen = []
    for turn in range(200, 260):
        game.state.game_turn = turn
        ctx = clan_ctx(game, first)
        clan_order(ctx, f"SABOTAGE {B_CITY}")
        seen += [e for e in game.clan(second).inbox if e.kind == EventKind.SABOTAGED]
        if first not in target.spies:
            break
    assert seen and all(e.actor == first for e in seen)


def test_raze_kills_your_own_spy_there_only_cc_co_raze_06_cc_co_plant_04(game: Game) -> None:
    """CC-CO-RAZE-06, CC-CO-PLANT-04: razing your city loses your spy; others' spies stay."""
    first, second = clans(game)
    target = planted(game, A_HOME, first, second)
    convoy = convoy_of(game, first)
    game.move_convoy(convoy, A_HOME)
    ctx = ctx_of(game, 1, first)
    order(ctx, convoy, "RAZE")
    [lost] = kinds(ctx.events, EventKind.SPY_LOST)
    assert "died when the city was razed" in event_text(lost)
    assert target.spies == [second]


def test_stolen_supplies_and_killed_troops_are_on_the_books_cc_res_01(game: Game) -> None:
    """The ledger holds: what a spy steals and kills is in the events of both Clans."""
    first, second = clans(game)
    target = planted(game, B_CITY, first)
    target.troops = 30
    game.clan(second).stock.money = 3_000
    for turn in range(2, 30):
        game.state.game_turn = turn
        before = {clan.number: holdings(game, clan.number) for clan in game.state.clans}
        inbox = len(game.clan(second).inbox)
        ctx = clan_ctx(game, first)
        clan_order(ctx, f"SABOTAGE {B_CITY}")
        told = game.clan(second).inbox[inbox:]
        assert unaccounted(before, game, ctx.events + told) == {}


def test_spy_reports_reach_the_view_as_copies_and_only_their_clan_cc_gen_05_cc_rpt_12(
        game: Game) -> None:
    """CC-GEN-05, CC-RPT-12: after a spy reported, neither Clan's view hands out live state; the
    spied-on Clan's view says nothing of the spy, his owner's view lists him."""
    first, second = clans(game)
    spy_convoy(game, first, B_CITY)
    planted(game, A_HOME, first)
    run_clan_turn(game, first, "[CONVOY 1]\nPLANT\n")
    live = live_objects(game)
    for clan in (first, second):
        view = ClanView(game, clan)
        for where, obj in public_surface(view):
            assert not isinstance(obj, LIVE_TYPES), where
            assert id(obj) not in live or isinstance(obj, tuple | frozenset), where
    assert set(ClanView(game, first).spies()) == {A_HOME, B_CITY}
    assert ClanView(game, second).spies() == () and ClanView(game, second).spy_reports() == ()
    report = ClanView(game, first).spy_reports()[0]
    assert report.sightings, "the second Clan's convoy stands at home, under the spy's eyes"
    report.sightings[0].owner = 999
    assert all(s.owner != 999 for s in game.clan(first).spy_reports[0].sightings)
