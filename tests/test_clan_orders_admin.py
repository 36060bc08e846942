"""ORDER, EVENT and random events, NAME, SLOGAN, PHONE, TRAIN, VIGILANCE (CC-CL-*, AMB-31/49/59)."""

from __future__ import annotations

from random import Random

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.economy import random_events
from conquest_tui.engine.orders.sheet import OrderSheet, parse_sheet
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import EventOutcome, Ruleset


def make_game(rules: Ruleset, small_map: GameMap, chance: float = 0.0, seed: str = "test") -> Game:
    calm = attrs.evolve(rules, event_chance_per_turn=chance)
    setup = GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs")), seed=seed)
    return new_game(calm, small_map, setup)


def play_again(game: Game, clan: int, sheet: str) -> None:
    """Run another turn of the same Clan (the other Clan passes)."""
    while game.state.active_clan != clan:
        run_clan_turn(game, game.state.active_clan, "")
    run_clan_turn(game, clan, sheet)


def kinds(game: Game, clan: int) -> list[str]:
    return [e.kind for e in game.clan(clan).last_turn.events]


def codes(game: Game, clan: int) -> list[str]:
    return [p.code for p in game.clan(clan).last_turn.problems]


# --- ORDER ----------------------------------------------------------------------------------

def test_order_4_6_costs_7500_each_and_only_next_turn_cc_cl_order_02(quiet: Game) -> None:
    """CC-CL-ORDER-01/02, AMB-49: lines bought now are not usable now, only next turn."""
    clan = quiet.state.active_clan
    stock = quiet.clan(clan).stock
    stock.money = 200_000
    post = "\n".join(["ENLIST 1"] * 11)
    run_clan_turn(quiet, clan, f"[PRE]\nORDER 4 6\n[POST]\n{post}\n")
    income = quiet.clan(clan).last_turn.income.get("money", 0)
    troop_price = quiet.state.prices["troops"]
    assert stock.money == 200_000 + income - 75_000 - 10 * troop_price
    assert codes(quiet, clan).count("over_limit") == 1
    clan_state = quiet.clan(clan)
    assert (clan_state.extra_pre_lines, clan_state.extra_post_lines) == (4, 6)
    pre = "\n".join(["ENLIST 1"] * 10)
    assert [p.code for p in check_sheet(quiet, clan, f"[PRE]\n{pre}\n")].count("over_limit") == 1
    play_again(quiet, clan, f"[PRE]\n{pre}\n")
    assert codes(quiet, clan).count("over_limit") == 1      # 5 + 4 lines ran, the 10th did not
    assert (clan_state.extra_pre_lines, clan_state.extra_post_lines) == (0, 0)


def test_order_once_per_turn_and_at_most_10_cc_cl_order_01(quiet: Game) -> None:
    clan = quiet.state.active_clan
    quiet.clan(clan).stock.money = 200_000
    sheet = parse_sheet("[PRE]\nORDER 1 0\nORDER 0 2\nORDER 6 5\n", quiet.rules)
    assert [p.code for p in sheet.problems] == ["too_many_lines"]
    run_clan_turn(quiet, clan, sheet)
    assert "twice" in codes(quiet, clan)
    assert (quiet.clan(clan).extra_pre_lines, quiet.clan(clan).extra_post_lines) == (1, 0)


def test_order_without_money_buys_nothing_cc_cl_gen_03(quiet: Game) -> None:
    clan = quiet.state.active_clan
    quiet.clan(clan).stock.money = 0
    for hex_state in quiet.state.hexes:
        hex_state.money = 0
    for city in quiet.state.cities:
        city.base_value = 0
    run_clan_turn(quiet, clan, "[PRE]\nORDER 10 0\n")
    assert "no_money" in codes(quiet, clan)
    assert quiet.clan(clan).extra_pre_lines == 0


# --- EVENT and the random event -------------------------------------------------------------

def test_event_order_guarantees_one_event_a_turn_cc_cl_event_01(quiet: Game) -> None:
    clan = quiet.state.active_clan
    run_clan_turn(quiet, clan, "[PRE]\nEVENT\n[POST]\nEV\n")
    assert kinds(quiet, clan).count("random_event") == 1
    assert "twice" in codes(quiet, clan)


