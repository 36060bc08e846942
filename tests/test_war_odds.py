"""Seeing war coming: `conquest odds`, estimates from what a Clan knows, the checker's notice."""

from __future__ import annotations

import json

import attrs
import pytest
from game_helpers import convoy_of, first_clan, second_clan

from conquest_tui import cli
from conquest_tui.engine.combat import odds
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Sighting
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.sentences import odds_text
from conquest_tui.engine.sentences.event_text import problem_text
from conquest_tui.storage.savefile import save_game

HOME = "0406"
"""The attacker's convoy stands here (plains)."""
PLAINS = "0405"
"""A plains hex north of HOME."""
FIELD = "0506"
"""An open hex next to HOME."""
RUNS = 300


def words(estimate: odds.Estimate, game: Game) -> str:
    return "\n".join(f"{label}: {text}" for label, text in odds_text.rows(estimate, game.rules))


@pytest.fixture
def own(game: Game) -> Convoy:
    convoy = convoy_of(game, first_clan(game))
    game.move_convoy(convoy, HOME)
    convoy.vehicles, convoy.troops, convoy.hidden = {"truck": 2}, 40, False
    return convoy


def enemy_hex(game: Game, hex_id: str, defense: int, guards: int, *, seen: bool) -> None:
    state = game.hex(hex_id)
    state.owner, state.defense, state.garrison = second_clan(game), defense, guards
    if seen:
        game.clan(first_clan(game)).last_turn.visited_hexes.append(hex_id)


def sight(game: Game, hex_id: str, size: str = "tiny", convoy_type: str = "land") -> None:
    game.clan(first_clan(game)).sightings.append(
        Sighting(hex=hex_id, game_turn=game.state.game_turn, owner=second_clan(game),
                 size_name=size, convoy_type=convoy_type, how="met"))


# --- hex attacks -----------------------------------------------------------------------------
def test_hex_odds_read_the_troop_range_cc_cbh_05(game: Game, own: Convoy) -> None:
    """A defense-5 plains hex with 5 guards takes 15–31 troops; a level-8 hex with 6 guards
    20–44; below the range no attack is made, at its top the hex falls for certain."""
    enemy_hex(game, PLAINS, 5, 5, seen=True)
    view = ClanView(game, own.owner)
    estimate = odds.hex_attack_odds(game, view, own, PLAINS, troops=20, runs=RUNS)
    assert (estimate.fact("low"), estimate.fact("high")) == (15, 31)
    assert "it takes 15–31 troops" in words(estimate, game)
    assert 0.0 < estimate.win < 1.0 and not estimate.assumptions
    low, high = estimate.spread
    assert 0 <= low <= high <= 20
    assert odds.hex_attack_odds(game, view, own, PLAINS, troops=31, runs=RUNS).win == 1.0
    too_few = odds.hex_attack_odds(game, view, own, PLAINS, troops=14, runs=RUNS)
    assert "too few troops" in odds_text.chance(too_few)
    enemy_hex(game, PLAINS, 8, 6, seen=False)
    estimate = odds.hex_attack_odds(game, ClanView(game, own.owner), own, PLAINS, runs=RUNS)
    assert (estimate.fact("low"), estimate.fact("high")) == (20, 44)


def test_an_unseen_hex_is_assumed_not_read_cc_cbh_05(game: Game, own: Convoy) -> None:
    """A hex the Clan has not seen: its real guards stay hidden; the estimate says what it
    assumed (the strongest starting defense, no guards counted)."""
    enemy_hex(game, PLAINS, 2, 9, seen=False)
    estimate = odds.hex_attack_odds(game, ClanView(game, own.owner), own, PLAINS, runs=RUNS)
    assert estimate.fact("guards") == 0 and estimate.fact("level") == 5
    text = words(estimate, game)
    assert "has not been seen" in text and "9 guards" not in text


# --- city invasions --------------------------------------------------------------------------
def enemy_city(game: Game, troops: int) -> str:
    city = next(c for c in game.state.cities if c.owner == second_clan(game))
    city.troops = troops
    return city.hex


def test_a_city_never_seen_does_not_reveal_its_troops_cc_cbc_02(game: Game, own: Convoy) -> None:
    """The estimate for a city the Clan never visited uses the fortification's full garrison,
    says so, and comes out the same whatever the city really holds."""
    game.move_convoy(own, enemy_city(game, 77))
    view = ClanView(game, own.owner)
    first = odds.city_invasion_odds(game, view, own, runs=RUNS)
    text = words(first, game)
    assert "troops are not known: assumed a full garrison of 100" in text
    assert "77" not in text and first.fact("garrison") == 100
    enemy_city(game, 3)
    assert odds.city_invasion_odds(game, ClanView(game, own.owner), own, runs=RUNS) == first


