"""The Plague's cure: CURE, AID, convoys catching the Scourge, vaccine healing, immunity, reports.

Checklist: CC-CO-CURE-01…03, CC-CO-AID-01/02, CC-CNV-25…31, CC-RES-12, CC-SEQ-05/11, CC-CITY-48,
AMB-34, AMB-35, AMB-36, AMB-67, AMB-88, AMB-93.
"""

from __future__ import annotations

import attrs
import pytest

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy, Event
from conquest_tui.engine.economy import plague_cure, plague_health, population
from conquest_tui.engine.economy.gameturn import end_game_turn
from conquest_tui.engine.orderbook.plague import Aid, Cure
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.sentences.event_text import event_text
from tests.game_helpers import convoy_of, first_clan, second_clan

HOME = "0308"   # the first Clan's city, where its convoy #1 starts


def _with_plague(game: Game, **plague: object) -> Game:
    """The game with other Plague numbers (chances of 1.0 make the draws certain)."""
    rules = game.rules
    game.rules = attrs.evolve(rules, plague=attrs.evolve(rules.plague, **plague))
    return game


def _context(game: Game) -> tuple[TurnContext, Convoy]:
    clan = game.clan(first_clan(game))
    ctx = TurnContext(game=game, clan=clan, sheet=parse_sheet("", game.rules), phase="pulses",
                      pulse=3, line=5)
    return ctx, convoy_of(game, clan.number)


def _plagued(game: Game, population_now: int = 60_001, hex_id: str = HOME) -> CityState:
    city = game.city(hex_id)
    assert city is not None
    city.plague, city.population = True, population_now
    return city


def _kinds(events: list[Event] | tuple[Event, ...], kind: EventKind) -> list[Event]:
    return [e for e in events if e.kind == kind]


# --- CURE --------------------------------------------------------------------------------------

def test_cure_of_60001_people_takes_61_vaccine_cc_co_cure_01(game: Game) -> None:
    ctx, convoy = _context(game)
    city = _plagued(game)
    ctx.clan.stock.vaccine = 100
    Cure("CURE", 5, "CURE").run(ctx, convoy)
    assert not city.plague
    assert ctx.clan.stock.vaccine == 100 - 61  # a gift is never vaccine (AMB-34)
    cured = _kinds(ctx.events, EventKind.CURE)[0]
    assert cured.facts["vaccine"] == 61
    assert "cured" in event_text(cured) and "61 vaccine" in event_text(cured)


@pytest.mark.parametrize(("experts", "need"), [((), 61), (("DOC",), 52), (("DOC", "PRI"), 43)])
def test_doctor_cuts_the_cure_by_15_or_30_percent_cc_co_cure_01_cc_cnv_29(
        game: Game, experts: tuple[str, ...], need: int) -> None:
    _, convoy = _context(game)
    convoy.experts = list(experts)
    assert plague_cure.cure_cost(_plagued(game), convoy, game.rules) == need


def test_cure_without_enough_vaccine_spends_nothing_cc_co_cure_01(game: Game) -> None:
    ctx, convoy = _context(game)
    city = _plagued(game)
    ctx.clan.stock.vaccine = 60
    Cure("CURE", 5, "CURE").run(ctx, convoy)
    assert city.plague and ctx.clan.stock.vaccine == 60
    problem = ctx.problems[-1]
    assert (problem.code, problem.facts["need"], problem.facts["have"]) == ("cannot_cure", 61, 60)
    assert "nothing was spent" in event_text(ctx.events[-1])


def test_cure_needs_a_plagued_city_here_cc_co_cure_01(game: Game) -> None:
    ctx, convoy = _context(game)
    Cure("CURE", 5, "CURE").run(ctx, convoy)
    assert ctx.problems[-1].facts["reason"] == "no_plague"
    game.move_convoy(convoy, "0309")
    Cure("CURE", 5, "CURE").run(ctx, convoy)
    assert ctx.problems[-1].facts["reason"] == "no_city"


def test_anyone_may_cure_a_rivals_city_and_the_owner_is_told_cc_co_cure_03(game: Game) -> None:
    ctx, convoy = _context(game)
    rival = game.clan(second_clan(game))
    city = _plagued(game, 20_000, "1609")
    game.move_convoy(convoy, "1609")
    ctx.clan.stock.vaccine = 20
    Cure("CURE", 5, "CURE").run(ctx, convoy)
    assert not city.plague and ctx.clan.stock.vaccine == 0
    told = _kinds(rival.inbox, EventKind.CURE)[0]
    assert told.actor == ctx.clan.number
    assert event_text(told) == (f"A convoy of Clan {ctx.clan.number} cured your city "
                                f"{plague_cure.city_name(game, city)} (1609) of the Plague.")