def test_event_chance_is_about_half_and_skipped_with_event_order_cc_cl_event_01(
        rules: Ruleset, small_map: GameMap) -> None:
    """CC-CL-EVENT-01, AMB-31: 50% at the Income Phase; none there when EVENT is ordered."""
    game = make_game(rules, small_map, chance=rules.event_chance_per_turn)
    clan = game.clan(game.state.active_clan)
    happened = 0
    for turn in range(1, 201):
        game.state.game_turn = turn
        ctx = TurnContext(game=game, clan=clan, sheet=OrderSheet())
        random_events.roll_at_income(ctx)
        happened += random_events.had_event(ctx)
    assert 70 <= happened <= 130
    ordered = parse_sheet("[POST]\nEVENT\n", rules)
    for turn in range(1, 41):
        game.state.game_turn = turn
        ctx = TurnContext(game=game, clan=clan, sheet=ordered)
        random_events.roll_at_income(ctx)
        assert not random_events.had_event(ctx)


def test_event_table_is_mostly_good_cc_cl_event_02(rules: Ruleset) -> None:
    """CC-CL-EVENT-02, AMB-31: 12 good, 2 neutral, 6 bad on a d20."""
    tones = [o.tone for o in rules.events for _ in range(o.low, o.high + 1)]
    assert (tones.count("good"), tones.count("neutral"), tones.count("bad")) == (12, 2, 6)


def outcome(rules: Ruleset, roll: int) -> EventOutcome:
    return next(o for o in rules.events if o.low <= roll <= o.high)


def apply(game: Game, roll: int) -> random_events.Effect:
    ctx = TurnContext(game=game, clan=game.clan(game.state.active_clan), sheet=OrderSheet())
    return random_events.apply_outcome(ctx, outcome(game.rules, roll), Random(roll))


def test_event_gains_and_losses_amb_31(quiet: Game) -> None:
    """AMB-31 rows 1, 5, 15, 17: fuel +100–200, troops +10–20, food −10% (≤100), money ≥ 0."""
    clan = quiet.clan(quiet.state.active_clan)
    stock = clan.stock
    fuel, troops = stock.fuel, stock.troops
    gained = apply(quiet, 1)
    assert gained["effect"] == "gain" and [item for item, _ in gained["amounts"]] == ["fuel"]
    assert 100 <= stock.fuel - fuel <= 200
    apply(quiet, 5)
    assert 10 <= stock.troops - troops <= 20
    stock.food = 5_000
    apply(quiet, 15)
    assert stock.food == 4_900
    stock.money = 500
    apply(quiet, 17)
    assert stock.money == 0


def test_event_convoy_and_city_outcomes_amb_31(quiet: Game) -> None:
    """AMB-31 rows 8, 11, 12, 19, 20: scout, base value, city revealed, parts, Plague."""
    number = quiet.state.active_clan
    clan = quiet.clan(number)
    convoy = quiet.convoy(number, 1)
    city = next(c for c in quiet.state.cities if c.owner == number)
    assert convoy is not None
    apply(quiet, 8)
    assert convoy.vehicles["bike"] == 3
    money = clan.stock.money
    apply(quiet, 11)
    assert clan.stock.money == money + city.base_value
    known = len(clan.city_memory)
    assert apply(quiet, 12)["effect"] == "city_known"
    assert len(clan.city_memory) == known + 1
    apply(quiet, 19)
    assert 10 <= convoy.parts_owed <= 20
    apply(quiet, 20)
    assert city.plague


def test_event_appears_in_the_turn_report_cc_seq_03(rules: Ruleset, small_map: GameMap) -> None:
    """CC-SEQ-03: the event roll happens at the Income Phase and is reported there."""
    game = make_game(rules, small_map, chance=1.0)
    clan = game.state.active_clan
    run_clan_turn(game, clan, "")
    rolled = [e for e in game.clan(clan).last_turn.events if e.kind == "random_event"]
    assert len(rolled) == 1 and rolled[0].phase == "income"
    assert rolled[0].facts["outcome"] in {o.text for o in rules.events}


