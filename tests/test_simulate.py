"""`conquest simulate`: whole bot games headless, the same results whatever the number of jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conquest_tui.cli import main
from conquest_tui.session import Session

RUN = ["simulate", "--map", "test_small", "--clans", "4", "--turns", "3", "--seed", "s",
       "--games", "4"]


def _lines(capsys: pytest.CaptureFixture[str], *extra: str) -> list[str]:
    capsys.readouterr()
    assert main([*RUN, *extra, "--json"]) == 0
    return capsys.readouterr().out.splitlines()


def test_json_lines_do_not_depend_on_the_number_of_jobs(
        capsys: pytest.CaptureFixture[str]) -> None:
    one = _lines(capsys, "--jobs", "1")
    two = _lines(capsys, "--jobs", "2")
    assert len(one) == 4
    assert one == two
    games = [json.loads(line) for line in one]
    assert [game["seed"] for game in games] == ["s-1", "s-2", "s-3", "s-4"]
    for game in games:
        assert game["map"] == "test_small"
        assert game["ended_by"] in ("victory", "turn_limit")
        assert 1 <= game["game_turns"] <= 3
        assert len(game["clans"]) == 4
        assert {"number", "name", "level", "popularity", "hexes", "cities", "troops",
                "money"} <= set(game["clans"][0])
        assert {"battles", "cities_captured", "hexes_captured", "plague_cured", "espionage",
                "messages"} <= set(game["counts"])
        assert game["winner"] is None or game["winner"] in [c["number"] for c in game["clans"]]


def test_levels_per_seat_and_kept_saves_open_in_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["simulate", "--map", "test_small", "--clans", "2", "--turns", "2", "--seed",
                 "k", "--levels", "hard,easy", "--save-dir", str(tmp_path), "--json"]) == 0
    game = json.loads(capsys.readouterr().out)
    assert sorted(clan["level"] for clan in game["clans"]) == ["easy", "hard"]
    table = Session.open(tmp_path / "game-001.json")
    assert table.referee().game.state.finished
    assert {clan.bot_level for clan in table.referee().game.state.clans} == {"easy", "hard"}


def test_the_table_sums_the_games_up(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["simulate", "--map", "test_small", "--clans", "2", "--turns", "2", "--seed",
                 "t", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "Bot games" in out
    assert "2 games on test_small: median length 2 game turns" in out


@pytest.mark.parametrize(("words", "said"), [
    (["--levels", "hard,normal"], "--levels gives 2 levels for 4 Clans"),
    (["--map", "nowhere"], "nowhere"),
    (["--games", "0"], "1 or more"),
])
def test_bad_requests_are_one_sentence(words: list[str], said: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["simulate", "--clans", "4", *words]) != 0
    err = capsys.readouterr().err
    assert said in err
    assert "internal error" not in err


def test_each_real_map_has_its_own_calibrated_victory_threshold_amb_57() -> None:
    """AMB-57: a real map's default threshold is its own for each number of Clans from 2 to 8
    (as many as the map takes; bot games at normal end by victory around game turn 22); more
    Clans than the table lists take its last number's; a map without one keeps the rulebook's
    formula."""
    from conquest_tui.engine.play.setup import default_victory_threshold
    from conquest_tui.storage.map_loader import load_map
    from conquest_tui.storage.rules_loader import load_ruleset

    rules = load_ruleset()
    popularity = rules.popularity
    for name in ("british_isles", "europe", "north_america", "oceania"):
        world = load_map(name)
        table = popularity.victory_threshold_by_map[name]
        most = min(8, world.max_players)
        assert sorted(int(clans) for clans in table) == list(range(2, most + 1))
        for clans in range(2, most + 1):
            assert 150 < default_victory_threshold(rules, world, clans) < 450
            assert default_victory_threshold(rules, world, clans) == table[str(clans)]
        assert (default_victory_threshold(rules, world, world.max_players)
                == table[str(most)])
    small = load_map("test_small")
    people = sum(site.population for site in small.cities) / popularity.population_divisor
    formula = popularity.victory_base + round(
        popularity.victory_factor * (small.land_hex_count() + people) / 4)
    assert default_victory_threshold(rules, small, 4) == formula


def test_the_table_is_readable_at_80_columns() -> None:
    """Issue 27: on an 80-column terminal every figure and the winner's words show whole (two
    tables instead of one collapsed to dots); a wide terminal keeps one row a game."""
    import io

    from rich.console import Console

    from conquest_tui.simulation import cli_output
    from conquest_tui.simulation.jobs import game_specs, run_games

    specs = game_specs(map_name="test_small", clans=2, turns=2, seed="w", games=2,
                       levels=["normal", "hard"], threshold=None, save_dir="")
    summaries = run_games(specs, 1)
    out = io.StringIO()
    cli_output.print_table(summaries, Console(file=out, width=80, color_system=None))
    text = out.getvalue()
    assert "…" not in text and max(map(len, text.splitlines())) <= 80
    for summary in summaries:
        assert summary.seed in text
        assert all(word in text.split() or word in text
                   for word in cli_output.winner_text(summary).split())
    for heading in ("Winner", "Battles", "Espionage", "Messages", "Refused"):
        assert heading in text
    wide = io.StringIO()
    cli_output.print_table(summaries, Console(file=wide, width=200, color_system=None))
    assert "What happened" not in wide.getvalue() and "Refused lines" in wide.getvalue()