def test_a_cured_city_may_give_a_gift_cc_co_cure_02_amb_34(game: Game) -> None:
    gifts = set()
    for seed in range(40):
        game.state.seed = f"gift{seed}"
        ctx, convoy = _context(game)
        _plagued(game, 10_000)
        stock = ctx.clan.stock
        stock.vaccine, stock.food, stock.fuel, stock.parts = 10, 0, 0, 0
        vehicles = convoy.vehicle_count
        plague_cure.cure(ctx, convoy, automatic=False)
        facts = ctx.events[-1].facts
        gifts.add(facts["gift"])
        if facts["gift"] == "supplies":
            item, amount = str(facts["item"]), int(facts["amount"])
            assert stock.get(item) == amount and 1 <= amount <= 40
        elif facts["gift"] == "vehicle":
            assert convoy.vehicle_count == vehicles + 1 and facts["vehicle"] == "car"
    assert {"supplies", "vehicle", "none"} <= gifts


def test_a_cured_city_cannot_break_out_again_for_two_game_turns_amb_35(game: Game) -> None:
    _with_plague(game, city_chance=1.0)
    ctx, convoy = _context(game)
    city = _plagued(game)
    ctx.clan.stock.vaccine = 100
    plague_cure.cure(ctx, convoy, automatic=False)
    turn = game.state.game_turn
    assert not population.may_break_out(city, turn, 10_000)
    assert not population.may_break_out(city, turn + 1, 10_000)
    assert population.may_break_out(city, turn + 2, 10_000)
    end_game_turn(game)
    assert not city.plague
    end_game_turn(game)
    assert not city.plague
    end_game_turn(game)
    assert city.plague


# --- AID ---------------------------------------------------------------------------------------

def test_aid_reads_on_or_off_cc_co_aid_01(game: Game) -> None:
    sheet = parse_sheet("[CONVOY 1]\nAID ON\nAI off\nAID\nAID MAYBE\nCU\n", game.rules)
    orders = [line.order for line in sheet.convoy_lines(1)]
    assert [o.on for o in orders[:2] if isinstance(o, Aid)] == [True, False]
    assert isinstance(orders[-1], Cure)
    assert [p.code for p in sheet.problems] == ["bad_switch", "bad_switch"]


def test_aid_needs_a_doctor_cc_co_aid_01(game: Game) -> None:
    ctx, convoy = _context(game)
    Aid("AID", 5, "AID ON", on=True).run(ctx, convoy)
    assert not convoy.aid and ctx.problems[-1].code == "no_expert"
    convoy.experts.append("DOC")
    Aid("AID", 5, "AID ON", on=True).run(ctx, convoy)
    assert convoy.aid
    assert event_text(ctx.events[-1]) == "Convoy #1 will now cure every plagued city it enters."


def test_aid_cures_a_plagued_city_entered_cc_co_aid_02_amb_93(game: Game) -> None:
    clan = first_clan(game)
    convoy = convoy_of(game, clan)
    convoy.experts.append("DOC")
    city = _plagued(game, 30_000)
    game.clan(clan).stock.vaccine = 30
    result = run_clan_turn(game, clan, "[CONVOY 1]\nAID ON\nPAUSE\n")
    cured = _kinds(result.events, EventKind.CURE)
    assert len(cured) == 1 and cured[0].facts["automatic"] == 1
    assert cured[0].facts["vaccine"] == 26  # ⌈30 × 0.85⌉
    assert not city.plague
    assert not _kinds(result.events, EventKind.INFECTED)


def test_aid_short_of_vaccine_reports_and_spends_nothing_cc_co_aid_02(game: Game) -> None:
    ctx, convoy = _context(game)
    convoy.experts.append("DOC")
    convoy.aid = True
    _plagued(game, 30_000)
    ctx.clan.stock.vaccine = 3
    plague_health.on_enter(ctx, convoy)
    failed = _kinds(ctx.events, EventKind.CANNOT_CURE)[0]
    assert ctx.clan.stock.vaccine == 3 and not ctx.problems
    assert event_text(failed).startswith("Convoy #1's Doctor could not cure")


# --- convoys catching the Scourge ---------------------------------------------------------------

def test_entering_a_plagued_city_may_infect_the_convoy_cc_cnv_26_amb_35(game: Game) -> None:
    _with_plague(game, convoy_infection_chance=1.0)
    ctx, convoy = _context(game)
    _plagued(game)
    plague_health.on_enter(ctx, convoy)
    assert convoy.infected
    assert "caught the Scourge" in event_text(_kinds(ctx.events, EventKind.INFECTED)[0])


def test_a_doctor_halves_the_infection_chance_amb_35(game: Game) -> None:
    _with_plague(game, convoy_infection_chance=1.0, doctor_infection_chance=0.0)
    ctx, convoy = _context(game)
    convoy.experts.append("DOC")
    _plagued(game)
    plague_health.on_enter(ctx, convoy)
    assert not convoy.infected


def _no_vaccine(game: Game, clan: int) -> None:
    """Nothing in the stockpile and no hex that yields vaccine at income."""
    game.clan(clan).stock.vaccine = 0
    for hex_state in game.state.hexes:
        hex_state.vaccine = 0