# --- NAME, SLOGAN, PHONE --------------------------------------------------------------------

def test_name_clan_only_up_to_turn_3_convoys_any_time_cc_cl_name_01(quiet: Game) -> None:
    """CC-CL-NAME-01, AMB-59."""
    clan = quiet.state.active_clan
    run_clan_turn(quiet, clan, '[PRE]\nNAME "Jury Riggers"\nNAME #1 "Rolling Thunder"\n')
    assert quiet.clan(clan).name == "Jury Riggers"
    assert quiet.convoy(clan, 1).name == "Rolling Thunder"  # type: ignore[union-attr]
    run_clan_turn(quiet, quiet.state.active_clan, "")
    quiet.state.game_turn = 4
    sheet = '[PRE]\nNAME "Late Comers"\nNA 1 Nomads\n'
    assert any(p.code == "too_late" for p in check_sheet(quiet, clan, sheet))
    run_clan_turn(quiet, clan, sheet)
    assert quiet.clan(clan).name == "Jury Riggers"
    assert quiet.convoy(clan, 1).name == "Nomads"  # type: ignore[union-attr]
    assert "too_late" in codes(quiet, clan)


def test_names_at_most_20_characters_not_the_cc_cl_name_01(rules: Ruleset) -> None:
    sheet = parse_sheet('[PRE]\nNAME "The Wolves"\nNAME #2 "An Extremely Long Name!"\n', rules)
    assert [p.code for p in sheet.problems] == ["the_name", "long_name"]


def test_slogan_set_and_limited_to_100_characters_cc_cl_slogan_01(quiet: Game) -> None:
    """CC-CL-SLOGAN-01, AMB-10."""
    clan = quiet.state.active_clan
    long = "x" * 101
    assert [p.code for p in parse_sheet(f'[PRE]\nSLOGAN "{long}"\n', quiet.rules).problems] == [
        "long_slogan"]
    run_clan_turn(quiet, clan, '[PRE]\nSLOGAN "We are prepared to die. Are you?"\n')
    assert quiet.clan(clan).slogan == "We are prepared to die. Are you?"


def test_phone_on_off_and_format_cc_cl_phone_01(quiet: Game) -> None:
    clan = quiet.state.active_clan
    assert [p.code for p in parse_sheet("[PRE]\nPHONE ON 555-3902\n", quiet.rules).problems] == [
        "bad_phone"]
    run_clan_turn(quiet, clan, "[PRE]\nPHONE ON\n")
    assert "no_phone" in codes(quiet, clan) and not quiet.clan(clan).phone_on
    play_again(quiet, clan, "[PRE]\nPHONE ON (513)555-3902\n")
    assert (quiet.clan(clan).phone, quiet.clan(clan).phone_on) == ("(513)555-3902", True)
    play_again(quiet, clan, "[PRE]\nPHONE OFF\n")
    assert (quiet.clan(clan).phone, quiet.clan(clan).phone_on) == ("(513)555-3902", False)


# --- TRAIN, VIGILANCE -----------------------------------------------------------------------

def test_train_agents_at_doubling_prices_cc_cl_train_01(quiet: Game) -> None:
    clan = quiet.state.active_clan
    stock = quiet.clan(clan).stock
    money = stock.money
    run_clan_turn(quiet, clan, "[PRE]\nTRAIN 3\nTR 2\nTRAIN 30\n")
    income = quiet.clan(clan).last_turn.income.get("money", 0)
    assert quiet.clan(clan).agents == 5
    assert stock.money == money + income - (1_000 + 2_000 + 4_000) - (8_000 + 16_000)
    assert "no_money" in codes(quiet, clan)


def test_vigilance_stored_0_to_50_cc_cl_vigilance_01(quiet: Game) -> None:
    clan = quiet.state.active_clan
    assert [p.code for p in parse_sheet("[PRE]\nVI 60\n", quiet.rules).problems] == [
        "bad_percent"]
    run_clan_turn(quiet, clan, "[PRE]\nVIGILANCE 40%\n")
    assert quiet.clan(clan).vigilance == 40
    play_again(quiet, clan, "[POST]\nVI 0\n")
    assert quiet.clan(clan).vigilance == 0
