"""Expert effects: once a turn at maintenance, on entering a hex, and bonuses (CC-CNV-51…66)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats, experts
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.play.turn import run_clan_turn

BRACKWATER = "0308"   # the first Clan's starting city
PLAINS = "0307"       # a plains hex north of it


def own_convoy(game: Game) -> tuple[int, Convoy]:
    clan = game.state.active_clan
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    return clan, convoy


def turn_events(game: Game, clan: int, sheet: str, kind: str) -> list[Event]:
    run_clan_turn(game, clan, sheet)
    return [e for e in game.clan(clan).last_turn.events if e.kind == kind]


def training_gain(event: Event) -> int:
    return int(event.facts["gained"])


# --- once a turn -------------------------------------------------------------------------------

def test_trainer_raises_training_2_to_4_each_turn_cc_cnv_66_amb_39(game: Game) -> None:
    clan, convoy = own_convoy(game)
    convoy.experts = ["TRA"]
    [event] = turn_events(game, clan, "", "training")
    assert event.phase == "maintenance"
    gain = training_gain(event)
    assert 2 <= gain <= 4 and convoy.training == 30 + gain


def test_sergeant_raises_training_1_each_turn_cc_cnv_63(game: Game) -> None:
    clan, convoy = own_convoy(game)
    convoy.experts = ["SER"]
    [event] = turn_events(game, clan, "", "training")
    assert training_gain(event) == 1 and convoy.training == 31


def test_trainer_and_sergeant_add_up_to_at_most_100_cc_cnv_23(game: Game) -> None:
    clan, convoy = own_convoy(game)
    convoy.experts = ["TRA", "SER"]
    convoy.training = 98
    [event] = turn_events(game, clan, "", "training")
    assert event.facts["experts"] == ("Trainer", "Sergeant") and event.facts["training"] == 100
    assert convoy.training == 100


def test_no_training_gain_without_those_experts_cc_cnv_66(game: Game) -> None:
    clan, convoy = own_convoy(game)
    convoy.experts = ["SCO"]
    assert turn_events(game, clan, "", "training") == []
    assert convoy.training == 30


def test_armsmaster_makes_one_rifle_up_to_capacity_cc_cnv_51_amb_64(game: Game) -> None:
    clan, convoy = own_convoy(game)
    convoy.vehicles = {"truck": 3}
    convoy.experts = ["ARM"]
    limit = convoy_stats.weapon_limits(convoy, game.rules)["rifles"]
    assert limit >= 1
    convoy.rifles = limit - 1
    [event] = turn_events(game, clan, "", "rifles_made")
    assert convoy.rifles == limit
    assert event.facts == {"made": 1, "rifles": limit}


def test_armsmaster_idle_when_full_or_empty_mode_cc_cnv_51_amb_64(game: Game) -> None:
    clan, convoy = own_convoy(game)
    convoy.vehicles = {"truck": 3}
    convoy.experts = ["ARM"]
    convoy.rifles = convoy_stats.weapon_limits(convoy, game.rules)["rifles"]
    assert turn_events(game, clan, "", "rifles_made") == []
    clan2, convoy2 = own_convoy(game)
    convoy2.experts = ["ARM"]
    convoy2.mode = "empty"
    convoy2.rifles = 0
    assert turn_events(game, clan2, "", "rifles_made") == []
    assert convoy2.rifles == 0


def test_aid_and_kill_mode_revert_without_doctor_or_gunner_cc_cnv_80_cc_co_aid_01(
        game: Game) -> None:
    clan, convoy = own_convoy(game)
    convoy.aid = True
    convoy.kill_mode = "V"
    [event] = turn_events(game, clan, "", "setting_reset")
    assert not convoy.aid and convoy.kill_mode == "N"
    assert event.facts == {"why": "no_expert", "settings": ("AID", "Kill Mode")}
    clan2, convoy2 = own_convoy(game)
    convoy2.experts = ["DOC", "GUN"]
    convoy2.aid = True
    convoy2.kill_mode = "T"
    assert turn_events(game, clan2, "", "setting_reset") == []
    assert convoy2.aid and convoy2.kill_mode == "T"


# --- entering a hex ----------------------------------------------------------------------------

def test_scout_loots_every_hex_entered_cc_cnv_62_cc_hex_42_cc_co_loot_03(game: Game) -> None:
    clan, convoy = own_convoy(game)
    convoy.experts = ["SCO"]
    loots = turn_events(game, clan, "[CONVOY 1]\nN\nPAUSE\n", "loot")
    assert game.hex(PLAINS).looted
    assert len(loots) == 1 and loots[0].line == 2 and loots[0].facts["hex"] == PLAINS
    assert not any(e.kind == "loot_empty" for e in game.clan(clan).last_turn.events)


def test_scout_searches_a_bank_once_a_turn_cc_cnv_62_amb_76(game: Game) -> None:
    """A Bank is never empty: a Scout passing through it twice robs it once that turn."""
    clan, convoy = own_convoy(game)
    convoy.experts = ["SCO"]
    game.hex(PLAINS).special = "BAN"
    money = game.clan(clan).stock.money
    run_clan_turn(game, clan, "[CONVOY 1]\nN\nS\nN\n")
    events = game.clan(clan).last_turn.events
    robbed = [e for e in events if e.kind == "loot" and e.facts["why"] == "bank"]
    assert [e.facts["hex"] for e in robbed] == [PLAINS], events
    assert game.clan(clan).stock.money > money


def test_no_auto_loot_without_scout_or_in_recon_cc_hex_42_cc_move_16(game: Game) -> None:
    clan, convoy = own_convoy(game)
    assert turn_events(game, clan, "[CONVOY 1]\nN\n", "loot") == []
    assert not game.hex(PLAINS).looted
    clan2, convoy2 = own_convoy(game)
    convoy2.experts = ["SCO"]
    convoy2.mode = "recon"
    game.move_convoy(convoy2, BRACKWATER)
    convoy2.moves_made = 0
    assert turn_events(game, clan2, "[CONVOY 1]\nN\n", "loot") == []
    assert not game.hex(PLAINS).looted


def test_doctor_reports_the_plague_in_cities_entered_cc_cnv_54_amb_67(game: Game) -> None:
    clan, convoy = own_convoy(game)
    game.move_convoy(convoy, PLAINS)
    city = game.city(BRACKWATER)
    assert city is not None
    city.plague = True
    assert turn_events(game, clan, "[CONVOY 1]\nS\n", "plague_detected") == []
    clan2, convoy2 = own_convoy(game)
    convoy2.experts = ["DOC"]
    game.move_convoy(convoy2, PLAINS)
    city.plague = True
    [event] = turn_events(game, clan2, "[CONVOY 1]\nS\n", "plague_detected")
    assert event.facts == {"city": "Brackwater", "hex": BRACKWATER} and event.convoy == 1


# --- bonuses -----------------------------------------------------------------------------------

def test_politician_troop_capacity_and_priest_doubling_cc_cnv_60_cc_cnv_61(game: Game) -> None:
    rules = game.rules
    convoy = Convoy(owner=1, number=1, name="x", convoy_type="land", hex=BRACKWATER,
                    vehicles={"truck": 2})
    base = convoy_stats.troop_capacity(convoy, rules)
    convoy.experts = ["POL"]
    assert convoy_stats.troop_capacity(convoy, rules) == base * 115 // 100
    convoy.experts = ["POL", "PRI"]
    assert convoy_stats.troop_capacity(convoy, rules) == base * 130 // 100
    assert experts.vigilance_applies(convoy)
    convoy.experts = ["PRI"]
    assert not experts.vigilance_applies(convoy)


def test_priest_doubles_only_the_listed_bonuses_cc_cnv_61(game: Game) -> None:
    rules = game.rules
    convoy = Convoy(owner=1, number=1, name="x", convoy_type="land", hex=BRACKWATER,
                    experts=["PRI", "POL", "GUN", "DOC"])
    assert convoy_stats.expert_percent(convoy, "POL", rules) == 30
    assert convoy_stats.expert_percent(convoy, "DOC", rules) == 30
    assert convoy_stats.expert_percent(convoy, "GUN", rules) == 15
    assert convoy_stats.expert_percent(convoy, "MER", rules) == 0


def test_armsmaster_hit_points_and_sergeant_police_bonus_cc_cnv_51_cc_cnv_63(
        game: Game) -> None:
    rules = game.rules
    convoy = Convoy(owner=1, number=1, name="x", convoy_type="land", hex=BRACKWATER)
    assert experts.hit_point_factor(convoy, rules) == 1.0
    assert experts.police_station_factor(convoy, rules) == 1
    convoy.experts = ["ARM", "SER"]
    assert experts.hit_point_factor(convoy, rules) == 1.1
    assert experts.police_station_factor(convoy, rules) == 2