def test_invasion_odds_run_the_assault_itself_cc_cbc_07_10(game: Game, own: Convoy) -> None:
    """A known 10-troop garrison against 200 troops at a to-hit over 100% (one sure hit and a
    chance of a second each round): the city falls in every run and all 10 defenders die."""
    game.move_convoy(own, enemy_city(game, 10))
    own.troops, own.training, own.morale = 200, 100, 100
    game.clan(own.owner).last_turn.visited_hexes.append(own.hex)
    estimate = odds.city_invasion_odds(game, ClanView(game, own.owner), own, runs=RUNS)
    assert estimate.win == 1.0 and estimate.defender.troops == 10.0
    assert estimate.defender.population > 0
    assert odds_text.chance(estimate) == "certain to win"
    assert not [a for a in estimate.assumptions if a.code == "city_troops"]


def test_own_city_and_no_city_are_refused_in_words(game: Game, own: Convoy) -> None:
    view = ClanView(game, own.owner)
    with pytest.raises(odds.OddsError) as refused:
        odds.city_invasion_odds(game, view, own)
    assert odds_text.error_text(refused.value) == f"there is no city in hex {HOME}"


# --- convoy battles --------------------------------------------------------------------------
def test_battle_odds_from_a_sighting_only_cc_cbv_01(game: Game, own: Convoy) -> None:
    """Two trucks against a tiny convoy seen there: very likely to win; the real enemy convoy
    (anywhere, any size) changes nothing; the assumed convoy is told in words."""
    sight(game, FIELD)
    view = ClanView(game, own.owner)
    estimate = odds.convoy_battle_odds(game, view, own, FIELD, runs=RUNS)
    assert estimate.win > 0.9
    text = words(estimate, game)
    assert f"convoy seen in {FIELD}" in text and "is tiny, Land: assumed" in text
    real = convoy_of(game, second_clan(game))
    game.move_convoy(real, FIELD)
    real.vehicles, real.troops = {"truck": 9}, 180
    assert odds.convoy_battle_odds(game, ClanView(game, own.owner), own, FIELD,
                                   runs=RUNS) == estimate


def test_a_weak_convoy_would_not_attack_cc_cbv_02_amb_41(game: Game, own: Convoy) -> None:
    """Two cars facing a huge convoy: the commander would not start the battle."""
    own.vehicles, own.troops = {"car": 2}, 6
    sight(game, FIELD, size="huge")
    estimate = odds.convoy_battle_odds(game, ClanView(game, own.owner), own, FIELD, runs=RUNS)
    assert estimate.no_fight == 1.0 and estimate.win == 0.0
    assert "would not start this battle" in odds_text.chance(estimate)


def test_estimates_are_seeded_and_repeatable(game: Game, own: Convoy) -> None:
    sight(game, FIELD, size="small")
    view = ClanView(game, own.owner)
    one = odds.convoy_battle_odds(game, view, own, FIELD, runs=RUNS, seed=7)
    assert odds.convoy_battle_odds(game, view, own, FIELD, runs=RUNS, seed=7) == one
    assert one.runs == RUNS and one.seed == 7


# --- the checker's notice --------------------------------------------------------------------
def test_checker_notes_a_move_into_seen_enemy_convoys_cc_cbv_01(game: Game, own: Convoy) -> None:
    """A move into a hex where the Clan saw an enemy convoy gets a notice with the chance;
    a real enemy convoy the Clan never saw gets none (fog)."""
    sight(game, FIELD)
    sheet = f"[CONVOY {own.number}]\nMOVE NE\n"
    other = next(p for p in check_sheet(game, own.owner, sheet) if p.code == "meets_convoy")
    assert other.level == "notice" and other.line == 2
    assert problem_text(other).startswith(
        f"this move meets Clan {second_clan(game)}'s convoy in {FIELD}: ")
    assert problem_text(other).endswith("to win")
    game.clan(own.owner).sightings.clear()
    real = convoy_of(game, second_clan(game))
    game.move_convoy(real, FIELD)
    real.hidden = False
    assert not [p for p in check_sheet(game, own.owner, sheet) if p.code == "meets_convoy"]


# --- the console -----------------------------------------------------------------------------
def test_conquest_odds_prints_words_and_json(game: Game, own: Convoy, tmp_path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    sight(game, FIELD)
    path = tmp_path / "war.json"
    save_game(game, path)
    base = ["odds", "--save", str(path), "--clan", str(own.owner), "--convoy", str(own.number),
            "--target", FIELD, "--runs", "200"]
    assert cli.main(base) == 0
    out = capsys.readouterr().out
    assert "Chance" in out and "to win" in out and "Spread" in out and "_" not in out
    assert cli.main([*base, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [item["fight"] for item in data] == ["convoy_battle", "hex_attack"]
    assert data[0]["runs"] == 200 and data[0]["assumptions"][0]["text"]
    assert cli.main([*base[:-4], "--target", "0101"]) == 1
    assert "Nothing to fight in hex 0101" in capsys.readouterr().err  # far, but asked about


def test_estimates_do_not_change_the_game(game: Game, own: Convoy) -> None:
    sight(game, FIELD)
    before = attrs.evolve(own)
    odds.estimates(game, ClanView(game, own.owner), own, FIELD, runs=50)
    assert own == before
