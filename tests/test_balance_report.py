"""tools/balance_report.py: the balance tables of a run of bot games (issue 28, CC-GEN-07)."""

from __future__ import annotations

import pytest

from conquest_tui.engine.play.land_reach import land_reach
from conquest_tui.simulation.runner import ClanSummary, GameSummary
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset
from tools import balance_report


def test_wilson_interval_holds_the_share_and_narrows_with_more_games() -> None:
    """A share's 95% interval contains it, stays within 0–1 and narrows as games add up."""
    low, high = balance_report.wilson(5, 10)
    assert low < 0.5 < high
    assert balance_report.wilson(0, 10)[0] == 0.0 and balance_report.wilson(10, 10)[1] == 1.0
    wider = high - low
    low, high = balance_report.wilson(50, 100)
    assert high - low < wider
    assert balance_report.share_text(3, 4) == "75% (30–95)"


def test_the_report_plays_two_tiny_games_and_prints_every_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Two 2-Clan games of 2 game turns on the test map: the cell, each start with its land
    before any rival (both starts of test_small's fair pair), and the two-Clan shares."""
    balance_report.main(["--maps", "test_small", "--clans", "2", "--games", "2",
                         "--turns", "2", "--seed", "tiny"])
    out = capsys.readouterr().out
    assert "Games of normal bots, by map and number of Clans (95% intervals)" in out
    cell = next(line for line in out.splitlines() if line.startswith("test_small  2 "))
    assert cell.split()[2] == "2" and "2 (2–2)" in cell  # 2 games, both 2 game turns long
    assert "Brackwater (0308)  71" in out and "Eastreach (1609)   66" in out
    assert "Two Clans: each start's win share" in out


def test_a_count_s_interval_never_goes_below_nothing() -> None:
    """Battles a game are counts: one battle in twenty games has an interval from 0, not below."""
    assert balance_report.mean_text([0] * 19 + [2]) == "0.1 (0.0–0.3)"
    assert balance_report.mean_text([-1.0, 1.0]).startswith("0.0 (-")  # a signed figure may


def test_the_ladder_rotates_the_stronger_bot_and_counts_its_wins(
        capsys: pytest.CaptureFixture[str]) -> None:
    """--ladder: per map, a hard bot against three normal ones and a normal against three easy
    ones, each with its games and the stronger bot's win share; each start shows the land moves
    to its nearest rival."""
    balance_report.main(["--maps", "test_small", "--clans", "2", "--games", "1",
                         "--turns", "1", "--seed", "tiny", "--ladder"])
    out = capsys.readouterr().out
    assert "The ladder: the stronger bot's win share (4 Clans)" in out
    header = next(line for line in out.splitlines() if line.startswith("map  ") and "hard" in line)
    assert header.split("  ")[0] == "map"
    row = out.splitlines()[-1].split()
    assert row[0] == "test_small" and row[1] == "1" and row[4] == "1"
    assert "Brackwater (0308)  71    8       $130,500    $180,910    13" in out


def test_each_start_shows_what_its_land_yields_in_money_and_in_goods() -> None:
    """Issue 28 (CC-GEN-07): on North America Portland's mountains yield money and New South
    Memphis's farmland food; a turn's yield within reach differs by less than a tenth in all
    (goods at their selling price, AMB-45, CC-RES-07), though the money alone differs threefold."""
    world = load_map("north_america")
    reach = land_reach(world)
    ruleset = load_ruleset()
    portland = balance_report.land_yield(world, reach, "1026", ruleset)
    memphis = balance_report.land_yield(world, reach, "3438", ruleset)
    assert portland[0] > 3 * memphis[0] and memphis[1] > 2 * portland[1]
    assert abs(sum(portland) - sum(memphis)) < 0.1 * sum(memphis)


def test_a_start_below_half_its_share_is_counted_beside_what_chance_alone_would_give() -> None:
    """Issue 28 (CC-GEN-07): at 4 Clans a start that won 3 of 30 games or fewer is below half
    its share (12.5 %); an even start does so 3.7 % of the time (0.75^30 + … the binomial
    sum), more often with fewer games or more Clans, so four even starts leave 0.1 by chance."""
    assert balance_report.below_by_chance(30, 0.25) == pytest.approx(0.0374, abs=0.0005)
    assert 0.0 < balance_report.below_by_chance(30, 0.125) < balance_report.below_by_chance(
        10, 0.125)
    games = [_game(winner=index % 4) for index in range(30)]
    tally = balance_report.start_wins(games)
    assert tally["0101"] == (8, 30) and tally["0404"] == (7, 30)
    skewed = [_game(winner=0 if index < 27 else 1 + index % 3) for index in range(30)]
    assert balance_report.below_half_text(4, skewed) == "3 (0.1)"
    assert balance_report.below_half_text(4, games) == "0 (0.1)"


def _game(winner: int) -> GameSummary:
    """A 4-Clan game's summary with only what the start tally reads: starts and the winner."""
    clans = tuple(ClanSummary(number=number, name=f"Clan {number}", level="normal",
                              popularity=0, hexes=0, cities=0, troops=0, money=0,
                              start=f"0{number + 1}0{number + 1}")
                  for number in range(4))
    return GameSummary(map="test_small", seed="tally", game_turns=20, ended_by="victory",
                       winner=winner, winners=(winner,), victory_threshold=200, clans=clans,
                       counts={}, best_popularity=(), sheet_problems=0)


def test_a_set_of_starts_is_measured_without_editing_the_map(
        capsys: pytest.CaptureFixture[str]) -> None:
    """CC-GEN-07: `--starts` deals the starts given instead of the map's (how a map author
    measures a set before naming it); a hex that holds no minor city is refused by name."""
    balance_report.main(["--maps", "test_small", "--clans", "2", "--games", "2",
                         "--turns", "2", "--seed", "tiny", "--starts", "0402,1307"])
    out = capsys.readouterr().out
    assert "Ardmoor (0402)" in out and "Dunmarch (1307)" in out
    assert "Brackwater" not in out and "Eastreach" not in out
    assert not load_map("test_small").starts  # the map file is left as it was
    with pytest.raises(SystemExit):
        balance_report.main(["--maps", "test_small", "--clans", "2", "--starts", "0402,0706"])
    assert "starts.2: 0706 holds no minor city of the map" in capsys.readouterr().err