def test_an_infected_convoy_loses_health_each_pulse_cc_cnv_25_cc_seq_11_amb_35(game: Game) -> None:
    clan = first_clan(game)
    convoy = convoy_of(game, clan)
    convoy.infected = True
    _no_vaccine(game, clan)
    result = run_clan_turn(game, clan, "")
    assert 80 <= convoy.health <= 90 and convoy.infected
    sapped = _kinds(result.events, EventKind.SICKENED)[-1]
    assert sapped.facts["health"] == convoy.health
    # healing found no vaccine at maintenance, and below 75% troops would have deserted
    assert _kinds(result.events, EventKind.HEALED)[-1].facts["why"] == "none"


# --- healing with vaccine ------------------------------------------------------------------------

def _big(convoy: Convoy, health: int) -> Convoy:
    convoy.vehicles = {"car": 1, "truck": 2}  # size 3 + 2 × 18 = 39
    convoy.health, convoy.infected = health, True
    return convoy


@pytest.mark.parametrize(("experts", "need"), [((), 16), (("DOC",), 14), (("DOC", "PRI"), 11)])
def test_vaccine_to_heal_follows_size_and_lost_health_amb_36_cc_cnv_29(
        game: Game, experts: tuple[str, ...], need: int) -> None:
    _, convoy = _context(game)
    _big(convoy, 60).experts = list(experts)
    assert plague_health.heal_vaccine(convoy, game.rules) == need  # ⌈39 × 0.40 × factor⌉


def test_healing_brings_health_back_and_clears_the_infection_cc_cnv_27_28_cc_res_12(
        game: Game) -> None:
    ctx, convoy = _context(game)
    _big(convoy, 60)
    game.move_convoy(convoy, "0309")  # healing works anywhere, not only in a city
    ctx.clan.stock.vaccine = 20
    plague_health.heal(ctx)
    assert (convoy.health, convoy.infected, ctx.clan.stock.vaccine) == (100, False, 4)
    assert event_text(ctx.events[-1]) == ("Convoy #1 was healed with 16 vaccine: health 60% → "
                                          "100%.")


def test_short_of_vaccine_health_returns_in_proportion_amb_36(game: Game) -> None:
    ctx, convoy = _context(game)
    _big(convoy, 60)
    ctx.clan.stock.vaccine = 8
    plague_health.heal(ctx)
    assert (convoy.health, convoy.infected, ctx.clan.stock.vaccine) == (80, True, 0)


def test_vaccine_bought_before_the_turn_heals_and_saves_the_troops_cc_cnv_27_cc_seq_05(
        game: Game) -> None:
    clan = first_clan(game)
    convoy = _big(convoy_of(game, clan), 70)
    convoy.troops = 5
    game.clan(clan).stock.vaccine = 0
    result = run_clan_turn(game, clan, "[PRE]\nBUY 20 VACCINE\n")
    healed = _kinds(result.events, EventKind.HEALED)[0]
    assert healed.phase == "pickup" and healed.facts["why"] == "healed"
    assert not _kinds(result.events, EventKind.SICK_DESERTION)
    assert convoy.health == 100


def test_below_75_after_healing_all_troops_desert_and_are_lost_cc_cnv_30_amb_88(
        game: Game) -> None:
    clan = first_clan(game)
    convoy = _big(convoy_of(game, clan), 70)
    _no_vaccine(game, clan)
    result = run_clan_turn(game, clan, "")
    deserted = _kinds(result.events, EventKind.SICK_DESERTION)
    assert deserted[0].phase == "pickup" and int(deserted[0].facts["lost"]) > 0
    assert convoy.troops == 0  # and none picked up since (CC-CNV-30)


# --- what the Clan reads ------------------------------------------------------------------------

def test_report_names_plagued_cities_and_the_cure_when_known_amb_67_cc_rpt_02(
        game: Game) -> None:
    clan = first_clan(game)
    city = _plagued(game)
    game.move_convoy(convoy_of(game, clan), "0309")
    view = ClanView(game, clan)
    info = next(c for c in view.listed_cities() if c.hex == HOME)
    assert not info.plague  # no Hospital, no Doctor: only the fall of the population shows
    city.buildings.append("HOS")
    info = next(c for c in ClanView(game, clan).listed_cities() if c.hex == HOME)
    assert (info.plague, info.cure_vaccine) == (True, 61)
    text = render_report(build_report(ClanView(game, clan)))
    assert "The Plague is in " in text and "a CURE there takes 61 vaccine" in text


def test_a_doctor_in_the_city_shows_the_plague_cc_cnv_54_amb_67(game: Game) -> None:
    clan = first_clan(game)
    _plagued(game)
    convoy_of(game, clan).experts.append("DOC")
    info = next(c for c in ClanView(game, clan).listed_cities() if c.hex == HOME)
    assert info.plague and info.cure_vaccine == 61


def test_show_always_tells_of_every_plague_amb_67(game: Game) -> None:
    _with_plague(game, show_always=True)
    clan = first_clan(game)
    _plagued(game)
    game.move_convoy(convoy_of(game, clan), "0309")
    info = next(c for c in ClanView(game, clan).listed_cities() if c.hex == HOME)
    assert info.plague
